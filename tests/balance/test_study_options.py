"""A demo archive without a script (issue 33): ``gt simulate --names`` and ``--dates``; the same mistake
gets the same message (``gt balance MISSING/``, ``gt balance SET.gtc``); the house (issue 31): the
study's loading and orchestration live in ``gtcli/balance``, the commands stay thin."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import run

ROOT = Path(__file__).resolve().parents[2]
NAMES = "José, Marta, Lu, Kim, Ana-María, O'Brien"


def header(log: str, tag: str) -> str | None:
    match = re.search(rf'^\[{tag} "([^"]*)"\]$', log, re.M)
    return match[1] if match else None


def test_names_are_drawn_per_game_from_the_list_by_the_seed(tmp_path):
    out = tmp_path / "demo"
    assert run("simulate", "--games", "8", "--names", NAMES, "--players", "3..5", "-o", out, "-q").exit_code == 0
    given = {n.strip() for n in NAMES.split(",")}
    seated = [header(p.read_text(encoding="utf-8"), "Players").split(", ") for p in sorted(out.glob("*.gtl"))]
    assert [len(s) for s in seated] == [3, 4, 5, 3, 4, 5, 3, 4]
    assert all(set(s) <= given and len(set(s)) == len(s) for s in seated)
    assert len({tuple(s) for s in seated}) > 4  # drawn per game, not one table for all
    check = json.loads(run("check", out, "--json").stdout)
    assert check["summary"]["errors"] == 0 and all(f["complete"] for f in check["files"])
    again = tmp_path / "again"
    run("simulate", "--games", "8", "--names", NAMES, "--players", "3..5", "-o", again, "-q", "-j", "2")
    assert [p.read_text(encoding="utf-8") for p in sorted(again.glob("*.gtl"))] == \
        [p.read_text(encoding="utf-8") for p in sorted(out.glob("*.gtl"))]  # by the seed, whatever --jobs
    assert json.loads((out / "study.json").read_text(encoding="utf-8"))["names"] == sorted(given, key=NAMES.index)


def test_a_name_that_is_a_word_of_the_log_language_is_refused_in_that_language(tmp_path):
    result = run("simulate", "--games", "1", "--names", "Ana, Ronda, Caro, Dora", "--lang", "es")
    assert result.exit_code == 2 and "'Ronda' is a word of the log language (es)" in result.output
    out = tmp_path / "en"
    assert run("simulate", "--games", "2", "--names", "Ana, Ronda, Caro, Dora", "-o", out, "-q").exit_code == 0
    assert json.loads(run("check", out, "--json").stdout)["summary"]["errors"] == 0


def test_dates_are_spread_by_the_seed_in_the_logs_date_tag(tmp_path):
    out = tmp_path / "demo"
    assert run("simulate", "--games", "6", "--dates", "2024-03-01..2024-03-31", "-o", out, "-q").exit_code == 0
    dates = [header(p.read_text(encoding="utf-8"), "Date") for p in sorted(out.glob("*.gtl"))]
    assert all(d and "2024-03-01" <= d <= "2024-03-31" for d in dates) and len(set(dates)) > 1
    spanish = tmp_path / "es"
    assert run("simulate", "--games", "2", "--dates", "2024-03-01..2024-03-31", "--lang", "es", "-o", spanish,
               "-q").exit_code == 0
    logs = [p.read_text(encoding="utf-8") for p in sorted(spanish.glob("*.gtl"))]
    assert [header(log, "Fecha") for log in logs] == dates[:2]  # the same dates, in the log's language
    assert json.loads(run("check", spanish, "--json").stdout)["summary"]["errors"] == 0
    one_day = run("simulate", "--games", "1", "--dates", "2024-02-29..2024-02-29", "--json")
    assert one_day.exit_code == 0


@pytest.mark.parametrize("option, value, message", [
    ("--names", "Ana, Ben", "2 name(s) for games of 4 players"),
    ("--names", "Ana, Ben, ana, Dora", "'ana' is given twice"),
    ("--names", "Ana, Ben, Caro, 4th", "'4th' cannot be a player's name in a log"),
    ("--names", "Ana, Ben, Caro, Dora Mae", "'Dora Mae' cannot be a player's name"),
    ("--names", ",".join(f"P{i}" for i in range(1001)), "at most 1000 names"),
    ("--names", "Ana, Round, Caro, Dora", "'Round' is a word of the log language (en)"),
    ("--dates", "2024-12-01..2024-01-01", "the first date comes after the last"),
    ("--dates", "yesterday..today", "is not FROM..TO"),
    ("--dates", "2024-01-01", "is not FROM..TO"),
])
def test_names_and_dates_that_cannot_be_used_are_usage_errors(tmp_path, option, value, message):
    result = run("simulate", "--games", "1", option, value, "-o", tmp_path / "out")
    assert result.exit_code == 2 and message in result.output and option in result.output
    assert not (tmp_path / "out").exists()


# ---- the same mistake, the same message -----------------------------------------------------------

def test_a_missing_study_is_io001_before_anything_is_read(tmp_path):
    (tmp_path / "real").mkdir()
    result = run("balance", tmp_path / "MISSING", tmp_path / "real")
    assert result.exit_code == 2 and f"{tmp_path / 'MISSING'}: IO001 error: no such file or folder" in result.stderr
    assert "left out" not in result.stderr and "gt simulate -o" in result.stderr
    errors = json.loads(run("balance", "MISSING/", "--json").stdout)["errors"]
    assert errors[0]["code"] == "IO001" and errors[0]["file"] == "MISSING/"


def test_a_card_set_given_for_a_study_says_so_and_how_to_make_one():
    sample = cards_dir() / "sample.gtc"
    result = run("balance", sample)
    assert result.exit_code == 2 and "IO012" in result.stderr and "is a card set, not a study" in result.stderr
    assert f"gt simulate --cards {sample}" in result.stderr
    diff = run("balance", "diff", sample, sample)
    assert diff.exit_code == 2 and "IO012" in diff.stderr and "then gt balance diff" in diff.stderr


# ---- the house --------------------------------------------------------------------------------------------

def test_the_commands_are_thin_the_lab_holds_the_work():
    """Loading a study and running it live in gtcli/balance; the commands parse options and print."""
    from gtcli.balance import simulating, study

    assert callable(study.load_study) and callable(simulating.run)
    for name in ("simulate.py", "balance.py"):
        tree = ast.parse((ROOT / "gtcli" / "cli" / "commands" / name).read_text(encoding="utf-8"))
        defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert not defined & {"load_study", "companion_files", "describe", "play_version", "order"}
        text = (ROOT / "gtcli" / "cli" / "commands" / name).read_text(encoding="utf-8")
        assert "os.open" not in text and "time.monotonic" not in text and "Stream(" not in text
