"""The games of a study kept in a compact form, for the figures that need a second look at them.

Two figures of the report cannot be summed as the games stream by: the card figures with a
reference that leaves out the cards found associated with winning (a broken card must not
pull down every card of its kind: :mod:`gtcli.balance.association`), and, when different
bots played, each result less its bot's win rate (:mod:`gtcli.balance.bots`), which is
known only at the end. So each game is kept as a few bytes: who won (one bit per seat),
each use of a card as (kind, card, seat) in four bytes (:data:`USES`), each seat's bot in one. About 100
bytes a game; at most :data:`MAX_KEPT` games (50 MB), beyond which the report falls back
to the figures summed as the games came, and says so.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

# A use: its kind (one byte), card (two) and seat (one) in one unsigned 32-bit integer, in the
# order the game's players and their cards came (grouped by kind again when read).
USES = "I" if array("I").itemsize >= 4 else "L"

MAX_KEPT = 500_000
MAX_NAMES = 65_535  # distinct card names (two bytes); kinds and bots: one byte


class KeptGames:
    def __init__(self) -> None:
        self.games: list[tuple[int, int, bytes, bytes | None]] = []
        self.cards: dict[str, int] = {}
        self.kinds: dict[str, int] = {}
        self.bots: dict[str, int] = {}
        self.usable = True  # False once a game could not be kept: then none is
        self.full = False  # a name found no room: the game being counted cannot be kept

    def _id(self, table: dict[str, int], name: str, limit: int) -> int:
        found = table.get(name)
        if found is None:
            if len(table) >= limit:
                self.full = True
                return 0
            found = table[name] = len(table)
        return found

    def card(self, name: str) -> int:
        return self._id(self.cards, name, MAX_NAMES)

    def kind(self, name: str) -> int:
        """A kind's id, shifted to its place in a use (:data:`USES`)."""
        return self._id(self.kinds, name, 255) << 24

    def add(self, players: int, won: list[int], bots: list[str] | None, uses: list[int]) -> None:
        """One game: ``uses`` as ``kind(k) | card(c) << 8 | seat``, in the order they came."""
        if not self.usable:
            return
        seat_bots = None if bots is None else bytes([self._id(self.bots, b, 255) for b in bots])
        if self.full or len(self.games) >= MAX_KEPT:
            self.usable = False
            self.games.clear()
            return
        bits = 0
        for i, w in enumerate(won):
            if w:
                bits |= 1 << i
        self.games.append((players, bits, array(USES, uses).tobytes(), seat_bots))

    def __iter__(self) -> Iterator[tuple[int, list[int], list[str] | None, dict[str, list[tuple[str, int]]]]]:
        """(players, won per seat, bot per seat or None, kind -> [(card, seat)]) of each game kept."""
        cards, kinds, bots = list(self.cards), list(self.kinds), list(self.bots)
        for players, bits, packed, seat_bots in self.games:
            uses: dict[str, list[tuple[str, int]]] = {}
            for use in array(USES, packed):
                kind = kinds[use >> 24]
                found = uses.get(kind)
                if found is None:
                    uses[kind] = [(cards[(use >> 8) & 0xFFFF], use & 0xFF)]
                else:
                    found.append((cards[(use >> 8) & 0xFFFF], use & 0xFF))
            yield (players, [(bits >> s) & 1 for s in range(players)],
                   None if seat_bots is None else [bots[b] for b in seat_bots], uses)
