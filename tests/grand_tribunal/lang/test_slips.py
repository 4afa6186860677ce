"""Properties of the slips' hints (gtcli/grand_tribunal/lang/logs/slips.py): whatever spaces a
praeco move names and wherever a comma is left out, the hint is the move with every comma
in place, at the first word a comma is missing before the parser stopped; a card name typed
without quotes is quoted whole, up to the next keyword."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.core.diagnostics import InputError
from gtcli.grand_tribunal.lang.logs.check import parse_log
from gtcli.grand_tribunal.lang.logs.slips import quote_cards

SPACES = ["staff", "orb", "wand", "potion", "scroll", "talisman", "elemental", "runic", "healing", "alchemical"]
HEAD = '[Players "Ana, Ben"]\n[Cards "sample"]\n\ntribunal 1\nround 1 praeco Ana\n'


def error_of(text: str):
    with pytest.raises(InputError) as caught:
        parse_log(text, "g.gtl", "en")
    return caught.value.diagnostics[0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(SPACES), min_size=2, max_size=5),
       st.lists(st.booleans(), min_size=4, max_size=4), st.sampled_from(["\n", "; vote staff\n", "\nBen: vote orb\n"]))
def test_a_missing_comma_gets_the_move_with_its_commas(spaces, commas, after):
    gaps = [", " if comma else " " for comma in commas[:len(spaces) - 1]]
    if all(gap == ", " for gap in gaps):
        gaps[-1] = " "  # at least one comma left out
    move = "praeco " + "".join(s + g for s, g in zip(spaces, gaps)) + spaces[-1]
    text = HEAD + "Ana: " + move + after
    d = error_of(text)
    assert d.code == "SYN001" and "separated by commas" in d.message, d
    assert d.hint == "praeco " + ", ".join(spaces)
    line = text.splitlines()[d.line - 1]
    assert line[d.col - 1:].split()[0].strip(",;") in spaces  # at a space the move names


def test_an_unquoted_card_is_quoted_up_to_the_next_keyword():
    d = error_of(HEAD + "Ana: draw item Storm Staff to hand\n")
    assert "double quotes" in d.message and d.hint == 'write "Storm Staff"'


def test_quote_cards_mends_each_card_and_stops_at_a_name_of_no_card():
    names = {"kindle": "Kindle", "ashwood staff": "Ashwood Staff"}

    def stop_of(line: str):
        try:
            parse_log("Ana: " + line + "\n", "t", "en")
        except InputError as exc:
            return exc.diagnostics[0].col - 1 - len("Ana: ")
        return None

    assert quote_cards("sanctum Ashwood Staff, kindle", names, stop_of) == 'sanctum "Ashwood Staff", "Kindle"'
    assert quote_cards("sanctum Kindle, Nowhere", names, stop_of) == 'sanctum "Kindle", Nowhere'
