"""The cards of a game state and where they are: :class:`CardInPlay`, the :class:`CardIndex`
kept current as they change, and the :class:`Cards` table a state shares with its copies
(copy on write; :mod:`gtcli.grand_tribunal.rules.state` says how a state is copied).
"""

from __future__ import annotations

from typing import Any

from gtcli.core.text import fold

HAND, SANCTUM, INSTALLED, ROW, DISCARD, GONE = "hand", "sanctum", "installed", "row", "discard", "gone"


_TRACKED = frozenset(("name", "owner", "zone", "vis", "host"))  # what the card index depends on
_OUT = frozenset((GONE, DISCARD))  # the zones whose cards' Vis is not counted (vis_on_cards)
_SHARED = "shared"  # a card's index while two states share the card: it must not change


class SharedCardChanged(RuntimeError):
    """A card shared by a state and its copy was changed directly (a bug: go through the state)."""


class CardInPlay:
    """One physical card: known by name, or by a handle (``?a``) until it is named (K4).

    A card in a game's state reports every change of its name, owner, zone, Vis or host
    to the state's :class:`CardIndex`, so the rules find a player's hand, an Item's Spells
    or a card by name without looking through every card the game has seen. Its fields
    live in its ``__dict__`` (no slots): copying a card copies them in one step.
    """

    def __init__(self, id: int, deck: str | None, name: str | None = None, handle: str | None = None,
                 owner: str | None = None, zone: str = HAND, vis: int = 0, active: bool = False,
                 face_up: bool = False, host: int | None = None, placed: tuple[int, int] | None = None,
                 auto_active: tuple[int, int | None] | None = None, secret_draw: bool = False,
                 unplaced: int = 0) -> None:
        self.__dict__.update(
            id=id,
            deck=deck,  # item | spell | resource, when known
            name=name,
            handle=handle,
            owner=owner,  # None while in a face-up row or a discard pile
            zone=zone,
            vis=vis,
            active=active,
            face_up=face_up,
            host=host,  # the Item an installed Spell sits under
            placed=placed,  # (Tribunal, place) of an Item that won an award
            auto_active=auto_active,  # X5: (turn serial, line) when its cost made it active
            secret_draw=secret_draw,  # X3: taken from a face-up row unseen; which card is known when named
            unplaced=unplaced,  # Vis a refused Advance meant for it: not on the card, but its activation is no fault
            _index=None,  # the CardIndex of the state holding the card, or _SHARED
        )

    def __setattr__(self, field_name: str, value: object) -> None:
        fields = self.__dict__
        index = fields["_index"]
        if index is None or (field_name not in _TRACKED and index is not _SHARED):
            fields[field_name] = value
        elif index is _SHARED:
            raise SharedCardChanged(f"card #{self.id} is shared by a game state and its copy; "
                                    "change it through the state's own lookups")
        elif field_name == "vis":  # CardIndex.change's, without the call (the commonest change)
            if fields["zone"] not in _OUT:
                index.vis_on_cards += value - fields["vis"]  # type: ignore[operator]
            fields["vis"] = value
        else:
            index.change(self, field_name, value)

    def move_to(self, zone: str, owner: str | None) -> None:
        """``card.zone, card.owner = zone, owner``, with the card refiled once, not twice."""
        index = self.__dict__["_index"]
        if index is None or index is _SHARED or zone == GONE or self.zone == GONE:
            self.zone, self.owner = zone, owner  # the general way (a shared card refuses it)
        else:
            index.relocate(self, zone, owner)

    def _fields(self) -> dict:
        fields = dict(self.__dict__)
        del fields["_index"]
        return fields

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        if self is other:
            return True
        if self.__dict__["id"] != other.__dict__["id"]:  # two cards of a state (``card in cards``): no copies made
            return False
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def __repr__(self) -> str:
        return "CardInPlay(" + ", ".join(f"{k}={v!r}" for k, v in self._fields().items()) + ")"

    def detached(self) -> "CardInPlay":
        """A copy of the card that belongs to no state yet."""
        card = object.__new__(CardInPlay)
        fields = card.__dict__
        fields.update(self.__dict__)
        fields["_index"] = None
        return card

    def label(self) -> str:
        if self.name and self.handle:
            return f"{self.handle} ({self.name})"
        return self.name or self.handle or f"card #{self.id}"


