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


class JsonErrors(click.Command):
    """With ``--json``, an option Click itself refuses (``--players 9``, ``--h1 2``) is the errors document
    too (docs/json.md), code CFG006 at the option, exit 2, like the command's own checks."""

    def make_context(self, info_name, args, parent=None, **extra):
        wants_json = "--json" in args  # before parsing, which consumes the list
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:
            if not wants_json:
                raise
            from gtcli.cli.terminal.output import print_diagnostics
            from gtcli.core.diagnostics import Diagnostic

            param = getattr(exc, "param", None)
            where = (param.opts[0] if isinstance(param, click.Option) else param.human_readable_name
                     if param is not None else getattr(exc, "param_hint", None) or info_name)
            print_diagnostics([Diagnostic("CFG006", exc.format_message(), path=str(where).strip("'"))], as_json=True)
            raise SystemExit(EXIT_UNUSABLE) from None


@click.group(cls=DefaultGroup)
def balance() -> None:
    """Balance statistics of many games, and tests between two versions of a card set.

    \b
    gt balance DIR|ARCHIVE... [--json] [-o report.html]   (= gt balance report ...)
    gt balance compare OLD_SET NEW_SET [--metric M] [--max-games N]
    gt balance diff OLD_STUDY NEW_STUDY [--json]
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
    from gtcli.balance.reading import check_arguments, nothing_usable, read
    from gtcli.balance.report_html import balance_html
    from gtcli.cli.settings import club_options
    from gtcli.cli.terminal.output import json_text, print_diagnostics, safe

    check_arguments(paths)
    bar = None if quiet or as_json else progress_bar(0, "reading logs")
    with bar or nullcontext():
        study = read(paths, lambda p: club_options(p, cards=cards, board=board, profile=profile_spec,
                                                   allow_outside=allow_outside),
                     executor_from(jobs, executor_kind, scheduler), start_map, progress=_progress(bar))
    if study.found.problems:
        print_diagnostics(study.found.problems, as_json=False)
    excluded, data, bots = study.excluded, study.tally.report(), study.bots
    failure = nothing_usable(study)
    if output and not failure:
        from gtcli.core.files.guarded import save

        rest = excluded.count - len(excluded.examples)  # the page lists the examples, and counts the rest
        listed = excluded.examples + ([{"file": "…", "reason": f"{rest} more left out (of {excluded.count}: " + ", ".join(
            f"{n} {why}" for why, n in excluded.by_reason.most_common()) + ")"}] if rest else [])
        save(output, balance_html(data, bots, list(paths), listed, "gt balance", incomplete_notes(study)),
             what="balance report")
    if as_json:
        click.echo(json_text({"sources": list(paths), "bots": bots, "excluded": excluded.examples,
                              "excluded_count": excluded.count, "excluded_by_reason": excluded.json()["by_reason"],
                              "repeats": study.repeats.count, "repeated": study.repeats.examples,
                              "unfinished": unfinished(study),
                              "report": data, "html": output if output and not failure else None,
                              "error": failure.diagnostics[0].to_json() if failure else None}))
    else:
        if study.tally.games:
            echo_report(data, bots)
        echo_excluded(excluded)
        echo_repeats(study.repeats)
        echo_unfinished(study)
        if output and not failure:
            click.echo(safe(f"Wrote {output}: the balance report of {study.tally.games} game(s).", False), err=True)
    if failure:
        if not as_json:
            print_diagnostics(failure.diagnostics, as_json=False)
        sys.exit(EXIT_UNUSABLE)


def _progress(bar):
    """The progress bar's total set once the logs are known; what to call after each."""
    if bar is None:
        return None

    def starting(total: int):
        bar.progress.update(bar.task_ids[0], total=total)
        return lambda: bar.advance(bar.task_ids[0])

    return starting


def echo_excluded(excluded, shown: int = 20) -> None:
    """The games left out: how many, by reason, the first few by name."""
    from gtcli.cli.terminal.output import safe

    if not excluded.count:
        return
    reasons = ", ".join(f"{n} {reason}" for reason, n in excluded.by_reason.most_common())
    click.echo(safe(f"{excluded.count} game(s) left out ({reasons}):", False), err=True)
    for e in excluded.examples[:shown]:
        click.echo(safe(f"  {e['file']}: {e['reason']}", False), err=True)
    if excluded.count > shown:
        click.echo(f"  ... and {excluded.count - shown} more (--json lists the first {len(excluded.examples)})",
                   err=True)


