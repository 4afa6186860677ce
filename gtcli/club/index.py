"""Bring an archive's index up to date with its files, and keep its ratings in step.

An archive is a folder searched as ``gt check`` searches one (hidden folders and files left
out, links to folders not followed, every folder's files in path order, without recursion however
deep): its ``*.gtl``
logs, and its ``*.toml`` files, which are read to tell a ``gt game`` session, a Trickerion
session and anything else apart (``gt.toml`` and ``pyproject.toml`` are never games).

:func:`update` hashes every file (SHA-256 of its bytes); a file whose hash the index
already has is not judged again. Files that are new or changed are judged by
:func:`gtcli.club.work.judge` -- mapped by :func:`gtcli.core.executor.map_ordered`, the
process pool of ``gt check --jobs``, in batches committed one transaction each, so an
interrupted run keeps what it finished. Files gone from the folder are forgotten. A file
unchanged but judged by another gt version, other settings or a card set, board or
profile that changed since is *stale*: it is reported, and ``gt club recheck`` judges it
again (``recheck=True`` here: every game, and the changes in verdict, codes or totals).
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from gtcli.club import ratings, store
from gtcli.club.names import Names
from gtcli.club.stats import why_not
from gtcli.club.work import Row, Task, judge, judge_digest, settings_digest, used_now
from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.walk import shown, utf8, walk

MAX_FILES = 1_000_000
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
SKIPPED_NAMES = ("gt.toml", "pyproject.toml")
BATCH_ROWS, BATCH_SECONDS = 500, 5.0  # rows per transaction (GT_CLUB_BATCH=N changes it), or seconds


def batch_rows() -> int:
    try:
        return max(1, int(os.environ.get("GT_CLUB_BATCH", BATCH_ROWS)))
    except ValueError:
        return BATCH_ROWS


@dataclass
class Found:
    files: list[tuple[str, str]] = field(default_factory=list)  # (path relative to the archive, "log" | "toml")
    problems: list[Diagnostic] = field(default_factory=list)


def discover(archive: str) -> Found:
    """Every candidate file of the archive, in path order (module docstring)."""
    found = Found()

    def unreadable(exc: OSError) -> None:
        found.problems.append(Diagnostic("IO001", f"cannot search {exc.filename}: {exc.strerror or exc}",
                                         path=str(exc.filename or archive)))

    def named_badly(path: str, what: str) -> bool:
        """A name gt cannot keep as a line of text (not UTF-8, or a control character such as a
        new line, which would forge lines of every report): left out, and said so."""
        why = "is not UTF-8" if not utf8(path) else "holds a control character" if _CONTROL.search(path) else None
        if why is not None:
            found.problems.append(Diagnostic(
                "IO001", f"the name of this {what} {why}: it is left out of the archive", path=shown(path),
                hint="gt keeps every path of the archive as one line of text: rename it (`convmv` converts names "
                     "written by another system)"))
        return why is not None

    for here, folders, files in walk(archive, onerror=unreadable):
        folders[:] = [f for f in folders if not f.startswith(".") and not named_badly(os.path.join(here, f), "folder")]
        for name in files:
            lower = name.lower()
            if name.startswith(".") or lower in SKIPPED_NAMES:
                continue
            kind = "log" if lower.endswith(".gtl") else "toml" if lower.endswith(".toml") else None
            if kind and named_badly(os.path.join(here, name), "file"):
                continue
            if kind:
                rel = os.path.relpath(os.path.join(here, name), archive).replace(os.sep, "/")
                found.files.append((rel, kind))
        if len(found.files) > MAX_FILES:
            found.problems.append(Diagnostic("IO001", f"more than {MAX_FILES} files in the archive", path=archive,
                                             hint="index a part of the archive at a time"))
            del found.files[MAX_FILES:]
            break
    found.files.sort(key=lambda f: store.path_key(f[0]))
    return found


@dataclass
class Report:
    files: int = 0
    judged: int = 0  # read and judged in this run
    added: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0
    stale: list[str] = field(default_factory=list)
    changes: list[dict] = field(default_factory=list)  # recheck: games whose verdict, codes or totals changed
    problems: list[Diagnostic] = field(default_factory=list)
    ratings: dict[str, dict[str, int]] = field(default_factory=dict)


def _digest(path: str) -> str:
    from gtcli.core.files.reading import read_bytes

    try:
        return hashlib.sha256(read_bytes(path, 2_000_000)).hexdigest()
    except InputError:
        return ""  # judged again: the judge says why it cannot be read


def update(conn, archive: str, executor, job_of: Callable[[str], object], recheck: bool = False,
           progress: Callable[[int, int], None] | None = None) -> Report:
    """Index ``archive`` into ``conn`` (module docstring); ``job_of(path)`` is gt check's Job of a log."""
    from gtcli import __version__
    from gtcli.core.executor import map_ordered

    found = discover(archive)
    report = Report(files=len(found.files), problems=found.problems)
    old = store.known(conn)
    before = {r.path: r for r in store.rows(conn)} if recheck else {}
    tasks = []
    for rel, kind in found.files:
        path = os.path.join(archive, rel)
        job = job_of(path) if kind == "log" else None
        settings = settings_digest(job) if job is not None else ""
        known = old.get(rel)
        if known is not None and not recheck and known.sha256 and known.sha256 == _digest(path):
            report.unchanged += 1
            if known.judge != judge_digest(__version__, settings, used_now(known.used)):
                report.stale.append(rel)
            continue
        tasks.append(Task(path, rel, kind, job, settings))
    gone = sorted(set(old) - {rel for rel, _ in found.files})
    report.removed = len(gone)
    for row in _batches(conn, map_ordered(judge, tasks, executor), gone, len(tasks), progress):
        report.judged += 1
        if row.path not in old:
            report.added += 1
        elif not recheck or old[row.path].sha256 != row.sha256:
            report.changed += 1
        if recheck and row.path in before and row.game is not None:
            change = _change(before[row.path], row)
            if change:
                report.changes.append(change)
    if not tasks and gone:
        store.write(conn, [], gone)
    return report


