"""Options shared by several commands, defined once."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click

from gtcli.cli.output import MAX_FINDINGS
from gtcli.diagnostics import InputError

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (schema in docs/json.md).")
profile_option = click.option(
    "--profile",
    "profile_spec",
    metavar="NAME|FILE.toml",
    help="Rule profile: 'official' (default), 'printed-fr', or a TOML file of overrides.",
)
allow_outside_option = click.option(
    "--allow-outside",
    is_flag=True,
    help="Let the log's [Cards], [Board] and [Profile] name files outside its folder (only for logs you trust).",
)
max_findings_option = click.option(
    "--max-findings",
    type=click.IntRange(min=0),
    default=MAX_FINDINGS,
    show_default=True,
    metavar="N",
    help="Show at most N findings per file, then how many more (0: all). The summary counts them all.",
)


def name_list(value: str) -> tuple[str, ...]:
    """``--players Ana, Ben ,Caro`` -> ("Ana", "Ben", "Caro"): names split on commas, blanks dropped."""
    return tuple(" ".join(part.split()) for part in value.split(",") if part.strip())


@contextmanager
def option_errors(option: str, by_code: dict[str, str] | None = None) -> Iterator[None]:
    """Errors raised inside name the command-line option they are about (``--players: S1 ...``),
    not ``<input>``; ``by_code`` sends a code to another option (a count that does not match).

    The same convention as ``--profile``: a diagnostic's file is the option it came from.
    """
    try:
        yield
    except InputError as exc:
        raise InputError(*(d.at((by_code or {}).get(d.code, option)) for d in exc.diagnostics)) from None
