"""The effect primitives a card set may use, in one table.

The card-set checker, the reference page (docs/cards.md) and the rules interpreter all
read this table, so a primitive is defined in exactly one place.
"""

from __future__ import annotations

from dataclasses import dataclass

# Kinds of named choices an effect may declare ("choose $target player").
CHOICE_KINDS = ("player", "space", "card", "item", "spell")
CARD_KINDS = ("item", "spell", "resource")
TRIGGERS = ("on cast", "on play", "while active", "while in vault")
CONTINUOUS = ("while active", "while in vault")
TRIGGER_FOR_KIND = {"spell": "on cast", "resource": "on play"}


@dataclass(frozen=True)
class Primitive:
    op: str
    syntax: str
    meaning: str
    ref_kinds: tuple[str, ...] = ()  # choice kinds its card/space references accept
    continuous: bool = False  # allowed under "while active" / "while in vault"
    max_amount: int = 20


PRIMITIVES: dict[str, Primitive] = {
    p.op: p
    for p in (
        Primitive("gain", "gain N vis", "The player takes N Vis from the Regio (V2 applies if it runs short)."),
        Primitive("take", "take N vis from $player | others",
                  "The player takes N Vis from the chosen player, or N from each other player; "
                  "a player with less gives what they have.", ("player",)),
        Primitive("pay", "pay N vis [to $player | others]",
                  "The player pays N Vis to the Regio, or to the chosen player, or N to each other player. "
                  "Paying more than one has is illegal (V1).", ("player",)),
        Primitive("draw", "draw N item|spell|resource [face-up] to hand|sanctum",
                  "The player draws N cards from that deck (face-up: from the face-up row, refilled "
                  "at once) into the hand or the Sanctum."),
        Primitive("place_votes", "place N votes on $space[, $space...] [different]",
                  "N Voting tokens go from the Concilium onto the chosen spaces; with `different` every "
                  "space must differ. One reference per token.", ("space",)),
        Primitive("move_votes", "move N votes from $space to $space",
                  "N Voting tokens move from one chosen space to another.", ("space",)),
        Primitive("remove_votes", "remove N votes from $space",
                  "N Voting tokens go back from the chosen space to the Concilium.", ("space",)),
        Primitive("extra_actions", "extra actions N [different]",
                  "The player takes N more actions this turn; with `different` they must differ from each "
                  "other and from those already taken (Longevity Potion)."),
        Primitive("extra_turn", "extra turn", "The player takes a whole further turn after this one."),
        Primitive("hand_limit", "hand limit +N | -N",
                  "The player's hand limit (T4) changes by N while the effect lasts.", continuous=True),
        Primitive("put_vis", "put N vis on $card | this",
                  "N Vis go from the player's store onto the chosen inactive card of theirs in their own "
                  "Sanctum.",
                  ("card", "item", "spell")),
        Primitive("activate", "activate $card | this",
                  "The chosen card of theirs becomes active at once, whatever Vis is on it; that Vis returns "
                  "to the Regio.", ("card", "item", "spell")),
        Primitive("burn", "burn $item",
                  "The chosen Item is destroyed: it goes to the discard pile with its installed Spells, and its "
                  "Vis returns to the Regio.", ("item",)),
        Primitive("transmute", "transmute $item",
                  "The chosen inactive Item is discarded and the top Item of the deck takes its place in the "
                  "Sanctum, keeping its Vis (Item's Transmutation).", ("item",)),
        Primitive("redraw", "redraw N",
                  "The player discards up to N cards from the hand and draws each replacement from the deck "
                  "it came from (Chirurgeon's Touch)."),
        Primitive("manual", 'manual "text"',
                  "What the primitives cannot say. A log records the results of a manual effect and the "
                  "checker takes them as written, reporting them as manual (K5).", continuous=True),
    )
}
