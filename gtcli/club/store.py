"""Rows in and out of the index (:mod:`gtcli.club.db`): what indexing writes, what questions read."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from gtcli.club.db import transaction
from gtcli.club.work import Row, Seat
from gtcli.core.files.json_source import loads_bounded

FEW = 1000  # scoresheets looked up one by one below this many, in one pass over the index above it
COLUMNS = ("path", "sha256", "size", "kind", "game", "verdict", "codes", "reason", "date", "event", "version",
           "profile", "settings", "used", "judge", "opening", "record", "units", "suppressed", "rules",
           "tribunals")


@dataclass(frozen=True)
class Known:
    """What the index remembers of a file, to tell whether it must be read and judged again."""

    sha256: str
    size: int
    kind: str
    settings: str
    used: tuple[str, ...]
    judge: str


def known(conn: sqlite3.Connection) -> dict[str, Known]:
    return {path: Known(sha, size, kind, settings, tuple(p for p, _ in loads_bounded(used)), judge)
            for path, sha, size, kind, settings, used, judge in
            conn.execute("SELECT path, sha256, size, kind, settings, used, judge FROM files")}


def _values(row: Row) -> tuple:
    return (row.path, row.sha256, row.size, row.kind, row.game, row.verdict, ",".join(row.codes), row.reason,
            row.date, row.event, row.version, row.profile, row.settings, json.dumps([list(u) for u in row.used]),
            row.judge, row.opening, row.record, row.units, ",".join(row.suppressed), row.rules, row.tribunals,
            row.sheet)


def write(conn: sqlite3.Connection, rows: Iterable[Row], forget: Iterable[str] = ()) -> None:
    """Store ``rows`` (replacing what a path had) and forget ``forget``, in one transaction."""
    stored = (*COLUMNS, "sheet")  # in the order of _values
    insert = f"INSERT OR REPLACE INTO files ({', '.join(stored)}) VALUES ({', '.join('?' * len(stored))})"
    with transaction(conn):
        for path in forget:
            conn.execute("DELETE FROM files WHERE path = ?", (path,))
        for row in rows:
            conn.execute("DELETE FROM seats WHERE path = ?", (row.path,))
            conn.execute(insert, _values(row))
            conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                             [(row.path, s.seat, s.name, s.total, s.place, s.rank, int(s.winner)) for s in row.seats])


def rows(conn: sqlite3.Connection, games_only: bool = True) -> list[Row]:
    """Every file of the index (the games only, by default), with its seats, in path order."""
    seats: dict[str, list[Seat]] = {}
    for path, seat, name, total, place, rank, winner in conn.execute(
            "SELECT path, seat, name, total, place, rank, winner FROM seats ORDER BY path, seat"):
        seats.setdefault(path, []).append(Seat(seat, name, total, place, rank, bool(winner)))
    where = " WHERE game IS NOT NULL" if games_only else ""
    out = []
    for values in conn.execute(f"SELECT {', '.join(COLUMNS)} FROM files{where}"):
        data = dict(zip(COLUMNS, values))
        data["codes"] = tuple(c for c in data["codes"].split(",") if c)
        data["suppressed"] = tuple(c for c in data["suppressed"].split(",") if c)
        data["used"] = tuple(tuple(u) for u in loads_bounded(data["used"]))
        data["seats"] = tuple(seats.get(data["path"], ()))
        out.append(Row(**data))
    out.sort(key=lambda r: path_key(r.path))
    return out


def sheets(conn: sqlite3.Connection, paths: Iterable[str]) -> dict[str, bytes]:
    """The scoresheet kept for each of ``paths`` that has one (:mod:`gtcli.club.sheets`): read only for the
    pages a run makes, not with every row."""
    wanted = set(paths)
    if len(wanted) < FEW:  # a few new games: each looked up by its path (the table's key)
        found = [row for path in sorted(wanted) for row in
                 conn.execute("SELECT path, sheet FROM files WHERE path = ? AND sheet IS NOT NULL", (path,))]
    else:  # most of them: one pass
        found = conn.execute("SELECT path, sheet FROM files WHERE sheet IS NOT NULL")
    return {path: sheet for path, sheet in found if path in wanted and isinstance(sheet, bytes)}


def path_key(path: str) -> tuple[str, ...]:
    """Path order: folder by folder, as ``gt check`` lists an archive."""
    return tuple(path.split("/"))


def game_order(row: Row) -> tuple:
    """Date order, then path order; undated games after the dated ones."""
    return (row.date is None, row.date or "", path_key(row.path))
