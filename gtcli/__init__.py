"""gtcli: the scorekeeper's tool and rules language for the board game Grand Tribunal.

The package is split in rooms (docs/architecture.md):

* ``gtcli.core``            -- what every game uses, knowing no game: diagnostics and codes,
  the safe-file layer, Lark machinery, page chrome, the executor.
* ``gtcli.grand_tribunal``  -- the first game: its rules, languages, files and live play.
* ``gtcli.trickerion``      -- the second game, in the same rooms.
* ``gtcli.club``, ``gtcli.balance`` -- the club archive and the balance lab.
* ``gtcli.games``           -- the registration: which games there are, what each adds.
* ``gtcli.cli``             -- the shell: Click commands and terminal rendering.
"""

from __future__ import annotations

__version__ = "0.1.0"

# The modules an optional compiled build makes C extensions of, with Cython, from this very source
# (setup.py; README "Performance"). Each that was compiled is imported instead of its .py file.
# Only the quick reader of logs: compiled, it reads a corpus game in 8 % fewer instructions (15.2 M
# instead of 16.5 M; check_file 37.8 M instead of 39.1 M). The LALR parse's modules (fast_lalr,
# scanning, logs.ast), compiled until the quick reader came, now run only on the logs it declines
# (syntax errors, where Lark parses again anyway): compiled, they bought nothing measurable on the
# corpus and were dropped (benchmarks/bench_parse.py; docs/performance.md, issue 32).
HOT_MODULES = ("gtcli.grand_tribunal.lang.logs.quick", "gtcli.balance.sources", "gtcli.balance.stats", "gtcli.balance.uses", "gtcli.balance.kept", "gtcli.balance.bots")


def build(root: str | None = None) -> str:
    """Which build is installed: "compiled" (every module of :data:`HOT_MODULES` a C extension),
    "pure Python", or "partly compiled (K of N modules)". Looks at files only (in ``root``, the
    folder holding the package), imports nothing."""
    import os
    from importlib.machinery import EXTENSION_SUFFIXES

    root = root or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    compiled = 0
    for name in HOT_MODULES:
        base = os.path.join(root, *name.split("."))
        compiled += any(os.path.exists(base + suffix) for suffix in EXTENSION_SUFFIXES)
    if compiled == len(HOT_MODULES):
        return "compiled"
    return "pure Python" if not compiled else f"partly compiled ({compiled} of {len(HOT_MODULES)} modules)"
