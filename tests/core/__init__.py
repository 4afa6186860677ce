"""Tests of gtcli.core."""
