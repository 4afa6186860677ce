"""``gt balance value`` on the terminal: one table per kind, the cards by value, those out of line marked."""

from __future__ import annotations


def echo_values(data: dict) -> None:
    from gtcli.cli.terminal.output import console, table

    out = console()
    metric = data["metric"]

    def wins(x: float) -> str:
        return f"{100 * x:+.1f}"

    def points(x: float) -> str:
        return f"{x:+.2f}"

    out.print(f"{data['card_set']}: each card's value to the {data['bot']} bot, from {data['pairs']} pair(s) of "
              f"games (unrestricted minus forbidden the card; bots do not play like people).")
    for kind, about in data["kinds"].items():
        shown = wins if metric == "wins" else points
        t = table("Card", "Win share", "95% interval", "Points", "95% interval", "vs median", "p (Holm)",
                  title=f"{about['label']}: median {shown(about['median'])} "
                        f"{'points of win share' if metric == 'wins' else 'Tribunal points'} (* out of line)",
                  terminal=out.is_terminal)
        for card in (c for c in data["cards"] if c["kind"] == kind):
            versus = card["versus_kind"]
            mark = {"above": "* ", "below": "* "}.get(card["direction"] or "", "")
            t.add_row(mark + card["name"], wins(card["value"]),
                      f"{wins(card['interval'][0])} - {wins(card['interval'][1])}",
                      points(card["points"]["value"]),
                      f"{points(card['points']['interval'][0])} - {points(card['points']['interval'][1])}",
                      "-" if versus is None else (shown(versus["difference"]) + (f" ({card['direction']})"
                                                                                  if card["direction"] else "")),
                      "-" if versus is None else f"{versus['p_holm']:.3g}")
        out.print(t)
    out.print(f"{data['flagged']} of {data['tested']} card(s) tested out of line with their kind "
              f"(Holm, 5%); win share in points (1 = 1%).")
