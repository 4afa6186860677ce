"""Wins per bot, and the card figures per bot (per tier), when the seats of a study were played
by different bots (``gt simulate --bots mcts,greedy,greedy,greedy``).

A game record names each seat's bot (``"bots": {"Ana": "mcts", ...}``). A bot's **win
rate** is the share of its seats that won, a shared win counting for each seat sharing it;
its **fair share** is what that rate would be if every seat were equally strong: the mean,
over its seats, of (winners of that game) / (players of that game), so shared wins raise it.
The unit is the game: a bot's seats in one game are one trial each, but they are not
independent (when three greedy seats face one search bot, at most one of them wins unless
they share), so the interval is Wilson's with the seats divided by the design effect of
the games (:func:`gtcli.core.statistics.clustered_wilson`), never narrower than Wilson's on
the seats. With one seat per game (the search bot above) it is Wilson's exactly.

The card figures of a mixed study take each use's result as its player's win less the win
rate of its bot in games of that size (:mod:`gtcli.balance.association`), over the games
kept (:mod:`gtcli.balance.kept`), since those rates are known only at the end. The figures
per bot compare a bot's uses of a card only with the same bot's uses of its kind
(:func:`tier_figures`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from gtcli.balance.association import CardFigures, flag
from gtcli.balance.kept import KeptGames
from gtcli.core.statistics import clustered_wilson

try:
    import cython  # the compiled build (gtcli.HOT_MODULES): typed locals in the count of a game's seats
except ImportError:  # no Cython: the declarations mean nothing
    from gtcli.core.cython_stub import cython

MAX_BOT_NAME = 40
# What gt simulate writes in a log's [Event] tag (gtcli.grand_tribunal.play.simulation.tags): "Simulated game 3
# (bots Ana=mcts, Ben=greedy, Caro=greedy, budget 128; seed 0)", or "(bot greedy, seed 0)" for one bot.
_BOT = r"[a-z][a-z0-9_-]{0,39}"
EVENT = re.compile(rf"\S.{{0,200}} \d{{1,9}} \((?:bot (?P<bot>{_BOT})(?:, budget \d{{1,9}})?, "
                   rf"|bots (?P<bots>[^;()]{{1,2000}}?)(?:, budget \d{{1,9}})?; )seed -?\d{{1,30}}\)")


def bots_of(game: dict[str, Any]) -> list[str] | None:
    """The record's ``bots`` (player -> bot) as each seat's bot, if it names one for every player."""
    bots = game.get("bots")
    if type(bots) is not dict:
        return None
    named = [bots.get(p) for p in game["players"]]
    for b in named:
        if type(b) is not str or not 0 < len(b) <= MAX_BOT_NAME:
            return None
    return named  # type: ignore[return-value]


def bots_from_event(tags: Iterable[tuple[str, str]], players: list[str]) -> list[str] | None:
    """Each seat's bot as a log's [Event] tag (any language's spelling of it) names it, or None.

    Only the very form ``gt simulate`` writes counts, naming every player of the game in the
    order of its seats (a single ``bot X`` names every seat): a log whose tag a person wrote
    or edited, or one that names no bot, is a game without bots (the report says how many)."""
    from gtcli.grand_tribunal.lang.keywords import HEADER_TAGS

    spellings = {w.casefold() for words in HEADER_TAGS["event"].values() for w in words}
    events = [value for name, value in tags if name.casefold() in spellings]
    if len(events) != 1:
        return None
    m = EVENT.fullmatch(events[0])
    if m is None:
        return None
    if m["bot"]:
        return [m["bot"]] * len(players)
    seats = [part.partition("=") for part in m["bots"].split(", ")]
    if [name for name, _, _ in seats] != players or not all(re.fullmatch(_BOT, bot) for _, _, bot in seats):
        return None
    return [bot for _, _, bot in seats]


class BotSeats:
    def __init__(self) -> None:
        self.games = 0
        # (bot, players) -> [games, seats, wins, wins², wins·seats, seats², fair]
        self.sums: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0, 0.0])

    @cython.locals(won=list, bots=list, n=cython.longlong, winners=cython.longlong, k=cython.longlong,
                   s=cython.longlong, seat=cython.longlong, acc=list, seats=list)
    def add(self, players: list[str], won: list[int], bots: list[str]) -> None:
        self.games += 1
        n, winners = len(players), sum(won)
        if bots.count(bots[0]) == n:  # one bot at every seat (a study of one bot): its seats, its wins
            seats = [(bots[0], n, winners)]
        else:
            seats = []
            for bot in set(bots):
                k = s = 0
                for seat in range(n):
                    if bots[seat] == bot:
                        k += 1
                        s += won[seat]
                seats.append((bot, k, s))
        for bot, k, s in seats:
            acc = self.sums[(bot, n)]
            acc[0] += 1
            acc[1] += k
            acc[2] += s
            acc[3] += s * s
            acc[4] += s * k
            acc[5] += k * k
            acc[6] += k * winners / n

    def names(self) -> list[str]:
        return sorted({bot for bot, _ in self.sums})

    def mixed(self) -> bool:
        return len(self.names()) > 1

    def report(self, games_without_bots: int) -> dict[str, Any] | None:
        """Wins per bot (module docstring), or None when the games name fewer than two bots."""
        if not self.mixed():
            return None
        rows = []
        for bot in self.names():
            by_n = {n: acc for (b, n), acc in sorted(self.sums.items(), key=lambda kv: kv[0][1]) if b == bot}
            rows.append({"bot": bot, **_rate([sum(a[i] for a in by_n.values()) for i in range(7)]),
                         "by_players": {str(n): _rate(acc) for n, acc in by_n.items()}})
        return {"games": self.games, "games_without_bots": games_without_bots, "bots": rows}


def expected(kept: KeptGames) -> dict[tuple[str, int], float]:
    """Each bot's win rate per number of players, over the games kept."""
    seats: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    for n, won, bots, _ in kept:
        for seat, bot in enumerate(bots or ()):
            seats[(bot, n)][0] += won[seat]
            seats[(bot, n)][1] += 1
    return {key: w / k for key, (w, k) in seats.items()}


def card_figures(kept: KeptGames, skip: frozenset[str]) -> CardFigures:
    """The card figures over the games kept that name their bots, each result less its bot's rate."""
    rates = expected(kept)
    figures = CardFigures()
    for n, won, bots, uses in kept:
        if bots is None:
            continue
        figures.add(n, uses, [won[s] - rates[(bots[s], n)] for s in range(n)], won, skip)
    return figures


def tier_figures(kept: KeptGames, skip: frozenset[str]) -> dict[str, CardFigures]:
    """The card figures of each bot's seats: its uses of a card against the same bot's uses of the card's
    kind, in games of the same size.

    A bot's uses of a kind in one game are often all one seat's (the search bot against three
    greedy ones), so they cannot be compared within the game: a use's expected result is the
    bot's mean result over its uses of that kind in games of that size (the cards in ``skip``
    left out), and x_g is the card's uses in game g less that. Over the study the cards of a
    kind add up to zero for each bot and size, so a bot's exact clones read zero, whatever
    its strength or its taste in cards. (Every bot in two passes over the games kept.)"""
    means: dict[tuple[str, str, int], list[int]] = defaultdict(lambda: [0, 0])  # (bot, kind, players) -> [uses, wins]
    for n, won, bots, uses in kept:
        if bots is None:
            continue
        for kind, kind_uses in uses.items():
            for card, seat in kind_uses:
                if card not in skip:
                    acc = means[(bots[seat], kind, n)]
                    acc[0] += 1
                    acc[1] += won[seat]
    figures: dict[str, CardFigures] = defaultdict(CardFigures)
    for n, won, bots, uses in kept:
        if bots is None:
            continue
        for kind, kind_uses in uses.items():
            mine: dict[tuple[str, str], list[int]] = {}  # (bot, card) -> [uses, wins]
            for card, seat in kind_uses:
                acc = mine.get((bots[seat], card))
                if acc is None:
                    mine[(bots[seat], card)] = [1, won[seat]]
                else:
                    acc[0] += 1
                    acc[1] += won[seat]
            for (bot, card), (k, w) in mine.items():
                uses_, wins = means[(bot, kind, n)]
                rest = uses_ - (0 if card in skip else k), wins - (0 if card in skip else w)
                if rest[0] <= 0:
                    continue
                figures[bot].add_game(card, n, w - k * wins / uses_ if uses_ else 0.0, k, w / k, rest[1] / rest[0])
    return figures


def split_by_tier(kept: KeptGames, tiers: list[str], rows: list[dict[str, Any]], skip: frozenset[str]) -> None:
    """Each row's ``tiers``: the card's figure per bot, Holm over the cards tested for that bot."""
    for row in rows:
        row["tiers"] = {}
    by_bot = tier_figures(kept, skip)
    for bot in tiers:
        figures = by_bot.get(bot, CardFigures())
        tested = []
        for row in rows:
            figure = {**figures.figure(row["card"]), "p_adjusted": None, "associated": False, "direction": None}
            figure.pop("by_players")
            row["tiers"][bot] = figure
            if figure["p"] is not None:
                tested.append(figure)
        flag(tested)


def _rate(acc: list[float]) -> dict[str, Any]:
    games, seats, wins, wins_sq, cross, seats_sq, fair = acc
    low, high = clustered_wilson(int(games), wins, seats, wins_sq, cross, seats_sq)
    return {"games": int(games), "seats": int(seats), "wins": int(wins),
            "win_rate": round(wins / seats, 6) if seats else None, "ci": [round(low, 6), round(high, 6)],
            "fair_share": round(fair / seats, 6) if seats else None}
