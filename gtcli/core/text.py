"""Small text helpers shared by every room: name folding and "did you mean" hints."""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterable

# C0 control characters but tab and newline, DEL, and C1: what a terminal may obey
# (ESC starts colour, title and hyperlink sequences; U+009B is CSI on its own).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@functools.lru_cache(maxsize=8192)
def fold(name: str) -> str:
    """Fold a name for matching: case-insensitive, accent-insensitive, single spaces.

    Players type on phones and laptops with and without accents; "Bâton", "baton" and
    "BATON" must all mean the same thing. Cached: the interpreter folds the same few
    hundred card and player names again and again while replaying a log.
    """
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    cleaned = stripped.casefold().replace("_", " ").replace("-", " ")
    return " ".join(cleaned.split())


# "Did you mean" compares a name with every candidate (difflib, ~10 us each). A log from a
# stranger may name 100,000 different unknown cards; each costs a search over the whole
# set, a minute in all, for hints of which a hundred are ever shown. So the same question
# is answered from memory, and a run spends at most HINT_WORK comparisons; past that,
# hints are left out (the findings are not). :func:`new_run` starts a run's budget.
HINT_WORK = 200_000
_hint_work_left = HINT_WORK


def new_run() -> None:
    """Start a command's budget of "did you mean" work (gt's entry point calls this)."""
    global _hint_work_left
    _hint_work_left = HINT_WORK
    _closest.cache_clear()


def name_list(value: str) -> tuple[str, ...]:
    """``--players Ana, Ben ,Caro`` -> ("Ana", "Ben", "Caro"): names split on commas, blanks inside a
    name made single, empty parts dropped."""
    return tuple(" ".join(part.split()) for part in value.split(",") if part.strip())


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """Return a "did you mean X?" hint for the closest candidate, or None."""
    return _closest(name, tuple(dict.fromkeys(candidates)))


@functools.lru_cache(maxsize=4096)
def _closest(name: str, candidates: tuple[str, ...]) -> str | None:
    global _hint_work_left
    if _hint_work_left < len(candidates):
        return None
    _hint_work_left -= len(candidates)
    by_folded: dict[str, str] = {}
    for candidate in candidates:
        by_folded.setdefault(fold(candidate), candidate)
    close = difflib.get_close_matches(fold(name), list(by_folded), n=1, cutoff=0.6)
    if close:
        return f"did you mean {by_folded[close[0]]!r}?"
    return None


def one_of(candidates: Iterable[str], limit: int = 12) -> str:
    """A short human list of the accepted values."""
    items = list(candidates)
    shown = ", ".join(items[:limit])
    return shown + (", ..." if len(items) > limit else "")


def article(noun: str) -> str:
    """"a" or "an" for a noun, for messages like "an item has no 'category'"."""
    return "an" if noun[:1].lower() in "aeiou" else "a"


def pick(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate that ``name`` folds to (case, accents and spacing ignored), or None.

    One way to match a typed name against known ones (players, seats) for every reader,
    so "ana", "Ána" and "ANA" find "Ana" wherever a name is looked up.
    """
    folded = fold(name)
    return next((c for c in candidates if fold(c) == folded), None)


def unknown_hint(name: str, candidates: Iterable[str], label: str) -> str:
    """The hint for a name that matched nothing: "did you mean X?", else the list of ``label``."""
    candidates = list(candidates)
    return did_you_mean(name, candidates) or f"{label}: {one_of(candidates)}"


def repeated(names: Iterable[str]) -> str | None:
    """The first name given twice (compared as :func:`fold` does), or None."""
    seen: set[str] = set()
    for name in names:
        if fold(name) in seen:
            return name
        seen.add(fold(name))
    return None


def control_at(text: str, newlines: bool = True) -> int | None:
    """The index of the first control character in ``text`` (tab always allowed), or None.

    ``newlines=False`` for one-line text (names): a newline counts as a control character.
    """
    match = CONTROL.search(text)
    first = match.start() if match else None
    if not newlines and "\n" in text:
        at = text.index("\n")
        first = at if first is None else min(first, at)
    return first


def codepoint(char: str) -> str:
    """``U+001B`` for a character, to name an invisible one in a message."""
    return f"U+{ord(char):04X}"
