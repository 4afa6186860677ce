"""Hypothesis properties of the Tribunal tally and of table files."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.grand_tribunal.reports import tribunal_json
from gtcli.grand_tribunal.rules.profiles import OFFICIAL
from gtcli.grand_tribunal.rules.tribunal import Item, Table, tally
from gtcli.grand_tribunal.shipped import published_vocabulary
from tests.conftest import run

VOCAB = published_vocabulary()
TYPES = [t.key for t in VOCAB.item_types]
CATEGORIES = [t.key for t in VOCAB.spell_categories]
PLAYERS = ["Ana", "Ben", "Caro", "Dora", "Eli"]

items = st.builds(
    Item,
    owner=st.sampled_from(PLAYERS),
    type=st.sampled_from(TYPES),
    base=st.integers(0, 12),
    spells=st.lists(st.sampled_from(CATEGORIES), max_size=4).map(tuple),
    name=st.none() | st.sampled_from(["Gale", "Ember", "Frost"]),
    won=st.booleans(),
)
votes = st.dictionaries(st.sampled_from(TYPES + CATEGORIES), st.integers(0, 4))
tables = st.builds(
    Table,
    items=st.lists(items, max_size=12).map(tuple),
    votes=votes,
    players=st.just(tuple(PLAYERS)),
    last_praeco=st.sampled_from(PLAYERS),
)


def _canonical(result):
    data = tribunal_json(result)
    data["items"] = sorted(data["items"], key=lambda i: sorted((k, str(v)) for k, v in i.items()))
    return data


@given(tables, st.randoms(use_true_random=False))
def test_listing_order_never_changes_the_result(table, rnd):
    shuffled = list(table.items)
    rnd.shuffle(shuffled)
    other = Table(tuple(shuffled), table.votes, table.tribunal, table.players, table.last_praeco)
    assert _canonical(tally(table)) == _canonical(tally(other))


@given(tables)
def test_at_most_three_distinct_places_and_no_negative_scores(table):
    result = tally(table)
    places = {r.place for r in result.items if r.place}
    assert places <= {1, 2, 3}
    assert all(r.score >= 0 for r in result.items)
    assert all(p.score >= 0 for p in result.players)


@given(tables)
def test_placed_items_outrank_the_rest(table):
    result = tally(table)
    placed = [r for r in result.items if r.place]
    others = [r for r in result.items if r.competing and not r.place]
    for p in placed:
        for o in others:
            assert (p.votes, p.item.base, len(p.item.spells)) >= (o.votes, o.item.base, len(o.item.spells))


@given(tables)
def test_player_scores_add_up_to_item_scores(table):
    result = tally(table, OFFICIAL)
    assert sum(p.score for p in result.players) == sum(r.score for r in result.items)


toml_fragments = st.sampled_from([
    "[votes]\n", "[[items]]\n", 'owner = "Ana"\n', 'type = "staff"\n', "base = 3\n", "base = -3\n",
    'spells = ["runic"]\n', 'spells = "runic"\n', "won = true\n", "tribunal = 9\n", 'players = ["A"]\n',
    "staff = 2\n", "orb = 99\n", "= =\n", '"\n', "[items]\n", "[[votes]]\n", 'last_praeco = "Zed"\n',
    "base = 1e9\n", "players = []\n", "\x00\n",
])


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(toml_fragments | st.text(max_size=20).map(lambda s: s + "\n"), max_size=12))
def test_no_random_table_produces_a_traceback(parts):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.toml"
        path.write_text("".join(parts), encoding="utf-8")
        result = run("tally", path)
        assert result.exit_code in (0, 1, 2)
        if result.exit_code == 2:
            assert result.stderr.startswith(str(path))
