"""Sequential probability ratio tests: stop playing as soon as the games decide the question.

Chess engines' test farms (fishtest, OpenBench) play games between two versions until the
log-likelihood ratio (LLR) of two hypotheses leaves the band Wald's bounds draw, instead
of fixing a number of games in advance. ``gt balance compare`` does the same for two
versions of a card set (docs/balance.md, "The sequential test"):

* :func:`bounds` -- Wald's bounds ``(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))``:
  below the lower one H0 is accepted, above the upper one H1; between them, play on.
* :func:`binomial_llr` -- Wald's exact LLR for one proportion, p = p0 against p = p1.
* :func:`difference_llr` -- the generalized SPRT (GSPRT, as fishtest's normalized tests)
  for the difference d = p_new - p_old of two proportions: with the observed difference
  and its estimated variance V (normal approximation),
  ``LLR = ((d - d0)^2 - (d - d1)^2) / (2 V) = (d1 - d0) (2 d - d0 - d1) / (2 V)``.
* :class:`SPRT` -- the running test: feed it observations, read its verdict.

Wald's bounds hold the error rates near ``alpha`` (H1 accepted when H0 is true) and
``beta`` (H0 accepted when H1 is true) whatever the number of games. A game budget may end
the test first: then nothing is decided, and the verdict says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import log

H0, H1, UNDECIDED = "H0", "H1", "undecided"


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's (lower, upper) bounds on the LLR for error rates ``alpha`` and ``beta``."""
    if not (0 < alpha < 1 and 0 < beta < 1 and alpha + beta < 1):
        raise ValueError(f"error rates must be in (0, 1) with alpha + beta < 1, not {alpha} and {beta}")
    return (log(beta / (1 - alpha)), log((1 - beta) / alpha))


def binomial_llr(successes: int, n: int, p0: float, p1: float) -> float:
    """ln L(p1) / L(p0) for ``successes`` out of ``n`` Bernoulli trials."""
    failures = n - successes
    return successes * log(p1 / p0) + failures * log((1 - p1) / (1 - p0))


def difference_llr(s_new: int, n_new: int, s_old: int, n_old: int, d0: float, d1: float) -> float:
    """The GSPRT's LLR of d = d1 against d = d0, d the difference of two proportions (new - old).

    Each proportion's variance is estimated as (s + 0.5)(n - s + 0.5) / (n + 1)^3 (half a
    success and half a failure added, so that a run of all wins or all losses still has a
    variance); 0.0 while either sample is empty.
    """
    if n_new <= 0 or n_old <= 0:
        return 0.0
    d = s_new / n_new - s_old / n_old
    variance = _variance(s_new, n_new) + _variance(s_old, n_old)
    return (d1 - d0) * (2 * d - d0 - d1) / (2 * variance)


def _variance(s: int, n: int) -> float:
    return (s + 0.5) * (n - s + 0.5) / (n + 1) ** 3


@dataclass
class SPRT:
    """A running two-sample test of H0: p_new - p_old = d0 against H1: p_new - p_old = d1."""

    d0: float = 0.0
    d1: float = 0.05
    alpha: float = 0.05
    beta: float = 0.05
    s_new: int = 0
    n_new: int = 0
    s_old: int = 0
    n_old: int = 0

    def __post_init__(self) -> None:
        if self.d0 == self.d1:
            raise ValueError("H0 and H1 must differ (d0 == d1)")
        self.lower, self.upper = bounds(self.alpha, self.beta)

    def add(self, new: tuple[int, int] = (0, 0), old: tuple[int, int] = (0, 0)) -> str:
        """Add (successes, trials) of each version; the verdict after them."""
        self.s_new += new[0]
        self.n_new += new[1]
        self.s_old += old[0]
        self.n_old += old[1]
        return self.verdict

    @property
    def llr(self) -> float:
        return difference_llr(self.s_new, self.n_new, self.s_old, self.n_old, self.d0, self.d1)

    @property
    def verdict(self) -> str:
        llr = self.llr
        return H1 if llr >= self.upper else H0 if llr <= self.lower else UNDECIDED
