"""`gt tally` and `gt game tribunal --from` read the table as lines (a file, or `-`), name a file of
the wrong kind for what it is, and give the same tally as the same table in TOML."""

from __future__ import annotations

import json

from tests.conftest import run
from tests.grand_tribunal.test_table_lines import ISSUE_FORM

TOML_FORM = """\
tribunal = 2
players = ["Ana", "Ben", "Caro", "Dani"]
last_praeco = "Caro"

[votes]
staff = 2
orb = 3
elemental = 2

[[items]]
owner = "Ana"
type = "staff"
base = 4
spells = ["elemental", "elemental", "runic"]

[[items]]
owner = "Ana"
name = "Storm Staff"
type = "staff"
base = 4
spells = ["elemental"]

[[items]]
owner = "Ben"
type = "orb"
base = 3
spells = ["healing"]

[[items]]
owner = "Caro"
type = "wand"
base = 3
won = true
"""


def test_tally_reads_the_lines_as_it_reads_toml(write):
    lines = run("tally", write("t.txt", ISSUE_FORM), "--json")
    toml = run("tally", write("t.toml", TOML_FORM), "--json")
    assert lines.exit_code == toml.exit_code == 0
    assert json.loads(lines.stdout) == json.loads(toml.stdout)
    assert json.loads(lines.stdout)["players"][0] == {"name": "Ana", "score": 43}


def test_tally_reads_standard_input():
    result = run("tally", "-", "--json", input=ISSUE_FORM)
    assert result.exit_code == 0 and json.loads(result.stdout)["players"][0]["score"] == 43


def test_a_line_that_cannot_be_read_is_TAB008_with_every_other_mistake(write):
    path = write("t.txt", "votes stuff 2\nAna staff 4\n")
    result = run("tally", path)
    assert result.exit_code == 2 and result.stdout == ""
    assert f"{path}:1:7: TAB004 error: unknown Voting Track space 'stuff'" in result.stderr
    assert f"{path}:2:4: TAB008 error: no ':' after the owner 'Ana'" in result.stderr
    assert "read as the table's lines, since it is not TOML" in result.stderr  # which form it took


def test_a_toml_looking_file_says_it_was_read_as_toml(write):
    result = run("tally", write("t.txt", "[votes\nstaff = 2\n"))
    assert result.exit_code == 2 and " TAB001 " in result.stderr and "read as TOML" in result.stderr


def test_a_log_a_session_and_a_card_set_are_named_for_what_they_are(write):
    log = run("tally", write("g.gtl", '[Players "Ana, Ben, Caro"]\nAna: vote staff\n'))
    assert log.exit_code == 2 and "a game log, not a table: gt check, gt replay and gt play read it" in log.stderr
    session = write("s.toml", "")
    run("game", "new", session, "--players", "Ana,Ben,Caro", "--force")
    told = run("tally", session)
    assert told.exit_code == 2 and "a game session, not a table" in told.stderr
    cards = run("tally", write("c.gtc", 'set "X"\n'))
    assert cards.exit_code == 2 and "a card set, not a table: gt cards reads it" in cards.stderr


def test_a_table_given_as_the_session_says_so_not_a_python_value(write):
    for name, text in (("t.toml", TOML_FORM), ("t.txt", ISSUE_FORM)):
        result = run("game", "tribunal", write(name, text), "--yes")
        assert result.exit_code == 2
        assert "is a table" in result.stderr and "None" not in result.stderr
        assert f"gt game tribunal SESSION --from" in result.stderr


def test_game_tribunal_from_lines_records_what_toml_records(write, tmp_path):
    sessions = []
    for name, text in (("t.toml", TOML_FORM), ("t.txt", ISSUE_FORM)):
        session = tmp_path / f"{name}.game.toml"
        run("game", "new", session, "--players", "Ana,Ben,Caro,Dani")
        table = write(name, text.replace("tribunal = 2", "tribunal = 1").replace("tribunal 2", "tribunal 1"))
        assert run("game", "tribunal", session, "--from", table, "--yes").exit_code == 0
        sessions.append(json.loads(run("game", "show", session, "--json").stdout))
    assert sessions[0] == sessions[1]


def test_game_tribunal_from_lines_points_at_the_line_the_game_refuses(write, tmp_path):
    session = tmp_path / "g.toml"
    run("game", "new", session, "--players", "Ana,Ben,Caro,Dani")
    first = write("t1.txt", ISSUE_FORM.replace("tribunal 2", "tribunal 1"))
    run("game", "tribunal", session, "--from", first, "--yes")
    again = run("game", "tribunal", session, "--from", first, "--yes")
    assert again.exit_code == 2
    assert f"{first}:6:1: GAME005" in again.stderr and "write won at the end of its line" in again.stderr
    assert f"{first}:1:1: GAME001" in again.stderr


def test_card_names_from_the_set(write):
    path = write("t.txt", 'votes staff 2\nAna: "Storm Staff" elemental\nBen: Ember Wand\n')
    result = run("tally", path, "--cards", "sample", "--json")
    assert result.exit_code == 0, result.stderr
    items = json.loads(result.stdout)["items"]
    assert {(i["owner"], i["type"], i["base"]) for i in items} == {("Ana", "staff", 3), ("Ben", "wand", 2)}


def test_tally_without_a_table_and_without_a_terminal_is_a_usage_error():
    result = run("tally", input="")
    assert result.exit_code == 2 and "give a TABLE file" in result.stderr


def test_gt_fmt_lays_the_lines_out_keeping_every_comment(write):
    path = write("t.txt", "# our table\nvot st 2,orb 1\nAna:  orb 3 heal # glass\n\n  Ben: wand 2 won\n")
    result = run("fmt", path)
    assert result.exit_code == 0
    assert result.stdout == "# our table\nvotes staff 2, orb 1\nAna: orb 3 healing  # glass\n\nBen: wand 3 won\n" \
        .replace("wand 3", "wand 2")
    french = json.loads(run("fmt", path, "--lang", "fr", "--json").stdout)["files"][0]
    assert french["kind"] == "table" and "votes bâton 2, orbe 1\nAna: orbe 3 guérison  # glass" in french["text"]
    assert run("fmt", path, "--write").exit_code == 0
    assert run("fmt", path, "--check").exit_code == 0
    assert run("tally", path, "--json").exit_code == 0


def test_gt_fmt_reports_a_broken_table_as_a_table(write):
    result = run("fmt", write("t.txt", "votes staff 2\nAna staff 4\n"))
    assert result.exit_code == 2 and "TAB008" in result.stderr and "no ':' after the owner 'Ana'" in result.stderr


def test_an_empty_table_file_is_told_both_forms(tmp_path):
    """An empty file is neither form: its hint shows the lines (the form a scorekeeper types) and TOML."""
    empty = tmp_path / "table.txt"
    empty.write_text("")
    result = run("tally", empty)
    assert result.exit_code == 2
    assert "TAB002" in result.output and "table file is empty" in result.output
    assert "Ana: staff 4 elemental" in result.output and "[[items]]" in result.output
