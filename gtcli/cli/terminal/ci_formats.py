"""Findings for the machines a club's CI feeds: SARIF, JUnit XML, and counts per code.

* ``--format sarif``: SARIF 2.1.0, what code-scanning dashboards read (GitHub, GitLab,
  Azure DevOps). One run of the tool ``gt``; each code a finding has is a rule (its title,
  its usual severity); each finding a result at its ``file:line:col``. Relative paths are
  relative to ``%SRCROOT%``, the folder gt ran in. A log that could not be used makes the
  invocation unsuccessful, as it makes the exit code 2.
* ``--format junit``: JUnit XML as CI systems show test reports (Jenkins, GitLab,
  Azure): a test suite per file, a test case per finding. An error is a ``<failure>``;
  a warning or a note passes, its text in ``<system-out>``, so the report's red is the
  exit code's; a file that could not be used is an ``<error>``; a clean file is one
  passing case.
* ``--statistics``: how many findings of each code, most frequent first (ruff's).

Both documents keep to ``--max-findings`` per file, as every output does, and say how
many they left out. User text goes through :func:`text` (:func:`gtcli.cli.terminal.output.safe`,
as XML 1.0 cannot even hold most control characters; a file name that is not UTF-8 as
``caf\xe9``; U+FFFE and U+FFFF, which XML 1.0 cannot hold, as ``\ufffe``). A SARIF ``uri``
is the file's own bytes, percent-encoded.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gtcli import __version__
from gtcli.cli.terminal.diagnostics_view import shown_findings
from gtcli.cli.terminal.output import safe
from gtcli.core.diagnostics import ERROR, Diagnostic, FileReport

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVELS = {"error": "error", "warning": "warning", "note": "note"}


_NOT_XML = re.compile("[\ufffe\uffff\ud800-\udfff]")


def text(value: str, newlines: bool = False) -> str:
    """User text fit for a SARIF or JUnit document: UTF-8, no control character, nothing XML 1.0 forbids."""
    try:  # a name that is not UTF-8 comes from the file system as lone surrogates: show its bytes
        value = value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        value = value.encode("utf-8", "backslashreplace").decode("utf-8")
    return _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", safe(value, newlines))


def _message(d: Diagnostic) -> str:
    return text(d.message + (f" (hint: {d.hint})" if d.hint else ""))


# ---- SARIF -----------------------------------------------------------------------------------------
def _uri(path: str) -> tuple[str, str | None]:
    """(uri, uriBaseId) of a file as gt names it: relative paths from %SRCROOT%."""
    from urllib.parse import quote

    posix = path.replace(os.sep, "/")
    if os.path.isabs(path):
        return Path(path).as_uri(), None  # the name's own bytes, percent-encoded
    return quote(os.fsencode(posix), safe="/"), "%SRCROOT%"


def sarif_document(reports: Iterable[tuple[FileReport, int]]) -> dict[str, Any]:
    """The SARIF 2.1.0 log of one gt run: each file's report with its --max-findings (module docstring)."""
    from gtcli.core.codes import CODES

    rules: dict[str, int] = {}
    rule_list: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    notices: list[dict[str, Any]] = []
    successful = True
    for report, max_findings in reports:
        successful = successful and report.kind != "unreadable"
        shown, left = shown_findings(report, max_findings)
        for d in shown:
            if d.code not in rules:
                rules[d.code] = len(rule_list)
                known = CODES.get(d.code)
                rule = {"id": d.code, "shortDescription": {"text": known.title if known else d.code},
                        "help": {"text": f"gt rules explain {d.code}"}}
                if known:
                    rule["defaultConfiguration"] = {"level": _LEVELS[known.severity]}
                rule_list.append(rule)
            uri, base = _uri(d.path or report.path)
            artifact: dict[str, Any] = {"uri": uri, **({"uriBaseId": base} if base else {})}
            location: dict[str, Any] = {"artifactLocation": artifact}
            if d.line:
                location["region"] = {"startLine": d.line, **({"startColumn": d.col} if d.col else {})}
            results.append({"ruleId": d.code, "ruleIndex": rules[d.code], "level": _LEVELS.get(d.severity, "note"),
                            "message": {"text": _message(d)}, "locations": [{"physicalLocation": location}]})
        if left:
            notices.append({"level": "note", "message": {
                "text": text(f"{report.path}: {left} more finding(s) left out (--max-findings 0 shows all)")}})
    invocation: dict[str, Any] = {"executionSuccessful": successful}
    if notices:
        invocation["toolExecutionNotifications"] = notices
    run = {"tool": {"driver": {"name": "gt", "fullName": "gtcli, the scorekeeper's tool for Grand Tribunal",
                               "version": __version__, "semanticVersion": __version__,
                               "rules": rule_list}},
           "originalUriBaseIds": {"%SRCROOT%": {"uri": Path(os.getcwd()).as_uri().rstrip("/") + "/"}},
           "invocations": [invocation], "results": results, "columnKind": "unicodeCodePoints"}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


