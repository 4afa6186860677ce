"""Tests of gtcli.grand_tribunal.rules."""
