"""Rich rendering of Trickerion results: tables on a terminal, plain ASCII elsewhere.

Player and trick names come from files strangers write; the console has markup off and
shows control characters as escapes (:func:`gtcli.cli.terminal.output.console`), so a name like
``[red]Ana`` is printed as typed. Tables are laid out for the width
(:mod:`gtcli.cli.terminal.layout`). Every function takes a result and an optional console, so a
command can pass either to one helper that prints JSON or tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gtcli.cli.terminal.layout import Column, Sheet, show
from gtcli.cli.terminal.output import console, safe
from gtcli.trickerion.rules.actions import ActionPoints
from gtcli.trickerion.rules.amounts import Amounts
from gtcli.trickerion.rules.game import TURNS, Game, PlayerState, TurnResult, WagePayment
from gtcli.trickerion.rules.initiative import advertising_cost, slot_of
from gtcli.trickerion.rules.performance import Modifier, Payout, Performance
from gtcli.trickerion.rules.scoring import FinalResult


def escape(text: str) -> str:
    """User text as the terminal shows it literally: :func:`gtcli.cli.terminal.output.safe` (the console
    renders no markup, so brackets need no escaping; control characters do)."""
    return safe(text, newlines=False)


def count(n: int, noun: str) -> str:
    """``1 coin``, ``3 coins`` (fame has no plural)."""
    return f"{n} {noun}" if n == 1 or noun == "fame" else f"{n} {noun}s"


def amounts(a: Amounts) -> str:
    parts = [count(n, what) for n, what in ((a.fame, "fame"), (a.coins, "coin"), (a.shards, "shard")) if n]
    return ", ".join(parts) or "nothing"


def modifier(m: Modifier) -> str:
    days = [d for d, on in (("Thursday -1", m.thursday), ("Sunday +1", m.sunday)) if on]
    text = " and ".join(days) or "none"
    return f"{text} (performer's)" if m.from_performer else text


def names(items: Sequence[str]) -> str:
    return ", ".join(escape(n) for n in items)


# -- final scoring ------------------------------------------------------------------------
def render_final(result: FinalResult, out: Any = None) -> None:
    out = out or console()
    t = Sheet((Column("Place", "#", numeric=True, heading=True), Column("Player", heading=True),
                Column("Fame", numeric=True), Column("Shards", "Shd", numeric=True, joins=", shards "),
                Column("Coins", numeric=True, joins=", coins "),
                Column("Apprentices", "Appr", numeric=True, joins=", apprentices "),
                Column("Specialists", "Spec", numeric=True, joins=", specialists "),
                Column("Final fame", "Final", numeric=True)), "Final scoring")
    for p in result.players:
        g = p.gained
        t.add_row(str(p.place), escape(p.name), str(p.standing.fame), f"+{g.shards}", f"+{g.coins}",
                  f"+{g.apprentices}", f"+{g.specialists}", str(p.fame), style="bold" if p.place == 1 else None)
    show(t, out)
    out.print(f"Initiative order: {names(result.initiative)}")
    out.print(winner_line(result))


def winner_line(result: FinalResult) -> str:
    best = result.players[0]
    if not result.decided_by_initiative:
        return f"Winner: {escape(best.name)} with {best.fame} fame"
    tied = [p.name for p in result.players[1:] if p.fame == best.fame]
    return (f"Winner: {escape(best.name)} with {best.fame} fame, tied with {names(tied)} and ahead of them "
            "in initiative order")


# -- performances -------------------------------------------------------------------------
def render_performance(performance: Performance, paid: Sequence[Payout], out: Any = None) -> None:
    out = out or console()
    extras = [count(performance.links, "link")]
    if performance.specialists:
        extras.append("behind: " + ", ".join(performance.specialists))
    if performance.bonus != Amounts():
        extras.append(f"card bonus: {amounts(performance.bonus)}")
    title = f"{performance.day.capitalize()}: {escape(performance.performer)} performs ({'; '.join(extras)})"
    t = Sheet((Column("Player", heading=True), Column("Role"), Column("Modifier"), Column("Tricks"),
                Column("Bonuses"), Column("Fame", numeric=True), Column("Coins", numeric=True, joins=", coins "),
                Column("Shards", "Shd", numeric=True, joins=", shards ")), title)
    for p in paid:
        tricks = []
        for tp in p.tricks:
            line = f"{escape(tp.trick.name)}: {amounts(tp.paid)}"
            if tp.paid != tp.trick.printed:
                line += f" (printed {amounts(tp.trick.printed)})"
            tricks.append(line)
        bonuses = [f"{what} {amounts(a)}" for what, a in (("links", p.links), ("specialists", p.specialists),
                                                          ("card", p.card)) if a != Amounts()]
        total = p.total
        t.add_row(escape(p.name), "performer" if p.performer else "guest", modifier(p.modifier),
                  "\n".join(tricks) or "-", "\n".join(bonuses) or "-",
                  str(total.fame), str(total.coins), str(total.shards))
    show(t, out)


# -- wages --------------------------------------------------------------------------------
def render_wages(rows: Sequence[WagePayment], out: Any = None) -> None:
    out = out or console()
    t = Sheet((Column("Player", heading=True), Column("Working"), Column("Due", numeric=True),
                Column("Paid", numeric=True, joins=", paid "), Column("Unpaid", numeric=True, joins=", unpaid "),
                Column("Fame lost", "Lost", numeric=True, joins=", fame lost "),
                Column("Coins", numeric=True), Column("Fame", numeric=True, joins=", fame ")), "Wages")
    for row in rows:
        crew, w = row.crew, row.wages
        working = f"{count(crew.apprentices, 'apprentice')}, {count(crew.specialists, 'specialist')}"
        if crew.assistant and crew.apprentices:
            working += " (one on the Assistant's board: unpaid)"
        t.add_row(escape(row.name), working, str(w.due), str(w.paid), str(w.unpaid), str(w.fame_lost),
                  str(w.coins), str(w.fame), style="bold" if w.unpaid else None)
    show(t, out)


# -- initiative ---------------------------------------------------------------------------
def render_initiative(order: Sequence[str], previous: Sequence[str], fame: Mapping[str, int],
                      ties: Sequence[Sequence[str]], out: Any = None, title: str = "Initiative order") -> None:
    out = out or console()
    t = Sheet((Column("Slot", "#", numeric=True, heading=True), Column("Player", heading=True),
                Column("Fame", numeric=True), Column("Last slot", "Last", numeric=True, joins=", last slot "),
                Column("Advertising costs", "Advert", numeric=True)), title)
    for name in order:
        t.add_row(str(slot_of(order, name)), escape(name), str(fame[name]), str(slot_of(previous, name)),
                  count(advertising_cost(order, name), "coin"))
    show(t, out)
    for group in ties:
        out.print(f"Tied on {fame[group[0]]} fame: {names(group)} (their order from last turn reversed)")


# -- a game -------------------------------------------------------------------------------
def render_standings(states: Sequence[PlayerState], title: str = "Standings", out: Any = None) -> None:
    out = out or console()
    t = Sheet((Column("Player", heading=True), Column("Fame", numeric=True),
                Column("Coins", numeric=True, joins=", coins "), Column("Shards", "Shd", numeric=True, joins=", shards "),
                Column("Apprentices", "Appr", numeric=True, joins=", apprentices "),
                Column("Specialists", "Spec")), title)
    for s in states:
        t.add_row(escape(s.name), str(s.fame), str(s.coins), str(s.shards), str(s.apprentices),
                  ", ".join(s.specialists) or "-")
    show(t, out)


def render_turn(result: TurnResult, out: Any = None, detail: bool = True) -> None:
    out = out or console()
    out.print(f"Turn {result.number}: initiative {names(result.initiative)}")
    for group in result.ties:
        out.print(f"  tied on fame: {names(group)} (their order from last turn reversed)")
    for advert in result.adverts:
        out.print(f"  {escape(advert.name)} advertises: -{count(advert.cost, 'coin')}, +2 fame")
    for name, at in result.shard_points:
        out.print(f"  {escape(name)} pays {count(len(at), 'shard')} for action points ({', '.join(at)})")
    for performance, paid in result.performances:
        if detail:
            render_performance(performance, paid, out)
        else:
            gains = "; ".join(f"{escape(p.name)} {amounts(p.total)}" for p in paid)
            out.print(f"  {performance.day.capitalize()}: {escape(performance.performer)} performs: {gains}")
    if detail:
        render_wages(result.wages, out)
    else:
        for row in result.wages:
            if row.wages.unpaid:
                out.print(f"  {escape(row.name)} could not pay {count(row.wages.unpaid, 'coin')} of wages: "
                          f"-{row.wages.fame_lost} fame")
    render_standings(result.standings, f"After turn {result.number}", out)


def render_action_points(points: ActionPoints, out: Any = None) -> None:
    out = out or console()
    parts = [f"{points.character} {points.base}"]
    if points.slot:
        parts.append(f"slot {points.slot:+d}")
    if points.shard:
        parts.append(f"shard +{points.shard}")
    out.print(f"{' '.join(parts)} = {count(points.total, 'action point')}")
    if points.shard:  # the same shard in a game turn: entered once, there
        out.print(f'In a game turn: shard_points = ["{points.location or "LOCATION"}"] takes the shard '
                  "(leave it out of changes).")


def render_game(game: Game, done: Sequence[TurnResult], standings: Sequence[PlayerState],
                final: FinalResult | None, next_order: Sequence[str] | None, out: Any = None) -> None:
    """``gt trickerion game show``: each turn in short, then the final scoring or what comes next."""
    out = out or console()
    out.print(f"Trickerion: {names(game.players)}, {len(done)} of {TURNS} turns recorded")
    if not done:
        render_standings(standings, "At the start", out)
    for result in done:
        out.print()
        render_turn(result, out, detail=False)
    out.print()
    if final:
        render_final(final, out)
    elif next_order:
        out.print(f"Next turn's initiative: {names(next_order)}")
