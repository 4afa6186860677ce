"""``gt tally``: one Tribunal from a table file."""

from __future__ import annotations

import click

from gtcli.cli.options import json_option, profile_option
from gtcli.cli.settings import club_defaults
from gtcli.cli.terminal.output import EXIT_FINDINGS, handles_input_errors, print_diagnostics, print_json


@click.command()
@click.argument("table_file", metavar="TABLE.toml", type=click.Path(dir_okay=False))
@json_option
@profile_option
@handles_input_errors()
@club_defaults("table_file", profile_spec="profile")
def tally(table_file: str, as_json: bool, profile_spec: str | None) -> None:
    """Places, tie-breaks and scores of one Tribunal from TABLE.toml.

    The table lists the tokens on the Voting Track and every active Item with its
    installed Spells (see README, "Calling a Tribunal").
    """
    from gtcli.grand_tribunal.formats.profile_file import load_profile
    from gtcli.grand_tribunal.formats.table_file import load_table
    from gtcli.grand_tribunal.reports import tribunal_json
    from gtcli.grand_tribunal.rules.tribunal import tally as run_tally
    from gtcli.grand_tribunal.shipped import published_vocabulary

    profile = load_profile(profile_spec)
    table = load_table(table_file, published_vocabulary(), profile)
    result = run_tally(table, profile)
    findings = [d.at(table_file) for d in result.findings]
    if as_json:
        print_json(tribunal_json(result))
    else:
        from gtcli.cli.terminal.tribunal import render_result

        render_result(result, profile)
    if findings:
        print_diagnostics(findings)
    if any(d.severity == "error" for d in findings):
        raise SystemExit(EXIT_FINDINGS)
