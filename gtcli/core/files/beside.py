"""Files gt makes beside a user's file (a lock, a temp file, a draft): never through a link.

A shared folder (a git clone, an unpacked archive, a club's synced folder) is written by
strangers. If it holds ``.game.gtl.lock`` or ``game.draft.toml`` as a symbolic link to
``~/anything``, a gt that opened that name the usual way would write its lock record or
draft into ``~/anything``, or create a file wherever a dangling link points. So every
file gt *makes* beside a user's file is opened here:

* with ``O_NOFOLLOW`` (a link in its place is refused, whatever it points to), ``O_NONBLOCK``
  (a FIFO in its place cannot hang the command) and ``O_CLOEXEC``;
* checked on the open handle: a regular file with one name only (a hard link to another
  file of the same disk would otherwise be written through just the same);
* anything else in its place (a link, a FIFO, a folder, a device, a second name) is an
  ``IO006``: nothing is written, and the thing found is left as it is, never removed.

The user's own file is another matter: a save replaces the file a link to it points to
(docs/files.md), because the user named it. What is refused here is a name gt chose.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from gtcli.core.diagnostics import Diagnostic, InputError

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_FLAGS = NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)


def _kind(st: os.stat_result) -> str | None:
    """What is in the place of a file gt makes, if it is not one gt may use (None: fine)."""
    mode = st.st_mode
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if not stat.S_ISREG(mode):
        return "not a regular file"
    if st.st_nlink > 1:
        return "a file with another name too (a hard link)"
    return None


def refused(path: Path, shown: str, role: str, kind: str) -> InputError:
    return InputError(Diagnostic(
        "IO006", f"cannot write {shown}: its {role} {path.name} is {kind}; nothing was written", path=shown,
        hint=f"gt only ever makes {path.name} itself, as a plain file: someone else put that there. Look at it, "
             f"and remove it if it is not yours (`rm {path.name}` removes a link, not what it points to)"))


def check_place(path: Path, shown: str, role: str) -> None:
    """IO006 if something other than a plain single-named file is at ``path`` (absent is fine)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(Diagnostic("IO002", f"cannot write {shown}: cannot look at its {role} "
                                    f"({exc.strerror or exc})", path=shown)) from None
    kind = _kind(st)
    if kind is not None:
        raise refused(path, shown, role, kind)


def open_place(path: Path, shown: str, role: str, flags: int, mode: int = 0o666) -> int:
    """``os.open`` of a file gt makes beside ``shown``, never through a link; IO006 or IO002 if it cannot be."""
    try:
        fd = os.open(path, flags | _FLAGS, mode)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK, errno.EISDIR, errno.ENXIO):
            check_place(path, shown, role)  # say what is there (a link, a folder)
            if exc.errno == errno.ELOOP:
                raise refused(path, shown, role, "a symbolic link") from None
        raise InputError(Diagnostic("IO002", f"cannot write {shown}: cannot create its {role} "
                                    f"({exc.strerror or exc})", path=shown)) from None
    try:
        kind = _kind(os.fstat(fd))
    except OSError:
        kind = "not a regular file"
    if kind is not None:
        os.close(fd)
        raise refused(path, shown, role, kind)
    return fd


def same_file(path: Path, fd: int) -> bool:
    """Whether ``path`` still names the file open as ``fd`` (not a link or another file put there since)."""
    try:
        here, there = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def is_plain(path: Path) -> bool:
    """Whether ``path`` is a file gt may have made: a plain single-named file, not a link."""
    try:
        return _kind(os.lstat(path)) is None
    except OSError:
        return False


def remove_place(path: Path) -> bool:
    """Remove a file gt made (a draft, a stale temp file) -- only if it is one: a link, a folder
    or anything else in its place is left alone. True if removed."""
    try:
        if _kind(os.lstat(path)) is None:
            os.unlink(path)
            return True
    except OSError:
        pass
    return False
