"""The faster counting of a game summary changes no figure: reports identical to the byte.

``Tally.add`` (and the card sums behind it) was rewritten for speed (issue 41: a game summary
read and counted in at most 50 µs, benchmarks/bench_balance_read.py). The reports of several
studies -- one bot, a study of tiers, copies of cards and recycled Spells, a planted card that
makes the report leave the cards found associated out of the reference, games of 3 to 5
players -- were written by the code before the change (tests/data/balance/reports.json) and
must come out the same, every float to its last bit.
"""

from __future__ import annotations

import json
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


def _report(name: str) -> dict:
    tally = Tally()
    for game in STUDIES[name]():
        tally.add(game)
    return json.loads(json.dumps(tally.report(KINDS)))


def write_golden() -> None:  # run once, with the code before the change
    GOLDEN.write_text(json.dumps({name: report(name) for name in STUDIES}, sort_keys=True) + "\n")


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_the_report_is_the_same_to_the_last_bit(name):
    expected = json.loads(GOLDEN.read_text())[name]
    assert json.dumps(report(name), sort_keys=True) == json.dumps(expected, sort_keys=True)


if __name__ == "__main__":
    write_golden()
