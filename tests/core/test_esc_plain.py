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
