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

__version__ = "0.1.0"
