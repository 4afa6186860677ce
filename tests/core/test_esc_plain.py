"""``esc`` answers a plain string (letters, digits, spaces, harmless punctuation) without escaping
it, for speed; it must give exactly what the escaping would give, for any text."""

from __future__ import annotations

import html

from hypothesis import given, strategies as st

from gtcli.core.escaping import safe
from gtcli.core.html.page import esc


@given(st.text())
def test_esc_is_the_escaping_of_the_safe_text_for_any_text(text):
    assert esc(text) == html.escape(safe(text), quote=True)


@given(st.text(alphabet=st.sampled_from("Aa1_ .,:;!?()[]/+=*%#@~^|{}$-<>&\"'\x1b\x9b\u202e\u200bú\n\t")))
def test_esc_near_the_edge_of_plain(text):
    assert esc(text) == html.escape(safe(text), quote=True)


@given(st.text(alphabet=st.sampled_from("An \u115f\u1160\u3164\uffa0\u200b\u00ad\u2060\ufeff\u200c\u200d\ufe0f")))
def test_esc_of_names_with_invisible_characters(text):
    """A Hangul filler is a letter to the fast path's ``\\w``: it must still be shown escaped, as safe() shows it."""
    assert esc(text) == html.escape(safe(text), quote=True)


def test_the_fast_paths_invisible_letters_are_every_invisible_character_that_is_a_word_character():
    import re

    from gtcli.core.escaping import INVISIBLE
    from gtcli.core.html.page import _INVISIBLE_LETTERS

    invisible = re.compile(f"[{INVISIBLE}]")
    letters = {chr(c) for c in range(0x110000) if invisible.match(chr(c)) and re.match(r"\w", chr(c))}
    assert letters == set(_INVISIBLE_LETTERS)
    assert esc("B\u3164") == "B\\u3164" and esc("Ana\u200c") == "Ana\u200c"
