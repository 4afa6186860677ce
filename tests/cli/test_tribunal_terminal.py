"""`gt game tribunal` typed at a real terminal (a pseudo-terminal; Ctrl-C is the terminal's real
SIGINT): one answer per Item, the Up-arrow brings back an earlier line, Tab completes players,
words and card names, a line with mistakes comes back for editing, the places and scores are
shown after each line, and Ctrl-C keeps the line being typed in the draft (issue 39)."""

from __future__ import annotations

import json
import os

import pytest

from tests.conftest import run
from tests.terminal import Terminal

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
UP, LEFT, TAB, ENTER, CTRL_C, BACKSPACE = "\x1b[A", "\x1b[D", "\t", "\r", "\x03", "\x7f"


@pytest.fixture
def session(tmp_path):
    path = tmp_path / "game.toml"
    assert run("game", "new", path, "--players", "Ana,Ben,Caro,Dani").exit_code == 0
    return path


def test_a_whole_four_player_tribunal_typed_at_the_terminal(session):
    term = Terminal("game", "tribunal", session, "--cards", "sample")
    try:
        term.read_until("Enter: none)> ")
        term.type("staff 2, orb 3, elementl 2" + ENTER)  # a slip: shown with its hint, the line given back
        term.read_until("did you mean 'elemental'?")
        term.read_until("elementl 2")  # offered back on the prompt, to edit
        term.type(LEFT * 3 + "a" + ENTER)  # elementl -> elementa? no: insert the missing 'a' before 'l 2'
        term.read_until("votes staff 2, orb 3, elemental 2")
        term.read_until("item 1> ")
        term.type("A" + TAB + "st" + TAB + "4 el" + TAB + "el" + TAB + "run" + TAB + ENTER)
        term.read_until("1. Ana: staff 4 elemental elemental runic")
        term.read_until("places: 1st Ana staff (4 votes) 28")
        term.read_until("item 2> ")
        term.type('Ana: "Storm St' + TAB + " elemental" + ENTER)  # the card fills in staff and base 3
        term.read_until('2. Ana: "Storm Staff" staff 3 elemental')
        term.read_until("item 3> ")
        term.type("Ben: orb 3 healing" + ENTER)
        term.read_until("3. Ben: orb 3 healing")
        term.read_until("item 4> ")
        term.type(UP + BACKSPACE * len("Ben: orb 3 healing") + "Caro: wand 3 won" + ENTER)
        term.read_until("4. Caro: wand 3 won")
        term.read_until("item 5> ")
        term.type(UP + UP + ENTER)  # the Up-arrow twice: Ben's line again, as it was
        term.read_until("5. Ben: orb 3 healing")
        term.type("-5" + ENTER)
        term.read_until("removed 5. Ben: orb 3 healing")
        term.read_until("item 5> ")
        term.type(ENTER)
        term.read_until("Save Tribunal 1 to")
        term.type("y" + ENTER)
        assert term.wait() == 0
    finally:
        term.kill()
    screen = term.text
    assert "^[[A" not in screen  # the Up-arrow is the history, not a key printed
    shown = json.loads(run("game", "show", session, "--json").stdout)
    items = shown["tribunals"][0]["items"]
    assert [(i["owner"], i["name"], i["type"], i["base"], i["competing"]) for i in items] == [
        ("Ana", None, "staff", 4, True), ("Ana", "Storm Staff", "staff", 3, True), ("Ben", None, "orb", 3, True),
        ("Caro", None, "wand", 3, False)]
    assert not session.with_name("game.draft.toml").exists()
    (session.parent / "screen.txt").write_text(screen, encoding="utf-8")


def test_ctrl_c_keeps_the_line_being_typed_and_the_next_entry_offers_it(session):
    term = Terminal("game", "tribunal", session)
    try:
        term.read_until("Enter: none)> ")
        term.type("orb 2" + ENTER)
        term.read_until("item 1> ")
        term.type("Ben: orb 3 heal")
        term.type(CTRL_C)  # a real SIGINT from the terminal
        assert term.wait() == 130
    finally:
        term.kill()
    assert "kept in game.draft.toml" in term.text
    draft = session.with_name("game.draft.toml").read_text(encoding="utf-8")
    assert "orb = 2" in draft and 'line = "Ben: orb 3 heal"' in draft
    again = Terminal("game", "tribunal", session)
    try:
        again.read_until("Resume it? [Y/n]: ")
        again.type("y" + ENTER)
        again.read_until("item 1> Ben: orb 3 heal")  # the line on the prompt, to finish
        again.type("ing" + ENTER)
        again.read_until("1. Ben: orb 3 healing")
        again.read_until("item 2> ")
        again.type(ENTER)
        again.read_until("Save Tribunal 1")
        again.type("y" + ENTER)
        assert again.wait() == 0
    finally:
        again.kill()
    items = json.loads(run("game", "show", session, "--json").stdout)["tribunals"][0]["items"]
    assert [(i["owner"], i["spells"]) for i in items] == [("Ben", 1)]


def test_gt_tally_without_a_file_types_a_one_off_tribunal(tmp_path):
    term = Terminal("tally", cwd=str(tmp_path))
    try:
        term.read_until("Enter: none)> ")
        term.type("staff 2, elemental 3" + ENTER)
        term.read_until("item 1> ")
        term.type("players Ana, Ben, Caro" + ENTER)  # optional: then owners are checked, and complete
        term.read_until("item 1> ")
        term.type("B" + TAB + "staff 4 elemental" + ENTER)
        term.read_until("1. Ben: staff 4 elemental")
        term.read_until("places: 1st Ben staff (5 votes) 20")
        term.read_until("item 2> ")
        term.type(ENTER)
        term.read_until("Player scores")
        assert term.wait() == 0
    finally:
        term.kill()
    assert "Next first Praeco: Ben" in term.text and list(tmp_path.iterdir()) == []  # nothing written
