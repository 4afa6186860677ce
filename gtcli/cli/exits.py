"""The exit codes of gt, in a module that imports nothing, so `gt --help` need not load more.

Documented in `gt --help`, the README and docs/security.md; :mod:`gtcli.cli.main` maps
every way a run ends to one of them.
"""

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNUSABLE, EXIT_BUG = 0, 1, 2, 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT: Ctrl-C
EXIT_HANGUP, EXIT_TERMINATED = 129, 143  # 128 + SIGHUP, + SIGTERM: a long command stopped (options.stops_on_signals)
EXIT_PIPE = 141  # 128 + SIGPIPE: whoever read the output stopped reading (`gt check ... | head`)
EXIT_CODES = (EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNUSABLE, EXIT_BUG, EXIT_HANGUP, EXIT_INTERRUPTED, EXIT_PIPE,
              EXIT_TERMINATED)
