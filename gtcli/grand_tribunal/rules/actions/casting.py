"""The moves that run a card's effect: casting a Spell (A6) and playing a Resource (A8)."""

from __future__ import annotations

from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.cards import find
from gtcli.grand_tribunal.rules.actions.slots import spend
from gtcli.grand_tribunal.rules.actions.vis import pay
from gtcli.grand_tribunal.rules.effects_run import run_effect
from gtcli.grand_tribunal.rules.state import DISCARD, INSTALLED, SANCTUM


def cast(ref, player: str, m: L.Cast) -> None:
    """A6: take an installed Spell off its Item, apply its effect, discard it or pay 2 to keep it."""
    s = ref.state
    spend(ref, player, "cast", m.pos)
    item = find(ref, player, m.item, (SANCTUM,), "casting from it")
    spell = find(ref, player, m.spell, (INSTALLED,), "casting")
    if spell is None or item is None:
        return
    if spell.host != item.id:
        host = s.cards.get(spell.host or 0)
        ref.error("A6", f"{spell.label()} is installed under {host.label() if host else 'another Item'}, "
                  f"not {item.label()}", m.pos)
    spell.zone, spell.host = SANCTUM, None
    run_effect(ref, player, spell, "on cast", m.outcome, m.pos)
    if m.keep:
        pay(ref, player, 2, m.pos, "keeping the cast Spell")
        spell.active, spell.vis, spell.face_up = False, 0, True
    else:
        spell.move_to(DISCARD, None)

def play(ref, player: str, m: L.Play) -> None:
    """A8: turn a Resource of the Sanctum face up, apply it, discard it (free with X4)."""
    spend(ref, player, "play", m.pos)
    card = find(ref, player, m.card, (SANCTUM,), "playing")
    if card is None:
        return
    if card.deck not in ("resource", None):
        ref.error("A8", f"{card.label()} is not a Resource", m.pos)
        return
    run_effect(ref, player, card, "on play", m.outcome, m.pos)
    card.move_to(DISCARD, None)
