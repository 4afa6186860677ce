"""Where output goes: diagnostics to stderr, JSON to stdout, rich tables on a terminal.

rich is imported only when a table is actually drawn. Off a terminal (a pipe, a file,
CliRunner) tables are plain ASCII without colour, and a line of text is never wrapped;
there :class:`gtcli.cli.terminal.plain.Output` writes the simple ones itself, the same text
without importing rich (``gt play`` piped). Colour follows the two conventions
(:func:`colour_setting`): ``NO_COLOR`` (no-color.org) turns it off, ``FORCE_COLOR``
(force-color.org) turns it on off a terminal too (a CI log that shows colours); when
both are set, ``NO_COLOR`` wins.

User text (card names, player names, a log's strings, lines of a file) comes from
strangers, so it never reaches the terminal raw: the one escaping function,
:func:`gtcli.core.escaping.safe` (in the core, because pages and the club's exports escape
with it too), is applied in one place per way out -- every string a :func:`console`
renders, every diagnostic (:func:`safe_diagnostic`), every JSON document (:func:`json_text`),
a file's text shown on a terminal (:func:`file_text`). The console has rich markup turned
off, so a card named ``[link=...]`` is shown as written, not obeyed.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any

import click

from gtcli.cli.exits import (EXIT_BUG, EXIT_CLEAN,  # noqa: F401 -- the commands take the exit codes from here
                             EXIT_CODES, EXIT_FINDINGS, EXIT_INTERRUPTED, EXIT_PIPE, EXIT_UNUSABLE)
from gtcli.core.diagnostics import ERROR, MAX_FINDINGS, Diagnostic, InputError  # noqa: F401 -- MAX_FINDINGS too
from gtcli.core.escaping import json_text, safe, safe_diagnostic  # noqa: F401 -- the shell's way out


def file_text(text: str) -> str:
    """A file's text for standard output (``gt fmt``, its ``--diff``): as it is when redirected,
    so ``gt fmt a.gtl > b.gtl`` copies it byte for byte, but :func:`safe` on a terminal, where
    a comment of a stranger's card set could otherwise hold escape sequences."""
    return safe(text) if stream_is_terminal(sys.stdout) else text


def colour_setting() -> bool | None:
    """False under ``NO_COLOR``, True under ``FORCE_COLOR``, None (a terminal decides) otherwise.

    Each counts when set to a non-empty value, as their conventions say; ``FORCE_COLOR=0``
    (or ``false``), which some tools read as "off", forces nothing. ``NO_COLOR`` wins.
    """
    if os.environ.get("NO_COLOR", ""):
        return False
    if os.environ.get("FORCE_COLOR", "").strip().lower() not in ("", "0", "false", "no"):
        return True
    return None


def stream_is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


def use_colour(stream: Any) -> bool:
    """Whether to colour what goes to ``stream``: :func:`colour_setting`, else whether it is a terminal."""
    setting = colour_setting()
    return stream_is_terminal(stream) if setting is None else setting


def print_json(data: Any) -> None:
    click.echo(json_text(data))


def print_diagnostics(diagnostics: Iterable[Diagnostic], as_json: bool = False) -> None:
    """Diagnostics of unusable input: at most MAX_FINDINGS, then how many more."""
    diagnostics = list(diagnostics)
    shown, omitted = diagnostics[:MAX_FINDINGS], max(0, len(diagnostics) - MAX_FINDINGS)
    if as_json:
        print_json({"errors": [d.to_json() for d in shown], **({"omitted": omitted} if omitted else {})})
        return
    colour = use_colour(sys.stderr)
    for d in map(safe_diagnostic, shown):
        text = d.format()
        if colour:
            fg = "red" if d.severity == ERROR else "yellow"
            text = text.replace(f" {d.code} ", " " + click.style(d.code, fg=fg, bold=True) + " ", 1)
        click.echo(text, err=True)
    if omitted:
        click.echo(f"... and {omitted} more", err=True)


