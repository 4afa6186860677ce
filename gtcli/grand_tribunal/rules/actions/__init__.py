"""One function per move of a log: each checks the move against the state and applies it.

The functions report through the :class:`~gtcli.grand_tribunal.rules.replay.Referee` (``ref``) with the
rule ID as code and the state that makes the move illegal in the message, then repair
the state as a careful scorekeeper would, so the replay can go on.

By family: :mod:`~.moves` hands each move to its function; :mod:`~.votes`, :mod:`~.draws`,
:mod:`~.sanctum` (advance, activate, install), :mod:`~.casting` (cast, play: a card's effect,
run by :mod:`gtcli.grand_tribunal.rules.effects_run`), :mod:`~.sources` (extract, gather),
:mod:`~.hand` and :mod:`~.records` are the moves; :mod:`~.setup` the log's setup section;
:mod:`~.cards`, :mod:`~.vis` and :mod:`~.slots` what they share (which card a move names,
Vis changing hands, a turn's action slots).
"""
