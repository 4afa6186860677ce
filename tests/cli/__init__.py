"""Tests of gtcli.cli: the shell itself and commands through it."""
