"""``gt game``: sessions through the CLI, interactive entry included."""

from __future__ import annotations

import json
import os

import pytest

from tests.conftest import SCENARIOS, run, run_json

WORKED = SCENARIOS / "tally" / "worked-example.toml"
T2 = """
[votes]
wand = 2
[[items]]
owner = "Caro"
name = "Fire Wand"
type = "wand"
base = 2
spells = ["elemental"]
[[items]]
owner = "Ben"
name = "Pale Orb"
type = "orb"
base = 5
"""
T3 = """
[votes]
orb = 3
[[items]]
owner = "Ben"
name = "Deep Orb"
type = "orb"
base = 5
[[items]]
owner = "Ana"
name = "Late Staff"
type = "staff"
base = 1
"""


@pytest.fixture
def session(tmp_path):
    path = tmp_path / "game.toml"
    result = run("game", "new", path, "--players", "Ana,Ben,Caro", "--first-praeco", "Ana")
    assert result.exit_code == 0, result.stderr
    return path


def test_new_refuses_to_overwrite(session):
    before = session.read_text()
    result = run("game", "new", session, "--players", "Ana,Ben,Caro")
    assert result.exit_code == 2 and "GAME004" in result.stderr
    assert session.read_text() == before
    assert run("game", "new", session, "--players", "Ana,Ben,Caro", "--force").exit_code == 0


def test_new_needs_three_to_five_players(tmp_path):
    result = run("game", "new", tmp_path / "g.toml", "--players", "Ana,Ben")
    assert result.exit_code == 2 and "S1" in result.stderr
    assert not (tmp_path / "g.toml").exists()


def test_full_game_from_tables(session, write):
    assert run("game", "tribunal", session, "--from", WORKED, "--yes").exit_code == 0
    assert run("game", "tribunal", session, "--from", write("t2.toml", T2), "--yes").exit_code == 0
    data = run_json("game", "show", session)
    assert data["winners"] is None
    assert data["next_praeco"] == "Caro"  # Fire Wand placed 1st at Tribunal 2
    assert run("game", "tribunal", session, "--from", write("t3.toml", T3), "--yes").exit_code == 0
    data = run_json("game", "show", session)
    assert [t["tribunal"] for t in data["tribunals"]] == [1, 2, 3]
    # T1: Ana 28, Caro 9, Ben 8. T2: Fire Wand 3x4=12, Pale Orb 5x3=15. T3: Deep Orb 5x4=20, Late Staff 1x3=3.
    assert data["totals"] == [
        {"name": "Ben", "score": 43}, {"name": "Ana", "score": 31}, {"name": "Caro", "score": 21},
    ]
    assert data["winners"] == ["Ben"]
    human = run("game", "show", session).stdout
    assert "Winner: Ben" in human and "Grand Tribunal" in human


def test_items_that_won_cannot_compete_again(session, write):
    run("game", "tribunal", session, "--from", WORKED, "--yes")
    again = write("t2.toml", '[[items]]\nowner = "Ana"\nname = "Storm Staff"\ntype = "staff"\nbase = 4\n')
    before = session.read_text()
    result = run("game", "tribunal", session, "--from", again, "--yes")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{again}:3:1: GAME005 error: 'Storm Staff' (Ana) placed 1 at Tribunal 1")
    assert session.read_text() == before


def test_fourth_tribunal_is_refused(session, write):
    table = write("t.toml", "[votes]\norb = 1\n")
    for _ in range(3):
        assert run("game", "tribunal", session, "--from", table, "--yes").exit_code == 0
    before = session.read_text()
    result = run("game", "tribunal", session, "--from", table, "--yes")
    assert result.exit_code == 2 and "GAME002" in result.stderr
    assert session.read_text() == before
    interactive = run("game", "tribunal", session, input="\n")
    assert interactive.exit_code == 2 and "GAME002" in interactive.stderr


def test_player_not_in_game(session, write):
    table = write("t.toml", '[[items]]\nowner = "Dan"\ntype = "orb"\nbase = 1\n')
    result = run("game", "tribunal", session, "--from", table, "--yes")
    assert result.exit_code == 2 and "TAB005" in result.stderr and f"{table}:2:" in result.stderr


def test_wrong_tribunal_number_in_table(session, write):
    table = write("t.toml", "tribunal = 2\n[votes]\norb = 1\n")
    result = run("game", "tribunal", session, "--from", table, "--yes")
    assert result.exit_code == 2 and "GAME001" in result.stderr


