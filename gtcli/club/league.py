"""What the league site shows, gathered from the index: pure data for :mod:`gtcli.club.site_pages`.

Per game kind: the games that count (each game once: :mod:`gtcli.club.once`), the games left
out and the records set aside, the standings (ratings joined with wins), the prediction
record (:mod:`gtcli.club.prediction`), the club's records and, per player, every game of
theirs with their place, score, the winners and their rating after it.

Club records (the front page), over the games that count:

* **most wins** and **longest run of wins** (a shared win counts for each winner; ties: the
  player who got there first in game order);
* **best score**: the highest final total in one game (points, or fame);
* **biggest table**: the game with the most players (the first such game in game order).

Names are the club's everywhere (aliases applied; :meth:`gtcli.club.names.Names.display`),
each with the page of its player. Paths are relative to the archive; a reason ``gt check``
wrote with the path it was given is made relative by :func:`relative_reason`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from gtcli.club import once, ratings, stats, store
from gtcli.club.names import Names, probable_duplicates_why
from gtcli.club.prediction import record
from gtcli.club.work import Row

LATEST = 10  # games on the front page
KINDS = ("grand-tribunal", "trickerion")


def relative_reason(reason: str, path: str) -> str:
    """``reason`` (a finding as ``gt check`` printed it, ``WHERE/path:line:col: ...``) with the file
    named by ``path``, relative to the archive, wherever it names it, never by the absolute or relative
    path it was judged by (``/home/ana/club/2024/x.gtl`` -> ``2024/x.gtl``)."""
    return re.sub(rf"(?<!\S)\S*/{re.escape(path)}(?=[:\s,;)]|$)", lambda _: path, reason)


@dataclass(frozen=True)
class Finding:
    line: int | None
    message: str


FINDING = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.*)$")


def first_finding(reason: str) -> Finding | None:
    """The line and message of a stored first finding (``path:line:col: CODE message``), if it has them."""
    found = FINDING.match(reason)
    if found:
        return Finding(int(found["line"]), found["message"])
    if ": " in reason:
        return Finding(None, reason.split(": ", 1)[1])
    return None


@dataclass
class League:
    """Everything the site's pages show (module docstring); ``href`` values are relative to the site's top."""

    title: str
    lang: str
    archive_name: str  # the archive folder's own name: `gt check NAME/FILE` works from its parent
    display: dict[str, str]  # player key -> the club's name
    pages: dict[str, str]  # player key -> players/... page
    game_pages: dict[str, str]  # game path -> games/... page
    sheets: dict[str, str]  # game path -> its scoresheet page (when it could be drawn)
    kinds: list[dict] = field(default_factory=list)
    left_out: list[dict] = field(default_factory=list)
    aside: list[dict] = field(default_factory=list)
    games: list[dict] = field(default_factory=list)  # every game, newest first
    players: dict[str, list[dict]] = field(default_factory=dict)  # key -> one section per game kind


def gather(conn, rows: Sequence[Row], names: Names, aside: Sequence[once.SetAside], *, title: str, lang: str,
           archive_name: str, game_pages: dict[str, str], sheets: dict[str, str], player_page) -> League:
    display = names.display(stats.spellings(rows))
    pages = {k: player_page(k) for k in display}
    league = League(title, lang, archive_name, display, pages, game_pages, sheets)
    repeats = {s.path: s for s in aside if s.relation != once.CONFLICT}
    conflicted = {s.path: s for s in aside if s.relation == once.CONFLICT}
    entries = {}
    for kind in KINDS:
        of_kind = sorted((r for r in rows if r.game == kind), key=store.game_order)
        if not of_kind:
            continue
        counted, left = stats.eligible(once.without(of_kind, aside), names)
        why = {e.path: e.reason for e in left}
        why.update((r.path, conflict_reason(conflicted[r.path])) for r in of_kind if r.path in conflicted)
        after = ratings.after_each_game(conn, kind)
        for r in of_kind:
            entries[r.path] = _entry(league, r, names, after, why.get(r.path), repeats.get(r.path))
        league.left_out += [_left(league, r, why[r.path], conflicted.get(r.path)) for r in of_kind if r.path in why]
        league.aside += once.of_kind(aside, of_kind)
        numbers = {p["key"]: p for p in stats.players(counted, names, display)}
        standings = [{"key": r.player, "ordinal": r.ordinal, "games": r.games,
                      "wins": numbers.get(r.player, {}).get("wins", 0),
                      "win_rate": numbers.get(r.player, {}).get("win_rate"),
                      "average_place": numbers.get(r.player, {}).get("average_place", 0.0)}
                     for r in ratings.current(conn, kind)]
        league.kinds.append({
            "game": kind, "games": len(counted), "excluded": len(left) + sum(r.path in conflicted for r in of_kind),
            "aside": sum(1 for r in of_kind if r.path in repeats), "standings": standings,
            "prediction": record(ratings.per_game(conn, kind)),
            "probable": [{"a": a, "b": b, "why": why} for a, b, why in
                         probable_duplicates_why({names.key(s.name) for r in of_kind for s in r.seats})],
            "latest": [entries[r.path] for r in _newest(counted)[:LATEST]],
            "records": _records(counted, names, numbers, entries)})
        _player_sections(league, kind, of_kind, counted, names, numbers, entries)
    league.games = [entries[r.path] for r in _newest(rows) if r.path in entries]
    return league


def _newest(rows: Sequence[Row]) -> list[Row]:
    """Newest first (undated last), then path order."""
    dated = sorted((r for r in rows if r.date), key=lambda r: store.path_key(r.path))
    dated.sort(key=lambda r: r.date, reverse=True)
    return dated + sorted((r for r in rows if not r.date), key=lambda r: store.path_key(r.path))


def _entry(league: League, r: Row, names: Names, after: dict, why: str | None, repeat) -> dict:
    seats = []
    for s in sorted(r.seats, key=lambda s: (s.place, s.seat)):
        key = names.key(s.name)
        seats.append({"key": key, "name": league.display.get(key, s.name), "written": s.name, "total": s.total,
                      "place": s.place, "winner": s.winner, "seat": s.seat, "rating": after.get((r.path, key))})
    return {"file": r.path, "game": r.game, "date": r.date, "event": r.event, "verdict": r.verdict,
            "href": league.game_pages.get(r.path), "sheet": league.sheets.get(r.path), "seats": seats,
            "counted": why is None and repeat is None, "why": why,
            "repeat": repeat.to_json() if repeat is not None else None}


def conflict_reason(s: once.SetAside) -> str:
    """Why a record of a conflict is not counted (:mod:`gtcli.club.once`), naming the other records."""
    others = [f for f in s.files if f != s.path]
    same = "moves" if all(f.endswith(".gtl") for f in s.files) else "Tribunals"  # a session records no moves
    return (f"conflict: the same {same} as {', '.join(others)} with another {', '.join(s.differ)}; "
            f"none counts until the club keeps one ([club] keep in gt.toml)")


def _left(league: League, r: Row, why: str, conflict: once.SetAside | None = None) -> dict:
    reason = relative_reason(r.reason, r.path)
    other = [f for f in conflict.files if f != r.path][:1] if conflict else []
    logs = r.kind == "log" and bool(other) and other[0].endswith(".gtl")  # gt diff reads logs, not sessions
    where = [r.path] + (other if logs else [])
    return {"file": r.path, "game": r.game, "reason": why, "href": league.game_pages.get(r.path),
            "finding": first_finding(reason) if r.reason else None,
            "check": "gt diff" if logs else _command(r.kind),
            "check_path": " ".join(_shell(league.archive_name + "/" + p) for p in where)}


def _command(kind: str) -> str:
    """The command that shows every finding of a game's file (followed by its path)."""
    return {"log": "gt check", "session": "gt game show"}.get(kind, "gt trickerion game show")