class Shared(dict):
    """A table (id -> card, name -> player) whose entries a state shares with its copies.

    ``base`` is a mapping no one changes any more, shared by every copy made from the same
    state; the table's own entries are the copies this state made, each the first time it
    was looked up (``table[key]``, ``get``, iteration), so whatever a state hands out is its
    own to change. :meth:`fork` makes a copy in time independent of the table's size when
    nothing was looked up since the last copy, and in one dict merge otherwise.
    """

    __slots__ = ("base",)

    def __init__(self, entries: dict | None = None) -> None:
        super().__init__(entries or ())
        self.base: dict = {}

    def _copy(self, value: Any) -> Any:
        clone = object.__new__(value.__class__)
        clone.__dict__.update(value.__dict__)
        return clone

    def _freeze(self, value: Any) -> None:
        """``value`` goes into a base: shared from now on."""

    def __missing__(self, key: Any) -> Any:
        value = self._copy(self.base[key])
        dict.__setitem__(self, key, value)
        return value

    def peek(self, key: Any) -> Any:
        """The entry for ``key`` to read, never to change: not copied (KeyError if there is none)."""
        found = dict.get(self, key)
        return self.base[key] if found is None else found

    def get(self, key: Any, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        return self.__missing__(key) if key in self.base else default

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in self.base

    def _fill(self) -> None:
        for key in self.base:
            if not dict.__contains__(self, key):
                self.__missing__(key)

    def __iter__(self):
        self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def keys(self):  # type: ignore[override]
        self._fill()
        return dict.keys(self)

    def values(self):  # type: ignore[override]
        self._fill()
        return dict.values(self)

    def items(self):  # type: ignore[override]
        self._fill()
        return dict.items(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, dict):
            return NotImplemented
        self._fill()
        if isinstance(other, Shared):
            other._fill()
        return dict.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)

    def __reduce__(self):
        return self.__class__, (dict(self.items()),)

    def fork(self) -> "Shared":
        """A table sharing every entry with this one; this one's own entries become shared too."""
        if dict.__len__(self):
            base = dict(self.base)
            for key, value in dict.items(self):
                self._freeze(value)
                base[key] = value
            dict.clear(self)
            self.base = base
        clone = dict.__new__(self.__class__)  # no __init__: the slots are set here
        clone.base = self.base
        return clone


class Cards(Shared):
    """The cards of a state: id -> :class:`CardInPlay`, each copied into the state's own
    :class:`CardIndex` the first time it is looked up (see :class:`Shared`)."""

    __slots__ = ("index",)

    def __init__(self, entries: dict | None = None, index: "CardIndex | None" = None) -> None:
        super().__init__(entries)
        self.index = index

    def __missing__(self, key: int) -> CardInPlay:  # Shared's, with the copy made in place (the hottest)
        clone = object.__new__(CardInPlay)
        fields = clone.__dict__
        fields.update(self.base[key].__dict__)
        fields["_index"] = self.index
        dict.__setitem__(self, key, clone)
        return clone

    def _copy(self, card: CardInPlay) -> CardInPlay:
        clone = object.__new__(CardInPlay)
        fields = clone.__dict__
        fields.update(card.__dict__)
        fields["_index"] = self.index
        return clone

    def _freeze(self, card: CardInPlay) -> None:
        card.__dict__["_index"] = _SHARED

    def fork(self, index: "CardIndex | None" = None) -> "Cards":
        """The cards of a copy whose card index is ``index`` (this table's own, if None)."""
        clone = Shared.fork(self)
        clone.index = self.index if index is None else index  # type: ignore[attr-defined]
        return clone  # type: ignore[return-value]


