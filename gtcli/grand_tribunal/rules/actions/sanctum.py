"""Cards in the Sanctum: advancing Vis onto them (A3), activating (A4, X5), installing Spells (A5)."""

from __future__ import annotations

import difflib

from gtcli.core.diagnostics import Pos
from gtcli.core.text import fold
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.cards import cost_of, find, find_quietly
from gtcli.grand_tribunal.rules.actions.slots import spend
from gtcli.grand_tribunal.rules.actions.vis import pay
from gtcli.grand_tribunal.rules.cards import ANY
from gtcli.grand_tribunal.rules.state import INSTALLED, SANCTUM, CardInPlay


def _inactive(card: CardInPlay) -> bool:
    return not card.active


def _active(card: CardInPlay) -> bool:
    return card.active


def advance(ref, player: str, m: L.Advance) -> None:
    """A3: one Vis on each of up to three cards, or one or two Vis on a single card."""
    s = ref.state
    spend(ref, player, "advance", m.pos)
    parts = m.parts
    if len(parts) == 1 and not 1 <= parts[0][1] <= 2:
        ref.error("A3", f"advancing a single card moves 1 or 2 Vis, not {parts[0][1]}", m.pos)
    elif len(parts) > 3:
        ref.error("A3", f"advancing spreads 1 Vis over at most three cards, not {len(parts)}", m.pos)
    elif len(parts) > 1 and any(n != 1 for _, n in parts):
        ref.error("A3", "advancing several cards moves exactly 1 Vis onto each", m.pos,
                  "or 1-2 Vis onto a single card")
    cards = []
    for cref, n in m.parts:
        card = find(ref, player, cref, (SANCTUM,), "advancing", prefer=_inactive)
        if card is None:
            meant = _meant_for(ref, player, cref)
            if meant is not None:
                meant.unplaced += n
                quick_rotation(ref, meant, cref.pos)
            continue
        if card in cards:
            ref.error("A3", f"{card.label()} is advanced twice in one action", cref.pos)
            card.unplaced += n
            quick_rotation(ref, card, cref.pos)
            continue
        if card.deck == "resource":
            ref.error("A3", f"{card.label()} is a Resource: only Items and Spells are advanced", cref.pos)
            continue
        if card.active:
            ref.error("A3", f"{card.label()} is already active", cref.pos)
            continue
        cards.append(card)
        paid = pay(ref, player, n, cref.pos, lambda: f"advancing {card.label()} by {n}")
        card.vis += paid
        if paid < n:  # V1 said it: the Vis the player lacked count for the card's activation
            card.unplaced += n - paid
        cost = cost_of(ref, card)
        if cost is None:
            ref.unverified_once("K4", "costs of cards advanced while unknown", cref.pos)
        elif card.vis > cost:
            ref.warn("A3", f"{card.label()} now holds {card.vis} Vis; its cost is {cost}, so "
                     f"{card.vis - cost} Vis are wasted", cref.pos)
        quick_rotation(ref, card, cref.pos)

def _meant_for(ref, player: str, cref: L.CardRef) -> CardInPlay | None:
    """The card an Advance's part that named no card of the player's Sanctum (K1, reported) was
    a slip for: the player's inactive Item or Spell there with the closest name, if one is
    close. The Vis the part meant goes to it as *unplaced*, so that its activation is not a
    second finding of the same fault."""
    if not cref.name:
        return None
    mine = {fold(c.name): c for c in ref.state.cards_of(player, SANCTUM)
            if c.name and not c.active and c.deck in ("item", "spell")}
    close = difflib.get_close_matches(fold(cref.name), list(mine), n=1, cutoff=0.8)
    return mine[close[0]] if close else None

def make_active(ref, card: CardInPlay) -> None:
    card.vis = 0
    card.unplaced = 0
    card.active = True
    card.face_up = True

def quick_rotation(ref, card: CardInPlay, pos: Pos) -> None:
    """X5: with quick rotation on, a card whose Vis meets its cost becomes active at once.

    Called wherever Vis lands on a card (Advance, and effects that put Vis on a card or move
    it to another one), so the variant works the same whatever brought the Vis.
    """
    if "X5" not in ref.variants or card.active:
        return
    cost = cost_of(ref, card)
    if cost is not None and card.vis + card.unplaced >= cost:
        make_active(ref, card)
        card.auto_active = (ref.state.turn_serial, pos.line)

