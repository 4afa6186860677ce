"""Card sets as the rules see them: items, spells, resources and their effects.

These are the checked, canonical forms (type and category keys, English trigger and
primitive names); the card-set language and the TOML/JSON exchange formats both become
these. Positions are kept so that later diagnostics can point at a card's definition.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from gtcli.core.diagnostics import Pos
from gtcli.core.text import fold
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary

SPELL_COST = 2  # docs/rules.md A4: Spells always cost 2 to advance.
ANY = "any"  # a slot that takes a Spell of any category


@dataclass(frozen=True)
class Choice:
    name: str  # without the "$"
    kind: str  # one of effects.CHOICE_KINDS
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Step:
    """One primitive of an effect, e.g. ``gain 2 vis``."""

    op: str
    amount: int | None = None
    who: str | None = None  # "$name" or "others"; None = the Regio
    deck: str | None = None  # item | spell | resource
    face_up: bool = False
    zone: str | None = None  # hand | sanctum
    refs: tuple[str, ...] = ()  # "$name" or "this"
    different: bool = False
    text: str | None = None
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Effect:
    trigger: str  # one of effects.TRIGGERS
    choices: tuple[Choice, ...]
    steps: tuple[Step, ...]
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Card:
    kind: str  # item | spell | resource
    name: str
    type: str | None = None  # items
    category: str | None = None  # spells
    advance: int | None = None  # items; spells always cost SPELL_COST
    base: int | None = None  # items
    slots: tuple[str, ...] = ()  # items: category keys or ANY
    copies: int = 1
    text: str | None = None
    effects: tuple[Effect, ...] = ()
    pos: Pos = field(default=Pos(), compare=False)

    @property
    def cost(self) -> int | None:
        """Vis needed to activate: the item's advance cost, 2 for a Spell, none for a Resource."""
        if self.kind == "spell":
            return SPELL_COST
        return self.advance if self.kind == "item" else None

    def effect(self, trigger: str) -> Effect | None:
        return next((e for e in self.effects if e.trigger == trigger), None)

    @cached_property
    def hand_limit_changes(self) -> tuple[tuple[str, int], ...]:
        """(trigger, amount) of each effect whose ``hand limit`` steps change the limit by
        ``amount`` (none for most cards). Worked out once per card, not at every turn's end
        (T4 is checked there: :meth:`gtcli.grand_tribunal.rules.state.GameState.hand_limit`)."""
        changes = []
        for effect in self.effects:
            steps = [s.amount or 0 for s in effect.steps if s.op == "hand_limit"]
            if steps:
                changes.append((effect.trigger, sum(steps)))
        return tuple(changes)

    def manual_texts(self) -> list[str]:
        """The texts of its ``manual "..."`` steps, in order: what a translation translates."""
        return [s.text or "" for e in self.effects for s in e.steps if s.op == "manual"]


_CACHED_NAMES = 4096  # names a card set remembers lookups of (a set is kept for the whole process)


@dataclass(frozen=True)
class CardSet:
    name: str
    version: int | None
    language: str
    cards: tuple[Card, ...]
    vocabulary: Vocabulary
    custom_vocabulary: bool = False
    path: str | None = None
    aliases: dict[str, str] = field(default_factory=dict, compare=False)  # folded translated name -> name

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {fold(c.name): c for c in self.cards})
        object.__setattr__(self, "_limits", {})  # name -> hand_limit_changes(name): a cache
        object.__setattr__(self, "_keys", {})  # name -> key(name): a cache

    def find(self, name: str) -> Card | None:
        """The card called ``name`` (any case or accents, or a translated name)."""
        key = fold(name)
        found = self._by_name.get(key)  # type: ignore[attr-defined]
        if found is None and key in self.aliases:
            found = self._by_name.get(fold(self.aliases[key]))  # type: ignore[attr-defined]
        return found

    def key(self, name: str) -> str:
        """The folded set name of the card called ``name`` (a translated name too), else ``name``
        folded: how the game state files cards by name. Remembered: the rules ask for the same
        few names at nearly every move."""
        found = self._keys.get(name)  # type: ignore[attr-defined]
        if found is None:
            if len(self._keys) >= _CACHED_NAMES:  # type: ignore[attr-defined]  # logs from strangers: bounded
                self._keys.clear()  # type: ignore[attr-defined]
            card = self.find(name)
            found = self._keys[name] = fold(card.name if card else name)  # type: ignore[attr-defined]
        return found

    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    @cached_property
    def lowers_hand_limit(self) -> bool:
        """Whether any card of the set can lower the hand limit: if none does, a hand no larger
        than the profile's limit is within it, whatever the Sanctum holds (T4, checked at every
        turn's end without working the limit out)."""
        return any(amount < 0 for card in self.cards for _, amount in card.hand_limit_changes)

    def hand_limit_changes(self, name: str) -> tuple[tuple[tuple[str, int], ...], str | None]:
        """(:attr:`Card.hand_limit_changes`, kind) of the card called ``name`` (nothing for an
        unknown name). The hand limit is worked out at every turn's end for each card in the
        player's Sanctum: looked up by the name as the card in play has it, once per name."""
        found = self._limits.get(name)  # type: ignore[attr-defined]
        if found is None:
            if len(self._limits) >= _CACHED_NAMES:  # type: ignore[attr-defined]
                self._limits.clear()  # type: ignore[attr-defined]
            card = self.find(name)
            found = self._limits[name] = (card.hand_limit_changes, card.kind) if card else ((), None)  # type: ignore[attr-defined]
        return found


@dataclass(frozen=True)
class TranslationEntry:
    kind: str
    name: str  # the card's name in the set
    translated: str
    text: str | None = None
    pos: Pos = field(default=Pos(), compare=False)
    manuals: tuple[str, ...] = ()  # the card's manual "..." texts, in order
    fingerprint: str | None = None  # of the base card when it was translated (cards_exchange.fingerprint)


@dataclass(frozen=True)
class Translation:
    of: str  # path of the set, relative to the translation file
    language: str
    entries: tuple[TranslationEntry, ...]
    path: str | None = None

    def name_of(self, card_name: str) -> str | None:
        from gtcli.core.text import fold

        key = fold(card_name)
        return next((e.translated for e in self.entries if fold(e.name) == key), None)

    def text_of(self, card_name: str) -> str | None:
        from gtcli.core.text import fold

        key = fold(card_name)
        return next((e.text for e in self.entries if fold(e.name) == key), None)

    def entry(self, card_name: str) -> TranslationEntry | None:
        key = fold(card_name)
        return next((e for e in self.entries if fold(e.name) == key), None)
