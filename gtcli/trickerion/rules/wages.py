"""Wages at the end of a turn, and the fame a player loses for coins they cannot pay.

Only characters that worked this turn are paid: inactive ones and ones hired this turn
(they were never placed) cost nothing, and neither does the Apprentice kept on the
Assistant's board extension. A player pays while they have a coin; each coin left unpaid
costs 2 fame, and fame stops at 0.
"""

from __future__ import annotations

from dataclasses import dataclass

APPRENTICE_WAGE = 1
SPECIALIST_WAGE = 2
FAME_PER_UNPAID_COIN = 2


@dataclass(frozen=True)
class Crew:
    """The characters a player had at work this turn (placed on a location)."""

    apprentices: int = 0
    specialists: int = 0
    assistant: bool = False  # the team has an Assistant, whose board extension holds an Apprentice


@dataclass(frozen=True)
class Wages:
    due: int
    paid: int
    unpaid: int
    fame_lost: int
    fame: int  # after wages
    coins: int  # after wages


def wages_due(crew: Crew) -> int:
    """1 coin per working Apprentice, 2 per working Specialist.

    With an Assistant, one working Apprentice is the one on its board extension and is
    not paid (Decision: when an Apprentice stays inactive, it is a paid one).
    """
    paid_apprentices = max(0, crew.apprentices - 1) if crew.assistant else crew.apprentices
    return APPRENTICE_WAGE * paid_apprentices + SPECIALIST_WAGE * crew.specialists


def lose_fame(fame: int, amount: int) -> int:
    """Fame after losing ``amount``: the Fame track ends at 0."""
    return max(0, fame - amount)


def pay(fame: int, coins: int, due: int) -> Wages:
    paid = min(coins, due)
    unpaid = due - paid
    after = lose_fame(fame, FAME_PER_UNPAID_COIN * unpaid)
    return Wages(due=due, paid=paid, unpaid=unpaid, fame_lost=fame - after, fame=after, coins=coins - paid)
