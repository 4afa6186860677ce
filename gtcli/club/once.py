"""A game is counted once, and a stranger's record never decides which: records of one game beyond
the one kept are set aside before counting, and records that disagree are a conflict.

A club's archive often holds one game twice: a mailed copy saved beside the original (the
same bytes), the same game typed up again or put into Spanish with ``gt fmt --lang es`` (the
same moves, other bytes), or a record that stops early beside the whole one (a prefix).
Statistics, ratings and the league site count each game once: :func:`set_aside` names the
records that repeat another one, and the commands leave them out of every figure and say so.

**One game.** Two records are one game only when they agree on all of:

* their **moves** (the units of :mod:`gtcli.club.diff` without the ``scores`` and ``winner``
  lines, which are claims the rules check, players named by their seat:
  :func:`gtcli.club.diff.by_seat`), one the same as or the start of the other;
* their **rules**: :attr:`gtcli.club.work.Row.rules`, a digest of the profile's parameters, the
  variants, the card set and the board, everything that decides the result besides the moves;
* their judged **result**: who sat in each seat as the club names them (``key``: its aliases),
  each seat's total and whether it won;
* their **date** (the date the club sees is the one its record gives).

Of the records of one game, the one kept is the one with the most moves (a whole record over
one that stops early), then the **first in path order**: the club's own archive order, never
a date, an extra ``winner`` line or anything else a file says about itself. The others are set
aside: ``same``, or ``prefix`` (it stops early, or leaves out scores or winner lines).

**A conflict.** Records of the same moves that disagree on rules, result or date are not one
game that a tie-break may settle: a stranger's copy under another profile, with another
winner or an earlier date would otherwise replace the club's game; one that seats another
player (the same moves by seat, a name no alias makes the club's player) would credit the
others with the game twice. Every record of such a
group is set aside with the relation ``conflict`` (neither counts) and named by every
command, until the club chooses: ``[club] keep = ["path/of/the/record"]`` in gt.toml (paths
relative to the archive) keeps that record; records agreeing with it are set aside as
``same`` or ``prefix`` of it, the others as ``overruled``. ``keep`` also chooses among exact
copies. A ``keep`` naming two records of one group keeps the first it names.

How they are found (what ``gt club duplicates`` compares, :mod:`gtcli.club.diff`): logs of
one game kind whose openings (the first 16 units of moves, in canonical form, players by
seat) are equal are candidates; two with the same ``record`` hash (the same text from the
setup on) are the same moves without reading them; others are read and compared unit by unit
(layout, comments, tags and language do not count). Sessions (``gt game``, Trickerion) with
the same totals and winners seat by seat are read (:func:`archive_contents`), and have the
same moves when their TOML's values but the ``date`` are, players named by their seat
(:func:`gtcli.club.seating.by_seat`; comments and layout do not count; who sat there and the
date are facts, so a copy with another date, or another player under a name no alias gives
the club's player, is a conflict). A record whose opening differs (a game recorded with
another seating) is not found. Only games that count are compared: a record left out
(illegal, incomplete) is left out already.

**A log and its session.** A ``gt game`` session whose Tribunals (first Praeco, profile, each
Tribunal's items, votes and results, as gt writes them, players by seat:
:func:`gtcli.club.seating.tribunals`, noted in the index) are those the replay of a counted log
gives, as ``gt game from-log`` writes them (the log judged as the club judges it), with the
same totals and winners, is that log's game: the log, the fuller record, is kept and the session
set aside as ``same`` (unless ``keep`` names the session). Who sat where (under the club's
names) and the date are facts, compared as for copies (a conflict when they differ), except
that ``from-log`` writes no date: a session without one takes the log's. A session whose
tables differ in anything is another game, not a conflict: ``from-log`` records no source, so
nothing but its tables ties it to the log.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gtcli.club import store
from gtcli.club.seating import by_seat
from gtcli.club.work import Row
from gtcli.core.text import fold

CONFLICT, OVERRULED = "conflict", "overruled"
FACTS = ("rules", "result", "date")


@dataclass(frozen=True)
class SetAside:
    path: str  # the record set aside
    kept: str  # the record of the same game that is counted ("" in a conflict: none is)
    relation: str  # "same", "prefix" (it stops early), "overruled" (the club keeps another) or "conflict"
    differ: tuple[str, ...] = ()  # a conflict's: which of FACTS its records disagree on
    files: tuple[str, ...] = ()  # a conflict's records, in path order
    dates: tuple[str | None, ...] = ()  # their dates

    def to_json(self) -> dict[str, str]:
        return {"file": self.path, "kept": self.kept, "relation": self.relation}

    def conflict_json(self) -> dict:
        return {"files": list(self.files), "differ": list(self.differ), "dates": list(self.dates)}


Units = Callable[[str], "list[str] | None"]  # a record's path -> its moves' texts (None: cannot be read)


def archive_units(archive: str) -> Units:
    """The moves of a record of ``archive`` (by its relative path), players named by their seat
    (:func:`gtcli.club.diff.by_seat`), read once each; None if unreadable."""
    from gtcli.club.diff import read_units
    from gtcli.core.diagnostics import InputError

    memo: dict[str, list[str] | None] = {}

    def units(path: str) -> list[str] | None:
        if path not in memo:
            try:
                memo[path] = [u.text for u in read_units(os.path.join(archive, path), claims=False, seated=True)]
            except (InputError, OSError):
                memo[path] = None
        return memo[path]

    return units


def archive_contents(archive: str) -> Units:
    """What a session of ``archive`` records (by its relative path), as one text: its TOML's values
    without its ``date``, players named by their seat (:func:`gtcli.club.seating.by_seat`; comments, layout and the
    order of keys do not count); None if unreadable."""
    import json
    import tomllib

    from gtcli.core.diagnostics import InputError
    from gtcli.core.files.reading import read_text

    def contents(path: str) -> list[str] | None:
        try:
            data = tomllib.loads(read_text(os.path.join(archive, path), "session file"))
            data.pop("date", None)  # a fact compared on its own (a conflict when it differs), as a log's
            return [json.dumps(by_seat(data), sort_keys=True, default=str)]
        except (InputError, OSError, ValueError, RecursionError):  # a stranger's keys nested past any game's
            return None

    return contents


Key = Callable[[str], str]  # a name as written -> the player's identity (gtcli.club.names.Names.key)


def _seated(row: Row, key: Key = fold) -> tuple:
    """Who sat where, as the club names them, with their totals and whether they won: a record's result."""
    return tuple((key(s.name), s.total, s.winner) for s in row.seats)


