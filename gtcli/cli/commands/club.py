"""``gt club``: a club's archive of games remembered, with statistics, ratings and a league site.

The files stay the record; the index (:mod:`gtcli.club.db`) is rebuilt from them at will.
Every command brings the index up to date first (new and changed files judged with
``gt check``'s checker, on ``--jobs`` processes, or a Dask cluster with ``--executor dask``
or ``--scheduler``), then answers from it. What each command prints, and its ``--json``:
docs/club.md and docs/json.md.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from gtcli.cli import completing
from gtcli.cli.options import executor_argument, json_option
from gtcli.cli.terminal.output import file_text, handles_input_errors, print_diagnostics, print_json, safe

KINDS = ("grand-tribunal", "trickerion")
class _Folder(click.Path):
    """A folder, completed as one; checked by :func:`gtcli.club.archive.check_archive` (the same message
    for every mistake, --json too), not by click."""

    def convert(self, value, param, ctx):
        return value


ARCHIVE = click.argument("archive", metavar="ARCHIVE", type=_Folder(file_okay=False))
DB = click.option("--db", "db_path", metavar="FILE", type=click.Path(dir_okay=False),
                  help="Keep the index in FILE instead of ARCHIVE/.gt-club/club.sqlite.")
KEEP = click.option("--keep-duplicates", is_flag=True,
                    help="Count every record of a game recorded twice (by default each game counts once).")
GAME = click.option("--game", "kind", type=click.Choice(KINDS),
                    help="Which game's results (default: the one the archive has most games of).")


def _ignore_noqa(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        ctx.meta["gt.ignore_noqa"] = True


@click.group()
@click.option("--ignore-noqa", is_flag=True, expose_value=False, callback=_ignore_noqa,
              help="A log's own `# noqa` comments suppress nothing (implied by gt --isolated).")
def club() -> None:
    """A club's archive: every checked game remembered, statistics, ratings, a site."""


class Club:
    """An archive opened for a command: its index up to date, its aliases, what it took."""

    def __init__(self, archive: str, db_path: str | None, executor, as_json: bool,
                 rebuild: bool = False, recheck: bool = False, keep_duplicates: bool = False) -> None:
        from pathlib import Path

        from gtcli.club.db import default_path, open_index
        from gtcli.club.index import update, update_ratings
        from gtcli.club.archive import check_archive
        from gtcli.club.names import Names
        from gtcli.club.once import of_archive, without
        from gtcli.club.settings import club_settings
        from gtcli.core.diagnostics import Diagnostic, InputError
        from gtcli.core.executor import ExecutorUnavailable

        check_archive(archive)
        self.archive, self.as_json = archive, as_json
        config = self._config(archive)
        self.settings = club_settings(config.get("club"))
        self.aliases = self.settings
        self.names = Names.of(self.aliases)
        path = Path(db_path) if db_path else default_path(archive)
        opened = open_index(path, own_folder=db_path is None, rebuild=rebuild)
        self.conn, self.db, self.notes = opened.conn, path, opened.notes
        for note in self.notes:
            if not as_json:
                click.echo(safe(f"gt club: {note}", newlines=False), err=True)
        try:
            if executor.scheduler:  # the connection is tried even when nothing needs judging
                from gtcli.core.executor import map_ordered

                list(map_ordered(abs, [0], executor))
            with _progress(as_json) as advance:
                self.report = update(self.conn, archive, executor, self.job_of, recheck, advance)
            self._rows = None
            self.aside = [] if keep_duplicates else of_archive(self.rows(), self.names, archive,
                                                                 getattr(self.settings, "keep", ()))
            self.ratings = update_ratings(self.conn, self.names, without(self.rows(), self.aside))
        except sqlite3.DatabaseError as exc:  # damage found past the check made when it was opened
            raise InputError(Diagnostic("CLUB001", f"the index {path} cannot be used: {exc}", path=str(path),
                                        hint="`gt club index --rebuild` rebuilds it from the files")) from None
        except ExecutorUnavailable as exc:  # Dask not installed, the scheduler not reachable
            raise click.UsageError(str(exc)) from None
        if self.report.problems and not as_json:
            print_diagnostics(self.report.problems)
        if not as_json:
            self._say_suppressed()

    def suppressed(self) -> list[dict[str, Any]]:
        """The games whose own `# noqa` comments suppressed findings, and which (``CODE:LINE``)."""
        return [{"file": r.path, "verdict": r.verdict, "findings": list(r.suppressed)}
                for r in self.rows() if r.suppressed]

    def _say_suppressed(self) -> None:
        games = self.suppressed()
        if not games:
            return
        shown = "; ".join(f"{g['file']} ({', '.join(g['findings'][:5])}{', ...' if len(g['findings']) > 5 else ''})"
                          for g in games[:5])
        more = f"; and {len(games) - 5} more" if len(games) > 5 else ""
        click.echo(safe(f"gt club: {len(games)} game(s) judged with findings their own # noqa suppressed: "
                        f"{shown}{more} (gt club --ignore-noqa judges them without)", newlines=False), err=True)

    @staticmethod
    def _config(anchor: str):
        from gtcli.cli.settings import config_for, fail
        from gtcli.core.diagnostics import InputError

        try:
            return config_for(anchor)
        except InputError as exc:
            fail(exc, True if click.get_current_context().params.get("as_json") else False)

    def job_of(self, path: str):
        from gtcli.grand_tribunal.checking import job_for

        base = {"cards": None, "board": None, "profile": None, "allow_outside": False}
        meta = click.get_current_context().meta
        return job_for(path, self._config(path), {}, base,
                       noqa=not meta.get("gt.ignore_noqa") and not meta.get("gt.isolated"))

    def rows(self):
        """Every game file of the index (read once, after it was brought up to date)."""
        from gtcli.club.store import rows

        if self._rows is None:
            self._rows = rows(self.conn)
        return self._rows

    def index_json(self) -> dict[str, Any]:
        r = self.report
        return {"database": str(self.db), "notes": self.notes, "files": r.files, "judged": r.judged,
                "added": r.added, "changed": r.changed, "removed": r.removed, "unchanged": r.unchanged,
                "stale": r.stale, "problems": [d.to_json() for d in r.problems], "ratings": self.ratings,
                "suppressed": self.suppressed()}


