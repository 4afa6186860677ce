"""Issue 26: gt check for CI as ruff serves it -- --statistics, --exit-zero, --format sarif (validated
against the official SARIF 2.1.0 schema) and --format junit (read back as CI systems read it)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS, run

RULES = SCENARIOS / "rules"
SCHEMA = Path(__file__).resolve().parents[1] / "data" / "sarif-schema-2.1.0.json"


@pytest.fixture(scope="module")
def sarif_validator():
    jsonschema = pytest.importorskip("jsonschema")  # in the test extra; skipped only where it is not installed
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0")
    return jsonschema.Draft4Validator(schema)


def test_statistics_count_each_code_most_frequent_first(tmp_path):
    logs = [RULES / "A1.gtl", RULES / "T2.gtl", RULES / "T6.gtl"]
    result = run("check", *logs, "--statistics")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "3  R7  note     the Grand Tribunal's highest total wins; equal totals share the win",
        "1  A1  error    a vote takes one token from the Concilium",
        "1  T2  error    each action type at most once per turn",
        "1  T6  warning  a turn should use both action slots",
        "3 log(s) checked: 2 error(s), 1 warning(s), 3 note(s)",
    ]
    data = json.loads(run("check", *logs, "--statistics", "--json").stdout)
    assert data["statistics"][0] == {"code": "R7", "severity": "note", "count": 3,
                                     "title": "the Grand Tribunal's highest total wins; equal totals share the win"}
    assert [(r["code"], r["count"]) for r in data["statistics"]] == [("R7", 3), ("A1", 1), ("T2", 1), ("T6", 1)]
    assert data["summary"]["errors"] == 2
    quiet = run("check", *logs, "--statistics", "--quiet", "--severity", "error")
    assert quiet.stdout.splitlines() == ["1  A1  error    a vote takes one token from the Concilium",
                                         "1  T2  error    each action type at most once per turn"]
    assert run("check", *logs, "--statistics", "--format", "sarif").exit_code == 2  # a usage error, said so


def test_exit_zero_reports_errors_and_exits_0_but_not_for_an_unusable_log(write):
    result = run("check", RULES / "A1.gtl", "--exit-zero")
    assert result.exit_code == 0 and ": A1 error: " in result.stdout and "1 error(s)" in result.stdout
    broken = write("broken.gtl", '[Players "Ana, Ben, Caro"]\nsetup\n  hand Ana "x\n')
    assert run("check", broken, "--exit-zero").exit_code == 2


def test_sarif_is_valid_sarif_2_1_0_with_a_result_per_finding(sarif_validator, write, monkeypatch):
    monkeypatch.chdir(RULES)
    broken = write("broken.gtl", '[Players "Ana, Ben, Caro"]\nsetup\n  hand Ana "x\n')
    result = run("check", "A1.gtl", "T6.gtl", str(broken), "--format", "sarif")
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    errors = sorted(sarif_validator.iter_errors(document), key=str)
    assert errors == [], [e.message for e in errors]
    assert not sarif_validator.is_valid({**document, "version": "2.0.0"})  # the schema does hold documents to it
    (run_,) = document["runs"]
    assert run_["tool"]["driver"]["name"] == "gt" and document["version"] == "2.1.0"
    rules = [r["id"] for r in run_["tool"]["driver"]["rules"]]
    results = [(r["ruleId"], r["level"], r["locations"][0]["physicalLocation"]) for r in run_["results"]]
    assert ("A1", "error", {"artifactLocation": {"uri": "A1.gtl", "uriBaseId": "%SRCROOT%"},
                            "region": {"startLine": 17, "startColumn": 79}}) in results
    assert ("T6", "warning", {"artifactLocation": {"uri": "T6.gtl", "uriBaseId": "%SRCROOT%"},
                              "region": {"startLine": 16, "startColumn": 1}}) in results
    assert any(code == "SYN002" and where["artifactLocation"]["uri"].endswith("broken.gtl")
               and where["artifactLocation"]["uri"].startswith("file:///") for code, _, where in results)
    assert all(run_["results"][n]["ruleIndex"] == rules.index(code) for n, (code, _, _) in enumerate(results))
    assert run_["invocations"] == [{"executionSuccessful": False}]  # a log could not be used: exit 2
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == RULES.as_uri() + "/"


def test_sarif_of_a_clean_run_and_of_a_capped_file_stays_valid(sarif_validator, write):
    clean = json.loads(run("check", RULES / "legal" / "A1.gtl", "--format", "sarif", "--severity", "warning").stdout)
    assert sarif_validator.is_valid(clean) and clean["runs"][0]["results"] == []
    lines = "".join("Ben: vote staff; vote orb\n" for _ in range(5))
    many = write("many.gtl", RULES.joinpath("T2.gtl").read_text(encoding="utf-8") + lines)
    capped = json.loads(run("check", many, "--format", "sarif", "--max-findings", "2").stdout)
    assert sarif_validator.is_valid(capped) and len(capped["runs"][0]["results"]) == 2
    (notice,) = capped["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert "more finding(s) left out" in notice["message"]["text"]


def test_junit_has_a_suite_per_log_and_a_case_per_finding(write):
    broken = write("broken.gtl", '[Players "Ana, Ben, Caro"]\nsetup\n  hand Ana "x\n')
    result = run("check", RULES / "A1.gtl", RULES / "T6.gtl", RULES / "legal" / "A1.gtl", broken,
                 "--format", "junit", "--severity", "warning")
    assert result.exit_code == 2 and result.stdout.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    root = ET.fromstring(result.stdout)
    assert root.tag == "testsuites" and root.get("name") == "gt check"
    suites = root.findall("testsuite")
    assert [Path(s.get("name")).name for s in suites] == ["A1.gtl", "T6.gtl", "A1.gtl", "broken.gtl"]
    a1, t6, legal, bad = suites
    (case,) = a1.findall("testcase")
    failure = case.find("failure")
    assert case.get("name") == "A1 at 17:79" and case.get("line") == "17" and failure.get("type") == "A1"
    assert failure.get("message").startswith("a vote takes a Voting token") and ": A1 error: " in failure.text
    (warning,) = t6.findall("testcase")
    assert warning.find("failure") is None and ": T6 warning: " in warning.find("system-out").text
    assert [c.get("name") for c in legal.findall("testcase")] == ["no findings"]
    assert bad.find("testcase/error").get("type") == "SYN002"
    counts = {key: [s.get(key) for s in suites] for key in ("tests", "failures", "errors")}
    assert counts == {"tests": ["1", "1", "1", "1"], "failures": ["1", "0", "0", "0"], "errors": ["0", "0", "0", "1"]}
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("4", "1", "1")


def test_junit_escapes_what_xml_cannot_hold(write):
    evil = write("evil.gtl", '[Players "Ana, Ben, Caro"]\n[Cards "no\x1bsuch.gtc"]\n')
    result = run("check", evil, "--format", "junit")
    root = ET.fromstring(result.stdout)  # parses: no raw control character in the document
    assert "\x1b" not in result.stdout and root.find("testsuite") is not None
