"""``gt club export``: the index as two tables, for spreadsheets, pandas or DuckDB.

``games``: one row per game file of the index (left-out games too: their ``verdict`` says
why, so a spreadsheet can filter); ``player-games``: one row per player of each game. Both say
whether the game is ``counted`` (legal, complete, and not set aside), and ``set_aside``: the
relation of a record set aside to the one counted (``same``, ``prefix``, ``overruled``) or
``conflict`` (:mod:`gtcli.club.once`); ``repeats`` names the record it repeats (the other
records of a conflict, ``; ``-separated), so a spreadsheet never counts a game twice.
CSV (UTF-8, a header row, one line a record) or JSON lines (one object per line). Names come from
strangers' files: a CSV text cell that a spreadsheet would run as a formula (one starting
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a leading
``'``, as OWASP advises; JSON needs no such care. With ``-o DIR`` both tables are written
atomically into DIR (``games.csv`` and ``player-games.csv``, or ``.jsonl``): names gt chose,
so a link (even a dangling one), FIFO, folder or hard link in their place is refused (IO006)
and left as it is, never written through (:mod:`gtcli.core.files.beside`).
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from typing import Any

from gtcli.club import once, stats, store
from gtcli.club.league import relative_reason
from gtcli.club.names import Names
from gtcli.club.work import Row

GAME_FIELDS = ("file", "game", "date", "event", "verdict", "codes", "reason", "players", "winners", "sha256",
               "gt_version", "profile", "suppressed", "counted", "set_aside", "repeats")
PLAYER_FIELDS = ("file", "game", "date", "verdict", "seat", "player", "written", "total", "place", "rank", "winner",
                 "counted", "set_aside")
RISKY = ("=", "+", "-", "@", "\t", "\r")


def tables(rows: Sequence[Row], names: Names,
           aside: Sequence[once.SetAside] = ()) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(game rows, player-game rows), games in date order then path order; ``aside``: the records set
    aside (:func:`gtcli.club.once.of_archive`), marked in both."""
    games, players = [], []
    display = names.display(stats.spellings(rows))
    marks = {s.path: s for s in aside}
    for r in sorted(rows, key=store.game_order):
        mark = marks.get(r.path)
        counted = mark is None and stats.why_not(r, names) is None
        relation = mark.relation if mark else ""
        repeats = "; ".join(f for f in mark.files if f != r.path) if mark and mark.relation == once.CONFLICT \
            else mark.kept if mark else ""
        games.append({"file": r.path, "game": r.game, "date": r.date, "event": r.event, "verdict": r.verdict,
                      "codes": " ".join(r.codes), "reason": relative_reason(r.reason, r.path), "players": len(r.seats),
                      "winners": "; ".join(display.get(names.key(s.name), s.name) for s in r.seats if s.winner),
                      "sha256": r.sha256, "gt_version": r.version, "profile": r.profile,
                      "suppressed": " ".join(r.suppressed), "counted": counted, "set_aside": relation,
                      "repeats": repeats})
        for s in r.seats:
            players.append({"file": r.path, "game": r.game, "date": r.date, "verdict": r.verdict, "seat": s.seat,
                            "player": display.get(names.key(s.name), s.name), "written": s.name, "total": s.total,
                            "place": s.place, "rank": s.rank, "winner": s.winner, "counted": counted,
                            "set_aside": relation})
    return games, players


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(RISKY):
        return "'" + value
    return "" if value is None else value


def as_csv(records: list[dict[str, Any]], fields: Sequence[str]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(fields), lineterminator="\n")
    writer.writeheader()
    for record in records:
        writer.writerow({k: _cell(v) for k, v in record.items()})
    return buffer.getvalue()


def as_jsonl(records: list[dict[str, Any]]) -> str:
    from gtcli.core.escaping import json_text

    return "".join(json_text(record, indent=None) + "\n" for record in records)


def table_text(rows: Sequence[Row], names: Names, fmt: str, table: str,
               aside: Sequence[once.SetAside] = ()) -> tuple[str, int]:
    """One table (``games`` or ``players``) as CSV or JSON lines, and its number of rows."""
    games, players = tables(rows, names, aside)
    records, fields = (games, GAME_FIELDS) if table == "games" else (players, PLAYER_FIELDS)
    return (as_csv(records, fields) if fmt == "csv" else as_jsonl(records)), len(records)


def write_tables(rows: Sequence[Row], names: Names, fmt: str, output: str,
                 aside: Sequence[once.SetAside] = ()) -> list[dict]:
    """Write both tables into the folder ``output`` (made if missing); what was written."""
    from gtcli.core.files.guarded import save

    from gtcli.core.files.written import signals_held

    games, players = tables(rows, names, aside)
    texts = [(which, os.path.join(output, f"{name}.{fmt}"), len(records),
              as_csv(records, fields) if fmt == "csv" else as_jsonl(records))
             for which, name, records, fields in (("games", "games", games, GAME_FIELDS),
                                                  ("players", "player-games", players, PLAYER_FIELDS))]
    os.makedirs(output, exist_ok=True)
    written = []
    # The two tables are one export: both made first, then saved with Ctrl-C, SIGTERM and SIGHUP held
    # (delivered once both are in place), so a stop never leaves a new games table beside an old
    # player-games table.
    with signals_held():
        for which, path, count, text in texts:
            save(path, text, what="export file", follow_links=False)
            written.append({"file": path, "table": which, "rows": count})
    return written
