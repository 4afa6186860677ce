"""The shared core: what every game uses, knowing no game (docs/architecture.md).

Diagnostics and the code registry, text helpers and escaping, statistics, the executor;
:mod:`~gtcli.core.files` (the safe-file layer), :mod:`~gtcli.core.parsing` (Lark machinery
that knows no grammar), :mod:`~gtcli.core.html` (page chrome and charts). Nothing here
imports a game: what the core must know of one (its codes, its settings, the files it reads
back) the game registers (:mod:`gtcli.games`).
"""
