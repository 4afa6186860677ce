"""Golden scenarios: every table under scenarios/tally/ against its expected JSON."""

from __future__ import annotations

import json
import shlex

import pytest

from tests.conftest import ROOT, SCENARIOS, run

TABLES = sorted((SCENARIOS / "tally").glob("*.toml"))


def _args(table):
    extra = table.with_suffix(".args")
    return shlex.split(extra.read_text()) if extra.exists() else []


def test_every_scenario_has_an_expectation():
    assert len(TABLES) >= 15
    for table in TABLES:
        assert table.with_suffix(".json").exists(), table.name


@pytest.mark.parametrize("table", TABLES, ids=lambda p: p.stem)
def test_scenario_json(table, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run("tally", table.relative_to(ROOT), "--json", *_args(table))
    assert result.exit_code == 0, result.stderr
    expected = json.loads(table.with_suffix(".json").read_text())
    assert json.loads(result.stdout) == expected
    stderr_file = table.with_suffix(".stderr")
    if stderr_file.exists():
        assert result.stderr == stderr_file.read_text()
    else:
        assert result.stderr == ""


def test_worked_example_human_output(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run("tally", "scenarios/tally/worked-example.toml")
    assert result.exit_code == 0
    assert result.stdout == (SCENARIOS / "tally" / "worked-example.txt").read_text()
    assert "staff 2 + elemental 3 + runic 1" in result.stdout
    assert "Next first Praeco: Ana" in result.stdout


def test_worked_example_numbers_from_rules_md(monkeypatch):
    """docs/rules.md, R4: 2 + 3 + 1 = 6 votes and (4 + 3) x 4 = 28 points."""
    monkeypatch.chdir(ROOT)
    data = json.loads(run("tally", "scenarios/tally/worked-example.toml", "--json").stdout)
    staff = next(i for i in data["items"] if i["name"] == "Storm Staff")
    assert (staff["votes"], staff["place"], staff["score"]) == (6, 1, 28)
