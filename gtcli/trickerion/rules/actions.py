"""Action points of a placed character: a helper for the table, not a score.

The character's kind gives the base (Apprentice 1, Specialist 2, Magician 3), the slot's
printed modifier is added, and a Trickerion shard paid on placing adds 1 anywhere but in
the Theatre.
"""

from __future__ import annotations

from dataclasses import dataclass

from gtcli.trickerion.rules.problems import error
from gtcli.trickerion.rules.words import APPRENTICE, MAGICIAN, SPECIALIST, THEATRE, character_kind

BASE = {APPRENTICE: 1, SPECIALIST: 2, MAGICIAN: 3}
SHARD_POINTS = 1
MAX_SLOT_MODIFIER = 3


@dataclass(frozen=True)
class ActionPoints:
    character: str  # apprentice, specialist or magician
    base: int
    slot: int
    shard: int
    location: str | None = None  # where it is placed, when said (a shard is entered there in a turn)

    @property
    def total(self) -> int:
        """Decision: a character never has fewer than 0 action points."""
        return max(0, self.base + self.slot + self.shard)


def action_points(character: str, slot: int = 0, shard: bool = False, location: str | None = None) -> ActionPoints:
    """``character`` is a key of :data:`gtcli.trickerion.rules.words.CHARACTERS`; ``location`` one
    of ``LOCATIONS`` (only the Theatre matters: no shard can be paid there)."""
    if shard and location == THEATRE:
        raise error("TRK013", "a shard cannot buy an action point in the Theatre",
                    "drop --shard, or place the character elsewhere")
    if not -MAX_SLOT_MODIFIER <= slot <= MAX_SLOT_MODIFIER:
        raise error("TRK003", f"a slot modifier is -{MAX_SLOT_MODIFIER} to +{MAX_SLOT_MODIFIER}, "
                    f"got {slot}", f"the number printed under the slot, e.g. --slot -1; ±{MAX_SLOT_MODIFIER} is "
                    "gtcli's bound on what it reads, not a rule: the sheet gives no range (Decision 13)")
    kind = character_kind(character)
    return ActionPoints(kind, BASE[kind], slot, SHARD_POINTS if shard else 0, location)
