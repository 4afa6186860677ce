"""Issue 26: a finding names its severity, an error's too, and a summary counts the notes it showed."""

from __future__ import annotations

import json

from tests.conftest import SCENARIOS, run

RULES = SCENARIOS / "rules"
LEGAL = RULES / "legal"


def test_an_error_line_says_error_as_warnings_and_notes_say_theirs():
    result = run("check", RULES / "A1.gtl", RULES / "T6.gtl", "--max-findings", "0")
    lines = [line for line in result.stdout.splitlines() if ".gtl:" in line and not line.startswith(" ")]
    assert any(": A1 error: a vote takes" in line for line in lines)
    assert any(": T6 warning: " in line for line in lines)
    assert any(": R7 note: the log is incomplete" in line for line in lines)
    assert all(any(f" {word}: " in line for word in ("error", "warning", "note")) for line in lines), lines


def test_an_unusable_file_says_error_too(write):
    table = write("t.toml", "[votes]\nstaff = -1\n")
    result = run("tally", table)
    assert result.exit_code == 2 and f"{table}:2:1: TAB003 error: " in result.stderr


def test_a_run_that_shows_notes_says_how_many():
    one = run("check", LEGAL / "A3.gtl")
    assert one.exit_code == 0 and one.stdout.splitlines()[-1] == "1 log(s) checked: clean (1 note)"
    two = run("check", LEGAL / "A3.gtl", LEGAL / "A4.gtl")
    assert two.stdout.splitlines()[-1] == "2 log(s) checked: clean (2 notes)"
    hidden = run("check", LEGAL / "A3.gtl", "--severity", "warning")  # notes not shown are not counted
    assert hidden.stdout.splitlines()[-1] == "1 log(s) checked: clean"
    mixed = run("check", RULES / "A1.gtl")
    assert mixed.stdout.splitlines()[-1] == "1 log(s) checked: 1 error(s), 0 warning(s), 1 note(s)"
    summary = json.loads(run("check", LEGAL / "A3.gtl", LEGAL / "A4.gtl", "--json").stdout)["summary"]
    assert summary == {"files": 2, "errors": 0, "warnings": 0, "notes": 2}


def test_cards_check_counts_notes_and_names_severities_the_same_way():
    result = run("cards", "check", SCENARIOS / "cards" / "CARD007.gtc")
    assert ": CARD007 warning: choice $who is never used" in result.stdout
    assert result.stdout.splitlines()[-1] == "1 file(s) checked: 0 error(s), 1 warning(s)"
    assert json.loads(run("cards", "check", SCENARIOS / "cards" / "CARD007.gtc", "--json").stdout)["summary"] == \
        {"files": 1, "errors": 0, "warnings": 1, "notes": 0}