def _scored(row: Row) -> tuple:
    """Each seat's total and whether it won, whoever sat there: records that may be one game."""
    return tuple((s.total, s.winner) for s in row.seats)


def set_aside(counted: Sequence[Row], units: Units, keep: Sequence[str] = (),
              contents: Units | None = None, key: Key = fold, sessions_of_logs: bool = False) -> list[SetAside]:
    """The records of ``counted`` (games that count) that repeat another record of it or conflict
    with one, in path order; ``keep``: the records the club chose (module docstring). Sessions are
    one game when their bytes are, or (``contents``: :func:`archive_contents`) when they have the
    same totals and winners seat by seat and record the same Tribunals (players by seat), whatever
    their comments.
    ``key``: who a name is (the club's aliases), for the players a record seats; with
    ``sessions_of_logs``, a log and a session of its Tribunals (:func:`gtcli.club.seating.tribunals`) are one game."""
    groups: dict[tuple, list[Row]] = {}
    for row in counted:
        if row.kind == "log" and row.opening:
            groups.setdefault((row.game, "log", row.opening), []).append(row)
        elif row.kind != "log" and row.sha256:
            groups.setdefault((row.game, row.kind, _scored(row) if contents else row.sha256), []).append(row)
    chosen = {path: n for n, path in enumerate(reversed(keep))}  # the first named ranks highest
    found: list[SetAside] = []
    for (_, kind, _), rows in groups.items():
        if len(rows) > 1:
            for game in _games(rows, units if kind == "log" else contents, by=(lambda r: r.record) if kind == "log"
                               else (lambda r: r.sha256)):
                found += _one_game(game, chosen, key)
    if sessions_of_logs:
        found += _sessions_of_logs(counted, found, chosen, key)
    return sorted(found, key=lambda s: store.path_key(s.path))


def _sessions_of_logs(counted: Sequence[Row], found: Sequence[SetAside], chosen: dict[str, int],
                      key: Key) -> list[SetAside]:
    """The sessions of ``counted`` (not set aside already) whose tables are those a counted log's
    replay gives (players by seat), with the same totals and winners: one game, of which the log
    (the fuller record) is kept unless ``chosen`` says otherwise. Another player in a seat (under
    the club's names) or another date is a conflict (``result``, ``date``); a session with no date
    (``gt game from-log`` writes none) takes the log's."""
    gone = {s.path for s in found}
    by_result: dict[tuple, list[Row]] = {}
    for row in counted:
        if row.game == "grand-tribunal" and row.kind in ("log", "session") and row.path not in gone:
            by_result.setdefault(_scored(row), []).append(row)
    out: list[SetAside] = []
    for rows in by_result.values():
        logs = sorted((r for r in rows if r.kind == "log"), key=lambda r: store.path_key(r.path))
        sessions = [r for r in rows if r.kind == "session"]
        if not logs or not sessions:
            continue
        of_log: dict[str, list[Row]] = {}
        for session in sessions:
            log = next((g for g in logs if session.tribunals and g.tribunals == session.tribunals), None)
            if log is not None:
                of_log.setdefault(log.path, []).append(session)
        for log in logs:
            if log.path in of_log:
                out += _log_and_sessions(log, of_log[log.path], chosen, key)
    return out


