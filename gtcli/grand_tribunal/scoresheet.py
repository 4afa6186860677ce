"""A game's scoresheet: what ``gt game report`` and ``gt replay --html`` print on paper.

Built from what the scorekeeper entered (a session) or from a replayed log; every number
is computed by the rules (:mod:`gtcli.grand_tribunal.rules.game`), never stored: the Tribunals with
their places and scores, the running totals after each, the winner(s), and for a log the
table at the end of every round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gtcli.grand_tribunal.rules.game import Game, first_praeco_of, results, running_totals, totals, winners
from gtcli.grand_tribunal.rules.tribunal import PlayerScore, TribunalResult


@dataclass(frozen=True)
class RoundPoint:
    """The table at the end of one round: every player's Vis, the tokens on each space."""

    tribunal: int
    round: int
    vis: dict[str, int]
    track: dict[str, int]

    @property
    def label(self) -> str:
        """``2.3``: Tribunal 2, round 3."""
        return f"{self.tribunal}.{self.round}"


@dataclass(frozen=True)
class Scoresheet:
    source: str  # the session or the log it was made from
    game: Game
    results: tuple[TribunalResult, ...]
    rounds: tuple[RoundPoint, ...] = ()  # a log only
    tags: dict[str, str] = field(default_factory=dict)  # a log's [Event] and [Date]
    findings: int = 0  # a log's rule errors: its scores are the rules', not what it recorded
    log: bool = False
    language: str = "en"  # a log's: the spaces of the Voting Track are named in it

    @classmethod
    def of_game(cls, game: Game, source: str) -> "Scoresheet":
        return cls(source, game, tuple(results(game)))

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    @property
    def running(self) -> list[tuple[PlayerScore, ...]]:
        return running_totals(self.game, list(self.results))

    @property
    def standings(self) -> tuple[PlayerScore, ...]:
        """Final (or so far) totals, highest first, ties in seat order."""
        return totals(self.game, list(self.results))

    @property
    def winners(self) -> tuple[str, ...] | None:
        return winners(self.game, list(self.results))

    @property
    def next_praeco(self) -> str | None:
        if self.game.finished:
            return None
        return first_praeco_of(self.game, len(self.results) + 1, list(self.results))
