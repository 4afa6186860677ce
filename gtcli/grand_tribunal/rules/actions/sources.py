"""Vis from the board: extracting (A9) and gathering from the uncontested and contested sources (A10-A12)."""

from __future__ import annotations

from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.slots import spend
from gtcli.grand_tribunal.rules.actions.vis import gain, pay
from gtcli.grand_tribunal.rules.board import extract_amount
from gtcli.grand_tribunal.rules.tribunal import clockwise


def extract(ref, player: str, m: L.Extract) -> None:
    """A9: the amount the sheets print (1, 1, 2), or the board profile's, from the Regio."""
    spend(ref, player, "extract", m.pos)
    tribunal = ref.state.tribunal
    amount, from_board = extract_amount(ref.board, tribunal, ref.profile.tribunals)
    if m.amount != amount:
        where = "the board profile gives" if from_board else "the rule sheets give"
        ref.error("A9", f"Extract Vis gives {amount} in Tribunal {tribunal}, not {m.amount}", m.pos,
                  f"{where} {amount}" + ("" if from_board else
                                          "; a board profile may give another amount (extract = N)"))
    gain(ref, player, m.amount, m.pos, "Extract Vis")

def _tracker_space(ref, source: str, m: L.Move, refused: bool = False) -> int | None:
    """The tracker's space index in this Tribunal's area, or None if it has left it (A12).

    ``refused``: the gather had no slot left, reported under its own code; the tracker is not
    reported again (one move, one code)."""
    s = ref.state
    index = s.trackers[source]
    area = ref.board.area(s.tribunal) if ref.board else None
    if area is None:
        ref.unverified_once("A12", "Vis Source Track values and lengths (no board profile)", m.pos)
        s.trackers[source] = index + 1
        return None
    spaces = area.uncontested if source == "uncontested" else area.contested
    if index >= len(spaces):
        if refused:
            return None
        ref.error("A12", f"the {source} tracker has left Tribunal {s.tribunal}'s area; that source cannot be "
                  "gathered from until the next Tribunal", m.pos)
        return None
    s.trackers[source] = index + 1
    return index

def _stale_space(ref, source: str):
    """What the tracker would show had it not been reset after the last Tribunal (R6)."""
    s = ref.state
    if not s.stale_trackers or s.tribunal < 2:
        return None
    area = ref.board.area(s.tribunal - 1)
    spaces = area.uncontested if source == "uncontested" else area.contested
    index = s.stale_trackers[source] + s.trackers[source] - 1
    return spaces[index] if 0 <= index < len(spaces) else None

def gather_uncontested(ref, player: str, m: L.GatherUncontested) -> None:
    """A10 (double): the gatherer takes a, every other player b; the tracker moves on."""
    s = ref.state
    refused = spend(ref, player, "gather", m.pos, "gather uncontested")  # reported there: one code per move
    index = _tracker_space(ref, "uncontested", m, refused)
    if index is not None and not refused:
        a, b = ref.board.area(s.tribunal).uncontested[index]
        if (m.mine, m.others) != (a, b):
            stale = _stale_space(ref, "uncontested")
            if stale is not None and (m.mine, m.others) == stale:
                ref.error("R6", f"the trackers moved to the first space of Tribunal {s.tribunal}'s area after "
                          f"scoring: it shows {a}:{b}, not {m.mine}:{m.others}", m.pos)
            else:
                ref.error("A10", f"the uncontested tracker's space shows {a}:{b}, not {m.mine}:{m.others}", m.pos)
    gain(ref, player, m.mine, m.pos, "the uncontested source")
    for other in ref.seats:
        if other != player:
            gain(ref, other, m.others, m.pos, "the uncontested source")

def gather_contested(ref, player: str, m: L.GatherContested) -> None:
    """A11 (double): space value + a 2-5 roll; then others may pay the fee and take a roll."""
    s = ref.state
    refused = spend(ref, player, "gather", m.pos, "gather contested")
    index = _tracker_space(ref, "contested", m, refused)
    if index is not None and not refused:
        value = ref.board.area(s.tribunal).contested[index]
        if m.value != value:
            ref.error("A11", f"the contested tracker's space shows {value}, not {m.value}", m.pos)
    if not 2 <= m.roll <= 5:
        ref.error("A11", f"a recorded roll is 2 to 5 (1 and 6 are rolled again), not {m.roll}", m.pos)
    gain(ref, player, m.value + m.roll, m.pos, "the contested source")
    order = [p for p in clockwise(ref.seats, player) if p != player]  # clockwise under every profile
    last = -1
    for word, roll in m.rolls:
        other = ref.player(word, "A11")
        if other is None:
            continue
        if other == player:
            ref.error("A11", f"{player} gathered; only the other players roll after", word.pos)
            continue
        position = order.index(other)
        if position <= last:
            ref.error("A11", f"the other players roll in clockwise order, once each; {other} is out of turn",
                      word.pos)
        last = max(last, position)
        if not 2 <= roll <= 5:
            ref.error("A11", f"a recorded roll is 2 to 5, not {roll}", word.pos)
        pay(ref, other, ref.profile.contested_fee, word.pos, f"rolling at {player}'s contested gather", to=player)
        gain(ref, other, roll, word.pos, "the contested source")
