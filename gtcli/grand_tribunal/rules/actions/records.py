"""What a log records beside the moves: naming an unknown card (K4), a Vis change with its source (V4)."""

from __future__ import annotations

from gtcli.core.text import did_you_mean
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.cards import definition, name_card
from gtcli.grand_tribunal.rules.actions.vis import gain, pay


def name(ref, player: str, m: L.NameCard) -> None:
    """K4: an unknown card is named once it is known."""
    card_id = ref.state.handles.get(m.handle)
    if card_id is None:
        ref.error("K4", f"no card has the handle {m.handle}", m.pos, did_you_mean(m.handle, ref.state.handles))
        return
    name_card(ref, ref.state.cards[card_id], m.name, m.pos)

def vis(ref, player: str, m: L.VisChange) -> None:
    """V4: a recorded Vis change (a manual effect's result) names where the Vis comes from."""
    s = ref.state
    if m.amount > 0:
        if m.direction != "from":
            ref.error("V4", f"{player} gains {m.amount} Vis from nowhere: a gain names its source", m.pos,
                      f"vis +{m.amount} from regio | PLAYER | \"Card\"")
            return
        if m.party_kind == "player":
            giver = ref.player(m.party or "", "V4")
            if giver:
                pay(ref, giver, m.amount, m.pos, f"giving {player} {m.amount} Vis", to=player)
            return
        if m.party_kind == "card":
            card = ref.card_set.find(m.party or "")
            if card is None:
                definition(ref, m.party or "", m.pos)
                return
            ref.note("K5", f"{m.amount} Vis from {card.name!r} taken as recorded", m.pos)
        gain(ref, player, m.amount, m.pos, m.party or "the Regio")
    elif m.amount < 0:
        to = None
        if m.direction == "to" and m.party_kind == "player":
            to = ref.player(m.party or "", "V4")
        pay(ref, player, -m.amount, m.pos, "the recorded loss", to=to)
