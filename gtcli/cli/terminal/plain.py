"""Lines and ASCII tables off a terminal, written as rich writes them, without importing rich.

``gt play`` with piped input (a script, a test, a club's tooling) prints a table of the
players as it starts and the tally of every Tribunal; importing rich and laying out its
tables cost as much as checking a hundred typed lines. Off a terminal and without colour
rich writes plain text (no escape sequences, the ASCII box, no wrapping of a line), and
for the simple cases :class:`Output` writes that very text itself:

* a line of text (``print(str)``), when ``COLUMNS`` does not ask for wrapping;
* a table of single-line cells (:func:`table_text`) at its natural width, when that fits
  (``output.table``'s, or the compact one of :mod:`gtcli.cli.terminal.layout`).

Only text made of characters rich counts one cell wide (printable ASCII and the Latin
letters, :data:`SIMPLE`) is written here, with no blank at either end of a cell; anything
else -- a terminal, colour, a wide or combining character, a table wider than the output,
any other renderable -- goes to a real rich console, made when first needed. The text is
the same either way: ``tests/cli/test_plain.py`` compares the two on generated tables.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

from gtcli.core.escaping import safe

# characters rich's cell_len counts 1 and its wrapping does not break at: printable ASCII,
# Latin-1 letters and signs (not the no-break space, not the soft hyphen), Latin Extended-A/B, IPA
SIMPLE = re.compile("[\x20-\x7e\xa1-\xac\xae-\u02ff]*")


def simple(text: str) -> bool:
    """Whether ``text`` (already :func:`safe`) is written the same by rich and by this module."""
    return SIMPLE.fullmatch(text) is not None


def table_text(headers: Sequence[str], right: Sequence[bool], rows: Sequence[Sequence[str]], title: str | None,
               width: int, compact: bool = False) -> str | bool | None:
    """What rich prints for these cells, the title on a line of its own above the table, at the
    table's natural width: ``output.table`` (box ASCII, edges unpadded), or with ``compact`` the
    light table of :mod:`gtcli.cli.terminal.layout` (no edges, a rule under the headers, padding
    collapsed). False when it is certainly wider than ``width`` (rich would not draw it either);
    None when its text is not certain (then rich draws it): a cell or the title not
    :func:`simple` or with a blank at an end, an empty column, no rows, a title wider than
    ``width``."""
    cells = [[safe(c) for c in headers], *([safe(c) for c in row] for row in rows)]
    n = len(headers)
    if not n or len(cells) < 2 or any(len(row) != n for row in cells):
        return None
    if not all(simple(c) and c == c.strip() for row in cells for c in row):
        return None
    title = safe(title) if title else None
    if title is not None and (not simple(title) or title != title.strip() or len(title) > width):
        return None
    content = [max(len(row[i]) for row in cells) for i in range(n)]
    if min(content) == 0:
        return None
    if compact:  # each cell padded 1 on its right, but the last; columns apart by one blank
        spans = [w + (i < n - 1) for i, w in enumerate(content)]
        total = sum(spans) + n - 1
    else:  # padded 1 on both sides, but not at the edges; edges and separators "|"
        spans = [w + (i > 0) + (i < n - 1) for i, w in enumerate(content)]
        total = sum(spans) + n + 1
    if total > width:
        return False

    def cell(i: int, c: str) -> str:
        return (" " if i and not compact else "") + (c.rjust(content[i]) if right[i] else c.ljust(content[i])) \
            + (" " if i < n - 1 else "")

    lines = [title] if title else []
    if compact:
        lines += [" ".join(cell(i, c) for i, c in enumerate(cells[0])), "-" * total]
        lines += [" ".join(cell(i, c) for i, c in enumerate(row)) for row in cells[1:]]
    else:
        edge = "+" + "-" * (total - 2) + "+"
        lines += [edge]
        lines += ["|" + "|".join(cell(i, c) for i, c in enumerate(row)) + "|" for row in cells[:1]]
        lines += ["|" + "+".join("-" * s for s in spans) + "|"]
        lines += ["|" + "|".join(cell(i, c) for i, c in enumerate(row)) + "|" for row in cells[1:]]
        lines += [edge]
    return "\n".join(lines) + "\n"


class Output:
    """A console for a command's output that imports rich only if it has to draw with it.

    ``print(str)`` and :meth:`print_table` write plain text themselves off a terminal
    without colour (``plain``); everything else, and every other attribute of a rich
    console (``measure``, ``options``...), is the rich console of
    :func:`gtcli.cli.terminal.output.console`, made at first use.
    """

    def __init__(self, stderr: bool = False) -> None:
        from gtcli.cli.terminal.output import console_width, stream_is_terminal, use_colour

        self.stderr = stderr
        self.stream = sys.stderr if stderr else sys.stdout
        self.is_terminal = stream_is_terminal(self.stream)
        # rich writes no style at all off a terminal without colour (no colour system); on
        # Windows a legacy console may narrow the width by one, and a notebook draws its own way
        self.plain = (not self.is_terminal and not use_colour(self.stream) and sys.platform != "win32"
                      and not _in_notebook())
        self._width = console_width(self.is_terminal)
        self.wraps = console_width(True) is not None  # COLUMNS set: rich wraps lines of text to the width
        self.quiet = False
        self._rich: Any = None

    @property
    def rich(self) -> Any:
        if self._rich is None:
            from gtcli.cli.terminal.output import console

            self._rich = console(self.stderr)
            self._rich.quiet = self.quiet
        return self._rich

    @property
    def width(self) -> int:
        return self._width if self._width is not None and self.plain else self.rich.width

    def __getattr__(self, name: str) -> Any:  # what only a rich console has
        if name.startswith("_"):  # never a private or special name (copy, pickle): no rich console for those
            raise AttributeError(name)
        return getattr(self.rich, name)

    def print(self, *objects: Any, **kwargs: Any) -> None:
        if self.plain and not kwargs and len(objects) == 1 and isinstance(objects[0], str) and not self.wraps:
            text = safe(objects[0])
            if simple(text):
                self.write(text + "\n")
                return
        self.rich.print(*objects, **kwargs)

    def print_table(self, headers: Sequence[str], right: Sequence[bool], rows: Sequence[Sequence[str]],
                    title: str | None = None, compact: bool = False) -> bool | None:
        """Write the table as rich would (True); False: it is wider than the output (and rich
        would not draw it either); None: draw it with rich."""
        if not self.plain:
            return None
        text = table_text(headers, right, rows, title, self.width, compact)
        if isinstance(text, str):
            self.write(text)
            return True
        return text

    def write(self, text: str) -> None:
        """Write and flush, as rich's console does after each print; a reader gone away is a
        :class:`BrokenPipeError` for :class:`gtcli.cli.main.GtGroup` (exit 141), and nothing is
        written after it."""
        if self.quiet or (self._rich is not None and self._rich.quiet):
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except BrokenPipeError:
            self.quiet = True
            if self._rich is not None:
                self._rich.quiet = True
            raise
        except UnicodeEncodeError as error:  # as rich says it (nothing was written: the text is encoded first)
            error.reason = f"{error.reason}\n*** You may need to add PYTHONIOENCODING=utf-8 to your environment ***"
            raise


def _in_notebook() -> bool:
    import builtins

    return hasattr(builtins, "get_ipython")
