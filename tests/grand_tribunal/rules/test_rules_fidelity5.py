"""Rules fidelity, round 5 (issue 43): each finding blames the right player, once.

- contested rollers listed out of clockwise order (A11) name the players whose order is wrong:
  two swapped, or the fewest moved, never one in order with everybody;
- a refused Advance is the one finding: the activation after it is no A4 (the property of round 4
  is extended in test_rules_fidelity4.py::test_a_refused_advance_is_one_finding);
- a score line's hint describes the line as it is: no "left out" for an Item the line scores, and
  a line counted with the last Tribunal's tokens still on the track is told so.

The one-line cases are fixtures too (``scenarios/rules/A11.misordered.gtl``, ``K1.advance-misspelt``,
``V1.advance-short``, ``A3.advance-twice``, ``R4.votes-again``), checked by test_rule_logs.py.
"""

from __future__ import annotations

import itertools
import json
import re

import pytest

from gtcli.grand_tribunal.rules.actions.sources import out_of_turn
from tests.conftest import SCENARIOS, run
from tests.grand_tribunal.rules.test_rules_fidelity import check

RULES = SCENARIOS / "rules"
FIVE = '[Players "Ana, Ben, Caro, Dan, Eve"]\n[Cards "sample"]\n[Board "sample"]\n'
SETUP5 = "\nsetup\n  praeco Ana\n\ntribunal 1\nround 1 praeco Ana\n"
ROLLS = {"Ben": 2, "Caro": 3, "Dan": 4, "Eve": 5}


def longest_increasing(values: list[int]) -> int:
    return max((len(c) for r in range(len(values) + 1) for c in itertools.combinations(values, r)
                if list(c) == sorted(c)), default=0)


# ---- who is out of order: the pure rule, every listing of up to six players ------------------------
@pytest.mark.parametrize("n", range(1, 7))
def test_every_listing_names_the_players_whose_order_is_wrong(n):
    for places in itertools.permutations(range(n)):
        faults = out_of_turn(list(places))
        named = {k for blamed in faults.values() for k in blamed}
        assert (faults == {}) == (list(places) == sorted(places)), places
        unnamed = [places[k] for k in range(n) if k not in named]
        assert unnamed == sorted(unnamed), places  # put the named right and the listing is in order
        for k in range(n):  # in order with everybody: never named
            if all(places[j] < places[k] for j in range(k)) and all(places[j] > places[k] for j in range(k + 1, n)):
                assert k not in named, (places, faults)
        swapped = [b for b in faults.values() if len(b) == 2]
        for i, j in swapped:  # a pair named together stands each in the other's place
            assert (places[i], places[j]) == (j, i), (places, faults)
        fixed = list(places)
        for i, j in swapped:
            fixed[i], fixed[j] = fixed[j], fixed[i]
        moved = [b for b in faults.values() if len(b) == 1]
        assert len(moved) == n - longest_increasing(fixed), (places, faults)  # the fewest moved
        assert all(blamed[0] == at for at, blamed in faults.items())  # each finding at a player it names


def contested(others: str, write) -> list[dict]:
    found, _ = check(write, f"Ana: praeco staff, orb, wand; gather contested 3 roll 4 others {others}\n",
                     header=FIVE)
    return [d for d in found if d["code"] == "A11"]


def named_in(message: str) -> set[str]:
    return set(re.findall(r"\b(Ben|Caro|Dan|Eve)\b", message.split(":")[0]))


@pytest.mark.parametrize("listed, blamed", [
    ("Dan Caro Ben", [{"Dan", "Ben"}]),  # the issue's case: Dan and Ben swapped, Caro in its place
    ("Ben Dan Caro Eve", [{"Dan", "Caro"}]),
    ("Caro Dan Ben", [{"Ben"}]),  # Ben listed last, rolls first
    ("Eve Ben Caro Dan", [{"Eve"}]),
    ("Caro Ben Eve Dan", [{"Caro", "Ben"}, {"Eve", "Dan"}]),
    ("Eve Dan Caro Ben", [{"Eve", "Ben"}, {"Dan", "Caro"}]),
    ("Ben Caro Dan Eve", []),
    ("Dan Eve", []),  # not every other player rolls
])
def test_misordered_rollers_blame_the_players_whose_order_is_wrong(write, listed, blamed):
    others = ", ".join(f"{name} {ROLLS[name]}" for name in listed.split())
    found = contested(others, write)
    assert [named_in(d["message"]) for d in found] == blamed
    line = f"Ana: praeco staff, orb, wand; gather contested 3 roll 4 others {others}"
    for d, names in zip(found, blamed):  # at the first of the players it names
        first = min(line.index(f" {name} ") + 2 for name in names)
        assert d["col"] == first
        right = ", ".join(f"{n} {ROLLS[n]}" for n in sorted(listed.split(), key=list(ROLLS).index))
        assert d["hint"] == f"clockwise from Ana's left: others {right}"


