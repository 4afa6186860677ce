"""Vis changing hands: gains out of the Regio (V2), payments that never go below zero (V1)."""

from __future__ import annotations

from collections.abc import Callable

from gtcli.core.diagnostics import Pos


def gain(ref, player: str, amount: int, pos: Pos, source: str) -> None:
    """V2: a gain comes out of the Regio; Voting tokens stand in as 5 Vis each if it runs dry."""
    s = ref.state
    if amount <= 0:
        return
    short = amount - s.regio
    if short > 0:
        tokens = -(-short // 5)
        if tokens <= s.concilium:
            s.concilium -= tokens
            s.token_vis += tokens
            ref.note("V2", f"the Regio is short by {short} Vis for {player}'s {amount} from {source}: "
                     f"{tokens} Voting token(s) stand in as 5 Vis each", pos)
        else:
            ref.error("V2", f"{player} cannot gain {amount} Vis from {source}: the Regio holds {s.regio} "
                      f"and the Concilium {s.concilium} token(s)", pos)
            amount = max(0, s.regio)
    s.players[player].vis += amount

def gain_each(ref, amounts: dict[str, int], pos: Pos | None, source: str) -> None:
    """V2 for a gain every player makes at once (printed-fr's Vis at a new Tribunal): the Regio
    pays the whole of it, and Voting tokens stand in for the shortfall of the whole, as the
    table would take them, not player by player (which could take a token more for each)."""
    s = ref.state
    total = sum(amounts.values())
    short = total - s.regio
    tokens = -(-short // 5) if short > 0 else 0
    if tokens and tokens <= s.concilium:
        s.concilium -= tokens
        s.token_vis += tokens
        ref.note("V2", f"the Regio is short by {short} of the {total} Vis for {source}: {tokens} Voting "
                 "token(s) stand in as 5 Vis each", pos)
    elif tokens:
        held, unpaid = s.regio, []
        for player, amount in amounts.items():
            paid = max(0, min(amount, s.regio))
            s.players[player].vis += paid
            if paid < amount:
                unpaid.append(f"{player} {paid} of {amount}")
        ref.error("V2", f"{source} needs {total} Vis: the Regio holds {max(held, 0)} and the Concilium "
                  f"{s.concilium} token(s)", pos, "paid in seat order as far as the Regio went: " + ", ".join(unpaid))
        return
    for player, amount in amounts.items():
        s.players[player].vis += amount

def pay(ref, player: str, amount: int, pos: Pos, purpose: str | Callable[[], str], to: str | None = None) -> int:
    """V1: no store goes below zero. Returns what was actually paid. ``purpose`` may be a
    function giving it, called only if it is reported."""
    s = ref.state
    have = s.players[player].vis
    if amount > have:
        if callable(purpose):
            purpose = purpose()
        ref.error("V1", f"{player} has {have} Vis; {purpose} needs {amount}", pos)
        amount = have
    s.players[player].vis -= amount
    if to is not None:
        s.players[to].vis += amount
    return amount
