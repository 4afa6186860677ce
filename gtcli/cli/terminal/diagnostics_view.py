"""Diagnostics for checking commands in three formats: human, json and github.

Human output is ``file:line:col: CODE message``, the source line with a caret under the
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
from gtcli.core.diagnostics import ERROR, WARNING, Diagnostic, FileReport

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
    """One diagnostic for people: ``file:line:col: CODE message``, the line with a caret, the hint."""
    lines = texts if isinstance(texts, Lines) else Lines(texts)
    caret = _caret(d, lines)
    d = safe_diagnostic(d)
    code = d.code  # styled where it stands, never searched for: a file named K1.gtl keeps its name plain
    if use_colour(sys.stdout):
        code = click.style(d.code, fg="red" if d.severity == ERROR else "yellow", bold=True)
    head = f"{d.location()}: {code} " + (f"{d.severity}: " if d.severity != ERROR else "")
    click.echo(head + d.message)
    for line in caret:
        click.echo(line)
    if d.hint:
        click.echo(f"  hint: {d.hint}")


def _shown(report: FileReport, limit: int) -> tuple[list[Diagnostic], int]:
    """The diagnostics to show for a file, in order, and how many are left out."""
    ordered = _sorted(report.diagnostics)
    if limit <= 0 or len(ordered) <= limit:
        return ordered, 0
    return ordered[:limit], len(ordered) - limit


def report_json(report: FileReport, max_findings: int = MAX_FINDINGS) -> dict[str, Any]:
    """One file's entry of the JSON document (docs/json.md)."""
    ds, left = _shown(report, max_findings)
    return {"file": report.path, "kind": report.kind, **report.extra, "diagnostics": [d.to_json() for d in ds],
            **({"omitted": left} if left else {}), **({"config": report.config} if report.config else {}),
            **({"hidden_by_config": report.hidden} if report.hidden else {})}


def echo_report(report: FileReport, fmt: str, max_findings: int = MAX_FINDINGS) -> None:
    """One file's findings, for people (``human``) or for CI (``github``)."""
    ds, left = _shown(report, max_findings)
    if fmt == "github":
        for d in map(safe_diagnostic, ds):
            level = {"error": "error", "warning": "warning"}.get(d.severity, "notice")
            where = f"file={d.path or report.path}" + (f",line={d.line}" if d.line else "") + (f",col={d.col}" if d.col else "")
            message = d.message + (f" ({d.hint})" if d.hint else "")
            click.echo(f"::{level} {where},title={d.code}::{message}")
        if left:
            click.echo(f"::notice file={safe(report.path, False)}::... and {left} more (--max-findings 0 shows all)")
        return
    lines = Lines(report.texts)
    for d in ds:
        echo_diagnostic(d, lines)
    if left:
        click.echo(f"{safe(report.path, False)}: ... and {left} more (--max-findings 0 shows all)")


def echo_summary(counts: dict[str, Any], what: str = "file") -> None:
    """The closing line: ``3 log(s) checked: 2 error(s), 1 warning(s)`` (or ``clean``), naming the
    configuration files in force (``counts["config"]``) and the findings they hid."""
    verdict = "clean" if not counts["errors"] and not counts["warnings"] else \
        f"{counts['errors']} error(s), {counts['warnings']} warning(s)"
    click.echo(f"{counts['files']} {what}(s) checked: {verdict}{config_note(counts)}")


def config_note(counts: dict[str, Any]) -> str:
    """`` (settings from gt.toml; 3 finding(s) hidden by them)``, or nothing without a configuration file."""
    files = counts.get("config") or []
    if not files:
        return ""
    note = f" (settings from {', '.join(safe(f, False) for f in files)}"
    hidden = counts.get("hidden_by_config", 0)
    return note + (f"; {hidden} finding(s) hidden by them)" if hidden else ")")


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
    }
