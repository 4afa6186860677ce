"""The words at the table: the commonest slips get the hint that fixes them (issue 39).

- ``Ana: praeco staff orb wand`` (no commas) said "expected ':'": it says the spaces are
  separated by commas, at the word a comma is missing before, and shows the line with them;
- ``sanctum Kindle`` (no quotes) said "did you mean 'handle'?": card names go in double
  quotes, and gt play shows the move with the set's card quoted;
- a table for ``gt tally`` (TOML or lines) or a game session given to ``gt check`` or
  ``gt play`` is named for what it is, with the command that reads it;
- ``gt play new.gtl --new --board smaple`` names the option and leaves no file behind.
"""

from __future__ import annotations

import shutil

import pytest

from tests.conftest import SCENARIOS, run

FIRST_TURNS = SCENARIOS / "play" / "first-turns.gtl"
LOG_HEAD = "".join(FIRST_TURNS.read_text(encoding="utf-8").splitlines(keepends=True)[:20])  # up to Ben's turn


def play_lines(tmp_path, *lines: str):
    path = tmp_path / "c.gtl"
    shutil.copyfile(FIRST_TURNS, path)
    return run("play", str(path), input="\n".join(["end", *lines, "quit"]) + "\n")


# ---- spaces after praeco, separated by commas -------------------------------------------------------------
def test_gt_check_says_spaces_are_separated_by_commas(write):
    path = write("g.gtl", LOG_HEAD + "Ben: praeco staff orb wand\n")
    result = run("check", str(path))
    assert result.exit_code == 2
    assert "expected ':'" not in result.output
    assert f"{path}:21:19: SYN001 error:" in result.output  # at 'orb', the word a comma is missing before
    assert "separated by commas" in result.output
    assert "praeco staff, orb, wand" in result.output


def test_the_comma_hint_when_the_next_line_is_where_the_parser_stopped(write):
    """``praeco staff orb`` then a new turn: the parser only stops at the next line's name."""
    path = write("g.gtl", LOG_HEAD + "Ben: praeco staff orb\nCaro: vote staff\n")
    result = run("check", str(path))
    assert f"{path}:21:19: SYN001 error:" in result.output
    assert "praeco staff, orb" in result.output and "expected ':'" not in result.output
    path = write("h.gtl", LOG_HEAD + "Ben: praeco staff, orb wand; vote staff\n")  # one comma missing of two
    result = run("check", str(path))
    assert f"{path}:21:24: SYN001 error:" in result.output and "praeco staff, orb, wand" in result.output


def test_gt_play_says_spaces_are_separated_by_commas(tmp_path):
    result = play_lines(tmp_path, "Caro: praeco staff orb wand")
    assert "expected ':'" not in result.output
    assert "separated by commas" in result.output and "praeco staff, orb, wand" in result.output


def test_a_praeco_line_of_the_setup_is_not_taken_for_spaces(write):
    path = write("g.gtl", LOG_HEAD.replace("  praeco Ana\n", "  praeco Ana Ben\n"))
    result = run("check", str(path))
    assert result.exit_code == 2 and "separated by commas" not in result.output


# ---- card names go in quotes ----------------------------------------------------------------------------
def test_gt_play_says_card_names_go_in_quotes(tmp_path):
    result = play_lines(tmp_path, "sanctum Kindle")  # Caro's turn: any move of hers will do
    assert "handle" not in result.output
    assert "in double quotes" in result.output
    assert 'sanctum "Kindle"' in result.output


def test_gt_play_quotes_a_card_name_of_several_words(tmp_path):
    result = play_lines(tmp_path, "Caro: sanctum Ashwood Staff, \"Hearthsong\"")
    assert "in double quotes" in result.output
    assert 'Caro: sanctum "Ashwood Staff", "Hearthsong"' in result.output


def test_gt_check_says_card_names_go_in_quotes(write):
    path = write("g.gtl", LOG_HEAD + "Ben: sanctum Levy\n")
    result = run("check", str(path))
    assert result.exit_code == 2
    assert "handle" not in result.output and "in double quotes" in result.output and '"Levy"' in result.output


# ---- a file of another kind ---------------------------------------------------------------------------
TABLE_TOML = (SCENARIOS / "tally" / "house-rules.toml").read_text(encoding="utf-8")
TABLE_LINES = "tribunal 2\nplayers Ana, Ben, Caro\nlast praeco Caro\nvotes staff 2, orb 3\nAna: staff 4 elemental\n"
SESSION = 'format = 1\nplayers = ["Ana", "Ben", "Caro"]\n\n[[tribunals]]\nlast_praeco = "Ana"\n'


@pytest.mark.parametrize("name, text, said", [
    ("table.toml", TABLE_TOML, "a table for gt tally"),
    ("table.txt", TABLE_LINES, "a table for gt tally"),
    ("table.gtl", "# a comment first\nvotes none\nBen: orb 3 healing\n", "a table for gt tally"),
    ("game.toml", SESSION, "a game session for gt game"),
])
@pytest.mark.parametrize("command", ["check", "play", "replay"])
def test_a_file_of_another_kind_is_named_for_what_it_is(write, name, text, said, command):
    path = write(name, text)
    result = run(command, str(path), input="quit\n")
    assert result.exit_code == 2
    assert said in result.output, result.output
    assert "SYN001" not in result.output and "unexpected" not in result.output
    assert path.read_text(encoding="utf-8") == text


def test_a_log_with_a_slip_is_still_a_log(write):
    path = write("g.gtl", LOG_HEAD + "votes staff 2\n")  # a table's word in a real log: its syntax error
    result = run("check", str(path))
    assert "SYN001" in result.output and "gt tally" not in result.output


# ---- --board and --cards of a new game ------------------------------------------------------------------
@pytest.mark.parametrize("option, noun", [("--board", "board"), ("--cards", "card set")])
def test_a_new_game_with_a_misspelt_board_or_set(tmp_path, monkeypatch, option, noun):
    monkeypatch.chdir(tmp_path)
    result = run("play", "new.gtl", "--new", "--players", "Ana,Ben,Caro", option, "smaple", input="quit\n")
    assert result.exit_code == 2
    assert f"{option}: IO001 error: no such {noun} 'smaple' (did you mean 'sample'?)" in result.output, result.output
    assert "new.gtl:" not in result.output  # no line of a file never written
    assert list(tmp_path.iterdir()) == []
