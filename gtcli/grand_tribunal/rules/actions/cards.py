"""Cards in play: which card a move names, a card entering play, naming a card known by its handle (K1-K4)."""

from __future__ import annotations

from collections.abc import Callable

from gtcli.core.diagnostics import Pos
from gtcli.core.text import article, did_you_mean, fold
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.cards import Card
from gtcli.grand_tribunal.rules.state import DISCARD, HAND, INSTALLED, ROW, SANCTUM, CardInPlay

ZONE_WORDS = {HAND: "hand", SANCTUM: "Sanctum", INSTALLED: "installed under an Item", DISCARD: "discard pile",
              ROW: "face-up row"}

# "The card is not where the log says": one code per zone (docs/rules.md, K1). A card in a
# player's hand, Sanctum or under an Item is K1 (the rule K1 names those zones); the
# face-up rows are A2's; a card in a discard pile is out of play until the next Tribunal (K3);
# an unknown handle is K4. A card moved to the Sanctum that is already there is T3's.
ZONE_CODES = {HAND: "K1", SANCTUM: "K1", INSTALLED: "K1", ROW: "A2", DISCARD: "K3"}

# A card of another deck than the one it comes from (docs/rules.md, "One situation, one code"):
# a draw's card is K1; a face-up row's refill is A2 (the row is refilled from its own deck); a
# card an effect draws (draw, redraw, transmute) is K5 (the effect runs as its set defines it).
WRONG_DECK_HINTS = {"A2": "a face-up row is refilled at once from the top of its own deck",
                    "K5": "an effect draws from the deck its card names (redraw: the deck each discarded "
                          "card came from)"}

def definition(ref, name: str, pos: Pos, deck: str | None = None, wrong_deck: str = "K1") -> Card | None:
    """K1: the card named ``name`` in the game's set; of the right deck, else ``wrong_deck``."""
    card = ref.card_set.find(name)
    if card is None:
        ref.error("K1", f"the card set has no card named {name!r}", pos, did_you_mean(name, ref.card_set.names()))
        return None
    if deck and card.kind != deck:
        ref.error(wrong_deck, f"{card.name!r} is {'an' if card.kind == 'item' else 'a'} {card.kind}, "
                  f"not from the {deck} deck", pos, WRONG_DECK_HINTS.get(wrong_deck))
    return card

def name_card(ref, card: CardInPlay, name: str, pos: Pos, count_copies: bool = True,
              wrong_deck: str = "K1") -> None:
    """K4: a card known by its handle is named; K1/K2/K3 run now that its identity is known.

    ``count_copies=False`` when another finding already explains the card (it was not in a
    face-up row, A2): one situation, one code. A handle named as a card of another deck is
    K4 (the hidden card's identity), not K1 (the set has that card).
    """
    found = ref.card_set.find(name) if card.handle else None
    if found is not None and card.deck and found.kind != card.deck:
        ref.error("K4", f"{card.handle} is {article(card.deck)} {card.deck.capitalize()}; {found.name!r} is "
                  f"{article(found.kind)} {found.kind.capitalize()}", pos,
                  "name a hidden card by what it turns out to be, a card of the deck it came from")
        return
    found = definition(ref, name, pos, card.deck, wrong_deck)
    if found is None:
        return
    if card.name and fold(card.name) != fold(found.name):
        if not _secret_swap(ref, card, found.name):
            ref.error("K4", f"{card.handle} was already named {card.name!r}", pos)
        return
    if count_copies and card.name is None and ref.state.in_play(found.name) >= found.copies:
        live = ref.state.live_named(found.name)
        if any(c.zone == DISCARD for c in live):
            ref.error("K3", f"{found.name!r} was discarded and is out of play until the next Tribunal", pos,
                      "cast Spells and played Resources go to the discard pile; it is shuffled back into its "
                      "deck when the next Tribunal begins")
        else:
            ref.error("K2", f"all {found.copies} copies of {found.name!r} are already in play", pos)
    ref.state.set_name(card, found.name)
    card.deck = found.kind

def _secret_swap(ref, card: CardInPlay, name: str) -> bool:
    """X3: a card a secret draw took from a face-up row is named as another card still in that
    row: that one was taken, and the card assumed taken is the one still lying there."""
    if not card.secret_draw:
        return False
    s = ref.state
    key = fold(name)
    other = next((s.cards[cid] for cid in s.rows.get(card.deck or "", ()) if cid is not None
                  and s.cards[cid].name and fold(s.cards[cid].name) == key), None)
    if other is None:
        return False
    old = card.name
    s.set_name(card, other.name)
    s.set_name(other, old)
    card.secret_draw = False
    return True

