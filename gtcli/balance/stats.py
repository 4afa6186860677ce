"""Balance statistics over game summaries (:mod:`gtcli.grand_tribunal.play.summary`), one game at a time.

:class:`Tally` adds games as they come (a million games cost counters, not memory) and
:meth:`Tally.report` turns the counts into the report ``gt balance`` prints, writes as
JSON (docs/json.md) and draws (:mod:`gtcli.balance.report_html`):

* win rate by seat and by turn position from the first Praeco, per number of players,
  each with its Wilson 95% interval (a shared win is a win for each player sharing it), and
  the fair share of a seat: the mean number of winners of such games over the players;
* per card: how often it was played, how many player-games used it, and how strongly it is
  *associated with winning* against the uses of its kind in the same games
  (:mod:`gtcli.balance.association`: the game as the unit, stratified by players, Holm);
* when the games name each seat's bot and more than one bot played: wins per bot with
  their interval and fair share, and the card figures per bot (per tier);
* game length (turns), Vis flow and Tribunal scores: means with 95% intervals.

Statistics only, from :mod:`gtcli.core.statistics`; nothing here knows where games came from.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from gtcli.balance.association import ALPHA, CORRECTION, UNKNOWN_KIND, CardFigures, card_rows
from gtcli.balance.bots import BotSeats, bots_of, split_by_tier
from gtcli.balance.bots import card_figures as bot_card_figures
from gtcli.balance.kept import KeptGames
from gtcli.balance.uses import Uses
from gtcli.core.statistics import mean_interval, wilson

try:
    import cython  # the compiled build (gtcli.HOT_MODULES): typed locals in the count of a game
except ImportError:  # no Cython: the declarations mean nothing
    from gtcli.core.cython_stub import cython

VIS_KINDS = ("gathered", "advanced", "left")
LIMIT = 1_000_000  # a count in a summary, at most (gtcli.balance.sources checks those of a games.jsonl)
ROUNDS = 4  # of leaving the cards found associated out of the reference


def running(sums: list[int]) -> dict[str, Any]:
    """A quantity's mean and interval from its [n, Σ, Σ²]."""
    mean, low, high = mean_interval(*sums)
    return {"n": sums[0], "mean": _round(mean), "ci": [_round(low), _round(high)]}


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
        self.uses = Uses()
        self.winners: Counter = Counter()  # players -> winners counted over those games (shared wins)
        self.bots = BotSeats()
        self.turns: dict[int, int] = {}  # game length (turns) -> games
        self.sums = [0] * 15  # n, Σ and Σ² of: gathered, advanced, left (Vis, per player), a player's total, the winner's
        self.tribunals: list[list[int]] = []  # per Tribunal: n, Σ and Σ² of each player's score, of the top score
        self._last_bots: tuple = (None, None, None)  # the last game's bots, its players and their bots by seat
        self._figures: CardFigures | None = None  # the first reading's card figures, made once at the report

    @property
    def kept(self) -> KeptGames:
        return self.uses.kept

    @cython.locals(game=dict, players=list, winners=list, won=list, vis=dict, totals=dict, flow=dict, sums=list,
                   turns=dict, tribunals=list, scores=dict, acc=list, n=cython.longlong, seat=cython.longlong,
                   x=cython.longlong, g=cython.longlong, gg=cython.longlong, a=cython.longlong, aa=cython.longlong,
                   left=cython.longlong, ll=cython.longlong, t=cython.longlong, tt=cython.longlong, best=cython.longlong)
    def add(self, game: dict[str, Any]) -> None:
        """One game's summary, counted.

        It runs once per game of a study (benchmarks/bench_balance_read.py), so it is written
        for speed: the uses of cards counted as keys (:mod:`gtcli.balance.uses`), each quantity
        summed with its square in whole numbers (typed, in the compiled build: a summary's counts
        are within ±:data:`LIMIT`), the winners' seats found by name.
        """
        players = game["players"]
        n = len(players)
        winners = game["winners"]  # distinct names, each a player (a summary's shape)
        self.games += 1
        self.by_players[n] += 1
        self.winners[n] += len(winners)
        won = [1 if player in winners else 0 for player in players]
        praeco = game.get("first_praeco")
        start = players.index(praeco) if praeco in players else None
        seat_wins = self.seat_wins[n]
        turn_wins = self.turn_wins[n]
        for winner in winners:
            seat = players.index(winner)
            seat_wins[seat + 1] += 1
            if start is not None:
                turn_wins[(seat - start) % n + 1] += 1
        bots = self.bots_of(game)
        self.uses.add(game, players, won, bots)
        if bots:
            self.bots.add(players, won, bots)
        vis = game["vis"]
        totals = game["totals"]
        g = gg = a = aa = left = ll = t = tt = 0  # Σ and Σ² of gathered, advanced, left (Vis) and the total
        best = -LIMIT  # the winner's total: the highest of the players' (a summary's counts are within ±LIMIT)
        for player in players:
            flow = vis[player]
            x = flow["gathered"]
            g += x
            gg += x * x
            x = flow["advanced"]
            a += x
            aa += x * x
            x = flow["left"]
            left += x
            ll += x * x
            x = totals[player]
            t += x
            tt += x * x
            if x > best:
                best = x
        x = best if n else 0
        sums = self.sums  # gathered, advanced, left, a player's total, the winner's: each [n, Σ, Σ²]
        for place, value in enumerate((n, g, gg, n, a, aa, n, left, ll, n, t, tt, 1, x, x * x)):
            sums[place] += value
        turns = self.turns
        turns[game["turns"]] = turns.get(game["turns"], 0) + 1
        tribunals = self.tribunals
        for number, scores in enumerate(game["tribunals"]):
            if number == len(tribunals):
                tribunals.append([0, 0, 0, 0, 0, 0])  # each player's score: n, Σ, Σ²; the top score: the same
            acc = tribunals[number]
            t = tt = 0
            for x in scores.values():
                t += x
                tt += x * x
            acc[0] += len(scores)
            acc[1] += t
            acc[2] += tt
            best = max(scores.values()) if scores else 0
            acc[3] += 1
            acc[4] += best
            acc[5] += best * best

    def bots_of(self, game: dict[str, Any]) -> list[str] | None:
        """:func:`~gtcli.balance.bots.bots_of`, once for a run of games of the same players and bots."""
        named = game.get("bots")
        if named == self._last_bots[0] and game["players"] == self._last_bots[1]:
            return self._last_bots[2]
        bots = bots_of(game)
        self._last_bots = (named, game["players"], bots)
        return bots

    # ---- the report -----------------------------------------------------------------------------
    def report(self, cards: Iterable[str] | Mapping[str, str] | None = None) -> dict[str, Any]:
        """The statistics (module docstring); ``cards``: every card to list, played or not (a
        mapping gives each one's kind, for cards no game record named)."""
        by_bot = self.bots.report(self.games_without_bots())
        rows, reference = self.card_rows(cards)
        return {
            "games": self.games,
            "players": {str(n): count for n, count in sorted(self.by_players.items())},
            "seats": {str(n): [{"seat": seat, **rate(self.seat_wins[n][seat], games)} for seat in range(1, n + 1)]
                      for n, games in sorted(self.by_players.items())},
            "fair_share": {str(n): _round(self.winners[n] / (n * games)) for n, games in sorted(self.by_players.items())},
            "first_praeco": {str(n): [{"position": pos, **rate(self.turn_wins[n][pos], games)}
                                      for pos in range(1, n + 1)]
                             for n, games in sorted(self.by_players.items())},
            "cards": rows,
            "correction": CORRECTION,
            "alpha": ALPHA,
            "bots": by_bot,
            "reference": reference,
            "length": {**running([sum(self.turns.values()), sum([t * c for t, c in self.turns.items()]),
                                  sum([t * t * c for t, c in self.turns.items()])]),
                       "histogram": [[t, c] for t, c in sorted(self.turns.items())]},
            "vis": {kind: running(self.sums[3 * i:3 * i + 3]) for i, kind in enumerate(VIS_KINDS)},
            "tribunals": [{"tribunal": n, "score": running(acc[:3]), "best": running(acc[3:])}
                          for n, acc in enumerate(self.tribunals, 1)],
            "totals": {"score": running(self.sums[9:12]), "winning": running(self.sums[12:15])},
        }

    def games_without_bots(self) -> int:
        return self.games - self.bots.games

    def card_rows(self, cards: Iterable[str] | Mapping[str, str] | None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The card rows, and what each card was compared with (:mod:`gtcli.balance.association`).

        First against every other card of its kind; then, while some cards are associated
        with winning, again with those left out of the others' reference (at most
        :data:`ROUNDS` rounds), so one broken card does not pull down its whole kind."""
        listed = dict(cards) if isinstance(cards, Mapping) else dict.fromkeys(cards or (), UNKNOWN_KIND)
        card_kind = dict(self.uses.card_kind)
        for name, kind in listed.items():  # the kind the games recorded is the one the figures used
            card_kind.setdefault(name, kind)
        played, used = self.uses.card_counts()
        player_games = self.uses.player_games
        names = sorted(set(listed) | set(played) | set(used))

        def counts(name: str) -> dict[str, Any]:
            return {"played": played[name],
                    "played_per_game": _round(played[name] / self.games) if self.games else 0.0,
                    "used": used[name],
                    "use_rate": _round(used[name] / player_games) if player_games else 0.0}

        def rows_for(skip: frozenset[str]) -> list[dict[str, Any]]:
            return card_rows(self.card_figures(skip), names, lambda name: card_kind.get(name, UNKNOWN_KIND), counts)

        skip: frozenset[str] = frozenset()
        rows = rows_for(skip)
        for _ in range(ROUNDS):
            flagged = frozenset(r["card"] for r in rows if r["associated"])
            if flagged == skip or not self.kept.usable:
                break
            skip = flagged
            rows = rows_for(skip)
        if self.bots.mixed():
            split_by_tier(self.kept, self.bots.names(), rows, skip)
        reference = {"left_out": sorted(skip), "bots_allowed_for": self.bots.mixed() and self.kept.usable,
                     "games_kept": self.kept.count, "complete": self.kept.usable}
        return rows, reference

    def card_figures(self, skip: frozenset[str]) -> CardFigures:
        if self.kept.usable and self.bots.mixed():
            return bot_card_figures(self.kept, skip)
        if not skip or not self.kept.usable:
            if self._figures is None:
                self._figures = self.uses.figures()
            return self._figures
        figures = CardFigures()
        for n, won, _, uses in self.kept:
            figures.add(n, uses, won, won, skip)
        return figures
