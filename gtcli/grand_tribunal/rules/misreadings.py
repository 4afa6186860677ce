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


def misreading(table: Table, result: Any, name: str, recorded: int, profile: RuleProfile,
               line: dict[str, int] | None = None, earlier: Table | None = None) -> tuple[str, str]:
    """Which rule a wrong recorded score most likely misread (R1, R2, R3, R5), else R4.

    ``line`` is every score the same line records (player: score), ``earlier`` the last
    Tribunal's table. A hint describes the line as it is: an Item is not said to be left out
    when the line scores it (its owner's recorded score is what the tally with it gives), and
    a line that counts the last Tribunal's Voting tokens again, every score of it, says so
    (R4: the tokens went back to the Concilium after that Tribunal's scoring, R6)."""
    line = line if line is not None else {name: recorded}

    def score(r, who: str = name) -> int:
        return next((p.score for p in r.players if p.name == who), 0)

    def scored_by_the_line(item, without) -> bool:
        """The line gives ``item``'s owner (another player) a score the tally without it does not:
        the line counted the item."""
        owner = item.owner
        return owner != name and owner in line and line[owner] != score(without, owner)

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
    if earlier is not None and earlier.votes and _every_score(tally(_votes_again(table, earlier), profile), line):
        return "R4", (f": it looks as if Tribunal {earlier.tribunal}'s votes were counted again, but its Voting "
                      "tokens went back to the Concilium after its scoring (R6)")
    # last: an Item left out can move the others' places too (one activated at the Tribunal, T5,
    # is easily forgotten): the tally without it, the player's own Items tried first
    for n in sorted(range(len(table.items)), key=lambda n: table.items[n].owner != name):
        item = table.items[n]
        if item.won:
            continue
        without = tally(dc_replace(table, items=table.items[:n] + table.items[n + 1:]), profile)
        if score(without) == recorded and not scored_by_the_line(item, without):
            whose = "" if item.owner == name else f"{item.owner}'s "
            return "R1", f": it looks as if {whose}{item.name.split('#')[0]} was left out, but every active " \
                         "Item competes"
    return "R4", ""


def _votes_again(table: Table, earlier: Table) -> Table:
    """``table`` with ``earlier``'s Voting tokens still on the track, as a line that forgot R6 counts it."""
    votes = dict(table.votes)
    for space, tokens in earlier.votes.items():
        votes[space] = votes.get(space, 0) + tokens
    return dc_replace(table, votes=votes)


def _every_score(result: Any, line: dict[str, int]) -> bool:
    scores = {p.name: p.score for p in result.players}
    return all(scores.get(name, 0) == recorded for name, recorded in line.items())
