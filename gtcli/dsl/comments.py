"""Comments a person wrote, kept in place when gt rewrites a file.

Not tied to one language of gt: in the game-log and the card-set grammars alike a
comment is ``#`` up to the end of the line, anywhere outside a ``"quoted string"``, and
the parser throws it away (``%ignore COMMENT``). :func:`scan` finds the same comments the
Lark lexer does (a test compares the two on every shipped file) without touching the
grammars or the cached parsers.

A comment belongs to what it stands beside:

* a **trailing** comment (code before it on its line) to the last element that starts
  before it: it is written at the end of that element's output line;
* a comment **alone** on its line to the first element after it: it is written on its
  own line just above that element, with that element's indentation (at the end of the
  file if nothing follows); an empty line just above or below a comment is kept.

A formatter writes its output through a :class:`Layout`, one output line at a time, saying
which source elements (their positions) the line shows; the layout weaves the comments
in. Because elements are emitted in source order, comments come out in their original
order, each exactly once. Two elements that have a comment between them cannot share an
output line: the formatter asks :meth:`Layout.must_split` and lays them out one per line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

INFINITY = (1 << 62, 0)


@dataclass(frozen=True)
class Comment:
    line: int  # 1-based
    col: int  # 1-based column of '#'
    text: str  # from '#' to the end of the line, trailing blanks removed
    alone: bool  # nothing but blanks before it on its line
    blank_before: bool = False  # an empty line just above
    blank_after: bool = False  # an empty line just below

    @property
    def pos(self) -> tuple[int, int]:
        return (self.line, self.col)


def comment_start(line: str) -> int | None:
    """Index of the ``#`` that starts a comment in ``line``, or None (``"a # b"`` is a string)."""
    in_string = False
    i = 0
    while i < len(line):
        ch = line[i]
        if in_string:
            if ch == "\\":
                i += 2
                continue
            if ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "#":
            return i
        i += 1
    return None


def scan(text: str, first_line: int = 1) -> list[Comment]:
    """Every comment of ``text``, in order (``text``'s first line being line ``first_line`` of its file)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    blank = [not line.strip() for line in lines]
    found = []
    for n, line in enumerate(lines):
        i = comment_start(line)
        if i is None:
            continue
        found.append(Comment(n + first_line, i + 1, line[i:].rstrip(), not line[:i].strip(),
                             n > 0 and blank[n - 1], n + 1 < len(lines) and blank[n + 1]))
    return found


def texts(text: str) -> list[str]:
    """The comments of ``text`` as strings, in order (what must survive any rewrite)."""
    return [c.text for c in scan(text)]


def keep_notes(before: list[str], text: str, after: list[str], heading: str) -> tuple[str, int]:
    """``text`` (whose comments are ``after``) with the comments of ``before`` it lacks appended
    at its end under ``heading``, for a rewrite that cannot keep them in place; and how many.

    Used where a file is regenerated rather than reformatted (a translation template, a
    session laid out by hand): the comments lose their places but not their words.
    """
    left = list(after) + [f"# {heading}:"]  # a heading from an earlier such rewrite is not repeated
    lost = []
    for note in before:
        if note in left:
            left.remove(note)
        else:
            lost.append(note)
    if not lost:
        return text, 0
    return text.rstrip("\n") + f"\n\n# {heading}:\n" + "\n".join(lost) + "\n", len(lost)


def _anchor(pos: Any) -> tuple[int, int]:
    """(line, col) of a position; something new (no position) comes after everything."""
    if pos is None:
        return INFINITY
    if isinstance(pos, tuple):
        return pos
    line = getattr(pos, "line", None)
    return (line, getattr(pos, "col", None) or 1) if line else INFINITY


class Layout:
    """Output lines, each tagged with the source elements it shows, comments woven in.

    ``source`` is the text the elements were parsed from (None: no comments to keep);
    ``start`` limits the comments to those at or after a position (rewriting only the
    end of a file), and ``source`` may then be the file from line ``first_line`` on.
    """

    def __init__(self, source: str | None = None, start: Any = None, first_line: int = 1) -> None:
        first = _anchor(start) if start is not None else (0, 0)
        self.pending = [c for c in scan(source, first_line) if c.pos >= first] if source else []
        self.out: list[str] = []
        self._want_blank = False
        self._last: int | None = None  # index of the last output line that shows an element
        self._has_trailing: set[int] = set()

    def blank(self) -> None:
        """An empty line here (never two in a row, never at the top)."""
        self._want_blank = True

    def _put_blank(self) -> None:
        if self.out and self.out[-1] != "":
            self.out.append("")

    def must_split(self, positions: list[Any]) -> bool:
        """Whether a comment stands between these elements, so they cannot share a line."""
        anchors = [_anchor(p) for p in positions]
        low, high = min(anchors), max(anchors)
        return any(low < c.pos < high for c in self.pending)

    def line(self, text: str, *positions: Any) -> None:
        """One output line showing the elements at ``positions`` (none: a line of its own)."""
        if positions:
            self._flush(min(_anchor(p) for p in positions), indent=text[:len(text) - len(text.lstrip())])
        if self._want_blank:
            self._put_blank()
            self._want_blank = False
        self.out.append(text)
        if positions:
            self._last = len(self.out) - 1

    def _flush(self, before: tuple[int, int], indent: str) -> None:
        """Write the comments that come before ``before``: trailing ones onto the last line."""
        leading = []
        while self.pending and self.pending[0].pos < before:
            c = self.pending.pop(0)
            if not c.alone and self._last is not None and self._last not in self._has_trailing and not leading:
                self.out[self._last] += "  " + c.text
                self._has_trailing.add(self._last)
            else:
                leading.append(c)
        if not leading:
            return
        if self._want_blank:
            self._put_blank()
            self._want_blank = False
        for c in leading:
            if c.alone and c.blank_before:
                self._put_blank()
            self.out.append(indent + c.text)
        if leading[-1].alone and leading[-1].blank_after:
            self._want_blank = True

    def text(self) -> str:
        """The finished text; comments after the last element end it."""
        self._flush(INFINITY, indent="")
        return "\n".join(self.out).rstrip("\n") + "\n"


__all__ = ["Comment", "Layout", "comment_start", "keep_notes", "scan", "texts"]
