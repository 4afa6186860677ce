"""Board profile: the printed numbers of the Vis Source Track, transcribed by a group.

They are not public, so they are data (docs/rules.md, "Board profile"). Without one, the
checker takes the gather amounts a log records and reports what it could not verify. The
Extract Vis amounts are the exception: every rule sheet prints them (A9), so they are
checked with or without a board, and a board profile may give its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BoardTribunal:
    uncontested: tuple[tuple[int, int], ...]  # a:b per space of this Tribunal's area
    contested: tuple[int, ...]  # value per space
    extract: int | None = None  # None: the amount the sheets print (:func:`extract_amount`)


@dataclass(frozen=True)
class Board:
    name: str
    tribunals: tuple[BoardTribunal, ...]

    def area(self, tribunal: int) -> BoardTribunal | None:
        return self.tribunals[tribunal - 1] if 1 <= tribunal <= len(self.tribunals) else None


# A9: "in the rounds before the first two Tribunals, one Vis; before the Grand Tribunal, two"
# (all four sheets). With a house profile of another length, the last Tribunal is the Grand one.
PRINTED_EXTRACT = 1
PRINTED_EXTRACT_GRAND = 2


def printed_extract(tribunal: int, tribunals: int) -> int:
    """The Extract Vis amount the rule sheets print for ``tribunal`` of a game of ``tribunals``."""
    return PRINTED_EXTRACT_GRAND if tribunal >= tribunals else PRINTED_EXTRACT


def extract_amount(board: Board | None, tribunal: int, tribunals: int) -> tuple[int, bool]:
    """(the Extract Vis amount in ``tribunal``, whether a board profile gave it)."""
    area = board.area(tribunal) if board else None
    if area is not None and area.extract is not None:
        return area.extract, True
    return printed_extract(tribunal, tribunals), False
