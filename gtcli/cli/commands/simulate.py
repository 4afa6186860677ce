"""``gt simulate``: play whole games with a bot, write them as legal logs, report the balance figures.

Game *i* of seed *S* is the same game whatever ``--jobs``, executor or order
(:mod:`gtcli.grand_tribunal.play.simulation`); the folder ``-o DIR`` holds the logs (or, with
``--stats-only``, ``games.jsonl``), ``study.json`` and the card set the logs name
(:mod:`gtcli.balance.folder`). Ctrl-C stops the run and keeps every game finished.
"""

from __future__ import annotations

import sys
import time
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path

import click

from gtcli.cli import completing
from gtcli.cli.options import executor_from, executor_options, json_option, profile_option, start_map
from gtcli.cli.terminal.output import EXIT_UNUSABLE, handles_input_errors
from gtcli.core.diagnostics import Diagnostic, InputError


def _players(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, ...]:
    """``4``, ``3,4,5`` or ``3..5``: the game sizes, taken in turn."""
    try:
        if ".." in value:
            low, high = (int(x) for x in value.split("..", 1))
            counts = tuple(range(low, high + 1))
        else:
            counts = tuple(int(x) for x in value.split(",") if x.strip())
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a number of players (4, 3,4,5 or 3..5)", ctx, param) from None
    if not counts or any(not 3 <= n <= 5 for n in counts):
        raise click.BadParameter(f"{value!r}: Grand Tribunal takes 3 to 5 players", ctx, param)
    return counts


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


DEFAULT_BUDGET = 128  # gtcli.grand_tribunal.play.mcts.DEFAULT_BUDGET (a test keeps them equal): no import at start


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


def load_study(cards: str | None, board: str, profile_spec: str | None, players: tuple[int, ...], seed: int,
               bot: str, variants: str, logs: bool, language: str = "en"):
    """(Study, card set, names of the cards left out) for the options given; InputError if unusable."""
    from gtcli.grand_tribunal.formats.board_file import load_board
    from gtcli.grand_tribunal.formats.profile_file import load_profile
    from gtcli.grand_tribunal.lang.cards.sets import load_set
    from gtcli.grand_tribunal.play.bots import playable_cards, playable_problem
    from gtcli.grand_tribunal.play.simulation import SAMPLE, Study
    from gtcli.grand_tribunal.rules.profiles import BUILTIN
    from gtcli.grand_tribunal.rules.variants import parse_variants

    from gtcli.grand_tribunal.shipped import is_sample

    cards = None if is_sample(cards) else cards  # the shipped sample: what no --cards plays
    card_set = load_set(cards) if cards else None
    profile = load_profile(profile_spec)
    for n in players:
        if not profile.min_players <= n <= profile.max_players:
            raise click.BadParameter(f"the profile takes {profile.min_players} to {profile.max_players} players, "
                                     f"not {n}", param_hint="'--players'")
    board_path = None
    if board not in ("sample", "none"):
        load_board(board)
        board_path = str(Path(board).resolve())
    chosen = tuple(sorted(parse_variants(variants)))
    if card_set is None:
        from gtcli.grand_tribunal.play.simulation import card_set_of

        card_set = card_set_of(Study(players))
    problem = playable_problem(card_set, max(players))
    if problem:
        raise InputError(Diagnostic("CARD025", f"the card set cannot be simulated: {problem}", path=cards or SAMPLE,
                                    hint="bots cannot play cards whose effect is manual; add cards or give them "
                                         "effects the rules carry out (docs/cards.md)"))
    study = Study(players, bot, seed,
                  cards="cards/" + Path(cards).name if cards else SAMPLE,
                  cards_path=str(Path(cards).resolve()) if cards else None,
                  board=None if board == "none" else ("board.toml" if board_path else SAMPLE), board_path=board_path,
                  profile=None if not profile_spec else (profile_spec if profile_spec in BUILTIN else "profile.toml"),
                  profile_path=None if not profile_spec or profile_spec in BUILTIN else str(Path(profile_spec).resolve()),
                  variants=chosen, language=language, logs=logs)
    return study, card_set, playable_cards(card_set)[1]


def companion_files(study) -> dict[str, str]:
    """The files the logs name beside them: the card set (every file it includes), board, profile."""
    from gtcli.core.files.reading import read_text, resolved
    from gtcli.grand_tribunal.lang.cards.sets import load

    files: dict[str, str] = {}
    if study.cards_path:
        root = resolved(study.cards_path).parent
        for path, text in load(study.cards_path).texts.items():
            relative = resolved(path).relative_to(root)
            files["cards/" + relative.as_posix()] = text
    if study.board_path:
        files["board.toml"] = read_text(study.board_path, "board")
    if study.profile_path:
        files["profile.toml"] = read_text(study.profile_path, "profile")
    return files


@click.command()
@click.option("--games", "-n", type=click.IntRange(1, 10_000_000), required=True, metavar="N",
              help="How many games to play.")
@click.option("--cards", metavar="SET.gtc", help="The card set (default: the shipped sample).",
              shell_complete=completing.card_sets)
@study_options
@click.option("-o", "--output", "folder", metavar="DIR", help="Write the games here (logs, study.json).")
@click.option("--stats-only", is_flag=True, help="With -o: keep each game's summary (games.jsonl), not its log.")
@click.option("--overwrite", is_flag=True, help="Replace files of the same names in DIR (it says how many).")
@click.option("--lang", "language", type=click.Choice(["en", "es", "fr", "it"]), default="en", show_default=True,
              help="The language the logs are written in.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar, no report: the summary line only.")