# ---- JUnit XML -------------------------------------------------------------------------------------
def junit_document(reports: Iterable[tuple[FileReport, int]], what: str = "gt check") -> str:
    """The JUnit XML report of one gt run: each file's report with its --max-findings (module docstring)."""
    import xml.etree.ElementTree as ET

    root = ET.Element("testsuites", name=what)
    totals = Counter()
    for report, max_findings in reports:
        path = text(report.path)
        suite = ET.SubElement(root, "testsuite", name=path)
        counts = Counter()
        shown, left = shown_findings(report, max_findings)
        classname = path.rsplit(".", 1)[0].replace("/", ".").replace("\\", ".").strip(".")  # a/b.gtl: a.b
        if report.kind == "unreadable":
            case = ET.SubElement(suite, "testcase", classname=classname, name="read and parse", file=path)
            lines = "\n".join(text(d.format()) for d in shown)
            first = shown[0] if shown else None
            problem = ET.SubElement(case, "error", type=first.code if first else "IO001",
                                    message=_message(first) if first else "could not be read")
            problem.text = lines
            counts.update(tests=1, errors=1)
        for d in shown if report.kind != "unreadable" else ():
            where = f"{d.line}:{d.col or 1}" if d.line else "the whole file"
            case = ET.SubElement(suite, "testcase", classname=classname, name=f"{d.code} at {where}", file=path,
                                 **({"line": str(d.line)} if d.line else {}))
            if d.severity == ERROR:
                failure = ET.SubElement(case, "failure", type=d.code, message=_message(d))
                failure.text = text(d.format(), True)
                counts.update(failures=1)
            else:
                ET.SubElement(case, "system-out").text = text(d.format(), True)
            counts.update(tests=1)
        if not shown:
            ET.SubElement(suite, "testcase", classname=classname, name="no findings", file=path)
            counts.update(tests=1)
        if left:
            ET.SubElement(suite, "system-out").text = f"... and {left} more (--max-findings 0 shows all)"
        for key in ("tests", "failures", "errors"):
            suite.set(key, str(counts[key]))
        suite.set("skipped", "0")
        totals.update(counts)
    for key in ("tests", "failures", "errors"):
        root.set(key, str(totals[key]))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# ---- --statistics ----------------------------------------------------------------------------------
def statistics(reports: Iterable[FileReport]) -> list[dict[str, Any]]:
    """Findings per code and severity, most frequent first (then by code): every finding counted,
    --max-findings or not."""
    from gtcli.core.codes import title

    counted = Counter((d.code, d.severity) for r in reports for d in r.diagnostics)
    return [{"code": code, "severity": severity, "count": n, "title": title(code)}
            for (code, severity), n in sorted(counted.items(), key=lambda kv: (-kv[1], kv[0]))]


def statistics_lines(rows: list[dict[str, Any]]) -> list[str]:
    """``  12  T6      warning  a turn should use both action slots``: aligned plain text."""
    if not rows:
        return []
    count_width = max(len(str(r["count"])) for r in rows)
    code_width = max(len(r["code"]) for r in rows)
    return [f"{r['count']:>{count_width}}  {r['code']:<{code_width}}  {r['severity']:<7}  {r['title']}".rstrip()
            for r in rows]
