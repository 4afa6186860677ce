"""Unit tests of the pure Trickerion rules (gtcli/trickerion/), one rule at a time."""

from __future__ import annotations

import pytest

from gtcli.core.diagnostics import InputError
from gtcli.trickerion.rules import actions, initiative, performance, scoring, wages
from gtcli.trickerion.rules.amounts import Amounts
from gtcli.trickerion.rules.game import (Game, PlayerState, PlayerTurn, Turn, final, new_game, next_initiative, record,
                                         results, starting_states, team_problems, turn_problems, undo, working_crew)
from gtcli.trickerion.rules.performance import Performance, Trick
from gtcli.trickerion.rules.words import CHARACTERS, DAYS, LOCATIONS, RESOURCES, SPECIALISTS


def trick(owner: str, fame: int = 0, coins: int = 0, shards: int = 0, name: str = "t") -> Trick:
    return Trick(owner, name, Amounts(fame, coins, shards))


# -- words ----------------------------------------------------------------------------------
@pytest.mark.parametrize("words, spelling, key", [
    (DAYS, "Jueves", "thursday"), (DAYS, "giovedi", "thursday"), (DAYS, "SÁBADO", "saturday"),
    (DAYS, "dimanche", "sunday"), (SPECIALISTS, "asistente", "assistant"), (SPECIALISTS, "Gerente", "manager"),
    (SPECIALISTS, "ingénieur", "engineer"), (CHARACTERS, "aprendices", "apprentice"),
    (CHARACTERS, "mago", "magician"), (CHARACTERS, "ingeniero", "engineer"), (RESOURCES, "fragmentos", "shards"),
    (RESOURCES, "monedas", "coins"), (RESOURCES, "Fama", "fame"), (LOCATIONS, "teatro", "theatre"),
    (LOCATIONS, "Théâtre", "theatre"), (LOCATIONS, "market row", "market row"),
])
def test_names_in_any_language_case_and_accents(words, spelling, key):
    assert words.resolve(spelling) == key


def test_an_unknown_name_gets_a_did_you_mean():
    with pytest.raises(InputError) as caught:
        DAYS.resolve("juevs")
    d = caught.value.diagnostics[0]
    assert (d.code, d.hint) == ("TRK004", "did you mean 'jueves'?")
    with pytest.raises(InputError) as caught:
        DAYS.resolve(3)
    assert caught.value.diagnostics[0].code == "TRK003"


# -- performance payouts ----------------------------------------------------------------------
def test_performer_gets_tricks_links_specialists_and_card_bonus():
    p = Performance("friday", "Ana", (trick("Ana", 3, 2),), links=2, bonus=Amounts(1, 0, 1),
                    specialists=("assistant", "manager", "engineer"))
    (ana,) = performance.payouts(p)
    assert ana.links == Amounts(fame=2)
    assert ana.specialists == Amounts(2, 3, 1)
    assert ana.card == Amounts(1, 0, 1)
    assert ana.total == Amounts(3 + 2 + 2 + 1, 2 + 3, 1 + 1)


def test_thursday_takes_one_and_sunday_gives_one_per_trick():
    p = Performance("thursday", "Ana", (trick("Ana", 2, 2), trick("Ana", 1, 1)))
    assert performance.payouts(p)[0].total == Amounts(1 + 0, 1 + 0)
    p = Performance("sunday", "Ana", (trick("Ana", 2, 2), trick("Ana", 1, 1)))
    assert performance.payouts(p)[0].total == Amounts(3 + 2, 3 + 2)


def test_yields_never_go_below_zero_and_shards_are_not_modified():
    assert performance.trick_yield(Amounts(0, 1, 2), -1) == Amounts(0, 0, 2)
    assert performance.trick_yield(Amounts(0, 0, 0), -1) == Amounts(0, 0, 0)
    assert performance.trick_yield(Amounts(0, 0, 1), +1) == Amounts(1, 1, 1)


def test_both_modifiers_cancel_out():
    p = Performance("friday", "Ana", (trick("Ana"), trick("Ben", 2, 2)), theatre=(("Ben", ("thursday", "sunday")),))
    ben = performance.payouts(p)[1]
    assert (ben.modifier.thursday, ben.modifier.sunday, ben.modifier.per_trick) == (True, True, 0)
    assert ben.total == Amounts(2, 2)


def test_a_guest_with_nobody_in_the_theatre_takes_the_performers_modifiers():
    p = Performance("sunday", "Ana", (trick("Ana"), trick("Ben", 1, 1)), theatre=(("Ana", ("thursday",)),))
    ben = performance.payouts(p)[1]
    assert ben.modifier.from_performer and ben.modifier.per_trick == 0
    p = Performance("sunday", "Ana", (trick("Ana"), trick("Ben", 1, 1)))
    assert performance.payouts(p)[1].total == Amounts(2, 2)


def test_the_performers_own_day_counts_even_when_the_theatre_omits_it():
    p = Performance("thursday", "Ana", (trick("Ana", 1, 1),), theatre=(("Ana", ()),))
    assert performance.modifier_for(p, "Ana").thursday


