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
Blank lines the author put between elements can be kept (:meth:`Layout.keep_blank_above`).

A file regenerated from new data rather than reformatted (a translation template that
follows the set's order) writes the old file's elements out of order, and new ones:
:class:`Anchored` ties each comment to its element beforehand, by the same rules, and
writes it wherever that element now comes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
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
        self._blank_lines = {n for n, line in enumerate((source or "").split("\n"), 1) if not line.strip()}

    def blank(self) -> None:
        """An empty line here (never two in a row, never at the top)."""
        self._want_blank = True

    def keep_blank_above(self, pos: Any) -> None:
        """An empty line before the element at ``pos`` if the source has one just above it.

        For layouts where the author's grouping is theirs to choose (a card file's sections).
        Blank lines around a comment standing alone above the element are kept with it.
        """
        if pos is None or self._comments_above(pos):
            return
        if _anchor(pos)[0] - 1 in self._blank_lines:
            self._want_blank = True

    def _comments_above(self, pos: Any) -> bool:
        """Whether comments standing alone will be written just above the element at ``pos``."""
        return any(c.alone and c.pos < _anchor(pos) for c in self.pending)

    def separated(self, before: Any, pos: Any) -> bool:
        """Whether an empty line or a comment standing alone comes between the elements at
        ``before`` and ``pos`` (the source's groups, e.g. of cards whose columns line up)."""
        low, high = _anchor(before), _anchor(pos)
        if high == INFINITY or high[0] - 1 in self._blank_lines:
            return True
        return any(c.alone and low < c.pos < high for c in self.pending)

    def _put_blank(self) -> None:
        if self.out and self.out[-1] != "":
            self.out.append("")

    def must_split(self, positions: list[Any]) -> bool:
        """Whether a comment stands between these elements, so they cannot share a line."""
        anchors = [_anchor(p) for p in positions]
        low, high = min(anchors), max(anchors)
        return any(low < c.pos < high for c in self.pending)

    def lead(self, indent: str, *positions: Any) -> None:
        """Write now the comments that go above the element at ``positions``: the writer puts
        a line of its own between them and the element (a template's note)."""
        anchors = [_anchor(p) for p in positions if p is not None]
        if anchors:
            self._flush(min(anchors), indent)

    def trailing(self, *positions: Any) -> list[str]:
        """Comments that end these elements' lines, taken to be written as lines of their own
        (:class:`Anchored`; here they end whatever line comes before the next element)."""
        return []

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


class Anchored(Layout):
    """A :class:`Layout` for output whose elements are not written in source order.

    A generated file rewritten from new data (a translation template listing the set's
    cards in the set's order) shows some elements of the old file, maybe moved, and new
    ones. Each comment of the old file is tied beforehand to an element by the same rules
    (``anchors``: the positions of every element the old file had) and is written with it,
    wherever it now comes. Comments of elements no longer written are :meth:`unplaced`;
    ``generated`` tells comments the generator itself writes (left out: written afresh).
    """

    def __init__(self, source: str, anchors: Any, generated: Any = None) -> None:
        import bisect

        super().__init__(None)
        self._blank_lines = {n for n, line in enumerate(source.split("\n"), 1) if not line.strip()}
        points = sorted({_anchor(a) for a in anchors if a is not None and _anchor(a) != INFINITY})
        self._above: dict[tuple[int, int], list[Comment]] = {}
        self._trailing: dict[tuple[int, int], list[Comment]] = {}
        for c in scan(source):
            if generated is not None and generated(c):
                continue
            i = bisect.bisect_left(points, c.pos)
            if not c.alone and i > 0:
                self._trailing.setdefault(points[i - 1], []).append(c)
            elif i < len(points):
                self._above.setdefault(points[i], []).append(replace(c, alone=True))
            else:
                self.pending.append(replace(c, alone=True))  # after the last element: the end

    def _comments_above(self, pos: Any) -> bool:
        return bool(self._above.get(_anchor(pos)))

    def must_split(self, positions: list[Any]) -> bool:
        anchors = sorted(_anchor(p) for p in positions)
        return any(a in self._trailing for a in anchors[:-1]) or any(a in self._above for a in anchors[1:])

    def lead(self, indent: str, *positions: Any) -> None:
        end = self.pending
        self.pending = [c for a in sorted(_anchor(p) for p in positions if p is not None)
                        for c in self._above.pop(a, [])]
        self._flush(INFINITY, indent)
        self.pending = end

    def line(self, text: str, *positions: Any) -> None:
        anchors = sorted(_anchor(p) for p in positions if p is not None)
        indent = text[:len(text) - len(text.lstrip())]
        self.lead(indent, *positions)
        if self._want_blank:
            self._put_blank()
            self._want_blank = False
        self.out.append(text)
        self._last = len(self.out) - 1
        notes = [c for a in anchors for c in self._trailing.pop(a, [])]
        if notes:
            self.out[-1] += "  " + notes[0].text
            self._has_trailing.add(self._last)
            self.out.extend(indent + c.text for c in notes[1:])  # two notes for one line: the next below

    def trailing(self, *positions: Any) -> list[str]:
        return [c.text for p in positions if p is not None for c in self._trailing.pop(_anchor(p), [])]

    def unplaced(self) -> list[Comment]:
        """Comments of elements that were not written, in source order."""
        left = [c for cs in (*self._above.values(), *self._trailing.values()) for c in cs]
        return sorted(left, key=lambda c: c.pos)


__all__ = ["Anchored", "Comment", "Layout", "comment_start", "keep_notes", "scan", "texts"]
