"""The ratings' prediction record, with the game as the unit: known answers, and archives with no skill.

The null test: in archives where every result is a random order (nobody has any skill), the
ratings still move and still "predict"; a 95% interval for their record must cover 50% in
about 95% of such archives. Counting the pairs of a game as independent trials (Wilson over
pairs, the old method) covers it too rarely; the game as the unit does not.
"""

from __future__ import annotations

import math
import random

import pytest

from gtcli.club.prediction import in_words, record
from gtcli.club.ratings import rate
from gtcli.core.statistics import t_quantile, wilson

MEMBERS, GAMES, ARCHIVES = 9, 60, 500


@pytest.mark.parametrize(("df", "expected"), [(1, 12.7062), (2, 4.3027), (3, 3.1824), (5, 2.5706),
                                              (10, 2.2281), (30, 2.0423), (1000, 1.9623)])
def test_t_quantiles_of_the_tables(df, expected):
    """The record's quantile (the core's, two-sided 95%: the 0.975 point) against the printed tables."""
    assert t_quantile(df) == pytest.approx(expected, abs=2e-3)


def test_the_record_by_hand():
    # five games predicting 3 pairs each (and one predicting none): p = 11/15; residuals c - 3p are
    # 0.8, -0.2, -0.2, -1.2, 0.8 (squares sum to 2.8); se = sqrt(5/4 * 2.8) / 15; t(0.975, 4) = 2.7764
    found = record([(3, 3), (3, 2), (0, 0), (3, 2), (3, 1), (3, 3)])
    assert (found["pairs"], found["correct"], found["games"]) == (15, 11, 5)
    se = math.sqrt(5 / 4 * 2.8) / 15
    assert found["accuracy_ci"] == pytest.approx([11 / 15 - 2.7764 * se, 1.0], abs=1e-4)
    assert found["coin_toss"] is True and "no better than a coin toss" in in_words(found)


def test_few_games_predict_nothing_sure():
    assert record([(6, 6)])["accuracy_ci"] == [0.0, 1.0]
    same = record([(3, 3), (3, 3), (3, 3)])  # no spread: Wilson over the three games, not a certainty
    assert same["accuracy_ci"] == pytest.approx(list(wilson(3, 3)))
    assert record([])["accuracy"] is None and "predicted nothing yet" in in_words(record([]))


def test_a_clear_record_is_better_than_a_coin_toss():
    found = record([(6, 5), (6, 6), (3, 3), (10, 8)] * 10)
    assert found["coin_toss"] is False and "better than a coin toss (50%)" in in_words(found)


def _null_archive(rng: random.Random) -> list[tuple[int, int]]:
    """One archive of GAMES games among MEMBERS players with no skill at all: each result a random order."""
    state: dict[int, tuple[float, float]] = {}
    per_game = []
    for _ in range(GAMES):
        players = rng.sample(range(MEMBERS), rng.choice((3, 4, 5)))
        ranks = list(range(1, len(players) + 1))
        rng.shuffle(ranks)
        step = rate(state, players, ranks)
        state.update(step.after)
        per_game.append((step.pairs, step.correct))
    return per_game


def test_with_no_skill_the_interval_covers_a_coin_toss_95_percent_of_the_time():
    rng = random.Random(20261126)
    covered = pairs_covered = 0
    for _ in range(ARCHIVES):
        per_game = _null_archive(rng)
        low, high = record(per_game)["accuracy_ci"]
        covered += low <= 0.5 <= high
        pairs, correct = sum(m for m, _ in per_game), sum(c for _, c in per_game)
        low, high = wilson(correct, pairs)
        pairs_covered += low <= 0.5 <= high
    # 500 archives: a true 95% gives 475 +- 10 (two standard errors)
    assert 0.925 <= covered / ARCHIVES <= 0.975, covered
    assert pairs_covered / ARCHIVES < 0.925, pairs_covered  # the pairs as independent trials: too narrow
