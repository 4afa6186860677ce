"""Initiative order, advertising and the starting resources that depend on it.

The first turn's order is drawn at random at the table. From the second turn on, the
player with the least fame acts first; players on the same fame swap round: their order
is the reverse of the one they had among themselves last turn.

Each place in the order stands on a numbered slot (1-4). Two players use slots 1 and 3,
and the slot is what advertising costs (and what the extra starting coins depend on).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

START_FAME = 5
START_SHARDS = 1
START_COINS = 10
EXTRA_COINS_PER_SLOT = 2  # the 2nd / 3rd / 4th slot gets 2 / 4 / 6 more: 12 / 14 / 16 in all
ADVERTISING_FAME = 2
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def next_order(previous: Sequence[str], fame: Mapping[str, int]) -> tuple[str, ...]:
    """Least fame first; a tie reverses the tied players' previous relative order."""
    return tuple(sorted(previous, key=lambda name: (fame[name], -previous.index(name))))


def ties(order: Sequence[str], fame: Mapping[str, int]) -> tuple[tuple[str, ...], ...]:
    """Groups of players on the same fame, in ``order`` (for telling the table why)."""
    groups: dict[int, list[str]] = {}
    for name in order:
        groups.setdefault(fame[name], []).append(name)
    return tuple(tuple(g) for g in groups.values() if len(g) > 1)


def slots(players: int) -> tuple[int, ...]:
    """The Initiative Order slots in use: 1 and 3 for two players, else 1 to ``players``."""
    return (1, 3) if players == 2 else tuple(range(1, players + 1))


def slot_of(order: Sequence[str], name: str) -> int:
    return slots(len(order))[list(order).index(name)]


@dataclass(frozen=True)
class Start:
    fame: int
    coins: int
    shards: int


def start_of(slot: int) -> Start:
    """A player's fame, coins and shards at the start, from their first-turn slot.

    Decision: the sheet's "10/12/14/16 coins by initial order" and "2/4/6 more on the 2nd/
    3rd/4th slot" are one rule said twice (10 for all, plus 2 per slot after the first),
    not two bonuses; with two players the second stands on slot 3 and starts with 14.
    """
    return Start(START_FAME, START_COINS + EXTRA_COINS_PER_SLOT * (slot - 1), START_SHARDS)


def advertising_cost(order: Sequence[str], name: str) -> int:
    """Advertising costs as many coins as the number of the player's slot (and gives 2 fame)."""
    return slot_of(order, name)
