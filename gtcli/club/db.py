"""The archive's index: one SQLite file that gt creates, checks and can always rebuild.

Where: ``ARCHIVE/.gt-club/club.sqlite`` (a hidden folder, so neither ``gt check`` nor the
archive's own search ever sees it), or the file ``--db`` names. gt creates the folder
``0700`` and uses it only while it is a real folder (not a link) owned by the user.

Opened safely, since it is a file gt writes beside the user's files:

* the database path and its ``-journal``, ``-wal`` and ``-shm`` files are refused if they
  are symbolic links (checked before and after SQLite opens them), and the database must
  be a regular file: gt never writes through a link someone left there;
* the file is gt's when its header says SQLite and its ``application_id`` is gt's
  (:data:`APP_ID`); another SQLite file or any other file is never changed (CLUB001);
* ``PRAGMA user_version`` is the schema version. An older schema is upgraded by
  :data:`MIGRATIONS` (or rebuilt from the files where no step exists: the index holds
  nothing that is not in the files); a newer one, made by a newer gt, is left alone
  (CLUB002), unless ``--rebuild`` is asked, which moves it aside first and says so;
* a damaged file (not a database, "malformed") in gt's own folder is moved aside as
  ``club.sqlite.damaged-TIME`` and rebuilt, with a message; elsewhere it is refused;
* **trusted only if gt wrote it, for this user, on this machine**: passing ``quick_check`` proves
  nothing (an edited index shipped inside a stranger's archive would decide winners, ratings
  and the site). gt keeps in the index a mark, an HMAC of the file's device and inode, the
  user and the machine under a random key kept in the user's private cache folder
  (:func:`gtcli.core.files.cache.user_secret`); an index whose mark is missing or wrong (it
  came with the archive, was copied, or was made before this check) or whose schema is not
  exactly gt's (a view, a trigger, a changed table) is moved aside as
  ``club.sqlite.untrusted-TIME`` and rebuilt from the files, with a note. Its schema is read
  from ``sqlite_master`` (which runs nothing) before any of its tables is queried, and
  ``PRAGMA trusted_schema`` is off. (Without a usable cache folder the mark is keyed by the
  same facts alone: an index from elsewhere still fails it, as its inode is not the one gt
  wrote);
* every change is a transaction (``BEGIN IMMEDIATE``): a ``kill -9`` leaves the index as
  it was before the transaction or after it (SQLite's rollback journal), and a second gt
  waits for the first's transaction to end (up to :data:`BUSY_SECONDS`, then CLUB003).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import os
import sqlite3
import stat
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from gtcli.core.diagnostics import Diagnostic, InputError

SCHEMA = 5  # 2: files.suppressed (what a log's own # noqa suppressed); 3: files.rules (what decides the result);
# 4: files.sheet (a log's scoresheet, kept for the site: gtcli.club.sheets); 5: openings with players by seat,
# files.tribunals (what a log gives as a gt game session: gtcli.club.seating.tribunals)
APP_ID = 0x67744331  # "gtC1"
FOLDER, NAME = ".gt-club", "club.sqlite"
SIDECARS = ("-journal", "-wal", "-shm")
BUSY_SECONDS = 60.0
HEADER = b"SQLite format 3\x00"

TABLES = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (
  path TEXT PRIMARY KEY, sha256 TEXT NOT NULL, size INTEGER NOT NULL, kind TEXT NOT NULL, game TEXT,
  verdict TEXT, codes TEXT NOT NULL DEFAULT '', reason TEXT NOT NULL DEFAULT '', date TEXT,
  event TEXT NOT NULL DEFAULT '', version TEXT NOT NULL, profile TEXT NOT NULL DEFAULT '',
  settings TEXT NOT NULL DEFAULT '', used TEXT NOT NULL DEFAULT '[]', judge TEXT NOT NULL DEFAULT '',
  opening TEXT NOT NULL DEFAULT '', record TEXT NOT NULL DEFAULT '', units INTEGER NOT NULL DEFAULT 0,
  suppressed TEXT NOT NULL DEFAULT '', rules TEXT NOT NULL DEFAULT '', sheet BLOB,
  tribunals TEXT NOT NULL DEFAULT '');
CREATE INDEX files_by_opening ON files (game, opening);
CREATE TABLE seats (
  path TEXT NOT NULL REFERENCES files (path) ON DELETE CASCADE, seat INTEGER NOT NULL, name TEXT NOT NULL,
  total INTEGER NOT NULL, place INTEGER NOT NULL, rank INTEGER NOT NULL, winner INTEGER NOT NULL,
  PRIMARY KEY (path, seat));
CREATE TABLE rated (
  game TEXT NOT NULL, seq INTEGER NOT NULL, path TEXT NOT NULL, ident TEXT NOT NULL,
  pairs INTEGER NOT NULL, correct INTEGER NOT NULL, PRIMARY KEY (game, seq));
CREATE TABLE steps (
  game TEXT NOT NULL, seq INTEGER NOT NULL, player TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
  PRIMARY KEY (game, seq, player));
CREATE INDEX steps_by_player ON steps (game, player, seq);
"""

