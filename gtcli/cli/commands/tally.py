"""``gt tally``: one Tribunal from a table (TOML or lines), from standard input, or typed."""

from __future__ import annotations

import click

from gtcli.cli.options import json_option, option_errors, profile_option
from gtcli.cli.settings import club_defaults
from gtcli.cli.terminal.output import (EXIT_FINDINGS, EXIT_UNUSABLE, handles_input_errors, print_diagnostics,
                                       print_json)
from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import fold

CARDS_HELP = "Card set whose card names fill in an Item's type and base and a Spell's category: 'sample' or a .gtc file."


def load_cards(spec: str | None):
    """The card set named by ``--cards`` (``sample`` is the shipped one), or None."""
    if not spec:
        return None
    from gtcli.grand_tribunal.lang.cards.sets import load_set
    from gtcli.grand_tribunal.shipped import shipped_or_given

    return load_set(shipped_or_given(spec))


def look_apart(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names``, unless one is nothing but invisible characters, or two look alike (they differ only
    by look-alike letters or invisible characters: "Ana" and Cyrillic "Аna", "Ben" and "Ben" with a
    zero-width space): TAB007, as a name listed twice, each shown with its invisible characters."""
    from gtcli.club.lookalike import skeleton, visible

    seen: dict[str, str] = {}
    for name in names:
        shape = skeleton(fold(name))
        if not shape:
            raise InputError(Diagnostic("TAB007", f"player '{visible(name)}' has no visible letter",
                                        hint="type the name with letters (invisible characters do not make one)"))
        if shape in seen and fold(seen[shape]) != fold(name):
            raise InputError(Diagnostic(
                "TAB007", f"players '{visible(seen[shape])}' and '{visible(name)}' look alike: probably one player "
                          "listed twice (look-alike letters or invisible characters)",
                hint="give each player once, in seat order, with names that look different"))
        seen.setdefault(shape, name)
    return names


@click.command()
@click.argument("table_file", metavar="[TABLE]", required=False, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--cards", "cards_spec", metavar="SET", help=CARDS_HELP)
@json_option
@profile_option
@handles_input_errors()
@club_defaults("table_file", profile_spec="profile", cards_spec="cards")
def tally(table_file: str | None, cards_spec: str | None, as_json: bool, profile_spec: str | None) -> None:
    """Places, tie-breaks and scores of one Tribunal from TABLE.

    TABLE is the table as lines (`votes staff 2, orb 3` then `Ana: staff 4 elemental`, one
    line per active Item: docs/tribunal-lines.md) or as TOML (a .toml file); `-` reads it
    from standard input. Without TABLE, on a terminal, the Tribunal is typed line by line
    (see README, "Calling a Tribunal").
    """
    from gtcli.grand_tribunal.formats.profile_file import load_profile
    from gtcli.grand_tribunal.reports import tribunal_json
    from gtcli.grand_tribunal.rules.tribunal import tally as run_tally
    from gtcli.grand_tribunal.shipped import published_vocabulary

    profile = load_profile(profile_spec)
    cards = load_cards(cards_spec)
    vocabulary = cards.vocabulary if cards is not None else published_vocabulary()
    if table_file is None:
        from gtcli.cli.terminal.asking import stdin_is_terminal

        if not stdin_is_terminal():
            raise click.UsageError("give a TABLE file, or `-` to read the table's lines from standard input "
                                   "(without TABLE the Tribunal is typed on a terminal)")
        from gtcli.cli.commands.tribunal_entry import type_one_off

        table, where = type_one_off(profile, vocabulary, cards, err=as_json), "<typed>"
    else:
        table = _load_table(table_file, vocabulary, profile, cards)
        where = "<stdin>" if table_file == "-" else table_file
    with option_errors(where):  # two players shown as one would be no tally
        look_apart(tuple({fold(name): name for name in (*table.players, *(i.owner for i in table.items))}.values()))
    result = run_tally(table, profile)
    findings = [d.at(where) for d in result.findings]
    if as_json:
        print_json(tribunal_json(result))
    else:
        from gtcli.cli.terminal.tribunal import render_result

        render_result(result, profile)
    if findings:
        print_diagnostics(findings)
    if any(d.severity == "error" for d in findings):
        raise SystemExit(EXIT_FINDINGS)


def _load_table(table_file: str, vocabulary, profile, cards):
    """The table of TABLE; standard input closed (``gt tally - <&-``) is one line and exit 2: no
    prompt was shown, so the line is not set apart from one as gt's other commands do."""
    from gtcli.cli.streams import InputClosed
    from gtcli.grand_tribunal.formats.table_file import load_any_table

    try:
        table, _form = load_any_table(table_file, vocabulary, profile, card_set=cards)
    except InputClosed:
        click.echo("gt: the standard input is closed (<&-), but `gt tally -` reads the table from it.", err=True)
        raise SystemExit(EXIT_UNUSABLE) from None
    return table
