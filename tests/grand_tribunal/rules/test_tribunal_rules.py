"""The pure Tribunal core: R2-R5 and P5, one behaviour per test."""

from __future__ import annotations

from gtcli.grand_tribunal.rules.profiles import OFFICIAL, PRINTED_FR, with_overrides
from gtcli.grand_tribunal.rules.tribunal import Item, Table, item_votes, tally

SEATS = ("Ana", "Ben", "Caro", "Dora")


def by_owner(result):
    return {r.item.owner: r for r in result.items}


def test_r2_each_distinct_category_counts_once():
    item = Item("Ana", "staff", 4, ("elemental", "elemental", "elemental"))
    votes, parts = item_votes(item, {"staff": 1, "elemental": 2})
    assert votes == 3
    assert parts == (("staff", 1), ("elemental", 2))


def test_r2_empty_slots_and_untracked_spaces_give_nothing():
    votes, _ = item_votes(Item("Ana", "orb", 1), {"staff": 5})
    assert votes == 0


def test_r3_more_votes_ranks_higher_than_base():
    result = tally(Table((Item("Ana", "orb", 9), Item("Ben", "wand", 1)), {"wand": 1}))
    assert by_owner(result)["Ben"].place == 1
    assert by_owner(result)["Ana"].place == 2


def test_r3_base_then_spell_count_break_ties():
    items = (Item("Ana", "orb", 2, ("runic",)), Item("Ben", "orb", 3), Item("Caro", "orb", 2))
    result = by_owner(tally(Table(items, {"orb": 1})))
    assert result["Ben"].place == 1 and result["Ben"].separated_by == "base score"
    assert result["Ana"].place == 2 and result["Ana"].separated_by == "spell count"
    assert result["Caro"].place == 3 and result["Caro"].separated_by == "spell count"


def test_r3_shared_place_skips_the_next():
    items = (Item("Ana", "orb", 2), Item("Ben", "orb", 2), Item("Caro", "orb", 1))
    result = by_owner(tally(Table(items, {"orb": 1})))
    assert result["Ana"].place == result["Ben"].place == 1
    assert result["Caro"].place == 3
    assert result["Ana"].separated_by == "shared"


def test_r3_only_three_places_are_awarded():
    items = tuple(Item(n, "orb", b) for n, b in zip(SEATS, (4, 3, 2, 1)))
    result = by_owner(tally(Table(items)))
    assert [result[n].place for n in SEATS] == [1, 2, 3, None]
    assert result["Dora"].score == 1  # honorable mention: base + spells


def test_r3_more_than_four_sharing_is_a_warning():
    items = tuple(Item(n, "orb", 1) for n in ("A", "B", "C", "D", "E"))
    result = tally(Table(items))
    assert [d.code for d in result.findings] == ["R3"]
    assert result.findings[0].severity == "warning"
    assert all(r.place == 1 for r in result.items)


def test_r4_scores_multiply_base_plus_spells():
    items = (Item("Ana", "orb", 4, ("runic",)), Item("Ben", "orb", 3), Item("Caro", "orb", 2))
    result = by_owner(tally(Table(items)))
    assert [result[n].score for n in ("Ana", "Ben", "Caro")] == [20, 9, 4]


def test_r4_r5_earlier_winners_score_nothing_and_do_not_compete():
    items = (Item("Ana", "orb", 9, won=True), Item("Ben", "orb", 1))
    result = by_owner(tally(Table(items, {"orb": 3})))
    assert result["Ana"].competing is False and result["Ana"].score == 0 and result["Ana"].place is None
    assert result["Ben"].place == 1


def test_house_profile_changes_multipliers_and_places():
    house = with_overrides(OFFICIAL, {"place_multipliers": [5, 3], "awarded_places": 2})
    items = (Item("Ana", "orb", 2), Item("Ben", "orb", 1), Item("Caro", "orb", 0))
    result = by_owner(tally(Table(items), house))
    assert [result[n].place for n in ("Ana", "Ben", "Caro")] == [1, 2, None]
    assert result["Ana"].score == 10


def test_p5_single_owner_of_first():
    result = tally(Table((Item("Ben", "orb", 2),), players=SEATS, last_praeco="Dora"))
    assert result.next_praeco == "Ben"


def test_p5_shared_first_goes_clockwise_from_last_praecos_left():
    items = (Item("Ana", "orb", 2), Item("Caro", "orb", 2))
    assert tally(Table(items, players=SEATS, last_praeco="Ana")).next_praeco == "Caro"
    assert tally(Table(items, players=SEATS, last_praeco="Ben")).next_praeco == "Caro"
    assert tally(Table(items, players=SEATS, last_praeco="Caro")).next_praeco == "Ana"


def test_p5_no_first_place_passes_to_the_left():
    assert tally(Table((), players=SEATS, last_praeco="Dora")).next_praeco == "Ana"


def test_p5_printed_fr_passes_right():
    assert tally(Table((), players=SEATS, last_praeco="Ana"), PRINTED_FR).next_praeco == "Dora"


def test_p5_undecided_without_seats():
    items = (Item("Ana", "orb", 2), Item("Caro", "orb", 2))
    result = tally(Table(items))
    assert result.next_praeco is None
    assert "seat order" in result.next_praeco_reason


def test_grand_tribunal_has_no_next_praeco():
    assert tally(Table((Item("Ana", "orb", 1),), tribunal=3)).next_praeco is None


def test_players_listed_even_without_items_highest_first():
    result = tally(Table((Item("Caro", "orb", 1),), players=SEATS))
    assert [p.name for p in result.players] == ["Caro", "Ana", "Ben", "Dora"]
