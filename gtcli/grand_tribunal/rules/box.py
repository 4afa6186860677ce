"""Does a transcribed card set fit the box? (``gt cards check --box``)

Groups transcribe their own copy of the cards (the list is not public). What is public is
the box's composition, two decks of 55 cards that the players sort into the Item, Spell and
Resource decks plus the Reference cards, and a handful of card names from the publisher's
errata and the box text (``cards/published.toml``). This check holds a transcription to
those facts; it is optional, since invented or house sets need not fit any box.
"""

from __future__ import annotations

from dataclasses import dataclass

from gtcli.core.diagnostics import ERROR, WARNING, Diagnostic, Pos
from gtcli.core.text import fold
from gtcli.grand_tribunal.rules.cards import CardSet

BOX_CARDS = 2 * 55  # components: "2 decks of 55 cards each"
REFERENCE_CARDS = 5  # at least one Reference card per player, up to five players (Decision)
ROW = 3  # face-up Items and Spells (S4)


@dataclass(frozen=True)
class PublishedCard:
    """A card whose name (and kind, type or category) is public."""

    name: str
    kind: str | None = None
    type: str | None = None
    category: str | None = None
    source: str = ""


def check_box(card_set: CardSet, published: tuple[PublishedCard, ...], max_players: int = 5,
              where: Pos | None = None) -> list[Diagnostic]:
    """CARD021 (the count), CARD022 (decks big enough to set up) and CARD023 (public names)."""
    where = where or Pos(card_set.path)  # about the whole set
    found: list[Diagnostic] = []

    def report(code: str, message: str, pos: Pos | None, hint: str | None, severity: str) -> None:
        found.append(Diagnostic.at_pos(code, message, pos or where, hint, severity))

    total = sum(c.copies for c in card_set.cards)
    room = BOX_CARDS - REFERENCE_CARDS
    if total > room:
        report("CARD021", f"the set holds {total} cards, but the box has {BOX_CARDS} cards, at least "
               f"{REFERENCE_CARDS} of them Reference cards: at most {room} game cards", None,
               "check the copies counts", ERROR)
    elif total < room:
        report("CARD021", f"the set holds {total} cards; the box has room for up to {room} game cards "
               f"({BOX_CARDS} with at least {REFERENCE_CARDS} Reference cards): {room - total} are not "
               "transcribed yet, or are Reference cards", None, None, WARNING)
    per_deck = {kind: sum(c.copies for c in card_set.cards if c.kind == kind) for kind in ("item", "spell", "resource")}
    need = {"item": ROW + max_players, "spell": ROW + max_players, "resource": 1}
    for kind, count in per_deck.items():
        if count < need[kind]:
            why = (f"{ROW} face up and one dealt to each of {max_players} players" if kind != "resource"
                   else "the deck of A7")
            report("CARD022", f"the {kind} deck holds {count} card(s); setting up a game needs at least "
                   f"{need[kind]} ({why})", None, None, WARNING)
    for public in published:
        card = card_set.find(public.name)
        if card is None:
            continue
        expected = [(what, want, have) for what, want, have in (
            ("kind", public.kind, card.kind), ("item type", public.type, card.type),
            ("spell category", public.category, card.category)) if want and fold(want) != fold(have or "")]
        for what, want, have in expected:
            report("CARD023", f'"{card.name}" has the {what} {want} in the published game ({public.source}); '
                   f"this set gives {have or 'none'}", card.pos, None, ERROR)
    return found
