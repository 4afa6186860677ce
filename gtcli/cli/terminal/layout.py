"""Tables laid out for the width they are printed at: a laptop, a narrow split, a phone.

A scorekeeper reads gt's tables on whatever is at hand. A table drawn wider than the
terminal has its headers and cells cut (``Breakdo…``) and its rows wrapped over three to
five lines; so every table is described once, as a :class:`Sheet` of columns and rows,
and :func:`show` picks the first layout that fits the console's width:

``full``
    the table as designed (rounded box on a terminal, ASCII elsewhere), columns with no
    content left out;
``compact``
    short headers, a light box and less padding, and columns whose content the row
    already shows elsewhere left out (the item type is the first term of the breakdown);
``stacked``
    no table: each row is a heading line (who and what) and its fields beneath it, one
    ``Label value`` line each, with values wrapped (never cut) to the width;
``phone``
    the stacked layout with the short labels and a smaller indent, below
    :data:`PHONE_BELOW` columns.

A table layout is used only if it fits without wrapping a single cell, so no header or
cell is ever cut with "…"; long words in a stacked value are folded, not cut. Off a
terminal the width is 120 columns, or ``COLUMNS`` when it is set (see :func:`console`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gtcli.cli.terminal.output import safe, table

PHONE_BELOW = 50  # columns: a phone held upright shows about 40
UNBOUNDED = 100_000  # measure a table's natural width, not the width it would be squeezed into


@dataclass(frozen=True)
class Column:
    header: str
    short: str | None = None  # the header where space is short (compact table, phone layout)
    numeric: bool = False  # right-aligned in a table
    heading: bool = False  # part of the row's heading line in a stacked layout, not a field of it
    compact: bool = True  # False: left out of the compact table (the row shows it elsewhere)
    joins: str | None = None  # stacked: appended to the field before it after this text ("6 = staff 2 + ...")

    def label(self, short: bool) -> str:
        return (self.short or self.header) if short else self.header


@dataclass
class Sheet:
    """One table, described once and laid out by :func:`show` for the width."""

    columns: Sequence[Column]
    title: str | None = None
    heading: Callable[[dict[str, str]], str] | None = None  # the heading line from a row's cells, by header
    rows: list[tuple[tuple[str, ...], str | None]] = field(default_factory=list)

    def add_row(self, *cells: str, style: str | None = None) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"{len(cells)} cells for {len(self.columns)} columns")
        self.rows.append((tuple(cells), style))

    def used(self) -> list[int]:
        """The columns that hold something in some row (a column of blanks says nothing)."""
        return [n for n in range(len(self.columns)) if any(cells[n].strip() for cells, _ in self.rows)]


def show(sheet: Sheet, out: Any) -> str:
    """Print ``sheet`` on ``out`` in the first layout that fits its width; returns the layout's name.

    ``out`` is a rich console or a :class:`gtcli.cli.terminal.plain.Output`, which writes the
    full table itself when it can (the same text, without rich)."""
    used = sheet.used() or list(range(len(sheet.columns)))
    if getattr(out, "plain", False):  # written without rich if certain; the compact table only if the full one is too wide
        for name in ("full", "compact"):
            columns = used if name == "full" else [n for n in used if sheet.columns[n].compact]
            compact = name == "compact"
            done = out.print_table([sheet.columns[n].label(compact) for n in columns],
                                   [sheet.columns[n].numeric for n in columns],
                                   [[cells[n] for n in columns] for cells, _style in sheet.rows], sheet.title, compact)
            if done:
                return name
            if done is None:
                break
        out = out.rich
    width = out.width
    for name in ("full", "compact"):
        columns = used if name == "full" else [n for n in used if sheet.columns[n].compact]
        drawn = _table(sheet, columns, compact=name == "compact", terminal=out.is_terminal)
        if out.measure(drawn, options=out.options.update_width(UNBOUNDED)).maximum <= width:  # natural width
            out.print(drawn)
            return name
    phone = width < PHONE_BELOW
    _stacked(sheet, used, out, short=phone)
    return "phone" if phone else "stacked"


def _table(sheet: Sheet, columns: list[int], compact: bool, terminal: bool) -> Any:
    from gtcli.cli.terminal.output import titled_table_class

    if not compact:
        drawn = table(title=sheet.title, terminal=terminal)
    else:
        drawn = titled_table_class()(title=sheet.title, box=_light_box(terminal), show_edge=False, pad_edge=False,
                                     collapse_padding=True, title_justify="left")
    for n in columns:
        column = sheet.columns[n]
        drawn.add_column(column.label(compact), justify="right" if column.numeric else "left", no_wrap=True)
    for cells, style in sheet.rows:
        drawn.add_row(*(cells[n] for n in columns), style=style)
    return drawn


def _light_box(terminal: bool) -> Any:
    """A rule under the headers and nothing else: ``─`` on a terminal, ``-`` in plain text."""
    from rich import box

    return box.SIMPLE_HEAD if terminal else box.Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)


def _stacked(sheet: Sheet, columns: list[int], out: Any, short: bool) -> None:
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    if sheet.title:  # Text is printed as given (the console's safe() sees only plain strings): made safe here
        out.print(Text(safe(sheet.title, newlines=False), style="italic"))
    headed = [n for n in columns if sheet.columns[n].heading]
    label_width = max((len(sheet.columns[n].label(short)) for n in columns
                       if n not in headed and sheet.columns[n].joins is None), default=0)
    for cells, style in sheet.rows:
        by_header = {c.header: cells[n] for n, c in enumerate(sheet.columns)}
        if sheet.heading is not None:
            heading = sheet.heading(by_header)
        else:
            heading = " ".join(cells[n] + ("." if sheet.columns[n].numeric and cells[n].isdigit() else "")
                               for n in headed if cells[n].strip())  # "1. Caro"
        out.print(Text(safe(heading, newlines=False), style=style or "bold", overflow="fold"))
        lines: list[list[str]] = []
        for n in columns:
            column = sheet.columns[n]
            if n in headed or not cells[n].strip():
                continue
            if column.joins is not None and lines:
                lines[-1][1] += column.joins + cells[n]
            else:
                lines.append([column.label(short), cells[n]])
        if lines:
            fields = Table.grid(padding=(0, 1))
            fields.add_column(no_wrap=True, style="dim", min_width=label_width)  # values line up across rows
            fields.add_column(overflow="fold")
            for label, value in lines:
                fields.add_row(label, value)
            out.print(Padding(fields, (0, 0, 0, 1 if short else 2), expand=False))
