"""gt club's statistics and name matching, against results computed by hand.

Three legal three-player games, written out so every number below can be checked on paper:

    G1  Ana 20, Ben 20, Caro 10   Ana and Ben share the win (R7) and 1st place; Caro 3rd
    G2  Ben 30, Ana 15, Caro 15   Ben wins; Ana and Caro share 2nd place
    G3  Caro 25, Ana 10, Ben 5    Caro wins

Seats are in the order written (G2's first seat is Ben's).
"""

from __future__ import annotations

import pytest

from gtcli.club.names import Names, one_edit_apart, probable_duplicates
from gtcli.club.stats import eligible, head_to_head, players, seats, spellings, why_not
from gtcli.club.work import ILLEGAL, INCOMPLETE, LEGAL, UNUSABLE, Row, Seat, iso_date
from gtcli.core.statistics import competition_ranks as ranks, newcombe, two_proportion_p


def game(path: str, *results: tuple[str, int], verdict: str = LEGAL, codes: tuple[str, ...] = ()) -> Row:
    totals = [t for _, t in results]
    places = ranks(totals)
    top = max(totals)
    return Row(path, "0" * 64, 1, "log", "grand-tribunal", verdict, codes, date=None,
               seats=tuple(Seat(n, name, t, p, p, t == top) for n, ((name, t), p) in enumerate(zip(results, places), 1)))


G1 = game("g1.gtl", ("Ana", 20), ("Ben", 20), ("Caro", 10))
G2 = game("g2.gtl", ("Ben", 30), ("Ana", 15), ("Caro", 15))
G3 = game("g3.gtl", ("Caro", 25), ("Ana", 10), ("Ben", 5))
GAMES = [G1, G2, G3]
NAMES = Names.of({})
DISPLAY = NAMES.display(spellings(GAMES))


def by_name(found: list[dict]) -> dict[str, dict]:
    return {p["name"]: p for p in found}


def test_ranks_share_equal_totals():
    assert ranks([5, 9, 5, 2]) == [2, 1, 2, 4]
    assert [s.place for s in G1.seats] == [1, 1, 3] and [s.winner for s in G1.seats] == [True, True, False]
    assert [s.place for s in G2.seats] == [1, 2, 2]


def test_a_shared_win_counts_for_each_winner():
    found = by_name(players(GAMES, NAMES, DISPLAY))
    assert {n: (p["games"], p["wins"]) for n, p in found.items()} == {"Ana": (3, 1), "Ben": (3, 2), "Caro": (3, 1)}
    assert found["Ben"]["win_rate"] == pytest.approx(2 / 3)
    # Wilson interval of 1 win in 3 games, by hand: centre 0.4269, half-width 0.3654
    assert found["Ana"]["win_rate_ci"] == pytest.approx([0.0615, 0.7923], abs=5e-5)


def test_average_score_and_place_with_shared_places():
    found = by_name(players(GAMES, NAMES, DISPLAY))
    assert found["Ana"]["average_score"] == pytest.approx(15.0)  # (20 + 15 + 10) / 3
    assert found["Ana"]["average_place"] == pytest.approx(5 / 3)  # 1 (shared), 2 (shared), 2
    assert found["Ben"]["average_place"] == pytest.approx(5 / 3)  # 1 (shared), 1, 3
    assert found["Caro"]["average_place"] == pytest.approx(2.0)  # 3, 2 (shared), 1
    assert found["Caro"]["average_score"] == pytest.approx(50 / 3)


def test_streaks_in_game_order():
    found = by_name(players(GAMES, NAMES, DISPLAY))
    assert (found["Ben"]["longest_streak"], found["Ben"]["current_streak"]) == (2, 0)  # W W L
    assert (found["Caro"]["longest_streak"], found["Caro"]["current_streak"]) == (1, 1)  # L L W
    assert (found["Ana"]["longest_streak"], found["Ana"]["current_streak"]) == (1, 0)  # W L L


