"""Rule profiles: built-ins, override files, diff, and the CLI that shows them."""

from __future__ import annotations

import pytest

from gtcli.core.diagnostics import InputError
from gtcli.grand_tribunal.rules import profiles
from gtcli.grand_tribunal.rules.game import new_game, record, winners
from gtcli.grand_tribunal.rules.tribunal import Item, Table
from tests.conftest import SCENARIOS, run, run_json


def test_builtin_profiles_match_rules_md():
    official, fr = profiles.OFFICIAL, profiles.PRINTED_FR
    assert (official.praeco_passes, official.tribunal_vis, official.contested_fee) == ("left", 0, 2)
    assert (fr.praeco_passes, fr.tribunal_vis, fr.contested_fee) == ("right", 12, 1)
    assert fr.place_colours[2] == "green" and official.place_colours[2] == "yellow"
    assert official.place_multipliers == (4, 3, 2) and official.awarded_places == 3


def test_diff_lists_only_differences():
    keys = [k for k, _, _ in profiles.diff(profiles.OFFICIAL, profiles.PRINTED_FR)]
    assert keys == ["praeco_passes", "tribunal_vis", "contested_fee", "place_colours"]


@pytest.mark.parametrize(
    "overrides,words",
    [({"place_multiplier": [1]}, "did you mean 'place_multipliers'?"),
     ({"awarded_places": 4}, "4 awarded places need"),
     ({"praeco_passes": "up"}, '"left" or "right"'),
     ({"hand_limit": -1}, "0 to 1000"),
     ({"place_multipliers": ["a"]}, "whole numbers"),
     ({"hand_limit": True}, "whole number")],
)
def test_bad_overrides(overrides, words):
    with pytest.raises(InputError) as err:
        profiles.with_overrides(profiles.OFFICIAL, overrides)
    d = err.value.diagnostics[0]
    assert d.code == "PROF002"
    assert words in d.message + (d.hint or "")


def test_profile_file_with_a_top_level_parameter_is_explained(write):
    path = write("p.toml", "hand_limit = 6\n")
    result = run("rules", "diff", "official", path)
    assert result.exit_code == 2
    assert "[parameters]" in result.stderr and str(path) in result.stderr


def test_rules_profiles_cli():
    human = run("rules", "profiles")
    assert human.exit_code == 0
    assert "praeco_passes" in human.stdout and "printed-fr" in human.stdout
    data = run_json("rules", "profiles")
    assert [p["name"] for p in data] == ["official", "printed-fr", "printed-es"]


def test_rules_diff_cli_with_file():
    data = run_json("rules", "diff", "official", SCENARIOS / "profiles" / "house.toml")
    assert data["b"] == "house"
    assert {d["parameter"] for d in data["differences"]} == {"place_multipliers", "awarded_places"}
    same = run("rules", "diff", "official", "official")
    assert "same parameters" in same.stdout


def test_rules_codes_lists_every_rule_id():
    codes = {c["code"] for c in run_json("rules", "codes")}
    for code in ("S1", "P5", "T6", "A12", "V4", "K5", "R7", "X5", "TAB001", "GAME005", "PROF002"):
        assert code in codes


def test_r7_equal_totals_share_the_win():
    game = new_game(("Ana", "Ben", "Caro"))
    for _ in range(3):
        game = record(game, Table((Item("Ana", "orb", 1), Item("Ben", "orb", 1))))
    assert winners(game) == ("Ana", "Ben")


def test_house_profile_tribunal_count_bounds_the_game():
    short = profiles.with_overrides(profiles.OFFICIAL, {"tribunals": 1})
    game = record(new_game(("A", "B", "C"), short), Table(()))
    assert game.finished and winners(game) == ("A", "B", "C")
    with pytest.raises(InputError) as err:
        record(game, Table(()))
    assert err.value.diagnostics[0].code == "GAME002"
