"""Which cards go with winning: each card against the other cards of its kind, in the same games.

The question ``gt balance DIR`` answers for a card is one of *association*, not cause: in
the games where it was used, did its user win more often than the users of the other
cards of its kind (Items, Spells, Resources) in that same game? (``gt balance value``
answers the causal question by restricted play.)

For a card C and a game g in which C and at least one other card of C's kind were used
(an *informative* game), with the uses of that kind in g (a player who used three Items
counts three times):

    d_g = (mean result of C's uses) - (mean result of the other uses of its kind)

where a use's result is 1 if its player won (a shared win is a win for each sharer) and
0 otherwise. The game is the unit: d_g is one number per game, and games are independent
(the player-games of one game are not: they share one winner). C's **association** is the
mean of d_g over its informative games; each d_g compares players of one game, so of one
size (3, 4, 5 players are never pooled into one comparison), and the JSON gives the figure
per size. The p-value of "no association" is Student's t on the games with the variance
the hypothesis implies, and the interval is every value that test would not reject
(:func:`gtcli.core.statistics.stratified_mean`); Holm's correction runs over the cards tested.

Why it is honest (the known-answer tests, tests/balance/test_association.py): if the cards
of a kind are exact clones, their labels are exchangeable, C's use is a uniformly random
one of its kind's uses in each game, and E[d_g] = 0 whatever else goes with winning (a
player's activity, the card's kind, the game's size); if winners are drawn independently
of what was used, E[d_g] = 0 too. Counting a use (not a player) on both sides is what
makes the first hold: a comparison with *players* who used other cards would favour every
card of an active player's hand.

When seats are played by bots of different strength (``bots`` in the game records), a
use's result is its player's win minus the win rate of that seat's bot in games of that
size, so a strong bot's favourite cards are not credited with the bot's strength; the
per-tier figures take C's uses by one bot's seats against every other use of its kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from gtcli.core.statistics import holm, mean_interval, stratified_mean, wilson_fraction

ALPHA = 0.05
CORRECTION = "holm"
UNKNOWN_KIND = "unknown"

Uses = Mapping[str, list[tuple[str, int]]]  # kind -> [(card, seat)], one entry per use


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 6)


def _pair(pair) -> list[float] | None:
    return None if pair is None else [round(pair[0], 6), round(pair[1], 6)]


class CardFigures:
    """Running sums, per card and number of players, of the informative games' d_g."""

    def __init__(self) -> None:
        # card -> players -> [games, sum d, sum d², sum users' wins, sum others' wins, its squares]
        self.sums: dict[str, dict[int, list[float]]] = {}

    def add(self, players: int, uses: Uses, result: Sequence[float], won: Sequence[int],
            tier: Callable[[int], bool] | None = None, skip: frozenset[str] = frozenset()) -> None:
        """One game: ``result`` of each seat (its win, or its win less its bot's rate), ``won`` 1
        or 0; ``tier``, when given, keeps only C's uses by the seats it accepts; the cards in
        ``skip`` are left out of every other card's reference."""
        for kind_uses in uses.values():
            if len(kind_uses) < 2:
                continue
            per_card: dict[str, list[float]] = {}  # card -> [uses, sum of results, sum of wins]
            for card, seat in kind_uses:
                acc = per_card.get(card)
                if acc is None:
                    acc = per_card[card] = [0, 0.0, 0]
                acc[0] += 1
                acc[1] += result[seat]
                acc[2] += won[seat]
            if len(per_card) < 2:
                continue  # no other card of its kind to compare with in this game
            total = [0, 0.0, 0]  # the uses every card's reference may hold: all but the skipped cards'
            for card, acc in per_card.items():
                if card not in skip:
                    total[0] += acc[0]
                    total[1] += acc[1]
                    total[2] += acc[2]
            for card, acc in per_card.items():
                rest = total if card in skip else [total[0] - acc[0], total[1] - acc[1], total[2] - acc[2]]
                if not rest[0]:
                    continue
                if tier is not None:
                    seats = [seat for c, seat in kind_uses if c == card and tier(seat)]
                    if not seats:
                        continue
                    acc = [len(seats), sum(result[s] for s in seats), sum(won[s] for s in seats)]
                d = acc[1] / acc[0] - rest[1] / rest[0]
                users, others = acc[2] / acc[0], rest[2] / rest[0]
                sums = self.sums.setdefault(card, {}).setdefault(players, [0, 0.0, 0.0, 0.0, 0.0, 0.0])
                sums[0] += 1
                sums[1] += d
                sums[2] += d * d
                sums[3] += users
                sums[4] += others
                sums[5] += others * others

    def figure(self, card: str) -> dict[str, Any]:
        """The card's association (module docstring) with its interval and p, before Holm."""
        by_n = self.sums.get(card, {})
        strata = [(int(a[0]), a[1], a[2]) for _, a in sorted(by_n.items())]
        mean, ci, p, _ = stratified_mean(strata)
        games = sum(int(a[0]) for a in by_n.values())
        users = sum(a[3] for a in by_n.values())
        others = (sum(a[4] for a in by_n.values()), sum(a[5] for a in by_n.values()))
        rest_mean, rest_low, rest_high = mean_interval(games, *others)
        return {
            "games": games,
            "users": {"win_rate": _r(users / games) if games else None,
                      "ci": _pair(wilson_fraction(users / games, games)) if games else None},
            "others": {"win_rate": _r(rest_mean) if games else None,
                       "ci": _pair((max(0.0, rest_low), min(1.0, rest_high))) if games else None},
            "association": _r(mean), "ci": _pair(ci), "p": p,
            "by_players": {str(n): _stratum(a) for n, a in sorted(by_n.items())},
        }


def _stratum(a: list[float]) -> dict[str, Any]:
    mean, ci, _, _ = stratified_mean([(int(a[0]), a[1], a[2])])
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
    if not isinstance(kinds, dict) or len(kinds) > 5000:
        return {}
    return {c: k for c, k in kinds.items() if isinstance(c, str) and isinstance(k, str) and len(k) <= 40}


def uses_by_kind(game: dict[str, Any], kinds: Mapping[str, str]) -> dict[str, list[tuple[str, int]]]:
    """kind -> [(card, seat)] for every card a player used in the game (seats from 0)."""
    out: dict[str, list[tuple[str, int]]] = {}
    for seat, player in enumerate(game["players"]):
        for card in dict.fromkeys(game["used"].get(player, ())):
            out.setdefault(kinds.get(card, UNKNOWN_KIND), []).append((card, seat))
    return out
