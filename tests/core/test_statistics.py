"""gtcli.core.statistics against values computed by hand (formulas written out beside each)."""

from __future__ import annotations

import math
from math import isclose, sqrt

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gtcli.core.statistics import (Z95, clustered_wilson, holm, mean_interval, newcombe, p_text, stratified_mean,
                                  t_quantile, t_two_sided_p, two_proportion_p, wilson, wilson_fraction)


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


def test_student_t_against_published_tables():
    # two-sided 5% points: 12.706 (1 df), 2.228 (10 df), 2.042 (30 df); 1.960 for very many
    assert round(t_quantile(1), 3) == 12.706 and round(t_quantile(10), 3) == 2.228
    assert round(t_quantile(30), 3) == 2.042 and round(t_quantile(10 ** 7), 3) == 1.960
    assert round(t_quantile(10, 0.99), 3) == 3.169  # the 1% point of 10 df
    assert isclose(t_two_sided_p(2.228138852, 10), 0.05, rel_tol=1e-6)
    assert isclose(t_two_sided_p(1.0, 1), 0.5, rel_tol=1e-9)  # Cauchy: P(|T| > 1) = 1/2
    assert t_two_sided_p(0.0, 5) == 1.0 and t_two_sided_p(float("inf"), 5) == 0.0
    # far out the p-value stays a tiny number, not 0: for 2 df P(|T| > t) = 1 - t / sqrt(2 + t²)
    t = 1e6
    assert isclose(t_two_sided_p(t, 2), 1 - t / sqrt(2 + t * t), rel_tol=1e-3) and t_two_sided_p(t, 2) > 0
    with pytest.raises(ValueError):
        t_two_sided_p(1.0, 0)


def test_stratified_mean_by_hand():
    # stratum A: 1, 0, 2 (n 3, sum 3, squares 5); stratum B: 1, -1 (n 2, sum 0, squares 2)
    mean, ci, p, df = stratified_mean([(3, 3.0, 5.0), (2, 0.0, 2.0)], bound=2.0)
    assert mean == 0.6 and df == 4
    # the test's variance around 0: 7 / 4 per value, t = 0.6 / sqrt(7 / 4 / 5) on 4 df
    assert isclose(p, t_two_sided_p(0.6 / sqrt(7 / 4 / 5), 4))
    # five units cannot reject anything at 5% (t(4)² / 4 = 1.93 > 1): the interval is the whole range
    assert ci == (-2.0, 2.0)
    # ten 1s and ten 0s: mean 1/2; k = t(19)² / (20 * 19), a = 1 - 20 k, half = sqrt(m² - (m² - 10 k) / a)
    mean, ci, p, df = stratified_mean([(20, 10.0, 10.0)])
    k = t_quantile(19) ** 2 / 380
    half = sqrt(0.25 - (0.25 - 10 * k) / (1 - 20 * k))
    assert mean == 0.5 and ci == (pytest.approx(0.5 - half), pytest.approx(0.5 + half))
    assert round(t_quantile(19), 3) == 2.093 and round(ci[0], 4) == 0.2263
    # the interval is the set the test does not reject: at its lower end, p is exactly 5%
    shifted = [v - ci[0] for v in [1.0] * 10 + [0.0] * 10]
    assert isclose(stratified_mean([(20, sum(shifted), sum(v * v for v in shifted))])[2], 0.05, rel_tol=1e-6)
    assert stratified_mean([]) == (None, None, None, 0)
    assert stratified_mean([(1, 1.0, 1.0)]) == (1.0, None, None, 0)
    assert stratified_mean([(3, 0.0, 0.0)])[2] == 1.0  # every value 0: nothing to see


