"""Golden scenarios of Trickerion (scenarios/trickerion/): every input against its
hand-computed expected output, whole games of five turns, and one failing file per code."""

from __future__ import annotations

import json
import re
import shlex
import shutil

import pytest

from gtcli.games import CODES
from tests.conftest import SCENARIOS, run

HERE = SCENARIOS / "trickerion"
COMMANDS = ("performance", "wages", "initiative", "final")
TABLES = sorted(p for c in COMMANDS for p in (HERE / c).glob("*.toml"))
GAMES = sorted(p for p in (HERE / "game").iterdir() if p.is_dir())
STRETCHES = sorted(p for p in (HERE / "turns").iterdir() if p.is_dir())  # a few turns of a game
ERRORS = sorted((HERE / "errors").glob("TRK*.toml"))
# Codes that no file can show: they come from command-line arguments or need a whole game.
CLI_ONLY = {"TRK017": "tests/trickerion/test_trickerion_cli.py::test_a_sixth_turn_is_refused",
            "TRK018": "tests/trickerion/test_trickerion_cli.py::test_undo_without_turns",
            "TRK019": "tests/trickerion/test_trickerion_sessions.py::test_redo_brings_back_what_undo_dropped_in_order"}


def test_every_rule_has_scenarios():
    assert len(TABLES) >= 15 and len(GAMES) >= 2
    for table in TABLES:
        assert table.with_suffix(".json").exists(), table.name
        assert table.read_text(encoding="utf-8").startswith("#"), f"{table.name}: write the computation on top"
    for game in GAMES:
        assert (game / "COMPUTATION.md").exists() and (game / "expected.json").exists()


@pytest.mark.parametrize("table", TABLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(table, monkeypatch):
    monkeypatch.chdir(table.parent)
    result = run("trickerion", table.parent.name, table.name, "--json")
    stderr = table.with_suffix(".stderr")
    assert result.exit_code == (1 if stderr.exists() else 0), result.stderr
    assert json.loads(result.stdout) == json.loads(table.with_suffix(".json").read_text(encoding="utf-8"))
    assert result.stderr == (stderr.read_text(encoding="utf-8") if stderr.exists() else "")


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_whole_game(folder, tmp_path):
    session = tmp_path / "game.toml"
    assert run("trickerion", "game", "new", session, *shlex.split((folder / "new.args").read_text())).exit_code == 0
    turns = sorted(folder.glob("turn*.toml"))
    assert len(turns) == 5
    for turn in turns:
        result = run("trickerion", "game", "turn", session, turn, "--yes", "--json")
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["turn"] == int(turn.stem[-1])
    shown = json.loads(run("trickerion", "game", "show", session, "--json").stdout)
    assert shown == json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    assert shown["winner"] == shown["final"]["players"][0]["name"]


@pytest.mark.parametrize("folder", STRETCHES, ids=lambda p: p.name)
def test_a_few_turns(folder, tmp_path):
    """scenarios/trickerion/turns/: a game's first turns, computed by hand (COMPUTATION.md)."""
    session = tmp_path / "game.toml"
    assert run("trickerion", "game", "new", session, *shlex.split((folder / "new.args").read_text())).exit_code == 0
    assert (folder / "COMPUTATION.md").exists()
    for turn in sorted(folder.glob("turn*.toml")):
        result = run("trickerion", "game", "turn", session, turn, "--yes", "--json")
        assert result.exit_code == 0, result.stderr
    shown = json.loads(run("trickerion", "game", "show", session, "--json").stdout)
    assert shown == json.loads((folder / "expected.json").read_text(encoding="utf-8"))


def test_the_games_show_what_the_issue_asks_for():
    """3 and 4 players; initiative ties, unpaid wages, a final tie broken by initiative."""
    shown = {g.name: json.loads((g / "expected.json").read_text(encoding="utf-8")) for g in GAMES}
    assert sorted(len(s["players"]) for s in shown.values()) == [3, 4]
    for s in shown.values():
        assert any(t["ties"] for t in s["turns"])
        assert any(w["unpaid"] for t in s["turns"] for w in t["wages"])
        assert any(p["modifier"]["from_performer"] for t in s["turns"] for perf in t["performances"]
                   for p in perf["players"])
    assert shown["four-players"]["final"]["decided_by"] == "initiative"
    assert shown["four-players"]["winner"] == "Dan"
    assert shown["three-players"]["winner"] == "Ben"


EXPECT = re.compile(r"^# expect: (TRK\d{3}) (?:(\d+):(\d+))?")


@pytest.mark.parametrize("fixture", ERRORS, ids=lambda p: p.stem)
def test_error_fixture(fixture, tmp_path, monkeypatch):
    lines = fixture.read_text(encoding="utf-8").splitlines()
    command = shlex.split(lines[0].removeprefix("# run: "))
    code, line, col = EXPECT.match(lines[1]).groups()
    sessions = [word for word in command if word.startswith("@")]  # @NAME: errors/NAME.toml, a copy
    for word in sessions:
        shutil.copy(HERE / "errors" / f"{word[1:]}.toml", tmp_path / f"{word[1:]}.toml")
        command[command.index(word)] = str(tmp_path / f"{word[1:]}.toml")
    monkeypatch.chdir(HERE / "errors")
    result = run("trickerion", *command, fixture.name)
    assert result.exit_code == (1 if "finding" in lines[1] else 2), result.output
    where = f"{fixture.name}:{line}:{col}" if line else fixture.name
    assert result.stderr.startswith(f"{where}: {code} "), result.stderr
    for word in sessions:  # a refused turn leaves the session as it was
        assert (tmp_path / f"{word[1:]}.toml").read_bytes() == (HERE / "errors" / f"{word[1:]}.toml").read_bytes()


def test_one_failing_case_per_code():
    shown = {f.stem.split(".")[0] for f in ERRORS}  # TRK020.what.toml: another situation of TRK020
    trk = {c for c in CODES if c.startswith("TRK")}
    assert trk == shown | set(CLI_ONLY), sorted(trk ^ (shown | set(CLI_ONLY)))