def test_hand_edited_file_that_no_longer_parses(session):
    session.write_text(session.read_text() + "\n[[tribunals]\n")
    before = session.read_text()
    result = run("game", "show", session)
    assert result.exit_code == 2 and "GAME001" in result.stderr and "not valid TOML" in result.stderr
    assert run("game", "undo", session, "-y").exit_code == 2
    assert session.read_text() == before


def test_hand_edited_unknown_type_points_at_line(session, write):
    run("game", "tribunal", session, "--from", WORKED, "--yes")
    text = session.read_text().replace('type = "orb"', 'type = "orbb"')
    session.write_text(text)
    line = next(n for n, l in enumerate(text.splitlines(), 1) if "orbb" in l)
    result = run("game", "show", session)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{session}:{line}:1: TAB004")


def test_undo_asks_or_takes_yes_and_redo_brings_it_back(session):
    run("game", "tribunal", session, "--from", WORKED, "--yes")
    shown = run_json("game", "show", session)
    unasked = run("game", "undo", session)  # no terminal to ask on, no -y: say which flag
    assert unasked.exit_code == 2 and "--yes (-y)" in unasked.output
    assert run_json("game", "show", session) == shown
    result = run("game", "undo", session, "-y")
    assert result.exit_code == 0 and "Dropped Tribunal 1" in result.stdout and "gt game redo" in result.stdout
    assert run_json("game", "show", session)["tribunals"] == []
    again = run("game", "undo", session, "-y")
    assert again.exit_code == 2 and "GAME003" in again.stderr
    redo = run("game", "redo", session)
    assert redo.exit_code == 0 and "Restored Tribunal 1" in redo.stdout
    assert run_json("game", "show", session) == shown
    nothing = run("game", "redo", session)
    assert nothing.exit_code == 2 and "GAME006" in nothing.stderr


def test_interactive_entry_with_retries(session):
    answers = "\n".join([
        "stafff 2",  # misspelled: every mistake shown, the line offered back
        "staff 2, elemental 3",
        "Anna: staff -1 elemental elemntal",  # an unknown owner and a misspelled category, at once
        'Ana: "Storm Staff" staff 4 elemental runic',
        "Ben: orb 3",
        "x",  # no line of the form
        "",  # done
        "y",
    ]) + "\n"
    result = run("game", "tribunal", session, input=answers)
    assert result.exit_code == 0, result.output
    assert "did you mean 'staff'?" in result.stderr
    assert "did you mean 'Ana'?" in result.stderr and "did you mean 'elemental'?" in result.stderr
    assert "Saved Tribunal 1" in result.stdout
    data = run_json("game", "show", session)
    items = data["tribunals"][0]["items"]
    assert items[0] == {"owner": "Ana", "name": "Storm Staff", "type": "staff", "base": 4, "spells": 2,
                        "votes": 5, "competing": True, "place": 1, "score": 24}


def test_interactive_starts_from_previous_competing_items(session, write):
    four = WORKED.read_text() + '\n[[items]]\nowner = "Ben"\nname = "Spare Wand"\ntype = "wand"\nbase = 1\n'
    run("game", "tribunal", session, "--from", write("t1.toml", four), "--yes")
    # Spare Wand competed without placing: it is offered again, numbered; the three placed items are not.
    answers = "wand 1\n1 base 2 + healing\n\ny\n"
    result = run("game", "tribunal", session, input=answers)
    assert result.exit_code == 0, result.output
    assert '  1. Ben: "Spare Wand" wand 1\n' in result.stdout
    assert '  1. Ben: "Spare Wand" wand 2 healing\n' in result.stdout
    t2 = run_json("game", "show", session)["tribunals"][1]
    assert t2["items"] == [{"owner": "Ben", "name": "Spare Wand", "type": "wand", "base": 2, "spells": 1,
                            "votes": 1, "competing": True, "place": 1, "score": 12}]


def test_declining_confirmation_saves_nothing(session):
    before = session.read_text()
    result = run("game", "tribunal", session, input="\n\nn\n")
    assert result.exit_code == 0 and "Not saved." in result.stdout
    assert session.read_text() == before


