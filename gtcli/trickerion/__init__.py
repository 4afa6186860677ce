"""Trickerion – Legends of Illusion: the scoring a scorekeeper keeps at the table.

A second game on gtcli's shared core, in the same rooms as Grand Tribunal's:
:mod:`~gtcli.trickerion.rules` is the game alone (pure functions over small frozen
dataclasses: no file, no terminal, no parser), :mod:`~gtcli.trickerion.formats` reads and
writes its TOML files (a table file, a turn, a session), :mod:`~gtcli.trickerion.reports`
makes the JSON of ``gt trickerion``, and :mod:`~gtcli.trickerion.codes` holds its ``TRK``
codes. The commands are :mod:`gtcli.cli.commands.trickerion`; the rules in words are
docs/trickerion.md.

Importing the package registers its codes with the core (:mod:`gtcli.games` names it).
"""

from gtcli.trickerion import codes  # noqa: F401 -- registers TRK with the core
