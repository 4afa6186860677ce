"""Broken tables: one clear message with file:line:col and a code, exit 2, no traceback."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run

GOOD_ITEM = '[[items]]\nowner = "Ana"\ntype = "staff"\nbase = 2\n'
SEATED = 'players = ["Ana", "Ben", "Caro"]\n'

CASES = [
    # name, table text, code, line, words in the message
    ("bad-toml", "[votes\nstaff = 2\n", "TAB001", 1, "not valid TOML"),
    ("missing-base", '[[items]]\nowner = "Ana"\ntype = "staff"\n', "TAB002", 1, "has no 'base'"),
    ("missing-owner", '[[items]]\ntype = "staff"\nbase = 1\n', "TAB002", 1, "has no 'owner'"),
    ("negative-base", GOOD_ITEM + '\n[[items]]\nowner = "Ana"\ntype = "orb"\nbase = -1\n', "TAB003", 9, "base"),
    ("base-not-number", '[[items]]\nowner = "Ana"\ntype = "orb"\nbase = "four"\n', "TAB003", 4, "base"),
    ("unknown-type", '[[items]]\nowner = "Ana"\ntype = "staf"\nbase = 1\n', "TAB004", 3, "unknown item type"),
    ("misspelled-category", GOOD_ITEM + 'spells = ["runic", "elemntal"]\n', "TAB004", 5, "elemntal"),
    ("unknown-space", "[votes]\nstaff = 1\nelementl = 2\n", "TAB004", 3, "Voting Track space"),
    ("votes-negative", "[votes]\nstaff = -1\n", "TAB003", 2, "tokens"),
    ("too-many-tokens", "[votes]\nstaff = 20\nwand = 20\n", "V3", 1, "24"),
    ("space-twice", '[votes]\nstaff = 1\n"bastón" = 2\n', "TAB003", 3, "twice"),
    ("unknown-player", SEATED + GOOD_ITEM.replace("Ana", "Anna"), "TAB005", 3, "not a player"),
    ("unknown-field", GOOD_ITEM + "colour = 1\n", "TAB006", 5, "colour"),
    ("unknown-top-field", "tribunl = 2\n", "TAB006", 1, "tribunl"),
    ("tribunal-four", "tribunal = 4\n", "TAB003", 1, "tribunal"),
    ("two-players", 'players = ["Ana", "Ben"]\n', "S1", 1, "3 to 5"),
    ("player-twice", 'players = ["Ana", "Ben", "ana"]\n', "TAB007", 1, "twice"),
    ("last-praeco-unknown", SEATED + 'last_praeco = "Dan"\n', "TAB005", 2, "Dan"),
    ("won-not-bool", GOOD_ITEM + 'won = "yes"\n', "TAB003", 5, "won"),
    ("empty-file", "", "TAB002", None, "empty"),
]


@pytest.mark.parametrize("name,text,code,line,words", CASES, ids=[c[0] for c in CASES])
def test_broken_table(write, name, text, code, line, words):
    path = write(f"{name}.toml", text)
    result = run("tally", path)
    assert result.exit_code == 2
    assert result.stdout == ""
    first = result.stderr.splitlines()[0]
    location = f"{path}:{line}:" if line else f"{path}: "
    assert first.startswith(location), first
    assert f" {code} " in first
    assert words in result.stderr


def test_did_you_mean_hint(write):
    path = write("t.toml", '[[items]]\nowner = "Ana"\ntype = "stave"\nbase = 1\n')
    assert "did you mean 'staves'?" in run("tally", path).stderr


def test_json_errors_on_stdout(write):
    path = write("t.toml", "[votes]\nelementl = 2\n")
    result = run("tally", path, "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["errors"][0] == {
        "code": "TAB004", "severity": "error", "message": "unknown Voting Track space 'elementl'",
        "file": str(path), "line": 2, "col": 1, "hint": "did you mean 'elemental'?",
    }


def test_missing_file_and_folder(tmp_path):
    result = run("tally", tmp_path / "nope.toml")
    assert result.exit_code == 2 and "IO001" in result.stderr
    assert run("tally", tmp_path).exit_code == 2


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes('[[items]]\nowner = "Jos\xe9"\n'.encode("latin-1"))
    result = run("tally", path)
    assert result.exit_code == 2 and "UTF-8" in result.stderr


def test_unknown_profile_suggests(write):
    path = write("t.toml", GOOD_ITEM)
    result = run("tally", path, "--profile", "offical")
    assert result.exit_code == 2
    assert "PROF001" in result.stderr and "did you mean 'official'?" in result.stderr


def test_usage_error_is_exit_2():
    assert run("tally").exit_code == 2
    assert run("tally", "a.toml", "--frobnicate").exit_code == 2
