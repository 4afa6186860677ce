"""The games of a study kept in a compact form, for the figures that need a second look at them.

Two figures of the report cannot be summed as the games stream by: the card figures with a
reference that leaves out the cards found associated with winning (a broken card must not
pull down every card of its kind: :mod:`gtcli.balance.association`), and, when different
bots played, each result less its bot's win rate (:mod:`gtcli.balance.bots`), which is
known only at the end. So each game is kept as a few bytes: who won (one bit per seat),
each use of a card as (kind, card, seat) in four bytes, each seat's bot in one. About 100
bytes a game; at most :data:`MAX_KEPT` games (50 MB), beyond which the report falls back
to the figures summed as the games came, and says so.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

USE = struct.Struct(">BHB")  # a use: kind, card, seat (four bytes)

MAX_KEPT = 500_000
MAX_NAMES = 65_535  # distinct card names (two bytes); kinds and bots: one byte


class KeptGames:
    def __init__(self) -> None:
        self.games: list[tuple[int, int, bytes, bytes | None]] = []
        self.cards: dict[str, int] = {}
        self.kinds: dict[str, int] = {}
        self.bots: dict[str, int] = {}
        self.usable = True  # False once a game could not be kept: then none is

    def _id(self, table: dict[str, int], name: str, limit: int) -> int:
        found = table.get(name)
        if found is None:
            if len(table) >= limit:
                raise OverflowError(name)
            found = table[name] = len(table)
        return found

    def add(self, players: int, won: list[int], bots: list[str] | None,
            uses: dict[str, list[tuple[str, int]]]) -> None:
        if not self.usable:
            return
        try:
            if len(self.games) >= MAX_KEPT:
                raise OverflowError("games")
            cards, kinds = self.cards, self.kinds
            packed = []
            for kind, kind_uses in uses.items():
                k = kinds.get(kind)
                if k is None:
                    k = self._id(kinds, kind, 255)
                for card, seat in kind_uses:
                    c = cards.get(card)
                    if c is None:
                        c = self._id(cards, card, MAX_NAMES)
                    packed.append(USE.pack(k, c, seat))
            seat_bots = None if bots is None else bytes(self._id(self.bots, b, 255) for b in bots)
        except OverflowError:
            self.usable = False
            self.games.clear()
            return
        bits = 0
        for i, w in enumerate(won):
            if w:
                bits |= 1 << i
        self.games.append((players, bits, b"".join(packed), seat_bots))

    def __iter__(self) -> Iterator[tuple[int, list[int], list[str] | None, dict[str, list[tuple[str, int]]]]]:
        """(players, won per seat, bot per seat or None, kind -> [(card, seat)]) of each game kept."""
        cards, kinds, bots = list(self.cards), list(self.kinds), list(self.bots)
        for players, bits, packed, seat_bots in self.games:
            uses: dict[str, list[tuple[str, int]]] = {}
            for k, c, seat in USE.iter_unpack(packed):
                kind = kinds[k]
                found = uses.get(kind)
                if found is None:
                    uses[kind] = [(cards[c], seat)]
                else:
                    found.append((cards[c], seat))
            yield (players, [(bits >> s) & 1 for s in range(players)],
                   None if seat_bots is None else [bots[b] for b in seat_bots], uses)