def _shell(path: str) -> str:
    """``path`` as one word of a shell command line (quoted when it must be)."""
    import shlex

    return shlex.quote(path)


def _records(counted: Sequence[Row], names: Names, numbers: dict, entries: dict) -> dict:
    """The club's records over the games that count (module docstring), or None where there is none."""
    def first_best(field: str, what: str):
        """The player with the most ``field``; of those level, the first to reach it in game order (then the
        first listed). The game order is walked only for the players level at the top."""
        if not numbers:
            return None
        top = max(p[field] for p in numbers.values())
        level = [key for key, p in numbers.items() if p[field] == top]
        if len(level) == 1:
            return level[0]
        return min(level, key=lambda key: _first_reached(counted, names, numbers[key]["key"], what, top, order))

    order = {r.path: n for n, r in enumerate(counted)}
    wins = first_best("wins", "wins")
    streak = first_best("longest_streak", "streak")
    best_score = None
    for r in counted:
        for s in r.seats:
            if best_score is None or s.total > best_score[0]:
                best_score = (s.total, names.key(s.name), r.path)
    biggest = max(counted, key=lambda r: (len(r.seats), -order[r.path]), default=None)
    return {
        "most_wins": {"key": wins, "value": numbers[wins]["wins"]} if wins and numbers[wins]["wins"] else None,
        "longest_streak": {"key": streak, "value": numbers[streak]["longest_streak"]}
        if streak and numbers[streak]["longest_streak"] else None,
        "best_score": {"key": best_score[1], "value": best_score[0], "game": entries[best_score[2]]}
        if best_score else None,
        "biggest_table": {"value": len(biggest.seats), "game": entries[biggest.path]} if biggest else None}


def _first_reached(counted: Sequence[Row], names: Names, key: str, what: str, target: int, order: dict) -> int:
    """The position in game order of the game where ``key`` first reached ``target`` wins (or a run of it)."""
    total = run = 0
    for r in counted:
        mine = [s for s in r.seats if names.key(s.name) == key]
        if not mine:
            continue
        won = mine[0].winner
        total += won
        run = run + 1 if won else 0
        if (total if what == "wins" else run) >= target:
            return order[r.path]
    return len(counted)


def _player_sections(league: League, kind: str, of_kind: Sequence[Row], counted: Sequence[Row], names: Names,
                     numbers: dict, entries: dict) -> None:
    counted_paths = {r.path for r in counted}
    key_of = {shown: key for key, shown in league.display.items()}  # a name shown escaped is not its key
    mine: dict[str, list[Row]] = {}
    for r in of_kind:
        for key in dict.fromkeys(names.key(s.name) for s in r.seats):
            mine.setdefault(key, []).append(r)
    for key, games in mine.items():
        played = [r for r in games if r.path in counted_paths]
        h2h = stats.head_to_head(played, names, league.display, key)
        for h in h2h:
            h["key_b"] = key_of.get(h["b"], names.key(h["b"]))
        history = []  # (date, rating after) of each game counted
        for r in played:
            e = entries[r.path]
            seat = next(s for s in e["seats"] if s["key"] == key)
            if seat["rating"] is not None:
                history.append((r.date, seat["rating"]))
        rating = next((p for p in league.kinds[-1]["standings"] if p["key"] == key), None)
        league.players.setdefault(key, []).append({
            "game": kind, "stats": numbers.get(key), "rating": rating, "history": history, "head_to_head": h2h,
            "games": [entries[r.path] for r in _newest(games)]})
