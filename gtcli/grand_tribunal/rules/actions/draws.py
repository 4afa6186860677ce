"""Drawing an Item, a Spell or a Resource: from a face-up row or a deck (A2, A7, X2, X3)."""

from __future__ import annotations

import difflib

from gtcli.core.text import fold
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.cards import canonical, definition, name_card, new_card
from gtcli.grand_tribunal.rules.actions.slots import spend
from gtcli.grand_tribunal.rules.state import HAND, ROW, SANCTUM


def draw(ref, player: str, m: L.Draw) -> None:
    """A2 (an Item or Spell, face up from the row or from the deck) and A7 (a Resource)."""
    s = ref.state
    if m.deck == "resource":
        spend(ref, player, "draw resource", m.pos)
        if m.face_up:
            ref.error("A7", "Resources have no face-up row: they are drawn from the deck", m.pos)
    else:
        spend(ref, player, "draw", m.pos)
    zone = SANCTUM
    if m.zone == HAND:
        if "X2" not in ref.variants:
            ref.error("X2", "drawn cards go to the Sanctum; drawing to the hand needs the hand-or-sanctum "
                      "variant (X2)", m.pos)
        zone = HAND
    if m.face_up and m.deck in s.rows:
        if m.card.name is None and "X3" not in ref.variants:
            ref.error("X3", "a face-up card is public: name it; keeping it secret needs the secret-cards "
                      "variant (X3)", m.card.pos)
        take_from_row(ref, player, m, zone)
        return
    card = new_card(ref, m.deck, m.card, player, zone)
    card.face_up = False

def face_up_in(ref, zone: str) -> bool:
    """A card taken from a face-up row lies face up, unless X3 sends it face down to the Sanctum."""
    return not ("X3" in ref.variants and zone == SANCTUM)

def take_from_row(ref, player: str, m: L.Draw, zone: str) -> None:
    s = ref.state
    row = s.rows[m.deck]
    if m.card.name and _wrong_name(ref, player, m, zone):
        return
    key = canonical(ref, m.card.name)
    index = next((i for i, cid in enumerate(row) if cid and s.cards[cid].name and fold(s.cards[cid].name) == key),
                 None)
    if index is None and m.card.handle and m.card.name is None:
        # kept secret (X3): which face-up card it was cannot be checked
        index = next((i for i, cid in enumerate(row) if cid is not None), 0)
        ref.unverified_once("X3", "which face-up card a secret draw took", m.card.pos)
        cid = row[index]
        if cid is not None:
            card = s.cards[cid]
            card.move_to(zone, player)
            card.face_up = False
            card.secret_draw = True  # the row's first card stands for the one taken, until it is named
            if card.handle is None:
                card.handle = m.card.handle
                s.handles[m.card.handle] = card.id
        else:
            new_card(ref, m.deck, m.card, player, zone)
        refill = new_card(ref, m.deck, m.refill, None, ROW, face_up=True, wrong_deck="A2") if m.refill else None
        row[index] = refill.id if refill else None
        return
    if index is None:
        unknown = [i for i, cid in enumerate(row) if cid is None or s.cards[cid].name is None]
        if unknown:
            ref.unverified_once("K4", "face-up cards that the log did not record", m.pos)
            index = unknown[0]
        else:
            shown = ", ".join(s.cards[cid].label() for cid in row if cid)
            ref.error("A2", f"{m.card.label()} is not among the face-up {m.deck}s ({shown})", m.card.pos)
            new_card(ref, m.deck, m.card, player, zone, count_copies=False)
            return
    _take(ref, player, m, zone, index)

def _take(ref, player: str, m: L.Draw, zone: str, index: int) -> None:
    """The row's card at ``index`` goes to the player; the log's refill takes its place."""
    s = ref.state
    row = s.rows[m.deck]
    cid = row[index]
    if cid is None:
        card = new_card(ref, m.deck, m.card, player, zone, face_up=face_up_in(ref, zone))
    else:
        card = s.cards[cid]
        if card.name is None and m.card.name:
            name_card(ref, card, m.card.name, m.card.pos)
        card.move_to(zone, player)
        card.face_up = face_up_in(ref, zone)
    refill = new_card(ref, m.deck, m.refill, None, ROW, face_up=True, wrong_deck="A2") if m.refill else None
    if m.refill is None:
        ref.unverified_once("K4", "face-up rows refilled without the log naming the new card", m.pos)
    row[index] = refill.id if refill else None

def _wrong_name(ref, player: str, m: L.Draw, zone: str) -> bool:
    """A face-up draw of a name the set lacks (or of another deck): one K1, then repaired.

    The scorekeeper's repair: the row's card whose name is closest was meant; with none
    close, the player took an unknown card and the row is left as it was.
    """
    found = ref.card_set.find(m.card.name or "")
    if found is not None and found.kind == m.deck:
        return False
    definition(ref, m.card.name or "", m.card.pos, m.deck)
    s = ref.state
    row = s.rows[m.deck]
    names = {fold(s.cards[cid].name): i for i, cid in enumerate(row) if cid and s.cards[cid].name}
    close = difflib.get_close_matches(fold(m.card.name or ""), list(names), n=1, cutoff=0.6)
    if close and found is None:
        _take(ref, player, m, zone, names[close[0]])
    else:
        s.new_card(m.deck, None, None, player, zone)
    return True
