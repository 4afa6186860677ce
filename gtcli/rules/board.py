"""Board profile: the printed numbers of the Vis Source Track, transcribed by a group.

They are not public, so they are data (docs/rules.md, "Board profile"). Without one, the
checker takes the amounts a log records and reports what it could not verify.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BoardTribunal:
    uncontested: tuple[tuple[int, int], ...]  # a:b per space of this Tribunal's area
    contested: tuple[int, ...]  # value per space
    extract: int


@dataclass(frozen=True)
class Board:
    name: str
    tribunals: tuple[BoardTribunal, ...]

    def area(self, tribunal: int) -> BoardTribunal | None:
        return self.tribunals[tribunal - 1] if 1 <= tribunal <= len(self.tribunals) else None
