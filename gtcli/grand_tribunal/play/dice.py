"""The contested-source die (A11): a six-sided die where 1 and 6 are rolled again."""

from __future__ import annotations

import random
import re

from gtcli.grand_tribunal.lang.keywords import KEYWORDS


def roll(rng: random.Random) -> int:
    """One recorded roll: 2 to 5, since 1 and 6 are rerolled."""
    while True:
        value = rng.randint(1, 6)
        if value not in (1, 6):
            return value


# A die not rolled yet, for checking a line before its roll: the least roll, so a check with
# it refuses nothing that a real roll would allow (a roll only ever adds Vis). One
# character, like ``*``, so every column of a finding is where it is in the typed line.
PLACEHOLDER = 2


def _pattern(lang: str, players: tuple[str, ...], die: str) -> re.Pattern:
    """``die`` (``\\*`` or the placeholder) where a roll goes: after the roll keyword or a player's name."""
    words = {w for lang_key in {lang, "en"} for w in KEYWORDS["ROLL"].get(lang_key, ())}
    words |= set(players)
    names = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(r"(?i)(\b(?:%s))(\s+)%s(?=\s|,|;|$)" % (names, die))


def fill_rolls(line: str, lang: str, players: tuple[str, ...], rng: random.Random) -> tuple[str, list[int]]:
    """Replace each ``*`` written where a die roll goes with a roll of the tool's die.

    ``gather contested 3 roll *`` and ``... others Caro *, Dora *``: a ``*`` is a die only
    right after the roll keyword (in the log's language or English) or a player's name;
    anywhere else it is left alone and the parser reports it.
    """
    rolled: list[int] = []

    def one(match: re.Match) -> str:
        rolled.append(roll(rng))
        return f"{match.group(1)}{match.group(2)}{rolled[-1]}"

    return _pattern(lang, players, r"\*").sub(one, line), rolled


def before_rolls(line: str, lang: str, players: tuple[str, ...]) -> str | None:
    """What of ``line`` is checked before its dice are rolled (None if it has no ``*`` die).

    The line up to the end of the move that holds its last die (moves are separated by
    ``;`` outside quotes), each die written as :data:`PLACEHOLDER`. What follows that move
    may depend on what the die gives, so it is checked only with the real roll.
    """
    pattern = _pattern(lang, players, r"\*")
    last = None
    for last in pattern.finditer(line):
        pass
    if last is None:
        return None
    quoted, end = False, len(line)
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ";" and not quoted and i >= last.end():
            end = i
            break
    return pattern.sub(lambda m: f"{m.group(1)}{m.group(2)}{PLACEHOLDER}", line[:end])


def unfilled(text: str, lang: str, players: tuple[str, ...], die: str = str(PLACEHOLDER), since: int = 0) -> str:
    """``text`` with each die (the placeholder, or ``die``: a pattern of rolls) shown as the ``*``
    that was typed, in the same columns, from the line holding offset ``since`` on."""
    start = text.rfind("\n", 0, since) + 1
    return text[:start] + _pattern(lang, players, die).sub(lambda m: f"{m.group(1)}{m.group(2)}*", text[start:])
