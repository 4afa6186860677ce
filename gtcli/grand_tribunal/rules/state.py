"""The table state the rules interpreter keeps while replaying a log.

Mutable by design (like python-chess's Board): each action function of
:mod:`gtcli.grand_tribunal.rules.actions` checks a move against this state and applies it.
``snapshot()`` gives a plain dict for ``gt replay`` and ``gt play``.
"""

from __future__ import annotations

import copy
import weakref
from dataclasses import dataclass, field
from typing import Any

from gtcli.core.text import fold
from gtcli.grand_tribunal.rules.cards import Card, CardSet
from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.rules.tribunal import PlayerScore, TribunalResult

HAND, SANCTUM, INSTALLED, ROW, DISCARD, GONE = "hand", "sanctum", "installed", "row", "discard", "gone"


_TRACKED = frozenset(("name", "owner", "zone", "vis", "host"))  # what the card index depends on


class CardInPlay:
    """One physical card: known by name, or by a handle (``?a``) until it is named (K4).

    A card in a game's state reports every change of its name, owner, zone, Vis or host
    to the state's :class:`CardIndex`, so the rules find a player's hand, an Item's Spells
    or a card by name without looking through every card the game has seen. Its fields
    live in its ``__dict__`` (no slots): copying a state copies each card in one step.
    """

    def __init__(self, id: int, deck: str | None, name: str | None = None, handle: str | None = None,
                 owner: str | None = None, zone: str = HAND, vis: int = 0, active: bool = False,
                 face_up: bool = False, host: int | None = None, placed: tuple[int, int] | None = None,
                 auto_active: tuple[int, int | None] | None = None, secret_draw: bool = False) -> None:
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
            _index=None,  # a weak reference to the state's CardIndex
        )

    def __setattr__(self, field_name: str, value: object) -> None:
        index = self._index  # a weak reference: cards and index are freed without the cycle collector
        if index is not None and field_name in _TRACKED and (index := index()) is not None:
            index.change(self, field_name, value)
        else:
            object.__setattr__(self, field_name, value)

    def _fields(self) -> dict:
        fields = dict(self.__dict__)
        del fields["_index"]
        return fields

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self is other or self._fields() == other._fields()  # type: ignore[attr-defined]

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


def _card_id(card: CardInPlay) -> int:
    return card.id


