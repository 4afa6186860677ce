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
* :func:`t_two_sided_p` and :func:`t_quantile` -- Student's t distribution (a mean of a few
  dozen independent units, tested against zero, and its interval).
* :func:`stratified_mean` -- a mean over units grouped in strata, its interval and the t-test
  of "the mean is 0", from per-stratum running sums.
* :func:`clustered_wilson` -- Wilson's interval when trials come in clusters (several trials
  per unit), with Kish's design effect.
* :func:`p_text` -- a p-value as words: never "0" (below 1e-16 it is "<1e-16").
"""

from __future__ import annotations

from functools import lru_cache
from math import erfc, exp, isinf, lgamma, log, log1p, pi, sqrt, tan
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
    return erfc(abs(z) / sqrt(2))  # = 2 (1 - Phi(|z|)), which computed so rounds to 0 beyond z = 8.3


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


# ---- Student's t -------------------------------------------------------------------------------

def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (Lentz's method)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        for numerator in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
                          -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function, for 0 <= x <= 1."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
    if x < (a + 1) / (a + b + 2):
        return exp(log_front) * _beta_fraction(a, b, x) / a
    return 1 - exp(log_front) * _beta_fraction(b, a, 1 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's T with ``df`` degrees of freedom (exact, tiny values kept)."""
    if df <= 0:
        raise ValueError(f"{df} degrees of freedom")
    if isinf(t):
        return 0.0
    return min(1.0, _incomplete_beta(df / 2, 0.5, df / (df + t * t)))


def _t_density(t: float, df: float) -> float:
    """Student's t density at ``t``."""
    return exp(lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * pi) - (df + 1) / 2 * log1p(t * t / df))


def _t_start(alpha: float, df: float) -> float:
    """A first t with P(|T| >= t) near ``alpha``: exact for 1 and 2 degrees of freedom, else the
    Cornish-Fisher expansion around the normal quantile (Abramowitz and Stegun 26.7.5)."""
    if df == 1:
        return tan(pi / 2 * (1 - alpha))
    if df == 2:
        return sqrt(2 / (alpha * (2 - alpha)) - 2)
    z = NormalDist().inv_cdf(1 - alpha / 2)
    z2 = z * z
    return z * (1 + (z2 + 1) / (4 * df) + (5 * z2 * z2 + 16 * z2 + 3) / (96 * df * df)
                + (3 * z2 ** 3 + 19 * z2 * z2 + 17 * z2 - 15) / (384 * df ** 3))


@lru_cache(maxsize=256)
def t_quantile(df: float, level: float = 0.95) -> float:
    """The t with P(|T| <= t) = ``level``: 12.706 for 1 degree of freedom, 1.96 for very many.

    Newton's method on the exact tail (:func:`t_two_sided_p`) from :func:`_t_start`, kept
    inside a bracket that each step narrows (a step out of it bisects instead), until a step
    is a few units in the last place or stops shrinking (the tail's own rounding, with
    hundreds of thousands of degrees of freedom): a few evaluations of the incomplete beta
    function where bisection took 200."""
    alpha = 1 - level
    if not 0 < alpha < 1:
        raise ValueError(f"level {level}")
    low, high = 0.0, 1e4
    t = min(max(_t_start(alpha, df), low), high)
    moved = high
    for _ in range(100):
        gap = t_two_sided_p(t, df) - alpha  # falls as t grows
        if gap == 0:
            return t
        if gap > 0:
            low = t
        else:
            high = t
        density = _t_density(t, df)
        nxt = t + gap / (2 * density) if density > 0 else high
        step = abs(nxt - t)
        if step <= 4e-15 * t:  # to a few units in the last place
            return nxt
        if step >= moved / 2 and step <= 1e-12 * t:  # steps no longer shrink: the tail's own rounding
            return (nxt + t) / 2
        if not low < nxt < high:
            if step <= 4e-12 * t:  # out of the bracket by a step the size of the tail's own rounding: as near as it gets
                return (low + high) / 2
            nxt = (low + high) / 2
            step = abs(nxt - t)
        if high - low <= 4e-15 * high:
            return nxt
        moved, t = step, nxt
    return t


