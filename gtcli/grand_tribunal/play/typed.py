"""A line typed at ``gt play``, read before anything is checked: the session's answer to a line
(:class:`Reply`), whose move the line is (``Ben: vote staff``), a setup line or a line the
session writes itself, the moves parsed (a syntax error at a card typed without quotes hinted
with the move quoted, ready to type), and a new log's first lines (:func:`new_game_text`).

Pure functions of the line and what the game knows (its language, seats and card names); the
engine that checks and saves what they give is :mod:`gtcli.grand_tribunal.play.session`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from gtcli.core.diagnostics import Diagnostic, InputError, Pos
from gtcli.core.text import did_you_mean, fold, one_of
from gtcli.grand_tribunal.lang.keywords import KEYWORDS, tag_spelling
from gtcli.grand_tribunal.lang.logs.check import parse_log
from gtcli.grand_tribunal.rules import log as L

SETUP_KEYWORDS = ("HAND", "ROW", "VIS", "TRACKERS")
WRITTEN_FOR_YOU = ("TRIBUNAL", "ROUND", "SCORES", "WINNER", "SETUP")
_PLAYER_PREFIX = re.compile(r"^\s*([^\W\d_][\w'-]*)\s*:(.*)$", re.S)
TYPED = "<typed>"


@dataclass
class Reply:
    """What the session answers to one line."""

    accepted: bool
    message: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)  # file -> text, for carets under diagnostics
    tribunal_due: bool = False  # the Tribunal must be scored before this can go on
    rolled: list[int] = field(default_factory=list)
    outside: list[str] | None = None  # what changed in the file outside gt play (see refresh)
    unwritten: list[str] = field(default_factory=list)  # accepted lines a refused save left out (flush)


def _words(keyword: str, lang: str) -> set[str]:
    return {fold(w) for code in {lang, "en"} for w in KEYWORDS[keyword].get(code, ())}


def written_for_you(line: str, lang: str) -> bool:
    """A Tribunal, round, scores, winner or setup line: the session writes those itself."""
    first = fold(line.split()[0])
    return any(first in _words(k, lang) for k in WRITTEN_FOR_YOU)


def is_setup_line(line: str, lang: str, seats: tuple[str, ...]) -> bool:
    words = line.split()
    if fold(words[0]) in {w for k in SETUP_KEYWORDS for w in _words(k, lang)}:
        return True
    return len(words) == 2 and fold(words[0]) in _words("PRAECO", lang) and seat_of(words[1], seats) is not None


def seat_of(name: str, seats: tuple[str, ...]) -> str | None:
    """The seated player called ``name`` (any case or accents), or None."""
    return next((s for s in seats if fold(s) == fold(name)), None)


def player_hint(name: str, seats: tuple[str, ...]) -> str:
    return did_you_mean(name, seats) or f"players: {one_of(seats)}"


def split_player(line: str, seats: tuple[str, ...]) -> tuple[str | None, str, Reply | None]:
    """``Ben: vote staff`` -> ("Ben", "vote staff"); a line without a name is for the current player."""
    match = _PLAYER_PREFIX.match(line)
    if not match:
        return None, line, None
    name, body = match.group(1), match.group(2).strip()
    seat = seat_of(name, seats)
    if seat is None:
        return None, body, Reply(False, f"{name!r} is not a player of this game; {player_hint(name, seats)}")
    if not body:
        return None, body, Reply(False, f"type {seat}'s move after the name: {seat}: MOVE")
    return seat, body, None


def typed_moves(player: str, body: str, language: str, card_names: dict[str, str]) -> tuple[L.Move, ...] | Reply:
    """The moves of ``player``'s line ``body``, with no place in the log yet; a refusal if it is not one turn's."""
    typed = f"{player}: {body}\n"
    try:
        parsed = parse_log(typed, TYPED, language)
    except InputError as exc:
        return Reply(False, diagnostics=[unquoted(d, typed, language, card_names) for d in exc.diagnostics],
                     sources={TYPED: typed})
    if len(parsed.events) != 1 or not isinstance(parsed.events[0], L.Turn):
        return Reply(False, "type the moves of one player's turn, separated by ';'")
    return tuple(replace(m, pos=Pos()) for m in parsed.events[0].moves)  # new: no place in the log yet


def unquoted(d: Diagnostic, typed: str, language: str, card_names: dict[str, str]) -> Diagnostic:
    """A syntax error at a card of the set typed without quotes (``sanctum Kindle``): the hint
    is the move with its card names quoted, ready to type (not a keyword that looks alike)."""
    from gtcli.grand_tribunal.lang.logs.slips import quote_cards

    if d.code != "SYN001" or d.line != 1 or not d.col:
        return d

    def stop_of(line: str) -> int | None:
        try:
            parse_log(line + "\n", TYPED, language)
        except InputError as exc:
            e = exc.diagnostics[0]
            return e.col - 1 if e.code == "SYN001" and e.line == 1 and e.col else None
        return None

    line = typed.rstrip("\n")
    mended = quote_cards(line, card_names, stop_of)
    word = line[d.col - 1:].split()[0] if line[d.col - 1:].strip() else ""
    if mended == line:  # no card of the set there: perhaps one misspelt
        close = "double quotes" in d.message and did_you_mean(word, card_names.values())
        return replace(d, hint=f"{d.hint}; {close}") if close else d
    return replace(d, message=f"unexpected {word!r}: card names go in double quotes", hint=f"type: {mended}")


# ---- a new log ------------------------------------------------------------------------------------------
def new_game_text(players: tuple[str, ...], cards: str, board: str | None, profile: str | None,
                  variants: tuple[str, ...], lang: str, event: str | None, date: str | None) -> str:
    """The first lines of a new log: header tags in the log's language, then ``setup``."""
    from gtcli.grand_tribunal.lang.keywords import spelling

    tags = []
    for tag, value in (("event", event), ("date", date), ("players", ", ".join(players)), ("cards", cards),
                       ("board", board), ("profile", profile), ("variants", ", ".join(variants) or None),
                       ("language", lang if lang != "en" else None)):
        if value:
            tags.append(f'[{tag_spelling(tag, lang)} "{value}"]')
    return "\n".join(tags) + "\n\n" + spelling("SETUP", lang) + "\n"


def as_tag(spec: str, folder: Path) -> str:
    """A card set / board / profile path as the log's header should say it (relative to the log)."""
    from gtcli.grand_tribunal.lang.logs.check import SAMPLE_NAMES

    if fold(spec) in SAMPLE_NAMES or not Path(spec).exists():
        return spec
    return os.path.relpath(Path(spec).resolve(), folder)