def unfinished(study) -> list[dict]:
    """The studies whose run did not finish (docs/json.md): their file, games done and asked for, and why."""
    return [{"file": s["file"], "done": s["done"], "games": s["games"], "signal": s["signal"]}
            for s in study.found.studies if not s["finished"]]


def unfinished_words(study) -> list[str]:
    """A sentence per study whose run did not finish (the terminal's lines and the HTML page's notes)."""
    said = []
    for s in unfinished(study):
        how = (f"stopped by {s['signal']}" if s["signal"] else
               "stopped" if s["done"] else "killed, or still running")
        said.append(f"{s['file']}: an unfinished study ({how}; {s['done']} of {s['games']} game(s) said done): "
                    "its games are counted, the rest were never played")
    return said


def incomplete_notes(study) -> list[str]:
    """What the HTML report says above its figures when its study is not whole: unfinished runs, repeats."""
    notes = unfinished_words(study)
    if study.repeats.count:
        notes.append(f"{study.repeats.count} game(s) read twice, counted once (the same study, seed and index); "
                     "gt balance --json lists them.")
    return notes


def echo_unfinished(study, side: str = "") -> None:
    """One line per study whose run did not finish: its games are counted, but it is not the whole study."""
    from gtcli.cli.terminal.output import safe

    for line in unfinished_words(study):
        click.echo(safe(f"gt: {side}{line}", False), err=True)


def echo_repeats(repeats, shown: int = 20, side: str = "") -> None:
    """The games read twice and counted once (:class:`gtcli.balance.sources.Repeats`): how many, the first by name."""
    from gtcli.cli.terminal.output import safe

    if not repeats.count:
        return
    click.echo(f"{side}{repeats.count} game(s) read twice, counted once (the same study, seed and index):", err=True)
    for e in repeats.examples[:shown]:
        click.echo(safe(f"  {e['file']}: game {e['index'] + 1} of seed {e['seed']} again", False), err=True)
    if repeats.count > shown:
        click.echo(f"  ... and {repeats.count - shown} more (--json lists the first {len(repeats.examples)})",
                   err=True)


@balance.command("diff")
@click.argument("old", metavar="OLD_STUDY", type=click.Path())
@click.argument("new", metavar="NEW_STUDY", type=click.Path())
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@executor_options
@json_option
@log_options
@handles_input_errors()
def diff(old, new, quiet, jobs, executor_kind, scheduler, as_json, cards, board, profile_spec, allow_outside) -> None:
    """Each card's figure in two studies side by side, with its change and interval.

    OLD_STUDY and NEW_STUDY are what `gt balance` reads (a folder of games, logs,
    games.jsonl): say, the same set before and after an edit, each simulated with
    `gt simulate -o`. A card has changed when its change, Holm-corrected across the
    cards, is beyond chance. Exit codes: 0 done, 2 a study with no usable game.
    """
    from gtcli.balance.diff import compare_reports, edited_cards
    from gtcli.balance.reading import card_set_of, check_arguments, nothing_usable, read
    from gtcli.cli.settings import club_options
    from gtcli.cli.terminal.balance_diff import echo_diff
    from gtcli.cli.terminal.output import json_text, safe

    check_arguments((old, new), "gt balance diff")
    executor = executor_from(jobs, executor_kind, scheduler)
    studies = []
    for path in (old, new):
        study = read((path,), lambda p: club_options(p, cards=cards, board=board, profile=profile_spec,
                                                     allow_outside=allow_outside), executor, start_map)
        failure = nothing_usable(study)
        if failure:
            raise failure
        studies.append(study)
    sets = [card_set_of(study) for study in studies]
    edited = edited_cards(*sets) if None not in sets else None
    data = {"old": old, "new": new, "bots": {"old": studies[0].bots, "new": studies[1].bots},
            "excluded_count": {"old": studies[0].excluded.count, "new": studies[1].excluded.count},
            "repeats": {"old": studies[0].repeats.count, "new": studies[1].repeats.count},
            "unfinished": {"old": unfinished(studies[0]), "new": unfinished(studies[1])},
            **compare_reports(studies[0].tally.report(), studies[1].tally.report(), edited)}
    if as_json:
        click.echo(json_text(data))
        return
    echo_diff(data)
    if studies[0].bots != studies[1].bots:
        click.echo(safe("gt: the two studies were not played by the same players (bots "  # bots: study.json's
                        f"{', '.join(map(str, studies[0].bots))} before, {', '.join(map(str, studies[1].bots))} "
                        "after): a change may be theirs, not the cards'.", False), err=True)
    for name, study in zip(("old", "new"), studies):
        if study.excluded.count:
            click.echo(f"{name}: {study.excluded.count} game(s) left out (gt balance lists them).", err=True)
        echo_repeats(study.repeats, 3, f"{name}: ")
        echo_unfinished(study, f"{name}: ")


