"""Rich rendering of a Tribunal's result and of a game's running totals."""

from __future__ import annotations

from typing import Any

from gtcli.cli.terminal.layout import Column, Sheet, show
from gtcli.cli.terminal.output import console
from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.rules.tribunal import PlayerScore, TribunalResult
from gtcli.grand_tribunal.wording import award, breakdown, tribunal_title

ITEM_COLUMNS = (
    Column("Rank", "#", numeric=True, heading=True),
    Column("Owner", heading=True),
    Column("Item", heading=True),
    Column("Type", compact=False),  # the breakdown starts with the type's space
    Column("Votes", numeric=True),
    Column("Breakdown", joins=" = "),
    Column("Tie-break", "Tie"),
    Column("Award"),
    Column("Score", "Pts", numeric=True, joins=", score "),
)


def _item_heading(cells: dict[str, str]) -> str:
    """``1. Ana: Storm Staff`` (``-`` for an item that won earlier and does not compete)."""
    rank = cells["Rank"]
    return f"{rank}{'.' if rank != '-' else ''} {cells['Owner']}: {cells['Item'] or cells['Type']}"


def render_result(result: TribunalResult, profile: RuleProfile, out: Any = None) -> None:
    out = out or console()
    if not result.items:
        out.print("No active items on the table: nobody scores at this Tribunal.")
    else:
        items = Sheet(ITEM_COLUMNS, f"{tribunal_title(result.tribunal, profile)}: items", _item_heading)
        for r in result.items:
            style = "bold" if r.place == 1 else ("dim" if not r.competing else "")
            items.add_row(str(r.rank) if r.rank else "-", r.item.owner, r.item.name or "", r.item.type,
                          str(r.votes), breakdown(r), r.separated_by or "", award(r, profile), str(r.score),
                          style=style or None)
        show(items, out)
    render_players(result.players, "Player scores", out)
    if result.next_praeco:
        out.print(f"Next first Praeco: {result.next_praeco} ({result.next_praeco_reason})")
    else:
        out.print(f"Next first Praeco: undecided ({result.next_praeco_reason})")


def render_players(players: tuple[PlayerScore, ...], title: str, out: Any) -> None:
    scores = Sheet((Column("Player", heading=True), Column("Score", numeric=True)), title)
    for p in players:
        scores.add_row(p.name, str(p.score))
    show(scores, out)
