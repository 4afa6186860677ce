"""Grand Tribunal: its rules, its two languages, its files, its scoresheet and live play.

Importing the package registers with the core what the core must know of the game without
importing it (docs/architecture.md, "Adding a game"): its diagnostic codes
(:mod:`gtcli.grand_tribunal.codes`) and the kinds of file it reads back after saving them,
with their limits (a log, a card file). :mod:`gtcli.games` names the package.
"""

from gtcli.core.files.reading import register_read_back
from gtcli.grand_tribunal import codes  # noqa: F401 -- registers the game's codes with the core


def _log_limits():
    from gtcli.grand_tribunal.lang.logs.check import MAX_LOG_BYTES
    from gtcli.grand_tribunal.lang.syntax import check_budget

    return MAX_LOG_BYTES, lambda text, shown: check_budget(text, "transcript", shown)


def _card_limits(what: str):
    def limits():
        from gtcli.grand_tribunal.lang.cards.sets import MAX_FILE_BYTES
        from gtcli.grand_tribunal.lang.syntax import check_budget

        return MAX_FILE_BYTES, (lambda text, shown: check_budget(text, "cards", shown)) if what == "card file" else None

    return limits


register_read_back("log", _log_limits)
for _what in ("card file", "translation", "export"):
    register_read_back(_what, _card_limits(_what))
