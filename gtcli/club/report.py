"""What ``gt club stats``, ``ratings`` and ``duplicates`` answer, as JSON-ready dicts (docs/json.md).

Assembled from the index's rows by the pure functions of :mod:`gtcli.club.stats` and the
stored ratings of :mod:`gtcli.club.ratings`; the commands print these dicts or render them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from gtcli.club import once, ratings, stats, store
from gtcli.club.names import Names, probable_duplicates_why
from gtcli.club.once import SetAside
from gtcli.club.prediction import record
from gtcli.club.work import Row

MAX_COMPARED = 500  # record pairs gt club duplicates reads and compares in one run


def _excluded(left: Sequence[stats.Excluded], rows: Sequence[Row]) -> list[dict[str, Any]]:
    """The games left out, each with why, and its first finding (``line``, ``finding``; None where none)."""
    from gtcli.club.league import first_finding, relative_reason

    stored = {r.path: r.reason for r in rows}
    out = []
    for e in left:
        found = first_finding(relative_reason(stored.get(e.path, ""), e.path)) if stored.get(e.path) else None
        out.append({"file": e.path, "reason": e.reason, "line": found.line if found else None,
                    "finding": found.message if found else None})
    return out


def left_out(rows: Sequence[Row], names: Names) -> list[dict[str, Any]]:
    """Every game of the archive left out of every statistic (``gt club index``), with its first finding."""
    return _excluded(stats.eligible(rows, names)[1], rows)


def _of_kind(rows: Sequence[Row], kind: str) -> list[Row]:
    return sorted((r for r in rows if r.game == kind), key=store.game_order)


def player_choices(rows: Sequence[Row], names: Names) -> list[str]:
    return sorted(set(names.display(stats.spellings(rows)).values()))


def stats_report(rows: Sequence[Row], names: Names, kind: str, player: str | None = None,
                 since: str | None = None, until: str | None = None,
                 aside: Sequence[SetAside] = (), rated: dict[str, float] | None = None) -> dict[str, Any] | None:
    """``gt club stats``; None if ``player`` played no game of the archive. ``aside``: the records
    of games counted once already (:mod:`gtcli.club.once`), left out of every figure and listed.
    ``rated``: player key -> rating now (``ordinal``); players are listed by it, as the ratings
    and the site list them (a player unrated last), never by a win rate of a few games."""
    of_kind = _of_kind(rows, kind)
    display = names.display(stats.spellings(of_kind))
    counted, left = stats.eligible(once.without(of_kind, aside), names)
    dated = [r for r in counted if (since is None and until is None) or
             (r.date is not None and (since is None or r.date >= since) and (until is None or r.date <= until))]
    outside = len(counted) - len(dated)
    only = None
    if player is not None:
        only = names.key(player)
        if only not in display:
            return None
        dated = [r for r in dated if any(names.key(s.name) == only for s in r.seats)]
    per_player = stats.players(dated, names, display)
    if rated is not None:
        for p in per_player:
            p["rating"] = rated.get(p["key"])
        per_player.sort(key=lambda p: (p["rating"] is None, -(p["rating"] or 0.0), p["key"]))
    if only is not None:
        per_player = [p for p in per_player if p["key"] == only]
    return {
        "game": kind, "games": len(dated), "player": display.get(only) if only else None,
        "since": since, "until": until, "outside_dates": outside,
        "excluded": _excluded(left, of_kind), "duplicates": once.of_kind(aside, of_kind),
        "conflicts": once.conflicts(aside, of_kind), "players": per_player,
        "seats": stats.seats(dated),
        "head_to_head": stats.head_to_head(dated, names, display, only),
        "probable_duplicates": _probable(display),
        "other_games": {k: n for k, n in _kinds(rows).items() if k != kind and n},
    }


def _probable(display: dict[str, str]) -> list[dict[str, str]]:
    """Names that are probably one player (never merged), as the club shows them, with why."""
    return [{"a": display.get(a, a), "b": display.get(b, b), "why": why} for a, b, why in probable_duplicates_why(display)]


def _kinds(rows: Sequence[Row]) -> dict[str, int]:
    from gtcli.club.work import GT, TRICKERION

    return {k: sum(1 for r in rows if r.game == k) for k in (GT, TRICKERION)}


def ratings_report(conn, rows: Sequence[Row], names: Names, kind: str,
                   aside: Sequence[SetAside] = ()) -> dict[str, Any]:
    """``gt club ratings``: the stored ratings of ``kind`` (brought up to date by the command, without
    the records in ``aside``)."""
    from importlib.metadata import version

    of_kind = _of_kind(rows, kind)
    display = names.display(stats.spellings(of_kind))
    counted, left = stats.eligible(once.without(of_kind, aside), names)
    return {
        "game": kind, "model": "PlackettLuce", "openskill": version("openskill"), "games": len(counted),
        "excluded": _excluded(left, of_kind), "duplicates": once.of_kind(aside, of_kind),
        "conflicts": once.conflicts(aside, of_kind),
        "players": [{"name": display.get(r.player, r.player), "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal,
                     "games": r.games} for r in ratings.current(conn, kind)],
        "prediction": record(ratings.per_game(conn, kind)), "probable_duplicates": _probable(display),
        "other_games": {k: n for k, n in _kinds(rows).items() if k != kind and n},
    }


def duplicates_report(rows: Sequence[Row], names: Names, archive: str) -> dict[str, Any]:
    """``gt club duplicates``: names one edit apart, and logs that record one game twice."""
    players = []
    for kind, n in _kinds(rows).items():
        of_kind = [r for r in rows if r.game == kind]
        display = names.display(stats.spellings(of_kind))
        counts = stats.spellings(of_kind)
        games = {k: 0 for k in display}
        for written, c in counts.items():
            games[names.key(written)] += c
        players += [{"game": kind, "a": display[a], "b": display[b], "games_a": games[a], "games_b": games[b],
                     "why": why} for a, b, why in probable_duplicates_why(display)]
    return {"players": players, **_duplicate_games(rows, archive)}


def _duplicate_games(rows: Sequence[Row], archive: str) -> dict[str, Any]:
    """Logs that begin alike (the same opening moves): identical records as one group, and
    each pair of differing records compared (one the start of the other, or where they part)."""
    groups: dict[tuple[str, str], dict[str, list[str]]] = {}
    for r in rows:
        if r.kind == "log" and r.opening:
            groups.setdefault((r.game or "", r.opening), {}).setdefault(r.record, []).append(r.path)
    found, compared, skipped = [], 0, 0
    for records in groups.values():
        clusters = list(records.values())
        found += [{"files": files, "relation": "same", "index": None, "shorter": None}
                  for files in clusters if len(files) > 1]
        for i, a in enumerate(clusters):
            for b in clusters[i + 1:]:
                if compared >= MAX_COMPARED:
                    skipped += 1
                    continue
                compared += 1
                entry = _compared(archive, a[0], b[0])
                if entry is not None:
                    found.append(entry)
    return {"games": found, "not_compared": skipped}


def _compared(archive: str, a: str, b: str) -> dict[str, Any] | None:
    from gtcli.club.diff import compare, read_units
    from gtcli.core.diagnostics import InputError

    try:
        d = compare(read_units(os.path.join(archive, a)), read_units(os.path.join(archive, b)))
    except InputError:
        return None
    return {"files": [a, b], "relation": d.relation, "index": d.index,
            "shorter": (a, b)[d.shorter] if d.shorter is not None else None}
