"""``gt balance value SET.gtc``: each card's value by restricted play on paired seeds.

The work is :mod:`gtcli.balance.value`'s (game *i* played unrestricted and once per card
with one seat forbidden it; the executor maps the game indices); the page is
:mod:`gtcli.balance.value_html`'s, the terminal table :mod:`gtcli.cli.terminal.balance_value`'s.
"""

from __future__ import annotations

import sys
import time
from contextlib import nullcontext

import click

from gtcli.cli import completing
from gtcli.cli.commands.simulate import study_options
from gtcli.cli.options import executor_from, json_option, start_map
from gtcli.cli.terminal.output import handles_input_errors

DEFAULT_GAMES = 1000  # gtcli.balance.value.DEFAULT_GAMES (a test keeps them equal): no import at start
MAX_CARDS = 500


def chosen_cards(card_set, asked: tuple[str, ...], left_out) -> list[tuple[str, str]]:
    """(name, kind) of the cards to value: those asked for (any case or accents), or every one a bot plays."""
    from gtcli.cli.terminal.output import safe
    from gtcli.core.text import unknown_hint

    playable = [c for c in card_set.cards if c.name not in left_out]
    if not asked:
        return [(c.name, c.kind) for c in playable]
    found: dict[str, str] = {}
    for name in asked:
        card = card_set.find(name)
        if card is None:
            raise click.BadParameter(f"the set has no card {safe(repr(name), False)}; "
                                     + unknown_hint(name, [c.name for c in card_set.cards], "card"),
                                     param_hint="'--card'")
        if card.name in left_out:
            raise click.BadParameter(f"{safe(repr(card.name), False)} has a manual effect: a bot cannot play it, "
                                     "so it has no value to a bot", param_hint="'--card'")
        found[card.name] = card.kind
    return list(found.items())


def drain(results, bar) -> tuple[list, KeyboardInterrupt | None]:
    """Every result of an executor's map, the bar advanced for each: (results, the Ctrl-C, SIGTERM or SIGHUP
    that stopped it, or None). The pool or cluster is stopped either way."""
    done: list = []
    try:
        with bar or nullcontext():
            for result in results:
                done.append(result)
                if bar is not None:
                    bar.advance(bar.task_ids[0])
    except KeyboardInterrupt as exc:  # gtcli.core.executor.Stopped too (SIGTERM, SIGHUP)
        return done, exc
    finally:
        getattr(results, "close", lambda: None)()
    return done, None


@click.command("value", context_settings={"default_map": {"bot": "greedy"}})  # random values nothing
@click.argument("card_set_path", metavar="SET.gtc", type=click.Path(dir_okay=False),
                shell_complete=completing.card_sets)
@click.option("--card", "asked", multiple=True, metavar="NAME",
              help="Value this card only (repeat for several); default: every card of the set.")
@click.option("--games", "-n", type=click.IntRange(2, 1_000_000), default=DEFAULT_GAMES, show_default=True,
              metavar="N", help="Pairs per card: game i unrestricted, and without the card (docs/balance.md).")
@click.option("--metric", type=click.Choice(["wins", "points"]), default="wins", show_default=True,
              help="What 'out of line' tests: the seat's win share or its Tribunal points (both are reported).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE.html",
              help="Also write the values as a page with a chart per kind (atomically).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@study_options
@json_option
@handles_input_errors()
def value(card_set_path, asked, games, metric, output, quiet, board, profile_spec, players, seed, bot, budget,
          variants, jobs, executor_kind, scheduler, as_json) -> None:
    """Each card's value: what a seat loses when its bot may not use the card.

    Game i is played twice with the same seed: as it is, and with the bot of seat
    (i mod players) forbidden the card (never moving, advancing, activating, installing,
    casting or playing it); seats rotate. The value is the seat's win share (and Tribunal
    points) unrestricted minus restricted, the pair the unit, with a 95% interval. A card is
    out of line when its value differs from the median of its kind (Items, Spells,
    Resources) by more than chance allows (Holm across the cards tested). Exit codes:
    0 done (out of line or not: the output says), 2 unusable input, 130 interrupted
    (143 SIGTERM, 129 SIGHUP).
    """
    from dataclasses import replace
    from functools import partial

    from gtcli.balance.value import ValueStudy, analyse, play_index
    from gtcli.balance.study import load_study
    from gtcli.cli.commands.simulate import option_problems
    from gtcli.cli.terminal.balance import progress_bar
    from gtcli.cli.terminal.balance_value import echo_values
    from gtcli.cli.terminal.output import json_text, safe

    if len(asked) > MAX_CARDS:
        raise click.BadParameter(f"at most {MAX_CARDS} cards in one run", param_hint="'--card'")
    with option_problems():
        study, card_set, left_out = load_study(card_set_path, board, profile_spec, players, seed, bot, variants,
                                               logs=False)
    study = replace(study, budget=budget)
    cards = chosen_cards(card_set, asked, left_out)
    work = partial(play_index, ValueStudy(study, tuple(name for name, _ in cards)))
    executor = executor_from(jobs, executor_kind, scheduler)
    started = time.monotonic()
    results = start_map(work, range(games), executor)
    bar = None if quiet or as_json else progress_bar(games, f"pairs of games ({len(cards)} card(s))")
    rows, stopped = drain(results, bar)
    seconds = time.monotonic() - started
    data = {"card_set": card_set.name, "file": card_set_path, "version": card_set.version, "bot": bot,
            "budget": budget if "mcts" in bot else None, "players": list(players), "seed": seed,
            "games": games, "stopped": stopped is not None, "seconds": round(seconds, 3),
            "executor": executor.describe(),
            "left_out": list(left_out),
            **analyse(cards, rows, metric, seed, copies={c.name: c.copies for c in card_set.cards})}
    if output and rows:
        from gtcli.balance.value_html import value_html
        from gtcli.core.files.guarded import save

        save(output, value_html(data), what="card values page")
    data["html"] = output if rows else None
    if as_json:
        click.echo(json_text(data))
    elif rows:
        echo_values(data)
        if output:
            click.echo(safe(f"Wrote {output}: the values of {len(cards)} card(s).", False), err=True)
    if stopped is not None:
        from gtcli.core.executor import stop_code, stop_words

        click.echo(f"gt: {stop_words(stopped)}: {len(rows)} of {games} pair(s) of games done.", err=True)
        sys.exit(stop_code(stopped))