class CardIndex:
    """Where the cards of one game state are, kept current as they change (constant-time lookups).

    ``at``: (owner, zone) -> cards; ``hosted``: Item id -> the Spells installed under it;
    ``live`` and ``gone``: folded name -> the cards of that name still in play, and those
    out of the game (discarded before an earlier Tribunal's reshuffle); ``vis_on_cards``:
    the Vis on cards in play (not discarded), the running total the Regio is worked out from.
    Each maps to a dict of card id -> card: insertion-ordered sets, sorted by id when read
    so every answer comes in the order the cards entered the game.
    """

    __slots__ = ("at", "hosted", "live", "gone", "vis_on_cards", "__weakref__")

    def __init__(self) -> None:
        self.at: dict[tuple[str | None, str], dict[int, CardInPlay]] = {}
        self.hosted: dict[int, dict[int, CardInPlay]] = {}
        self.live: dict[str, dict[int, CardInPlay]] = {}
        self.gone: dict[str, dict[int, CardInPlay]] = {}
        self.vis_on_cards = 0

    def copy_for(self, cards: dict[int, CardInPlay]) -> "CardIndex":
        """This index for a copy of the state whose cards are ``cards`` (same ids)."""
        new = CardIndex()
        for mine, theirs in ((self.at, new.at), (self.hosted, new.hosted), (self.live, new.live),
                             (self.gone, new.gone)):
            for key, found in mine.items():
                theirs[key] = {i: cards[i] for i in found}
        new.vis_on_cards = self.vis_on_cards
        return new

    def add(self, card: CardInPlay) -> None:
        object.__setattr__(card, "_index", weakref.ref(self))
        self.at.setdefault((card.owner, card.zone), {})[card.id] = card
        if card.zone == INSTALLED and card.host is not None:
            self.hosted.setdefault(card.host, {})[card.id] = card
        if card.name is not None:
            (self.gone if card.zone == GONE else self.live).setdefault(fold(card.name), {})[card.id] = card
        if card.zone not in (GONE, DISCARD):
            self.vis_on_cards += card.vis

    def remove(self, card: CardInPlay) -> None:
        _drop(self.at, (card.owner, card.zone), card.id)
        if card.zone == INSTALLED and card.host is not None:
            _drop(self.hosted, card.host, card.id)
        if card.name is not None:
            _drop(self.gone if card.zone == GONE else self.live, fold(card.name), card.id)
        if card.zone not in (GONE, DISCARD):
            self.vis_on_cards -= card.vis

    def change(self, card: CardInPlay, field_name: str, value: object) -> None:
        """Set ``card.field_name = value`` and update what depends on it (only that)."""
        if field_name == "vis":
            if card.zone not in (GONE, DISCARD):
                self.vis_on_cards += value - card.vis  # type: ignore[operator]
        elif field_name == "owner":
            _drop(self.at, (card.owner, card.zone), card.id)
            self.at.setdefault((value, card.zone), {})[card.id] = card  # type: ignore[index]
        elif field_name == "host":
            if card.zone == INSTALLED:
                if card.host is not None:
                    _drop(self.hosted, card.host, card.id)
                if value is not None:
                    self.hosted.setdefault(value, {})[card.id] = card  # type: ignore[arg-type]
        elif field_name == "zone" and GONE not in (card.zone, value):
            _drop(self.at, (card.owner, card.zone), card.id)
            self.at.setdefault((card.owner, value), {})[card.id] = card  # type: ignore[index]
            if card.host is not None:
                if card.zone == INSTALLED:
                    _drop(self.hosted, card.host, card.id)
                if value == INSTALLED:
                    self.hosted.setdefault(card.host, {})[card.id] = card
            if (card.zone == DISCARD) != (value == DISCARD):
                self.vis_on_cards += card.vis if card.zone == DISCARD else -card.vis
        else:  # a name, or a move into or out of the game: everything again
            self.remove(card)
            object.__setattr__(card, field_name, value)
            self.add(card)
            return
        object.__setattr__(card, field_name, value)


def _drop(index: dict, key: object, card_id: int) -> None:
    cards = index.get(key)
    if cards is not None:
        cards.pop(card_id, None)
        if not cards:
            del index[key]


@dataclass
class Player:
    name: str
    vis: int


@dataclass
class TurnState:
    player: str
    slots: int = 2  # T1; extra actions add to it
    used: int = 0
    types: list[str] = field(default_factory=list)  # action types taken (T2)
    repeats_allowed: int = 0  # extra actions that may repeat a type
    praeco_voted: bool = False
    praeco_late: bool = False  # P3 already reported: the Praeco acted before placing the tokens
    praeco_tokens: int = 3  # what the Praeco must place: 3, or fewer if the Concilium runs low
    acted: bool = False  # any action taken yet (P3: the Praeco votes first)
    extra_turn: bool = False
    pos: Any = None  # where the turn starts in the log (end-of-turn findings point here)

    def owes_praeco_votes(self, praeco: str | None) -> bool:
        """P3: this is the Praeco's own turn and the Voting tokens are not placed yet."""
        return self.player == praeco and not self.praeco_voted and not self.extra_turn and self.praeco_tokens > 0

    def may_repeat_free(self, kind: str, variants: frozenset[str]) -> bool:
        """T2 exceptions that cost nothing: a first action of its type, or X1's second advance."""
        return kind not in self.types or (kind == "advance" and "X1" in variants and self.types.count("advance") < 2)


