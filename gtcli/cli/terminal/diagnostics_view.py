"""Diagnostics for checking commands in three formats: human, json and github.

Human output is ``file:line:col: CODE severity: message``, the source line with a caret under the
column, then the hint; a summary closes it. ``github`` prints workflow commands so CI
annotates the lines. JSON is ``{"files": [...], "summary": {...}}`` (docs/json.md).

Output stays bounded whatever the input: each file shows at most ``max_findings``
diagnostics (then "... and N more"; the summary still counts them all), each file's
text is split into lines once, not once per diagnostic, and an echoed source line is
cut to :data:`SOURCE_WIDTH` characters around the caret. User text is escaped
(:func:`gtcli.cli.terminal.output.safe`) before it reaches the terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

import click

from gtcli.cli.terminal.output import MAX_FINDINGS, json_text, safe, safe_diagnostic, use_colour
from gtcli.core.diagnostics import ERROR, NOTE, WARNING, Diagnostic, FileReport

FORMATS = ("human", "json", "github")
SOURCE_WIDTH = 100


def _sorted(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=lambda d: (d.path or "", d.line or 0, d.col or 0, d.code))


class Lines:
    """The lines of each file's text, split once (``\n`` only, as the parsers count lines)."""

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts
        self.split: dict[str, list[str]] = {}

    def get(self, path: str | None, line: int) -> str | None:
        text = self.texts.get(path or "")
        if text is None:
            return None
        if path not in self.split:
            self.split[path] = text.split("\n")
        lines = self.split[path]
        return lines[line - 1] if 1 <= line <= len(lines) else None


def _caret(d: Diagnostic, lines: Lines) -> list[str]:
    """The source line (escaped, cut around the column) and a caret under the column."""
    source = lines.get(d.path, d.line) if d.line is not None else None
    if source is None:
        return []
    source = source.replace("\t", " ")
    col = min(max(1, d.col or 1), len(source) + 1)
    start = 0 if col <= SOURCE_WIDTH * 3 // 4 else max(0, min(col - 1 - SOURCE_WIDTH // 2, len(source) - SOURCE_WIDTH))
    end = start + SOURCE_WIDTH
    before = ("..." if start else "") + safe(source[start:col - 1], False)
    shown = before + safe(source[col - 1:end], False) + ("..." if end < len(source) else "")
    return [f"  {d.line:>4} | {shown}", "       | " + " " * len(before) + "^"]


def echo_diagnostic(d: Diagnostic, texts: dict[str, str] | Lines) -> None:
    """One diagnostic for people: ``file:line:col: CODE severity: message``, the line with a caret, the hint."""
    click.echo("\n".join(diagnostic_lines(d, texts if isinstance(texts, Lines) else Lines(texts), use_colour(sys.stdout))))


def diagnostic_lines(d: Diagnostic, lines: Lines, colour: bool) -> list[str]:
    """The lines :func:`echo_diagnostic` writes (``colour``: the code styled)."""
    caret = _caret(d, lines)
    d = safe_diagnostic(d)
    code = d.code  # styled where it stands, never searched for: a file named K1.gtl keeps its name plain
    if colour:
        code = click.style(d.code, fg="red" if d.severity == ERROR else "yellow", bold=True)
    head = f"{d.location()}: {code} {d.severity}: "  # every severity named, an error's too
    return [head + d.message, *caret, *([f"  hint: {d.hint}"] if d.hint else [])]


def shown_findings(report: FileReport, limit: int) -> tuple[list[Diagnostic], int]:
    """The diagnostics to show for a file, in order, and how many are left out."""
    ordered = _sorted(report.diagnostics)
    if limit <= 0 or len(ordered) <= limit:
        return ordered, 0
    return ordered[:limit], len(ordered) - limit


