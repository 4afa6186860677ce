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


def echo_report(report: dict, bots: list[str | None]) -> None:
    """The report as tables on standard output (plain text when piped)."""
    from gtcli.balance.report_html import played_by
    from gtcli.cli.terminal.output import console, table

    out = console()
    terminal = out.is_terminal

    def pct(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.1f}%"

    def ci(pair) -> str:
        return "-" if not pair else f"{pct(pair[0])} - {pct(pair[1])}"

    out.print(f"Balance of {report['games']} game(s). {played_by(bots)}")
    for n, rows in report["seats"].items():
        t = table("Seat", "Games", "Wins", "Win rate", "95% interval", "From 1st Praeco", "Win rate ",
                  title=f"{n} players: win rate by seat (a fair share is {pct(1 / int(n))})", terminal=terminal)
        for seat, turn in zip(rows, report["first_praeco"][n]):
            t.add_row(str(seat["seat"]), str(seat["games"]), str(seat["wins"]), pct(seat["win_rate"]),
                      ci(seat["ci"]), str(turn["position"]), pct(turn["win_rate"]))
        out.print(t)
    t = table("Card", "Played/game", "Used by", "Win used", "Not used", "Difference", "95% interval",
              f"p ({report['correction']})", title="Cards (* differs after the correction)", terminal=terminal)
    for r in sorted(report["cards"], key=lambda r: (r["difference"] is None, -(r["difference"] or 0), r["card"])):
        t.add_row(("* " if r["significant"] else "") + r["card"], f"{r['played_per_game']:.2f}", pct(r["use_rate"]),
                  pct(r["with"]["win_rate"]), pct(r["without"]["win_rate"]),
                  "-" if r["difference"] is None else f"{100 * r['difference']:+.1f}", ci(r["ci"]),
                  "-" if r["p_adjusted"] is None else f"{r['p_adjusted']:.3g}")
    out.print(t)
    length, vis = report["length"], report["vis"]
    out.print(f"Game length: {length['mean']:.1f} turns (95% interval {length['ci'][0]:.1f} - {length['ci'][1]:.1f}).")
    out.print("Vis per player and game: " + ", ".join(f"{k} {v['mean']:.1f}" for k, v in vis.items()) + ".")
    if report["tribunals"]:
        out.print("Tribunal scores (mean; best): " + ", ".join(
            f"{r['tribunal']}: {r['score']['mean']:.1f}; {r['best']['mean']:.1f}" for r in report["tribunals"]) + ".")