@contextmanager
def _progress(quiet: bool) -> Iterator[Any]:
    """A progress bar on standard error while files are judged, only where a person watches
    (:func:`gtcli.cli.commands.check._progress`); started once the number of files is known."""
    from gtcli.cli.commands.check import check_progress as bar_of

    state: dict[str, Any] = {}

    def advance(done: int, total: int) -> None:
        if "bar" not in state:
            state["bar"] = bar_of(total) if total > 1 else None
            if state["bar"] is not None:
                state["bar"].start()
        if state["bar"] is not None:
            state["bar"].update(state["bar"].task_ids[0], completed=done)

    try:
        yield None if quiet else advance
    finally:
        if state.get("bar") is not None:
            state["bar"].stop()


def _kind(rows, kind: str | None) -> str:
    if kind:
        return kind
    counts = {k: sum(1 for r in rows if r.game == k) for k in KINDS}
    return max(KINDS, key=lambda k: (counts[k], k == KINDS[0]))


def _date(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    from gtcli.club.work import iso_date

    if value is None:
        return None
    found = iso_date(value)
    if found is None:
        raise click.BadParameter(f"{value!r} is not a date such as 2024-05-31", ctx, param)
    return found


@club.command("index")
@ARCHIVE
@DB
@executor_argument
@click.option("--rebuild", is_flag=True, help="Start the index again from the files (an index of a newer gt too).")
@json_option
@handles_input_errors()
def index_cmd(archive: str, db_path: str | None, executor, rebuild: bool, as_json: bool) -> None:
    """Bring the archive's index up to date: judge new and changed files, forget deleted ones."""
    from gtcli.cli.terminal.club import render_index

    from gtcli.club.once import conflicts
    from gtcli.club.report import left_out

    c = Club(archive, db_path, executor, as_json, rebuild=rebuild)
    data = {"archive": archive, **c.index_json(), **_verdicts(c.rows()), "excluded": left_out(c.rows(), c.names),
            "conflicts": conflicts(c.aside)}
    print_json(data) if as_json else render_index(data)


def _verdicts(rows) -> dict[str, Any]:
    from collections import Counter

    return {"games": {k: dict(Counter(r.verdict for r in rows if r.game == k)) for k in KINDS}}


@club.command("stats")
@ARCHIVE
@click.option("--player", metavar="NAME", help="Only this player's results and head-to-head.",
              shell_complete=completing.archive_players)
@click.option("--since", callback=_date, metavar="DATE", help="Only games on or after DATE (2024-05-31).")
@click.option("--until", callback=_date, metavar="DATE", help="Only games on or before DATE.")
@GAME
@KEEP
@DB
@executor_argument
@json_option
@handles_input_errors()
def stats_cmd(archive: str, player: str | None, since: str | None, until: str | None, kind: str | None,
              keep_duplicates: bool, db_path: str | None, executor, as_json: bool) -> None:
    """Games, wins, win rates, places, seats, head-to-head and streaks per player."""
    from gtcli.cli.terminal.club import render_stats
    from gtcli.club.report import stats_report

    c = Club(archive, db_path, executor, as_json, keep_duplicates=keep_duplicates)
    rows = c.rows()
    from gtcli.club.ratings import current

    game = _kind(rows, kind)
    data = stats_report(rows, c.names, game, player, since, until, c.aside,
                        {r.player: r.ordinal for r in current(c.conn, game)})
    if data is None:
        from gtcli.club.report import player_choices
        from gtcli.core.text import did_you_mean

        hint = did_you_mean(player or "", player_choices(rows, c.names))
        raise click.BadParameter(f"no player {player!r} in the archive" + (f"; {hint}" if hint else ""),
                                 param_hint="'--player'")
    data = {"archive": archive, **data, "stale": c.report.stale, "index": c.index_json()}
    print_json(data) if as_json else render_stats(data)


@club.command("ratings")
@ARCHIVE
@GAME
@KEEP
@DB
@executor_argument
@json_option
@handles_input_errors()
def ratings_cmd(archive: str, kind: str | None, keep_duplicates: bool, db_path: str | None, executor,
                as_json: bool) -> None:
    """OpenSkill ratings (Plackett-Luce), and how well they predicted the results."""
    from gtcli.cli.terminal.club import render_ratings
    from gtcli.club.report import ratings_report

    c = Club(archive, db_path, executor, as_json, keep_duplicates=keep_duplicates)
    rows = c.rows()
    data = {"archive": archive, **ratings_report(c.conn, rows, c.names, _kind(rows, kind), c.aside),
            "stale": c.report.stale, "index": c.index_json()}
    print_json(data) if as_json else render_ratings(data)


@club.command("duplicates")
@ARCHIVE
@DB
@executor_argument
@json_option
@handles_input_errors()
def duplicates_cmd(archive: str, db_path: str | None, executor, as_json: bool) -> None:
    """Names one letter apart (probably one player) and games recorded twice."""
    from gtcli.cli.terminal.club import render_duplicates
    from gtcli.club.report import duplicates_report

    c = Club(archive, db_path, executor, as_json)
    data = {"archive": archive, **duplicates_report(c.rows(), c.names, archive), "index": c.index_json()}
    print_json(data) if as_json else render_duplicates(data)
    if data["players"] or data["games"]:
        raise SystemExit(1)


@club.command("recheck")
@ARCHIVE
@DB
@executor_argument
@json_option
@handles_input_errors()
def recheck_cmd(archive: str, db_path: str | None, executor, as_json: bool) -> None:
    """Judge every game again (after a new gt, profile or card set) and list what changed."""
    from gtcli.cli.terminal.club import render_recheck

    c = Club(archive, db_path, executor, as_json, recheck=True)
    data = {"archive": archive, "rechecked": c.report.judged, "changed": c.report.changes, "index": c.index_json()}
    print_json(data) if as_json else render_recheck(data)
    if c.report.changes:
        raise SystemExit(1)


@club.command("export")
@ARCHIVE
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl", "bgstats"]), default="csv", show_default=True,
              help="csv for spreadsheets, jsonl (one JSON object a line) for pandas or DuckDB, bgstats for the "
                   "BG Stats app (the counted games as DIR/BGStatsExport.json; needs -o).")
