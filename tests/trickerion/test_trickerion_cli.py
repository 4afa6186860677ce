"""``gt trickerion`` as a user runs it: human output, JSON, errors and exit codes, sessions."""

from __future__ import annotations

import json

import pytest

from tests.conftest import SCENARIOS, run, run_json

HERE = SCENARIOS / "trickerion"
GAME3 = HERE / "game" / "three-players"


def test_help_lists_the_group_and_its_commands():
    assert "trickerion" in run("--help").stdout
    out = run("trickerion", "--help").stdout
    for command in ("final", "performance", "wages", "initiative", "action-points", "game"):
        assert command in out
    assert all(c in run("trickerion", "game", "--help").stdout for c in ("new", "turn", "show", "undo"))


def test_final_human_output():
    result = run("trickerion", "final", HERE / "final" / "final-tie.toml")
    assert result.exit_code == 0
    out = result.stdout
    assert "Final scoring" in out and "Initiative order: Dan, Caro, Ben, Ana" in out
    assert "Winner: Caro with 43 fame, tied with Ana and ahead of them in initiative order" in out
    assert "\x1b[" not in out  # off a terminal: plain text


def test_performance_human_output_shows_the_breakdown():
    out = run("trickerion", "performance", HERE / "performance" / "clamped-at-zero.toml").stdout
    assert "Thursday: Caro performs" in out
    assert "Water Torture: 1 fame, 1 shard (printed 2" in out  # the cell wraps after this
    assert "Thursday -1" in out


def test_a_finding_prints_the_result_and_exits_1():
    result = run("trickerion", "performance", HERE / "performance" / "no-own-trick.toml")
    assert result.exit_code == 1
    assert "Ben" in result.stdout
    assert "TRK010 error: Ana performs a card without a trick marker of theirs" in result.stderr


def test_wages_and_initiative_human_output():
    out = run("trickerion", "wages", HERE / "wages" / "unpaid-at-zero-fame.toml").stdout
    assert "Wages" in out and out.index("Caro") < out.index("Ben") < out.index("Ana")
    out = run("trickerion", "initiative", HERE / "initiative" / "ties-reversed.toml").stdout
    assert "Tied on 9 fame: Dan, Ben (their order from last turn reversed)" in out


def test_initiative_needs_last_turns_order(write):
    path = write("t.toml", '[[players]]\nname = "Ana"\nfame = 1\n[[players]]\nname = "Ben"\nfame = 2\n')
    result = run("trickerion", "initiative", path)
    assert result.exit_code == 2 and "TRK002 error: the file has no initiative order" in result.stderr


