"""``gt simulate``: play whole games with a bot, write them as legal logs, report the balance figures.

Game *i* of seed *S* is the same game whatever ``--jobs``, executor or order
(:mod:`gtcli.grand_tribunal.play.simulation`); the folder ``-o DIR`` holds the logs (or, with
``--stats-only``, ``games.jsonl``), ``study.json`` and the card set the logs name
(:mod:`gtcli.balance.folder`). The run itself is :mod:`gtcli.balance.simulating`'s; what it plays
is :mod:`gtcli.balance.study`'s. Ctrl-C, SIGTERM and SIGHUP stop the run and keep every game finished.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager, nullcontext
from dataclasses import replace

import click

from gtcli.cli import completing
from gtcli.cli.options import executor_from, executor_options, json_option, option_errors, profile_option, start_map
from gtcli.cli.terminal.output import EXIT_UNUSABLE, handles_input_errors


def _players(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, ...]:
    """``4``, ``3,4,5`` or ``3..5``: the game sizes, taken in turn (:func:`gtcli.balance.study.parse_players`)."""
    from gtcli.balance.study import parse_players

    try:
        return parse_players(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


def _bots(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """``greedy`` or ``mcts,greedy,greedy,greedy``: checked, spelled as the logs and study.json name it."""
    from gtcli.grand_tribunal.play.seating import parse_bots

    try:
        return ",".join(parse_bots(value))
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


def _complete_bots(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    done, _, last = incomplete.rpartition(",")
    return [click.shell_completion.CompletionItem(done + ("," if done else "") + name)
            for name in ("random", "greedy", "mcts") if name.startswith(last)]


DEFAULT_BUDGET = 6  # gtcli.grand_tribunal.play.mcts.DEFAULT_BUDGET (a test keeps them equal): no import at start


def study_options(func):
    """What a study plays: shared by ``gt simulate`` and ``gt balance compare``."""
    for option in reversed([
        click.option("--board", metavar="FILE|sample|none", default="sample", show_default=True,
                     shell_complete=completing.boards,
                     help="Board profile: the shipped sample, a TOML file, or none."),
        profile_option,
        click.option("--players", "players", default="4", show_default=True, callback=_players, metavar="N",
                     help="Players per game: 4, or several taken in turn (3,4,5 or 3..5)."),
        click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
                     help="Game i of seed S is the same game on any machine, with any --jobs."),
        click.option("--bot", "--bots", "bot", default="random", show_default=True, callback=_bots,
                     metavar="BOT[,BOT...]", shell_complete=_complete_bots,
                     help="random: any legal move; greedy: plays for Tribunal points; mcts: searches "
                          "(docs/balance.md). A list seats one per seat, rotating game by game."),
        click.option("--budget", type=click.IntRange(1, 100_000), default=DEFAULT_BUDGET, show_default=True,
                     metavar="N", help="The mcts bot's iterations per action."),
        click.option("--variants", default="", metavar="LIST", help="Variants every game plays with (X1..X5).",
                     shell_complete=completing.variants),
        executor_options,
    ]):
        func = option(func)
    return func


@contextmanager
def option_problems():
    """A study option that does not fit the rest (:class:`gtcli.balance.study.OptionProblem`) is a usage error."""
    from gtcli.balance.study import OptionProblem

    try:
        yield
    except OptionProblem as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{exc.option}'") from None


def _parsed(option: str, parse, *args):
    try:
        return parse(*args)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{option}'") from None


@click.command()
@click.option("--games", "-n", type=click.IntRange(1, 10_000_000), required=True, metavar="N",
              help="How many games to play.")
@click.option("--cards", metavar="SET.gtc", help="The card set (default: the shipped sample).",
              shell_complete=completing.card_sets)
@study_options
@click.option("-o", "--output", "folder", metavar="DIR", help="Write the games here (logs, study.json).")
@click.option("--stats-only", is_flag=True, help="With -o: keep each game's summary (games.jsonl), not its log.")
@click.option("--overwrite", is_flag=True, help="Replace files of the same names in DIR (it says how many).")
@click.option("--resume", is_flag=True, help="With -o: finish the unfinished study in DIR (stopped or killed), "
                                             "playing only the games it lacks; the same options as the run it resumes.")
@click.option("--lang", "language", type=click.Choice(["en", "es", "fr", "it"]), default="en", show_default=True,
              help="The language the logs are written in.")
@click.option("--names", metavar="LIST",
              help='Names the players of each game are drawn from, by the seed ("José,Marta,..."; '
                   "default Ana, Ben, Caro, Dora, Eli).")
@click.option("--dates", metavar="FROM..TO", help="Spread the games' dates between two days, by the seed "
                                                  "(2024-01-01..2024-12-31): each log's [Date] tag.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar, no report: the summary line only.")
@json_option
@handles_input_errors()
def simulate(games, cards, board, profile_spec, players, seed, bot, budget, variants, jobs, executor_kind, scheduler,
             folder, stats_only, overwrite, resume, language, names, dates, quiet, as_json) -> None:
    """Play whole games with a bot and write each as a legal log, for balance studies.

    Every move is checked by the referee as it is made: `gt check` accepts every log.
    Game i of seed S is the same game whatever --jobs or --executor. Cards whose effect is
    manual cannot be played by a bot: they are left out of the decks, with a warning.
    Without -o the games are played and only their statistics printed (as `gt balance`).
    """
    from gtcli.balance import simulating
    from gtcli.balance.study import load_study, parse_dates, parse_names
    from gtcli.cli.commands.tally import look_apart
    from gtcli.cli.terminal.balance import echo_report, progress_bar
    from gtcli.cli.terminal.output import json_text, print_diagnostics, safe

    refused = simulating.too_many_logs(folder, stats_only, games)
    if refused:
        raise click.BadParameter(refused, param_hint="'--games'")
    if resume and (overwrite or not folder):
        raise click.BadParameter("needs -o DIR, and not --overwrite (which starts the study again)",
                                 param_hint="'--resume'")
    chosen_names = _parsed("--names", parse_names, names, players, language)
    with option_errors("--names"):  # "Ana" and Cyrillic "Аna" at one table would be two players shown as one
        look_apart(chosen_names)
    chosen_dates = _parsed("--dates", parse_dates, dates)
    with option_problems():
        study, card_set, left_out = load_study(cards, board, profile_spec, players, seed, bot, variants,
                                               bool(folder) and not stats_only, language, chosen_names, chosen_dates)
    study = replace(study, budget=budget)
    if left_out:
        click.echo(f"gt: left out of the decks (a manual effect, which a bot cannot carry out): "
                   f"{', '.join(safe(repr(n), False) for n in left_out)}", err=True)
    executor = executor_from(jobs, executor_kind, scheduler)
    bar = None if quiet or as_json else progress_bar(games, "simulating games")
    with bar or nullcontext():
        outcome = simulating.run(study, games, card_set, left_out, executor, start_map, folder, overwrite,
                                 advance=(lambda: bar.advance(bar.task_ids[0])) if bar is not None else None,
                                 resume=resume)
    for temp, adopted in outcome.tidied:
        click.echo(safe(f"gt: {folder}/{temp} was left by a run that was killed: "
                        + (f"its games are kept as {adopted}" if adopted else "removed"), False), err=True)
    for temp, why in outcome.left_alone:
        click.echo(safe(f"gt: {folder}/{temp} looks like a killed run's temporary file but {why}: left alone",
                        False), err=True)
    seconds, done = outcome.seconds, outcome.done
    report = outcome.tally.report({c.name: c.kind for c in card_set.cards if c.name not in left_out})
    data = {"games": done, "requested": games, "stopped": outcome.stopped, "signal": outcome.signal,
            "seconds": round(seconds, 3),
            "games_per_second": round((done - (outcome.resumed or 0)) / seconds, 2) if seconds > 0 else None,
            "bot": bot, "seed": seed, "players": list(players), "card_set": card_set.name, "left_out": list(left_out),
            "folder": folder, "logs_written": outcome.written, "replaced": outcome.replaced,
            "recovered": [adopted for _, adopted in outcome.tidied if adopted], "resumed": outcome.resumed,
            "left_alone": [{"file": temp, "reason": why} for temp, why in outcome.left_alone],
            "executor": executor.describe(), "report": report,
            "error": outcome.error.diagnostics[0].to_json() if outcome.error else None}
    if as_json:
        click.echo(json_text(data))
    elif not outcome.stopped:  # a stopped run says it in one line, below
        if not quiet and done and not outcome.error:
            echo_report(report, [bot])
        where = f", written to {safe(folder, False)}" if folder else ""
        replaced = f" ({outcome.replaced} existing file(s) replaced)" if outcome.replaced else ""
        if outcome.resumed is not None:
            replaced += f" (resumed: {outcome.resumed} game(s) were kept already)"
        click.echo(f"{done} of {games} game(s) played by the {bot} bot in {seconds:.1f} s "
                   f"({data['games_per_second']} games/s, {executor.describe()}){where}{replaced}.",
                   err=outcome.stopped or bool(outcome.error))
    if outcome.error:
        if not as_json:
            print_diagnostics(outcome.error.diagnostics, as_json=False)
            click.echo(f"gt: {done} game(s) kept in {safe(folder, False)}.", err=True)
        sys.exit(EXIT_UNUSABLE)
    if outcome.stopped:
        how = "interrupted" if outcome.signal == "SIGINT" else f"stopped by {outcome.signal}"
        click.echo(f"gt: {how}: {done} of {games} game(s) done in {seconds:.1f} s"
                   + (", kept in " + safe(folder, False) if folder else "") + ".", err=True)
        sys.exit(outcome.exit_code)
    if folder is None and not done:
        sys.exit(EXIT_UNUSABLE)
