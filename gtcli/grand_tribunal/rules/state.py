"""The table state the rules interpreter keeps while replaying a log.

Mutable by design (like python-chess's Board): each action function of
:mod:`gtcli.grand_tribunal.rules.actions` checks a move against this state and applies it.
``snapshot()`` gives a plain dict for ``gt replay`` and ``gt play``.

A copy (:meth:`GameState.copy`, what ``Referee.fork()`` makes for a bot trying a move) is a
forward model's step, made thousands of times per decision by a search bot, so it copies
nothing up front: the state and its copy share what both had (structural sharing) and each
copies a part only when it first reaches for it (copy on write; docs/performance.md,
goal 1). Three layers do it:

* the containers of the table (the players, the Voting Track, the rows, the turn...) are
  put aside in a frozen mapping both states share; the first read of one through a state
  gives that state its own copy (:class:`_CopiedOnRead`), so code that changes what
  it read in place (``s.track[space] += 1``) changes only its own state's;
* the cards of a state that was copied are in a :class:`Cards` table (a :class:`Shared` one; a
  state never copied keeps a plain dict, the fastest to read): a card is copied the first time
  it is looked up through a state (``s.cards[id]``, ``cards_of``, ``named``...), so a card
  a state hands out is always its own. A card left shared refuses any change (a bug);
* the card index (:class:`CardIndex`) holds card ids in tuples, never changed in place:
  a copy shares its maps until it changes one, and then copies only the map, not the entries.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from gtcli.core.text import fold
from gtcli.grand_tribunal.rules.card_index import (  # noqa: F401 - the state's cards, imported from here too
    DISCARD, GONE, HAND, INSTALLED, ROW, SANCTUM, CardIndex, CardInPlay, Cards, Shared, SharedCardChanged,
)
from gtcli.grand_tribunal.rules.cards import Card, CardSet
from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.rules.tribunal import PlayerScore, TribunalResult

_vis = attrgetter("vis")


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


def _copy_turn(turn: TurnState | None) -> TurnState | None:
    if turn is None:
        return None
    copied = object.__new__(TurnState)
    copied.__dict__.update(turn.__dict__)
    copied.types = list(turn.types)
    return copied


def _copy_rows(rows: dict[str, list[int | None]]) -> dict[str, list[int | None]]:
    return {deck: list(ids) for deck, ids in rows.items()}


def _copy_or_none(found: dict | None) -> dict | None:
    return None if found is None else dict(found)


def _copy_players(players: dict[str, Player]) -> dict[str, Player]:
    copied = {}
    for name, player in players.items():
        copied[name] = clone = object.__new__(Player)
        clone.__dict__.update(player.__dict__)
    return copied


# The containers a copy shares until it first reads one (GameState.__getattr__), each with how
# it is copied then; results and tables hold frozen objects, so a new list of them is enough.
_COPIED_ON_READ = {"players": _copy_players, "handles": dict.copy, "rows": _copy_rows, "track": dict.copy,
                   "praecos": list.copy, "turns": list.copy, "pending_extra": list.copy, "turn": _copy_turn,
                   "trackers": dict.copy, "results": list.copy, "tables": list.copy,
                   "stale_trackers": _copy_or_none, "totals": dict.copy}


@dataclass
class GameState:
    profile: RuleProfile
    card_set: CardSet
    seats: tuple[str, ...]
    players: dict[str, Player]
    cards: dict[int, CardInPlay] = field(default_factory=dict)  # a Cards table from the state's first copy on
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
    turn: TurnState | None = field(default_factory=lambda: None)  # a factory: the class attribute is _CopiedOnRead
    trackers: dict[str, int] = field(default_factory=lambda: {"uncontested": 0, "contested": 0})
    results: list[TribunalResult] = field(default_factory=list)
    tables: list[Any] = field(default_factory=list)  # the Table each result was tallied from
    stale_trackers: dict[str, int] | None = field(default_factory=lambda: None)  # where the trackers stood before R6 reset them
    totals: dict[str, int] = field(default_factory=dict)
    next_first_praeco: str | None = None
    scored_tribunals: int = 0
    next_id: int = 1
    # id -> its card, once named: a cache checked against the card's name at each use, so a
    # state and its copies share it (a copy renaming a card only replaces the entry)
    definitions: dict[int, Card | None] = field(default_factory=dict, compare=False)
    language: str = "en"  # the log's language: displays name zones and spaces in it
    turn_serial: int = 0  # counts turns begun, to tell "in the same turn" from "later" (X5)
    index: CardIndex = field(default_factory=CardIndex, repr=False, compare=False)  # kept by the cards

    def __eq__(self, other: object) -> bool:
        """Field by field, as a dataclass compares, whether either state shares (SharingState) or not."""
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(GameState) if f.compare)

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        self._shared: dict[str, Any] = {}  # the containers shared with copies, not read since
        for card in self.cards.values():
            self.index.add(card)

    def copy(self) -> "GameState":
        """A copy that can be changed without touching this one (for trying a move).

        Nothing is copied now: the containers this state read since its last copy are put
        aside for both to share, each copied by the first of the two to read it again.
        """
        mine = self.__dict__
        if self.__class__ is not SharingState:  # its first copy: from now on it shares (see SharingState)
            self.__class__ = SharingState
            self.cards = Cards(self.cards, self.index)  # a plain dict until now: the fastest to read
        if len(mine) > _PLAIN_FIELDS:  # a container was read since the last copy (or set)
            shared = dict(mine["_shared"])
            for name in _COPIED_ON_READ:
                if name in mine:
                    shared[name] = mine.pop(name)
            mine["_shared"] = shared
        new = object.__new__(SharingState)
        fields = new.__dict__
        fields.update(mine)
        fields["index"] = index = self.index.fork()
        fields["cards"] = self.cards.fork(index)
        return new

    # ---- derived ---------------------------------------------------------------------------
    @property
    def regio(self) -> int:
        """V2: 60 minus the Vis in stores and on cards (plus any Voting tokens standing in)."""
        stores = sum(map(_vis, self.players.values()))
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

    def _peek(self) -> Any:
        """A function giving a card by id to read, never to change (none copied)."""
        cards = self.cards
        return cards.peek if isinstance(cards, Shared) else cards.__getitem__

    def cards_of(self, player: str | None, *zones: str) -> list[CardInPlay]:
        """``player``'s cards in ``zones`` (None: the cards no one holds), in the order they entered the game."""
        at, cards = self.index.at, self.cards
        if len(zones) == 1:
            return list(map(cards.__getitem__, at.get((player, zones[0]), ())))
        ids = [i for zone in dict.fromkeys(zones) for i in at.get((player, zone), ())]
        ids.sort()
        return [cards[i] for i in ids]

    def in_zone(self, zone: str) -> list[CardInPlay]:
        """Every card in ``zone``, whoever holds it, in the order they entered the game."""
        ids = [i for (_, where), found in self.index.at.items() if where == zone for i in found]
        ids.sort()
        cards = self.cards
        return [cards[i] for i in ids]

    def named(self, name: str) -> list[CardInPlay]:
        """Every card known by ``name`` (any case or accents), those out of the game too."""
        key = fold(name)
        ids = [*self.index.live.get(key, ()), *self.index.gone.get(key, ())]
        ids.sort()
        cards = self.cards
        return [cards[i] for i in ids]

    def live_named(self, name: str) -> list[CardInPlay]:
        """The cards known by ``name`` that are still in the game (not reshuffled away after a Tribunal)."""
        return list(map(self.cards.__getitem__, self.index.live.get(fold(name), ())))

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
        card = CardInPlay(self.next_id, deck, name, handle, owner, zone, face_up=face_up)  # filed with its name
        self.cards[card.id] = card
        self.index.add(card)
        self.next_id += 1
        if handle:
            self.handles[handle] = card.id
        return card

    def hand_limit(self, player: str) -> int:
        """T4: 5, changed by lasting ``hand limit`` effects of the player's cards."""
        limit = self.profile.hand_limit
        at, changes_of, peek = self.index.at, self.card_set.hand_limit_changes, self._peek()
        for zone in (SANCTUM, INSTALLED):
            for card in map(peek, at.get((player, zone), ())):  # only read: no card copied
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
        peek = self._peek()

        def card(c: CardInPlay) -> dict[str, Any]:
            data: dict[str, Any] = {"card": c.label(), "vis": c.vis, "active": c.active, "face_up": c.face_up}
            if c.deck == "item":
                data["spells"] = [peek(i).label() for i in self.index.hosted.get(c.id, ())]
                if c.placed:
                    data["won"] = {"tribunal": c.placed[0], "place": c.placed[1]}
            return data

        players = []
        for name in self.seats:
            if not cards:
                players.append({"name": name, "vis": self.players[name].vis,
                                "hand": len(self.index.at.get((name, HAND), ())), "total": self.totals.get(name, 0)})
                continue
            sanctum = [peek(i) for i in self.index.at.get((name, SANCTUM), ())]  # only read: not copied
            players.append({
                "name": name,
                "vis": self.players[name].vis,
                "hand": len(self.index.at.get((name, HAND), ())),
                "hand_limit": self.hand_limit(name),
                "laboratory": [card(c) for c in sanctum if c.deck == "item"],
                "library": [card(c) for c in sanctum if c.deck == "spell"],
                "vault": [card(c) for c in sanctum if c.deck == "resource"],
                "unknown": [card(c) for c in sanctum if c.deck is None],
                "total": self.totals.get(name, 0),
            })
        turn = self.turn
        rows = {deck: [peek(i).label() if i else "?" for i in ids] for deck, ids in self.rows.items()} \
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
        return list(self.index.hosted.get(item_id, ()))


