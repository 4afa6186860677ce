"""The game itself: vocabulary, rule profiles, Tribunal scoring and game state.

Everything here is pure: no files, no printing, no parser. The shell (``gtcli.cli``)
and the languages (``gtcli.grand_tribunal.lang``) feed it plain dataclasses and render what it returns.
"""
