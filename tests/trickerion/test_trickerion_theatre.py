"""Trickerion's Theatre (issue 43): a turn has at most one show per Performance card in the
Theatre (TRK021, Decision 20).

004 lays out players - 1 Riverside Theatre cards at setup; a show needs a card carrying
one of the performer's trick markers, and every marker on it goes back once the show is over,
so a card serves one show a turn. At each end of turn a card comes from the Performance deck,
and from the third turn one is discarded first: 2/3/4 players have 3/4/5 cards in turns 3-5.
Before this, gt saved three shows in the first turn of a three-player game.
"""

from __future__ import annotations

import pytest

from gtcli.trickerion.rules.amounts import Amounts
from gtcli.trickerion.rules.game import Game, Turn, new_game, record, turn_problems
from gtcli.trickerion.rules.performance import Performance, Trick, schedule_problems, theatre_cards
from tests.conftest import run, run_json

SPECIALISTS = ("manager", "engineer", "assistant", "manager")
NAMES = ("Ana", "Ben", "Caro", "Dan")


def game_of(players: int) -> Game:
    return new_game(NAMES[:players], SPECIALISTS[:players])


def show(day: str, performer: str) -> Performance:
    return Performance(day, performer, (Trick(performer, "t", Amounts(1, 1)),))


def shows(*pairs: str) -> tuple[Performance, ...]:
    return tuple(show(day, performer) for day, performer in zip(pairs[::2], pairs[1::2]))


def codes(found) -> list[str]:
    return [p.diagnostic.code for p in found]


# ---- how many cards, turn by turn ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_theatre_holds_players_less_one_then_players_then_one_more(players):
    assert [theatre_cards(players, turn) for turn in range(1, 6)] == [players - 1, players] + [players + 1] * 3


def test_the_sheets_own_figure_for_turns_three_to_five():
    """ "2/3/4 players will always have 3/4/5 Performance cards during turns 3-5"."""
    assert [{theatre_cards(p, t) for t in (3, 4, 5)} for p in (2, 3, 4)] == [{3}, {4}, {5}]


# ---- the rule in a game turn ----------------------------------------------------------------------------------
def test_three_shows_in_the_first_turn_of_three_players_are_one_too_many():
    g = game_of(3)
    turn = Turn(performances=shows("saturday", "Caro", "thursday", "Ana", "friday", "Ben"))
    (found,) = turn_problems(g, turn)
    assert found.diagnostic.code == "TRK021"
    assert found.where.index == 0 and found.where.key == "day"  # Saturday's is the last show: no card left for it
    assert "2 card(s)" in found.diagnostic.message and "3 shows in turn 1" in found.diagnostic.message
    assert turn_problems(g, Turn(performances=shows("thursday", "Ana", "friday", "Ben"))) == ()


def test_two_players_have_one_show_in_the_first_turn_and_two_afterwards():
    g = game_of(2)
    two = Turn(performances=shows("friday", "Ana", "sunday", "Ben"))
    assert codes(turn_problems(g, two)) == ["TRK021"]
    g = record(g, Turn(performances=shows("friday", "Ana")))
    assert turn_problems(g, two) == ()


@pytest.mark.parametrize("players", [3, 4])
def test_every_magician_performs_from_the_second_turn(players):
    every = Turn(performances=tuple(show(day, name) for day, name in zip(("thursday", "friday", "saturday", "sunday"),
                                                                           NAMES[:players])))
    g = game_of(players)
    assert codes(turn_problems(g, every)) == ["TRK021"]
    for _ in range(4):
        g = record(g, Turn())
        assert turn_problems(g, every) == ()


def test_a_show_refused_as_a_second_one_is_not_counted_again():
    """One fault, one finding: Ana's second show is TRK011 only, and the two others fit the cards."""
    found = schedule_problems(shows("thursday", "Ana", "friday", "Ana", "saturday", "Ben"), players=3, turn=1)
    assert codes(found) == ["TRK011"]
    found = schedule_problems(shows("thursday", "Ana", "thursday", "Ben", "friday", "Caro"), players=3, turn=1)
    assert codes(found) == ["TRK011"]


# ---- wherever gt takes shows: a turn file, a session, an undone turn ---------------------------------------
THREE_SHOWS = "".join(f'[[performances]]\nday = "{day}"\nperformer = "{who}"\n'
                      f'[[performances.tricks]]\nowner = "{who}"\nfame = 1\n'
                      for day, who in (("thursday", "Ana"), ("friday", "Ben"), ("saturday", "Caro")))


@pytest.fixture
def session(tmp_path):
    path = tmp_path / "game.toml"
    assert run("trickerion", "game", "new", path, "--players", "Ana,Ben,Caro",
               "--specialists", "asistente,manager,ingeniero").exit_code == 0
    return path


def test_a_turn_file_with_a_show_too_many_is_refused_and_nothing_saved(session, write):
    before = session.read_bytes()
    turn = write("turn1.toml", THREE_SHOWS)
    result = run("trickerion", "game", "turn", str(session), str(turn), "-y")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{turn}:14:1: TRK021 error: Caro's Saturday show has no Performance card left")
    assert "players - 1 cards in turn 1" in result.stderr
    assert session.read_bytes() == before


def test_a_session_edited_by_hand_is_reported_at_its_line(session):
    shows = THREE_SHOWS.replace("[[performances", "[[turns.performances")
    text = session.read_text() + "\n[[turns]]\nturn = 1\n" + shows
    session.write_text(text)
    line = text.splitlines().index('day = "saturday"') + 1
    result = run("trickerion", "game", "show", str(session))
    assert result.exit_code == 2 and result.stderr.startswith(f"{session}:{line}:1: TRK021 ")


def test_an_undone_turn_is_checked_again_on_redo(session):
    session.write_text(session.read_text() + "\n[[undone]]\nturn = 1\n" +
                       THREE_SHOWS.replace("[[performances", "[[undone.performances"))
    before = session.read_bytes()
    result = run("trickerion", "game", "redo", str(session))
    assert result.exit_code == 2 and "TRK021" in result.stderr
    assert session.read_bytes() == before


def test_two_shows_in_the_first_turn_and_three_in_the_second_are_saved(session, write):
    two = write("turn1.toml", THREE_SHOWS.split("[[performances]]\nday = \"saturday\"")[0])
    assert run("trickerion", "game", "turn", str(session), str(two), "-y").exit_code == 0
    assert run("trickerion", "game", "turn", str(session), str(write("turn2.toml", THREE_SHOWS)), "-y").exit_code == 0
    assert [len(t["performances"]) for t in run_json("trickerion", "game", "show", str(session))["turns"]] == [2, 3]
