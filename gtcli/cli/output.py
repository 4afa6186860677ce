"""Where output goes: diagnostics to stderr, JSON to stdout, rich tables on a terminal.

rich is imported only when a table is actually drawn. Off a terminal (a pipe, a file,
CliRunner) tables are plain ASCII without colour; ``NO_COLOR`` is honoured everywhere.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any

import click

from gtcli.diagnostics import ERROR, Diagnostic, InputError

EXIT_CLEAN, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2


def use_colour(stream: Any) -> bool:
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


def print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def print_diagnostics(diagnostics: Iterable[Diagnostic], as_json: bool = False) -> None:
    diagnostics = list(diagnostics)
    if as_json:
        print_json({"errors": [d.to_json() for d in diagnostics]})
        return
    colour = use_colour(sys.stderr)
    for d in diagnostics:
        text = d.format()
        if colour:
            fg = "red" if d.severity == ERROR else "yellow"
            text = text.replace(f" {d.code} ", " " + click.style(d.code, fg=fg, bold=True) + " ", 1)
        click.echo(text, err=True)


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


def console(stderr: bool = False) -> Any:
    """A rich Console that degrades to plain text off a terminal."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    terminal = hasattr(stream, "isatty") and stream.isatty()
    return Console(
        file=stream,
        force_terminal=terminal,
        no_color="NO_COLOR" in os.environ or not terminal,
        highlight=False,
        width=None if terminal else 120,
        emoji=False,
    )


def table(*columns: str, title: str | None = None, terminal: bool = True) -> Any:
    """A rich Table: rounded on a terminal, ASCII elsewhere."""
    from rich import box
    from rich.table import Table

    t = Table(title=title, box=box.ROUNDED if terminal else box.ASCII, title_justify="left", pad_edge=False)
    for column in columns:
        justify = "right" if column in ("Votes", "Base", "Score", "Spells", "Rank", "Total", "Vis") else "left"
        t.add_column(column, justify=justify)
    return t