def test_clustered_wilson_by_hand():
    # one trial per unit: Wilson's own interval
    assert clustered_wilson(10, 3, 10, 3, 3, 10) == pytest.approx(wilson(3, 10))
    # 4 units of 3 trials whose successes exclude each other (one each): design effect below 1 -> Wilson
    assert clustered_wilson(4, 4, 12, 4, 12, 36) == pytest.approx(wilson(4, 12))
    # 2 units: 3 of 3 and 0 of 3. p 1/2; spread (3 - 1.5)² + (0 - 1.5)² = 4.5 over 36; binomial 0.25 / 6:
    # design effect 3, so Wilson on 2 trials
    assert clustered_wilson(2, 3, 6, 9, 9, 18) == pytest.approx(wilson_fraction(0.5, 2))
    assert clustered_wilson(0, 0, 0, 0, 0, 0) == (0.0, 1.0)
    assert wilson_fraction(0.3, 10) == pytest.approx(wilson(3, 10))


def test_p_text_never_prints_zero():
    assert p_text(0.0) == "<1e-16" and p_text(3e-17) == "<1e-16" and p_text(2e-16) == "2e-16"
    assert p_text(0.04567) == "0.0457" and p_text(None) == "-" and p_text(1.0) == "1"
    # the pooled z-test keeps its tail: 2 (1 - cdf) would be exactly 0 here
    assert 0 < two_proportion_p(200, 200, 0, 200) < 1e-16


def _odd_df_level(t: float, df: int) -> float:
    """P(|T| <= t) for 3 or 5 degrees of freedom in closed form (theta = atan(t / sqrt(df)))."""
    theta = math.atan(t / math.sqrt(df))
    c = math.cos(theta)
    series = 1 + (2 / 3 * c * c if df == 5 else 0)
    return 2 / math.pi * (theta + math.sin(theta) * c * series)


@pytest.mark.parametrize("df, level, expected", [
    (1, 0.95, 12.706), (5, 0.95, 2.5706), (30, 0.95, 2.0423), (10, 0.95, 2.2281), (2, 0.95, 4.3027),
    (20, 0.95, 2.0860), (60, 0.95, 2.0003), (120, 0.95, 1.9799), (10, 0.99, 3.1693), (4, 0.90, 2.1318),
    (15, 0.80, 1.3406), (1, 0.99, 63.657), (3, 0.99, 5.8409)])
def test_t_quantiles_of_the_tables(df, level, expected):
    assert t_quantile(df, level) == pytest.approx(expected, abs=0.6 * 10 ** -(len(str(expected).split(".")[1])))


@pytest.mark.parametrize("level", [0.5, 0.9, 0.95, 0.99, 0.999])
def test_t_quantiles_in_closed_form_to_1e_12(level):
    alpha = 1 - level
    assert t_quantile(1, level) == pytest.approx(math.tan(math.pi / 2 * level), rel=1e-12)  # Cauchy
    assert t_quantile(2, level) == pytest.approx(math.sqrt(2 / (alpha * (2 - alpha)) - 2), rel=1e-12)
    for df in (3, 5):
        t = t_quantile(df, level)
        assert _odd_df_level(t, df) == pytest.approx(level, abs=1e-13)
        assert _odd_df_level(t * (1 + 1e-9), df) > level > _odd_df_level(t * (1 - 1e-9), df)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10 ** 4) | st.floats(1, 1e4), st.sampled_from([0.5, 0.8, 0.9, 0.95, 0.99, 0.999]))
@example(9652.0, 0.5)  # the tail's rounding: 13 evaluations, until a step out of the bracket ended the search
def test_a_t_quantile_gives_its_level_back_in_a_few_evaluations(df, level):
    """Newton's steps on the exact tail: the level back, in at most 12 evaluations (bisection took 200)
    up to 10,000 degrees of freedom (beyond, the tail's own rounding can take more, never 200)."""
    import gtcli.core.statistics as statistics

    calls = 0
    real = statistics._incomplete_beta

    def counted(*args):
        nonlocal calls
        calls += 1
        return real(*args)

    statistics.t_quantile.cache_clear()
    statistics._incomplete_beta = counted
    try:
        t = statistics.t_quantile(df, level)
    finally:
        statistics._incomplete_beta = real
    assert statistics.t_two_sided_p(t, df) == pytest.approx(1 - level, rel=1e-9, abs=1e-13)
    assert calls <= 12
