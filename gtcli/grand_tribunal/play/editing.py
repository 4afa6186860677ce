"""Pure text edits of a game log that ``gt play`` makes: add to the end, take the end back.

The live session never holds a second copy of the game: the log text *is* the state.
These functions take the text (and its parsed :class:`~gtcli.grand_tribunal.rules.log.Log`) and return
the new text; they never touch a file. Everything the session writes is in the layout
``gt fmt`` writes, so a game played live is already tidy.

The file may have been annotated in an editor while the game goes on: every edit keeps
the comments it finds. The part of the log that is rewritten (the open turn, the setup
block) is laid out through :class:`~gtcli.core.parsing.comments.Layout`, which keeps each comment
beside what it annotates; comment lines after the last entry are left where they are;
a comment beside something taken back is kept (it stays in the file, on its own line).
"""

from __future__ import annotations

from collections.abc import Callable

from gtcli.core.diagnostics import Pos
from gtcli.core.parsing.comments import Layout, comment_start, texts
from gtcli.grand_tribunal.rules import log as L


def offset(text: str, pos: Pos) -> int:
    """The index in ``text`` of a 1-based line and column (the end of the text past its last line)."""
    if pos.line is None:
        return len(text)
    start = line_offset(text, pos.line)
    return len(text) if start is None else start + (pos.col or 1) - 1


def line_offset(text: str, line: int) -> int | None:
    """Where 1-based ``line`` starts in ``text`` (None past its end), counted from the nearer end:
    gt play edits the last lines of a long log, and must not walk through all of it each time."""
    if line <= 1:
        return 0
    newlines = text.count("\n")
    before = line - 1  # the newline that ends the line before is the before-th one
    if before > newlines:
        return None
    at = -1
    if before <= newlines - before:
        for _ in range(before):
            at = text.find("\n", at + 1)
    else:
        at = len(text)
        for _ in range(newlines - before + 1):
            at = text.rfind("\n", 0, at)
    return at + 1


def line_start(text: str, pos: Pos) -> int:
    return offset(text, Pos(pos.path, pos.line, 1))


def _end(text: str) -> str:
    return text.rstrip() + "\n"


def _code(line: str) -> str:
    """A line without its comment."""
    cut = comment_start(line)
    return line if cut is None else line[:cut]


def notes_start(text: str) -> int:
    """Where the closing run of blank and comment-only lines begins: just after the last
    line with something other than a comment on it (0 if there is none). Read from the end."""
    end = len(text)
    while True:
        start = text.rfind("\n", 0, end) + 1
        if _code(text[start:end]).strip():
            return min(end + 1, len(text))
        if start == 0:
            return 0
        end = start - 1


def code_of(text: str) -> str:
    """The entries written in ``text``, comments left out, on one line."""
    return " ".join(" ".join(_code(line).split()) for line in text.split("\n")).strip()


def _notes(text: str, end: int) -> str:
    """The closing comment lines from ``end`` on, as written (blank lines alone are dropped)."""
    rest = text[end:]
    return rest if rest.strip() else ""


def end_turn(text: str) -> str:
    """The text with one blank line after its last entry: the turn it ends in is over (:func:`ends_turn`)."""
    return _end(text) + "\n"


def ends_turn(text: str) -> bool:
    """Whether the log ends in a blank line (the turn it ends in is over): two line ends at
    least in the white space after its last word (read from the end: linear however long)."""
    return text[len(text.rstrip()):].count("\n") >= 2


def append_lines(text: str, lines: list[str], blank_before: bool = False) -> str:
    """``lines`` after the text, with one blank line before them if asked (a new Tribunal)."""
    return _end(text) + ("\n" if blank_before else "") + "\n".join(lines) + "\n"


def rewrite_from(text: str, pos: Pos, write: Callable[[Layout], None]) -> str:
    """The log from ``pos`` to its last entry written anew by ``write``, comments kept.

    ``write`` lays out the new entries into the :class:`Layout` it is given (entries read
    from ``text`` keep their positions, so their comments stay beside them; new ones have
    none and come after); comment lines after the last entry stay as they are.
    """
    start = offset(text, pos)
    end = max(notes_start(text), start)
    first = line_offset(text, pos.line) if pos.line is not None else None
    source = text[first:end] if first is not None else ""  # the comments before pos stay where they are
    out = Layout(source, start=pos, first_line=pos.line or 1)
    write(out)
    return _head(text, start) + out.text() + _notes(text, end)


def _head(text: str, start: int) -> str:
    """The text kept before ``start``: whole lines (an entry after others on its line starts a new one)."""
    line = text.rfind("\n", 0, start) + 1
    if not text[line:start].strip():
        return text[:line] if text[:line].strip() else ""
    return _end(text[:start])


def cut_from(text: str, start: int) -> str:
    """The log without everything from ``start`` to its last entry; the comments written
    there stay in the file, each on its own line."""
    end = max(notes_start(text), start)
    head = _end(text[:start]) if text[:start].strip() else ""
    return head + "".join(c + "\n" for c in texts(text[start:end])) + _notes(text, end)


def tidy_setup(text: str, log: L.Log, writer, drop_last: bool = False) -> str:
    """The setup block (the end of a log still in setup) laid out anew, optionally without its last line."""
    lines = writer.setup_lines(log.setup)
    lines = lines[:-1] if drop_last else lines
    return rewrite_from(text, log.setup.pos, lambda out: writer.setup_block(log.setup, out, lines))


def cut_last(text: str, log: L.Log, writer) -> tuple[str, str] | None:
    """Take back the log's last entry: (new text, what was taken back), or None if nothing can go.

    The last entry is the last move of the last turn (the turn is rewritten without it,
    or removed with the round and Tribunal lines that only opened it), a ``scores`` or
    ``winner`` line, or, before play starts, the last line of the setup.
    """
    events = log.events
    if not events:
        if log.setup is None or not writer.setup_lines(log.setup):
            return None  # only the `setup` keyword is left
        return tidy_setup(text, log, writer, drop_last=True), writer.setup_lines(log.setup)[-1][1].strip()
    last = events[-1]
    if isinstance(last, L.Turn) and len(last.moves) > 1:
        kept = L.Turn(last.player, last.moves[:-1], last.pos)
        new = rewrite_from(text, last.pos, lambda out: writer.events([kept], out))
        return new, f"{last.player.text}: {writer.move(last.moves[-1])}"
    cut = offset(text, last.pos) if isinstance(last, L.Turn) else line_start(text, last.pos)
    if isinstance(last, L.Turn):
        # the round / Tribunal lines just before a turn were written with it: they go too
        for event in reversed(events[:-1]):
            if not isinstance(event, (L.RoundStart, L.TribunalStart)):
                break
            cut = line_start(text, event.pos)
    return cut_from(text, cut), code_of(text[offset(text, last.pos):notes_start(text)])


def describe_changes(before: list[str], after: list[str]) -> list[str]:
    """Lines added (``+ ...``) and removed (``- ...``) between two versions of a game."""
    import difflib

    return [line for line in difflib.ndiff(before, after) if line[:2] in ("+ ", "- ")]
