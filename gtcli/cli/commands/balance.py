"""``gt balance``: balance statistics of many games, and a sequential test between two card sets.

``gt balance DIR|ARCHIVE...`` (the same as ``gt balance report ...``) reads simulated or
real games (:mod:`gtcli.balance.sources`) and prints :mod:`gtcli.balance.stats`'s report,
as JSON with ``--json`` and as a page with ``-o report.html``. ``gt balance compare OLD NEW``
plays both versions until the sequential test decides (:mod:`gtcli.balance.compare`).
"""

from __future__ import annotations

import sys
from contextlib import nullcontext

import click

from gtcli.cli import completing
from gtcli.cli.commands.logs import log_options
from gtcli.cli.commands.simulate import study_options
from gtcli.cli.options import executor_from, executor_options, json_option, start_map
from gtcli.cli.terminal.balance import echo_report, progress_bar
from gtcli.cli.terminal.output import EXIT_UNUSABLE, handles_input_errors


class DefaultGroup(click.Group):
    """A group whose first argument, when it is not a subcommand, goes to ``report``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["report", *args]
        return super().parse_args(ctx, args)


@click.group(cls=DefaultGroup)
def balance() -> None:
    """Balance statistics of many games, and tests between two versions of a card set.

    \b
    gt balance DIR|ARCHIVE... [--json] [-o report.html]   (= gt balance report ...)
    gt balance compare OLD_SET NEW_SET [--metric M] [--max-games N]
    gt balance value SET.gtc [--card NAME...] [--games N] [-o values.html]
    """


@balance.command("report")
@click.argument("paths", metavar="DIR|ARCHIVE...", nargs=-1, required=True, type=click.Path())
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE.html",
              help="Also write the report as a page with charts (atomically).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@executor_options
@json_option
@log_options
@handles_input_errors()
def report(paths, output, quiet, jobs, executor_kind, scheduler, as_json, cards, board, profile_spec,
           allow_outside) -> None:
    """Balance statistics of a folder of games: win rates, cards, length, Vis, Tribunals.

    DIR is what `gt simulate -o DIR` wrote, or any folder of logs (a club's archive);
    every log is checked and only complete, legal games count. Exit codes: 0 done,
    2 no game could be used.
    """
    from gtcli.balance.report_html import balance_html
    from gtcli.balance.sources import LogJob, find, read_games, summary_of_log
    from gtcli.balance.stats import Tally
    from gtcli.cli.settings import club_options
    from gtcli.cli.terminal.output import json_text, print_diagnostics, safe

    found = find(paths)
    if found.problems:
        print_diagnostics(found.problems, as_json=False)
    excluded: list[dict] = []
    tally = Tally()
    for path in found.game_files:
        for game in read_games(path, excluded):
            tally.add(game)
    jobs_list = [LogJob(p, club_options(p, cards=cards, board=board, profile=profile_spec,
                                        allow_outside=allow_outside)) for p in found.logs]
    bar = None if quiet or as_json else progress_bar(len(jobs_list), "reading logs")
    results = start_map(summary_of_log, jobs_list, executor_from(jobs, executor_kind, scheduler))
    with bar or nullcontext():
        for path, summary, reason in results:
            if summary is None:
                excluded.append({"file": path, "reason": reason})
            else:
                tally.add(summary)
            if bar is not None:
                bar.advance(bar.task_ids[0])
    bots = [s["bot"] for s in found.studies] or [None]
    data = tally.report()
    if output:
        from gtcli.core.files.guarded import save

        save(output, balance_html(data, bots, list(paths), excluded, "gt balance"), what="balance report")
    if as_json:
        click.echo(json_text({"sources": list(paths), "bots": bots, "excluded": excluded, "report": data,
                              "html": output}))
    else:
        if tally.games:
            echo_report(data, bots)
        if excluded:
            click.echo(f"{len(excluded)} game(s) left out:", err=True)
            for e in excluded[:20]:
                click.echo(safe(f"  {e['file']}: {e['reason']}", False), err=True)
            if len(excluded) > 20:
                click.echo(f"  ... and {len(excluded) - 20} more (--json lists them all)", err=True)
        if output:
            click.echo(safe(f"Wrote {output}: the balance report of {tally.games} game(s).", False), err=True)
    if not tally.games:
        if not as_json:
            click.echo("gt: no game could be used.", err=True)
        sys.exit(EXIT_UNUSABLE)


@balance.command("compare")
@click.argument("old_set", metavar="OLD_SET", type=click.Path(dir_okay=False), shell_complete=completing.card_sets)
@click.argument("new_set", metavar="NEW_SET", type=click.Path(dir_okay=False), shell_complete=completing.card_sets)
@click.option("--metric", default="praeco", show_default=True, metavar="praeco|seat:N|card:NAME",
              shell_complete=completing.metrics,
              help="The win rate compared: the first Praeco's, a seat's, or that of the players who used a card.")
@click.option("--h0", "d0", type=click.FloatRange(-1, 1), default=0.0, show_default=True,
              help="H0: new minus old win rate is this (0.05 = 5 points).")
@click.option("--h1", "d1", type=click.FloatRange(-1, 1), default=0.05, show_default=True,
              help="H1: new minus old win rate is this (negative for a drop).")
@click.option("--alpha", type=click.FloatRange(0.0001, 0.5), default=0.05, show_default=True,
              help="Chance of accepting H1 when H0 is true.")
@click.option("--beta", type=click.FloatRange(0.0001, 0.5), default=0.05, show_default=True,
              help="Chance of accepting H0 when H1 is true.")
@click.option("--max-games", type=click.IntRange(1, 1_000_000), default=20_000, show_default=True, metavar="N",
              help="The game budget per version: stop undecided after N games of each.")
@study_options
@json_option
@handles_input_errors()
def compare(old_set, new_set, metric, d0, d1, alpha, beta, max_games, board, profile_spec, players, seed, bot,
            budget, variants, jobs, executor_kind, scheduler, as_json) -> None:
    """Play two versions of a card set until a sequential test decides a metric.

    The SPRT of H0 (new - old = --h0) against H1 (new - old = --h1), as chess engines'
    test farms use: games are played in pairs (game i of each version, same seed) until
    the log-likelihood ratio crosses a bound or --max-games runs out. Exit codes: 0 done
    (decided or not: the output says), 2 unusable input.
    """
    from dataclasses import replace
    from functools import partial

    from gtcli.balance.compare import observe, order, parse_metric, play_version
    from gtcli.balance.sprt import SPRT, UNDECIDED
    from gtcli.cli.commands.simulate import load_study
    from gtcli.cli.terminal.output import json_text, safe
    from gtcli.core.statistics import newcombe, wilson

    try:
        chosen = parse_metric(metric)
        test = SPRT(d0, d1, alpha, beta)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--metric' / '--h0' / '--h1'") from None
    studies, left_out = [], []
    for path in (old_set, new_set):
        study, card_set, left = load_study(path, board, profile_spec, players, seed, bot, variants, logs=False)
        study = replace(study, budget=budget)
        if chosen.kind == "card":
            found = card_set.find(str(chosen.value))
            if found is None or found.name in left:
                raise click.BadParameter(f"{safe(path, False)} has no card {safe(repr(chosen.value), False)} "
                                         "a bot can play", param_hint="'--metric'")
            chosen = type(chosen)("card", found.name)
        studies.append(study)
        left_out.append(list(left))
    executor = executor_from(jobs, executor_kind, scheduler)
    results = start_map(partial(play_version, tuple(studies)), order(max_games), executor)
    verdict, pairs, pending = UNDECIDED, 0, None
    bar = None if as_json else progress_bar(2 * max_games, "playing both versions")
    try:
        with bar or nullcontext():
            for n, summary in enumerate(results):
                if n % 2 == 0:
                    pending = observe(summary, chosen)
                else:
                    verdict = test.add(new=observe(summary, chosen), old=pending)
                    pairs += 1
                if bar is not None:
                    bar.advance(bar.task_ids[0])
                if verdict != UNDECIDED:
                    break
    finally:
        getattr(results, "close", lambda: None)()  # stops the pool or the cluster
    low, high = newcombe(test.s_new, test.n_new, test.s_old, test.n_old)
    data = {"metric": chosen.text, "h0": d0, "h1": d1, "alpha": alpha, "beta": beta, "verdict": verdict,
            "games": pairs, "max_games": max_games, "llr": round(test.llr, 6),
            "bounds": [round(test.lower, 6), round(test.upper, 6)], "bot": bot,
            "old": {"card_set": old_set, "successes": test.s_old, "trials": test.n_old,
                    "rate": test.s_old / test.n_old if test.n_old else None, "ci": list(wilson(test.s_old, test.n_old)),
                    "left_out": left_out[0]},
            "new": {"card_set": new_set, "successes": test.s_new, "trials": test.n_new,
                    "rate": test.s_new / test.n_new if test.n_new else None, "ci": list(wilson(test.s_new, test.n_new)),
                    "left_out": left_out[1]},
            "difference": {"value": (test.s_new / test.n_new - test.s_old / test.n_old)
                           if test.n_new and test.n_old else None, "ci": [low, high]}}
    if as_json:
        click.echo(json_text(data))
        return
    said = {"H1": f"H1 accepted: the new version moves {chosen.text} by {d1:+.3f} rather than {d0:+.3f}",
            "H0": f"H0 accepted: the new version moves {chosen.text} by {d0:+.3f} rather than {d1:+.3f}",
            UNDECIDED: f"undecided after the budget of {max_games} game(s) per version"}[verdict]
    click.echo(safe(f"{said}, after {pairs} game(s) of each version (bot {bot}; bots do not play like people).",
                    False))
    for name, side in (("old", data["old"]), ("new", data["new"])):
        rate = "-" if side["rate"] is None else f"{100 * side['rate']:.1f}%"
        click.echo(safe(f"  {name} {side['card_set']}: {side['successes']} of {side['trials']} ({rate}, 95% interval "
                        f"{100 * side['ci'][0]:.1f}% - {100 * side['ci'][1]:.1f}%)", False))
    click.echo(f"  LLR {test.llr:.3f}, bounds {test.lower:.3f} and {test.upper:.3f} "
               f"(alpha {alpha}, beta {beta}).")


from gtcli.cli.commands.balance_value import value as _value  # noqa: E402  (gt balance value)

balance.add_command(_value)
