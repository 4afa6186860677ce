"""Each card's value by restricted play (``gt balance value SET.gtc``; docs/balance.md, "Each card's value").

A card's value is what a player loses when forbidden to use it (Jaffe et al., "Evaluating
Competitive Game Balance with Restricted Play", AIIDE 2012). Game *i* of the study is
played once as it is, and once per card *C* with the bot of seat ``i mod players``
forbidden *C* (:func:`gtcli.grand_tribunal.play.simulation.play_game`), with the same seed:
the same deal, the same bots, the same random numbers, until the restriction first
changes a choice. The unrestricted game *i* is the same game for every card, so it is
played once and paired with each card's restricted game *i*. A card the restricted seat's bot
never weighed in the unrestricted game (:meth:`gtcli.grand_tribunal.play.bots.Bot.allowed`)
could not have changed any of its choices: its restricted game is that same game, not
played again (not with the search bot, whose rollouts may meet any card).

* **value** of *C*: the mean over pairs of that seat's result unrestricted minus restricted
  -- its win share (a win shared by *k* players counts 1/*k*) and its Tribunal points --
  with a 95% interval (mean +/- 1.96 SE, the pair the unit). Positive: the card helps.
* **per copy**: the value divided by *C*'s copies in the set. Forbidding *C* forbids every
  copy, so the value grows with how often the seat meets the card -- with its copies -- not
  only with its strength: an exact clone with 6 copies among 2-copy clones is worth about
  three times as much. The value per copy is the card's strength, what an author means.
* **out of line**: *C*'s value per copy minus the median value per copy of its kind (the
  cards of the same kind tested), with its standard error by a bootstrap over games (each resample draws game
  indices, every card's pair of that game together, so what the cards' pairs share, the
  unrestricted game, is kept), a two-sided normal p-value, and Holm's correction across
  every card tested (a kind of one card is not tested). Flagged where Holm's p < 0.05,
  "above" (stronger than its kind) or "below".

Pure functions: :func:`play_index` is what an executor maps (picklable), :func:`analyse` what
turns the pairs into the report; both deterministic for a seed.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass
from math import erfc, sqrt
from statistics import NormalDist

from gtcli.core.statistics import Z95, holm, mean_interval
from gtcli.core.text import fold
from gtcli.grand_tribunal.play.simulation import Study, play_game, restricted_seat

KINDS = {"item": "Items", "spell": "Spells", "resource": "Resources"}
METRICS = ("wins", "points")
DEFAULT_GAMES = 1000
BOOTSTRAP = 400
ALPHA = 0.05


@dataclass(frozen=True)
class ValueStudy:
    """The study every game is played from, and the cards (names) to value."""

    study: Study
    cards: tuple[str, ...]


def seat_result(summary: dict, seat: str) -> tuple[float, int]:
    """(win share, Tribunal points) of ``seat`` in one game's summary."""
    winners = summary["winners"]
    return (1.0 / len(winners) if seat in winners else 0.0, summary["totals"].get(seat, 0))


def play_index(value_study: ValueStudy, index: int) -> dict:
    """Game ``index`` unrestricted, and once per card with its seat forbidden that card (pure)."""
    study = value_study.study
    seat = restricted_seat(study, index)
    exact = "mcts" not in study.bot  # the search bot's rollouts may meet any card: no shortcut
    base = play_game(study, index, watch=exact)
    considered = set(base.summary.get("considered", ()))
    results = []
    for card in value_study.cards:
        if exact and fold(card) not in considered:  # never weighed: forbidding it changes nothing
            results.append(seat_result(base.summary, seat))
            continue
        game = play_game(study, index, forbid=card)
        if game.errors:  # every move is checked as it is made: a bot bug if ever
            raise RuntimeError(f"game {index + 1} without {card!r} broke the rules ({', '.join(game.errors)})")
        results.append(seat_result(game.summary, seat))
    if base.errors:
        raise RuntimeError(f"game {index + 1} broke the rules ({', '.join(base.errors)})")
    return {"index": index, "seat": seat, "base": seat_result(base.summary, seat), "cards": results}


def differences(rows: list[dict], position: int) -> tuple[list[float], list[float]]:
    """Per pair, unrestricted minus restricted: (win shares, points) of card ``position``."""
    wins = [row["base"][0] - row["cards"][position][0] for row in rows]
    points = [float(row["base"][1] - row["cards"][position][1]) for row in rows]
    return wins, points


def _interval(values: list[float]) -> tuple[float, float, float]:
    return mean_interval(len(values), sum(values), sum(v * v for v in values))