def test_results_by_seat_and_the_first_players_advantage():
    [three] = seats(GAMES)
    assert three["players"] == 3 and three["games"] == 3
    assert [s["wins"] for s in three["seats"]] == [3, 1, 0]  # G1's shared win is seats 1 and 2
    assert [s["average_place"] for s in three["seats"]] == pytest.approx([1.0, 5 / 3, 8 / 3])
    first = three["first_player"]
    assert first["win_rate"] == 1.0 and first["others_win_rate"] == pytest.approx(1 / 6)  # 1 win in 6 seat-games
    assert first["advantage"] == pytest.approx(5 / 6)
    assert first["advantage_ci"] == pytest.approx(list(newcombe(3, 3, 1, 6)))
    assert first["p_value"] == pytest.approx(two_proportion_p(3, 3, 1, 6))


def test_head_to_head_counts_shared_places_as_level():
    pairs = {(p["a"], p["b"]): (p["games"], p["a_ahead"], p["b_ahead"], p["level"])
             for p in head_to_head(GAMES, NAMES, DISPLAY)}
    assert pairs == {("Ana", "Ben"): (3, 1, 1, 1), ("Ana", "Caro"): (3, 1, 1, 1), ("Ben", "Caro"): (3, 2, 1, 0)}
    only = head_to_head(GAMES, NAMES, DISPLAY, only="caro")
    assert [(p["a"], p["b"], p["a_ahead"]) for p in only] == [("Caro", "Ana", 1), ("Caro", "Ben", 1)]


def test_illegal_incomplete_and_unusable_games_are_left_out_with_why():
    bad = [game("i.gtl", ("Ana", 1), ("Ben", 2), ("Caro", 3), verdict=ILLEGAL, codes=("A1", "V2")),
           game("u.gtl", ("Ana", 1), ("Ben", 2), ("Caro", 3), verdict=INCOMPLETE),
           Row("x.gtl", "", 0, "log", "grand-tribunal", UNUSABLE, ("SYN001",))]
    counted, left = eligible(GAMES + bad, NAMES)
    assert counted == GAMES
    assert [(e.path, e.reason) for e in left] == [("i.gtl", "illegal: A1, V2"),
                                                  ("u.gtl", "incomplete: the game did not reach its end"),
                                                  ("x.gtl", "unusable: SYN001")]


def test_names_fold_case_and_accents_and_follow_the_clubs_aliases():
    names = Names.of({"Ana María": ["Anita", "AM"]})
    assert names.key("ANA MARIA") == names.key("Ána_María") == names.key("anita") == names.key("am") == "ana maria"
    assert names.key("Ben") == "ben"
    shown = names.display(spellings([game("a.gtl", ("anita", 3), ("Ben", 2), ("ben", 1)),
                                     game("b.gtl", ("BEN", 3), ("Caro", 2), ("ben", 1))]))
    assert shown["ana maria"] == "Ana María"  # the club's own spelling
    assert shown["ben"] == "ben"  # the spelling written most often (3 of 4)


def test_an_alias_that_seats_one_player_twice_leaves_the_game_out():
    g = game("g.gtl", ("Ana", 3), ("Anita", 2), ("Ben", 1))
    assert why_not(g, NAMES) is None
    assert why_not(g, Names.of({"Ana": ["Anita"]})) == "two seats are one player under the club's aliases (ana)"


def test_names_one_letter_apart_are_flagged_never_merged():
    assert one_edit_apart("ana", "anna") and one_edit_apart("ben", "bem") and one_edit_apart("jon", "jno")
    assert not one_edit_apart("ana", "ana") and not one_edit_apart("ana", "anita") and not one_edit_apart("ben", "nbe")
    keys = ["ana", "anna", "ben", "bem", "caro", "carol", "al", "ali", "dora"]
    assert probable_duplicates(keys) == [("ana", "anna"), ("bem", "ben"), ("caro", "carol")]
    assert NAMES.key("Anna") != NAMES.key("Ana")  # flagged, not merged


@pytest.mark.parametrize("text, iso", [("2024-05-31", "2024-05-31"), ("2024.05.31", "2024-05-31"),
                                       ("2024/5/1", "2024-05-01"), ("2024.??.??", None), ("2024-02-30", None),
                                       ("31/05/2024", None), ("", None)])
def test_dates_of_logs(text, iso):
    assert iso_date(text) == iso
