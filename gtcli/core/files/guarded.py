"""The one way gt rewrites a file a person owns: locked, checked, atomic.

Every command that replaces a user's file (a game session, a game log, a translation
template, an export) goes through here, so the promises of ``docs/files.md`` hold
everywhere:

* **locked**: the load -> save span holds an advisory lock (:mod:`gtcli.core.files.lock`), so two
  gt commands never interleave; the second waits a few seconds, then is told who holds it;
* **checked**: before replacing the file, its text is compared with what was read (size,
  modification time and a hash are recorded; the hash decides), so a change made meanwhile
  by an editor, another machine or a gt that does not lock is never overwritten (IO004);
* **atomic, through links, mode kept, read-only refused**: :func:`gtcli.core.files.atomic.write_atomic`;
* **readable again**: a file gt reads back (a log, a session, a card file) is never saved
  past the limits gt reads it with (:func:`unreadable`, IO007): a save that would make a
  file gt then refuses is refused itself, before anything is written. Each kind of file
  is registered with its limits by whoever reads it
  (:func:`gtcli.core.files.reading.register_read_back`: a game registers its own).

Two ways to use it::

    with Editing(path, "session file") as doc:      # lock held until the block ends
        new = change(doc.text)
        doc.save(new)

    text, stamp = read_stamped(path, "log")          # a long-lived session (gt play):
    ...                                              # no lock while the table thinks
    stamp = save(path, new, expect=stamp)            # lock + check + write, in one step
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.atomic import write_atomic
from gtcli.core.files.lock import FileLock


@dataclass(frozen=True)
class Stamp:
    """What a file was when read: size, modification time, hash of its text (None: absent)."""

    size: int | None = None
    mtime_ns: int | None = None
    digest: str | None = None

    @property
    def exists(self) -> bool:
        return self.digest is not None

    def same_text(self, other: "Stamp") -> bool:
        """The check itself: a file touched but not changed (same bytes) is not a change."""
        return self.digest == other.digest


ABSENT = Stamp()


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _current(path: str | os.PathLike[str], what: str) -> tuple[bytes, Stamp]:
    """The file's bytes and their stamp, read once through the project's one safe reader
    (:func:`gtcli.core.files.reading.read_bytes`: a regular file of usable size, or InputError)."""
    from gtcli.core.files.reading import read_bytes

    data = read_bytes(path, what=what)
    try:
        mtime = os.stat(path).st_mtime_ns
    except OSError:
        mtime = None
    return data, Stamp(len(data), mtime, digest(data))


def read_stamped(path: str | os.PathLike[str], what: str = "file",
                 missing_ok: bool = False) -> tuple[str | None, Stamp]:
    """The file's text and its :class:`Stamp` (``(None, ABSENT)`` for a missing file if allowed).

    The bytes are read once: the stamp's hash is of exactly what the text was decoded
    from, so a save checked against it can never overwrite something the caller did not
    see. Anything unusual (missing, not a regular file, too big, not UTF-8) is an IO001
    worded by :mod:`gtcli.core.files.reading`, like every other read.
    """
    from gtcli.core.files.reading import decode

    if missing_ok and not os.path.exists(path):  # a link to nothing: the file it would make
        return None, ABSENT
    data, stamp = _current(path, what)
    return decode(data, path), stamp


def changed_since(path: str | os.PathLike[str], expect: Stamp, what: str = "file") -> InputError | None:
    """Why the file no longer is what ``expect`` records (an IO004 error), or None.

    The bytes on disk are compared with the stamp's hash (size and time alone could miss
    a change made within one tick of a coarse clock, or copied with its time kept).
    """
    shown = os.fspath(path)
    if not os.path.exists(path):
        now = ABSENT
    else:
        try:
            now = _current(path, what)[1]
        except InputError:
            now = Stamp(-1, None, "unreadable")
    if now.same_text(expect):
        return None
    if not expect.exists:
        message = f"{shown} was created by someone else meanwhile"
    elif not now.exists:
        message = f"{shown} was removed or renamed since it was read"
    else:
        when = time.strftime("%H:%M:%S", time.localtime(now.mtime_ns / 1e9)) if now.mtime_ns else "?"
        message = f"{shown} changed since it was read ({expect.size} -> {now.size} bytes, modified {when})"
    return InputError(Diagnostic(
        "IO004", message + "; nothing was written", path=shown,
        hint="another program, machine or gt changed it: run the command again to start from the file as it is"))


def unreadable(path: str | os.PathLike[str], text: str, what: str, tokens: bool = True) -> InputError | None:
    """IO007 if gt would refuse to read ``text`` back as a ``what`` (too many bytes or tokens), else None.

    ``tokens=False``: the caller has already held the text to its token budget (gt play
    checks every candidate as gt check would), so only the bytes are counted here."""
    from gtcli.core.files.reading import read_back_limits

    limits = read_back_limits(what)
    if limits is None:
        return None
    limit, check = limits
    shown = os.fspath(path)
    size = len(text.encode("utf-8"))
    problem = f"{size:,} bytes; gt reads a {what} of at most {limit:,}" if size > limit else None
    if problem is None and check is not None and tokens:
        try:
            check(text, shown)
        except InputError as exc:
            problem = exc.diagnostics[0].message
    if problem is None:
        return None
    return InputError(Diagnostic(
        "IO007", f"{shown} would be {problem}: gt would refuse to read it, so nothing was written", path=shown,
        hint="a file gt cannot read again is never saved; keep it as it is (split a long game into two logs)"))


def save(path: str | os.PathLike[str], text: str, expect: Stamp | None = None, what: str = "file",
         wait: float | None = None, tokens_checked: bool = False, follow_links: bool = True) -> Stamp:
    """Replace ``path`` with ``text`` under its lock; returns the new stamp.

    ``expect`` is the stamp from :func:`read_stamped` (or :data:`ABSENT` for a file that
    must not exist yet); if the file no longer matches it, nothing is written and IO004 is
    raised. ``expect=None`` skips that check (an ``-o`` output the user named on purpose).
    A text gt could not read back as a ``what`` is refused first (IO007, :func:`unreadable`).
    ``follow_links=False``: ``path`` is a name gt chose inside a folder (an export's table), so a
    link, FIFO, folder or second name in its place is refused (IO006), never written through.
    """
    problem = unreadable(path, text, what, tokens=not tokens_checked)
    if problem is not None:
        raise problem
    if not follow_links:  # before the lock, whose name follows links: nothing is made beside a link's target
        from pathlib import Path

        from gtcli.core.files.beside import check_place

        check_place(Path(os.path.abspath(path)), os.fspath(path), what)
    with FileLock(path, wait):
        if expect is not None:
            problem = changed_since(path, expect, what)
            if problem is not None:
                raise problem
        write_atomic(path, text, follow_links=follow_links, role=what)
        st = os.stat(path)
    return Stamp(st.st_size, st.st_mtime_ns, digest(text.encode("utf-8")))


class Editing:
    """``with Editing(path, what) as doc:``: the lock is held, ``doc.text`` is the file as read
    (None if it does not exist and ``must_exist`` is false), ``doc.save(text)`` replaces it."""

    def __init__(self, path: str | os.PathLike[str], what: str = "file", must_exist: bool = True,
                 wait: float | None = None) -> None:
        self.path = path
        self.what = what
        self.must_exist = must_exist
        self.lock = FileLock(path, wait)
        self.text: str | None = None
        self.stamp: Stamp = ABSENT

    def __enter__(self) -> "Editing":
        self.lock.acquire()
        try:
            self.text, self.stamp = read_stamped(self.path, self.what, missing_ok=not self.must_exist)
        except BaseException:
            self.lock.release()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.lock.release()

    def save(self, text: str) -> None:
        self.stamp = save(self.path, text, self.stamp, self.what)
        self.text = text