def _batches(conn, rows: Iterator[Row], gone: list[str], total: int,
             progress: Callable[[int, int], None] | None) -> Iterator[Row]:
    """Yield each row as it comes, storing them a batch (one transaction) at a time; ``gone`` with the first."""
    batch: list[Row] = []
    started, done, size = time.monotonic(), 0, batch_rows()
    for row in rows:
        batch.append(row)
        done += 1
        yield row
        if len(batch) >= size or time.monotonic() - started > BATCH_SECONDS:
            store.write(conn, batch, gone)
            batch, gone, started = [], [], time.monotonic()
        if progress is not None:
            progress(done, total)
    if batch:
        store.write(conn, batch, gone)


def _change(old: Row, new: Row) -> dict | None:
    """What a recheck changed in a game's verdict, codes or totals (None: nothing)."""
    totals = lambda row: {s.name: s.total for s in row.seats}  # noqa: E731
    if (old.verdict, old.codes, totals(old)) == (new.verdict, new.codes, totals(new)):
        return None
    return {"file": new.path, "before": {"verdict": old.verdict, "codes": list(old.codes), "totals": totals(old),
                                         "version": old.version},
            "after": {"verdict": new.verdict, "codes": list(new.codes), "totals": totals(new),
                      "version": new.version}}


def rated_games(rows: list[Row], names: Names, kind: str) -> list[ratings.Game]:
    """The games of ``kind`` that count, in rating order, as the ratings see them."""
    counted = [r for r in rows if r.game == kind and why_not(r, names) is None]
    counted.sort(key=store.game_order)
    return [ratings.Game(r.path, r.sha256, tuple(names.key(s.name) for s in r.seats), tuple(s.rank for s in r.seats))
            for r in counted]


def update_ratings(conn, names: Names, rows: list[Row] | None = None) -> dict[str, dict[str, int]]:
    """Bring every game kind's stored ratings up to date (each kind its own); ``rows``: the index's, if read."""
    from gtcli.club.work import GT, TRICKERION

    rows = store.rows(conn) if rows is None else rows
    return {kind: ratings.update(conn, kind, rated_games(rows, names, kind)) for kind in (GT, TRICKERION)}