@dataclass
class GameState:
    profile: RuleProfile
    card_set: CardSet
    seats: tuple[str, ...]
    players: dict[str, Player]
    cards: dict[int, CardInPlay] = field(default_factory=dict)
    handles: dict[str, int] = field(default_factory=dict)
    rows: dict[str, list[int | None]] = field(default_factory=lambda: {"item": [], "spell": []})
    track: dict[str, int] = field(default_factory=dict)
    concilium: int = 24
    token_vis: int = 0  # Voting tokens standing in for Vis (V2 errata), 5 Vis each
    tribunal: int = 1
    round: int = 0
    praeco: str | None = None
    praecos: list[str] = field(default_factory=list)  # who has been Praeco this Tribunal (P1)
    turns: list[str] = field(default_factory=list)  # who has taken a turn this round (P2)
    pending_extra: list[str] = field(default_factory=list)  # players owed an extra turn
    turn: TurnState | None = None
    trackers: dict[str, int] = field(default_factory=lambda: {"uncontested": 0, "contested": 0})
    results: list[TribunalResult] = field(default_factory=list)
    tables: list[Any] = field(default_factory=list)  # the Table each result was tallied from
    stale_trackers: dict[str, int] | None = None  # where the trackers stood before R6 reset them
    totals: dict[str, int] = field(default_factory=dict)
    next_first_praeco: str | None = None
    scored_tribunals: int = 0
    next_id: int = 1
    definitions: dict[int, Card | None] = field(default_factory=dict)  # id -> its card, once named
    language: str = "en"  # the log's language: displays name zones and spaces in it
    turn_serial: int = 0  # counts turns begun, to tell "in the same turn" from "later" (X5)
    index: CardIndex = field(default_factory=CardIndex, repr=False, compare=False)  # kept by the cards

    def copy(self) -> "GameState":
        """A copy that can be changed without touching this one (for trying a move)."""
        new = copy.copy(self)
        new.players = {k: copy.copy(v) for k, v in self.players.items()}
        new.cards = {k: v.detached() for k, v in self.cards.items()}
        new.index = self.index.copy_for(new.cards)
        ref = weakref.ref(new.index)
        for card in new.cards.values():
            card.__dict__["_index"] = ref
        new.handles = dict(self.handles)
        new.definitions = dict(self.definitions)
        new.rows = {k: list(v) for k, v in self.rows.items()}
        new.track = dict(self.track)
        new.praecos, new.turns, new.pending_extra = list(self.praecos), list(self.turns), list(self.pending_extra)
        if self.turn is not None:
            new.turn = copy.copy(self.turn)
            new.turn.types = list(self.turn.types)
        new.trackers = dict(self.trackers)
        new.results, new.totals, new.tables = list(self.results), dict(self.totals), list(self.tables)
        return new

    # ---- derived ---------------------------------------------------------------------------
    @property
    def regio(self) -> int:
        """V2: 60 minus the Vis in stores and on cards (plus any Voting tokens standing in)."""
        stores = sum(p.vis for p in self.players.values())
        return self.profile.vis_tokens + 5 * self.token_vis - stores - self.index.vis_on_cards

    def standings(self) -> tuple[PlayerScore, ...]:
        """Running totals over the Tribunals scored so far, highest first (ties in seat order)."""
        return tuple(sorted((PlayerScore(p, self.totals.get(p, 0)) for p in self.seats), key=lambda ps: -ps.score))

    def card_def(self, card: CardInPlay) -> Card | None:
        """The set's card for a card in play (None while it is unknown); looked up once per naming."""
        if card.name is None:
            return None
        found = self.definitions.get(card.id)
        if found is None or found.name != card.name:
            found = self.definitions[card.id] = self.card_set.find(card.name)
        return found

    def cards_of(self, player: str | None, *zones: str) -> list[CardInPlay]:
        """``player``'s cards in ``zones`` (None: the cards no one holds), in the order they entered the game."""
        at = self.index.at
        if len(zones) == 1:
            found = at.get((player, zones[0]))
            return sorted(found.values(), key=_card_id) if found else []
        cards = [c for zone in dict.fromkeys(zones) for c in at.get((player, zone), {}).values()]
        cards.sort(key=_card_id)
        return cards

    def in_zone(self, zone: str) -> list[CardInPlay]:
        """Every card in ``zone``, whoever holds it, in the order they entered the game."""
        cards = [c for (_, where), found in self.index.at.items() if where == zone for c in found.values()]
        cards.sort(key=_card_id)
        return cards

    def named(self, name: str) -> list[CardInPlay]:
        """Every card known by ``name`` (any case or accents), those out of the game too."""
        key = fold(name)
        cards = [*self.index.live.get(key, {}).values(), *self.index.gone.get(key, {}).values()]
        cards.sort(key=_card_id)
        return cards

    def live_named(self, name: str) -> list[CardInPlay]:
        """The cards known by ``name`` that are still in the game (not reshuffled away after a Tribunal)."""
        found = self.index.live.get(fold(name))
        return sorted(found.values(), key=_card_id) if found else []

    def ever_named(self, name: str) -> bool:
        """Whether any card, in the game or out of it, has been known by ``name``."""
        key = fold(name)
        return key in self.index.live or key in self.index.gone

    def in_play(self, name: str) -> int:
        return len(self.index.live.get(fold(name), ()))

    def set_name(self, card: CardInPlay, name: str) -> None:
        """Give a card its name (when drawn, or when a hidden card is named, K4)."""
        card.name = name

    def new_card(self, deck: str | None, name: str | None, handle: str | None, owner: str | None, zone: str,
                 face_up: bool = False) -> CardInPlay:
        card = CardInPlay(self.next_id, deck, None, handle, owner, zone, face_up=face_up)
        self.cards[card.id] = card
        self.index.add(card)
        self.next_id += 1
        if name is not None:
            self.set_name(card, name)
        if handle:
            self.handles[handle] = card.id
        return card

    def hand_limit(self, player: str) -> int:
        """T4: 5, changed by lasting ``hand limit`` effects of the player's cards."""
        limit = self.profile.hand_limit
        at, changes_of = self.index.at, self.card_set.hand_limit_changes
        for zone in (SANCTUM, INSTALLED):
            for card in at.get((player, zone), {}).values():  # a sum: the order does not matter
                if card.name is None:
                    continue
                changes, kind = changes_of(card.name)
                for trigger, amount in changes:
                    if (trigger == "while active" and card.active) or (
                            trigger == "while in vault" and kind == "resource"):
                        limit += amount
        return max(0, limit)

    # ---- a plain picture for gt replay / gt play -------------------------------------------------
    def snapshot(self, cards: bool = True) -> dict[str, Any]:
        """The table as plain data; ``cards=False`` leaves out the cards themselves (each
        player's sanctum, hand limit and the face-up rows): what gt play's status line needs,
        at each typed line."""
        def card(c: CardInPlay) -> dict[str, Any]:
            data: dict[str, Any] = {"card": c.label(), "vis": c.vis, "active": c.active, "face_up": c.face_up}
            if c.deck == "item":
                data["spells"] = [self.cards[i].label() for i in self.installed_on(c.id)]
                if c.placed:
                    data["won"] = {"tribunal": c.placed[0], "place": c.placed[1]}
            return data

        players = []
        for name in self.seats:
            if not cards:
                players.append({"name": name, "vis": self.players[name].vis,
                                "hand": len(self.index.at.get((name, HAND), ())), "total": self.totals.get(name, 0)})
                continue
            sanctum = self.cards_of(name, SANCTUM)
            players.append({
                "name": name,
                "vis": self.players[name].vis,
                "hand": len(self.cards_of(name, HAND)),
                "hand_limit": self.hand_limit(name),
                "laboratory": [card(c) for c in sanctum if c.deck == "item"],
                "library": [card(c) for c in sanctum if c.deck == "spell"],
                "vault": [card(c) for c in sanctum if c.deck == "resource"],
                "unknown": [card(c) for c in sanctum if c.deck is None],
                "total": self.totals.get(name, 0),
            })
        turn = self.turn
        rows = {deck: [self.cards[i].label() if i else "?" for i in ids] for deck, ids in self.rows.items()} \
            if cards else None
        return {
            "language": self.language,
            "tribunal": self.tribunal,
            "round": self.round,
            "praeco": self.praeco,
            "turn": turn.player if turn else None,
            "slots_left": (turn.slots - turn.used) if turn else None,
            "players": players,
            "track": {k: v for k, v in self.track.items() if v},
            "trackers": dict(self.trackers),
            "regio": self.regio,
            "concilium": self.concilium,
            "rows": rows,
        }

    def installed_on(self, item_id: int) -> list[int]:
        """The ids of the Spells installed under the Item ``item_id``, in the order they entered the game."""
        return sorted(self.index.hosted.get(item_id, ()))