def new_card(ref, deck: str | None, cref: L.CardRef, owner: str | None, zone: str, face_up: bool = False,
             count_copies: bool = True, wrong_deck: str = "K1") -> CardInPlay:
    """A card entering play (dealt or drawn): named, unknown (K4), or both; ``wrong_deck`` is the
    code of a card of another deck (:data:`WRONG_DECK_HINTS`)."""
    s = ref.state
    if cref.handle and cref.handle in s.handles:
        ref.error("K4", f"the handle {cref.handle} is already used for another card", cref.pos,
                  "give each unknown card its own handle")
    if cref.name and not cref.handle:  # a card named as it enters play, with nothing to report: made named
        found = ref.card_set.find(cref.name)
        if found is not None and (not deck or found.kind == deck) \
                and not (count_copies and s.in_play(found.name) >= found.copies):
            return s.new_card(found.kind, found.name, None, owner, zone, face_up)
    card = s.new_card(deck, None, cref.handle, owner, zone, face_up)
    if cref.name:
        name_card(ref, card, cref.name, cref.pos, count_copies, wrong_deck)
    return card

def find(ref, player: str | None, cref: L.CardRef, zones: tuple[str, ...], what: str,
         prefer: Callable[[CardInPlay], bool] | None = None, owner_any: bool = False) -> CardInPlay | None:
    """The card a move names, among ``player``'s cards in ``zones``; else one finding (:data:`ZONE_CODES`)."""
    s = ref.state
    if cref.handle:
        card_id = s.handles.get(cref.handle)
        if card_id is None:
            ref.error("K4", f"no card has the handle {cref.handle}", cref.pos,
                      did_you_mean(cref.handle, s.handles) or "an unknown card gets its handle when it is drawn")
            return None
        card = s.cards[card_id]
        if cref.name:
            name_card(ref, card, cref.name, cref.pos)
        candidates = [card]
    else:
        key = ref.card_set.key(cref.name or "")  # canonical()
        candidates = s.live_named(key)  # the cards asked for are in play: those out of it come in below
        if not candidates and not s.ever_named(key) and ref.card_set.find(cref.name or "") is None:
            definition(ref, cref.name or "", cref.pos)
            return None
    first = None  # of the cards it may be, the first that ``prefer`` likes, else the first
    for c in candidates:
        if (owner_any or c.owner == player) and c.zone in zones:
            if prefer is None or prefer(c):
                return c
            if first is None:
                first = c
    if first is not None:
        return first
    if not cref.handle:  # a finding: it may name cards out of the game (reshuffled after a Tribunal)
        candidates = s.named(key)
    if DISCARD not in zones and candidates and all(c.zone in (DISCARD, "gone") for c in candidates):
        ref.error(ZONE_CODES[DISCARD], f"{cref.label()} was discarded and is out of play until the next Tribunal", cref.pos,
                  "cast Spells and played Resources go to the discard pile")
        return None
    where = next((c for c in candidates if c.owner == player), None)
    detail = f" (it is in the {ZONE_WORDS.get(where.zone, where.zone)})" if where else ""
    whose = "" if owner_any else f"{player} has "
    place = " or ".join(ZONE_WORDS.get(z, z) for z in zones)
    code = ZONE_CODES[zones[0]]
    if owner_any:
        ref.error(code, f"no {cref.label()} in any {place}{detail}", cref.pos)
    else:
        ref.error(code, f"{whose}no {cref.label()} in the {place}{detail}", cref.pos,
                  f"{what} needs the card there")
    return None

def canonical(ref, name: str | None) -> str:
    """The folded set name for a name as a log wrote it (translated names included)."""
    return ref.card_set.key(name or "")

def find_quietly(ref, cref: L.CardRef, zones: tuple[str, ...], player: str) -> CardInPlay | None:
    """The card in ``zones`` that ``cref`` names: ``player``'s own if any, else anyone's; reports nothing."""
    s = ref.state
    if cref.handle:
        card = s.cards.get(s.handles.get(cref.handle, 0))
        return card if card and card.zone in zones else None
    matches = [c for c in s.live_named(ref.card_set.key(cref.name or "")) if c.zone in zones]  # canonical()
    for c in matches:
        if c.owner == player:
            return c
    return matches[0] if matches else None

def cost_of(ref, card: CardInPlay) -> int | None:
    d = ref.state.card_def(card)
    return d.cost if d else None