def analyse(cards: list[tuple[str, str]], rows: list[dict], metric: str = "wins", seed: int = 0,
            bootstrap: int = BOOTSTRAP, copies: dict[str, int] | None = None) -> dict:
    """The report of ``rows`` (from :func:`play_index`) for ``cards`` ((name, kind), in the rows' order);
    ``copies``: each card's copies in the set (1 when not given), what its value per copy divides by."""
    rows = sorted(rows, key=lambda row: row["index"])
    n = len(rows)
    per_card = []
    for position, (name, kind) in enumerate(cards):
        wins, points = differences(rows, position)
        value, low, high = _interval(wins)
        low, high = max(-1.0, low), min(1.0, high)  # a difference of win shares lies in [-1, 1]
        p_value, p_low, p_high = _interval(points)
        k = max(1, (copies or {}).get(name, 1))
        per_card.append({"name": name, "kind": kind, "value": value, "interval": [low, high],
                         "points": {"value": p_value, "interval": [p_low, p_high]},
                         "copies": k,
                         "per_copy": {"value": value / k, "interval": [low / k, high / k],
                                      "points": {"value": p_value / k, "interval": [p_low / k, p_high / k]}},
                         "pairs": n, "changed": sum(1 for w, p in zip(wins, points) if w or p),
                         "_series": [x / k for x in (wins if metric == "wins" else points)]})
    tested = _versus_kind(per_card, n, seed, bootstrap)
    adjusted = holm([per_card[i]["versus_kind"]["p"] for i in tested]) if tested else []
    for i, p_holm in zip(tested, adjusted):
        versus = per_card[i]["versus_kind"]
        versus["p_holm"] = p_holm
        per_card[i]["flagged"] = p_holm < ALPHA
        per_card[i]["direction"] = ("above" if versus["difference"] > 0 else "below") if p_holm < ALPHA else None
    for card in per_card:
        card.pop("_series")
        card.setdefault("flagged", False)
        card.setdefault("direction", None)
        card.setdefault("versus_kind", None)
    order = list(KINDS)
    per_card.sort(key=lambda c: (order.index(c["kind"]) if c["kind"] in order else len(order),
                                 -_metric_value(c, metric), c["name"]))
    kinds = {}
    for kind in order:
        mine = [_metric_value(c, metric) for c in per_card if c["kind"] == kind]
        if mine:
            kinds[kind] = {"label": KINDS[kind], "cards": len(mine), "median": statistics.median(mine)}
    return {"metric": metric, "pairs": n, "alpha": ALPHA, "bootstrap": bootstrap, "tested": len(tested),
            "flagged": sum(1 for c in per_card if c["flagged"]), "kinds": kinds, "cards": per_card}


def _metric_value(card: dict, metric: str) -> float:
    """What "out of line" compares: the value per copy (module docstring)."""
    per_copy = card["per_copy"]
    return per_copy["value"] if metric == "wins" else per_copy["points"]["value"]


def _versus_kind(per_card: list[dict], n: int, seed: int, bootstrap: int) -> list[int]:
    """Fill each card's ``versus_kind`` (its value less its kind's median, SE by bootstrap over games);
    the positions of the cards tested (those of a kind of two or more)."""
    if n < 2:
        return []
    rng = random.Random(f"gt balance value bootstrap {seed}")
    sparse = [[(i, x) for i, x in enumerate(card["_series"]) if x] for card in per_card]
    kinds: dict[str, list[int]] = {}
    for position, card in enumerate(per_card):
        kinds.setdefault(card["kind"], []).append(position)
    groups = [members for members in kinds.values() if len(members) >= 2]
    if not groups:
        return []
    draws: dict[int, list[float]] = {p: [] for members in groups for p in members}
    for _ in range(bootstrap):
        counts = [0] * n
        for _ in range(n):
            counts[rng.randrange(n)] += 1
        for members in groups:
            values = {p: sum(counts[i] * x for i, x in sparse[p]) / n for p in members}
            middle = statistics.median(values.values())
            for p in members:
                draws[p].append(values[p] - middle)
    tested = []
    for members in groups:
        means = [sum(per_card[p]["_series"]) / n for p in members]
        middle = statistics.median(means)
        for p, mean in zip(members, means):
            difference = mean - middle
            se = statistics.pstdev(draws[p])
            z = difference / se if se > 0 else 0.0
            per_card[p]["versus_kind"] = {"median": middle, "difference": difference,
                                          "interval": [difference - Z95 * se, difference + Z95 * se],
                                          "se": se, "p": erfc(abs(z) / sqrt(2)) if se > 0 else 1.0}
            tested.append(p)
    return tested


def required_pairs(sd: float, effect: float = 0.05, tests: int = 45, power: float = 0.8) -> int:
    """Pairs needed to tell a card ``effect`` away from its kind's median, with Holm's first (strictest)
    threshold over ``tests`` cards and the given power, when one pair's difference has standard deviation
    ``sd`` (the median's own error, about 1.25 times a mean's, adds a little: docs/balance.md)."""
    z_alpha = NormalDist().inv_cdf(1 - ALPHA / (2 * tests))
    z_power = NormalDist().inv_cdf(power)
    return int((sd * (z_alpha + z_power) / effect) ** 2 + 0.999)


def pooled_sd(rows: list[dict], positions: int) -> float:
    """The standard deviation of one pair's win-share difference, pooled over the cards (for the budget)."""
    values = [x for p in range(positions) for x in differences(rows, p)[0]]
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return sqrt(sum((x - mean) ** 2 for x in values) / (len(values) - 1))
