"""The games of a study kept in a compact form, for the figures that need a second look at them.

Two figures of the report cannot be summed as the games stream by: the card figures with a
reference that leaves out the cards found associated with winning (a broken card must not
pull down every card of its kind: :mod:`gtcli.balance.association`), and, when different
bots played, each result less its bot's win rate (:mod:`gtcli.balance.bots`), which is
known only at the end. So each game is kept as a few bytes in arrays shared by all the
games: its number of players, who won (a byte per seat), each seat's number of uses (two
bytes), each use as the number of its (card, kind) (four bytes) and each seat's bot (a byte).
About 130 bytes a game; at most :data:`MAX_KEPT` games (65 MB), beyond which the report falls
back to the figures counted as the games came, and says so.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator

try:
    import cython  # the compiled build (gtcli.HOT_MODULES): typed locals in the copy of a game
except ImportError:  # no Cython: the declarations mean nothing
    from gtcli.core.cython_stub import cython

USES = "I" if array("I").itemsize >= 4 else "L"  # a use: its (card, kind)'s number, unsigned 32 bits
MAX_KEPT = 500_000
MAX_BOTS = 255  # a seat's bot in a byte, numbered 0 to 254; 255 marks a game that names none


class KeptGames:
    """The games kept; ``names(number)`` gives a use's (card, kind) back (:class:`gtcli.balance.uses.Uses`)."""

    def __init__(self, names: Callable[[int], tuple[str, str]]) -> None:
        self.names = names
        self.usable = True  # False once a game could not be kept: then none is
        self._empty()

    def _empty(self) -> None:
        self.count = 0
        self.players = bytearray()  # per game
        self.won = bytearray()  # per seat: 1 or 0
        self.seat_bots = bytearray()  # per seat: the bot's number, or MAX_BOTS for a game without bots
        self.seats = array("H")  # per seat: its uses (at most 1,000 in a summary: gtcli.balance.sources)
        self.uses = array(USES)  # per use, seat after seat
        self.bots: dict[str, int] = {}

    @cython.locals(won=list, bots=list, table=dict)
    def add(self, won: list[int], bots: list[str] | None, uses: list[int], seats: list[int]) -> None:
        """One game: ``uses``, the numbers of the (card, kind) each seat used, seat after seat, ``seats[s]``
        of them for seat s."""
        if not self.usable:
            return
        if bots is None:
            seat_bots = [MAX_BOTS] * len(won)
        else:
            table = self.bots
            for bot in bots:
                if bot not in table:
                    table[bot] = len(table)
            seat_bots = [table[b] for b in bots]
        try:
            if self.count >= MAX_KEPT or len(self.bots) > MAX_BOTS:
                raise OverflowError
            self.uses.extend(uses)  # OverflowError: a number past 32 bits
        except OverflowError:  # too many games or bots, or a number past 32 bits: none is kept
            self.usable = False
            self._empty()
            return
        self.count += 1
        self.players.append(len(won))
        self.won += bytes(won)
        self.seat_bots += bytes(seat_bots)
        self.seats.extend(seats)

    def __iter__(self) -> Iterator[tuple[int, list[int], list[str] | None, dict[str, list[tuple[str, int]]]]]:
        """(players, won per seat, bot per seat or None, kind -> [(card, seat)]) of each game kept."""
        names, bots = self.names, list(self.bots)
        seat_at = use_at = 0
        for players in self.players:
            uses: dict[str, list[tuple[str, int]]] = {}
            for seat in range(players):
                for number in self.uses[use_at:use_at + self.seats[seat_at + seat]]:
                    card, kind = names(number)
                    found = uses.get(kind)
                    if found is None:
                        uses[kind] = [(card, seat)]
                    else:
                        found.append((card, seat))
                use_at += self.seats[seat_at + seat]
            seat_bots = self.seat_bots[seat_at:seat_at + players]
            yield (players, list(self.won[seat_at:seat_at + players]),
                   None if seat_bots[0] == MAX_BOTS else [bots[b] for b in seat_bots], uses)
            seat_at += players