@balance.command("compare", cls=JsonErrors)
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

    from gtcli.balance import compare as comparing
    from gtcli.balance.study import OptionProblem, load_study
    from gtcli.cli.terminal.output import json_text, safe
    from gtcli.core.statistics import newcombe, wilson

    chosen, test = comparing.choose_metric(metric, d0, d1, alpha, beta, players)
    studies, left_out = [], []
    for path in (old_set, new_set):
        try:
            study, card_set, left = load_study(path, board, profile_spec, players, seed, bot, variants, logs=False)
        except OptionProblem as exc:
            raise comparing.problem(exc.option, str(exc)) from None
        study = replace(study, budget=budget)
        chosen = comparing.card_metric(chosen, card_set, left, path)
        studies.append(study)
        left_out.append(list(left))
    bar = None if as_json else progress_bar(2 * max_games, "playing both versions")
    with bar or nullcontext():
        verdict, pairs = comparing.run(tuple(studies), chosen, test, max_games,
                                       executor_from(jobs, executor_kind, scheduler), start_map,
                                       (lambda: bar.advance(bar.task_ids[0])) if bar is not None else None)
    low, high = newcombe(test.s_new, test.n_new, test.s_old, test.n_old)
    new_rate = test.s_new / test.n_new if test.n_new else None
    old_rate = test.s_old / test.n_old if test.n_old else None
    said = comparing.verdict_words(chosen, verdict, d0, d1, pairs, max_games, new_rate, old_rate)
    data = {"metric": chosen.text, "h0": d0, "h1": d1, "alpha": alpha, "beta": beta, "verdict": verdict,
            "games": pairs, "max_games": max_games, "llr": round(test.llr, 6),
            "bounds": [round(test.lower, 6), round(test.upper, 6)], "bot": bot, "said": said,
            "old": {"card_set": old_set, "successes": test.s_old, "trials": test.n_old,
                    "rate": old_rate, "ci": list(wilson(test.s_old, test.n_old)), "left_out": left_out[0]},
            "new": {"card_set": new_set, "successes": test.s_new, "trials": test.n_new,
                    "rate": new_rate, "ci": list(wilson(test.s_new, test.n_new)), "left_out": left_out[1]},
            "difference": {"value": new_rate - old_rate if new_rate is not None and old_rate is not None else None,
                           "ci": [low, high]}}
    if as_json:
        click.echo(json_text(data))
        return
    click.echo(safe(f"{said} (bot {bot}; bots do not play like people).", False))
    if data["difference"]["value"] is not None:
        click.echo(f"  change {100 * data['difference']['value']:+.1f} points, 95% interval "
                   f"{100 * low:+.1f} to {100 * high:+.1f} points, after {pairs} game(s) of each version.")
    for name, side in (("old", data["old"]), ("new", data["new"])):
        rate = "-" if side["rate"] is None else f"{100 * side['rate']:.1f}%"
        click.echo(safe(f"  {name} {side['card_set']}: {side['successes']} of {side['trials']} ({rate}, 95% interval "
                        f"{100 * side['ci'][0]:.1f}% - {100 * side['ci'][1]:.1f}%)", False))
    click.echo(f"  LLR {test.llr:.3f}, bounds {test.lower:.3f} and {test.upper:.3f} "
               f"(alpha {alpha}, beta {beta}).")


from gtcli.cli.commands.balance_value import value as _value  # noqa: E402  (gt balance value)

balance.add_command(_value)
