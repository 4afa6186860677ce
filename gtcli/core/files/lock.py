"""One writer at a time: an advisory lock on a small sidecar file beside the real file.

Why not a library such as ``filelock``: the standard library already has the two calls
needed (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows), and what gt needs
beyond them is small and specific: the lock must name its holder (pid, machine, command)
so a second writer can be told who to wait for, and a lock held by a process that was
killed must never block. ``flock`` gives the second for free: the kernel releases the
lock when its holder dies, so a lock file left behind by ``kill -9`` is just a file.

The lock file is ``.NAME.lock`` in the folder of the *real* file (links followed), so two
links to one session share one lock. It is removed when the lock is released (by the
holder, while still holding it; a waiter that opened the old file notices and retries),
so no stray files pile up in the user's folder. Advisory means only gt honours it: an
editor does not, which is why every save also checks that the file has not changed since
it was read (:mod:`gtcli.core.files.guarded`).

The lock file is a name gt chose in a folder strangers may write (a shared folder, a git
clone): it is opened with :mod:`gtcli.core.files.beside`, never through a symbolic link, and a
link, FIFO, folder or hard link in its place is refused (IO006) and left as it is. It is
removed only while it is still the very file this process locked.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.atomic import host_name, real_path
from gtcli.core.files.beside import open_place, same_file
from gtcli.core.files.json_source import loads_bounded

WAIT_SECONDS = 5.0  # a second writer waits this long for the first to finish (GT_LOCK_WAIT), then gives up
_POLL = 0.02
_HELD: dict[Path, int] = {}  # lock files this process holds -> nesting depth


def lock_path(path: str | os.PathLike[str]) -> Path:
    target = real_path(path)
    return target.with_name(f".{target.name}.lock")


class FileLock:
    """``with FileLock(path):`` holds the lock of ``path``; IO003 if another gt keeps it too long."""

    def __init__(self, path: str | os.PathLike[str], wait: float | None = None) -> None:
        self.shown = os.fspath(path)
        self.path = lock_path(path)
        self.wait = wait_seconds() if wait is None else wait
        self._fd: int | None = None
        self._nested = False

    @property
    def held(self) -> bool:
        return self._fd is not None or self._nested

    def acquire(self) -> None:
        if self.path in _HELD:  # this process holds it already (a save inside a locked edit)
            _HELD[self.path] += 1
            self._nested = True
            return
        deadline = time.monotonic() + self.wait
        while True:
            fd = self._open()
            if _try_lock(fd) and self._still_ours(fd):
                self._fd = fd
                _HELD[self.path] = 1
                self._write_holder()
                return
            os.close(fd)
            if time.monotonic() >= deadline:
                raise self._busy()
            time.sleep(_POLL)

    def release(self) -> None:
        if self._nested:
            self._nested = False
            _HELD[self.path] -= 1
            return
        fd, self._fd = self._fd, None
        if fd is None:
            return
        _HELD.pop(self.path, None)
        if os.name != "nt" and same_file(self.path, fd):
            try:  # unlink while still holding the lock: see the module's docstring
                os.unlink(self.path)
            except OSError:
                pass
        ours = os.name == "nt" and same_file(self.path, fd)
        _unlock(fd)
        os.close(fd)
        if ours:  # an open file cannot be removed there; a waiter may have it open
            try:
                os.unlink(self.path)
            except OSError:
                pass

    def __enter__(self) -> "FileLock":
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    # ---- details -------------------------------------------------------------------------------
    def _open(self) -> int:
        """The lock file, created if absent; never through a link (IO006), IO002 if it cannot be made."""
        return open_place(self.path, self.shown, "lock file", os.O_RDWR | os.O_CREAT)

    def _still_ours(self, fd: int) -> bool:
        """The path still names the file we locked (a releasing holder may have removed it)."""
        if same_file(self.path, fd):
            return True
        _unlock(fd)
        return False

    def _write_holder(self) -> None:
        info = {"pid": os.getpid(), "host": host_name(), "command": _command(),
                "since": time.strftime("%Y-%m-%d %H:%M:%S")}
        try:
            os.ftruncate(self._fd, 0)
            os.write(self._fd, json.dumps(info).encode())
        except OSError:
            pass  # the lock holds without its label

    def holder(self) -> dict | None:
        """Who holds the lock, as its holder wrote it (a small plain file, never read through a link)."""
        try:
            fd = open_place(self.path, self.shown, "lock file", os.O_RDONLY)
        except InputError:
            return None
        try:
            return loads_bounded(os.read(fd, 1000))
        except (OSError, ValueError):
            return None
        finally:
            os.close(fd)

    def _busy(self) -> InputError:
        info = self.holder()
        who = "another gt command"
        if isinstance(info, dict) and info.get("pid"):
            who = f"`{info.get('command') or 'gt'}` (pid {info['pid']} on {info.get('host') or '?'}"
            who += f", since {info['since']})" if info.get("since") else ")"
        return InputError(Diagnostic(
            "IO003", f"{self.shown} is being changed by {who}; nothing was written", path=self.shown,
            hint=f"finish or quit that one first (waited {self.wait:g} s; GT_LOCK_WAIT=SECONDS waits longer); "
                 "the lock of a process that ended is released by itself"))


def wait_seconds() -> float:
    """How long a second writer waits: ``GT_LOCK_WAIT`` seconds if set (scripts may want more)."""
    try:
        return max(0.0, float(os.environ.get("GT_LOCK_WAIT", WAIT_SECONDS)))
    except ValueError:
        return WAIT_SECONDS


def _command() -> str:
    args = [Path(sys.argv[0]).name if sys.argv else "gt"] + sys.argv[1:3]
    return " ".join(a for a in args if a)[:80]


if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False
        except OSError:  # a file system without locks (ENOLCK): the changed-since-read check remains
            return True

    def _unlock(fd: int) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass
