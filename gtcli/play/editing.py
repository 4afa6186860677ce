"""Pure text edits of a game log that ``gt play`` makes: add to the end, take the end back.

The live session never holds a second copy of the game: the log text *is* the state.
These functions take the text (and its parsed :class:`~gtcli.rules.log.Log`) and return
the new text; they never touch a file. Everything the session writes is in the layout
``gt fmt`` writes, so a game played live is already tidy.
"""

from __future__ import annotations

from gtcli.diagnostics import Pos
from gtcli.rules import log as L


def offset(text: str, pos: Pos) -> int:
    """The index in ``text`` of a 1-based line and column."""
    if pos.line is None:
        return len(text)
    start = 0
    for _ in range(pos.line - 1):
        found = text.find("\n", start)
        if found < 0:
            return len(text)
        start = found + 1
    return start + (pos.col or 1) - 1


def line_start(text: str, pos: Pos) -> int:
    return offset(text, Pos(pos.path, pos.line, 1))


def _end(text: str) -> str:
    return text.rstrip() + "\n"


def append_lines(text: str, lines: list[str], blank_before: bool = False) -> str:
    """``lines`` after the text, with one blank line before them if asked (a new Tribunal)."""
    return _end(text) + ("\n" if blank_before else "") + "\n".join(lines) + "\n"


def replace_tail(text: str, start: int, lines: list[str]) -> str:
    """Everything from ``start`` on replaced by ``lines`` (the open turn, rewritten)."""
    head = _end(text[:start]) if text[:start].strip() else ""
    return head + "\n".join(lines) + "\n"


def setup_start(text: str, log: L.Log) -> int | None:
    """Where the setup block starts (its keyword's line), or None without a setup."""
    return line_start(text, log.setup.pos) if log.setup is not None and log.setup.pos.line else None


def cut_last(text: str, log: L.Log, writer) -> tuple[str, str] | None:
    """Take back the log's last entry: (new text, what was taken back), or None if nothing can go.

    The last entry is the last move of the last turn (the turn is rewritten without it,
    or removed with the round and Tribunal lines that only opened it), a ``scores`` or
    ``winner`` line, or, before play starts, the last line of the setup.
    """
    events = log.events
    if not events:
        if log.setup is None:
            return None
        lines = text.rstrip().split("\n")
        if len(lines) <= (log.setup.pos.line or 0):
            return None  # only the `setup` keyword is left
        return "\n".join(lines[:-1]) + "\n", lines[-1].strip()
    last = events[-1]
    if isinstance(last, L.Turn) and len(last.moves) > 1:
        start = offset(text, last.pos)
        kept = L.Turn(last.player, last.moves[:-1], last.pos)
        return replace_tail(text, start, [writer.turn(kept)]), f"{last.player.text}: {writer.move(last.moves[-1])}"
    cut = offset(text, last.pos) if isinstance(last, L.Turn) else line_start(text, last.pos)
    taken = text[cut:].strip()
    if isinstance(last, L.Turn):
        # the round / Tribunal lines just before a turn were written with it: they go too
        for event in reversed(events[:-1]):
            if not isinstance(event, (L.RoundStart, L.TribunalStart)):
                break
            cut = line_start(text, event.pos)
    return _end(text[:cut]) if text[:cut].strip() else "", taken
