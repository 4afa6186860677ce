"""The work of indexing one file: a pure, picklable function from a :class:`Task` to a :class:`Row`.

:func:`judge` reads the file once, hashes the bytes it read and judges those very bytes:

* a Grand Tribunal log (``*.gtl``) with exactly what ``gt check`` runs
  (:func:`gtcli.grand_tribunal.checking.check_job`, with the :class:`~gtcli.grand_tribunal.checking.Job` gt check
  would build for it: the club's settings found from the log), so its verdict is gt check's;
* a TOML file: a ``gt game`` session, a Trickerion session (``game = "trickerion"``), or
  anything else (a profile, a table, ``gt.toml``), which is remembered as "other" so it is
  not read again until it changes.

Nothing here touches the database or the terminal, so an executor can map it over the
archive's files: today the process pool of ``gt check --jobs``
(:func:`gtcli.core.executor.map_ordered` with ``Executor(jobs=N)``); the same call with a Dask
executor (``--executor dask`` of the balance lab) maps it over a cluster.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import re
from dataclasses import dataclass, replace

from gtcli import __version__
from gtcli.core.diagnostics import ERROR, InputError
from gtcli.core.statistics import competition_ranks

GT, TRICKERION = "grand-tribunal", "trickerion"
LEGAL, ILLEGAL, INCOMPLETE, UNUSABLE = "legal", "illegal", "incomplete", "unusable"
MAX_SESSION_BYTES = 2_000_000
WATCH_ALL = 1 << 62  # a line limit past any log's last line


@dataclass(frozen=True)
class Seat:
    seat: int  # 1-based seat (a Trickerion game: the first turn's initiative order)
    name: str  # as written
    total: int  # final (or latest) total: points, fame
    place: int  # the rules' place (Trickerion breaks equal fame by initiative)
    rank: int  # by total alone, equal totals sharing (1, 1, 3): what ratings use
    winner: bool


@dataclass(frozen=True)
class Row:
    path: str  # relative to the archive, "/"-separated
    sha256: str
    size: int
    kind: str  # "log", "session", "trickerion", "other"
    game: str | None = None  # GT, TRICKERION; None for "other"
    verdict: str | None = None
    codes: tuple[str, ...] = ()  # error codes (illegal, unusable), sorted, each once
    reason: str = ""  # the first error, as gt check prints it
    date: str | None = None  # ISO date
    event: str = ""
    seats: tuple[Seat, ...] = ()
    version: str = __version__
    profile: str = ""  # the rule profile that judged it
    settings: str = ""  # digest of the options that judged it
    used: tuple[tuple[str, str], ...] = ()  # (file, sha256) of the card set, board, profile files read
    judge: str = ""  # digest of version, settings and used: a change means "judge it again"
    opening: str = ""  # gtcli.club.diff.fingerprint, for logs
    record: str = ""
    units: int = 0
    suppressed: tuple[str, ...] = ()  # "CODE:LINE" of each finding the log's own `# noqa` suppressed
    rules: str = ""  # digest of what decides the result: profile parameters, variants, card set, board (rules_digest)
    tribunals: str = ""  # a legal log's or a session's gt game session, players by seat (gtcli.club.seating.tribunals)
    sheet: bytes | None = None  # a log's scoresheet, kept for the site (gtcli.club.sheets); not read by rows()


@dataclass(frozen=True)
class Task:
    path: str  # to open
    rel: str
    kind: str  # "log" or "toml"
    job: object = None  # gtcli.grand_tribunal.checking.Job for a log
    settings: str = ""


def settings_digest(job) -> str:
    """What in a log's Job decides its verdict, as a digest (not --first, the echo or the count shown)."""
    decides = (job.options, job.codes) + (() if job.noqa else ("ignore-noqa",))
    return hashlib.sha256(repr(decides).encode()).hexdigest()[:32]


@functools.lru_cache(maxsize=256)
def file_digest(path: str) -> str:
    """SHA-256 of a file gt judged with (card set, board, profile); "" if it cannot be read now."""
    from gtcli.core.files.reading import read_bytes

    try:
        return hashlib.sha256(read_bytes(path, 8_000_000)).hexdigest()
    except InputError:
        return ""


def judge_digest(version: str, settings: str, used: tuple[tuple[str, str], ...]) -> str:
    return hashlib.sha256(repr((version, settings, used)).encode()).hexdigest()[:32]


