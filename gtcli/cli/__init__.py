"""The ``gt`` command line: the shell around the games.

:mod:`~gtcli.cli.main` is the ``gt`` group (every way out ends in one exit code); each
command is a module of :mod:`~gtcli.cli.commands`, loaded only when it is run;
:mod:`~gtcli.cli.terminal` renders for the terminal (the console, tables, findings,
prompts). Command modules import nothing heavy at module level (no rich, no lark), so
that ``gt --help`` starts instantly; the work is imported inside each command.
"""
