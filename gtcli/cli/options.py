"""Options shared by several commands, defined once."""

from __future__ import annotations

import click

from gtcli.cli.output import MAX_FINDINGS

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