# schema N -> the SQL that turns a schema-N database into schema N+1. None from 1 to 2: what a log's
# `# noqa` suppressed is known only by judging it again, so a schema-1 index is rebuilt from the files;
# none from 2 to 3 either: the rules digest (and the openings, now of the moves alone) need judging again;
# none from 3 to 4: a scoresheet is noted in the replay that judges a log (an index of schema 3 is rebuilt
# once; a row with no scoresheet kept still gets its page, the site replaying that log); none from 4 to 5:
# a log's opening now names players by their seat (gtcli.club.diff.by_seat), so every log is judged again.
MIGRATIONS: dict[int, str] = {}


class Untrusted(Exception):
    """An index gt did not write itself, here, for this user (or not of gt's schema): rebuilt, never read."""


@functools.cache
def expected_schema() -> tuple[tuple, ...]:
    """``sqlite_master`` of a new index of this gt's schema: what a trusted index must hold, exactly."""
    conn = sqlite3.connect(":memory:")
    try:
        _create(conn)
        return tuple(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"))
    finally:
        conn.close()


def mark_of(path: Path) -> str:
    """The mark gt keeps in an index it wrote (module docstring): this file, this user, this machine."""
    from gtcli.core.files.atomic import host_name
    from gtcli.core.files.cache import user_secret

    st = os.stat(path)
    facts = f"gt club index|{st.st_dev}|{st.st_ino}|{getattr(os, 'getuid', lambda: -1)()}|{host_name()}"
    return hmac.new(user_secret("club-index-key") or b"", facts.encode(), hashlib.sha256).hexdigest()


def _trusted(conn: sqlite3.Connection, path: Path, version: int) -> str | None:
    """Why the index cannot be trusted (module docstring), or None. Reads ``sqlite_master`` first,
    and queries the ``meta`` table only once it is known to be gt's plain table."""
    schema = tuple(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"))
    if version == SCHEMA and schema != expected_schema():
        return "its tables are not the ones gt makes"
    meta = next(row for row in expected_schema() if row[1] == "meta")
    if meta not in schema or any(row[0] not in ("table", "index") for row in schema):
        return "its tables are not the ones gt makes"
    found = conn.execute("SELECT value FROM meta WHERE key = 'mark'").fetchone()
    if found is None or not isinstance(found[0], str) or not hmac.compare_digest(found[0], mark_of(path)):
        return "gt did not write it here for you (it came with the archive, or was copied)"
    return None


def problem(code: str, message: str, path: os.PathLike | str, hint: str | None = None) -> InputError:
    return InputError(Diagnostic(code, message, path=str(path), hint=hint))


def default_path(archive: str) -> Path:
    """``ARCHIVE/.gt-club/club.sqlite``, its folder created private if needed and checked."""
    folder = Path(archive) / FOLDER
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError as exc:
        raise problem("CLUB001", f"cannot create {folder} for the archive's index: {exc.strerror or exc}", folder,
                      "give the index another place with --db FILE") from None
    st = os.lstat(folder)
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        raise problem("CLUB001", f"{folder} is not a folder gt made (a link or a file); the index is not opened",
                      folder, "remove it, or give the index another place with --db FILE")
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        raise problem("CLUB001", f"{folder} belongs to another user; the index is not opened", folder,
                      "give the index a place of your own with --db FILE")
    return folder / NAME


def _refuse_links(path: Path) -> None:
    for candidate in (path, *(Path(f"{path}{s}") for s in SIDECARS)):
        try:
            st = os.lstat(candidate)
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise problem("CLUB001", f"cannot use {candidate}: {exc.strerror or exc}", candidate) from None
        if stat.S_ISLNK(st.st_mode):
            raise problem("CLUB001", f"{candidate} is a symbolic link; gt does not open its index through a link",
                          candidate, "remove the link (the index is rebuilt from the files), or use --db FILE")
        if not stat.S_ISREG(st.st_mode):
            raise problem("CLUB001", f"{candidate} is not a regular file; the index is not opened", candidate)


def _kind_of(path: Path) -> str:
    """"absent", "empty", "ours", "foreign" (not SQLite, or another program's SQLite) from the header."""
    try:
        with open(path, "rb", opener=lambda p, f: os.open(p, f | getattr(os, "O_NOFOLLOW", 0))) as handle:
            head = handle.read(100)
    except FileNotFoundError:
        return "absent"
    except OSError as exc:  # /proc/self/mem is a "regular file" that cannot be read from its start
        raise problem("CLUB001", f"cannot read {path} as an index: {exc.strerror or exc}; it was not changed", path,
                      "point --db at a file of your own (a new one is made)") from None
    if not head:
        return "empty"
    if not head.startswith(HEADER) or len(head) < 72:
        return "foreign"
    app = int.from_bytes(head[68:72], "big")
    return "ours" if app in (APP_ID, 0) else "foreign"


def _aside(path: Path, why: str) -> Path:
    moved = path.with_name(f"{path.name}.{why}-{time.strftime('%Y%m%d-%H%M%S')}")
    os.replace(path, moved)
    for suffix in SIDECARS:  # a journal belongs to the file moved; left here it would be applied to the new one
        side = Path(f"{path}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{moved}{suffix}"))
    return moved


class Opened:
    """An open index and what opening it took (shown by the commands, listed by --json)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, notes: list[str]) -> None:
        self.conn, self.path, self.notes = conn, path, notes


def open_index(path: Path, own_folder: bool, rebuild: bool = False) -> Opened:
    """Open (creating, upgrading or rebuilding as the module docstring says) the index at ``path``."""
    try:
        return _open_index(path, own_folder, rebuild)
    except OSError as exc:  # moving a file aside in a read-only folder, a file that vanished meanwhile
        raise problem("CLUB001", f"cannot use the index {path}: {exc.strerror or exc}", path,
                      "give the index another place with --db FILE") from None


def _open_index(path: Path, own_folder: bool, rebuild: bool) -> Opened:
    _refuse_links(path)
    notes: list[str] = []
    kind = _kind_of(path)
    if kind == "foreign" and not own_folder:
        raise problem("CLUB001", f"{path} is not a gt club index (another file, or damaged); it was not changed",
                      path, "point --db at a new file, or remove this one if it is an old index")
    if kind == "foreign" or (rebuild and kind == "ours"):
        moved = _aside(path, "damaged" if kind == "foreign" else "replaced")
        why = "not readable as a database" if kind == "foreign" else "replaced (--rebuild)"
        notes.append(f"the index {path} was {why}: it was moved aside to {moved.name} and is rebuilt from the files")
    conn = None
    try:
        conn = _connect(path)
        _refuse_links(path)
        try:
            _prepare(conn, path, notes)
        except Untrusted as why:
            conn.close()
            moved = _aside(path, "untrusted")
            notes.append(f"the index {path} was not used: {why}; it was moved aside to {moved.name} and is "
                         "rebuilt from the files")
            conn = _connect(path)
            _prepare(conn, path, notes)
    except sqlite3.DatabaseError as exc:
        if conn is not None:
            conn.close()
        if not damaged(exc):
            raise problem("CLUB001", f"cannot use the index {path}: {exc}", path) from None
        if not own_folder:
            raise problem("CLUB001", f"{path} is damaged ({exc}); it was not changed", path,
                          "remove it and run the command again: the index is rebuilt from the files") from None
        moved = _aside(path, "damaged")
        notes.append(f"the index {path} was damaged ({exc}): it was moved aside to {moved.name} and is rebuilt")
        conn = _connect(path)
        _prepare(conn, path, notes)
    return Opened(conn, path, notes)


def _connect(path: Path) -> sqlite3.Connection:
    uri = f"file:{quote(str(path.absolute()))}?mode=rwc"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
    except sqlite3.OperationalError as exc:
        raise problem("CLUB001", f"cannot open the index {path}: {exc}", path,
                      "the archive may be read-only: give the index another place with --db FILE") from None
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA trusted_schema = OFF")  # nothing in a schema runs a function with side effects
    return conn


def damaged(exc: sqlite3.DatabaseError) -> bool:
    """Whether SQLite said the file is not a database or is corrupt (not: busy, read-only, full)."""
    name = getattr(exc, "sqlite_errorname", "")
    return name in ("SQLITE_NOTADB", "SQLITE_CORRUPT") or (not name and ("malformed" in str(exc) or
                                                                        "not a database" in str(exc)))


def _prepare(conn: sqlite3.Connection, path: Path, notes: list[str]) -> None:
    """Create the schema in a new file, upgrade an old one; a newer gt's is refused (or, asked, replaced).

    Decided inside one ``BEGIN IMMEDIATE`` transaction, so two gts opening a new index at once
    do not both create it."""
    with transaction(conn):
        check = conn.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise sqlite3.DatabaseError(f"malformed: {check}")
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app not in (APP_ID, 0) or (app == 0 and tables):
            raise problem("CLUB001", f"{path} is another program's SQLite database; it was not changed", path,
                          "point --db at a new file")
        why = _trusted(conn, path, version) if tables else None
        if why is not None:
            raise Untrusted(why)
        if version > SCHEMA:
            raise problem("CLUB002", f"{path} was made by a newer gt (index schema {version}; this gt knows up "
                          f"to {SCHEMA}); it was not changed", path,
                          "use the newer gt, or `gt club index --rebuild` to rebuild it for this gt (the newer gt "
                          "then rebuilds it for itself)")
        if version == 0:
            _create(conn)
        while 0 < version < SCHEMA:
            step = MIGRATIONS.get(version)
            if step is None:  # no way up: the index is derived data, so it starts again
                for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
                    conn.execute(f'DROP TABLE IF EXISTS "{name}"')
                _create(conn)
                notes.append(f"the index {path} had schema {version}, which this gt cannot upgrade: it is rebuilt")
                break
            for statement in step.split(";"):
                if statement.strip():
                    conn.execute(statement)
            notes.append(f"the index {path} was upgraded from schema {version} to {version + 1}")
            version += 1
        conn.execute(f"PRAGMA application_id = {APP_ID}")
        conn.execute(f"PRAGMA user_version = {SCHEMA}")
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('mark', ?)", (mark_of(path),))


def _create(conn: sqlite3.Connection) -> None:
    for statement in TABLES.split(";"):
        if statement.strip():
            conn.execute(statement)


@contextmanager
def transaction(conn: sqlite3.Connection):
    """``with transaction(conn):`` one ``BEGIN IMMEDIATE`` ... ``COMMIT`` (rolled back on any error)."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise problem("CLUB003", f"the archive's index is busy: another gt club command has held it for "
                          f"{BUSY_SECONDS:g} s", "", "wait for it to finish, then run this again") from None
        raise
    try:
        yield conn
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        raise
    conn.execute("COMMIT")