@json_option
@handles_input_errors()
def simulate(games, cards, board, profile_spec, players, seed, bot, budget, variants, jobs, executor_kind, scheduler,
             folder, stats_only, overwrite, language, quiet, as_json) -> None:
    """Play whole games with a bot and write each as a legal log, for balance studies.

    Every move is checked by the referee as it is made: `gt check` accepts every log.
    Game i of seed S is the same game whatever --jobs or --executor. Cards whose effect is
    manual cannot be played by a bot: they are left out of the decks, with a warning.
    Without -o the games are played and only their statistics printed (as `gt balance`).
    """
    from gtcli.balance.folder import MAX_LOGS, Stream, StudyFolder, log_name
    from gtcli.balance.stats import Tally
    from gtcli.cli.terminal.balance import echo_report, progress_bar
    from gtcli.cli.terminal.output import json_text, safe
    from gtcli.grand_tribunal.play.simulation import games as work

    if folder and not stats_only and games > MAX_LOGS:
        raise click.BadParameter(f"at most {MAX_LOGS} logs in one folder (gt check reads as many in a run); "
                                 "use --stats-only, or several runs with other seeds", param_hint="'--games'")
    logs = bool(folder) and not stats_only
    study, card_set, left_out = load_study(cards, board, profile_spec, players, seed, bot, variants, logs, language)
    study = replace(study, budget=budget)
    if left_out:
        click.echo(f"gt: left out of the decks (a manual effect, which a bot cannot carry out): "
                   f"{', '.join(safe(repr(n), False) for n in left_out)}", err=True)
    out = stream = None
    written, extra = 0, {}
    if folder:
        out = StudyFolder(folder)
        extra = companion_files(study) if logs else {}
        names = [log_name(i, games) for i in range(games)] if logs else ["games.jsonl"]
        taken = out.taken([*names, "study.json", *extra])
        if taken and not overwrite:
            out.close()
            raise InputError(Diagnostic("IO008", f"{folder} already holds {len(taken)} of the files this run would "
                                        f"write ({', '.join(taken[:3])}{', ...' if len(taken) > 3 else ''}); "
                                        "nothing was written", path=folder,
                                        hint="write to another folder, or add --overwrite to replace them"))
    tally, done, stopped = Tally(), 0, False
    executor = executor_from(jobs, executor_kind, scheduler)
    started = time.monotonic()
    try:
        results = start_map(work(study), range(games), executor)  # before any file is written
    except click.UsageError:
        if out is not None:
            out.close()
        raise
    if out is not None:
        for name, text in extra.items():
            out.write(name, text)
        stream = Stream(out, "games.jsonl") if not logs else None
    bar = None if quiet or as_json else progress_bar(games, "simulating games")
    try:
        with bar or nullcontext():
            for game in results:
                if game.errors:  # every move was checked as it was made: this is a bot bug
                    raise RuntimeError(f"game {game.index + 1} broke the rules ({', '.join(game.errors)})")
                if logs:
                    out.write(log_name(game.index, games), game.text)
                    written += 1
                elif stream is not None:
                    stream.write_line(json_text({"index": game.index, "seed": game.seed, "summary": game.summary},
                                                indent=None))
                tally.add(game.summary)
                done += 1
                if bar is not None:
                    bar.advance(bar.task_ids[0])
    except KeyboardInterrupt:
        stopped = True
    finally:
        getattr(results, "close", lambda: None)()  # stops the pool or the cluster
        seconds = time.monotonic() - started
        if stream is not None:
            stream.finish()
        if out is not None:
            out.write("study.json", json_text(describe(study, games, done, stopped, left_out, card_set, executor,
                                                       seconds)) + "\n", durable=True)
            out.close()
    report = tally.report([c.name for c in card_set.cards if c.name not in left_out])
    data = {"games": done, "requested": games, "stopped": stopped, "seconds": round(seconds, 3),
            "games_per_second": round(done / seconds, 2) if seconds > 0 else None, "bot": bot, "seed": seed,
            "players": list(players), "card_set": card_set.name, "left_out": list(left_out), "folder": folder,
            "logs_written": written, "replaced": out.replaced if out else 0, "executor": executor.describe(),
            "report": report}
    if as_json:
        click.echo(json_text(data))
    else:
        if not quiet and done:
            echo_report(report, [bot])
        where = f", written to {safe(folder, False)}" if folder else ""
        replaced = f" ({out.replaced} existing file(s) replaced)" if out and out.replaced else ""
        click.echo(f"{done} of {games} game(s) played by the {bot} bot in {seconds:.1f} s "
                   f"({data['games_per_second']} games/s, {executor.describe()}){where}{replaced}.", err=stopped)
    if stopped:
        click.echo(f"gt: interrupted: {done} of {games} game(s) done" + (", kept in " + safe(folder, False) if folder
                                                                          else "") + ".", err=True)
        sys.exit(130)
    if out is None and not done:
        sys.exit(EXIT_UNUSABLE)


def describe(study, games: int, done: int, stopped: bool, left_out, card_set, executor, seconds: float) -> dict:
    """``study.json``: what was simulated, so a report can name the bot (docs/balance.md)."""
    from gtcli import __version__

    return {"gt": __version__, "bot": study.bot, "seed": study.seed, "players": list(study.players),
            "games": games, "done": done, "stopped": stopped, "card_set": card_set.name,
            "cards": study.cards, "board": study.board, "profile": study.profile, "variants": list(study.variants),
            "language": study.language, "logs": study.logs, "left_out": list(left_out),
            "executor": executor.describe(), "seconds": round(seconds, 3)}
