"""A card as people see it, in one language: the one model every card display uses.

``gt cards show`` (table and panel), ``gt cards render`` (the printable sheet) and their
JSON all print :class:`CardView` objects built here, so a card reads the same wherever it
appears: its kind and type or category in the chosen language, its translated name and
text (a translation's, where one exists), its cost, base points and Spell slots, its copies
as a count, and its effects as rules text (:mod:`gtcli.grand_tribunal.lang.cards.text`).

Where a translation lacks a card's text or manual effect text, the set's own words are
shown marked "(not translated)" in the sheet's language, never silently mixed in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import did_you_mean, fold
from gtcli.grand_tribunal.lang.cards.format import Writer
from gtcli.grand_tribunal.lang.cards.text import any_word, count_phrase, noun, rules_text, untranslated
from gtcli.grand_tribunal.rules.cards import ANY, Card, CardSet, Effect, Translation


@dataclass(frozen=True)
class CardView:
    kind: str  # item | spell | resource
    kind_label: str  # "Objet"
    name: str  # in the chosen language where translated
    original: str  # the name in the set
    what: str | None  # the item type or spell category, in the chosen language
    cost: int | None  # advance cost (Items), 2 (Spells), None (Resources)
    base: int | None
    slots: tuple[str, ...]  # slot categories in the chosen language ("any" as that language says it)
    copies: int
    text: str | None  # the card's own words (translated, or marked as not translated)
    rules: tuple[str, ...]  # one sentence per effect
    effects: str  # the effects in the card-set language, keywords in the chosen language

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "kind_label": self.kind_label, "name": self.name, "original": self.original,
                "what": self.what, "cost": self.cost, "base": self.base, "slots": list(self.slots),
                "copies": self.copies, "text": self.text, "rules": list(self.rules), "effects": self.effects}


@dataclass(frozen=True)
class SetView:
    name: str
    language: str
    translated: bool
    cards: tuple[CardView, ...]
    copies: int

    @property
    def summary(self) -> str:
        """ "43 cards, 48 copies" in the view's language. """
        return count_phrase(len(self.cards), self.copies, self.language)

    def to_json(self) -> dict[str, Any]:
        return {"set": self.name, "language": self.language, "translated": self.translated,
                "count": {"cards": len(self.cards), "copies": self.copies},
                "cards": [c.to_json() for c in self.cards]}


def set_counts(card_set: CardSet) -> tuple[int, int]:
    """(cards, copies): the two numbers every command gives for a set's size."""
    return len(card_set.cards), sum(c.copies for c in card_set.cards)


def _with_manual(effects: tuple[Effect, ...], texts: list[str]) -> tuple[Effect, ...]:
    """The effects with their manual texts replaced, in order (for the DSL shown in JSON)."""
    left = list(texts)
    out = []
    for effect in effects:
        steps = tuple(replace(s, text=left.pop(0)) if s.op == "manual" and left else s for s in effect.steps)
        out.append(replace(effect, steps=steps))
    return tuple(out)


def card_view(card: Card, card_set: CardSet, lang: str, translation: Translation | None = None) -> CardView:
    foreign = lang != card_set.language
    entry = translation.entry(card.name) if translation else None

    def words(own: str, translated: str | None) -> str:
        if translated and translated.strip():
            return translated
        return untranslated(own, lang) if foreign else own

    text = words(card.text, entry.text if entry else None) if card.text else None
    done = list(entry.manuals) if entry else []
    manual = [words(own, done[i] if i < len(done) else None) for i, own in enumerate(card.manual_texts())]
    writer = Writer(lang)

    def display(key: str) -> str:
        return any_word(lang) if key == ANY else card_set.vocabulary.display(key, lang)

    what = card.type or card.category
    return CardView(
        kind=card.kind, kind_label=noun(card.kind, lang).one,
        name=(entry.translated if entry and entry.translated.strip() else card.name), original=card.name,
        what=display(what) if what else None, cost=card.cost, base=card.base,
        slots=tuple(display(s) for s in card.slots), copies=card.copies, text=text,
        rules=tuple(rules_text(card, lang, manual)),
        effects="\n".join(writer.effect(e).strip() for e in _with_manual(card.effects, manual)),
    )


def set_view(card_set: CardSet, lang: str, translation: Translation | None = None) -> SetView:
    cards = tuple(card_view(c, card_set, lang, translation) for c in card_set.cards)
    return SetView(card_set.name, lang, translation is not None, cards, set_counts(card_set)[1])


def find_card(view: SetView, query: str, path: str | None = None) -> CardView:
    """The card called ``query`` in the set's or the view's language (no case, no accents)."""
    key = fold(query)
    for card in view.cards:
        if key in (fold(card.name), fold(card.original)):
            return card
    names = [c.name for c in view.cards] + [c.original for c in view.cards]
    raise InputError(Diagnostic("CARD020", f"the set {view.name!r} has no card named {query!r}", path=path,
                                hint=did_you_mean(query, names) or "`gt cards show SET` lists every card"))