def activate(ref, player: str, m: L.Activate) -> None:
    """A4 (not an action, T5): a card whose Vis meets its cost turns active; its Vis goes back.

    ``m.player`` is set when the log says who activates (``activate Caro "X"``): in another
    player's turn, between turns, or at a Tribunal. Only the card's owner activates it.
    """
    if m.player is not None:
        player = ref.player(m.player, "T5")
        if player is None:
            return
    others = find_quietly(ref, m.card, (SANCTUM,), player)
    if others is not None and others.owner not in (player, None):
        ref.error("T5", f"{others.label()} belongs to {others.owner}: a card is made active by its owner "
                  "(at any moment, but not by another player)", m.card.pos,
                  f"record it as: activate {others.owner} {m.card.label()}")
        return
    if others is not None and others.owner == player and not others.active and not m.card.handle:
        card = others  # what find() gives: the player's first such card, an inactive one
    else:
        card = find(ref, player, m.card, (SANCTUM,), "activating", prefer=_inactive)
        if card is None:
            return
    turn_active(ref, card, m)

def turn_active(ref, card: CardInPlay, m: L.Activate) -> None:
    """A4 for the card ``m`` names (found by :func:`activate`): active if its Vis meets its cost."""
    if card.active and card.auto_active is not None:
        serial, line = card.auto_active
        card.auto_active = None
        if serial != ref.state.turn_serial:
            ref.error("X5", f"with quick rotation (X5) {card.label()} became active the moment its cost was met"
                      + (f", on line {line}" if line else "") + "; it cannot be kept inactive until now", m.pos,
                      "under X5 write the activation in the turn the cost is met, or leave it out")
        return  # the log records, in the same turn, what quick rotation did
    if card.active:
        ref.error("A4", f"{card.label()} is already active", m.pos)
        return
    if card.name is None:
        ref.error("K4", f"{card.label()} turns face up when it becomes active: name it", m.card.pos,
                  f'activate {card.handle} "Card name"')
    if card.deck == "resource":
        ref.error("A4", f"{card.label()} is a Resource: Resources are played, not activated", m.pos)
        return
    cost = cost_of(ref, card)
    if cost is not None and card.vis + card.unplaced < cost:  # short only by a refused Advance: reported there
        ref.error("A4", f"{card.label()} holds {card.vis} Vis; it needs {cost} to become active", m.pos)
        return
    make_active(ref, card)

def slots_fit(slots: tuple[str, ...], categories: list[str]) -> bool:
    """Can Spells of these categories all sit in these slots (exact ones first, then `any`)?"""
    spare_any = slots.count(ANY)
    for category in set(categories):
        overflow = categories.count(category) - slots.count(category)
        if overflow > 0:
            spare_any -= overflow
    return spare_any >= 0

def install(ref, player: str, m: L.Install) -> None:
    """A5 (free): an active Spell under an active Item with a free slot of its category."""
    s = ref.state
    spell = find(ref, player, m.spell, (SANCTUM,), "installing", prefer=_active)
    item = find(ref, player, m.item, (SANCTUM,), "installing on it", prefer=_active)
    if spell is None or item is None:
        return
    if spell.deck != "spell" or item.deck != "item":
        ref.error("A5", f"a Spell is installed under an Item, not {spell.label()} under {item.label()}", m.pos)
        return
    for card, what in ((spell, "Spell"), (item, "Item")):
        if not card.active:
            cost = cost_of(ref, card)
            if cost is not None and card.vis >= cost:
                ref.error("A5", f"the {what} {card.label()} has its cost but was never activated", m.pos,
                          f"activate {card.label()} first (cards turn active by themselves only with the "
                          "quick-rotation variant, X5)")
            else:
                ref.error("A5", f"the {what} {card.label()} is not active", m.pos)
            return
    spell_def, item_def = s.card_def(spell), s.card_def(item)
    if spell_def is None or item_def is None:
        ref.unverified_once("K4", "slots of unknown Items or Spells", m.pos)
    else:
        installed = [s.card_def(s.cards[i]) for i in s.installed_on(item.id)]
        categories = [d.category for d in installed if d and d.category] + [spell_def.category or ""]
        if not slots_fit(item_def.slots, categories):
            ref.error("A5", f"{item.label()} has no free slot for a {spell_def.category} Spell "
                      f"(slots: {', '.join(item_def.slots) or 'none'}; installed: "
                      f"{', '.join(categories[:-1]) or 'none'})", m.pos)
            return
    spell.zone, spell.host = INSTALLED, item.id