class CardIndex:
    """Where the cards of one game state are, kept current as they change (constant-time lookups).

    ``at``: (owner, zone) -> card ids; ``hosted``: Item id -> the ids of the Spells installed
    under it; ``live`` and ``gone``: folded name -> the ids of the cards of that name still in
    play, and of those out of the game (discarded before an earlier Tribunal's reshuffle);
    ``vis_on_cards``: the Vis on cards in play (not discarded), the running total the Regio
    is worked out from. The ids are tuples in increasing order (the order the cards entered
    the game), replaced, never changed in place, so a copy of the index shares every tuple
    and each map until it changes it (:meth:`fork`).
    """

    __slots__ = ("at", "hosted", "live", "gone", "vis_on_cards", "_shared")

    def __init__(self) -> None:
        self.at: dict[tuple[str | None, str], tuple[int, ...]] = {}
        self.hosted: dict[int, tuple[int, ...]] = {}
        self.live: dict[str, tuple[int, ...]] = {}
        self.gone: dict[str, tuple[int, ...]] = {}
        self.vis_on_cards = 0
        self._shared = 0  # a bit per map shared with another index: at 1, hosted 2, live 4, gone 8

    def fork(self) -> "CardIndex":
        """An index equal to this one, sharing its maps (each copied by the first to change it)."""
        new = object.__new__(CardIndex)
        new.at, new.hosted, new.live, new.gone = self.at, self.hosted, self.live, self.gone
        new.vis_on_cards = self.vis_on_cards
        new._shared = self._shared = 15
        return new

    def _at(self) -> dict:
        if self._shared & 1:
            self.at = dict(self.at)
            self._shared &= ~1
        return self.at

    def _hosted(self) -> dict:
        if self._shared & 2:
            self.hosted = dict(self.hosted)
            self._shared &= ~2
        return self.hosted

    def _names(self, gone: bool) -> dict:
        if gone:
            if self._shared & 8:
                self.gone = dict(self.gone)
                self._shared &= ~8
            return self.gone
        if self._shared & 4:
            self.live = dict(self.live)
            self._shared &= ~4
        return self.live

    def add(self, card: CardInPlay) -> None:
        object.__setattr__(card, "_index", self)
        self._file(card, _put, 1)

    def remove(self, card: CardInPlay) -> None:
        self._file(card, _drop, -1)

    def _file(self, card: CardInPlay, op: Any, sign: int) -> None:
        """Put ``card`` in every map it belongs in (``op`` _put, ``sign`` 1), or take it out (_drop, -1)."""
        op(self.at if not self._shared & 1 else self._at(), (card.owner, card.zone), card.id)
        if card.zone == INSTALLED and card.host is not None:
            op(self._hosted(), card.host, card.id)
        if card.name is not None:
            op(self._names(card.zone == GONE), fold(card.name), card.id)
        if card.zone not in (GONE, DISCARD):
            self.vis_on_cards += sign * card.vis

    def change(self, card: CardInPlay, field_name: str, value: object) -> None:
        """Set ``card.field_name = value`` and update what depends on it (only that)."""
        if field_name == "vis":
            if card.zone not in (GONE, DISCARD):
                self.vis_on_cards += value - card.vis  # type: ignore[operator]
        elif field_name == "owner":
            _move(self.at if not self._shared & 1 else self._at(), (card.owner, card.zone), (value, card.zone), card.id)
        elif field_name == "host":
            if card.zone == INSTALLED:
                hosted = self._hosted()
                if card.host is not None:
                    _drop(hosted, card.host, card.id)
                if value is not None:
                    _put(hosted, value, card.id)
        elif field_name == "name":  # only the names' map depends on it
            if card.name is not None:
                _drop(self._names(card.zone == GONE), fold(card.name), card.id)
            if value is not None:
                _put(self._names(card.zone == GONE), fold(value), card.id)
        elif field_name == "zone" and card.zone != GONE and value != GONE:
            _move(self.at if not self._shared & 1 else self._at(), (card.owner, card.zone), (card.owner, value), card.id)
            if card.host is not None:
                if card.zone == INSTALLED:
                    _drop(self._hosted(), card.host, card.id)
                if value == INSTALLED:
                    _put(self._hosted(), card.host, card.id)
            if (card.zone == DISCARD) != (value == DISCARD):
                self.vis_on_cards += card.vis if card.zone == DISCARD else -card.vis
        else:  # a name, or a move into or out of the game: everything again
            self.remove(card)
            object.__setattr__(card, field_name, value)
            self.add(card)
            return
        object.__setattr__(card, field_name, value)

    def relocate(self, card: CardInPlay, zone: str, owner: str | None) -> None:
        """``card.zone, card.owner = zone, owner`` (neither zone out of the game), the card refiled
        once: what :meth:`change` does for the zone and then the owner."""
        fields = card.__dict__
        old_zone, host, card_id = fields["zone"], fields["host"], fields["id"]
        _move(self.at if not self._shared & 1 else self._at(), (fields["owner"], old_zone), (owner, zone), card_id)
        if host is not None:
            if old_zone == INSTALLED:
                _drop(self._hosted(), host, card_id)
            if zone == INSTALLED:
                _put(self._hosted(), host, card_id)
        if (old_zone == DISCARD) != (zone == DISCARD):
            self.vis_on_cards += fields["vis"] if old_zone == DISCARD else -fields["vis"]
        fields["zone"], fields["owner"] = zone, owner


def _put(index: dict, key: object, card_id: int) -> None:
    ids = index.get(key)
    if ids is None:
        index[key] = (card_id,)
    elif ids[-1] < card_id:
        index[key] = ids + (card_id,)
    elif card_id not in ids:
        index[key] = tuple(sorted(ids + (card_id,)))


def _move(index: dict, old: object, new: object, card_id: int) -> None:
    """A card changing hands or zones: out of ``old``, into ``new``. (The two helpers' code
    written out here once saved 0.6 % of a replay's instructions: too little for a copy.)"""
    _drop(index, old, card_id)
    _put(index, new, card_id)


def _drop(index: dict, key: object, card_id: int) -> None:
    ids = index.get(key)
    if ids is not None and card_id in ids:
        if len(ids) == 1:
            del index[key]
        else:
            at = ids.index(card_id)
            index[key] = ids[:at] + ids[at + 1:]
