"""Tests of gtcli.balance."""
