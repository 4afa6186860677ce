"""gtcli.core.statistics against values computed by hand (formulas written out beside each)."""

from __future__ import annotations

from math import isclose, sqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gtcli.core.statistics import Z95, holm, mean_interval, newcombe, two_proportion_p, wilson


def test_z95():
    assert isclose(Z95, 1.959963984540054, rel_tol=1e-12)


def test_wilson_half():
    # 5 of 10: centre (0.5 + z²/20) / (1 + z²/10) = 0.5; half = z*sqrt(0.025 + z²/400) / (1 + z²/10)
    z2 = Z95 ** 2
    half = Z95 * sqrt(0.025 + z2 / 400) / (1 + z2 / 10)
    low, high = wilson(5, 10)
    assert isclose(low, 0.5 - half) and isclose(high, 0.5 + half)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634  # the published value


def test_wilson_extremes():
    # 0 of 10: low exactly 0, high z²/(n+z²) = 3.8415/13.8415 = 0.2775
    assert wilson(0, 10) == (0.0, pytest.approx(Z95 ** 2 / (10 + Z95 ** 2)))
    assert wilson(10, 10) == (pytest.approx(10 / (10 + Z95 ** 2)), 1.0)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_wilson_one_of_three():
    # 1 of 3 (a three-player game's fair share): published Wilson 95% interval 0.0615 to 0.7923
    low, high = wilson(1, 3)
    assert round(low, 4) == 0.0615 and round(high, 4) == 0.7923


def test_newcombe():
    # Newcombe (1998) table II, example (a): 56/70 vs 48/80 -> 0.0524 to 0.3339
    low, high = newcombe(56, 70, 48, 80)
    assert round(low, 4) == 0.0524 and round(high, 4) == 0.3339
    assert newcombe(1, 0, 1, 2) == (-1.0, 1.0)


def test_two_proportion_p():
    # 30/50 vs 20/50: pooled 0.5, SE = sqrt(0.25 * 0.04) = 0.1, z = 2.0, p = 2(1 - Φ(2)) = 0.0455
    assert round(two_proportion_p(30, 50, 20, 50), 4) == 0.0455
    assert two_proportion_p(0, 5, 0, 5) == 1.0


def test_holm():
    # sorted 0.01, 0.02, 0.04 times 3, 2, 1 -> 0.03, 0.04, 0.04 (monotone)
    assert holm([0.04, 0.01, 0.02]) == pytest.approx([0.04, 0.03, 0.04])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_estimate(case):
    w, n = case
    low, high = wilson(w, n)
    assert 0.0 <= low <= w / n <= high <= 1.0


def test_mean_interval_by_hand():
    # 1, 2, 3, 4, 5: sum 15, squares 55, mean 3; s² = (55 - 225/5) / 4 = 2.5; half = z * sqrt(2.5 / 5) = 1.3859
    mean, low, high = mean_interval(5, 15, 55)
    assert mean == 3.0
    assert round(low, 4) == 1.6141 and round(high, 4) == 4.3859
    assert isclose(high - mean, Z95 * sqrt(0.5))


def test_mean_interval_edges():
    assert mean_interval(0, 0, 0) == (0.0, 0.0, 0.0)
    assert mean_interval(1, 7, 49) == (7.0, 7.0, 7.0)
    assert mean_interval(3, 12, 48) == (4.0, 4.0, 4.0)  # 4, 4, 4: no spread, no width
    # 60 and 80 turns: mean 70, s² = (3600 + 6400 - 140²/2) / 1 = 200, half = z * sqrt(100) = 19.6
    mean, low, high = mean_interval(2, 140, 10000)
    assert mean == 70 and isclose(low, 70 - 10 * Z95) and isclose(high, 70 + 10 * Z95)