def used_now(paths: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((p, file_digest(p)) for p in paths)


_DATE = re.compile(r"^\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})\s*$")


def iso_date(value: object) -> str | None:
    """A date as the ISO text ``2024-05-01``: a TOML date, or ``2024-05-01``, ``2024.05.01``, ``2024/5/1``."""
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str):
        m = _DATE.match(value)
        if m:
            try:
                return dt.date(int(m[1]), int(m[2]), int(m[3])).isoformat()
            except ValueError:
                return None
    return None


def judge(task: Task) -> Row:
    """The index row of one file (module docstring): never raises for a bad file."""
    from gtcli.core.files.reading import decode, read_bytes

    try:  # a log's limit (gtcli.grand_tribunal.lang.logs.check.MAX_LOG_BYTES) is a session's
        data = read_bytes(task.path, MAX_SESSION_BYTES, "log" if task.kind == "log" else "file")
    except InputError as exc:
        if task.kind != "log":  # not known to be a game at all
            return Row(task.rel, "", 0, "other")
        return _unusable(Row(task.rel, "", 0, "log", GT), exc)
    row = Row(task.rel, hashlib.sha256(data).hexdigest(), len(data), task.kind, settings=task.settings)
    try:
        text = decode(data, task.path)
    except InputError as exc:
        if task.kind != "log":
            return replace(row, kind="other", judge=judge_digest(row.version, "", ()))
        return _unusable(replace(row, game=GT), exc)
    if task.kind == "log":
        return _log(task, row, text)
    return _toml(task, row, text)


def _unusable(row: Row, exc: InputError) -> Row:
    found = exc.diagnostics
    codes = tuple(sorted({d.code for d in found}))
    reason = safe_line(found[0].format()) if found else ""
    return replace(row, verdict=UNUSABLE, codes=codes, reason=reason,
                   judge=judge_digest(row.version, row.settings, row.used))


def safe_line(text: str) -> str:
    return text.splitlines()[0][:500] if text else ""


def _log(task: Task, row: Row, text: str) -> Row:
    from gtcli.grand_tribunal.checking import check_job, suppressed_by_noqa
    from gtcli.grand_tribunal.lang.logs.check import read_header
    from gtcli.grand_tribunal.lang.logs.report import RoundWatch

    job = replace(task.job, text=text, keep_text=False, first=False)
    # the replay watched event by event (a line limit past any line: the referee's watched path), so the
    # table at each round's end is noted for the scoresheet kept in the index (gtcli.club.sheets)
    watch = RoundWatch(text)
    report, checked = check_job(replace(job, options=replace(job.options, observe=watch, until_line=WATCH_ALL)))
    row = replace(row, game=GT, settings=task.settings)
    if checked is None:
        return _unusable(row, InputError(*report.diagnostics))
    header, _ = read_header(checked.log)
    used = used_now(_files_read(task.path, job.options, header, checked.cards_path))
    errors = [d for d in report.diagnostics if d.severity == ERROR]
    outcome = report.extra
    totals = [t["score"] for t in outcome["totals"]]
    winners = set(outcome["winners"] or ())
    seats = tuple(Seat(n, t["name"], t["score"], r, r, t["name"] in winners)
                  for n, (t, r) in enumerate(zip(outcome["totals"], competition_ranks(totals)), 1))
    verdict = ILLEGAL if errors else LEGAL if outcome["complete"] else INCOMPLETE
    from gtcli.club import sheets
    from gtcli.club.diff import fingerprint
    from gtcli.club.seating import tribunals
    from gtcli.grand_tribunal.lang.cards.sets import names_in
    from gtcli.grand_tribunal.lang.logs.report import game_of

    card_set = checked.card_set
    opening, record, count = fingerprint(checked.log, header.players, text, card_set.vocabulary,
                                         names_in(card_set, checked.cards_path, card_set.language))
    judged = judge_digest(row.version, task.settings, used)
    sheet = sheets.keep(checked, watch)

    return replace(row, verdict=verdict, codes=tuple(sorted({d.code for d in errors})),
                   reason=safe_line(errors[0].format()) if errors else "",
                   date=iso_date(header.other.get("date")), event=header.other.get("event", "")[:200], seats=seats,
                   profile=checked.referee.profile.name if checked.referee else "", used=used,
                   judge=judged, opening=opening, record=record, units=count,
                   suppressed=suppressed_by_noqa(job, text, checked.result.diagnostics),
                   rules=rules_digest(checked.referee, checked.cards_path),
                   tribunals=tribunals(game_of(checked)) if verdict == LEGAL else "",
                   sheet=None if sheet is None else sheets.encode(sheet, row.sha256, judged))


