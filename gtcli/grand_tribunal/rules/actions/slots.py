"""A turn's two action slots: what each action type uses, what is still open, spending them (T1, T2)."""

from __future__ import annotations

from gtcli.core.diagnostics import Pos

# T1: the action slots each action type uses (free actions are not listed: they use none).
SLOTS = {"vote": 1, "draw": 1, "draw resource": 2, "advance": 1, "cast": 1, "play": 1, "extract": 1, "gather": 2}

# The rule that makes an action double: a double action with one slot left is that rule's finding.
DOUBLE_CODES = {"draw resource": "A7", "gather uncontested": "A10", "gather contested": "A11"}

WHAT = {"draw resource": "drawing a Resource", "gather uncontested": "gathering Vis",
        "gather contested": "gathering Vis"}

def slots_for(kind: str, variants: frozenset[str]) -> int:
    return 0 if kind == "play" and "X4" in variants else SLOTS[kind]

def is_free(kind: str, variants: frozenset[str]) -> bool:
    """T1/T2: a free action uses no slot and may be taken any number of times (X4 makes Play free)."""
    return slots_for(kind, variants) == 0

def open_actions(s, variants: frozenset[str]) -> list[str]:
    """The action types the player whose turn it is may still take (T1, T2, X1, P3)."""
    turn = s.turn
    if turn is None:
        return []
    if turn.owes_praeco_votes(s.praeco):
        return ["praeco"]
    left = turn.slots - turn.used
    out = []
    for kind in SLOTS:
        repeat_ok = turn.may_repeat_free(kind, variants) or turn.repeats_allowed > 0 or is_free(kind, variants)
        if repeat_ok and slots_for(kind, variants) <= left:
            out.append(kind)
    return out

def spend(ref, player: str, kind: str, pos: Pos, detail: str | None = None) -> bool:
    """T1 (two slots, double actions use both) and T2 (each type once), with X1, X4 and effects.

    ``kind`` is a key of :data:`SLOTS`; ``detail`` tells gathers apart (``"gather contested"``)
    so a double action with one slot left is reported under its own rule (A7, A10, A11).
    Returns whether the move had no slot left: it is applied as written, and what only follows
    from its being taken again (a tracker already moved on) is not reported a second time.
    """
    s = ref.state
    turn = s.turn
    if turn is None:
        return False
    slots = 0 if kind == "play" and "X4" in ref.variants else SLOTS[kind]  # slots_for()
    if turn.player == s.praeco and not turn.praeco_late and turn.owes_praeco_votes(s.praeco):
        # reported once; the tokens may still be placed later in the turn, and then they count
        ref.error("P3", f"{player} is Praeco and must place the Voting tokens before any action", pos,
                  "the Praeco's turn starts with: praeco SPACE, SPACE, SPACE")
        turn.praeco_late = True
    turn.acted = True
    over = turn.used + slots > turn.slots  # one finding per move: no slot left says it all
    if slots and kind in turn.types and not turn.may_repeat_free(kind, ref.variants):  # free actions are never limited (T2)
        if turn.repeats_allowed > 0:
            turn.repeats_allowed -= 1
        elif over:
            pass
        elif kind == "advance" and "X1" in ref.variants:
            ref.error("X1", f"{player} already advanced twice this turn; the double-advance variant allows "
                      "Advance twice per turn, not more", pos)
        elif kind == "advance":
            ref.error("X1", f"{player} already advanced this turn; advancing twice needs the double-advance "
                      "variant (X1)", pos)
        else:
            ref.error("T2", f"{player} already took the {kind} action this turn", pos, "two *different* actions")
    if over:
        left = turn.slots - turn.used
        double = DOUBLE_CODES.get(detail or kind)
        if kind == "play":
            ref.error("X4", f"{player} has no action slot left; playing a Resource as a free action needs the "
                      "cheap-resources variant (X4)", pos)
        elif slots == 2 and left == 1 and double:
            ref.error(double, f"{WHAT[detail or kind]} is a double action: it takes both slots, and {player} has "
                      "1 left", pos, "a double action is the whole turn")
        else:
            need = "both slots" if slots == 2 else "a slot"
            ref.error("T1", f"{player} has {max(left, 0)} action slot(s) left; {kind} needs {need}", pos)
    turn.used += slots
    turn.types.append(kind)
    return over
