"""One short failing log per rule code (scenarios/rules/CODE.gtl, made by cases.py).

The expected line, column and severity come from a marker in the case's source, not
from the checker, so these tests hold the checker to what each case means.
"""

from __future__ import annotations

import json
import re

import pytest

from gtcli.games import CODES
from tests.conftest import SCENARIOS, run

LOGS = sorted((SCENARIOS / "rules").glob("*.gtl"))
LEGAL = sorted((SCENARIOS / "rules" / "legal").glob("*.gtl"))
RULE_PREFIXES = ("S", "P", "T", "A", "V", "K", "R", "X")


def expectation(path):
    match = re.match(r"# expect: (\w+) (\d+):(\d+) (\w+)", path.read_text(encoding="utf-8"))
    assert match, path
    return match[1], int(match[2]), int(match[3]), match[4]


def test_every_rule_code_has_a_failing_log():
    rule_codes = {c for c in CODES if re.fullmatch(r"[SPTAVKRX]\d+", c)}
    assert len(rule_codes) == 50
    assert {expectation(p)[0] for p in LOGS} == rule_codes


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_log_breaks_exactly_its_rule(path):
    code, line, col, severity = expectation(path)
    result = run("check", path, "--format", "json")
    data = json.loads(result.stdout)
    findings = [d for f in data["files"] for d in f["diagnostics"] if d["severity"] != "note"]
    assert findings, "the case found nothing"
    assert {d["code"] for d in findings} == {code}
    assert any((d["line"], d["col"], d["severity"]) == (line, col, severity) for d in findings), findings
    assert result.exit_code == (1 if severity == "error" else 0)


def test_every_rule_code_has_a_legal_log():
    rule_codes = {c for c in CODES if re.fullmatch(r"[SPTAVKRX]\d+", c)}
    assert {p.stem.split(".")[0] for p in LEGAL} == rule_codes  # legal/CODE.what.gtl: another situation


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_legal_log_is_clean(path):
    """The rule followed: no error, no warning, and the shown line is a move of the log."""
    match = re.match(r"# shows: (\d+):(\d+)", path.read_text(encoding="utf-8"))
    assert match
    result = run("check", path, "--format", "json")
    data = json.loads(result.stdout)
    findings = [d for d in data["files"][0]["diagnostics"] if d["severity"] != "note"]
    assert findings == [] and result.exit_code == 0
    line = path.read_text(encoding="utf-8").splitlines()[int(match[1]) - 1]
    assert line.strip() and not line.startswith("#")


def test_strict_makes_t6_an_error():
    result = run("check", SCENARIOS / "rules" / "T6.gtl", "--strict", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["summary"]["errors"] == 1


def test_cases_file_is_in_sync(tmp_path, monkeypatch):
    """The committed .gtl files are exactly what cases.py writes."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("cases", SCENARIOS / "rules" / "cases.py")
    cases = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cases)
    monkeypatch.setattr(cases, "HERE", tmp_path)
    cases.write_all()
    written = sorted(tmp_path.glob("*.gtl")) + sorted((tmp_path / "legal").glob("*.gtl"))
    assert len(written) == len(LOGS) + len(LEGAL)
    for path in written:
        committed = SCENARIOS / "rules" / path.relative_to(tmp_path)
        assert path.read_text() == committed.read_text(), path.name
