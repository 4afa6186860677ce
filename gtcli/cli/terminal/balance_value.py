"""``gt balance value`` on the terminal: one table per kind, the cards by value per copy, those out of line
marked and named in the last line, the cards left out of the decks named."""

from __future__ import annotations


def p_brief(p: float | None) -> str:
    """A p-value on screen: "-" when none, "<0.001" below 0.001 (never "0"), else 3 digits (the JSON
    keeps the number)."""
    if p is None:
        return "-"
    return "<0.001" if p < 0.001 else f"{p:.3g}"


def echo_values(data: dict) -> None:
    from gtcli.cli.terminal.output import console, table

    out = console()
    metric = data["metric"]

    def wins(x: float) -> str:
        return f"{100 * x:+.1f}"

    def points(x: float) -> str:
        return f"{x:+.2f}"

    shown = wins if metric == "wins" else points
    unit = "points of win share" if metric == "wins" else "Tribunal points"
    out.print(f"{data['card_set']}: each card's value to the {data['bot']} bot, from {data['pairs']} pair(s) of "
              f"games (unrestricted minus forbidden the card; bots do not play like people). Forbidding a card "
              f"forbids every copy: the value per copy is its strength, and what 'out of line' judges.")
    for kind, about in data["kinds"].items():
        t = table("Card", "Copies", "Win share", "Points", "Per copy", "95% interval", "vs median", "p (Holm)",
                  title=f"{about['label']}: median {shown(about['median'])} {unit} per copy (* out of line)",
                  terminal=out.is_terminal)
        for card in (c for c in data["cards"] if c["kind"] == kind):
            versus = card["versus_kind"]
            mark = {"above": "* ", "below": "* "}.get(card["direction"] or "", "")
            per_copy = card["per_copy"] if metric == "wins" else card["per_copy"]["points"]
            t.add_row(mark + card["name"], str(card["copies"]), wins(card["value"]), points(card["points"]["value"]),
                      shown(per_copy["value"]), f"{shown(per_copy['interval'][0])} - {shown(per_copy['interval'][1])}",
                      "-" if versus is None else (shown(versus["difference"]) + (f" ({card['direction']})"
                                                                                  if card["direction"] else "")),
                      "-" if versus is None else p_brief(versus["p_holm"]))
        out.print(t)
    if data.get("left_out"):
        out.print(f"Left out of the decks (a manual effect a bot cannot play, so no value): "
                  f"{', '.join(data['left_out'])}.")  # the console escapes every string it prints
    flagged = [c for c in data["cards"] if c["flagged"]]
    named = "; ".join(f"{c['name']} {shown(c['versus_kind']['difference'])} {c['direction']} its kind's median "
                      f"(p {p_brief(c['versus_kind']['p_holm'])})" for c in flagged)
    out.print(f"{data['flagged']} of {data['tested']} card(s) tested out of line with their kind (Holm, 5%; "
              f"{unit} per copy)" + (f": {named}." if flagged else "."))
