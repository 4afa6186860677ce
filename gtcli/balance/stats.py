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

from gtcli.balance.association import ALPHA, CORRECTION, UNKNOWN_KIND, CardFigures, card_rows, kinds_of
from gtcli.balance.bots import BotSeats, bots_of, split_by_tier
from gtcli.balance.bots import card_figures as bot_card_figures
from gtcli.balance.kept import KeptGames
from gtcli.core.statistics import mean_interval, wilson

VIS_KINDS = ("gathered", "advanced", "left")
ROUNDS = 4  # of leaving the cards found associated out of the reference


class Running:
    """n, sum and sum of squares of a quantity: enough for its mean and interval."""

    __slots__ = ("n", "total", "squares")

    def __init__(self) -> None:
        self.n = self.total = self.squares = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def extend(self, values: list[int]) -> None:
        self.n += len(values)
        self.total += sum(values)
        self.squares += sum([v * v for v in values])

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
        self.card_plays: Counter = Counter()
        self.card_used: Counter = Counter()  # player-games that used the card
        self.card_kind: dict[str, str] = {}
        self.figures = CardFigures()
        self.winners: Counter = Counter()  # players -> winners counted over those games (shared wins)
        self.bots = BotSeats()
        self.kept = KeptGames()
        self.turns = Running()
        self.turn_counts: Counter = Counter()
        self.vis = {kind: Running() for kind in VIS_KINDS}
        self.tribunal_scores: dict[int, Running] = defaultdict(Running)  # per player, per Tribunal
        self.tribunal_best: dict[int, Running] = defaultdict(Running)  # the Tribunal's top score
        self.totals = Running()
        self.winning_totals = Running()

    def add(self, game: dict[str, Any]) -> None:
        """One game's summary, counted.

        It runs once per game of a study (benchmarks/bench_balance_read.py), so it is written
        for speed, one pass over the players: a record's ``kinds`` already known (every record
        of a study but its first few) is not checked again; each kind's uses are gathered as
        two flat lists, and each card's game adds terms computed once per study
        (:meth:`CardFigures.add_wins`: the same floats as :meth:`CardFigures.add`, added in the
        same order).
        """
        players = game["players"]
        n = len(players)
        winners = set(game["winners"])
        self.games += 1
        self.by_players[n] += 1
        self.winners[n] += len(winners)
        won = [1 if player in winners else 0 for player in players]
        praeco = game.get("first_praeco")
        start = players.index(praeco) if praeco in players else None
        seat_wins = self.seat_wins[n]
        turn_wins = self.turn_wins[n]
        for seat, w in enumerate(won):
            if w:
                seat_wins[seat + 1] += 1
                if start is not None:
                    turn_wins[(seat - start) % n + 1] += 1
        card_kind, card_plays = self.card_kind, self.card_plays
        kinds = game.get("kinds")
        if not (type(kinds) is dict and len(kinds) <= 5000 and kinds.items() <= card_kind.items()):
            kinds = kinds_of(game)  # a record's kinds not all seen before: checked, and the kind it names wins
            card_kind.update(kinds)
        kind_of = kinds.get
        bots = bots_of(game)
        kept = self.kept
        keep = kept.usable
        codes: list[int] = []
        groups: dict[str, tuple[list[str], list[int], int]] = {}  # kind -> (cards, seats, its id in a use)
        every_use: list[str] = []
        used, played = game["used"], game["played"]
        for seat, player in enumerate(players):
            mine = dict.fromkeys(used.get(player, ()))
            every_use += mine
            for card in mine:
                kind = kind_of(card)
                if kind is None:
                    kind = UNKNOWN_KIND
                    if card not in card_kind:
                        card_kind[card] = kind
                group = groups.get(kind)
                if group is None:
                    group = groups[kind] = ([], [], kept.kind(kind) if keep else 0)
                group[0].append(card)
                group[1].append(seat)
                if keep:
                    card_id = kept.cards.get(card)
                    if card_id is None:
                        card_id = kept.card(card)
                    codes.append(group[2] | card_id << 8 | seat)
            for card, times in played.get(player, {}).items():
                card_plays[card] = card_plays.get(card, 0) + times
        self.player_games += n
        self.card_used.update(every_use)  # a Counter counts a list in C
        add_wins = self.figures.add_wins
        for cards, seats, _ in groups.values():
            if len(cards) > 1:
                add_wins(n, cards, [won[seat] for seat in seats])
        if keep:
            kept.add(n, won, bots, codes)
        if bots:
            self.bots.add(players, won, bots)
        vis = game["vis"]
        for kind in VIS_KINDS:
            running = self.vis[kind]
            values = [vis[player][kind] for player in players]
            running.n += n
            running.total += sum(values)
            running.squares += sum([v * v for v in values])
        totals = game["totals"]
        self.totals.extend([totals[player] for player in players])
        turns = game["turns"]
        self.turns.add(turns)
        self.turn_counts[turns] += 1
        for number, scores in enumerate(game["tribunals"], 1):
            values = list(scores.values())
            self.tribunal_scores[number].extend(values)
            self.tribunal_best[number].add(max(values, default=0))
        self.winning_totals.add(max(totals.values(), default=0))

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
            "length": {**self.turns.json(), "histogram": [[t, c] for t, c in sorted(self.turn_counts.items())]},
            "vis": {kind: self.vis[kind].json() for kind in VIS_KINDS},
            "tribunals": [{"tribunal": n, "score": self.tribunal_scores[n].json(), "best": self.tribunal_best[n].json()}
                          for n in sorted(self.tribunal_scores)],
            "totals": {"score": self.totals.json(), "winning": self.winning_totals.json()},
        }

    def games_without_bots(self) -> int:
        return self.games - self.bots.games

    def card_rows(self, cards: Iterable[str] | Mapping[str, str] | None) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The card rows, and what each card was compared with (:mod:`gtcli.balance.association`).

        First against every other card of its kind; then, while some cards are associated
        with winning, again with those left out of the others' reference (at most
        :data:`ROUNDS` rounds), so one broken card does not pull down its whole kind."""
        listed = dict(cards) if isinstance(cards, Mapping) else dict.fromkeys(cards or (), UNKNOWN_KIND)
        for name, kind in listed.items():  # the kind the games recorded is the one the figures used
            self.card_kind.setdefault(name, kind)
        names = sorted(set(listed) | set(self.card_plays) | set(self.card_used))

        def counts(name: str) -> dict[str, Any]:
            return {"played": self.card_plays[name],
                    "played_per_game": _round(self.card_plays[name] / self.games) if self.games else 0.0,
                    "used": self.card_used[name],
                    "use_rate": _round(self.card_used[name] / self.player_games) if self.player_games else 0.0}

        def rows_for(skip: frozenset[str]) -> list[dict[str, Any]]:
            return card_rows(self.card_figures(skip), names, lambda name: self.card_kind.get(name, UNKNOWN_KIND), counts)

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
                     "games_kept": len(self.kept.games), "complete": self.kept.usable}
        return rows, reference

    def card_figures(self, skip: frozenset[str]) -> CardFigures:
        if self.kept.usable and self.bots.mixed():
            return bot_card_figures(self.kept, skip)
        if not skip or not self.kept.usable:
            return self.figures
        figures = CardFigures()
        for n, won, _, uses in self.kept:
            figures.add(n, uses, won, won, skip)
        return figures
