"""Which names a game log can hold as a player's: one word, and not a keyword.

A log writes players as bare words (``Ana: vote staff``), so a name of two words or one
the log's language uses as a keyword (``round``, ``ronda``) could never be read back.
``gt play --new`` checks the names it is given here, before it writes a log.
"""

from __future__ import annotations

import re

from gtcli.core.diagnostics import Diagnostic
from gtcli.core.text import fold
from gtcli.grand_tribunal.lang.keywords import KEYWORDS, words

NAME = re.compile(r"[^\W\d_][\w'-]*\Z")  # the grammar's NAME (grammar/transcript.lark)


def name_problem(name: str, lang: str) -> Diagnostic | None:
    """Why ``name`` cannot be a player in a log written in ``lang``, or None."""
    if not NAME.match(name):
        one_word = "-".join(re.findall(r"[^\W_][\w']*", name)).lstrip("0123456789-") or "Ana"
        return Diagnostic("S1", f"{name!r} cannot be a player's name in a log: a name is one word "
                          "(letters and digits, ' and -), starting with a letter",
                          hint=f"write it as one word: {one_word}")
    folded = fold(name)
    for keyword in KEYWORDS:
        if folded in {fold(w) for w in words(keyword, lang)}:
            return Diagnostic("S1", f"{name!r} cannot be a player's name in a log: it is a keyword "
                              f"of the log's language ({lang})", hint=f"add an initial: {name}A")
    return None