def test_the_issues_listing_says_which_rolls_to_swap(write):
    (d,) = contested("Dan 4, Caro 3, Ben 2", write)
    assert d["message"] == "Dan and Ben roll in each other's place: clockwise from Ana's left, Ben rolls before Dan"


def test_a_moved_roller_is_told_where_they_roll(write):
    (d,) = contested("Caro 3, Dan 4, Ben 2", write)
    assert d["message"] == "Ben rolls out of turn: clockwise from Ana's left, Ben rolls before Caro"


def test_a_roller_listed_twice_and_the_gatherer_are_one_finding_each(write):
    found = contested("Ben 2, Caro 3, Ben 4, Ana 2", write)
    assert [d["message"].split(";")[0] for d in found] == ["Ben rolls once", "Ana gathered"]


# ---- a refused Advance: one finding ------------------------------------------------------------------
@pytest.mark.parametrize("name, code", [("K1.advance-misspelt", "K1"), ("V1.advance-short", "V1"),
                                        ("A3.advance-twice", "A3")])
def test_a_refused_advance_and_the_activation_after_it_are_one_finding(name, code):
    data = json.loads(run("check", RULES / f"{name}.gtl", "--format", "json").stdout)
    found = [d["code"] for d in data["files"][0]["diagnostics"] if d["severity"] != "note"]
    assert found == [code]


def test_the_card_a_misspelt_advance_meant_can_be_installed_on_later(write):
    """The Ember Wand's Vis were refused (K1), its activation counts them: the Kindle installed on it
    two turns later is no A5 either."""
    found, _ = check(write, 'Ana: praeco staff, orb, wand; sanctum "Ember Wand", "Kindle"; advance "Ember Wnd" 2; '
                            'activate "Ember Wand"; extract 1\n'
                            'Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n'
                            'round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n'
                            'Caro: extract 1; vote orb\n'
                            'Ana: advance "Kindle" 2; activate "Kindle"; install "Kindle" on "Ember Wand"; extract 1\n')
    assert [d["code"] for d in found if d["severity"] != "note"] == ["K1"]


def test_an_activation_short_of_vis_the_advance_never_meant_is_still_a4(write):
    found, _ = check(write, 'Ana: praeco staff, orb, wand; sanctum "Storm Staff"; advance "Stom Staff" 2; '
                            'activate "Storm Staff"; extract 1\n')  # the Staff costs 4: 2 meant are not enough
    assert [d["code"] for d in found if d["severity"] != "note"] == ["K1", "A4"]


# ---- a score line's hints describe the line as it is ----------------------------------------------------
def test_a_line_counting_the_last_tribunals_votes_again_says_so_and_leaves_no_item_out():
    data = json.loads(run("check", RULES / "R4.votes-again.gtl", "--format", "json").stdout)
    found = [d for d in data["files"][0]["diagnostics"] if d["severity"] != "note"]
    assert [(d["code"], d["col"]) for d in found] == [("R4", 8), ("R4", 15), ("R4", 22)]
    assert all("Tribunal 1's votes were counted again" in d["message"] for d in found)
    assert not any("left out" in d["message"] for d in found)


def test_an_item_the_line_scores_is_not_said_to_be_left_out(write):
    """Caro's 99 is no tally's, so the line is not the last Tribunal's votes counted again; Ana's 8 is
    what she would score without the Ashwood Staff, but the line gives Caro a score for it."""
    text = (RULES / "R4.votes-again.gtl").read_text(encoding="utf-8")
    path = write("line.gtl", text.replace("scores Ana 8, Ben 4, Caro 3", "scores Ana 8, Ben 6, Caro 99"))
    data = json.loads(run("check", path, "--format", "json").stdout)
    found = [d for d in data["files"][0]["diagnostics"] if d["severity"] != "note"]
    assert [(d["code"], d["message"]) for d in found] == [("R4", "Ana scores 6 at Tribunal 2, not 8"),
                                                          ("R4", "Caro scores 4 at Tribunal 2, not 99")]
    without = write("without.gtl", text.replace("scores Ana 8, Ben 4, Caro 3", "scores Ana 8, Ben 8, Caro 0"))
    data = json.loads(run("check", without, "--format", "json").stdout)
    found = [d for d in data["files"][0]["diagnostics"] if d["severity"] != "note"]
    assert [d["code"] for d in found] == ["R1", "R1", "R1"]  # the line as it is: the Staff left out
    assert all("Ashwood Staff was left out" in d["message"] for d in found)