class _CopiedOnRead:
    """A container of :class:`GameState` read through a state that shares it with a copy: the
    state's own copy, made now and kept in the state's ``__dict__``, where every later read
    finds it first (a non-data descriptor, so a read of a container the state holds costs
    nothing more; a ``__getattr__`` would have slowed every attribute of the state)."""

    __slots__ = ("name", "copy")

    def __init__(self, name: str, copy: Any) -> None:
        self.name, self.copy = name, copy

    def __get__(self, state: "GameState | None", owner: type | None = None) -> Any:
        if state is None:
            return self
        fields = state.__dict__
        value = fields[self.name] = self.copy(fields["_shared"][self.name])
        return value


class SharingState(GameState):
    """A state that shares its containers with a copy: one that was copied, or a copy.

    Only such a state reads a container through :class:`_CopiedOnRead`; a state never
    copied (``gt check``'s, which replays a log once) keeps plain attributes, which Python
    reads faster than attributes a class attribute of the same name shadows."""

    __eq__ = GameState.__eq__
    __hash__ = None  # type: ignore[assignment]


for _name, _copy in _COPIED_ON_READ.items():
    setattr(SharingState, _name, _CopiedOnRead(_name, _copy))

# The fields a state always holds itself, and its _shared: any more in its __dict__ are
# containers read (or set) since its last copy, to be shared by the next one.
_PLAIN_FIELDS = sum(1 for f in fields(GameState) if f.name not in _COPIED_ON_READ) + 1
