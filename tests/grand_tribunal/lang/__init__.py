"""Tests of gtcli.grand_tribunal.lang."""
