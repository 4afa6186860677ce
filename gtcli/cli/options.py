"""Options shared by several commands, defined once."""

from __future__ import annotations

import click

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (schema in docs/json.md).")
profile_option = click.option(
    "--profile",
    "profile_spec",
    metavar="NAME|FILE.toml",
    help="Rule profile: 'official' (default), 'printed-fr', or a TOML file of overrides.",
)
