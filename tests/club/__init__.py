"""Tests of gtcli.club."""
