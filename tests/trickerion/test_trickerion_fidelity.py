"""Trickerion rules fidelity (issue 21): a guest's own day, the shard for an action point,
a trick's fame threshold, an Assistant hired during the game.

Each test was written against a behaviour that was wrong: a guest paid without their own
Sunday, a shard entered twice (or forgotten), a trick no fame could have learned accepted,
an Apprentice freed by an Assistant that brought none. The whole case, computed by hand, is
``scenarios/trickerion/turns/guest-day-shards-assistant/``; the failing entries are
``scenarios/trickerion/errors/TRK013.toml`` and ``TRK020.toml``.
"""

from __future__ import annotations

import json

import pytest

from gtcli.trickerion.rules.amounts import Amounts
from gtcli.trickerion.rules.game import PlayerTurn, Turn, new_game, record, results, turn_problems
from gtcli.trickerion.rules.performance import Performance, Trick
from tests.conftest import SCENARIOS, run, run_json


def trick(owner: str, fame: int = 0, coins: int = 0, name: str = "t", threshold: int | None = None) -> Trick:
    return Trick(owner, name, Amounts(fame, coins), threshold)


def payout(result, day: str, name: str):
    return next(p for perf, paid in result.performances if perf.day == day for p in paid if p.name == name)


# ---- a guest's own day (Decision 16) ----------------------------------------------------------------
@pytest.mark.parametrize("own_day, change", [("sunday", +1), ("thursday", -1), ("saturday", 0)])
def test_a_performers_own_day_counts_in_the_show_they_are_a_guest_in(own_day, change):
    # three players: two shows fit the first turn's Theatre of two cards (TRK021, Decision 20)
    g = new_game(("Ana", "Ben", "Caro"), ("manager", "engineer", "assistant"))
    turn = Turn(theatre=(("Ben", ("friday",)),),  # the table leaves Ana's day out: her own show says it
                performances=(Performance("friday", "Ben", (trick("Ben", 3, 2), trick("Ana", 2, 1))),
                               Performance(own_day, "Ana", (trick("Ana", 2, 2),))))
    assert turn_problems(g, turn) == ()
    (result,) = results(record(g, turn))
    ana = payout(result, "friday", "Ana")
    assert not ana.modifier.from_performer and ana.modifier.per_trick == change
    assert (ana.total.fame, ana.total.coins) == (2 + change, 1 + change)


def test_a_guest_with_both_days_listed_and_own_show_gets_each_once():
    g = new_game(("Ana", "Ben", "Caro"), ("manager", "engineer", "assistant"))
    turn = Turn(theatre=(("Ana", ("thursday", "sunday")), ("Ben", ("friday",))),
                performances=(Performance("friday", "Ben", (trick("Ben", 1), trick("Ana", 2, 2))),
                              Performance("sunday", "Ana", (trick("Ana", 1),))))
    assert turn_problems(g, turn) == ()
    (result,) = results(record(g, turn))
    assert payout(result, "friday", "Ana").modifier.per_trick == 0  # Thursday -1 and Sunday +1


def test_a_single_performance_file_still_takes_only_its_theatre(write):
    path = write("p.toml", 'day = "friday"\nperformer = "Ben"\n[[tricks]]\nowner = "Ben"\nfame = 1\n'
                           '[[tricks]]\nowner = "Ana"\nfame = 2\ncoins = 1\n')
    guest = run_json("trickerion", "performance", path)["players"][1]
    assert guest["modifier"]["from_performer"] and (guest["fame"], guest["coins"]) == (2, 1)


# ---- the shard for an action point (Decision 18) -----------------------------------------------------
def test_shard_points_take_a_shard_each_once():
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    (result,) = results(record(g, Turn(players=(PlayerTurn("Ana", shard_points=("market row",)),))))
    assert result.standings[0].shards == 0 and result.shard_points == (("Ana", ("market row",)),)


