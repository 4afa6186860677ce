"""Proportions and their 95% intervals, shared by the club archive and the balance lab.

Pure functions on counts, standard library only. The intervals are the ones a careful
reader of a small sample expects:

* :func:`wilson` -- the Wilson score interval for one proportion (wins out of games). Unlike
  the textbook "p +/- 1.96 SE" it stays inside [0, 1] and is honest for 0 or all wins.
* :func:`newcombe` -- the interval for a difference of two independent proportions built
  from the two Wilson intervals (Newcombe 1998, method 10).
* :func:`two_proportion_p` -- the two-sided p-value of the pooled z-test for that difference.
* :func:`holm` -- Holm's step-down correction of p-values for testing many cards at once.
* :func:`mean_interval` -- a mean and its 95% interval from running sums (game length, Vis).
* :func:`competition_ranks` -- places of totals, equal totals sharing one ("1224" ranking),
  for standings, scoresheets and the ratings.
"""

from __future__ import annotations

from math import sqrt
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)  # 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n``; (0.0, 1.0) when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n}")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # at 0 or n successes one end is exactly 0 or 1; rounding must not move it
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def newcombe(successes1: int, n1: int, successes2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """The interval of p1 - p2 (Newcombe's hybrid score interval); (-1.0, 1.0) if a sample is empty."""
    if n1 <= 0 or n2 <= 0:
        return (-1.0, 1.0)
    p1, p2 = successes1 / n1, successes2 / n2
    l1, u1 = wilson(successes1, n1, z)
    l2, u2 = wilson(successes2, n2, z)
    d = p1 - p2
    low = d - sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (max(-1.0, low), min(1.0, high))


def two_proportion_p(successes1: int, n1: int, successes2: int, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test; 1.0 when it cannot tell."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (successes1 + successes2) / (n1 + n2)
    variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if variance <= 0:
        return 1.0
    z = (successes1 / n1 - successes2 / n2) / sqrt(variance)
    return 2 * (1 - NormalDist().cdf(abs(z)))


def holm(p_values: list[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given (reject where the adjusted value is < alpha).

    Holm controls the family-wise error rate like Bonferroni, under any dependence between
    the tests, and never rejects less than it.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def mean_interval(n: int, total: float, squares: float, z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high) of ``n`` values given their sum and sum of squares: mean +/- z * s / sqrt(n).

    ``s`` is the sample standard deviation (n - 1 in the denominator). The normal
    approximation is fair for the hundreds of games a study has; with one value the
    interval is that value alone, with none (0, 0, 0). Sums of integers stay exact in
    Python, so a running tally of millions of games loses nothing to rounding.
    """
    if n <= 0:
        return (0.0, 0.0, 0.0)
    mean = total / n
    if n == 1:
        return (mean, mean, mean)
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    half = z * sqrt(variance / n)
    return (mean, mean - half, mean + half)


def competition_ranks(totals: list[int]) -> list[int]:
    """Competition ranks of totals, highest first, equal totals sharing: [5, 9, 5, 2] -> [2, 1, 2, 4]."""
    return [1 + sum(1 for other in totals if other > t) for t in totals]
