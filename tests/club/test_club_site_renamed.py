"""The names a scoresheet shows, as the club writes them: one pass over the page (gtcli.club.site_games.renamed)."""

from __future__ import annotations

from hypothesis import given, strategies as st

from gtcli.club.site_games import renamed


def test_a_name_the_aliases_give_is_not_renamed_again_by_another_alias():
    """"Ana" shown as "Ana María", and another player's "María" shown as "Mary": the first is not "Ana Mary"."""
    page = "<td>Ana</td><td>María</td>"
    names = (("Ana", "Ana María"), ("María", "Mary"))
    assert renamed(page, names) == "<td>Ana María</td><td>Mary</td>"


def test_two_players_whose_names_the_aliases_swap():
    assert renamed("<p>Ana beat Eli</p>", (("Ana", "Eli"), ("Eli", "Ana"))) == "<p>Eli beat Ana</p>"


def test_the_longest_written_name_wins_and_only_whole_words_change():
    names = (("Ana", "A."), ("Ana María", "AM"))
    assert renamed("<p>Ana María, Ana, Anabel</p>", names) == "<p>AM, A., Anabel</p>"


def test_names_are_matched_and_shown_escaped():
    assert renamed("<p>Tom &amp; Jo</p>", (("Tom & Jo", "<b>TJ</b>"),)) == "<p>&lt;b&gt;TJ&lt;/b&gt;</p>"


NAME = st.text(st.sampled_from("abAB"), min_size=1, max_size=4)


@given(st.lists(NAME, min_size=1, max_size=6, unique=True), st.data())
def test_each_written_name_is_replaced_by_its_own_shown_name_once(written, data):
    shown = {w: data.draw(st.sampled_from(written + ["X", "Y Z"])) for w in written}
    page = " ".join(written)
    assert renamed(page, tuple(shown.items())) == " ".join(shown[w] for w in written)