def test_guests_get_no_performer_bonus():
    p = Performance("friday", "Ana", (trick("Ana"), trick("Ben", 1)), links=3, bonus=Amounts(5, 5, 5),
                    specialists=("manager",))
    ben = performance.payouts(p)[1]
    assert not ben.performer and ben.bonuses == Amounts()


def test_performances_happen_thursday_to_sunday():
    days = ["sunday", "thursday", "saturday", "friday"]
    ordered = performance.in_day_order(Performance(d, d, ()) for d in days)
    assert [p.day for p in ordered] == list(DAYS.keys)


def test_performance_and_schedule_problems():
    p = Performance("friday", "Ana", (trick("Ben"),), specialists=("manager", "manager"))
    assert [x.diagnostic.code for x in performance.performance_problems(p)] == ["TRK010", "TRK012"]
    assert performance.specialist_bonus(p.specialists) == Amounts(coins=3)
    same_day = (Performance("friday", "Ana", ()), Performance("friday", "Ben", ()))
    twice = (Performance("friday", "Ana", ()), Performance("sunday", "Ana", ()))
    assert [x.diagnostic.code for x in performance.schedule_problems(same_day)] == ["TRK011"]
    assert "twice" in performance.schedule_problems(twice)[0].diagnostic.message


# -- wages ------------------------------------------------------------------------------------
def test_wages_one_per_apprentice_two_per_specialist():
    assert wages.wages_due(wages.Crew(apprentices=3, specialists=2)) == 3 + 4


def test_the_apprentice_on_the_assistants_board_is_not_paid():
    assert wages.wages_due(wages.Crew(apprentices=2, specialists=1, assistant=True)) == 1 + 2
    assert wages.wages_due(wages.Crew(apprentices=0, specialists=1, assistant=True)) == 2


def test_wages_are_paid_while_there_is_a_coin_and_each_unpaid_coin_costs_two_fame():
    assert wages.pay(fame=10, coins=2, due=5) == wages.Wages(due=5, paid=2, unpaid=3, fame_lost=6, fame=4, coins=0)


def test_unpaid_wages_never_take_fame_below_zero():
    assert wages.pay(fame=3, coins=0, due=4) == wages.Wages(4, 0, 4, 3, 0, 0)
    assert wages.pay(fame=0, coins=0, due=1).fame == 0


def test_inactive_characters_and_hires_are_not_paid():
    state = PlayerState("Ana", 5, 10, 1, 3, ("assistant", "manager"))
    crew = working_crew(state, PlayerTurn("Ana", inactive=("apprentice", "manager"), hired=("engineer",)))
    assert crew == wages.Crew(apprentices=2, specialists=1, assistant=True)
    assert wages.wages_due(crew) == 1 + 2


def test_team_problems():
    state = PlayerState("Ana", 5, 10, 1, 1, ("manager",))
    codes = lambda **kw: [p.diagnostic.code for p in team_problems(state, PlayerTurn("Ana", **kw))]  # noqa: E731
    assert codes(inactive=("apprentice", "apprentice")) == ["TRK016"]
    assert codes(inactive=("engineer",)) == ["TRK016"]
    assert codes(hired=("manager",)) == ["TRK016"]
    assert codes(hired=("magician",)) == ["TRK003"]
    assert codes(hired=("apprentice",) * 6) == ["TRK016"]  # 1 + 1 + 6 = 8 > 7 discs
    assert codes(hired=("apprentice",) * 5, inactive=("apprentice", "manager", "magician")) == []


# -- initiative, advertising, start -------------------------------------------------------------
def test_least_fame_acts_first():
    assert initiative.next_order(["Ana", "Ben", "Caro"], {"Ana": 9, "Ben": 3, "Caro": 6}) == ("Ben", "Caro", "Ana")


def test_ties_reverse_their_previous_relative_order():
    previous = ["Ana", "Ben", "Caro", "Dan"]
    fame = {"Ana": 5, "Ben": 7, "Caro": 5, "Dan": 5}
    assert initiative.next_order(previous, fame) == ("Dan", "Caro", "Ana", "Ben")
    assert initiative.ties(("Dan", "Caro", "Ana", "Ben"), fame) == (("Dan", "Caro", "Ana"),)


def test_slots_and_advertising_costs():
    assert initiative.slots(2) == (1, 3)
    assert initiative.slots(4) == (1, 2, 3, 4)
    assert [initiative.advertising_cost(["A", "B"], n) for n in "AB"] == [1, 3]
    assert [initiative.advertising_cost(["A", "B", "C"], n) for n in "ABC"] == [1, 2, 3]


def test_starting_resources_decision():
    assert [initiative.start_of(s).coins for s in (1, 2, 3, 4)] == [10, 12, 14, 16]
    assert initiative.start_of(3) == initiative.Start(fame=5, coins=14, shards=1)


# -- final scoring ------------------------------------------------------------------------------
def test_final_scoring_converts_what_is_left():
    s = scoring.Standing("Ana", fame=41, coins=11, shards=2, apprentices=2, specialists=1)
    assert scoring.gained(s) == scoring.Gained(shards=2, coins=3, apprentices=4, specialists=3)


