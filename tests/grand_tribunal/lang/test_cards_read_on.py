"""Issue 26: a card file reports the content errors of the cards that could be read even while another
card has a syntax error (the card-set language) or data of the wrong shape (TOML and JSON)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run


def codes_at(result) -> list[tuple[int, str]]:
    data = json.loads(result.stdout)
    return [(d["line"], d["code"]) for f in data["files"] for d in f["diagnostics"]]


def test_a_gtc_file_checks_the_cards_around_a_syntax_error(write):
    path = write("set.gtc", 'set "T"\n'
                 'item "Good" type staff advance 3 base 2 slots elemental\n'
                 'item "Broken" type staff advance advance 3\n'              # line 3: SYN001
                 'item "Odd" type stafff advance 3 base 2 slots elemental\n'  # line 4: CARD001
                 'spell "S" category elemental advance 2\n')                  # line 5: CARD011
    result = run("cards", "check", path, "--json")
    assert result.exit_code == 2  # a syntax error: the file cannot be used as a set
    assert codes_at(result) == [(3, "SYN001"), (4, "CARD001"), (5, "CARD011")]


@pytest.mark.parametrize("suffix", ["toml", "json"])
def test_an_exchange_file_checks_the_cards_around_a_malformed_one(write, suffix):
    cards = [{"kind": "item", "name": "Odd", "type": "stafff", "advance": 2, "base": 1},
             {"kind": "item", "name": "Broken", "type": "staff", "advance": "two", "base": 1},
             {"kind": "spell", "name": "Fine", "category": "elemental"},
             {"kind": "spell", "name": "Lost", "category": "elementl"}]
    if suffix == "json":
        path = write("set.json", json.dumps({"format": "gtcli-cards/1", "name": "T", "cards": cards}, indent=1))
    else:
        import tomli_w

        path = write("set.toml", tomli_w.dumps({"format": "gtcli-cards/1", "name": "T", "cards": cards}))
    result = run("cards", "check", path, "--json")
    assert result.exit_code == 1
    found = [code for _, code in codes_at(result)]
    assert sorted(found) == ["CARD001", "CARD002", "CARD011"]  # the bad card, and the two checked around it
    messages = [d["message"] for f in json.loads(result.stdout)["files"] for d in f["diagnostics"]]
    assert any("advance has the wrong type" in m for m in messages)
