"""The published vocabulary in four languages, with accents and case ignored."""

from __future__ import annotations

import pytest

from gtcli.core.diagnostics import InputError
from gtcli.grand_tribunal.rules.vocabulary import Term, Vocabulary
from gtcli.grand_tribunal.shipped import published_vocabulary

VOCAB = published_vocabulary()


def test_published_game_has_six_types_four_categories_ten_spaces():
    assert len(VOCAB.item_types) == 6
    assert len(VOCAB.spell_categories) == 4
    assert len(VOCAB.spaces) == 10


@pytest.mark.parametrize("word", ["staff", "Staff", "bastón", "baston", "bâton", "BATON", "bastone", "bastoni"])
def test_staff_in_every_language(word):
    assert VOCAB.item_type(word) == "staff"


@pytest.mark.parametrize(
    "word,key",
    [("globi", "orb"), ("pozioni", "potion"), ("pergamene", "scroll"), ("talismani", "talisman"),
     ("bacchette", "wand"), ("varita", "wand"), ("baguette", "wand"), ("parchemin", "scroll")],
)
def test_italian_plurals_and_other_types(word, key):
    assert VOCAB.item_type(word) == key


@pytest.mark.parametrize(
    "word,key",
    [("curative", "healing"), ("Healing", "healing"), ("guaritivi", "healing"), ("élémentaire", "elemental"),
     ("runici", "runic"), ("alquímico", "alchemical"), ("alchimique", "alchemical")],
)
def test_spell_categories(word, key):
    assert VOCAB.spell_category(word) == key


def test_unknown_name_suggests_the_closest():
    with pytest.raises(InputError) as err:
        VOCAB.spell_category("elemntal")
    d = err.value.diagnostics[0]
    assert d.code == "TAB004"
    assert d.hint == "did you mean 'elemental'?"


def test_a_category_is_not_an_item_type():
    with pytest.raises(InputError) as err:
        VOCAB.item_type("runic")
    assert err.value.diagnostics[0].message == "'runic' is a spell category, not an item type"


def test_a_word_naming_two_terms_is_rejected():
    with pytest.raises(InputError):
        Vocabulary((Term("orb", {"en": ("ball",)}),), (Term("runic", {"en": ("ball",)}),))


def test_display_names_per_language():
    assert VOCAB.display("staff", "it") == "bastone"
    assert VOCAB.display("healing", "fr") == "guérison"
