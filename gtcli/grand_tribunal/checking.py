"""``gt check``'s work on one log, as a pure function: a :class:`Job` in, a report out.

A :class:`Job` holds everything that decides a log's report (the log, its options, the
codes chosen, the club settings in force, its ``per-file-ignores`` among them);
:func:`check_one` replays the log through the rules, lets the log's ``# noqa`` comments
suppress what they name (:mod:`gtcli.core.suppressions`) and keeps the findings the job chose. Both are picklable, so an executor
(:mod:`gtcli.core.executor`) can map :func:`check_one` over many logs on many processes:
``gt check --jobs`` does, and the club archive judges every log with the very same call
(:mod:`gtcli.club.work`), so its verdicts are gt check's. The command itself (options,
output, exit codes) is :mod:`gtcli.cli.commands.check`.
"""

from __future__ import annotations

from dataclasses import dataclass

from gtcli.core.codes import CodeFilter
from gtcli.core.diagnostics import MAX_FINDINGS

# the settings of a configuration file that decide gt check's report (`language` does not)
VERDICT_KEYS = ("select", "ignore", "severity", "strict", "require-complete", "max-findings", "cards", "board",
                "profile")


@dataclass(frozen=True)
class Job:
    """One log to check, with everything that decides its report (picklable, for --jobs)."""

    path: str  # as given, or <stdin>
    text: str | None  # standard input's text; None: read the file
    options: object  # gtcli.grand_tribunal.lang.logs.check.Options
    codes: CodeFilter
    first: bool
    keep_text: bool  # human output echoes source lines under findings
    max_findings: int
    unusable: tuple = ()  # diagnostics of an input that could not even be read (standard input)
    config: str | None = None  # the configuration file whose settings are in force for this log
    chosen: CodeFilter = CodeFilter()  # the codes the command line alone chose (to count what the file hid)
    noqa: bool = True  # the log's `# noqa` comments suppress what they name (gt check, gt club)


def check_one(job: Job):
    """The report of one log: its findings as chosen, or why it could not be used (exit 2)."""
    return check_job(job)[0]


def check_job(job: Job):
    """(the report of :func:`check_one`, the :class:`gtcli.grand_tribunal.lang.logs.check.Checked` log it
    replayed or None): for a caller that also needs the parsed log (``gt club`` reads its date and moves)."""
    from dataclasses import replace

    from gtcli.core.diagnostics import ERROR, FileReport, InputError
    from gtcli.core.files.toml_source import read_text
    from gtcli.core.suppressions import apply_noqa, might_hold_noqa
    from gtcli.core.text import new_run
    from gtcli.grand_tribunal.lang.logs.check import MAX_LOG_BYTES, check_file
    from gtcli.grand_tribunal.reports import outcome_json

    if job.unusable:
        return FileReport(job.path, "unreadable", list(job.unusable)), None
    new_run()
    text = job.text
    try:
        text = text if text is not None else read_text(job.path, "log", MAX_LOG_BYTES)
        noqa = job.noqa and might_hold_noqa(text)
        # an error a comment suppresses must not stop the replay (--first): the next one is the first shown
        checked = check_file(job.path, replace(job.options, first=False) if noqa else job.options, text)
    except InputError as exc:  # the text read, if it was (not read twice: once is what was judged)
        return FileReport(job.path, "unreadable", list(exc.diagnostics),
                          _source(job.path, text) if job.keep_text else {}), None
    r = checked.result
    diagnostics, suppressed = r.diagnostics, 0
    if noqa:
        done = apply_noqa(diagnostics, text, job.path)
        diagnostics = done.kept
        suppressed = sum(1 for d in done.suppressed if job.codes.keeps(d.code, d.severity))  # what would show
    hidden = 0
    if job.config is not None and job.codes != job.chosen:
        hidden = sum(1 for d in diagnostics if job.chosen.keeps(d.code, d.severity)
                     and not job.codes.keeps(d.code, d.severity))
    if not job.codes.everything:
        diagnostics = [d for d in diagnostics if job.codes.keeps(d.code, d.severity)]
    if job.first:  # the replay may have run to the end; stop after the first error that is shown
        cut = next((n for n, d in enumerate(diagnostics) if d.severity == ERROR), None)
        diagnostics = diagnostics if cut is None else diagnostics[:cut + 1]
    texts = {job.path: checked.text} if job.keep_text and diagnostics else {}
    return FileReport(job.path, "log", diagnostics, texts, outcome_json(r), job.config, hidden,
                      suppressed), checked


def _source(path: str, text: str | None) -> dict[str, str]:
    """The log's text for carets under syntax errors, if it can be read at all."""
    from gtcli.core.diagnostics import InputError
    from gtcli.core.files.toml_source import read_text
    from gtcli.grand_tribunal.lang.logs.check import MAX_LOG_BYTES

    if text is not None:
        return {path: text}
    try:
        return {path: read_text(path, "log", MAX_LOG_BYTES)}
    except InputError:
        return {}


def job_for(path: str, config, given: dict, base: dict, first: bool = False, keep_text: bool = False,
            noqa: bool = True) -> Job:
    """The :class:`Job` of one log: the options ``given`` on the command line, else its club's
    ``config`` (what ``gt check`` and ``gt club`` both judge a log with). ``noqa=False``: the
    log's own ``# noqa`` comments suppress nothing (``--ignore-noqa``, ``gt --isolated``)."""
    from gtcli.core.suppressions import per_file_codes
    from gtcli.grand_tribunal.settings import log_options

    def value(key: str, default):
        return given[key] if key in given else config.get(key, default)

    # a club's per-file-ignores stay in force whatever --select and --ignore say (as ruff's do)
    per_file = per_file_codes(config.get("per-file-ignores", {}), config.folder, path) if config.path else ()
    codes = CodeFilter(value("select", ()), tuple(value("ignore", ())) + per_file, value("severity", "note"))
    chosen = CodeFilter(given.get("select", ()), given.get("ignore", ()), given.get("severity", "note"))
    options = log_options(config, **base, strict=value("strict", False), first=first and codes.everything,
                          require_complete=value("require-complete", False))
    overridden = {**given, **{k: v for k, v in base.items() if v}}
    in_force = config.path is not None and (bool(per_file) or any(k in config.settings and k not in overridden
                                                                  for k in VERDICT_KEYS))
    return Job(path, None, options, codes, first, keep_text, value("max-findings", MAX_FINDINGS), (),
               str(config.path) if in_force else None, chosen, noqa)


def suppressed_by_noqa(job: Job, text: str, diagnostics) -> tuple[str, ...]:
    """``CODE:LINE`` of each finding (of the codes ``job`` keeps) that the log's own ``# noqa`` suppressed:
    what ``gt club`` keeps beside a verdict, so a game a comment made legal never looks clean."""
    from gtcli.core.suppressions import apply_noqa, might_hold_noqa

    if not job.noqa or not might_hold_noqa(text):
        return ()
    gone = apply_noqa(diagnostics, text, job.path).suppressed
    return tuple(f"{d.code}:{d.line}" for d in gone if job.codes.keeps(d.code, d.severity))
