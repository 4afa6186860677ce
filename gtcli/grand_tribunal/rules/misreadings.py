"""Which rule a wrong recorded score most likely misread (R1, R2, R3, R5), found by tallying the
Tribunal again as each misreading would (:func:`gtcli.grand_tribunal.rules.tribunal.tally`).

Used by the referee when a log's recorded scores differ from the rules' (R4 otherwise).
"""

from __future__ import annotations

from dataclasses import replace as dc_replace
from typing import Any

from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.rules.tribunal import Table, tally


def explain(result: Any, name: str) -> str:
    """The hint under a wrong score: what the player's competing Items scored."""
    parts = [f"{r.item.name} {r.score}" for r in result.items if r.item.owner == name and r.competing]
    return "from " + (", ".join(parts) if parts else "no competing items")


def misreading(table: Table, result: Any, name: str, recorded: int, profile: RuleProfile) -> tuple[str, str]:
    """Which rule a wrong recorded score most likely misread (R1, R2, R3, R5), else R4."""

    def score(r) -> int:
        return next((p.score for p in r.players if p.name == name), 0)

    computed = score(result)
    for r in result.items:
        if r.item.owner == name and r.competing and computed - r.score == recorded and r.score:
            label = r.item.name.split("#")[0]
            return "R1", f": it looks as if {label} was left out, but every active Item competes"
    for n, item in enumerate(table.items):
        if item.owner == name and item.won:
            items = list(table.items)
            items[n] = dc_replace(item, won=False)
            if score(tally(dc_replace(table, items=tuple(items)), profile)) == recorded:
                return "R5", f": {item.name.split('#')[0]} won earlier and scores nothing now"
    if score(tally(table, profile, distinct=False)) == recorded:
        return "R2", ": Spells of one category were counted more than once; each category counts once"
    if score(tally(table, profile, tie_breaks=False)) == recorded:
        return "R3", ": equal votes are broken by base score, then installed Spells"
    if score(tally(table, profile, skip=False)) == recorded:
        return "R3", ": items sharing a place use up the places after it (two sharing 1st: the next is 3rd)"
    # last: an Item left out can move the others' places too (one activated at the Tribunal, T5,
    # is easily forgotten): the tally without it, the player's own Items tried first
    for n in sorted(range(len(table.items)), key=lambda n: table.items[n].owner != name):
        item = table.items[n]
        if item.won:
            continue
        without = dc_replace(table, items=table.items[:n] + table.items[n + 1:])
        if score(tally(without, profile)) == recorded:
            whose = "" if item.owner == name else f"{item.owner}'s "
            return "R1", f": it looks as if {whose}{item.name.split('#')[0]} was left out, but every active " \
                         "Item competes"
    return "R4", ""
