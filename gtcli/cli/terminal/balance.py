"""The balance lab on the terminal: its report as tables, and a progress bar with games per second.

Shared by ``gt balance`` and ``gt simulate`` (which prints the same report of the games it
played); the report itself is :mod:`gtcli.balance.stats`'s.
"""

from __future__ import annotations

import sys


def progress_bar(total: int, what: str):
    """A progress bar with games/s on standard error, only where a person watches it."""
    if not sys.stderr.isatty():
        return None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from gtcli.cli.terminal.output import console

    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[rate]}"),
                        TimeRemainingColumn(), console=console(stderr=True), transient=True,
                        redirect_stdout=False, redirect_stderr=False)
    progress.add_task(what, total=total, rate="")
    return _RateProgress(progress)


class _RateProgress:
    """rich's Progress with a games/s field kept up to date (rich's own speed needs finished tasks' samples)."""

    def __init__(self, progress) -> None:
        import time

        self.progress, self.started, self.clock = progress, time.monotonic(), time.monotonic
        self.task_ids = progress.task_ids
        self.done = 0

    def __enter__(self):
        self.progress.__enter__()
        return self

    def __exit__(self, *exc):
        return self.progress.__exit__(*exc)

    def advance(self, task_id) -> None:
        self.done += 1
        seconds = self.clock() - self.started
        rate = f"{self.done / seconds:8.1f} games/s" if seconds > 0 else ""
        self.progress.update(task_id, advance=1, rate=rate)


CARDS_SAY = ("Cards associated with winning (association, not cause): in the games where a card and another card of "
             "its kind were used, how many points more often its uses won than the average use of its kind in the same "
             "game (second copies and recycled Spells each a use). The game is the unit; each game compares players "
             "of one size. "
             "{flag} marks a card beyond chance after Holm's correction over the {tested} cards tested. "
             "Used by: the share of player-games that used it; Games: the games compared; Users win, Others win: the "
             "two sides over those games. `gt balance value` measures what a card is worth by restricted play.")


def sorted_cards(rows: list[dict]) -> list[dict]:
    """By kind, then the strongest association first, the untested last."""
    return sorted(rows, key=lambda r: (r["kind"], r["association"] is None, -(r["association"] or 0), r["card"]))


def echo_report(report: dict, bots: list[str | None]) -> None:
    """The report as tables on standard output (plain text when piped)."""
    from gtcli.balance.report_html import played_by, who_played
    from gtcli.cli.terminal.output import console, table
    from gtcli.core.statistics import p_text

    out = console()
    terminal = out.is_terminal

    def pct(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.1f}%"

    def ci(pair) -> str:
        return "-" if not pair else f"{pct(pair[0])} - {pct(pair[1])}"

    def points(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:+.1f}"

    def points_ci(pair) -> str:
        return "-" if not pair else f"{points(pair[0])} to {points(pair[1])}"

    out.print(f"Balance of {report['games']} game(s). {played_by(who_played(report, bots))}")
    for n, rows in report["seats"].items():
        fair = report["fair_share"][n]
        t = table("Seat", "Games", "Wins", "Win rate", "95% interval", "From 1st Praeco", "Win rate ", "95% interval ",
                  title=f"{n} players: win rate by seat (a fair share, shared wins included, is {pct(fair)})",
                  terminal=terminal)
        for seat, turn in zip(rows, report["first_praeco"][n]):
            t.add_row(str(seat["seat"]), str(seat["games"]), str(seat["wins"]), pct(seat["win_rate"]),
                      ci(seat["ci"]), str(turn["position"]), pct(turn["win_rate"]), ci(turn["ci"]))
        out.print(t)
    by_bot = report.get("bots")
    if by_bot:
        t = table("Bot", "Seats", "Wins", "Win rate", "95% interval", "Fair share",
                  title=f"Wins per bot, {by_bot['games']} game(s) that name each seat's bot (a shared win counts "
                        "for each sharer; the fair share is what equal bots would win)", terminal=terminal)
        for row in by_bot["bots"]:
            t.add_row(row["bot"], str(row["seats"]), str(row["wins"]), pct(row["win_rate"]), ci(row["ci"]),
                      pct(row["fair_share"]))
        out.print(t)
        if by_bot["games_without_bots"]:
            out.print(f"{by_bot['games_without_bots']} game(s) without bots: they do not name each seat's bot (a log "
                      "whose [Event] tag is not gt simulate's, one a person edited, or one naming no bot); counted "
                      "in every other figure, left out of the wins per bot and the per-bot card tables.")
    rows = sorted_cards(report["cards"])
    tested = sum(1 for r in rows if r["p"] is not None)
    out.print(CARDS_SAY.format(flag="*", tested=tested))
    t = table("Card", "Kind", "Used by", "Games", "Users win (95%)", "Others win (95%)", "Association",
              "95% interval", f"p ({report['correction']})", title="Cards: association with winning, in points",
              terminal=terminal)
    for r in rows:
        t.add_row(("* " if r["associated"] else "") + r["card"], r["kind"], pct(r["use_rate"]), str(r["games"]),
                  _rate_cell(r["users"]), _rate_cell(r["others"]), points(r["association"]), points_ci(r["ci"]),
                  p_text(r["p_adjusted"]))
    out.print(t)
    for tier in [b["bot"] for b in by_bot["bots"]] if by_bot else []:
        t = table("Card", "Kind", "Games", "Association", "95% interval", f"p ({report['correction']})",
                  title=f"Cards in the hands of the {tier} bot: association with winning, in points (its seats' uses "
                        "against the same bot's uses of the kind in games of the same size)",
                  terminal=terminal)
        for r in rows:
            f = r["tiers"][tier]
            if f["games"]:
                t.add_row(("* " if f["associated"] else "") + r["card"], r["kind"], str(f["games"]),
                          points(f["association"]), points_ci(f["ci"]), p_text(f["p_adjusted"]))
        out.print(t)
    length, vis = report["length"], report["vis"]
    out.print(f"Game length: {length['mean']:.1f} turns (95% interval {length['ci'][0]:.1f} - {length['ci'][1]:.1f}).")
    out.print("Vis per player and game (mean, 95% interval): " + ", ".join(
        f"{k} {v['mean']:.1f} ({v['ci'][0]:.1f} - {v['ci'][1]:.1f})" for k, v in vis.items()) + ".")
    if report["tribunals"]:
        out.print("Tribunal scores, mean (95% interval); best: " + ", ".join(
            f"{r['tribunal']}: {r['score']['mean']:.1f} ({r['score']['ci'][0]:.1f} - {r['score']['ci'][1]:.1f}); "
            f"{r['best']['mean']:.1f} ({r['best']['ci'][0]:.1f} - {r['best']['ci'][1]:.1f})"
            for r in report["tribunals"]) + ".")


def _rate_cell(rate: dict) -> str:
    """"55.5% (49-62)": a win rate and its 95% interval, the interval in whole points."""
    if rate["win_rate"] is None:
        return "-"
    low, high = rate["ci"]
    return f"{100 * rate['win_rate']:.1f}% ({100 * low:.0f}-{100 * high:.0f})"
