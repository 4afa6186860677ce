"""Final scoring after the fifth turn, and the winner.

Each player turns what they kept into fame: 1 per unspent Trickerion shard, 1 per full
3 coins, 2 per Apprentice and 3 per Specialist in their team. Most fame wins; players on
equal fame are ranked by the initiative order, the player ahead of the other first (the
sheet says so for the win; gtcli ranks every place the same way).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

FAME_PER_SHARD = 1
COINS_PER_FAME = 3
FAME_PER_APPRENTICE = 2
FAME_PER_SPECIALIST = 3


@dataclass(frozen=True)
class Standing:
    """A player's fame, resources and team as the game ends."""

    name: str
    fame: int
    coins: int = 0
    shards: int = 0
    apprentices: int = 0
    specialists: int = 0


@dataclass(frozen=True)
class Gained:
    shards: int
    coins: int
    apprentices: int
    specialists: int

    @property
    def total(self) -> int:
        return self.shards + self.coins + self.apprentices + self.specialists


@dataclass(frozen=True)
class FinalScore:
    standing: Standing
    gained: Gained
    place: int
    tied: bool  # another player ended on the same fame; the initiative order separated them

    @property
    def name(self) -> str:
        return self.standing.name

    @property
    def fame(self) -> int:
        return self.standing.fame + self.gained.total


@dataclass(frozen=True)
class FinalResult:
    players: tuple[FinalScore, ...]  # winner first
    initiative: tuple[str, ...]

    @property
    def winner(self) -> str:
        return self.players[0].name

    @property
    def decided_by_initiative(self) -> bool:
        return self.players[0].tied


def gained(standing: Standing) -> Gained:
    return Gained(
        shards=FAME_PER_SHARD * standing.shards,
        coins=standing.coins // COINS_PER_FAME,
        apprentices=FAME_PER_APPRENTICE * standing.apprentices,
        specialists=FAME_PER_SPECIALIST * standing.specialists,
    )


def final_scoring(standings: Sequence[Standing], initiative: Sequence[str]) -> FinalResult:
    """Score every player (``initiative`` names each once) and rank them, winner first."""
    by_name = {s.name: s for s in standings}
    scored = [(by_name[name], gained(by_name[name])) for name in initiative]
    fames = [s.fame + g.total for s, g in scored]
    ranked = sorted(range(len(scored)), key=lambda i: (-fames[i], i))
    players = tuple(
        FinalScore(scored[i][0], scored[i][1], place, tied=fames.count(fames[i]) > 1)
        for place, i in enumerate(ranked, start=1)
    )
    return FinalResult(players, tuple(initiative))
