"""Trickerion sessions keep docs/files.md's promises, like Grand Tribunal's: changed under a
lock and only if unchanged since read, comments kept through turn/undo/redo, links
followed, read-only files refused, undo asks and redo brings back.

The races use real processes (forked, or ``python -m gtcli``), from tests/races.py.
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
from pathlib import Path

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import SCENARIOS, run, run_json
from tests.races import gt, leftovers, race_cli, race_real

pytestmark = pytest.mark.skipif(os.name != "posix", reason="uses fork")
GAME3 = SCENARIOS / "trickerion" / "game" / "three-players"
ANY_TURN = '[[players]]\nname = "Ana"\n'  # fits any turn: two racers must both be saved
NOTES = ["# the club's Thursday table", "# turn 1: Ben argued about the bird", "# bought a trick",
         "# written by hand, in Spanish", "# end of the evening"]


def new_session(path, *more: str) -> None:
    result = run("trickerion", "game", "new", path, "--players", "Ana,Ben,Caro",
                 "--specialists", "asistente,manager,ingeniero", *more)
    assert result.exit_code == 0, result.output


@pytest.fixture
def session(tmp_path):
    path = tmp_path / "game.toml"
    new_session(path)
    return path


def turn_numbers(path) -> list[int]:
    return [t["turn"] for t in run_json("trickerion", "game", "show", path)["turns"]]


# ---- comments ---------------------------------------------------------------------------------------
def test_comments_survive_turn_undo_and_redo(session, write):
    session.write_text(session.read_text().replace("format = 1", "# the club's Thursday table\nformat = 1"))
    assert run("trickerion", "game", "turn", session, GAME3 / "turn1.toml", "-y").exit_code == 0
    text = session.read_text().replace("\n[[turns]]", "\n# turn 1: Ben argued about the bird\n[[turns]]")
    session.write_text(text.replace("coins = -5\n", "coins = -5  # bought a trick\n", 1) + "# end of the evening\n")
    # turn 2 written by hand, with Spanish field names: undo keeps it as written, not rewritten
    hand = (GAME3 / "turn2.toml").read_text().replace("coins", "monedas").replace("fame", "fama")
    session.write_text(session.read_text() + "\n# written by hand, in Spanish\n[[turns]]\n" +
                       hand.replace("[[players]]", "[[turns.players]]").replace("[[performances", "[[turns.performances")
                       .replace("turn = 2\n", ""))
    assert turn_numbers(session) == [1, 2] and "monedas" in session.read_text()
    for step in (("undo", "-y"), ("undo", "-y"), ("redo",), ("redo",)):
        result = run("trickerion", "game", *step, session)
        assert result.exit_code == 0 and "warning" not in result.stderr, (step, result.output)
        text = session.read_text()
        assert all(note in text for note in NOTES), (step, text)
        assert text.count("monedas") == hand.count("monedas"), step
    assert turn_numbers(session) == [1, 2]
    assert "[[undone]]" not in session.read_text()


def test_a_session_laid_out_by_hand_is_rewritten_with_a_warning_and_its_comments_kept(session):
    head = session.read_text().split("[specialists]")[0]
    session.write_text(head.replace("format = 1", "# our game\nformat = 1") +
                       'specialists = { Ana = "assistant", Ben = "manager", Caro = "engineer" }\n'
                       "turns = [\n"
                       "  # written by hand, inline\n"
                       '  { turn = 1, players = [{ name = "Ana", changes = { coins = -1 } }] },\n'
                       "]\n")
    assert turn_numbers(session) == [1]
    result = run("trickerion", "game", "undo", session, "-y")
    assert result.exit_code == 0 and "warning:" in result.stderr and "2 comment line(s)" in result.stderr
    text = session.read_text()
    assert "# our game" in text and "# written by hand, inline" in text and "[[undone]]" in text
    assert turn_numbers(session) == []
    assert run("trickerion", "game", "redo", session).exit_code == 0
    assert turn_numbers(session) == [1] and "coins = -1" in session.read_text()


# ---- one writer at a time, no stale writes --------------------------------------------------------------
def test_fifty_races_of_two_turns_lose_no_update(tmp_path, write):
    turn = write("turn.toml", ANY_TURN)
    for n in range(50):
        path = tmp_path / f"race{n}.toml"
        new_session(path)
        outcomes = race_cli(*[("trickerion", "game", "turn", path, turn, "--yes", "--json")] * 2)
        saved = sorted(json.loads(out)["turn"] for code, out in outcomes if code == 0)
        assert saved == turn_numbers(path) == [1, 2], (n, outcomes)
    assert leftovers(tmp_path) == []


def test_two_real_gt_processes_racing_on_one_session(tmp_path, write):
    turn = write("turn.toml", ANY_TURN)
    for n in range(3):
        path = tmp_path / f"real{n}.toml"
        new_session(path)
        racers = race_real(*[("trickerion", "game", "turn", path, turn, "-y")] * 2)
        said = sorted(out.strip().splitlines()[-1] for _, out, _ in racers)
        assert said == [f"Saved turn 1 to {path}.", f"Saved turn 2 to {path}."], racers
        assert turn_numbers(path) == [1, 2]


def test_a_scorekeeper_at_save_neither_overwrites_nor_is_overwritten(session, monkeypatch):
    """While one run waits at "Save?": another gt is refused (the lock), and an editor's
    change makes this run refuse to save (the stamp)."""
    monkeypatch.setenv("GT_LOCK_WAIT", "0.3")
    others = []

    def at_save_prompt(text, *args, **kwargs):
        others.append(gt("trickerion", "game", "turn", session, GAME3 / "turn1.toml", "-y"))
        session.write_text(session.read_text() + "# edited meanwhile\n")
        return True

    monkeypatch.setattr(click, "confirm", at_save_prompt)
    result = run("trickerion", "game", "turn", session, GAME3 / "turn1.toml")
    other = others[0]
    assert other.returncode == 2 and "IO003" in other.stderr and f"pid {os.getpid()}" in other.stderr
    assert result.exit_code == 2 and "IO004" in result.stderr and "nothing was written" in result.stderr
    assert session.read_text().endswith("# edited meanwhile\n") and turn_numbers(session) == []
    monkeypatch.undo()
    assert run("trickerion", "game", "turn", session, GAME3 / "turn1.toml", "-y").exit_code == 0
    assert turn_numbers(session) == [1] and "# edited meanwhile" in session.read_text()


# ---- links, permissions, new files --------------------------------------------------------------------
def test_symlinked_and_read_only_sessions(session, tmp_path):
    link = tmp_path / "link.toml"
    link.symlink_to(session)
    assert run("trickerion", "game", "turn", link, GAME3 / "turn1.toml", "-y").exit_code == 0
    assert link.is_symlink() and turn_numbers(session) == [1]
    assert run("trickerion", "game", "undo", link, "-y").exit_code == 0 and link.is_symlink()
    assert leftovers(tmp_path) == []
    session.chmod(0o444)
    try:
        before = session.read_text()
        for step in (("redo", link), ("turn", link, GAME3 / "turn1.toml", "-y")):
            refused = run("trickerion", "game", *step)
            assert refused.exit_code == 2 and "IO002" in refused.stderr and "read-only" in refused.stderr, step
            assert session.read_text() == before
        refused = run("trickerion", "game", "new", link, "--players", "A,B", "--specialists", "manager,manager",
                      "--force")
        assert refused.exit_code == 2 and "IO002" in refused.stderr and session.read_text() == before
    finally:
        session.chmod(0o644)
    assert run("trickerion", "game", "redo", link).exit_code == 0 and turn_numbers(session) == [1]


def test_new_goes_through_the_create_path(session, tmp_path):
    refused = run("trickerion", "game", "new", session, "--players", "A,B", "--specialists", "manager,manager")
    assert refused.exit_code == 2 and "GAME004" in refused.stderr and "--force" in refused.stderr
    link = tmp_path / "link.toml"
    link.symlink_to(session)
    assert run("trickerion", "game", "new", link, "--players", "Dan,Eva", "--specialists", "manager,engineer",
               "--force").exit_code == 0
    assert link.is_symlink() and "Dan" in session.read_text() and leftovers(tmp_path) == []


# ---- undo asks, redo brings back ---------------------------------------------------------------------
def test_undo_asks_on_a_terminal_and_names_the_flag_elsewhere(session, monkeypatch):
    assert run("trickerion", "game", "turn", session, GAME3 / "turn1.toml", "-y").exit_code == 0
    refused = run("trickerion", "game", "undo", session)
    assert refused.exit_code == 2 and "add --yes (-y)" in refused.stderr and turn_numbers(session) == [1]
    monkeypatch.setattr("gtcli.cli.commands.trickerion.stdin_is_terminal", lambda: True)
    kept = run("trickerion", "game", "undo", session, input="n\n")
    assert kept.exit_code == 0 and "Drop turn 1 (after it: Ana 8 fame, Ben 13 fame, Caro 6 fame)" in kept.output
    assert "Nothing dropped." in kept.output and turn_numbers(session) == [1]
    cut = run("trickerion", "game", "undo", session, input="")
    assert cut.exit_code == 2 and "nothing dropped" in cut.stderr and turn_numbers(session) == [1]
    dropped = run("trickerion", "game", "undo", session, input="y\n")
    assert dropped.exit_code == 0 and "Dropped turn 1" in dropped.output and turn_numbers(session) == []


def test_redo_brings_back_what_undo_dropped_in_order(session):
    for n in (1, 2, 3):
        assert run("trickerion", "game", "turn", session, GAME3 / f"turn{n}.toml", "-y").exit_code == 0
    shown = run_json("trickerion", "game", "show", session)
    for _ in range(2):
        assert run("trickerion", "game", "undo", session, "-y").exit_code == 0
    assert turn_numbers(session) == [1]
    back = run_json("trickerion", "game", "redo", session)
    assert (back["file"], back["restored"], back["turns"]) == (str(session), 2, 2)
    assert back["next_initiative"] == ["Caro", "Ben", "Ana"]  # as after turn 2 before the undo
    out = run("trickerion", "game", "redo", session).stdout
    assert "Restored turn 3" in out and "Turn 4 is next" in out
    assert run_json("trickerion", "game", "show", session) == shown
    nothing = run("trickerion", "game", "redo", session)
    assert nothing.exit_code == 2 and f"{session}: TRK019 error: there is no undone turn to redo" in nothing.stderr


def test_a_new_turn_replaces_the_undone_ones(session):
    for n in (1, 2):
        run("trickerion", "game", "turn", session, GAME3 / f"turn{n}.toml", "-y")
    run("trickerion", "game", "undo", session, "-y")
    replaced = run("trickerion", "game", "turn", session, GAME3 / "turn2.toml", "-y")
    assert "1 undone turn(s) replaced" in replaced.stdout and "[[undone]]" not in session.read_text()
    assert run("trickerion", "game", "redo", session).exit_code == 2


def test_redo_of_the_fifth_turn_ends_the_game(session):
    for n in range(1, 6):
        run("trickerion", "game", "turn", session, GAME3 / f"turn{n}.toml", "-y")
    run("trickerion", "game", "undo", session, "-y")
    back = run_json("trickerion", "game", "redo", session)
    assert back["restored"] == 5 and back["next_initiative"] is None
    assert "Winner: Ben with 45 fame" in run("trickerion", "game", "show", session).stdout


def test_a_hand_edited_undone_turn_is_checked_at_its_line(session):
    run("trickerion", "game", "turn", session, GAME3 / "turn1.toml", "-y")
    run("trickerion", "game", "undo", session, "-y")
    text = session.read_text().replace('day = "friday"', 'day = "fridy"')
    session.write_text(text)
    result = run("trickerion", "game", "redo", session)
    line = 1 + text.splitlines().index('day = "fridy"')
    assert result.exit_code == 2 and result.stderr.startswith(f"{session}:{line}:1: TRK004 error: unknown day 'fridy'")
    assert session.read_text() == text


# ---- a property ---------------------------------------------------------------------------------------
STEPS = st.lists(st.sampled_from(["turn", "undo", "redo"]), min_size=1, max_size=8)


@functools.cache
def _after_turn_1() -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.toml"
        new_session(path)
        run("trickerion", "game", "turn", path, GAME3 / "turn1.toml", "-y")
        return path.read_text()


@settings(max_examples=20, deadline=None)
@given(STEPS, st.lists(st.integers(0, 10_000), min_size=1, max_size=6))
def test_any_turn_undo_redo_sequence_keeps_every_comment_and_means_the_intended_game(steps, spots):
    """Comments typed anywhere in a session (between any two lines) survive any sequence of
    turn/undo/redo, each exactly once, and the session holds the turns a model says."""
    from gtcli.core.diagnostics import InputError
    from gtcli.trickerion.formats.session_file import load_session, open_session, read_turn

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.toml"
        lines = _after_turn_1().splitlines()
        notes = [f"# note {n}" for n in range(len(spots))]
        for note, spot in sorted(zip(notes, spots), key=lambda pair: -pair[1]):
            lines.insert(spot % (len(lines) + 1), note)
        path.write_text("\n".join(lines) + "\n")
        recorded, undone = [1], []  # the model: turn numbers recorded, and undone (newest last)
        for step in steps:
            with open_session(path) as s:
                try:
                    if step == "turn":
                        s.check_turn_left()
                        s.record(read_turn(str(GAME3 / f"turn{len(recorded) + 1}.toml"), s.game))
                        recorded, undone = recorded + [len(recorded) + 1], []
                    elif step == "undo":
                        s.undo()
                        recorded, undone = recorded[:-1], undone + [recorded[-1]]
                    else:
                        s.redo()
                        recorded, undone = recorded + [undone[-1]], undone[:-1]
                except InputError as exc:  # nothing to undo or redo, or a sixth turn: the model agrees
                    assert exc.diagnostics[0].code in {"TRK017", "TRK018", "TRK019"}
                    assert step != "undo" or not recorded
                    assert step != "redo" or not undone
                assert s.warnings == []
            text = path.read_text()
            assert all(text.count(note + "\n") == 1 for note in notes), (steps, text)
            assert len(load_session(path).turns) == len(recorded)
