"""``gt play``: the live table assistant's command: its options, a new or resumed session, the
table's screen beside it (``--serve``). The prompt is :mod:`gtcli.cli.play_prompt`, what it shows
:mod:`gtcli.cli.terminal.play`, the engine :mod:`gtcli.grand_tribunal.play.session`."""

from __future__ import annotations

import click

from gtcli.cli import completing
from gtcli.cli.options import allow_outside_option, json_option, profile_option, serve_option
from gtcli.cli.settings import club_defaults
from gtcli.cli.terminal.output import handles_input_errors


@click.command("play")
@click.argument("path", metavar="GAME.gtl", type=click.Path(dir_okay=False))
@click.option("--new", "is_new", is_flag=True, help="Start a new game in GAME.gtl (which must not exist).")
@click.option("--players", metavar="A,B,C", help="With --new: the players in seat order, clockwise.")
@click.option("--cards", metavar="SET", help="With --new: the card set (default: the shipped sample).",
              shell_complete=completing.card_sets)
@click.option("--board", metavar="FILE.toml", help="With --new: the board profile ('sample' for the shipped one).",
              shell_complete=completing.boards)
@profile_option
@click.option("--variant", "variants", multiple=True, metavar="NAME", shell_complete=completing.variants,
              help="With --new: an official variant to turn on (X1..X5 or its name); repeatable.")
@click.option("--lang", type=click.Choice(["en", "es", "fr", "it"], case_sensitive=False), default="en",
              help="With --new: the log's language (keywords and card names).")
@click.option("--event", metavar="TEXT", help="With --new: the [Event] tag.")
@click.option("--date", metavar="YYYY-MM-DD", help="With --new: the [Date] tag.")
@click.option("--seed", type=int, help="Seed the tool's die (to repeat a session exactly).")
@serve_option
@allow_outside_option
@json_option
@handles_input_errors()
@club_defaults("path", only_if="is_new", cards="cards", board="board", profile_spec="profile", lang="language",
               variants="variants")
def play(path, is_new, players, cards, board, profile_spec, variants, lang, event, date, seed, serve, allow_outside,
         as_json) -> None:
    """Play a game at the table: type each move, it is checked and saved at once.

    Moves are typed in the log language (docs/logs.md), for the player whose turn it is
    or after a name (`Ben: vote staff`). A legal move is saved to GAME.gtl at once; an
    illegal one is refused with the same diagnostic `gt check` gives. Type `help` for
    what can be typed now, `end` to close a turn, `undo`, `state`, `roll`, `quit`;
    a line starting with `#` is written to the log as a note.
    Resume a game by running `gt play GAME.gtl` again: the log is the whole state.
    With --serve, a read-only page shows the table to everyone (a TV, phones) as you type.
    """
    import random

    from gtcli.cli.play_prompt import Prompt
    from gtcli.grand_tribunal.lang.logs.check import Options
    from gtcli.grand_tribunal.play.session import PlaySession

    rng = random.Random(seed)
    if serve is not None and is_new:  # a taken address is said before the new log exists, not after
        from gtcli.cli.serve import free_address

        free_address(serve)
    if is_new:
        from gtcli.cli.commands.play_new import new_session

        session = new_session(path, players, cards, board, profile_spec, tuple(variants), lang.lower(), event, date,
                              rng)
    else:
        given = [name for name, value in (("--players", players), ("--cards", cards), ("--board", board),
                                          ("--variant", variants), ("--event", event), ("--date", date)) if value]
        if given:
            raise click.UsageError(f"{', '.join(given)} only go with --new; a resumed game reads its log's header")
        session = PlaySession(path, Options(profile=profile_spec, allow_outside=allow_outside), rng)
    screen = None
    if serve is not None:  # the table's screen: a process of its own, following the log (gtcli.cli.serve)
        from gtcli.cli.serve import serve_for_play

        screen = serve_for_play(session, serve, as_json)
    try:
        Prompt(session, as_json, screen.turn_closed if screen is not None else None).run()
    finally:
        if screen is not None:
            screen.stop()


__all__ = ["play"]
