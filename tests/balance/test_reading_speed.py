"""The faster counting of a game summary changes no figure, and the order of the games none either.

``Tally.add`` (and the card sums behind it) was rewritten for speed (issue 41: a game summary
read and counted in at most 50 µs, benchmarks/bench_balance_read.py). The reports of several
studies -- one bot, a study of tiers, copies of cards and recycled Spells, a planted card that
makes the report leave the cards found associated out of the reference, games of 3 to 5
players -- were written by the code before the change (tests/data/balance/reports.json) and
must come out the same: every count, name and decision to the byte, every float to its last
bits. (The card figures are now counted per distinct kind of card-game and summed correctly
rounded, where they were added game after game: a p-value may differ in its 15th digit, not
before.) And the report no longer depends on the order in which the games were read: the same
games shuffled give the same report to the byte.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from gtcli.balance.stats import Tally
from tests.balance.synthetic import KINDS, confounded, planted, study

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "balance" / "reports.json"

STUDIES = {
    "null": lambda: study(7, 240),
    "one bot": lambda: study(8, 240, confounded, bots=["greedy"]),
    "tiers": lambda: study(9, 300, confounded, bots=["greedy", "random", "random", "random"]),
    "tiers, a planted card": lambda: study(10, 300, planted("Item 3", 3.0), bots=["mcts", "greedy"]),
    "copies and recycling": lambda: study(11, 300, confounded, copies=3, recycle=0.6),
    "a planted card": lambda: study(12, 400, planted("Spell 2", 4.0)),
    "more games than are kept": lambda: study(13, 300, planted("Resource 1", 4.0), copies=2, recycle=0.3),
}
KEPT = {"more games than are kept": 120}  # the report falls back on the sums made as the games came


def report(name: str) -> dict:
    import gtcli.balance.kept as kept

    saved = kept.MAX_KEPT
    kept.MAX_KEPT = KEPT.get(name, saved)
    try:
        return _report(name)
    finally:
        kept.MAX_KEPT = saved


def _report(name: str, shuffle: int | None = None) -> dict:
    tally = Tally()
    games = STUDIES[name]()
    if shuffle is not None:
        random.Random(shuffle).shuffle(games)
    for game in games:
        tally.add(game)
    return json.loads(json.dumps(tally.report(KINDS)))


def same(got, expected, where: str = "") -> None:
    """``got`` is ``expected``: the same structure, every value equal but floats, equal to 1e-12 of their size."""
    assert type(got) is type(expected), where
    if isinstance(got, dict):
        assert sorted(got) == sorted(expected), where
        for key in got:
            same(got[key], expected[key], f"{where}.{key}")
    elif isinstance(got, list):
        assert len(got) == len(expected), where
        for i, (a, b) in enumerate(zip(got, expected)):
            same(a, b, f"{where}[{i}]")
    elif isinstance(got, float):
        assert math.isclose(got, expected, rel_tol=1e-12, abs_tol=1e-300), (where, got, expected)
    else:
        assert got == expected, where


def write_golden() -> None:  # run once, with the code before the change
    GOLDEN.write_text(json.dumps({name: report(name) for name in STUDIES}, sort_keys=True) + "\n")


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_the_report_is_the_same_to_its_last_bits(name):
    expected = json.loads(GOLDEN.read_text())[name]
    same(report(name), expected)


@pytest.mark.parametrize("name", ["null", "copies and recycling"])
def test_the_report_does_not_depend_on_the_order_of_the_games(name):
    """Games read in another order (``--jobs``, the files found in another order) give the same report to
    the last bit, when it makes no second look at the games kept (those sums run in the order the games
    were read, so there the figures may differ in their last bits: the next test)."""
    first = json.dumps(_report(name), sort_keys=True)
    for seed in (1, 2):
        assert json.dumps(_report(name, shuffle=seed), sort_keys=True) == first


def test_a_report_with_second_looks_is_the_same_to_its_last_bits_in_any_order():
    name = "tiers, a planted card"  # the figures per bot and without the planted card: sums over the games kept
    first = _report(name)
    assert first["reference"]["left_out"] and first["bots"] is not None
    same(_report(name, shuffle=1), first)


if __name__ == "__main__":
    write_golden()
