"""Balance statistics over game summaries (:mod:`gtcli.grand_tribunal.play.summary`), one game at a time.

:class:`Tally` adds games as they come (a million games cost counters, not memory) and
:meth:`Tally.report` turns the counts into the report ``gt balance`` prints, writes as
JSON (docs/json.md) and draws (:mod:`gtcli.balance.report_html`):

* win rate by seat and by turn position from the first Praeco, per number of players,
  each with its Wilson 95% interval (a shared win is a win for each player sharing it);
* per card: how often it was played, how many player-games used it, the win rate of the
  players who used it against those who did not, the difference with Newcombe's 95%
  interval, the pooled z-test's p-value and that p-value after Holm's correction for the
  number of cards tested; ``significant`` when the corrected p-value is below ``ALPHA``;
* game length (turns), Vis flow and Tribunal scores: means with 95% intervals.

Statistics only, from :mod:`gtcli.core.statistics`; nothing here knows where games came from.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from gtcli.core.statistics import holm, mean_interval, newcombe, two_proportion_p, wilson

ALPHA = 0.05
CORRECTION = "holm"
VIS_KINDS = ("gathered", "advanced", "left")


class Running:
    """n, sum and sum of squares of a quantity: enough for its mean and interval."""

    __slots__ = ("n", "total", "squares")

    def __init__(self) -> None:
        self.n = self.total = self.squares = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def json(self) -> dict[str, Any]:
        mean, low, high = mean_interval(self.n, self.total, self.squares)
        return {"n": self.n, "mean": _round(mean), "ci": [_round(low), _round(high)]}


def _round(x: float) -> float:
    return round(x, 6)


def rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"games": n, "wins": wins, "win_rate": _round(wins / n) if n else None, "ci": [_round(low), _round(high)]}


class Tally:
    def __init__(self) -> None:
        self.games = 0
        self.by_players: Counter = Counter()
        self.seat_wins: dict[int, Counter] = defaultdict(Counter)  # players -> seat -> wins
        self.turn_wins: dict[int, Counter] = defaultdict(Counter)  # players -> position from the first Praeco -> wins
        self.player_games = 0
        self.player_wins = 0
        self.card_plays: Counter = Counter()
        self.card_used: Counter = Counter()  # player-games that used the card
        self.card_used_wins: Counter = Counter()
        self.turns = Running()
        self.turn_counts: Counter = Counter()
        self.vis = {kind: Running() for kind in VIS_KINDS}
        self.tribunal_scores: dict[int, Running] = defaultdict(Running)  # per player, per Tribunal
        self.tribunal_best: dict[int, Running] = defaultdict(Running)  # the Tribunal's top score
        self.totals = Running()
        self.winning_totals = Running()

    def add(self, game: dict[str, Any]) -> None:
        players = list(game["players"])
        n = len(players)
        winners = set(game["winners"])
        self.games += 1
        self.by_players[n] += 1
        praeco = game.get("first_praeco")
        start = players.index(praeco) if praeco in players else None
        for seat, player in enumerate(players, 1):
            won = player in winners
            self.player_games += 1
            self.player_wins += won
            self.seat_wins[n][seat] += won
            if start is not None:
                self.turn_wins[n][(seat - 1 - start) % n + 1] += won
            for card in game["used"].get(player, ()):
                self.card_used[card] += 1
                self.card_used_wins[card] += won
            for card, times in game["played"].get(player, {}).items():
                self.card_plays[card] += times
            for kind in VIS_KINDS:
                self.vis[kind].add(game["vis"][player][kind])
            self.totals.add(game["totals"][player])
        self.turns.add(game["turns"])
        self.turn_counts[game["turns"]] += 1
        for number, scores in enumerate(game["tribunals"], 1):
            for value in scores.values():
                self.tribunal_scores[number].add(value)
            self.tribunal_best[number].add(max(scores.values(), default=0))
        self.winning_totals.add(max(game["totals"].values(), default=0))

    # ---- the report -----------------------------------------------------------------------------
    def report(self, cards: list[str] | None = None) -> dict[str, Any]:
        """The statistics (module docstring); ``cards``: every card to list, played or not."""
        return {
            "games": self.games,
            "players": {str(n): count for n, count in sorted(self.by_players.items())},
            "seats": {str(n): [{"seat": seat, **rate(self.seat_wins[n][seat], games)} for seat in range(1, n + 1)]
                      for n, games in sorted(self.by_players.items())},
            "first_praeco": {str(n): [{"position": pos, **rate(self.turn_wins[n][pos], games)}
                                      for pos in range(1, n + 1)]
                             for n, games in sorted(self.by_players.items())},
            "cards": self.card_rows(cards),
            "correction": CORRECTION,
            "alpha": ALPHA,
            "length": {**self.turns.json(), "histogram": [[t, c] for t, c in sorted(self.turn_counts.items())]},
            "vis": {kind: self.vis[kind].json() for kind in VIS_KINDS},
            "tribunals": [{"tribunal": n, "score": self.tribunal_scores[n].json(), "best": self.tribunal_best[n].json()}
                          for n in sorted(self.tribunal_scores)],
            "totals": {"score": self.totals.json(), "winning": self.winning_totals.json()},
        }

    def card_rows(self, cards: list[str] | None) -> list[dict[str, Any]]:
        names = sorted(set(cards or ()) | set(self.card_plays) | set(self.card_used))
        rows, tested = [], []
        for name in names:
            used, wins = self.card_used[name], self.card_used_wins[name]
            rest, rest_wins = self.player_games - used, self.player_wins - wins
            row: dict[str, Any] = {
                "card": name, "played": self.card_plays[name],
                "played_per_game": _round(self.card_plays[name] / self.games) if self.games else 0.0,
                "used": used, "use_rate": _round(used / self.player_games) if self.player_games else 0.0,
                "with": rate(wins, used), "without": rate(rest_wins, rest),
                "difference": None, "ci": None, "p": None, "p_adjusted": None, "significant": False,
            }
            if used and rest:
                low, high = newcombe(wins, used, rest_wins, rest)
                row.update(difference=_round(wins / used - rest_wins / rest), ci=[_round(low), _round(high)],
                           p=two_proportion_p(wins, used, rest_wins, rest))
                tested.append(row)
            rows.append(row)
        for row, adjusted in zip(tested, holm([r["p"] for r in tested])):
            row["p_adjusted"] = adjusted
            row["significant"] = adjusted < ALPHA
        return rows
