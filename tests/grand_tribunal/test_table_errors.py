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


MANY_MISTAKES = """\
tribunl = 1
players = ["Ana", "Ben", "Caro"]
last_praeco = "Dora"

[votes]
staff = 2
elementl = 3
wand = -1

[[items]]
owner = "Anna"
type = "staf"
base = 4
spells = ["elemental", "runc"]

[[items]]
owner = "Ben"
type = "orb"
base = "three"

[[items]]
owner = "Caro"
type = "wand"
base = 2
"""
# every mistake above, in the order of the file: (line, code, words)
EVERY_MISTAKE = [(1, "TAB006", "'tribunl'"), (3, "TAB005", "'Dora'"), (7, "TAB004", "'elementl'"),
                 (8, "TAB003", "wand must hold"), (11, "TAB005", "'Anna'"), (12, "TAB004", "'staf'"),
                 (14, "TAB004", "'runc'"), (19, "TAB003", "item 2: base")]


def test_every_problem_of_a_table_in_one_run(write):
    """A scorekeeper fixing a table by hand sees every mistake at once, not one per run."""
    path = write("t.toml", MANY_MISTAKES)
    result = run("tally", path)
    assert result.exit_code == 2 and result.stdout == ""
    firsts = [line for line in result.stderr.splitlines() if not line.startswith("  hint:")]
    assert len(firsts) == len(EVERY_MISTAKE)
    for line, (number, code, words) in zip(firsts, EVERY_MISTAKE):
        assert line.startswith(f"{path}:{number}:1: {code} ") and words in line, line
    data = json.loads(run("tally", path, "--json").stdout)
    assert [(e["line"], e["code"]) for e in data["errors"]] == [(n, c) for n, c, _ in EVERY_MISTAKE]


def test_a_clean_table_after_the_fixes_tallies(write):
    fixed = (MANY_MISTAKES.replace("tribunl", "tribunal").replace("Dora", "Caro").replace("elementl", "elemental")
             .replace("-1", "1").replace("Anna", "Ana").replace('"staf"', '"staff"').replace("runc", "runic")
             .replace('"three"', "3"))
    assert run("tally", write("t.toml", fixed)).exit_code == 0


def _session_with_one_tribunal(tmp_path, write):
    """A session whose Tribunal 1 (t1.toml) placed Ana's Rod and Ben's Cup."""
    session = tmp_path / "game.toml"
    assert run("game", "new", session, "--players", "Ana,Ben,Caro").exit_code == 0
    t1 = write("t1.toml", '[votes]\nstaff = 3\n[[items]]\nowner = "Ana"\nname = "Rod"\ntype = "staff"\nbase = 4\n'
                          '[[items]]\nowner = "Ben"\nname = "Cup"\ntype = "orb"\nbase = 4\n')
    assert run("game", "tribunal", session, "--from", t1, "-y").exit_code == 0
    return session, t1


def test_every_problem_of_a_session_in_one_run(tmp_path, write):
    """A hand-edited session: the mistakes of every Tribunal, each at its line."""
    session, _ = _session_with_one_tribunal(tmp_path, write)
    t2 = write("t2.toml", '[votes]\nwand = 1\n[[items]]\nowner = "Caro"\nname = "Twig"\ntype = "wand"\nbase = 1\n')
    assert run("game", "tribunal", session, "--from", t2, "-y").exit_code == 0
    text = session.read_text(encoding="utf-8")
    broken = text.replace('owner = "Ben"', 'owner = "Bob"', 1).replace('type = "wand"', 'type = "wnad"', 1)
    session.write_text(broken, encoding="utf-8")
    result = run("game", "show", session)
    assert result.exit_code == 2
    codes = [line.split(": ")[1].split()[0] for line in result.stderr.splitlines() if not line.startswith("  ")]
    assert codes == ["TAB005", "TAB004"], result.stderr  # one in Tribunal 1, one in Tribunal 2
    lines = broken.splitlines()
    for line in result.stderr.splitlines():
        if not line.startswith("  "):
            number = int(line.split(":")[1])
            assert ("Bob" in lines[number - 1]) or ("wnad" in lines[number - 1]), line


def test_every_item_that_cannot_compete_again_at_once(tmp_path, write):
    session, t1 = _session_with_one_tribunal(tmp_path, write)
    again = run("game", "tribunal", session, "--from", t1, "-y")
    assert again.exit_code == 2
    assert again.stderr.count("GAME005") == 2 and "'Rod'" in again.stderr and "'Cup'" in again.stderr


def test_toml_cut_short_is_located_at_its_last_line(tmp_path):
    """tomllib says only "at end of document"; the scorekeeper still gets a line and column."""
    path = tmp_path / "cut.toml"
    path.write_text('[votes]\nstaff = 2\nelemental = [', encoding="utf-8")
    result = run("tally", path)
    assert result.exit_code == 2
    assert f"{path}:3:14: TAB001 error: not valid TOML: invalid value at the end of the file" in result.stderr


LINES_CASES = [
    # name, the table as lines, code, line, words in the message (the TAB codes the lines form adds)
    ("no-colon", "votes staff 2\nAna staff 4\n", "TAB008", 2, "no ':' after the owner"),
    ("vote-without-count", "votes staff, orb 2\n", "TAB008", 1, "Voting Track"),
    ("open-quote", 'Ana: "Storm staff 4\n', "TAB008", 1, "not closed"),
]


@pytest.mark.parametrize("name,text,code,line,words", LINES_CASES, ids=[c[0] for c in LINES_CASES])
def test_broken_table_lines(write, name, text, code, line, words):
    path = write(f"{name}.txt", text)
    result = run("tally", path)
    assert result.exit_code == 2 and result.stdout == ""
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{path}:{line}:") and f" {code} " in first and words in first, first
