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
    rollers = []  # (word, player, roll) of each other player who rolls, as listed
    for word, roll in m.rolls:
        other = ref.player(word, "A11")
        if other is not None:
            rollers.append((word, other, roll))
    listed = [other for _, other, _ in rollers]
    once = [n for n, other in enumerate(listed) if other != player and other not in listed[:n]]
    misordered = _order_findings(ref.seats, player, [(listed[n], rollers[n][2]) for n in once])
    for n, (word, other, roll) in enumerate(rollers):
        if other == player:
            ref.error("A11", f"{player} gathered; only the other players roll after", word.pos)
            continue
        if n not in once:  # applied as written, as before: the table did take the roll
            ref.error("A11", f"{other} rolls once; the other players roll in clockwise order, once each", word.pos)
        elif once.index(n) in misordered:
            message, hint = misordered[once.index(n)]
            ref.error("A11", message, word.pos, hint)
        if not 2 <= roll <= 5:
            ref.error("A11", f"a recorded roll is 2 to 5, not {roll}", word.pos)
        pay(ref, other, ref.profile.contested_fee, word.pos, f"rolling at {player}'s contested gather", to=player)
        gain(ref, other, roll, word.pos, "the contested source")


def _order_findings(seats: tuple[str, ...], gatherer: str,
                    rolls: list[tuple[str, int]]) -> dict[int, tuple[str, str]]:
    """A11's findings for other players listed out of clockwise order, from the gatherer's left
    under every profile: {index in ``rolls`` (each player once): (message, hint)}."""
    if len(rolls) < 2:
        return {}
    order = [p for p in clockwise(seats, gatherer) if p != gatherer]
    faults = out_of_turn([order.index(name) for name, _ in rolls])
    named = {n for blamed in faults.values() for n in blamed}
    in_place = [name for n, (name, _) in enumerate(rolls) if n not in named] or [name for name, _ in rolls]
    start = f"clockwise from {gatherer}'s left"
    in_order = sorted(rolls, key=lambda r: order.index(r[0]))
    hint = f"{start}: others " + ", ".join(f"{name} {roll}" for name, roll in in_order)
    found = {}
    for n, blamed in faults.items():
        if len(blamed) == 2:
            a, b = (rolls[k][0] for k in blamed)
            first, second = sorted((a, b), key=order.index)
            found[n] = (f"{a} and {b} roll in each other's place: {start}, {first} rolls before {second}", hint)
            continue
        moved = rolls[n][0]
        after = [p for p in sorted(in_place, key=order.index) if p != moved and order.index(p) > order.index(moved)]
        before = [p for p in sorted(in_place, key=order.index) if p != moved and order.index(p) < order.index(moved)]
        where = f"before {after[0]}" if after else f"after {before[-1]}"
        found[n] = (f"{moved} rolls out of turn: {start}, {moved} rolls {where}", hint)
    return found


def out_of_turn(places: list[int]) -> dict[int, list[int]]:
    """The rolls listed out of clockwise order, named as a person would name them (A11).

    ``places`` are the listed players' clockwise places (all different); each player has a
    right place in the listing, that of their place among those listed. Two players each in
    the other's right place were swapped: one finding, at the first of them, naming both,
    as long as the swap puts them in order with the rest. With the swaps put right, the
    fewest players the rest stay in order without (those off a longest increasing run,
    keeping as many players in their right place as it can, then the earliest listed) were
    moved: one finding each, at that player. A player in order with every other is never
    named. Returns {index of the finding's listing: indices it names}.
    """
    right = {n: rank for rank, n in enumerate(sorted(range(len(places)), key=places.__getitem__))}
    swaps = [(n, right[n]) for n in range(len(places)) if right[n] > n and right[right[n]] == n]
    while True:
        at = list(range(len(places)))  # the listing with the swaps put right: at[k] is the index listed k-th
        for i, j in swaps:
            at[i], at[j] = j, i
        kept = _longest_run([places[n] for n in at], [right[n] == k for k, n in enumerate(at)])
        stray = [(i, j) for i, j in swaps if i not in kept or j not in kept]
        if not stray:
            break
        swaps = [pair for pair in swaps if pair not in stray]  # a swap that leaves them out of order is no swap
    faults: dict[int, list[int]] = {i: [i, j] for i, j in swaps}
    for k in sorted(set(range(len(places))) - kept):
        faults[at[k]] = [at[k]]
    return faults


def _longest_run(values: list[int], in_place: list[bool]) -> set[int]:
    """Indices of a longest increasing subsequence of ``values``: of those, the one with the most
    ``in_place`` indices, then the earliest."""
    best: list[tuple[int, int, list[int]]] = []  # (length, in place, indices) of the best run ending at each
    for n, value in enumerate(values):
        runs = [run for run in best if values[run[2][-1]] < value]
        length, kept, indices = max(runs, key=lambda run: run[:2], default=(0, 0, []))
        best.append((length + 1, kept + in_place[n], indices + [n]))
    return set(max(best, key=lambda run: run[:2], default=(0, 0, []))[2])
