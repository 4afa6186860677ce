"""``gt club export``: the index as two tables, for spreadsheets, pandas or DuckDB.

``games``: one row per game file of the index (left-out games too: their ``verdict`` says
why, so a spreadsheet can filter); ``player-games``: one row per player of each game.
CSV (UTF-8, a header row, one line a record) or JSON lines (one object per line). Names come from
strangers' files: a CSV text cell that a spreadsheet would run as a formula (one starting
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a leading
``'``, as OWASP advises; JSON needs no such care. With ``-o DIR`` both tables are written
atomically into DIR (``games.csv`` and ``player-games.csv``, or ``.jsonl``).
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from typing import Any

from gtcli.club import stats, store
from gtcli.club.names import Names
from gtcli.club.work import Row

GAME_FIELDS = ("file", "game", "date", "event", "verdict", "codes", "reason", "players", "winners", "sha256",
               "gt_version", "profile")
PLAYER_FIELDS = ("file", "game", "date", "verdict", "seat", "player", "written", "total", "place", "rank", "winner")
RISKY = ("=", "+", "-", "@", "\t", "\r")


def tables(rows: Sequence[Row], names: Names) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(game rows, player-game rows), games in date order then path order."""
    games, players = [], []
    display = names.display(stats.spellings(rows))
    for r in sorted(rows, key=store.game_order):
        games.append({"file": r.path, "game": r.game, "date": r.date, "event": r.event, "verdict": r.verdict,
                      "codes": " ".join(r.codes), "reason": r.reason, "players": len(r.seats),
                      "winners": "; ".join(display.get(names.key(s.name), s.name) for s in r.seats if s.winner),
                      "sha256": r.sha256, "gt_version": r.version, "profile": r.profile})
        for s in r.seats:
            players.append({"file": r.path, "game": r.game, "date": r.date, "verdict": r.verdict, "seat": s.seat,
                            "player": display.get(names.key(s.name), s.name), "written": s.name, "total": s.total,
                            "place": s.place, "rank": s.rank, "winner": s.winner})
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
    from gtcli.cli.terminal.output import json_text

    return "".join(json_text(record, indent=None) + "\n" for record in records)


def export_tables(rows: Sequence[Row], names: Names, fmt: str, table: str, output: str | None) -> list[dict]:
    """Print ``table`` (no ``output``) or write both tables into ``output``; what was written."""
    import click

    games, players = tables(rows, names)
    chosen = {"games": (games, GAME_FIELDS), "players": (players, PLAYER_FIELDS)}

    def text(which: str) -> str:
        records, fields = chosen[which]
        return as_csv(records, fields) if fmt == "csv" else as_jsonl(records)

    if output is None:
        from gtcli.cli.terminal.output import file_text

        click.echo(file_text(text(table)), nl=False)
        return [{"file": None, "table": table, "rows": len(chosen[table][0])}]
    from gtcli.core.files.guarded import save

    os.makedirs(output, exist_ok=True)
    written = []
    for which, name in (("games", "games"), ("players", "player-games")):
        path = os.path.join(output, f"{name}.{fmt}")
        save(path, text(which), what="export file")
        written.append({"file": path, "table": which, "rows": len(chosen[which][0])})
    return written
