"""The club archive's setting in a club's configuration: the ``[club]`` table of gt.toml.

``name = "Club de Lugo"`` titles the league site, ``lang = "es"`` chooses its language
(:data:`SITE_LANGUAGES`; English by default), ``[club.aliases]`` lists a player's other
spellings, and ``keep = ["2024/05/night.gtl"]`` names the records the club chose where records
of the same moves disagree (:mod:`gtcli.club.once`: a conflict, counted only once chosen). Registered like a game's settings (:func:`gtcli.games.config_keys`); read by
``gt club`` (:mod:`gtcli.club.names` matches names through the aliases).
"""

from __future__ import annotations

from typing import Any

from gtcli.core.files.config import Bad, Key

MAX_ALIAS_NAMES = 5000  # [club.aliases]: players with aliases, and aliases per player
MAX_ALIASES = 100
MAX_NAME = 200
MAX_KEEP = 10_000  # [club] keep: records chosen, each a path of at most MAX_PATH characters
MAX_PATH = 1000
SITE_LANGUAGES = ("en", "es")  # the league site's languages (gtcli.club.site_words)
DEFAULT_TITLE = "Club league"


class ClubSettings(dict):
    """``[club]`` checked: the aliases as a mapping (name -> other spellings), with the site's
    ``title`` and ``lang`` beside them."""

    def __init__(self, aliases: dict | None = None, name: str | None = None, lang: str = "en",
                 keep: tuple[str, ...] = ()) -> None:
        super().__init__(aliases or {})
        self.name, self.lang, self.keep = name, lang, keep

    @property
    def title(self) -> str:
        return self.name or DEFAULT_TITLE

    def to_json(self) -> dict:
        return {"name": self.name, "lang": self.lang, "aliases": {k: list(v) for k, v in self.items()},
                "keep": list(self.keep)}


def club_settings(value: object) -> ClubSettings:
    """The ``[club]`` setting in force (a config's value, or nothing set: the defaults)."""
    return value if isinstance(value, ClubSettings) else ClubSettings(dict(value or {}))


KNOWN = ("name", "lang", "aliases", "keep")


def _club(_setting: Key, value: Any, bad: Bad) -> ClubSettings:
    """``[club]``: ``name`` (the site's title), ``lang`` (its language) and ``aliases``, a table of a
    player's name -> the other spellings of it (a list, or one text). Returned as a
    :class:`ClubSettings` ({name: aliases}, each alias belonging to one name)."""
    from gtcli.core.text import CONTROL, did_you_mean, fold

    if not isinstance(value, dict) or set(value) - set(KNOWN):
        extra = sorted(set(value) - set(KNOWN)) if isinstance(value, dict) else []
        hint = did_you_mean(extra[0], KNOWN) if extra else None
        raise bad("CFG003", f"[club] holds name, lang, keep and an [club.aliases] table"
                  f"{f', not {extra[0]!r}' if extra else ''}"[:200],
                  hint or 'name = "Club de Lugo", lang = "es", then [club.aliases] with lines such as '
                          'Ana = ["Anita", "A. Pérez"]')
    title = value.get("name")
    if title is not None and (not isinstance(title, str) or not title.strip() or len(title) > MAX_NAME
                              or CONTROL.search(title)):
        raise bad("CFG003", f"club.name is the league's name: a text of 1 to {MAX_NAME} characters",
                  'name = "Club de Lugo"')
    lang = value.get("lang", "en")
    if lang not in SITE_LANGUAGES:
        raise bad("CFG003", f"club.lang {str(lang)[:20]!r} is not a language of the league site",
                  f"languages: {', '.join(SITE_LANGUAGES)}")
    keep = value.get("keep", [])
    if not isinstance(keep, list) or len(keep) > MAX_KEEP or any(
            not isinstance(p, str) or not p.strip() or len(p) > MAX_PATH or CONTROL.search(p) for p in keep):
        raise bad("CFG003", f"club.keep is a list of at most {MAX_KEEP} paths of records, relative to the archive",
                  'keep = ["2024/05/night.gtl"] (the record the club counts where records of one game disagree)')
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
    return ClubSettings(found, title.strip() if title else None, lang,
                        tuple(p.strip().replace("\\", "/").removeprefix("./") for p in keep))


KEYS = (
    Key("club", "gt club's settings: name (the league site's title), lang (its language: en, es), "
        "keep = [\"path\", ...] (the records the club counts where records of one game disagree), "
        "[club.aliases] name = [\"other spelling\", ...]", _club,
        {"name": None, "lang": "en", "aliases": {}, "keep": []}, "no name (\"Club league\"), English, no aliases"),
)
