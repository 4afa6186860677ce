"""The ``gt`` command group. Subcommands live in one module each."""

from __future__ import annotations

import click

from gtcli import __version__
from gtcli.cli.cards_cmd import cards
from gtcli.cli.game_cmd import game
from gtcli.cli.log_cmds import check, fmt_cmd, replay
from gtcli.cli.play_cmd import play
from gtcli.cli.rules_cmd import rules
from gtcli.cli.tally_cmd import tally
from gtcli.cli.trickerion_cmd import trickerion


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gt")
def cli() -> None:
    """gt: the scorekeeper's tool for Grand Tribunal.

    Tally a Tribunal, keep a game's running totals, check game logs against the
    rules, replay them, check and translate card sets, and look up rule profiles.
    Exit codes: 0 clean, 1 findings, 2 unusable input or usage.
    """


cli.add_command(tally)
cli.add_command(game)
cli.add_command(rules)
cli.add_command(cards)
cli.add_command(check)
cli.add_command(replay)
cli.add_command(fmt_cmd)
cli.add_command(play)
cli.add_command(trickerion)


def main() -> None:
    cli(prog_name="gt")
