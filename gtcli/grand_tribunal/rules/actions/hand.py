"""The hand: cards into the Sanctum (T3) and discarding down to the limit (T4)."""

from __future__ import annotations

from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.cards import find, find_quietly
from gtcli.grand_tribunal.rules.state import DISCARD, HAND, INSTALLED, SANCTUM


def to_sanctum(ref, player: str, m: L.ToSanctum) -> None:
    """T3: cards go from the hand face down into the Sanctum (not an action)."""
    for cref in m.cards:
        in_hand = find_quietly(ref, cref, (HAND,), player)
        if in_hand is not None and in_hand.owner == player and not cref.handle:
            card = in_hand  # what find() gives: the player's first card of that name in hand
        else:
            mine = find_quietly(ref, cref, (SANCTUM, INSTALLED), player)
            if mine is not None and mine.owner == player:
                ref.error("T3", f"{mine.label()} is already in {player}'s Sanctum; cards never go back to the hand",
                          cref.pos)
                continue
            card = find(ref, player, cref, (HAND,), "putting it into the Sanctum")
        if card is not None:
            card.zone, card.face_up = SANCTUM, False

def discard(ref, player: str, m: L.Discard) -> None:
    """T4: discarding from the hand, down to the hand limit, and only while over it.

    The sheets: "discard down to your maximum hand size if you're currently over it". Each
    card is checked as it goes: a discard that takes the hand below the limit, or one made
    while the hand is not over it, breaks T4 (the card is still discarded, as the log says).
    """
    s = ref.state
    for cref in m.cards:
        card = find(ref, player, cref, (HAND,), "discarding")
        if card is None:
            continue
        hand, limit = len(s.cards_of(player, HAND)), s.hand_limit(player)
        if hand <= limit:
            ref.error("T4", f"{player} has {hand} card(s) in hand and the limit is {limit}: discarding "
                      f"{card.label()} takes the hand below the limit", cref.pos,
                      "a player discards only while over the hand limit, down to it, at the end of the turn")
        card.move_to(DISCARD, None)