def report_json(report: FileReport, max_findings: int = MAX_FINDINGS) -> dict[str, Any]:
    """One file's entry of the JSON document (docs/json.md)."""
    ds, left = shown_findings(report, max_findings)
    return {"file": report.path, "kind": report.kind, **report.extra, "diagnostics": [d.to_json() for d in ds],
            **({"omitted": left} if left else {}), **({"config": report.config} if report.config else {}),
            **({"hidden_by_config": report.hidden} if report.hidden else {}),
            **({"suppressed_by_noqa": report.suppressed} if report.suppressed else {})}


def echo_report(report: FileReport, fmt: str, max_findings: int = MAX_FINDINGS) -> None:
    """One file's findings, for people (``human``) or for CI (``github``)."""
    ds, left = shown_findings(report, max_findings)
    if fmt == "github":
        for d in map(safe_diagnostic, ds):
            level = {"error": "error", "warning": "warning"}.get(d.severity, "notice")
            where = f"file={d.path or report.path}" + (f",line={d.line}" if d.line else "") + (f",col={d.col}" if d.col else "")
            message = d.message + (f" ({d.hint})" if d.hint else "")
            click.echo(f"::{level} {where},title={d.code}::{message}")
        if left:
            click.echo(f"::notice file={safe(report.path, False)}::... and {left} more (--max-findings 0 shows all)")
        return
    lines, colour = Lines(report.texts), use_colour(sys.stdout)
    out = [line for d in ds for line in diagnostic_lines(d, lines, colour)]
    if left:
        out.append(f"{safe(report.path, False)}: ... and {left} more (--max-findings 0 shows all)")
    if out:  # one write for the file's findings, not one per line (each echo flushes)
        click.echo("\n".join(out))


def echo_summary(counts: dict[str, Any], what: str = "file") -> None:
    """The closing line: ``3 log(s) checked: 2 error(s), 1 warning(s)``, or ``clean``, with the
    notes shown (``clean (2 notes)``: a run that showed notes is not silent about them), the
    findings ``# noqa`` comments suppressed, the configuration files in force (``counts["config"]``)
    and the findings they hid."""
    click.echo(f"{counts['files']} {what}(s) checked: {verdict(counts)}")


def verdict(counts: dict[str, Any]) -> str:
    """``clean``, ``clean (2 notes)``, ``1 error(s), 0 warning(s), 2 note(s)``, and what the run's
    suppressions and settings did, in one parenthesis."""
    notes = counts.get("notes", 0)
    said: list[str] = []
    if counts["errors"] or counts["warnings"]:
        text = f"{counts['errors']} error(s), {counts['warnings']} warning(s)" + (f", {notes} note(s)" if notes else "")
    else:
        text = "clean"
        said += [f"{notes} note{'' if notes == 1 else 's'}"] if notes else []
    said += effects(counts)
    return text + (f" ({'; '.join(said)})" if said else "")


def effects(counts: dict[str, Any]) -> list[str]:
    """What changed the run's verdict besides the command line: findings suppressed by ``# noqa``
    comments, the configuration files in force and the findings they hid (by ``ignore``,
    ``select``, ``severity`` or ``per-file-ignores``)."""
    said = []
    suppressed = counts.get("suppressed_by_noqa", 0)
    if suppressed:
        said.append(f"{suppressed} finding(s) suppressed by # noqa")
    files = counts.get("config") or []
    if files:
        said.append(f"settings from {', '.join(safe(f, False) for f in files)}")
        hidden = counts.get("hidden_by_config", 0)
        if hidden:
            said.append(f"{hidden} finding(s) hidden by them")
    return said


def render(reports: list[FileReport], fmt: str, what: str = "file", max_findings: int = MAX_FINDINGS) -> None:
    if fmt == "json":
        click.echo(json_text({"files": [report_json(r, max_findings) for r in reports], "summary": summary(reports)}))
        return
    for r in reports:
        echo_report(r, fmt, max_findings)
    if fmt == "human":
        echo_summary(summary(reports), what)


def summary(reports: list[FileReport]) -> dict[str, int]:
    return {
        "files": len(reports),
        "errors": sum(r.count(ERROR) for r in reports),
        "warnings": sum(r.count(WARNING) for r in reports),
        "notes": sum(r.count(NOTE) for r in reports),
    }
