"""The uses of cards in a study, counted as its games stream by: the card counts and the card figures' data.

A study of a million games is read in one pass (benchmarks/bench_balance_read.py), so what a
game adds is counted, not summed as floats. Each card of each game becomes one *key*: its
(card, kind), the *context* of its kind in that game (the number of players, the kind's uses
and how many of them won), and the card's own uses and wins there; a game's keys are counted
at once, in C. Everything the card figures need (:mod:`gtcli.balance.association`: x_g, n_g,
the users' and the others' win shares) is a function of a key, so :meth:`Uses.figures`
computes it once per distinct key and multiplies it by the key's count: the sums are exact
for the counts and correctly rounded (``math.fsum``) for the rest, so the report does not
depend on the order in which the games were read (``--jobs``, the order of the files).

A card is known by the pair (card, kind), numbered as pairs first come. A record's ``kinds``
names each card's kind; a card a record names under another kind than before is, in that
game, of the kind the record gives (the card's row takes the last kind given); a card a
record uses without naming its kind is of the kind the study knows for it (``unknown`` if
none). Each game is also kept in compact form (:mod:`gtcli.balance.kept`) for the figures the
report computes again at the end.

Compiled (``gtcli.HOT_MODULES``), the loops over a game's cards run on typed whole numbers
(the ``cython.locals`` below; pure Python, they mean nothing): the same keys either way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from math import fsum
from typing import Any

from gtcli.balance.association import UNKNOWN_KIND, CardFigures, kinds_of
from gtcli.balance.kept import KeptGames

try:
    import cython  # the compiled build (gtcli.HOT_MODULES): typed locals in the loops of a game
except ImportError:  # no Cython: the declarations mean nothing
    from gtcli.core.cython_stub import cython

# A card's key: its number << 22 | its kind's context's number << 8 | its uses << 4 | its wins (a card's uses: at
# most one a player). A context: players << 26 | the kind's wins << 13 | its uses (at most 8 x 1,000 in a summary).
CARD_SHIFT, CONTEXTS, FIELD = 22, (1 << 14) - 1, (1 << 13) - 1  # past them: the key is a tuple
PACK, PACKED_KINDS = 14, 4  # a game's uses of each of the first four kinds summed at once, 14 bits each
NO_CARDS: dict[str, int] = {}
NO_USES: list[str] = []

try:  # the loop in C behind Counter.update, without its check for a mapping (a third of the time on a short list)
    from collections import _count_elements as count_into  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover  (every CPython since 3.2 has it; a pure-Python collections too)
    def count_into(mapping: dict, iterable: Any) -> None:
        get = mapping.get
        for item in iterable:
            mapping[item] = get(item, 0) + 1


class Uses:
    def __init__(self) -> None:
        self.card_kind: dict[str, str] = {}  # each card's kind: the last a record gave (the rows' kind)
        self.number: dict[str, int] = {}  # card -> the number of (card, its kind in card_kind)
        self.numbers: dict[tuple[str, str], int] = {}  # (card, kind) -> its number
        self.pairs: list[tuple[str, str]] = []  # number -> (card, kind)
        self.kind_of: list[int] = []  # number -> its kind's number
        self.unit: list[int] = []  # number -> its kind's place in a game's packed counts (:meth:`count`)
        self.kinds: dict[str, int] = {}
        self.contexts: dict[int | tuple[int, int, int], int] = {}  # a kind's context (:meth:`context`) -> number << 8
        self.counts: dict[int | tuple[int, int, int, int], int] = {}  # key (module docstring) -> card-games
        self.plays: dict[str, int] = {}  # card -> times played
        self.player_games = 0
        self.kept = KeptGames(self.pairs.__getitem__)

    def pair(self, card: str, kind: str) -> int:
        """The number of (card, kind), given at its first use."""
        found = self.numbers.get((card, kind))
        if found is None:
            found = self.numbers[(card, kind)] = len(self.pairs)
            self.pairs.append((card, kind))
            kinds = self.kinds
            kind_number = kinds.setdefault(kind, len(kinds))
            self.kind_of.append(kind_number)
            self.unit.append(1 << PACK * kind_number if kind_number < PACKED_KINDS else -1)
        return found

    def learn(self, kinds: dict[str, str]) -> None:
        """A record's kinds (checked: :func:`~gtcli.balance.association.kinds_of`): each card is of its kind."""
        self.card_kind.update(kinds)
        for card, kind in kinds.items():
            self.number[card] = self.pair(card, kind)

    def unlisted(self, card: str) -> int:
        """A card used that no record has given a kind: of unknown kind."""
        if card not in self.number:
            self.card_kind[card] = UNKNOWN_KIND
            self.number[card] = self.pair(card, UNKNOWN_KIND)
        return self.number[card]

    @cython.locals(game=dict, players=list, won=list, number=dict, used=dict, played=dict, every=list, winning=list,
                   seats=list, plays=dict, mine=list, numbers=list, seat=cython.longlong, at=cython.Py_ssize_t,
                   card_kind=dict, known=cython.bint)
    def add(self, game: dict[str, Any], players: list[str], won: list[int], bots: list[str] | None) -> None:
        """One game's uses and plays (``won``: 1 or 0 per seat; ``bots``: each seat's, if the record names them).

        Written for speed (it runs once per game of a study): a record whose ``kinds`` were all seen
        before, as every record of a study but its first few, is not checked again, and each
        player's cards are numbered by one lookup each. A card is of the kind its record names, or,
        if the record names none for it, the kind the study knows for it (unknown if none)."""
        kinds = game.get("kinds")
        known = type(kinds) is dict and len(kinds) <= 5000
        if known:
            card_kind = self.card_kind
            for card, kind in kinds.items():
                if card_kind.get(card) != kind:
                    known = False
                    break
        if not known:
            self.learn(kinds_of(game))  # a record's kinds not all seen before: checked, and the kind it names wins
        number = self.number
        used, played = game["used"], game["played"]
        every: list[int] = []  # each use's (card, kind) number, seat after seat
        winning: list[int] = []
        seats: list[int] = []
        plays = self.plays
        for seat, player in enumerate(players):
            mine = used.get(player, NO_USES)
            for at in range(1, len(mine)):  # in order, as gt writes them: each card once; else made so
                if not mine[at - 1] < mine[at]:
                    mine = list(dict.fromkeys(mine))
                    break
            try:
                numbers = [number[card] for card in mine]
            except KeyError:
                numbers = [self.unlisted(card) for card in mine]
            every += numbers
            seats.append(len(numbers))
            if won[seat]:
                winning += numbers
            for card, times in played.get(player, NO_CARDS).items():
                plays[card] = plays.get(card, 0) + times
        self.player_games += len(players)
        self.count(len(players), every, winning)
        if self.kept.usable:
            self.kept.add(won, bots, every, seats)

    @cython.locals(i=cython.longlong, j=cython.longlong, k=cython.longlong, w=cython.longlong, u=cython.longlong,
                   key=cython.longlong, part=cython.longlong, packed_n=cython.longlong, packed_w=cython.longlong,
                   shift=cython.longlong, at=cython.Py_ssize_t, last=cython.Py_ssize_t, packed=cython.bint,
                   keys=list, won=list, ordered=list, kind_of=list, unit=list, contexts=dict)
    def count(self, players: int, every: list[int], winning: list[int]) -> None:
        """The keys of one game's cards (module docstring), counted.

        A card's key holds the number of its kind's context in the game: the players, the kind's
        uses and how many of them won. While a game uses only the first :data:`PACKED_KINDS` kinds,
        each kind's counts are summed all at once, as one integer (a kind's count in its own
        :data:`PACK` bits); each card's uses and wins are then found side by side in the game's
        uses sorted, and each card costs one key."""
        if not every:
            return
        unit = self.unit
        packed = len(every) <= FIELD and players <= 8
        packed_n = packed_w = 0
        if packed:
            for i in every:
                u = unit[i]
                if u < 0:  # a kind past the packed ones
                    packed = False
                    break
                packed_n += u
        if packed:
            for i in winning:
                packed_w += unit[i]
            contexts = self.contexts
            parts: Any = []
            for shift in range(0, PACK * PACKED_KINDS, PACK):
                key = players << 26 | (packed_w >> shift & FIELD) << 13 | (packed_n >> shift & FIELD)
                found = contexts.get(key)
                if found is None:
                    found = self.context(key)
                parts.append(found)
            packed = len(contexts) <= CONTEXTS
        else:  # each kind's context counted apart (a pair, not packed in bits)
            parts = {kind: self.context((players, *counts)) for kind, counts in self.by_kind(every, winning).items()}
        kind_of = self.kind_of
        if not packed:  # a key as a tuple: (card number, context number, uses, wins)
            uses: dict[int, int] = {}
            count_into(uses, every)
            wins: dict[int, int] = {}
            count_into(wins, winning)
            count_into(self.counts, [(i, parts[kind_of[i]] >> 8, k, wins.get(i, 0)) for i, k in uses.items()])
            return
        keys = []
        ordered = sorted(every)  # a card's uses side by side, and its uses that won (some of them)
        ordered.append(-1)  # no card's number: the last card's uses end there too
        won = sorted(winning)
        last = len(won)
        at = 0
        i = ordered[0]
        k = 0
        for j in ordered:
            if j != i:  # card i's k uses end here: its key
                w = 0
                while at < last and won[at] == i:
                    w += 1
                    at += 1
                part = parts[kind_of[i]]
                keys.append(i << CARD_SHIFT | part | k << 4 | w)
                i = j
                k = 0
            k += 1
        count_into(self.counts, keys)

    def context(self, context: int | tuple[int, int, int]) -> int:
        """A context's number, shifted to its place in a key: ``players << 26 | the kind's wins << 13 | its
        uses``, or (players, wins, uses) past those bits."""
        found = self.contexts.get(context)
        if found is None:
            found = self.contexts[context] = len(self.contexts) << 8
        return found

    def by_kind(self, every: list[int], winning: list[int]) -> dict[int, tuple[int, int]]:
        """Each kind's uses that won and uses, in a game."""
        kind_of = self.kind_of
        kinds = [kind_of[i] for i in every]
        kinds_won = [kind_of[i] for i in winning]
        return {kind: (kinds_won.count(kind), kinds.count(kind)) for kind in set(kinds)}

    # ---- at the end --------------------------------------------------------------------------------
    def keys(self) -> Iterator[tuple[int, int, int, int, int]]:
        """Each key counted, as (card number, context number, uses, wins, card-games)."""
        for key, games in self.counts.items():
            if type(key) is tuple:
                yield (*key, games)
            else:
                yield key >> CARD_SHIFT, (key >> 8) & CONTEXTS, (key >> 4) & 0xF, key & 0xF, games

    def card_counts(self) -> tuple[Counter, Counter]:
        """(times each card was played, player-games that used it), by card name."""
        played = Counter(self.plays)
        used: Counter = Counter()
        for number, _, k, _, games in self.keys():
            used[self.pairs[number][0]] += games * k
        return played, used

    def figures(self) -> CardFigures:
        """The card figures of every card (:class:`~gtcli.balance.association.CardFigures`), from the counts:
        each card's informative games (another card of its kind used in them) by number of players."""
        contexts = [c if type(c) is tuple else (c >> 26, c >> 13 & FIELD, c & FIELD) for c in self.contexts]
        terms: dict[tuple[int, int, int, int], tuple] = {}
        sums: dict[tuple[str, int], list[list]] = {}  # (card, players) -> the nine sums' terms
        for number, context, k, w, games in self.keys():
            players, total_w, total_n = contexts[context]
            if total_n == k:
                continue  # no other card of its kind in that game
            t = terms.get((k, w, total_w, total_n))
            if t is None:
                t = terms[(k, w, total_w, total_n)] = CardFigures.terms(k, w, total_w, total_n)
            card = self.pairs[number][0]
            found = sums.get((card, players))
            if found is None:
                found = sums[(card, players)] = [[] for _ in range(9)]
            for i in range(9):
                found[i].append(games * t[i])
        figures = CardFigures()
        for (card, players), parts in sorted(sums.items(), key=lambda item: (item[0][1], item[0][0])):
            # games, uses and uses squared are whole numbers, summed exactly; the rest correctly rounded
            figures.set(card, players, [sum(part) if i in (0, 2, 5) else fsum(part) for i, part in enumerate(parts)])
        return figures
