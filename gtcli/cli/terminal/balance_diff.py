"""``gt balance diff``'s table: each card's figure before and after, its change and interval."""

from __future__ import annotations


def echo_diff(data: dict) -> None:
    """The comparison of :func:`gtcli.balance.diff.compare_reports` as a table on standard output."""
    from gtcli.cli.terminal.balance_value import p_brief
    from gtcli.cli.terminal.output import console, table

    out = console()

    def points(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:+.1f}"

    def interval(pair) -> str:
        return "-" if not pair else f"{points(pair[0])} to {points(pair[1])}"

    games = data["games"]
    out.print(f"Cards before ({games['old']} game(s)) and after ({games['new']} game(s)): how much more often the "
              "card's uses win than the average use of its kind in the same games, in points (an association, not a "
              "cause).")
    edited = data.get("edited")
    title = "Cards (* changed after the correction" + ("; (edited): its text changed)" if edited is not None else ")")
    t = table("Card", "Old", "95% interval", "New", "95% interval ", "Change", "95% interval  ",
              f"p ({data['correction']})", title=title, terminal=out.is_terminal)
    for r in data["cards"]:
        old, new, moved = r["old"] or {}, r["new"] or {}, r["change"] or {}
        t.add_row(("* " if r["changed"] else "") + r["card"] + (" (edited)" if r.get("edited") else ""), points(old.get("value")), interval(old.get("ci")),
                  points(new.get("value")), interval(new.get("ci")), points(moved.get("value")),
                  interval(moved.get("ci")), p_brief(r["p_adjusted"]))
    out.print(t)
    changed = [r for r in data["cards"] if r["changed"]]
    out.print(f"{len(changed)} card(s) changed: " + ", ".join(f"{r['card']} ({r['direction']})" for r in changed)
              + "." if changed else "No card changed by more than chance allows.")
    if edited is None:
        out.print("The studies do not both name their card set (study.json), so which cards were edited is not "
                  "known. A card is read against its kind's mean: an edit to one card moves the others of its kind.")
        return
    out.print(f"Edited between the two sets (their text changed): {', '.join(edited) if edited else 'none'}.")
    moved_by_kind = [r["card"] for r in changed if not r["edited"]]
    if moved_by_kind:
        out.print(f"Not edited, yet changed: {', '.join(moved_by_kind)}. Each card is read against the mean of its "
                  "kind in the same games, so an edited card moves the figures of the others of its kind: these "
                  "moved because their kind did (a real shift relative to their kind, not an edit of theirs).")
