"""Tests of gtcli.trickerion."""
