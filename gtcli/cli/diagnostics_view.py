"""Diagnostics for checking commands in three formats: human, json and github.

Human output is ``file:line:col: CODE message``, the source line with a caret under the
column, then the hint; a summary closes it. ``github`` prints workflow commands so CI
annotates the lines. JSON is ``{"files": [...], "summary": {...}}`` (docs/json.md).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import click

from gtcli.cli.output import use_colour
from gtcli.diagnostics import ERROR, WARNING, Diagnostic

FORMATS = ("human", "json", "github")


@dataclass
class FileReport:
    path: str
    kind: str  # "set", "translation", "log", ...
    diagnostics: list[Diagnostic]
    texts: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def count(self, severity: str) -> int:
        return sum(1 for d in self.diagnostics if d.severity == severity)


def _sorted(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=lambda d: (d.path or "", d.line or 0, d.col or 0, d.code))


def _caret(d: Diagnostic, texts: dict[str, str]) -> list[str]:
    text = texts.get(d.path or "")
    if text is None or d.line is None:
        return []
    lines = text.splitlines()
    if not 1 <= d.line <= len(lines):
        return []
    source = lines[d.line - 1].replace("\t", " ")
    col = max(1, d.col or 1)
    return [f"  {d.line:>4} | {source}", "       | " + " " * (col - 1) + "^"]


def echo_diagnostic(d: Diagnostic, texts: dict[str, str]) -> None:
    """One diagnostic for people: ``file:line:col: CODE message``, the line with a caret, the hint."""
    head = f"{d.location()}: {d.code} "
    if d.severity != ERROR:
        head += f"{d.severity}: "
    if use_colour(sys.stdout):
        head = head.replace(d.code, click.style(d.code, fg="red" if d.severity == ERROR else "yellow", bold=True), 1)
    click.echo(head + d.message)
    for line in _caret(d, texts):
        click.echo(line)
    if d.hint:
        click.echo(f"  hint: {d.hint}")


def render(reports: list[FileReport], fmt: str, what: str = "file") -> None:
    if fmt == "json":
        data = {
            "files": [{"file": r.path, "kind": r.kind, **r.extra,
                       "diagnostics": [d.to_json() for d in _sorted(r.diagnostics)]} for r in reports],
            "summary": summary(reports),
        }
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    if fmt == "github":
        for r in reports:
            for d in _sorted(r.diagnostics):
                level = {"error": "error", "warning": "warning"}.get(d.severity, "notice")
                where = f"file={d.path or r.path}" + (f",line={d.line}" if d.line else "") + (f",col={d.col}" if d.col else "")
                message = d.message + (f" ({d.hint})" if d.hint else "")
                click.echo(f"::{level} {where},title={d.code}::{message}")
        return
    for r in reports:
        for d in _sorted(r.diagnostics):
            echo_diagnostic(d, r.texts)
    s = summary(reports)
    verdict = "clean" if not s["errors"] and not s["warnings"] else f"{s['errors']} error(s), {s['warnings']} warning(s)"
    click.echo(f"{s['files']} {what}(s) checked: {verdict}")


def summary(reports: list[FileReport]) -> dict[str, int]:
    return {
        "files": len(reports),
        "errors": sum(r.count(ERROR) for r in reports),
        "warnings": sum(r.count(WARNING) for r in reports),
    }
