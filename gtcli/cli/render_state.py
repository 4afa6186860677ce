"""Rich rendering of a replayed table state (``gt replay``, ``gt play``)."""

from __future__ import annotations

from typing import Any

from gtcli.cli.output import console, table


def _cards(cards: list[dict[str, Any]]) -> str:
    parts = []
    for c in cards:
        text = c["card"] + (" (active)" if c["active"] else f" [{c['vis']} Vis]")
        if c.get("spells"):
            text += " + " + ", ".join(c["spells"])
        if c.get("won"):
            text += f" (won {c['won']['place']} at T{c['won']['tribunal']})"
        parts.append(text)
    return "\n".join(parts)


def render_snapshot(snap: dict[str, Any], out: Any) -> None:
    where = f"Tribunal {snap['tribunal']}, round {snap['round']}"
    if snap["praeco"]:
        where += f", Praeco {snap['praeco']}"
    if snap["turn"]:
        where += f", {snap['turn']}'s turn ({snap['slots_left']} slot(s) left)"
    out.print(where)
    t = table("Player", "Vis", "Hand", "Laboratory", "Library", "Vault", "Total", title="Players",
              terminal=out.is_terminal)
    for p in snap["players"]:
        t.add_row(p["name"], str(p["vis"]), f"{p['hand']}/{p['hand_limit']}", _cards(p["laboratory"]),
                  _cards(p["library"]), _cards(p["vault"] + p["unknown"]), str(p["total"]))
    out.print(t)
    track = ", ".join(f"{k} {v}" for k, v in snap["track"].items()) or "empty"
    out.print(f"Voting Track: {track}")
    out.print(f"Trackers: uncontested {snap['trackers']['uncontested']}, contested {snap['trackers']['contested']}"
              f" | Regio {snap['regio']} Vis | Concilium {snap['concilium']} tokens")
    for deck, names in snap["rows"].items():
        out.print(f"Face-up {deck}s: {', '.join(names)}")


def render_state(result: Any, at_line: int | None) -> None:
    from gtcli.cli.render_tribunal import render_players, winners_line

    out = console()
    if at_line:
        out.print(f"State after line {at_line}:")
    render_snapshot(result.state.snapshot(), out)
    state = result.state
    if state.results:
        render_players(state.standings(), f"Totals after {len(state.results)} Tribunal(s)", out)
    if result.complete and result.winners:
        out.print(winners_line(result.winners))
