"""Which cards go with winning: each card against its kind's uses, in the same games.

The question ``gt balance DIR`` answers for a card is one of *association*, not cause: in
the games where it was used, did its users win more often than the uses of its kind (Items,
Spells, Resources) in that same game? (``gt balance value`` answers the causal question by
restricted play.)

Each use of a card counts once (a player who used three Items counts three times; two
players who used the same card, a second copy or a Spell back from the discard pile, are
two uses). A use's result is 1 if its player won (a shared win is a win for each sharer)
and 0 otherwise. For a card C and a game g in which C and at least one other card of C's
kind were used (an *informative* game), C's **observed minus expected** in g is

    x_g = sum over C's uses in g of (the use's result - the mean result of its kind's uses in g)

and n_g is the number of C's uses in g. C's **association** is sum x_g / sum n_g over its
informative games: how many points more often its uses won than the average use of its kind
in the same games (its own uses among them). The game is the unit: x_g is one number per
game, and games are independent (the player-games of one game are not: they share one
winner). Each x_g compares players of one game, so of one size, and the JSON gives the
figure per size. The p-value of "no association" is Student's t on the games with the
variance the hypothesis implies (the score test of a ratio: sum x_g² / (G - 1)), and the
interval is every value θ that the same test of x_g - θ n_g would not reject
(:func:`ratio_score`); Holm's correction runs over the cards tested.

Why clones read zero at any size (the known-answer tests, tests/balance/test_association.py):
in every game the x_g of a kind's cards add up to zero, whatever the copies or the
recycling, so over a study the cards' sums x add up to zero too; if the cards of a kind are
exact clones, they are exchangeable, each has the same expected sum, and that can only be
zero. (The figure before, C's uses against the *other* uses of its kind, did not add up to
zero: once two players of a game could use the same card, every clone read the same few
points above zero, and big studies flagged them.)

When seats are played by bots of different strength (``bots`` in the game records), a
use's result is its player's win minus the win rate of that seat's bot in games of that
size, so a strong bot's favourite cards are not credited with the bot's strength. The
per-bot figures (:mod:`gtcli.balance.bots`) compare a bot's uses of C only with the same
bot's uses of its kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from math import sqrt

from gtcli.core.statistics import holm, mean_interval, t_quantile, t_two_sided_p, wilson_fraction

ALPHA = 0.05
CORRECTION = "holm"
UNKNOWN_KIND = "unknown"

Uses = Mapping[str, list[tuple[str, int]]]  # kind -> [(card, seat)], one entry per use


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def _pair(pair) -> list[float] | None:
    return None if pair is None else [round(pair[0], 6), round(pair[1], 6)]


def ratio_score(games: int, x: float, n: float, xx: float, xn: float, nn: float, level: float = 0.95,
                bound: float = 1.0) -> tuple[float | None, tuple[float, float] | None, float | None]:
    """(sum x / sum n, its interval, two-sided p of "it is 0") from running sums over independent
    units (games) of x, n, x², x·n and n².

    The test of a value θ is Student's t, on G - 1 degrees of freedom, of the residuals
    e_g = x_g - θ n_g with the variance the hypothesis implies: t = Σe / sqrt(G Σe² / (G - 1))
    (a score test: around θ, not around the sample mean, which keeps the tail honest when wins
    are rare). The p-value is that test at θ = 0; the interval every θ it does not reject at
    ``level``: (X - θW)² <= k (Sxx - 2θ Sxn + θ² Snn), k = t² G / (G - 1), a quadratic in θ.
    When it opens upwards no value can be rejected and the interval is [-``bound``, ``bound``]
    (with one use per game, 6 games or fewer). With n_g = 1 in every game it is
    :func:`gtcli.core.statistics.stratified_mean`'s test and interval.
    """
    if games <= 0 or n <= 0:
        return None, None, None
    mean = x / n
    if games < 2:
        return mean, None, None
    df = games - 1
    p = 1.0 if xx <= 1e-12 else t_two_sided_p(x / sqrt(games * xx / df), df)
    k = t_quantile(df, level) ** 2 * games / df
    a = n * n - k * nn
    if a <= 0:
        return mean, (-bound, bound), p
    b = x * n - k * xn
    c = x * x - k * xx
    half = sqrt(max(0.0, b * b - a * c)) / a
    centre = b / a
    return mean, (max(-bound, centre - half), min(bound, centre + half)), p


class CardFigures:
    """Sums, per card and number of players, over the informative games of x_g and n_g.

    Kept per number of players, then per card: [games, Σx, Σn, Σx², Σxn, Σn², Σ users' win share,
    Σ others' win share, its squares]. A study's games are counted by :class:`gtcli.balance.uses.Uses`,
    which gives each card's sums whole (:meth:`set`); the report's second looks at the games kept
    add them game by game (:meth:`add`). The order in which each (card, players) first came is kept,
    so a card's strata are pooled in that order."""

    def __init__(self) -> None:
        self.tables: dict[int, dict[str, list[float]]] = {}
        self.order: list[tuple[str, int]] = []  # (card, players), as their sums began
        self._by_card: dict[str, dict[int, list[float]]] | None = None  # card -> players -> sums, when asked

    def table(self, players: int) -> dict[str, list[float]]:
        """The sums of the games of ``players`` players, card by card."""
        found = self.tables.get(players)
        if found is None:
            found = self.tables[players] = {}
        return found

    def begin(self, table: dict[str, list[float]], card: str, players: int) -> list[float]:
        """A card's first informative game of that size: its sums, at zero."""
        self._by_card = None
        self.order.append((card, players))
        sums = table[card] = [0, 0.0, 0, 0.0, 0.0, 0, 0.0, 0.0, 0.0]
        return sums

    def set(self, card: str, players: int, sums: list[float]) -> None:
        """A card's sums over its informative games of that size, whole."""
        self.begin(self.table(players), card, players)[:] = sums

    def by_card(self, card: str) -> dict[int, list[float]]:
        """The card's sums per number of players (an index made at the first question, after the games)."""
        if self._by_card is None:
            index: dict[str, dict[int, list[float]]] = {}
            for name, players in self.order:
                index.setdefault(name, {})[players] = self.tables[players][name]
            self._by_card = index
        return self._by_card.get(card, {})

    @staticmethod
    def terms(k: int, w: int, total_w: int, total_n: int) -> tuple:
        """The nine terms a card's game adds: its ``k`` uses, ``w`` of them won, among ``total_n`` uses
        of its kind of which ``total_w`` won (each result a seat's win); as :meth:`add` computes them."""
        x = w - k * (total_w / total_n)
        others = (total_w - w) / (total_n - k)
        return (1, x, k, x * x, x * k, k * k, w / k, others, others * others)

    def add_game(self, card: str, players: int, x: float, n: int, users: float, others: float) -> None:
        """One informative game of ``card``: its observed minus expected ``x`` over its ``n`` uses, the
        share of those uses that won, and the share of the other uses it is compared with that won."""
        table = self.table(players)
        sums = table.get(card)
        if sums is None:
            sums = self.begin(table, card, players)
        sums[0] += 1
        sums[1] += x
        sums[2] += n
        sums[3] += x * x
        sums[4] += x * n
        sums[5] += n * n
        sums[6] += users
        sums[7] += others
        sums[8] += others * others

    def add(self, players: int, uses: Uses, result: Sequence[float], won: Sequence[int],
            skip: frozenset[str] = frozenset()) -> None:
        """One game: ``result`` of each seat (its win, or its win less its bot's rate), ``won`` 1
        or 0; the cards in ``skip`` are left out of every card's expected result (module docstring)."""
        for kind_uses in uses.values():
            if len(kind_uses) < 2:
                continue
            per_card: dict[str, list] = {}  # card -> [uses, sum of results, sum of wins]
            for card, seat in kind_uses:
                acc = per_card.get(card)
                if acc is None:
                    per_card[card] = [1, result[seat], won[seat]]
                else:
                    acc[0] += 1
                    acc[1] += result[seat]
                    acc[2] += won[seat]
            if len(per_card) < 2:
                continue  # no other card of its kind to compare with in this game
            if skip:  # the uses that make the expected result: all but the skipped cards'
                kept = [acc for card, acc in per_card.items() if card not in skip]
                total_n = sum([acc[0] for acc in kept])
                total_r = sum([acc[1] for acc in kept])
                total_w = sum([acc[2] for acc in kept])
            else:
                total_n = len(kind_uses)
                total_r = sum([acc[1] for acc in per_card.values()])
                total_w = sum([acc[2] for acc in per_card.values()])
            if not total_n:
                continue
            expected = total_r / total_n
            for card, (k, r, w) in per_card.items():
                if skip and card in skip:
                    rest_n, rest_w = total_n, total_w
                else:
                    rest_n, rest_w = total_n - k, total_w - w
                if not rest_n:
                    continue  # every other use of its kind skipped: nothing to compare with
                self.add_game(card, players, r - k * expected, k, w / k, rest_w / rest_n)

    def figure(self, card: str) -> dict[str, Any]:
        """The card's association (module docstring) with its interval and p, before Holm."""
        by_n = self.by_card(card)
        pooled = [sum(a[i] for a in by_n.values()) for i in range(9)]
        games = int(pooled[0])
        mean, ci, p = ratio_score(games, *pooled[1:6])
        users = pooled[6]
        rest_mean, rest_low, rest_high = mean_interval(games, pooled[7], pooled[8])
        return {
            "games": games, "uses": int(pooled[2]),
            "users": {"win_rate": _r(users / games) if games else None,
                      "ci": _pair(wilson_fraction(users / games, games)) if games else None},
            "others": {"win_rate": _r(rest_mean) if games else None,
                       "ci": _pair((max(0.0, rest_low), min(1.0, rest_high))) if games else None},
            "association": _r(mean), "ci": _pair(ci), "p": p,
            "by_players": {str(n): _stratum(a) for n, a in sorted(by_n.items())},
        }


def _stratum(a: list[float]) -> dict[str, Any]:
    mean, ci, _ = ratio_score(int(a[0]), *a[1:6])
    return {"games": int(a[0]), "association": _r(mean), "ci": _pair(ci)}


def card_rows(figures: CardFigures, names: Iterable[str], kind_of: Callable[[str], str],
              counts: Callable[[str], dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per card: ``counts`` (played, used...), its kind, its figure; Holm over the tested."""
    rows, tested = [], []
    for name in names:
        row = {"card": name, "kind": kind_of(name), **counts(name), **figures.figure(name),
               "p_adjusted": None, "associated": False, "direction": None}
        if row["p"] is not None:
            tested.append(row)
        rows.append(row)
    flag(tested)
    return rows


def flag(tested: list[dict[str, Any]]) -> None:
    """Holm's correction over the rows tested; ``associated`` below ``ALPHA``, and which way."""
    for row, adjusted in zip(tested, holm([r["p"] for r in tested])):
        row["p_adjusted"] = adjusted
        row["associated"] = adjusted < ALPHA
        if row["associated"]:
            row["direction"] = "more" if row["association"] > 0 else "less"


def kinds_of(game: dict[str, Any]) -> dict[str, str]:
    """A game record's ``kinds`` (card -> kind), kept only if well formed (records come from anyone)."""
    kinds = game.get("kinds")
    if type(kinds) is not dict or len(kinds) > 5000:
        return {}
    for c, k in kinds.items():
        if type(c) is not str or type(k) is not str or len(k) > 40:
            return {c: k for c, k in kinds.items() if isinstance(c, str) and isinstance(k, str) and len(k) <= 40}
    return kinds  # well formed, as every record gt writes: read as it is