def _log_and_sessions(log: Row, sessions: list[Row], chosen: dict[str, int], key: Key) -> list[SetAside]:
    records = [log, *sorted(sessions, key=lambda r: store.path_key(r.path))]

    def facts(r: Row) -> tuple:  # (result, date): a session without a date has the log's
        return _seated(r, key), r.date if r.date is not None else log.date

    ranked = sorted(records, key=lambda r: -chosen.get(r.path, -1))  # stable: the log first unless chosen
    kept = ranked[0]
    differ = tuple(name for i, name in enumerate(("result", "date")) if len({facts(r)[i] for r in records}) > 1)
    if differ and kept.path not in chosen:
        files = sorted(records, key=lambda r: store.path_key(r.path))
        return [SetAside(r.path, "", CONFLICT, differ, tuple(f.path for f in files), tuple(f.date for f in files))
                for r in files]
    return [SetAside(r.path, kept.path, "same" if facts(r) == facts(kept) else OVERRULED) for r in ranked[1:]]


def _games(rows: list[Row], units: Units | None, by: Callable[[Row], str] = lambda r: r.record
           ) -> list[list[tuple[Row, int]]]:
    """Records that begin alike grouped into games by their moves: each record with its number of
    moves, a record whose moves are the start of others' going with the longest of them."""
    if units is None:  # sessions with the same bytes
        return [[(r, 0) for r in rows]]
    by_text: dict[str, list[Row]] = {}  # the same text (``by``): one reading serves them all
    for r in rows:
        by_text.setdefault(by(r), []).append(r)
    moves: dict[tuple[str, ...], list[Row]] = {}
    for same in by_text.values():
        texts = units(same[0].path)
        if texts is not None:
            moves.setdefault(tuple(texts), []).extend(same)
    clusters = sorted(moves, key=lambda m: (-len(m), min(store.path_key(r.path) for r in moves[m])))
    games: dict[tuple[str, ...], list[tuple[Row, int]]] = {}
    for m in clusters:  # longest first: a cluster joins the first (longest) one it is the start of
        root = next((g for g in games if g[:len(m)] == m), m)
        games.setdefault(root, []).extend((r, len(m)) for r in moves[m])
    return list(games.values())


def _facts(row: Row, key: Key) -> tuple:
    return (row.rules, _seated(row, key), row.date)


def _one_game(game: list[tuple[Row, int]], chosen: dict[str, int], key: Key = fold) -> list[SetAside]:
    """The records of one game's moves set aside (module docstring)."""
    if len(game) < 2:
        return []
    rank = {r.path: (-chosen.get(r.path, -1), -n, store.path_key(r.path)) for r, n in game}
    game = sorted(game, key=lambda g: rank[g[0].path])
    facts = {r.path: _facts(r, key) for r, _ in game}
    differ = tuple(name for i, name in enumerate(FACTS) if len({f[i] for f in facts.values()}) > 1)
    kept, moves = game[0]
    if differ and kept.path not in chosen:
        files = sorted((r for r, _ in game), key=lambda r: store.path_key(r.path))
        return [SetAside(r.path, "", CONFLICT, differ, tuple(f.path for f in files), tuple(f.date for f in files))
                for r in files]
    out = []
    for r, n in game[1:]:
        if facts[r.path] != facts[kept.path]:
            out.append(SetAside(r.path, kept.path, OVERRULED))
        else:
            out.append(SetAside(r.path, kept.path, "prefix" if n < moves or r.units < kept.units else "same"))
    return out


def without(rows: Sequence[Row], aside: Sequence[SetAside]) -> list[Row]:
    """``rows`` less the records set aside."""
    gone = {s.path for s in aside}
    return [r for r in rows if r.path not in gone]


def of_archive(rows: Sequence[Row], names, archive: str, keep: Sequence[str] = ()) -> list[SetAside]:
    """The records of the archive's games that count (each game kind its own) that repeat another
    or conflict with one; ``keep``: the records the club chose (``[club] keep``)."""
    from gtcli.club.stats import eligible

    counted, _ = eligible(rows, names)
    return set_aside(counted, archive_units(archive), keep, archive_contents(archive), names.key, True)


def of_kind(aside: Sequence[SetAside], rows: Sequence[Row]) -> list[dict[str, str]]:
    """The records set aside as repeats among ``rows`` (one game kind's), as ``--json`` lists them
    (``duplicates``; conflicts are :func:`conflicts`)."""
    here = {r.path for r in rows}
    return [s.to_json() for s in aside if s.path in here and s.relation != CONFLICT]


def conflicts(aside: Sequence[SetAside], rows: Sequence[Row] | None = None) -> list[dict]:
    """The conflicts among ``rows`` (all, without), each once: its records, what they disagree on,
    their dates (``conflicts`` in ``--json``)."""
    here = None if rows is None else {r.path for r in rows}
    seen, out = set(), []
    for s in aside:
        if s.relation == CONFLICT and s.files not in seen and (here is None or s.path in here):
            seen.add(s.files)
            out.append(s.conflict_json())
    return out
