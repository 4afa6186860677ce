"""The game itself: vocabulary, rule profiles, Tribunal scoring, game state and the referee.

Everything here is pure: no files, no printing, no parser. The shell (``gtcli.cli``)
and the languages (:mod:`gtcli.grand_tribunal.lang`) feed it plain dataclasses and render
what it returns.
"""
