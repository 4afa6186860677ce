"""gtcli: the scorekeeper's tool and rules language for the board game Grand Tribunal.

The package is split in rooms:

* ``gtcli.grand_tribunal.rules`` -- the game itself: pure data and functions, no I/O.
* ``gtcli.grand_tribunal.lang``   -- Lark grammars, their loaders and transformers.
* ``gtcli.core.files`` -- reading and (atomically) writing TOML files.
* ``gtcli.cli``   -- Click commands and rich rendering.
"""

__version__ = "0.1.0"
