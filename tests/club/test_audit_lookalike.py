"""Audit of issue 38, point 5: look-alike names written in CAPITALS of another script.

A player's key is folded (case-folded) before its skeleton is taken, so "ТОМ" in Cyrillic
capitals reaches the look-alike table as "том", whose small т and м look like no Latin
letter, though the capitals Т and М are Latin T and M to the eye. Such names were not
flagged at all ("Tom" and "ТОМ" are two letters apart), or flagged for the wrong reason.
"""

from __future__ import annotations

import json
import unicodedata

import pytest

from gtcli.club.lookalike import LATIN_LOOKALIKES, skeleton
from gtcli.club.names import LOOK_ALIKE, probable_duplicates_why
from gtcli.core.text import fold
from tests.conftest import run

WITH_BEN = "2024/01/game-00001.gtl"  # Jon, Ben, Eli


@pytest.mark.parametrize("latin, other", [
    ("Tom", "\u0422\u041e\u041c"),  # ТОМ: Cyrillic capitals Te, O, Em
    ("Kate", "\u041a\u0410\u0422\u0415"),  # КАТЕ
    ("Hugo", "\u041dugo"),  # Cyrillic capital En, then Latin
    ("Ben", "\u0412en"),  # Cyrillic capital Ve
    ("Kim", "\u039aim"),  # Greek capital Kappa
    ("Theo", "\u03a4\u0397\u0395\u039f"),  # ΤΗΕΟ: Greek capitals
])
def test_look_alike_capitals_are_flagged_as_look_alike_letters(latin, other):
    keys = [fold(latin), fold(other)]
    assert probable_duplicates_why(keys) == [(*sorted(keys), LOOK_ALIKE)]


def test_every_look_alike_capital_keeps_its_latin_letter_once_folded():
    capitals = [(ch, latin) for ch, latin in LATIN_LOOKALIKES.items()
                if ch.isupper() and unicodedata.normalize("NFKD", ch) == ch]  # fold's NFKD leaves it a letter
    assert len(capitals) > 30
    for ch, latin in capitals:  # a small letter that is a look-alike of its own keeps its own (Greek iota: i)
        assert skeleton(fold(ch)) == LATIN_LOOKALIKES.get(ch.casefold(), latin).casefold(), (hex(ord(ch)), latin)


def test_a_name_of_its_own_script_is_still_its_own_name():
    assert probable_duplicates_why([fold("Ana"), fold("\u0430\u043d\u044f")]) == []  # "аня" is not "ana"
    assert probable_duplicates_why([fold("Eva"), fold("\u0395\u03c5\u03b1")]) == []  # Greek "Ευα" keeps its upsilon


def test_a_cyrillic_capitals_name_in_a_real_archive_is_flagged(club_archive):
    game = club_archive / WITH_BEN
    text = game.read_text(encoding="utf-8")
    assert "Ben" in text
    game.write_text(text.replace("Ben", "\u0412EN"), encoding="utf-8")  # ВEN: a Cyrillic capital Ve
    data = json.loads(run("club", "stats", club_archive, "--json").stdout)
    assert {"a": "Ben", "b": "\u0412EN", "why": LOOK_ALIKE} in data["probable_duplicates"]
