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


def reference_problem(game):
    """The shape check as it was first written (round 2), the plainest form: the oracle the faster
    :func:`summary_problem` (issue 41) must agree with, reason for reason."""
    def count(v):
        return type(v) is int and -1_000_000 <= v <= 1_000_000

    def names(value, limit):
        return type(value) is list and len(value) <= limit and all(type(n) is str and len(n) <= 200 for n in value)

    if type(game) is not dict:
        return "not an object"
    players = game.get("players")
    if not (type(players) is list and 1 <= len(players) <= 8 and names(players, 8) and len(set(players)) == len(players)):
        return "players: a list of distinct names"
    winners = game.get("winners")
    if not (type(winners) is list and names(winners, 8) and len(set(winners)) == len(winners)
            and set(winners) <= set(players)):
        return "winners: some of the players"
    if not (type(game.get("turns")) is int and 0 <= game["turns"] <= 100_000):
        return "turns: a count"
    praeco = game.get("first_praeco")
    if praeco is not None and not (type(praeco) is str and praeco in players):
        return "first_praeco: one of the players"
    totals, vis, played, used = game.get("totals"), game.get("vis"), game.get("played"), game.get("used")
    if type(totals) is not dict or not all(p in totals and count(totals[p]) for p in players):
        return "totals: a score per player"
    if type(vis) is not dict or not all(type(vis.get(p)) is dict and all(count(vis[p].get(k)) for k in
                                                                          ("gathered", "advanced", "left"))
                                        for p in players):
        return "vis: gathered, advanced and left per player"
    if type(played) is not dict or not all(type(played.get(p)) is dict and len(played[p]) <= 1000 and all(
            type(c) is str and len(c) <= 200 and count(t) for c, t in played[p].items()) for p in players):
        return "played: card -> times, per player"
    if type(used) is not dict or not all(names(used.get(p), 1000) for p in players):
        return "used: card names, per player"
    tribunals = game.get("tribunals")
    if type(tribunals) is not list or len(tribunals) > 100 or not all(
            type(s) is dict and all(p in set(players) and count(v) for p, v in s.items()) for s in tribunals):
        return "tribunals: scores per player, per Tribunal"
    return None


@settings(max_examples=600, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PLACES), JSON | st.sampled_from([True, 1.0, 2_000_000, "x" * 201, None]),
                          st.booleans()), min_size=1, max_size=3))
def test_the_shape_check_gives_the_reason_the_plainest_check_gives(changes):
    """One to three values replaced or dropped anywhere in a summary: the same verdict, the same reason."""
    game = copy.deepcopy(BASE)
    for place, value, drop in changes:
        parent = game
        try:
            for key in place[:-1]:
                parent = parent[key]
            if drop and isinstance(parent, dict):
                parent.pop(place[-1], None)
            else:
                parent[place[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change took this place away
    assert summary_problem(game) == reference_problem(game)
