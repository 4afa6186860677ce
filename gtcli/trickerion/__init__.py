"""Trickerion – Legends of Illusion: the scoring a scorekeeper keeps at the table.

A second game on gtcli's shared pieces. Like :mod:`gtcli.grand_tribunal.rules` for Grand Tribunal,
this package is the game alone: pure functions over small frozen dataclasses, no file,
no terminal, no parser. Reading files is :mod:`gtcli.trickerion.formats.table_file`; the
commands are :mod:`gtcli.cli.commands.trickerion`; the rules in words are docs/trickerion.md.
"""
