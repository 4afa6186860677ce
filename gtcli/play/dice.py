"""The contested-source die (A11): a six-sided die where 1 and 6 are rolled again."""

from __future__ import annotations

import random
import re

from gtcli.dsl.keywords import KEYWORDS


def roll(rng: random.Random) -> int:
    """One recorded roll: 2 to 5, since 1 and 6 are rerolled."""
    while True:
        value = rng.randint(1, 6)
        if value not in (1, 6):
            return value


def fill_rolls(line: str, lang: str, players: tuple[str, ...], rng: random.Random) -> tuple[str, list[int]]:
    """Replace each ``*`` written where a die roll goes with a roll of the tool's die.

    ``gather contested 3 roll *`` and ``... others Caro *, Dora *``: a ``*`` is a die only
    right after the roll keyword (in the log's language or English) or a player's name;
    anywhere else it is left alone and the parser reports it.
    """
    words = {w for lang_key in {lang, "en"} for w in KEYWORDS["ROLL"].get(lang_key, ())}
    words |= set(players)
    pattern = re.compile(r"(?i)(\b(?:%s))(\s+)\*(?=\s|,|;|$)" % "|".join(re.escape(w) for w in sorted(words, key=len,
                                                                                                   reverse=True)))
    rolled: list[int] = []

    def one(match: re.Match) -> str:
        rolled.append(roll(rng))
        return f"{match.group(1)}{match.group(2)}{rolled[-1]}"

    return pattern.sub(one, line), rolled