@click.option("--table", type=click.Choice(["games", "players"]), default="games", show_default=True,
              help="Without -o: print one row per game, or one per player in a game.")
@click.option("-o", "--output", metavar="DIR", type=click.Path(file_okay=False),
              help="Write both tables into DIR (games.csv and player-games.csv, or .jsonl).")
@DB
@executor_argument
@json_option
@handles_input_errors()
def export_cmd(archive: str, fmt: str, table: str, output: str | None, db_path: str | None, executor,
               as_json: bool) -> None:
    """One row per game and one per player-game, as CSV or JSON lines."""
    from gtcli.club.export import table_text, tables, write_tables

    if fmt == "bgstats" and output is None:
        raise click.UsageError("--format bgstats writes a file: give the folder with -o DIR")
    c = Club(archive, db_path, executor, as_json or output is None)
    if as_json and output is None:  # the table itself, as JSON
        records = tables(c.rows(), c.names, c.aside)[0 if table == "games" else 1]
        print_json({"archive": archive, "table": table, "rows": len(records), "records": records,
                    "index": c.index_json()})
        return
    if output is None:
        text, count = table_text(c.rows(), c.names, fmt, table, c.aside)
        click.echo(file_text(text), nl=False)
        written = [{"file": None, "table": table, "rows": count}]
    elif fmt == "bgstats":
        from gtcli.club.bgstats import write_export

        written = write_export(c.rows(), c.names, c.aside, c.settings.title, output)
    else:
        written = write_tables(c.rows(), c.names, fmt, output, c.aside)
    if as_json:
        print_json({"archive": archive, "format": fmt, "written": written, "index": c.index_json()})
    elif output is not None:
        for entry in written:
            click.echo(safe(f"Wrote {entry['rows']} rows to {entry['file']}.", newlines=False))


