"""``gt play``: the live table assistant. The log is written and checked as the game is played.

:mod:`~gtcli.play.session` is the engine (no terminal I/O), :mod:`~gtcli.play.editing`
the pure text edits of the log, :mod:`~gtcli.play.dice` the contested-source die, and
:mod:`~gtcli.play.typing_help` what the prompt can offer (help lines, tab completion).
The prompt itself lives in :mod:`gtcli.cli.play_cmd`.

Bots play too: :mod:`~gtcli.play.bots` and :mod:`~gtcli.play.greedy` choose moves that the
referee checks, :mod:`~gtcli.play.simulation` plays whole games for ``gt simulate`` and
:mod:`~gtcli.play.summary` reads a finished game's balance figures.
"""