@pytest.mark.parametrize("coins, fame", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (11, 3)])
def test_one_fame_per_full_three_coins(coins, fame):
    assert scoring.gained(scoring.Standing("A", 0, coins=coins)).coins == fame


def test_a_final_tie_goes_to_the_player_ahead_in_initiative():
    standings = [scoring.Standing("Ana", 20), scoring.Standing("Ben", 20), scoring.Standing("Caro", 19)]
    result = scoring.final_scoring(standings, ["Caro", "Ben", "Ana"])
    assert [p.name for p in result.players] == ["Ben", "Ana", "Caro"]
    assert result.decided_by_initiative and result.winner == "Ben"
    assert [p.place for p in result.players] == [1, 2, 3]


# -- action points --------------------------------------------------------------------------------
def test_action_points():
    assert actions.action_points("apprentice").total == 1
    assert actions.action_points("manager", slot=1).total == 3
    assert actions.action_points("magician", slot=-1, shard=True, location="downtown").total == 3
    assert actions.action_points("apprentice", slot=-2).total == 0


def test_no_shard_for_action_points_in_the_theatre():
    with pytest.raises(InputError) as caught:
        actions.action_points("magician", shard=True, location="theatre")
    assert caught.value.diagnostics[0].code == "TRK013"


# -- a whole game ---------------------------------------------------------------------------------
def test_new_game_start():
    g = new_game(("Ana", "Ben"), ("assistant", "manager"))
    ana, ben = starting_states(g)
    assert (ana.fame, ana.coins, ana.shards, ana.apprentices) == (5, 10, 1, 2)
    assert (ben.coins, ben.apprentices, ben.specialists) == (14, 1, ("manager",))


@pytest.mark.parametrize("players, specialists, code", [
    (("Ana", "ana"), ("manager", "manager"), "TRK007"),
    (("Ana",), ("manager",), "TRK008"),
    (("A", "B", "C", "D", "E"), ("manager",) * 5, "TRK008"),
    (("Ana", "Ben"), ("manager",), "TRK002"),
    (("Ana", "Ben\x1b[31m"), ("manager", "manager"), "TRK003"),
])
def test_new_game_refuses(players, specialists, code):
    with pytest.raises(InputError) as caught:
        new_game(players, specialists)
    assert caught.value.diagnostics[0].code == code


def test_a_turn_advertising_changes_performance_and_wages():
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    turn = Turn(players=(PlayerTurn("Ben", Amounts(coins=-4), advertised=True, hired=("apprentice",)),),
                performances=(Performance("sunday", "Ben", (trick("Ben", 2, 2),), specialists=("engineer",)),))
    assert turn_problems(g, turn) == ()
    (result,) = results(record(g, turn))
    assert [(a.name, a.cost) for a in result.adverts] == [("Ben", 3)]
    ben = result.standings[1]
    # 14 - 3 advertising - 4 = 7 coins; +2 fame; Sunday: 3 fame 3 coins; Engineer 1 shard; wages 1 + 2
    assert (ben.fame, ben.coins, ben.shards, ben.apprentices) == (5 + 2 + 3, 7 + 3 - 3, 1 + 1, 2)


def test_turn_problems_are_located_by_entry():
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    turn = Turn(players=(PlayerTurn("Ana", Amounts(coins=-11)),))
    (found,) = turn_problems(g, turn)
    assert found.diagnostic.code == "TRK014" and (found.where.section, found.where.key) == ("players", "changes")


def test_fame_from_changes_stops_at_zero():
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    (result,) = results(record(g, Turn(players=(PlayerTurn("Ana", Amounts(fame=-9)),))))
    assert result.standings[0].fame == 0


def test_five_turns_then_final_scoring_then_no_more():
    g = new_game(("Ana", "Ben", "Caro"), ("manager", "engineer", "assistant"))
    for _ in range(5):
        assert next_initiative(g, results(g)) is not None
        g = record(g, Turn())
    done = results(g)
    assert next_initiative(g, done) is None
    assert final(g, done).winner in g.players
    with pytest.raises(InputError) as caught:
        record(g, Turn())
    assert caught.value.diagnostics[0].code == "TRK017"
    assert len(undo(g).turns) == 4
    with pytest.raises(InputError):
        undo(Game(("Ana", "Ben"), ("manager", "manager")))


def test_wages_without_coins_in_a_game():
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    (result,) = results(record(g, Turn(players=(PlayerTurn("Ben", Amounts(coins=-14)),))))
    ben = next(w for w in result.wages if w.name == "Ben")
    assert (ben.wages.due, ben.wages.unpaid, ben.wages.fame) == (3, 3, 0)


def test_a_turn_naming_strangers_is_refused_before_anything_else():
    g = new_game(("Ana", "Ben"), ("manager", "engineer"))
    turn = Turn(players=(PlayerTurn("Zoe"),), theatre=(("Yann", ("friday",)),),
                performances=(Performance("friday", "Ana", (trick("Xena"),)),))
    found = turn_problems(g, turn)
    assert [(p.diagnostic.code, p.where.section) for p in found] == [
        ("TRK005", "players"), ("TRK005", "tricks"), ("TRK005", None)]
