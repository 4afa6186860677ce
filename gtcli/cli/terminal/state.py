"""Rich rendering of a replayed table state (``gt replay``, ``gt play``).

Zones, the track and the trackers are named in the log's language (the snapshot carries
it), with the sheets' own words; tracker spaces count from 1, as the log's setup does.
"""

from __future__ import annotations

from typing import Any

from gtcli.cli.terminal.layout import Column, Sheet, show
from gtcli.cli.terminal.output import console


def _words(lang: str):
    from gtcli.grand_tribunal.lang.keywords import display_word

    return lambda key: display_word(key, lang)


def _cards(cards: list[dict[str, Any]], w) -> str:
    parts = []
    for c in cards:
        text = c["card"] + (f" ({w('active')})" if c["active"] else f" [{c['vis']} Vis]")
        if c.get("face_up") and not c["active"]:  # inactive cards usually lie face down (T3, A2 with X3)
            text += f" ({w('face_up')})"
        if c.get("spells"):
            text += " + " + ", ".join(c["spells"])
        if c.get("won"):
            text += f" ({c['won']['place']}, T{c['won']['tribunal']})"
        parts.append(text)
    return "\n".join(parts)


def render_snapshot(snap: dict[str, Any], out: Any, next_player: str | None = None) -> None:
    """The table state; ``next_player`` (``gt play``) is named when no turn is open."""
    from gtcli.grand_tribunal.lang.keywords import KEYWORDS, spelling
    from gtcli.grand_tribunal.wording import space_name

    lang = snap.get("language", "en")
    w = _words(lang)
    where = f"{spelling('TRIBUNAL', lang).capitalize()} {snap['tribunal']}, {spelling('ROUND', lang)} {snap['round']}"
    if snap["praeco"]:
        where += f", Praeco {snap['praeco']}"
    if snap["turn"]:
        where += f", {w('turn')} {snap['turn']} ({snap['slots_left']} {w('slots_left')})"
    elif next_player:
        where += f", {w('next')}: {next_player}"
    out.print(where)
    columns = (Column(w("player"), heading=True), Column(w("vis"), "Vis", numeric=True), Column(w("hand")),
               Column(w("laboratory")), Column(w("library")), Column(w("vault")), Column(w("awards")),
               Column(w("total"), numeric=True))
    t = Sheet(columns, w("players"))
    for p in snap["players"]:
        competing = [c for c in p["laboratory"] if not c.get("won")]
        awards = [c for c in p["laboratory"] if c.get("won")]
        t.add_row(p["name"], str(p["vis"]), f"{p['hand']}/{p['hand_limit']}", _cards(competing, w),
                  _cards(p["library"], w), _cards(p["vault"] + p["unknown"], w), _cards(awards, w), str(p["total"]))
    show(t, out)
    track = ", ".join(f"{space_name(k, lang)} {v}" for k, v in snap["track"].items()) or w("empty")
    out.print(f"{w('voting_track')}: {track}")
    trackers = snap["trackers"]
    out.print(f"{w('trackers')}: {w('uncontested')} {w('space')} {trackers['uncontested'] + 1}, "
              f"{w('contested')} {w('space')} {trackers['contested'] + 1}"
              f" | Regio {snap['regio']} Vis | Concilium {snap['concilium']} {w('tokens')}")
    for deck, names in snap["rows"].items():
        plural = KEYWORDS[deck.upper()].get(lang, KEYWORDS[deck.upper()]["en"])[-1]
        out.print(f"{plural.capitalize()} ({w('face_up')}): {', '.join(names)}")


def render_state(result: Any, at_line: int | None) -> None:
    from gtcli.cli.terminal.tribunal import render_players
    from gtcli.grand_tribunal.lang.keywords import display_word
    from gtcli.grand_tribunal.wording import winners_line

    out = console()
    if at_line:
        out.print(f"State after line {at_line}:")
    render_snapshot(result.state.snapshot(), out)
    state = result.state
    if state.results:
        render_players(state.standings(), f"Totals after {len(state.results)} Tribunal(s)", out)
    if result.complete and result.winners:
        out.print(winners_line(result.winners))
    elif not result.complete and not at_line:
        out.print(display_word("incomplete", state.language))