def stratified_mean(strata: list[tuple[int, float, float]], level: float = 0.95, bound: float = 1.0
                    ) -> tuple[float | None, tuple[float, float] | None, float | None, int]:
    """(mean, interval, two-sided p of "the mean is 0", degrees of freedom) of values in strata.

    ``strata``: (n, sum, sum of squares) of each stratum's values, one value per independent
    unit; the mean is over all units (each stratum weighs as many units as it has). Every
    value lies in [-``bound``, ``bound``].

    * The **test** of "the mean is 0" estimates the variance as that hypothesis has it:
      around 0 (sum of squares over N - 1), as a score test does, with Student's t on N - 1
      degrees of freedom. On skewed values (wins are rare, so a winning use is a big positive
      value) the usual variance around the sample mean shrinks exactly when the mean is far
      out by chance, and small p-values come too often (the null study of
      tests/balance/test_association.py: 1.4 times too many below 0.05 / 22, Holm's
      family-wise rate 6.8%); the hypothesis's own variance keeps that tail honest.
    * The **interval** is every value d that the same test would not reject: (mean - d)² <=
      t² S(d) / (N (N - 1)), with S(d) the sum of squares around d. So it excludes 0 exactly
      when p < 1 - ``level``, and, like Wilson's interval for a proportion, it stays wide
      where a few units say little (a card never winning in 8 games); with too few units to
      reject anything it is the whole range [-``bound``, ``bound``].

    Strata enter through the units: each value compares like with like within its stratum
    (the caller's job), and under the hypothesis every stratum's mean is 0.
    """
    strata = [s for s in strata if s[0] > 0]
    units = sum(n for n, _, _ in strata)
    if not units:
        return None, None, None, 0
    mean = sum(total for _, total, _ in strata) / units
    if units < 2:
        return mean, None, None, 0
    squares = sum(sq for _, _, sq in strata)
    df = units - 1
    se0 = sqrt(squares / df / units)
    p = 1.0 if se0 <= 1e-12 else t_two_sided_p(mean / se0, df)  # every value 0: nothing to see
    # (mean - d)² <= k (squares - 2 d total + N d²), k = t² / (N (N - 1)): a quadratic in d
    k = t_quantile(df, level) ** 2 / (units * df)
    a = 1 - k * units
    if a <= 0:
        return mean, (-bound, bound), p, df
    spread = mean * mean - (mean * mean - k * squares) / a
    half = sqrt(max(0.0, spread))
    return mean, (max(-bound, mean - half), min(bound, mean + half)), p, df


def clustered_wilson(units: int, successes: float, trials: float, successes_sq: float, cross: float,
                     trials_sq: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's interval of successes / trials when each unit (a game) holds several trials.

    The arguments are running sums over the units of s, k, s², s·k and k² (s successes
    out of k trials in a unit). The variance of the ratio between units (the game as the
    unit) over the binomial one is Kish's design effect; the interval is Wilson's with the
    trials divided by it. A design effect below 1 (trials of one unit that exclude each
    other) is taken as 1: the interval is never narrower than Wilson's on the trials.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    deff = 1.0
    if units > 0 and 0 < p < 1:
        spread = successes_sq - 2 * p * cross + p * p * trials_sq  # sum of (s - p k)^2
        clustered = spread / (trials * trials)  # CR0: one trial per unit gives Wilson's own interval
        deff = max(1.0, clustered / (p * (1 - p) / trials))
    effective = trials / deff
    return wilson_fraction(p, effective, z)


def wilson_fraction(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's interval of a proportion ``p`` seen on ``n`` trials (``n`` need not be whole)."""
    if n <= 0:
        return (0.0, 1.0)
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n))) / denominator
    return (0.0 if p <= 0 else max(0.0, centre - half), 1.0 if p >= 1 else min(1.0, centre + half))


def p_text(p: float | None) -> str:
    """A p-value for people: "-" when none, "<1e-16" below 1e-16 (never "0"), else 3 digits."""
    if p is None:
        return "-"
    if p < 1e-16:
        return "<1e-16"
    return f"{p:.3g}"
