"""The log's setup section: starting hands, face-up rows, Vis, trackers, first Praeco (S2-S6)."""

from __future__ import annotations

from gtcli.core.text import fold
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.cards import new_card
from gtcli.grand_tribunal.rules.state import HAND, ROW
from gtcli.grand_tribunal.rules.tribunal import draw_order

ROW_SIZE = 3

HAND_SIZE = 5

def setup(ref, setup: L.Setup | None) -> None:
    """S2-S6 from the log's setup section; whatever it leaves out is unknown (K4)."""
    s = ref.state
    seen: set[str] = set()
    if setup is not None:
        for word, cards in _in_draw_order(ref, setup):
            player = ref.player(word, "S1")
            if player is None:
                continue
            if player in seen:
                ref.error("S3", f"{player}'s starting hand is given twice", word.pos)
                continue
            seen.add(player)
            made = [new_card(ref, None, c, player, HAND) for c in cards]
            if len(made) != HAND_SIZE:
                ref.error("S3", f"{player} starts with {len(made)} cards; a starting hand is exactly {HAND_SIZE}",
                          word.pos)
            kinds = {c.deck for c in made}
            if None in kinds and not {"item", "spell"} <= kinds:
                ref.unverified_once("S3", "starting hands with unknown cards (at least one Item and one Spell)",
                                    word.pos)
            else:
                for needed in ("item", "spell"):
                    if needed not in kinds:
                        ref.error("S3", f"{player}'s starting hand has no {needed.capitalize()}", word.pos,
                                  "each player is dealt one Item and one Spell")
        for deck, cards, pos in setup.rows:
            if deck == "resource":
                ref.error("S4", "Resources have no face-up row", pos)
                continue
            if s.rows[deck]:
                ref.error("S4", f"the face-up {deck}s are given twice", pos)
                continue
            if len(cards) != ROW_SIZE:
                ref.error("S4", f"{len(cards)} face-up {deck}s; the setup turns up {ROW_SIZE}", pos)
            s.rows[deck] = [new_card(ref, deck, c, None, ROW, face_up=True).id for c in cards]
        for word, vis in setup.vis:
            player = ref.player(word, "S2")
            if player and vis != ref.profile.starting_vis:
                ref.error("S2", f"{player} starts with {vis} Vis; every player starts with "
                          f"{ref.profile.starting_vis}", word.pos)
            if player:
                s.players[player].vis = vis
        if setup.trackers is not None:
            a, b, pos = setup.trackers
            if (a, b) != (1, 1):
                ref.error("S5", f"the trackers start on spaces {a} and {b}; both start on the first space", pos)
        if setup.praeco is not None:
            s.next_first_praeco = ref.player(setup.praeco, "S6")
    for player in ref.seats:
        if player not in seen:
            for _ in range(HAND_SIZE):
                s.new_card(None, None, None, player, HAND)
    for deck in ("item", "spell"):
        while len(s.rows[deck]) < ROW_SIZE:
            s.rows[deck].append(None)
    if setup is None or len(seen) < len(ref.seats):
        ref.unverified_once("K4", "starting hands not recorded in the setup", setup.pos if setup else None)

def _in_draw_order(ref, setup: L.Setup) -> list:
    """S3: the starting hands in the order the players drew (from the dealer, per the profile).

    With no dealer the log's order is kept. With one, a card drawn beyond its copies (K2)
    is reported on the hand of the player who drew later, who could not have drawn it.
    """
    if setup.dealer is None:
        return list(setup.hands)
    dealer = ref.player(setup.dealer, "S3")
    if dealer is None:
        return list(setup.hands)
    order = draw_order(ref.seats, dealer, ref.profile)
    rank = {fold(p): n for n, p in enumerate(order)}
    return sorted(setup.hands, key=lambda hand: rank.get(fold(hand[0].text), len(order)))