def test_shard_points_beyond_the_shards_are_trk014_at_shard_points():
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    (found,) = turn_problems(g, Turn(players=(PlayerTurn("Ana", shard_points=("downtown", "dark alley")),)))
    assert found.diagnostic.code == "TRK014" and found.where.key == "shard_points"
    assert "would have -1 shards" in found.diagnostic.message


def test_shard_points_are_kept_in_the_session_and_shown(tmp_path, write):
    session = tmp_path / "g.toml"
    assert run("trickerion", "game", "new", session, "--players", "Ana,Ben", "--specialists", "manager,engineer",
               ).exit_code == 0
    turn = write("t.toml", '[[players]]\nname = "Ana"\nshard_points = ["mercado"]\n')
    assert run("trickerion", "game", "turn", session, turn, "--yes").exit_code == 0
    stored = session.read_text(encoding="utf-8")
    assert "shard_points" in stored and '"market row"' in stored and "shards = -1" not in stored  # entered once
    shown = run_json("trickerion", "game", "show", session)
    assert shown["turns"][0]["shard_points"] == [{"name": "Ana", "at": ["market row"], "shards": 1}]
    assert shown["standings"][0]["shards"] == 0
    assert "Ana pays 1 shard for action points (market row)" in run("trickerion", "game", "show", session).stdout


# ---- a trick's fame threshold (Decision 19) ------------------------------------------------------------
def test_a_threshold_met_by_the_fame_reached_this_placement_is_fine():
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    show = Performance("friday", "Ana", (trick("Ana", 2, name="Floating Lady", threshold=16),))
    assert [p.diagnostic.code for p in turn_problems(g, Turn(performances=(show,)))] == ["TRK020"]
    rich = Turn(players=(PlayerTurn("Ana", Amounts(fame=11)),), performances=(show,))  # 5 + 11 = 16
    assert turn_problems(g, rich) == ()
    g = record(g, rich)
    poorer = Turn(players=(PlayerTurn("Ana", Amounts(fame=-10)),), performances=(show,))
    assert turn_problems(g, poorer) == ()  # she had 16 once: the trick could have been learned then


def test_trk020_names_the_trick_and_the_fame_and_points_at_the_threshold():
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    show = Performance("friday", "Ana", (trick("Ana", 2), trick("Ben", 1, name="Floating Lady", threshold=16)))
    (found,) = turn_problems(g, Turn(performances=(show,)))
    assert found.diagnostic.message == "Ben has 'Floating Lady', a trick of fame threshold 16, but had at most " \
                                       "5 fame in a Placement phase"
    assert (found.where.section, found.where.index, found.where.key, found.where.performance) == \
        ("tricks", 1, "threshold", 0)


@pytest.mark.parametrize("value", [0, 2, 17, "16", True])
def test_a_threshold_is_1_or_16(write, value):
    shown = json.dumps(value) if not isinstance(value, bool) else "true"
    path = write("p.toml", f'day = "friday"\nperformer = "Ana"\n[[tricks]]\nowner = "Ana"\nthreshold = {shown}\n')
    result = run("trickerion", "performance", path)
    assert result.exit_code == 2 and result.stderr.startswith(f"{path}:5:1: TRK003 error: trick 1: a trick's fame threshold")


def test_a_performance_file_shows_a_given_threshold(write):
    path = write("p.toml", 'day = "friday"\nperformer = "Ana"\n[[tricks]]\nowner = "Ana"\nfame = 2\nthreshold = 16\n')
    data = run_json("trickerion", "performance", path)
    assert data["players"][0]["tricks"][0]["threshold"] == 16


