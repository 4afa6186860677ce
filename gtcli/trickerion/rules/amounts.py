"""Fame, coins and Trickerion shards: the three things a Trickerion table counts."""

from __future__ import annotations

from dataclasses import dataclass

RESOURCE_KEYS = ("fame", "coins", "shards")


@dataclass(frozen=True)
class Amounts:
    fame: int = 0
    coins: int = 0
    shards: int = 0

    def __add__(self, other: "Amounts") -> "Amounts":
        return Amounts(self.fame + other.fame, self.coins + other.coins, self.shards + other.shards)

    def as_dict(self) -> dict[str, int]:
        return {"fame": self.fame, "coins": self.coins, "shards": self.shards}


NOTHING = Amounts()


def total(amounts: "tuple[Amounts, ...] | list[Amounts]") -> Amounts:
    result = NOTHING
    for a in amounts:
        result = result + a
    return result
