"""OpenSkill ratings of a club's players, kept step by step in the index.

The model is the ``openskill`` package's Plackett-Luce model with its default parameters
(mu 25, sigma 25/3, beta 25/6, tau 25/300): it rates games of any number of players from
their order, which is what a Grand Tribunal or Trickerion result is. Each game of a kind
is applied in date order, then path order; its players are ranked by their final totals,
equal totals sharing a rank (so a shared win is a draw at the top). A player's ``ordinal``
(mu - 3 sigma) is the rating shown: it rises only as the model grows sure of a player.

Before a game is applied, every pair of its players who did not finish level is a small
prediction: the player with the higher ordinal should finish ahead. How often that came
true (pairs where both ordinals were equal, such as two newcomers, predict nothing and are
not counted) tells a club how far to trust the numbers. Each game's pairs and right ones are
kept per game (:func:`per_game`): the pairs of one game are not independent, and
:mod:`gtcli.club.prediction` gives the record's interval with the game as the unit.

:func:`rate` is pure; :func:`update` keeps the steps in the index so that adding games
after the last one rated applies only them, and a game that changes, leaves or arrives
earlier in the order makes the steps from that point on be computed again.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from gtcli.club.db import transaction

MU, SIGMA = 25.0, 25.0 / 3


@cache
def model():
    from openskill.models import PlackettLuce

    return PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


@dataclass(frozen=True)
class Step:
    after: dict[str, tuple[float, float]]  # player -> (mu, sigma) after the game
    pairs: int  # pairs of players that the ratings before the game ranked (unequal ordinals, unequal finish)
    correct: int  # of which the higher rated player finished ahead


def rate(before: dict[str, tuple[float, float]], players: Sequence[str], ranks: Sequence[int]) -> Step:
    """One game: ``players`` (identities, each once) finished at ``ranks`` (1 best; equal ranks tie)."""
    m = model()
    current = [before.get(p, (MU, SIGMA)) for p in players]
    pairs = correct = 0
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            oi, oj = ordinal(*current[i]), ordinal(*current[j])
            if ranks[i] == ranks[j] or oi == oj:
                continue
            pairs += 1
            correct += (oi > oj) == (ranks[i] < ranks[j])
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in current]
    rated = m.rate(teams, ranks=list(ranks))
    after = {p: (team[0].mu, team[0].sigma) for p, team in zip(players, rated)}
    return Step(after, pairs, correct)


@dataclass(frozen=True)
class Game:
    """A game as the ratings see it: its file and content, its players' identities and ranks."""

    path: str
    sha256: str
    players: tuple[str, ...]
    ranks: tuple[int, ...]

    @property
    def ident(self) -> str:
        return hashlib.sha256(repr((self.path, self.sha256, self.players, self.ranks)).encode()).hexdigest()[:32]


def update(conn: sqlite3.Connection, kind: str, games: Sequence[Game]) -> dict[str, int]:
    """Bring the stored steps of ``kind`` to ``games`` (in order), in one transaction.

    Returns ``{"kept": games whose steps were already right, "applied": games rated now}``.
    """
    with transaction(conn):
        stored = [ident for (ident,) in conn.execute("SELECT ident FROM rated WHERE game = ? ORDER BY seq", (kind,))]
        kept = 0
        while kept < len(stored) and kept < len(games) and stored[kept] == games[kept].ident:
            kept += 1
        if kept < len(stored):
            conn.execute("DELETE FROM rated WHERE game = ? AND seq >= ?", (kind, kept))
            conn.execute("DELETE FROM steps WHERE game = ? AND seq >= ?", (kind, kept))
        state = {player: (mu, sigma) for player, mu, sigma, _ in conn.execute(
            "SELECT player, mu, sigma, max(seq) FROM steps WHERE game = ? GROUP BY player", (kind,))}
        for seq in range(kept, len(games)):
            game = games[seq]
            step = rate(state, game.players, game.ranks)
            state.update(step.after)
            conn.execute("INSERT INTO rated VALUES (?, ?, ?, ?, ?, ?)",
                         (kind, seq, game.path, game.ident, step.pairs, step.correct))
            conn.executemany("INSERT INTO steps VALUES (?, ?, ?, ?, ?)",
                             [(kind, seq, p, mu, sigma) for p, (mu, sigma) in step.after.items()])
    return {"kept": kept, "applied": len(games) - kept}


@dataclass(frozen=True)
class Rating:
    player: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


def current(conn: sqlite3.Connection, kind: str) -> list[Rating]:
    """Every rated player's rating now, highest ordinal first (then by identity)."""
    found = [Rating(player, mu, sigma, games) for player, mu, sigma, _, games in conn.execute(
        "SELECT player, mu, sigma, max(seq), count(*) FROM steps WHERE game = ? GROUP BY player", (kind,))]
    return sorted(found, key=lambda r: (-r.ordinal, r.player))


def accuracy(conn: sqlite3.Connection, kind: str) -> tuple[int, int]:
    """(pairs predicted, of which right) over every game rated."""
    pairs, correct = conn.execute("SELECT coalesce(sum(pairs), 0), coalesce(sum(correct), 0) FROM rated "
                                  "WHERE game = ?", (kind,)).fetchone()
    return pairs, correct


def per_game(conn: sqlite3.Connection, kind: str) -> list[tuple[int, int]]:
    """(pairs predicted, of which right) of each game rated, in order: the unit of
    :func:`gtcli.club.prediction.record` is the game."""
    return list(conn.execute("SELECT pairs, correct FROM rated WHERE game = ? ORDER BY seq", (kind,)))


def history(conn: sqlite3.Connection, kind: str, player: str) -> list[tuple[str, float, float]]:
    """(game path, mu, sigma) after each game ``player`` played, in order."""
    return list(conn.execute("SELECT rated.path, steps.mu, steps.sigma FROM steps JOIN rated "
                             "ON rated.game = steps.game AND rated.seq = steps.seq "
                             "WHERE steps.game = ? AND steps.player = ? ORDER BY steps.seq", (kind, player)))


def after_each_game(conn: sqlite3.Connection, kind: str) -> dict[tuple[str, str], float]:
    """(game path, player) -> the player's rating (ordinal) after that game, for every game rated."""
    return {(path, player): ordinal(mu, sigma) for path, player, mu, sigma in conn.execute(
        "SELECT rated.path, steps.player, steps.mu, steps.sigma FROM steps JOIN rated "
        "ON rated.game = steps.game AND rated.seq = steps.seq WHERE steps.game = ?", (kind,))}
