"""A games.jsonl line comes from anyone: whatever the shape check lets through, counting it never fails.

The shape check (:func:`gtcli.balance.sources.summary_problem`) and the counting
(:meth:`gtcli.balance.stats.Tally.add`) are written as plain loops for speed
(benchmarks/bench_balance_read.py); this property keeps them in step: a valid summary with
any one value replaced by any JSON value is either refused with a reason or counted, and the
report made, without an exception.
"""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.balance.sources import summary_problem
from gtcli.balance.stats import Tally
from tests.balance.synthetic import record

JSON = st.recursive(st.none() | st.booleans() | st.integers(-2_000_000, 2_000_000) | st.floats(allow_nan=False)
                    | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=6)


def paths(value, here=()):
    """Every place in a JSON value: a path of keys and indices."""
    yield here
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, here + (key,))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from paths(inner, here + (i,))


def valid() -> dict:
    import random

    game = record(random.Random(3), 4, bots=["greedy", "random", "greedy", "random"])
    assert summary_problem(game) is None
    return game


BASE = valid()
PLACES = [p for p in paths(BASE) if p]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PLACES), JSON, st.booleans())
def test_whatever_the_shape_check_lets_through_is_counted(place, value, drop):
    game = copy.deepcopy(BASE)
    parent = game
    for key in place[:-1]:
        parent = parent[key]
    if drop and isinstance(parent, dict):
        del parent[place[-1]]
    else:
        parent[place[-1]] = value
    problem = summary_problem(game)
    if problem is None:
        tally = Tally()
        tally.add(game)
        tally.add(BASE)
        tally.report()
    else:
        assert isinstance(problem, str) and problem