def rules_digest(referee, cards_path: str) -> str:
    """A digest of what decides a log's result besides its moves: the rule profile's parameters
    (not its name), the variants in force, the card set's bytes and the board. Two records of the
    same moves are one game only when this is equal (:mod:`gtcli.club.once`)."""
    if referee is None:
        return ""
    facts = (sorted(referee.profile.parameters().items()), sorted(referee.variants), file_digest(cards_path),
             repr(referee.board))
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:32]


def _files_read(path: str, options, header, cards_path: str) -> tuple[str, ...]:
    """The files besides the log that judged it: its card set, and the board and profile files
    named by the command line, the log or the club (the shipped ones change only with gt)."""
    from gtcli.grand_tribunal.lang.logs.check import resolve_path

    found = [cards_path]
    for spec, default, sample in ((options.board or header.board, options.default_board, "sample-board.toml"),
                                  (options.profile or header.profile, options.default_profile, None)):
        for candidate in (spec, default):
            if candidate and (sample is not None or candidate.endswith(".toml")):
                try:
                    found.append(resolve_path(candidate, path, sample, allow_outside=True))
                except InputError:
                    pass
                break
    return tuple(sorted(set(found)))


def _toml(task: Task, row: Row, text: str) -> Row:
    """A session of either game, or "other"."""
    from gtcli.core.files.toml_source import parse_toml

    try:
        data = parse_toml(text, task.path, "GAME001").data
    except InputError as exc:  # a session broken by hand is a game that cannot be used; anything else is not ours
        if _LOOKS_LIKE_SESSION.search(text) and re.search(r"(?m)^\s*players\s*=", text):
            return _unusable(replace(row, kind="session", game=TRICKERION if "trickerion" in text else GT), exc)
        return replace(row, kind="other", judge=judge_digest(row.version, "", ()))
    if data.get("format") != 1 or "players" not in data:
        return replace(row, kind="other", judge=judge_digest(row.version, "", ()))
    trickerion = data.get("game") == "trickerion"
    row = replace(row, kind="trickerion" if trickerion else "session", game=TRICKERION if trickerion else GT,
                  date=iso_date(data.get("date")), event=str(data.get("event", ""))[:200],
                  judge=judge_digest(row.version, "", ()))
    try:
        return (_trickerion if trickerion else _session)(task, row, text)
    except InputError as exc:
        return _unusable(row, exc)


_LOOKS_LIKE_SESSION = re.compile(r"(?m)^\s*format\s*=\s*1\s*(#.*)?$")


def _session(task: Task, row: Row, text: str) -> Row:
    from gtcli.grand_tribunal.formats.session_file import parse_game
    from gtcli.grand_tribunal.rules.game import results, totals, winners
    from gtcli.grand_tribunal.shipped import published_vocabulary

    game, _ = parse_game(text, task.path, published_vocabulary())
    done = results(game)
    board = {p.name: p.score for p in totals(game, done)}
    won = set(winners(game, done) or ()) if game.finished else set()
    scores = [board.get(p, 0) for p in game.players]
    seats = tuple(Seat(n, p, s, r, r, p in won)
                  for n, (p, s, r) in enumerate(zip(game.players, scores, competition_ranks(scores)), 1))
    from gtcli.club.seating import tribunals

    return replace(row, verdict=LEGAL if game.finished else INCOMPLETE, seats=seats, profile=game.profile.name,
                   tribunals=tribunals(game))


def _trickerion(task: Task, row: Row, text: str) -> Row:
    from gtcli.trickerion.formats.session_file import parse_session
    from gtcli.trickerion.rules.game import final, results, standings

    game, _ = parse_session(text, task.path)
    done = results(game)
    result = final(game, done)
    if result is None:
        fame = {s.name: s.fame for s in standings(game, done)}
        scores = [fame.get(p, 0) for p in game.players]
        seats = tuple(Seat(n, p, s, r, r, False)
                      for n, (p, s, r) in enumerate(zip(game.players, scores, competition_ranks(scores)), 1))
        return replace(row, verdict=INCOMPLETE, seats=seats, profile="trickerion")
    by_name = {p.name: p for p in result.players}
    scores = [by_name[p].fame for p in game.players]
    seats = tuple(Seat(n, p, s, by_name[p].place, r, p == result.winner)
                  for n, (p, s, r) in enumerate(zip(game.players, scores, competition_ranks(scores)), 1))
    return replace(row, verdict=LEGAL, seats=seats, profile="trickerion")