# ---- an Assistant hired during the game (Decision 17) -----------------------------------------------
def test_only_the_starting_assistant_frees_an_apprentice():
    g = new_game(("Ana", "Ben"), ("assistant", "engineer"))
    g = record(g, Turn(players=(PlayerTurn("Ben", Amounts(coins=10), hired=("assistant",)),)))
    g = record(g, Turn())
    _, second = results(g)
    wages = {w.name: w for w in second.wages}
    assert (wages["Ana"].crew.assistant, wages["Ana"].wages.due) == (True, 1 + 2)  # 2 Apprentices, 1 unpaid
    assert (wages["Ben"].crew.assistant, wages["Ben"].wages.due) == (False, 1 + 2 + 2)  # his Apprentice is paid


def test_a_wages_file_can_say_the_assistant_came_later(write):
    base = ('[[players]]\nname = "Ben"\ncoins = 5\napprentices = 1\n\n'
            '[[players]]\nname = "Ana"\nfame = 9\ncoins = 9\napprentices = 2\n'
            'specialists = ["assistant", "manager"]\n')
    assert run_json("trickerion", "wages", write("a.toml", base))["players"][1]["due"] == 1 + 4
    later = run_json("trickerion", "wages", write("b.toml", base + "assistant_apprentice = false\n"))["players"][1]
    assert (later["due"], later["assistant_apprentice"]) == (2 + 4, False)
    bad = run("trickerion", "wages", write("c.toml", base + 'assistant_apprentice = "no"\n'))
    assert bad.exit_code == 2 and "TRK003 error: Ana: assistant_apprentice must be true or false" in bad.stderr


def test_the_issue_21_turns_are_the_scenario():
    folder = SCENARIOS / "trickerion" / "turns" / "guest-day-shards-assistant"
    expected = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    first, second = expected["turns"]
    friday = first["performances"][0]["players"]
    assert friday[1]["name"] == "Ana" and friday[1]["modifier"]["sunday"] and (friday[1]["fame"], friday[1]["coins"]) == (3, 2)
    assert next(w for w in second["wages"] if w["name"] == "Ben")["due"] == 5


def test_a_threshold_of_36_names_the_rule_that_leaves_it_out(write):
    """004, setup step 1: "Los trucos con un umbral de fama de 36 no se utilizan en el juego base"."""
    path = write("p.toml", 'day = "friday"\nperformer = "Ana"\n[[tricks]]\nowner = "Ana"\nthreshold = 36\n')
    result = run("trickerion", "performance", path)
    assert result.exit_code == 2
    assert "a trick of fame threshold 36 is not used in the base game" in result.stderr
    assert "setup, step 1" in result.stderr


def test_fame_won_in_a_show_and_lost_at_the_wages_never_met_a_threshold():
    """Decision 19: a trick is learnt in a Placement phase (before the shows and the wages). Ana's
    show takes her from 5 to 17 fame, unpaid wages back to 11: a trick of 16 is still refused."""
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    first = Turn(players=(PlayerTurn("Ana", changes=Amounts(coins=-10)),),
                 performances=(Performance("friday", "Ana", (trick("Ana", 12, threshold=1),)),))
    assert turn_problems(g, first) == ()
    g = record(g, first)
    second = Turn(performances=(Performance("friday", "Ana", (trick("Ana", 4, name="Floating Lady", threshold=16),)),))
    (found,) = turn_problems(g, second)
    assert found.diagnostic.code == "TRK020" and "at most 11 fame" in found.diagnostic.message
    reached = Turn(players=(PlayerTurn("Ana", changes=Amounts(fame=5)),), performances=second.performances)
    assert turn_problems(g, reached) == ()  # 16 reached in turn 2's Placement phase: it could be learnt


def test_rules_explain_shows_the_changed_sections():
    """gt rules explain reads docs/trickerion.md: TRK020 says where a trick is learnt, TRK003 names
    the threshold of 36 as left out of the base game."""
    trk020 = run("rules", "explain", "TRK020")
    assert "in a Placement phase" in trk020.stdout and "TRK020.after-the-show.toml" in trk020.stdout
    assert "threshold` of 36" in run("rules", "explain", "TRK003").stdout
