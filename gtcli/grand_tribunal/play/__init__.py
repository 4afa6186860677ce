"""``gt play``: the live table assistant. The log is written and checked as the game is played.

:mod:`~gtcli.grand_tribunal.play.session` is the engine (no terminal I/O), :mod:`~gtcli.grand_tribunal.play.editing`
the pure text edits of the log, :mod:`~gtcli.grand_tribunal.play.dice` the contested-source die, and
:mod:`~gtcli.grand_tribunal.play.typing_help` what the prompt can offer (help lines, tab completion).
The prompt itself lives in :mod:`gtcli.cli.play_prompt` (what it shows: :mod:`gtcli.cli.terminal.play`).

Bots play too: :mod:`~gtcli.grand_tribunal.play.bots` and :mod:`~gtcli.grand_tribunal.play.greedy` choose moves that the
referee checks, :mod:`~gtcli.grand_tribunal.play.simulation` plays whole games for ``gt simulate`` and
:mod:`~gtcli.grand_tribunal.play.summary` reads a finished game's balance figures.
"""
