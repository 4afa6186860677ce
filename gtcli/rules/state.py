"""The table state the rules interpreter keeps while replaying a log.

Mutable by design (like python-chess's Board): each action function of
:mod:`gtcli.rules.actions` checks a move against this state and applies it.
``snapshot()`` gives a plain dict for ``gt replay`` and ``gt play``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from gtcli.rules.cards import Card, CardSet
from gtcli.rules.profiles import RuleProfile
from gtcli.rules.tribunal import PlayerScore, TribunalResult
from gtcli.text import fold

HAND, SANCTUM, INSTALLED, ROW, DISCARD, GONE = "hand", "sanctum", "installed", "row", "discard", "gone"


@dataclass
class CardInPlay:
    """One physical card: known by name, or by a handle (``?a``) until it is named (K4)."""

    id: int
    deck: str | None  # item | spell | resource, when known
    name: str | None = None
    handle: str | None = None
    owner: str | None = None  # None while in a face-up row or a discard pile
    zone: str = HAND
    vis: int = 0
    active: bool = False
    face_up: bool = False
    host: int | None = None  # the Item an installed Spell sits under
    placed: tuple[int, int] | None = None  # (Tribunal, place) of an Item that won an award
    auto_active: tuple[int, int | None] | None = None  # X5: (turn serial, line) when its cost made it active

    def label(self) -> str:
        if self.name and self.handle:
            return f"{self.handle} ({self.name})"
        return self.name or self.handle or f"card #{self.id}"


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
    by_name: dict[str, list[int]] = field(default_factory=dict)  # folded name -> ids (an index)
    definitions: dict[int, Card | None] = field(default_factory=dict)  # id -> its card, once named
    language: str = "en"  # the log's language: displays name zones and spaces in it
    turn_serial: int = 0  # counts turns begun, to tell "in the same turn" from "later" (X5)

    def copy(self) -> "GameState":
        """A copy that can be changed without touching this one (for trying a move)."""
        new = copy.copy(self)
        new.players = {k: copy.copy(v) for k, v in self.players.items()}
        new.cards = {k: copy.copy(v) for k, v in self.cards.items()}
        new.handles = dict(self.handles)
        new.by_name = {k: list(v) for k, v in self.by_name.items()}
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
        on_cards = sum(c.vis for c in self.cards.values() if c.zone not in (GONE, DISCARD))
        stores = sum(p.vis for p in self.players.values())
        return self.profile.vis_tokens + 5 * self.token_vis - stores - on_cards

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

    def cards_of(self, player: str, *zones: str) -> list[CardInPlay]:
        return [c for c in self.cards.values() if c.owner == player and c.zone in zones]

    def named(self, name: str) -> list[CardInPlay]:
        """Every card known by ``name`` (any case or accents), from the name index."""
        return [self.cards[i] for i in sorted(self.by_name.get(fold(name), ()))]

    def in_play(self, name: str) -> int:
        return sum(1 for c in self.named(name) if c.zone != GONE)

    def set_name(self, card: CardInPlay, name: str) -> None:
        """Give a card its name (when drawn, or when a hidden card is named, K4)."""
        if card.name is not None:
            ids = self.by_name.get(fold(card.name), [])
            if card.id in ids:
                ids.remove(card.id)
        card.name = name
        self.by_name.setdefault(fold(name), []).append(card.id)

    def new_card(self, deck: str | None, name: str | None, handle: str | None, owner: str | None, zone: str,
                 face_up: bool = False) -> CardInPlay:
        card = CardInPlay(self.next_id, deck, None, handle, owner, zone, face_up=face_up)
        self.cards[card.id] = card
        self.next_id += 1
        if name is not None:
            self.set_name(card, name)
        if handle:
            self.handles[handle] = card.id
        return card

    def hand_limit(self, player: str) -> int:
        """T4: 5, changed by lasting ``hand limit`` effects of the player's cards."""
        limit = self.profile.hand_limit
        for card in self.cards_of(player, SANCTUM, INSTALLED):
            definition = self.card_def(card)
            if definition is None:
                continue
            for effect in definition.effects:
                lasting = (effect.trigger == "while active" and card.active) or (
                    effect.trigger == "while in vault" and definition.kind == "resource")
                if lasting:
                    limit += sum(s.amount or 0 for s in effect.steps if s.op == "hand_limit")
        return max(0, limit)

    # ---- a plain picture for gt replay / gt play -------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        def card(c: CardInPlay) -> dict[str, Any]:
            data: dict[str, Any] = {"card": c.label(), "vis": c.vis, "active": c.active, "face_up": c.face_up}
            if c.deck == "item":
                data["spells"] = [self.cards[i].label() for i in self.installed_on(c.id)]
                if c.placed:
                    data["won"] = {"tribunal": c.placed[0], "place": c.placed[1]}
            return data

        players = []
        for name in self.seats:
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
            "rows": {deck: [self.cards[i].label() if i else "?" for i in ids] for deck, ids in self.rows.items()},
        }

    def installed_on(self, item_id: int) -> list[int]:
        return [c.id for c in self.cards.values() if c.zone == INSTALLED and c.host == item_id]
