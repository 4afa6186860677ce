"""Grand Tribunal's two languages: card sets (:mod:`~.cards`, ``.gtc``) and game logs (:mod:`~.logs`, ``.gtl``).

What they share is here: the keyword tables in four languages (:mod:`~.keywords`), the
parsers built from ``grammar/`` (:mod:`~.loader`), syntax errors as ``SYN`` findings
(:mod:`~.syntax`), old spellings still read (:mod:`~.deprecated`) and player names
(:mod:`~.player_names`).
"""