@contextmanager
def _stopping(output: str) -> Iterator[None]:
    """Ctrl-C, SIGTERM or SIGHUP while the site is made: one line saying what DIR holds, and exit 128 plus the
    signal's number (the process pool stopped, the staged pages kept for the next run)."""
    from gtcli.balance.stopping import exit_code, stopping_on_signals

    with stopping_on_signals():
        try:
            yield
        except KeyboardInterrupt as exc:
            if getattr(exc, "site_done", False):
                said = f"the new site is in place in {output}"
            else:
                staged = getattr(exc, "site_staged", 0)
                kept = (f"; the {staged} page(s) made so far are kept aside in {output}/.gt-staging, and the next "
                        f"`gt club site` goes on from them") if staged else ""
                said = f"{output} still holds the previous site, unchanged (if any){kept}"
            click.echo(safe(f"gt club site: stopped; {said}.", newlines=False), err=True)
            raise SystemExit(exit_code(exc)) from None


@club.command("site")
@ARCHIVE
@click.option("-o", "--output", metavar="DIR", required=True, type=click.Path(file_okay=False),
              help="The folder to write the site into (created; gt's own pages in it are replaced).")
@click.option("--overwrite", is_flag=True,
              help="Write into a folder that holds files gt did not write (gt removes none of them).")
@KEEP
@DB
@executor_argument
@json_option
@handles_input_errors()
def site_cmd(archive: str, output: str, overwrite: bool, keep_duplicates: bool, db_path: str | None, executor,
             as_json: bool) -> None:
    """A static league site: standings, players with rating charts, scoresheets, games left out."""
    from gtcli.club.site import site_folder, write_site

    from gtcli.core.executor import ExecutorUnavailable

    site_folder(output, overwrite)  # a folder that is not gt's is refused before the archive is indexed
    with _stopping(output):
        c = Club(archive, db_path, executor, as_json, keep_duplicates=keep_duplicates)
        try:
            pages = write_site(c, output, executor, overwrite)
        except ExecutorUnavailable as exc:
            raise click.UsageError(str(exc)) from None
    if pages["finished_interrupted_swap"] and not as_json:
        click.echo(safe(f"gt club site: finished putting in place the site a killed run had left half swapped in "
                        f"{output}", newlines=False), err=True)
    from gtcli.club.once import conflicts, of_kind

    aside, conflicted = of_kind(c.aside, c.rows()), conflicts(c.aside)
    if as_json:
        print_json({"archive": archive, "output": output, **pages, "duplicates": aside, "conflicts": conflicted,
                    "index": c.index_json()})
    else:
        from gtcli.cli.terminal.club import conflict_lines, set_aside_lines

        resumed = f", {pages['resumed']} made by the run that was stopped" if pages["resumed"] else ""
        click.echo(safe(f"Wrote {pages['written']} page(s) to {output} ({pages['kept']} unchanged kept, "
                        f"{pages['removed']} removed{resumed}): open {output}/index.html", newlines=False))
        for line in conflict_lines(conflicted) + set_aside_lines(aside):
            click.echo(safe(line, newlines=False))
