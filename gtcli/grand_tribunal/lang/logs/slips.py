"""The commonest slips in a log's moves, each told with the hint that fixes it.

Lark reports where the parse stopped, which for these slips is a word or a line later
than the slip and says what the grammar wanted there (``expected ':'``), not what the
scorekeeper meant. Each function here looks at the text before the parser stopped and,
if it recognises the slip, says where it is and how to write it:

- ``praeco staff orb wand``: the spaces after ``praeco`` are separated by commas (the
  parser took ``orb`` for the name of the next turn's player);
- ``sanctum Kindle``: a card's name goes in double quotes (``sanctum "Kindle"``).

Pure functions of the text; :func:`gtcli.grand_tribunal.lang.syntax.syntax_error` calls them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gtcli.core.text import fold
from gtcli.grand_tribunal.lang.keywords import KEYWORDS, words

WORD = r"[^\W\d_][\w'-]*"  # a NAME of the log grammar
LOOK_BACK = 2_000  # characters before the parser's stop searched for the slip (a move is a few dozen)


@dataclass(frozen=True)
class Slip:
    """A slip found: its place (an offset in the text), the message and the hint."""

    at: int
    message: str
    hint: str


def missing_comma(text: str, stop: int, lang: str) -> Slip | None:
    """``Ben: praeco staff orb wand``: a comma missing between two spaces of a praeco move.

    The grammar ends the move after ``staff`` and reads ``orb`` as the next turn's player,
    so it stops after ``orb`` (at ``wand``, or at the next line's name when ``orb`` ended
    the line). The slip is at the last word before ``stop`` when it follows the move's
    spaces with only white space between. A setup's ``praeco NAME`` (no ``:`` or ``;``
    before it) is not a move and is left to the parser's own message.
    """
    start = max(0, stop - LOOK_BACK)
    keyword = "|".join(re.escape(w) for w in sorted(words("PRAECO", lang), key=len, reverse=True))
    found = re.search(rf"[:;][ \t]*(?P<kw>{keyword})[ \t]+{WORD}(?:[ \t]*,[ \t]*{WORD})*[ \t]+(?P<word>{WORD})\s*\Z",
                      text[start:stop], re.IGNORECASE)
    if found is None:
        return None
    move_at = start + found.start("kw")
    end = min((i for i in (text.find(";", move_at), text.find("\n", move_at)) if i >= 0), default=len(text))
    spaces = re.split(r"[\s,]+", text[move_at:end].strip())[1:]
    if not spaces or not all(re.fullmatch(WORD, s) for s in spaces):
        return None
    kw = found.group("kw")
    return Slip(start + found.start("word"), f"a comma is missing before {found.group('word')!r}: "
                f"the spaces after {kw} are separated by commas", f"{kw} {', '.join(spaces)}")


def unquoted_card(text: str, stop: int, lang: str, keywords: list[str]) -> Slip:
    """``sanctum Kindle``: a word where a card's name (in double quotes) was expected.

    The hint quotes the words from ``stop`` up to a comma, a semicolon, the end of the line
    or a keyword of the grammar (``Storm Staff to hand`` -> ``"Storm Staff"``).
    """
    known = {fold(w) for keyword in keywords for w in words(keyword, lang)}
    run, at = [], stop
    while len(run) < 8 and (match := _NEXT_WORD.match(text, at)) and (not run or fold(match.group(1)) not in known):
        run.append(match.group(1))
        at = match.end()
    got = run[0] if run else text[stop:].split()[0]
    return Slip(stop, f"unexpected {got!r}: a card's name goes in double quotes", f'write "{" ".join(run) or got}"')


_NEXT_WORD = re.compile(rf"[ \t]*({WORD})")


def keyword_terminals(terminals) -> list[str]:
    """The keywords among a parser's terminals (the words :func:`unquoted_card` stops at)."""
    return [t.name for t in terminals if t.name in KEYWORDS]


def quote_cards(line: str, names: dict[str, str], stop_of) -> str:
    """``line`` with each card name the parser stopped at put in double quotes, as the set spells it.

    ``names`` maps a folded card name to its spelling (the session's card set); ``stop_of``
    gives the offset where a line's parse stops (None once it parses). The longest run of
    words there that names a card is quoted, and the line parsed again, a few times at most:
    ``sanctum Ashwood Staff, Kindle`` -> ``sanctum "Ashwood Staff", "Kindle"``. A run that
    names no card ends it (the line is returned as far as it was mended).
    """
    for _ in range(8):
        stop = stop_of(line)
        if stop is None:
            break
        run, at = [], stop
        while len(run) < 8 and (match := _NEXT_WORD.match(line, at)):
            run.append((match.group(1), match.end()))
            at = match.end()
        card = next(((names[fold(" ".join(w for w, _ in run[:n]))], run[n - 1][1]) for n in range(len(run), 0, -1)
                     if fold(" ".join(w for w, _ in run[:n])) in names), None)
        if card is None:
            break
        line = f'{line[:stop]}"{card[0]}"{line[card[1]:]}'
    return line
