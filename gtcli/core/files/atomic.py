"""Atomic file writes: temp file beside the real file, fsync, rename.

A scorekeeper's laptop may die mid-save; the previous file must survive intact. This is
the low layer: it writes *through* symbolic links (the link stays a link, the file it
points to gets the new text), keeps the file's permission bits, refuses a file marked
read-only instead of replacing it, and clears away temp files that an interrupted save
(kill -9, a power cut) left behind. Commands do not call it directly: they go through
:mod:`gtcli.core.files.guarded`, which adds the lock and the changed-since-read check.

Temp files are named ``.NAME.PID-HOST.RANDOM.tmp`` so that the next save can tell a temp
file whose writer is dead (remove it) from one a running ``gt`` is still writing (leave it).
A temp file is created with ``O_CREAT | O_EXCL`` (``tempfile.mkstemp``, which adds
``O_NOFOLLOW``): a name already taken, by a file or a link, is never opened, another is
drawn. Its mode is set on the open handle, and only plain files are ever cleared away: a
link that merely looks like a temp file is left alone (:mod:`gtcli.core.files.beside`).

``follow_links=False`` is for files gt names itself beside a user's file (a draft): there a
link, FIFO or folder in the file's place is refused (IO006), not written through.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.beside import check_place, remove_place

STALE_TEMP_SECONDS = 24 * 3600  # a temp file from another machine is left alone for a day
_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)-(?P<host>[A-Za-z0-9_-]*)\.[A-Za-z0-9_]+\.tmp$")


def host_name() -> str:
    """This machine's name, reduced to the characters a temp file's name may hold."""
    if hasattr(os, "uname"):  # the name gethostname() gives on POSIX, without importing socket at every start
        name = os.uname().nodename
    else:
        import socket

        name = socket.gethostname()
    return re.sub(r"[^A-Za-z0-9_-]", "", name.split(".")[0])[:40]


def real_path(path: str | os.PathLike[str]) -> Path:
    """The file a path names, links followed (a dangling link names the file it would create)."""
    return Path(os.path.realpath(os.fspath(path)))


def write_atomic(path: str | os.PathLike[str], text: str, follow_links: bool = True,
                 role: str = "file") -> None:
    """Replace the file ``path`` names with ``text``: readers see the old or the new file, never half.

    Raises :class:`InputError` (IO002) if the file is read-only or cannot be written; with
    ``follow_links=False``, IO006 if ``path`` is a link or anything but a plain file.
    """
    shown = os.fspath(path)
    if follow_links:
        target = real_path(path)
    else:
        target = Path(os.path.abspath(shown))
        check_place(target, shown, role)
    folder = target.parent
    mode = _writable_mode(target, shown)
    clean_stale_temps(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}-{host_name()}.", suffix=".tmp",
                                   dir=folder)
    except OSError as exc:
        raise _cannot_write(shown, exc) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            # keep an existing file's permissions; a new file gets the usual ones (0666 minus
            # umask), not mkstemp's private 0600. Set on the handle: the name could be swapped.
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), mode)
            else:  # pragma: no cover - Windows
                os.chmod(tmp, mode)
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _cannot_write(shown, exc) from None
        raise
    fsync_folder(folder)


def _writable_mode(target: Path, shown: str) -> int:
    """The permission bits the new file gets; IO002 if the existing file is read-only.

    Replacing a file needs only a writable folder, so without this check a file someone
    protected (``chmod 444``) would be silently replaced. The mode bits are checked as well
    as ``os.access`` because the latter always says yes to root.
    """
    try:
        st = target.stat()
    except FileNotFoundError:
        return 0o666 & ~_umask()
    except OSError as exc:
        raise _cannot_write(shown, exc) from None
    if not stat.S_ISREG(st.st_mode):
        raise InputError(Diagnostic("IO002", f"cannot write {shown}: not a regular file", path=shown))
    if not st.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise InputError(Diagnostic("IO002", f"{shown} is read-only: it was not changed", path=shown,
                                    hint=f"make it writable first (chmod u+w {shown}), or save elsewhere"))
    return stat.S_IMODE(st.st_mode)


def _cannot_write(shown: str, exc: OSError) -> InputError:
    return InputError(Diagnostic("IO002", f"cannot write {shown}: {exc.strerror or exc}", path=shown))


def clean_stale_temps(target: Path) -> list[Path]:
    """Remove the temp files of ``target`` left by saves that were killed; returns them.

    A temp file is removed when its writer (pid in its name) is no longer running on this
    machine, or, for one written from another machine sharing the folder, after a day.
    """
    return clean_folder_temps(target.parent, target.name)


def clean_folder_temps(folder: Path, name: str | None = None) -> list[Path]:
    """Remove the temp files left in ``folder`` by killed saves (of the file ``name``, or of any file):
    one look at the folder, for a command that writes many files into it."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    here = host_name()
    for entry in entries:
        match = _TEMP.match(entry.name)
        if not match or (name is not None and match["name"] != name):
            continue
        try:
            age = time.time() - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        same_host = match["host"] == here
        if (same_host and not pid_alive(int(match["pid"]))) or age > STALE_TEMP_SECONDS:
            if remove_place(Path(entry.path)):
                removed.append(Path(entry.path))
    return removed


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this machine (True when it cannot be told)."""
    if pid == os.getpid():
        return True
    if os.name == "nt":  # os.kill(pid, 0) would *stop* the process on Windows: trust the age only
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists, owned by someone else
        return True
    return True


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    fsync_path(folder)


def fsync_path(path: Path, flags: int = os.O_RDONLY) -> None:
    """``path``'s data on the disk, where the platform allows it (a file or a folder opened with ``flags``):
    a path that cannot be opened or synced is left as it is."""
    try:
        fd = os.open(path, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