def test_no_color_and_markup_in_names_are_printed_as_typed(write):
    path = write("t.toml", '[[players]]\nname = "[bold red]Ana"\nfame = 3\n[[players]]\nname = "Ben"\nfame = 2\n')
    result = run("trickerion", "final", path, env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert "[bold red]Ana" in result.stdout and "\x1b[" not in result.stdout
    assert "\\[" not in result.stdout  # as typed: no markup escape shown either


def test_control_characters_in_names_are_refused(write):
    path = write("t.toml", '[[players]]\nname = "Ana\\u001b[2J"\nfame = 3\n')
    result = run("trickerion", "final", path)
    assert result.exit_code == 2 and "TRK003" in result.stderr and "\x1b" not in result.stderr


def test_errors_as_json(write):
    path = write("t.toml", 'day = "fryday"\nperformer = "Ana"\n')
    result = run("trickerion", "performance", path, "--json")
    assert result.exit_code == 2
    (error,) = json.loads(result.stdout)["errors"]
    assert (error["code"], error["line"], error["hint"]) == ("TRK004", 1, "did you mean 'friday'?")


def test_missing_file_and_folder():
    assert run("trickerion", "final", "no-such.toml").exit_code == 2
    result = run("trickerion", "wages", HERE)
    assert result.exit_code == 2 and "is a directory" in result.stderr


def test_action_points():
    assert run("trickerion", "action-points", "aprendiz", "--slot", "1", "--shard", "--at", "mercado").stdout == \
        "apprentice 1 slot +1 shard +1 = 3 action points\n" \
        'In a game turn: shard_points = ["market row"] takes the shard (leave it out of changes).\n'
    data = run_json("trickerion", "action-points", "Ingeniero", "--slot", "-1")
    assert data == {"character": "specialist", "base": 2, "slot": -1, "shard": 0, "total": 1, "location": None}


def test_action_points_refuse_a_shard_in_the_theatre():
    result = run("trickerion", "action-points", "mago", "--shard", "--at", "teatro")
    assert result.exit_code == 2 and "TRK013" in result.stderr


def test_action_points_unknown_character():
    result = run("trickerion", "action-points", "mage")
    assert result.exit_code == 2 and "TRK004" in result.stderr and "did you mean 'mago'?" in result.stderr


# -- sessions ---------------------------------------------------------------------------------
@pytest.fixture
def session(tmp_path):
    path = tmp_path / "game.toml"
    assert run("trickerion", "game", "new", path, "--players", "Ana,Ben,Caro",
               "--specialists", "asistente,manager,ingeniero").exit_code == 0
    return path


def test_new_shows_the_start(tmp_path):
    path = tmp_path / "g.toml"
    data = run_json("trickerion", "game", "new", path, "--players", "Ana,Ben", "--specialists", "manager,assistant")
    assert [(s["name"], s["coins"], s["apprentices"]) for s in data["standings"]] == [("Ana", 10, 1), ("Ben", 14, 2)]
    assert path.read_text(encoding="utf-8").startswith("# Trickerion game session")


def test_new_refuses_to_overwrite(session):
    result = run("trickerion", "game", "new", session, "--players", "A,B", "--specialists", "manager,manager")
    assert result.exit_code == 2 and "GAME004" in result.stderr
    assert run("trickerion", "game", "new", session, "--players", "A,B", "--specialists", "manager,manager",
               "--force").exit_code == 0


def test_new_refuses_an_unknown_specialist(tmp_path):
    result = run("trickerion", "game", "new", tmp_path / "g.toml", "--players", "A,B", "--specialists", "manger,x")
    assert result.exit_code == 2 and "did you mean 'manager'?" in result.stderr
    assert not (tmp_path / "g.toml").exists()


def test_turn_asks_before_saving(session):
    before = session.read_bytes()
    result = run("trickerion", "game", "turn", session, GAME3 / "turn1.toml", input="n\n")
    assert result.exit_code == 0 and "Not saved." in result.stdout and "Turn 1: initiative Ana, Ben, Caro" in result.stdout
    assert session.read_bytes() == before
    result = run("trickerion", "game", "turn", session, GAME3 / "turn1.toml", input="\n")
    assert result.exit_code == 0 and "Saved turn 1" in result.stdout
    assert "[[turns]]" in session.read_text(encoding="utf-8")


def test_end_of_input_at_the_question_saves_nothing(session):
    before = session.read_bytes()
    result = run("trickerion", "game", "turn", session, GAME3 / "turn1.toml", input="")
    assert result.exit_code == 2 and "nothing saved" in result.stderr
    assert session.read_bytes() == before


def test_a_bad_turn_is_located_and_not_saved(session, write):
    before = session.read_bytes()
    turn = write("t.toml", '[[players]]\nname = "Ana"\nadvertised = true\nchanges = { coins = -10 }\n')
    result = run("trickerion", "game", "turn", session, turn, "--yes")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{turn}:4:1: TRK014 error: Ana would have -1 coins")
    assert session.read_bytes() == before


def test_show_undo_and_json(session):
    for n in (1, 2):
        run("trickerion", "game", "turn", session, GAME3 / f"turn{n}.toml", "--yes")
    out = run("trickerion", "game", "show", session).stdout
    assert "2 of 5 turns recorded" in out and "Next turn's initiative: Caro, Ben, Ana" in out
    data = run_json("trickerion", "game", "show", session)
    assert data["next_initiative"] == ["Caro", "Ben", "Ana"] and data["final"] is None and data["winner"] is None
    undone = run_json("trickerion", "game", "undo", session, "-y")
    assert (undone["file"], undone["dropped"], undone["turns"]) == (str(session), 2, 1)
    assert undone["next_initiative"] == ["Caro", "Ana", "Ben"]  # after turn 1: Caro 6, Ana 8, Ben 13
    assert [(s["name"], s["fame"], s["coins"]) for s in undone["standings"]] == [("Ana", 8, 3), ("Ben", 13, 9),
                                                                                ("Caro", 6, 8)]
    assert len(run_json("trickerion", "game", "show", session)["turns"]) == 1
    out = run("trickerion", "game", "undo", session, "-y").stdout
    assert "Dropped turn 1" in out and "Turn 1 is next, initiative: Ana, Ben, Caro" in out


def test_undo_without_turns(session):
    result = run("trickerion", "game", "undo", session)  # said before asking for -y
    assert result.exit_code == 2 and f"{session}: TRK018 error: no turn to undo" in result.stderr


def test_a_sixth_turn_is_refused(session):
    for n in range(1, 6):
        assert run("trickerion", "game", "turn", session, GAME3 / f"turn{n}.toml", "--yes").exit_code == 0
    out = run("trickerion", "game", "show", session).stdout
    assert "Winner: Ben with 45 fame" in out
    result = run("trickerion", "game", "turn", session, GAME3 / "turn1.toml", "--yes")
    assert result.exit_code == 2 and result.stderr.startswith(f"{session}: TRK017 error: the game already has its 5 turns")


def test_a_grand_tribunal_session_is_not_a_trickerion_one(tmp_path):
    path = tmp_path / "gt.toml"
    assert run("game", "new", path, "--players", "Ana,Ben,Caro").exit_code == 0
    result = run("trickerion", "game", "show", path)
    assert result.exit_code == 2 and "GAME001 error: not a gtcli Trickerion session" in result.stderr


def test_a_hand_edited_session_is_checked_at_its_lines(session):
    run("trickerion", "game", "turn", session, GAME3 / "turn1.toml", "--yes")
    text = session.read_text(encoding="utf-8")
    session.write_text(text.replace('day = "thursday"', 'day = "thursdy"'), encoding="utf-8")
    result = run("trickerion", "game", "show", session)
    line = 1 + text.splitlines().index('day = "thursday"')
    assert result.exit_code == 2 and result.stderr.startswith(f"{session}:{line}:1: TRK004 error: unknown day 'thursdy'")


def test_rules_codes_lists_the_trickerion_codes():
    codes = {c["code"]: c["title"] for c in run_json("rules", "codes")}
    assert codes["TRK010"] == "a Magician performs a card without a trick of theirs"
    assert sum(1 for c in codes if c.startswith("TRK")) >= 17


def test_every_code_has_its_section_in_the_docs():
    from gtcli.games import CODES
    from tests.conftest import ROOT

    text = (ROOT / "docs" / "trickerion.md").read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("## TRK")]
    expected = [f"## {c.code} — {c.title}" for c in CODES.values() if c.code.startswith("TRK")]
    assert headings == expected


def test_the_documented_examples_run(tmp_path):
    """The commands of docs/trickerion.md and the README, on the shipped scenarios."""
    assert run("trickerion", "final", HERE / "final" / "final-tie.toml").exit_code == 0
    assert run("trickerion", "action-points", "apprentice", "--slot", "1", "--shard", "--at", "downtown").stdout == \
        "apprentice 1 slot +1 shard +1 = 3 action points\n" \
        'In a game turn: shard_points = ["downtown"] takes the shard (leave it out of changes).\n'
    assert run("trickerion", "game", "new", tmp_path / "g.toml", "--players", "Ana,Ben,Caro",
               "--specialists", "assistant,manager,engineer").exit_code == 0