def handles_input_errors(json_flag: str | None = "as_json") -> Callable:
    """Decorator: an :class:`InputError` becomes its diagnostics and exit code 2, never a traceback."""

    def wrap(func: Callable) -> Callable:
        @functools.wraps(func)
        def inner(*args: Any, **kwargs: Any) -> Any:
            try:
                return func(*args, **kwargs)
            except InputError as exc:
                print_diagnostics(exc.diagnostics, as_json=bool(json_flag and kwargs.get(json_flag)))
                sys.exit(EXIT_UNUSABLE)

        return inner

    return wrap


@functools.cache
def _safe_console_class() -> type:
    from rich.console import Console

    class SafeConsole(Console):
        """Every string it renders (table cells, titles, printed lines) goes through :func:`safe`."""

        def render_str(self, text: str, **kwargs: Any) -> Any:
            return super().render_str(safe(text), **kwargs)

        def print(self, *objects: Any, **kwargs: Any) -> None:
            """Off a terminal a line of text is never hard-wrapped: a pipe or a file gets it whole, so a
            suggested command (``gt diff A B``) stays on one line for a script or a copy. Tables
            keep the layout of their width; ``COLUMNS`` set asks for that width, text included."""
            if not self.is_terminal and objects and all(isinstance(o, str) for o in objects) \
                    and console_width(True) is None:
                kwargs.setdefault("soft_wrap", True)
            super().print(*objects, **kwargs)

        def on_broken_pipe(self) -> None:
            """The reader went away: exit 141 like every other write (rich's own exits 1, the
            code of findings), by letting :class:`gtcli.cli.main.GtGroup` see the error."""
            self.quiet = True
            raise BrokenPipeError()

    return SafeConsole


def console_width(terminal: bool) -> int | None:
    """``COLUMNS`` when set (a script or a test that wants a width), else the terminal's
    (None: rich asks it), else 120 columns for a pipe or a file."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdecimal() and 20 <= int(columns) <= 1000:
        return int(columns)
    return None if terminal else 120


def console(stderr: bool = False) -> Any:
    """A rich Console that degrades to plain text off a terminal, and never obeys user text."""
    stream = sys.stderr if stderr else sys.stdout
    terminal = stream_is_terminal(stream)
    colour = use_colour(stream)
    return _safe_console_class()(
        file=stream,
        force_terminal=terminal,  # the layout (boxes, width) follows the terminal; colour may be forced
        no_color=not colour,
        color_system="standard" if colour and not terminal else "auto",
        highlight=False,
        markup=False,
        width=console_width(terminal),
        emoji=False,
    )


@functools.cache
def titled_table_class() -> type:
    """rich's Table, its title a line of its own above it.

    rich wraps a title to the table's width and pads it with blanks to that width: a narrow
    table broke "Totals after 3 Tribunal(s)" in the middle, and every title line ended in
    spaces. Here the title is printed as it is, wrapped only where the terminal is narrower
    than the title, and never padded.
    """
    from rich.table import Table

    class TitledTable(Table):
        def __rich_console__(self, console: Any, options: Any) -> Any:
            title, self.title = self.title, None
            try:
                if title:
                    yield console.render_str(title, style="table.title") if isinstance(title, str) else title
                yield from super().__rich_console__(console, options)
            finally:
                self.title = title

    return TitledTable


def table(*columns: str, title: str | None = None, terminal: bool = True) -> Any:
    """A rich Table: rounded on a terminal, ASCII elsewhere, its title on a line of its own."""
    from rich import box

    t = titled_table_class()(title=title, box=box.ROUNDED if terminal else box.ASCII, title_justify="left",
                             pad_edge=False)
    for column in columns:
        t.add_column(column, justify="right" if column in RIGHT_ALIGNED else "left")
    return t


RIGHT_ALIGNED = ("Votes", "Base", "Score", "Spells", "Rank", "Total", "Vis")  # columns of numbers, in table()
