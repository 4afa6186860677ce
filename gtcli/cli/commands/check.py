"""``gt check``: replay logs through the rules and report every illegal move, for a whole archive.

What a club's CI needs, with ruff as the yardstick: files, folders (``*.gtl``, searched
recursively: :mod:`gtcli.grand_tribunal.formats.log_files`) and ``-`` for standard input; ``--select`` /
``--ignore`` / ``--severity`` to choose findings (:class:`gtcli.core.codes.CodeFilter`); a
club's defaults from its configuration file, found for each log (:mod:`gtcli.cli.settings`);
``--jobs`` to use every core.

Every log is checked on its own, as a pure function of the log, its settings and the
files it names: the "did you mean" budget is started again for each log
(:func:`gtcli.core.text.new_run`). So the output of ``--jobs N`` is the output of ``--jobs 1``,
byte for byte, whatever process checked which log; results are printed in the order of
the input, as each is ready.

Standard input is read through the same limits as a file (2 MB) and called ``<stdin>``;
the card set, board and profile its tags name are looked for relative to the current
folder, as if the log were a file there (and, without ``--allow-outside``, only there
or below).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import click

from gtcli.cli import completing
from gtcli.cli.commands.logs import log_options
from gtcli.cli.options import max_findings_option, stops_on_signals
from gtcli.cli.terminal.output import EXIT_FINDINGS, EXIT_UNUSABLE
from gtcli.core.codes import SEVERITIES, selector_problem
from gtcli.core.executor import default_jobs
from gtcli.grand_tribunal.checking import Job, check_one, job_for

STDIN_NAME = "<stdin>"


def _codes(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    """``--select T6,X --select A`` -> ("T6", "X", "A"), each a code or the start of codes."""
    codes = tuple(c.strip().upper() for value in values for c in value.split(",") if c.strip())
    if codes:
        from gtcli.games import load

        load()  # every game's codes, so that any code can be chosen
    for code in codes:
        problem = selector_problem(code)
        if problem:
            raise click.BadParameter(problem, ctx, param)
    return codes


def run_jobs(jobs: list[Job], processes: int) -> Iterator[object]:
    """The reports of ``jobs`` in their order, checked by up to ``processes`` processes
    (:func:`gtcli.core.executor.map_ordered`: the pool starts before this returns)."""
    from gtcli.core.executor import Executor, map_ordered

    return map_ordered(check_one, jobs, Executor(jobs=processes))


@click.command()
@click.argument("paths", metavar="PATH...", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--format", "fmt", type=click.Choice(["human", "json", "github", "sarif", "junit"]), default="human",
              help="Output format: human, json, github (annotations), sarif (SARIF 2.1.0), junit (JUnit XML).")
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--quiet", "-q", is_flag=True, help="Print the findings only: no summary, no progress.")
@click.option("--statistics", is_flag=True,
              help="Count the findings of each code instead of listing them (human or json).")
@click.option("--exit-zero", is_flag=True,
              help="Exit 0 even when errors are found (2 still means a log could not be used).")
@click.option("--select", multiple=True, metavar="CODES", callback=_codes, shell_complete=completing.codes,
              help="Report only these codes: whole codes or their start, comma-separated (T6,X).")
@click.option("--ignore", multiple=True, metavar="CODES", callback=_codes, shell_complete=completing.codes,
              help="Leave these codes out (same form; the more specific of --select and --ignore wins).")
@click.option("--severity", type=click.Choice(SEVERITIES[::-1], case_sensitive=False), default="note",
              show_default=True, help="The least severity reported (warning: no notes; error: errors only).")
@click.option("--strict/--no-strict", default=False, help="A turn that uses fewer than two slots is an error (T6).")
@click.option("--first", is_flag=True, help="Stop each log at its first error.")
@click.option("--require-complete/--no-require-complete", default=False,
              help="A log that stops before the Grand Tribunal is an error (R7), not a note.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), metavar="N",
              help="Check with N processes (default: every core). The output does not depend on N.")
@click.option("--ignore-noqa", is_flag=True,
              help="A log's own `# noqa` comments suppress nothing (implied by gt --isolated).")
@max_findings_option
@log_options
@stops_on_signals
def check(paths, fmt, as_json, quiet, statistics, exit_zero, select, ignore, severity, strict, first, require_complete,
          jobs, ignore_noqa, max_findings, cards, board, profile_spec, allow_outside) -> None:
    """Replay game logs through the rules and report every illegal move.

    PATH is a log, a folder (every *.gtl below it; hidden folders and files left out)
    or - for standard input. A club's defaults come from gt.toml or [tool.gtcli] in a
    pyproject.toml found upward from each log (`gt config` shows them); options given
    here win. `# noqa: CODE` at the end of a log's line suppresses that finding there.
    Exit codes: 0 no errors, 1 errors (0 with --exit-zero), 2 a log or a setting could
    not be used. With --ignore-noqa (or gt --isolated) those comments suppress nothing:
    a club's CI checking what members submit uses it, so a log cannot hide its own findings.
    """
    from contextlib import nullcontext

    from gtcli.cli.terminal.diagnostics_view import FileReport, echo_report, echo_summary, report_json
    from gtcli.cli.terminal.output import json_text
    from gtcli.core.diagnostics import ERROR, NOTE, WARNING

    fmt = "json" if as_json else fmt
    if statistics and fmt not in ("human", "json"):
        raise click.UsageError(f"--statistics prints counts as text or JSON, not --format {fmt}")
    given = {"select": select, "ignore": ignore, "severity": severity.lower(), "strict": strict,
             "require-complete": require_complete, "max-findings": max_findings}
    jobs_list, problems = _jobs(paths, fmt, quiet, first, given, {"cards": cards, "board": board,
                                                                  "profile": profile_spec,
                                                                  "allow_outside": allow_outside},
                                noqa_allowed(ignore_noqa))
    counts = {"files": 0, "errors": 0, "warnings": 0, "notes": 0}
    configs = list(dict.fromkeys(job.config for job in jobs_list if job.config))  # in force, in order
    if configs:
        counts.update({"config": configs, "hidden_by_config": 0})
    entries, unusable = [], False
    collect = statistics or fmt in ("sarif", "junit")  # printed once every report is in

    def take(report: FileReport, limit: int) -> None:
        nonlocal unusable
        unusable = unusable or report.kind == "unreadable"
        counts["errors"] += report.count(ERROR)
        counts["warnings"] += report.count(WARNING)
        counts["notes"] += report.count(NOTE)
        if report.hidden:
            counts["hidden_by_config"] += report.hidden
        if report.suppressed:
            counts["suppressed_by_noqa"] = counts.get("suppressed_by_noqa", 0) + report.suppressed
        if collect:
            entries.append((report, limit))
        elif fmt == "json":
            entries.append(report_json(report, limit))
        else:
            echo_report(report, fmt, limit)

    for problem in problems:  # a folder that could not be searched: not a log, but not to be missed
        take(FileReport(problem.path or "", "unreadable", [problem]), max_findings)
    reports = run_jobs(jobs_list, jobs or default_jobs())
    progress = check_progress(len(jobs_list)) if fmt == "human" and not quiet and len(jobs_list) > 1 else None
    with progress or nullcontext(), _above_the_bar(progress):
        for report, job in zip(reports, jobs_list):  # reports first: once they end, the pool is shut down
            counts["files"] += 1
            take(report, job.max_findings)
            if progress is not None:
                progress.advance(progress.task_ids[0])
    if collect:
        _print_collected(entries, fmt, statistics, quiet, counts)
    elif fmt == "json":
        click.echo(json_text({"files": entries, "summary": counts}))
    elif fmt == "human" and not quiet:
        echo_summary(counts, "log")
    if unusable:
        raise SystemExit(EXIT_UNUSABLE)
    if counts["errors"] and not exit_zero:
        raise SystemExit(EXIT_FINDINGS)


def _print_collected(reports: list, fmt: str, statistics: bool, quiet: bool, counts: dict) -> None:
    """--statistics, --format sarif and --format junit: one document (or table) for the whole run
    (``reports``: each log's report with the --max-findings in force for it)."""
    from gtcli.cli.terminal import ci_formats
    from gtcli.cli.terminal.diagnostics_view import echo_summary
    from gtcli.cli.terminal.output import json_text

    if statistics:
        rows = ci_formats.statistics(report for report, _ in reports)
        if fmt == "json":
            click.echo(json_text({"statistics": rows, "summary": counts}))
            return
        for line in ci_formats.statistics_lines(rows):
            click.echo(line)
        if not quiet:
            echo_summary(counts, "log")
    elif fmt == "sarif":
        click.echo(json_text(ci_formats.sarif_document(reports)))
    else:
        click.echo(ci_formats.junit_document(reports), nl=False)


def noqa_allowed(ignore_noqa: bool) -> bool:
    """Whether a log's own ``# noqa`` comments suppress anything in this run: not with ``--ignore-noqa``,
    nor under ``gt --isolated`` (a run that trusts no file but the logs trusts no comment in them either)."""
    return not ignore_noqa and not click.get_current_context().meta.get("gt.isolated")


def _jobs(paths: tuple[str, ...], fmt: str, quiet: bool, first: bool, given: dict,
          base: dict, noqa: bool = True) -> tuple[list[Job], list]:
    """What to check: each log found, with its settings (the command line, else its club's file)."""
    from gtcli.cli.settings import config_for, fail, from_command_line
    from gtcli.core.diagnostics import InputError
    from gtcli.core.files.reading import read_stream
    from gtcli.grand_tribunal.formats.log_files import STDIN, log_files
    from gtcli.grand_tribunal.lang.logs.check import MAX_LOG_BYTES

    found = log_files(paths)
    if not found.paths and not found.problems:
        raise click.UsageError(f"no .gtl log in {', '.join(found.empty)}")
    if not quiet and fmt == "human":
        for folder in found.empty:
            click.echo(f"gt: no .gtl log in {folder}", err=True)
    given = {key: value for key, value in given.items() if from_command_line(key.replace("-", "_"))}
    jobs = []
    same: dict[object, Job] = {}  # a configuration file without per-file-ignores (or none): one Job for its logs
    for path in found.paths:
        text, unreadable = None, ()
        if path == STDIN:
            try:
                text = read_stream(sys.stdin.buffer, STDIN_NAME, "log", MAX_LOG_BYTES)
            except InputError as exc:
                unreadable = exc.diagnostics
        try:
            config = config_for(None if path == STDIN else path)
        except InputError as exc:
            fail(exc, fmt == "json")
        job = same.get(config.path)
        if job is None:
            job = job_for(path, config, given, base, first, fmt == "human", noqa)
            if not config.get("per-file-ignores"):
                same[config.path] = job
        jobs.append(replace(job, path=STDIN_NAME if path == STDIN else path, text=text, unusable=unreadable))
    return jobs, found.problems


def check_progress(total: int):
    """A progress bar on standard error while logs are checked, only where a person watches it."""
    if not sys.stderr.isatty():
        return None
    from rich.progress import Progress

    from gtcli.cli.terminal.output import console

    # Findings printed meanwhile go above the bar when both streams are the terminal
    # (:func:`_above_the_bar`); when the findings go to a file, they are left alone.
    progress = Progress(console=console(stderr=True), transient=True, redirect_stdout=False, redirect_stderr=False)
    progress.add_task("checking logs", total=total)
    return progress


@contextmanager
def _above_the_bar(progress) -> Iterator[None]:
    """While the bar runs on the terminal, what gt prints to a terminal stdout goes above it.

    rich's own ``redirect_stdout`` does not catch ``click.echo``: its stand-in for stdout has
    no encoding, so Click writes to the terminal's bytes beneath it and a finding landed on
    the bar's line. This stand-in tells Click it is a proper text stream (UTF-8, a terminal),
    so every line passes through the bar's console, which prints it above the bar.
    """
    if progress is None or not sys.stdout.isatty():
        yield
        return
    from rich.file_proxy import FileProxy

    class TerminalProxy(FileProxy):
        encoding = "utf-8"
        errors = "replace"

        def isatty(self) -> bool:
            return True

    real = sys.stdout
    progress.console.soft_wrap = True  # a long finding is not cut into lines: the terminal wraps it, as without a bar
    sys.stdout = TerminalProxy(progress.console, real)
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stdout = real