def test_interrupted_save_leaves_previous_file(session, monkeypatch):
    before = session.read_text()

    def boom(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        from gtcli.grand_tribunal.formats.session_file import open_session
        from gtcli.grand_tribunal.formats.table_file import load_table
        from gtcli.grand_tribunal.shipped import published_vocabulary

        with open_session(session, published_vocabulary()) as s:
            s.record(load_table(str(WORKED), published_vocabulary(), s.game.profile))
    assert session.read_text() == before
    assert [p.name for p in session.parent.iterdir() if p.name.endswith((".tmp", ".lock"))] == []


def test_session_keeps_a_custom_profile(tmp_path):
    path = tmp_path / "g.toml"
    profile = SCENARIOS / "profiles" / "house.toml"
    assert run("game", "new", path, "--players", "A,B,C", "--profile", profile).exit_code == 0
    assert run_json("game", "show", path)["profile"] == "house"
    assert "place_multipliers" in path.read_text()


def test_game_show_json_schema(session):
    run("game", "tribunal", session, "--from", WORKED, "--yes")
    data = run_json("game", "show", session)
    assert set(data) == {"players", "profile", "tribunals", "totals", "next_praeco", "winners"}
    assert data["players"] == ["Ana", "Ben", "Caro"]
    assert json.loads((SCENARIOS / "tally" / "worked-example.json").read_text())["items"] == \
        data["tribunals"][0]["items"]


def test_after_undo_tribunal_and_show_agree_on_who_opens(session, write):
    """`gt game show`'s next first Praeco is the one `gt game tribunal` then names, after an undo too."""
    run("game", "tribunal", session, "--from", WORKED, "--yes")
    run("game", "tribunal", session, "--from", write("t2.toml", T2), "--yes")
    for _ in range(2):
        shown = run_json("game", "show", session)["next_praeco"]
        asking = run("game", "tribunal", session, input="\n\nn\n")
        assert f", first Praeco {shown} (" in asking.stdout.splitlines()[0], asking.stdout
        assert f"Next first Praeco: {shown}" in run("game", "show", session).stdout
        assert run("game", "undo", session, "-y").exit_code == 0
    assert run_json("game", "show", session)["next_praeco"] == "Ana"  # back to Tribunal 1: --first-praeco


# ---- issue 26: an Item that already placed is caught when it is typed, and never ends the entry ----
def test_an_item_that_placed_is_caught_when_it_is_typed(session):
    run("game", "tribunal", session, "--from", WORKED, "--yes")  # Ana's Storm Staff placed 1st
    answers = "\n".join([
        "staff 1",
        'Ana: "storm staff" staff 2',  # placed at Tribunal 1: refused at once, offered back with `won`
        'Ana: "Storm Staff II" staff 2',  # another Item, with a name of its own
        'Ana: "Storm Staff" staff 4 elemental elemental runic won',  # that Item: it stays on the table
        "",  # done: nothing left to refuse
        "y",
    ]) + "\n"
    result = run("game", "tribunal", session, input=answers)
    assert result.exit_code == 0, result.output
    assert "GAME005 'storm staff' (Ana) placed 1 at Tribunal 1 and cannot compete again (R5)" in result.stderr
    assert "won at the end of its line" in result.stderr
    assert '2. Ana: "Storm Staff" staff 4 elemental elemental runic won' in result.stdout
    assert "Saved Tribunal 2" in result.stdout
    items = run_json("game", "show", session)["tribunals"][1]["items"]
    assert [(i["name"], i["competing"], i["score"]) for i in items] == [("Storm Staff II", True, 8),
                                                                        ("Storm Staff", False, 0)]


def test_what_the_game_refuses_at_done_is_shown_and_the_entry_goes_on(session):
    run("game", "tribunal", session, "--from", WORKED, "--yes")
    draft = session.with_name(f"{session.stem}.draft.toml")  # typed before the rule was checked at entry
    draft.write_text('tribunal = 2\n[votes]\nstaff = 1\n[[items]]\nowner = "Ana"\nname = "Storm Staff"\n'
                     'type = "staff"\nbase = 4\n[[items]]\nowner = "Ben"\nname = "Oak Wand"\ntype = "wand"\nbase = 2\n',
                     encoding="utf-8")
    result = run("game", "tribunal", session, input="y\n\n-1\n\ny\n")  # resume; done; refused: remove; done; save
    assert result.exit_code == 0, result.output
    assert "GAME005 Item 1: 'Storm Staff' (Ana) placed 1 at Tribunal 1 and cannot compete again" in result.stderr
    assert "(hint: 1 won, or -1 to remove it)" in result.stderr
    assert "Saved Tribunal 2" in result.stdout and not draft.exists()
    assert [i["name"] for i in run_json("game", "show", session)["tribunals"][1]["items"]] == ["Oak Wand"]
