"""The club archive (``gt club``, docs/club.md): every checked game of a folder remembered.

:mod:`~gtcli.club.work` judges one file (a pure function, mapped by
:mod:`gtcli.core.executor`), :mod:`~gtcli.club.db` and :mod:`~gtcli.club.store` keep the
SQLite index, :mod:`~gtcli.club.index` brings it up to date, :mod:`~gtcli.club.stats`,
:mod:`~gtcli.club.ratings` (with :mod:`~gtcli.club.prediction`, its record by game) and
:mod:`~gtcli.club.report` answer questions, each game counted once (:mod:`~gtcli.club.once`),
:mod:`~gtcli.club.names` matches a player's spellings, :mod:`~gtcli.club.diff` compares two
records of a game, :mod:`~gtcli.club.export` writes tables and :mod:`~gtcli.club.site`
(with ``league``, its data, ``site_pages``, ``site_player``, ``site_words`` and ``site_games``)
the league site; :mod:`~gtcli.club.archive` checks the folder a command is given. It imports
the core and the games, never the CLI (:mod:`gtcli.cli.commands.club` is the command).

Importing the package registers its ``CLUB`` codes with the core; its setting
(``[club]``: name, lang, aliases) is :mod:`gtcli.club.settings` (:mod:`gtcli.games` names both).
"""

from gtcli.club import codes  # noqa: F401 -- registers CLUB with the core
