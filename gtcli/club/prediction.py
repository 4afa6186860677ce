"""How far a club can trust its ratings: their prediction record, with the game as the unit.

Before each game is applied, every pair of its players with unequal ratings who did not
finish level is a prediction (the higher rated should finish ahead): :mod:`gtcli.club.ratings`
keeps, per game, the pairs it predicted and how many came true. The pairs of one game are
not independent (in a game of five, ten pairs come from one result), so counting them as
independent trials (a Wilson interval over pairs) makes the interval too narrow: in archives
where nobody has any skill, that interval missed 50% in about one archive in nine.

Here the **game** is the unit. The record is the share of all pairs predicted right,
``p = sum(correct) / sum(pairs)`` (a ratio of game totals), and its 95% interval is the
cluster-robust (ratio-estimator) one: the standard error

    se = sqrt(n / (n - 1) * sum((correct_i - p * pairs_i) ** 2)) / sum(pairs)

over the ``n`` games that predicted something, and Student's t quantile with ``n - 1``
degrees of freedom (:func:`gtcli.core.statistics.t_quantile`): ``p +- t * se``, clipped to [0, 1]. With fewer than two such games the
interval is [0, 1] (nothing is known). Where every game's share is the same (``se`` is 0: a
few games, each predicted wholly right), a zero-width interval would claim certainty, so
the Wilson interval over the games themselves (``n`` trials, ``p * n`` successes) is used.

The ratings **predict no better than a coin toss** while that interval reaches down to 50%
(or below): the site and the terminal say so in those words.

``tests/club/test_club_prediction.py`` checks the method against a known answer: in
simulated archives with no skill at all (every result a random order), the interval covers
50% in about 95% of them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

COIN = 0.5


def record(per_game: Sequence[tuple[int, int]]) -> dict:
    """The prediction record from each game's (pairs predicted, of which right), as ``--json`` shows it."""
    from gtcli.core.statistics import t_quantile, wilson

    games = [(m, c) for m, c in per_game if m > 0]
    pairs, correct, n = sum(m for m, _ in games), sum(c for _, c in games), len(games)
    if n < 2:
        low, high = 0.0, 1.0
    else:
        p = correct / pairs
        spread = sum((c - p * m) ** 2 for m, c in games)
        if spread == 0:
            low, high = wilson(round(p * n), n)
        else:
            half = t_quantile(n - 1) * math.sqrt(n / (n - 1) * spread) / pairs
            low, high = max(0.0, p - half), min(1.0, p + half)
    return {"pairs": pairs, "correct": correct, "games": n, "accuracy": correct / pairs if pairs else None,
            "accuracy_ci": [low, high], "coin_toss": low <= COIN}


SAID = ("Before each game, the higher rated of two players finished ahead in {correct} of {pairs} pairs over "
        "{games} game(s): {accuracy} (95% interval {low}-{high}, the game as the unit).")
COIN_TOSS = ("So far the ratings predict no better than a coin toss: read them as a record of results, not yet as "
             "a measure of skill.")
BETTER = "That is better than a coin toss (50%)."
NOTHING = "The ratings have predicted nothing yet: no two players with different ratings have finished apart."


def in_words(prediction: dict, translate=lambda text: text) -> str:
    """The prediction record in plain words (the site's and the terminal's sentences); ``translate``
    puts each sentence into the site's language (:func:`gtcli.club.site_words.words`)."""
    def pct(v: float) -> str:
        return f"{100 * v:.0f}%"

    if not prediction["pairs"]:
        return translate(NOTHING)
    low, high = prediction["accuracy_ci"]
    said = translate(SAID).format(correct=prediction["correct"], pairs=prediction["pairs"],
                                  games=prediction["games"], accuracy=pct(prediction["accuracy"]), low=pct(low),
                                  high=pct(high))
    return said + " " + translate(COIN_TOSS if prediction["coin_toss"] else BETTER)
