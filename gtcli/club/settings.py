"""The club archive's setting in a club's configuration: ``[club.aliases]``, a player's other spellings.

Registered like a game's settings (:func:`gtcli.games.config_keys`); read by ``gt club``
(:mod:`gtcli.club.names` matches names through it).
"""

from __future__ import annotations

from typing import Any

from gtcli.core.files.config import Bad, Key

MAX_ALIAS_NAMES = 5000  # [club.aliases]: players with aliases, and aliases per player
MAX_ALIASES = 100
MAX_NAME = 200


def _club(_setting: Key, value: Any, bad: Bad) -> dict[str, tuple[str, ...]]:
    """``[club]``: only ``aliases``, a table of a player's name -> the other spellings of it
    (a list, or one text). Returned as {name: aliases}; each alias belongs to one name."""
    from gtcli.core.text import CONTROL, fold

    if not isinstance(value, dict) or set(value) - {"aliases"}:
        extra = sorted(set(value) - {"aliases"}) if isinstance(value, dict) else []
        raise bad("CFG003", f"[club] holds only an [club.aliases] table{f', not {extra[0]!r}' if extra else ''}"[:200],
                  'write [club.aliases] then lines such as Ana = ["Anita", "A. Pérez"]')
    aliases = value.get("aliases", {})
    if not isinstance(aliases, dict) or len(aliases) > MAX_ALIAS_NAMES:
        raise bad("CFG003", f"club.aliases is a table of at most {MAX_ALIAS_NAMES} names, each with its other "
                  "spellings", 'Ana = ["Anita", "A. Pérez"]')

    def name_problem(text: Any) -> bool:
        return not isinstance(text, str) or not text.strip() or len(text) > MAX_NAME or CONTROL.search(text) is not None

    owner: dict[str, str] = {}
    found: dict[str, tuple[str, ...]] = {}
    for name, others in aliases.items():
        others = [others] if isinstance(others, str) else others
        if name_problem(name) or not isinstance(others, list) or len(others) > MAX_ALIASES \
                or any(name_problem(o) for o in others):
            raise bad("CFG003", f"club.aliases: {name!r} takes a list of at most {MAX_ALIASES} names, each a "
                      f"non-empty text of at most {MAX_NAME} characters"[:300])
        for spelling in [name, *others]:
            key = fold(spelling.strip())
            if owner.get(key, name) != name:
                raise bad("CFG003", f"club.aliases: {spelling!r} is given for both {owner[key]!r} and {name!r}"[:300],
                          "a spelling can stand for one player only")
            owner[key] = name
        found[name.strip()] = tuple(o.strip() for o in others)
    return found


KEYS = (
    Key("club", "gt club's settings: [club.aliases] name = [\"other spelling\", ...]", _club, {"aliases": {}},
        "no aliases"),
)
