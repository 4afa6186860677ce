"""The per-user cache folder, for data the tool can always rebuild (compiled grammars).

Lark's own ``cache=True`` keeps a pickle in the shared temporary folder under a name
anyone can predict, and loads it with ``pickle.load``: whoever writes that file first
runs code as the next user of gt. So the cache lives in the user's own folder
(``$XDG_CACHE_HOME/gtcli``, else ``~/.cache/gtcli``), created ``0700``, and is used only
while that folder is a real folder (not a symlink) owned by the user and writable by
nobody else; a file in it is read only if it is a regular file owned by the user and
writable by nobody else. Anything else, or any error, means "no cache": the caller
builds the data in memory, which only costs time.

Writes go to a temporary file in the folder, renamed into place, so a reader never sees
half a file. A cache file can still be damaged (a full disk); callers must check what
they read. Values are read back by :func:`load_data`, which builds nothing but plain data
and the classes its caller names (never a function), so even a planted file runs no code.
"""

from __future__ import annotations

import builtins
import io
import os
import pickle
import stat
from pathlib import Path
from typing import Any

MAX_ENTRY_BYTES = 8_000_000


def _private(st: os.stat_result) -> bool:
    """Owned by this user (where the OS has owners) and writable by nobody else."""
    owner_ok = not hasattr(os, "getuid") or st.st_uid == os.getuid()
    return owner_ok and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def cache_folder() -> Path | None:
    """The user's private cache folder for gt, created if needed; None if it cannot be trusted."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    try:
        root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
        folder = root / "gtcli"
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            pass
        st = os.lstat(folder)
    except (OSError, RuntimeError):  # no home, a read-only file system, a symlink loop
        return None
    if not stat.S_ISDIR(st.st_mode) or not _private(st):
        return None
    return folder


def read_entry(name: str) -> bytes | None:
    """The bytes of a cache entry, or None (absent, unsafe, unreadable)."""
    folder = cache_folder()
    if folder is None:
        return None
    try:
        fd = os.open(folder / name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or not _private(st) or st.st_size > MAX_ENTRY_BYTES:
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read(MAX_ENTRY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def write_entry(name: str, data: bytes, replaces: str | None = None) -> None:
    """Store a cache entry atomically; silently does nothing if the cache cannot be used.

    ``replaces``: a name prefix; other entries starting with it are stale and removed
    (the tables of a grammar before it changed).
    """
    folder = cache_folder()
    if folder is None:
        return
    tmp = None
    try:
        import tempfile  # only to write an entry (tempfile brings random, shutil, bz2, lzma)

        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, folder / name)
        tmp = None
        for stale in folder.glob(f"{replaces}*") if replaces else ():
            if stale.name != name and not stale.name.startswith("."):
                stale.unlink(missing_ok=True)
    except OSError:
        pass
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


SECRET_BYTES = 32


def user_secret(name: str = "secret") -> bytes | None:
    """A random key of this user's on this machine, kept in the private cache folder (made once,
    ``O_EXCL``: two gts starting at once agree on the first); None where the cache cannot be trusted.
    What it signs (the club's index) was written by gt for this user here: nobody else knows the key."""
    data = read_entry(name)
    if data is not None and len(data) == SECRET_BYTES:
        return data
    folder = cache_folder()
    if folder is None:
        return None
    try:
        fd = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_CLOEXEC", 0), 0o600)
    except FileExistsError:  # another gt made it meanwhile (or a damaged one is there: no key, then)
        data = read_entry(name)
        return data if data is not None and len(data) == SECRET_BYTES else None
    except OSError:
        return None
    try:
        os.write(fd, os.urandom(SECRET_BYTES))
        os.fsync(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    data = read_entry(name)
    return data if data is not None and len(data) == SECRET_BYTES else None


class _Restricted(pickle.Unpickler):
    """Unpickles plain data (dicts, lists, tuples, strings, numbers, sets) and instances of
    the classes a caller names: any other class, and every function, is refused."""

    def __init__(self, data: bytes, classes: dict[tuple[str, str], type]) -> None:
        super().__init__(io.BytesIO(data))
        self.classes = classes

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in self.classes:
            return self.classes[(module, name)]
        if module == "builtins" and name in ("frozenset", "set"):
            return getattr(builtins, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed here")


def dump_data(value: Any) -> bytes:
    """``value`` in the form :func:`load_data` reads."""
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def load_data(data: bytes | None, classes: tuple[type, ...] = ()) -> Any:
    """What :func:`dump_data` wrote, made only of plain data and instances of ``classes``
    (which the caller trusts to be inert data, such as frozen dataclasses); None if the bytes
    are absent, damaged or name anything else. A cache entry is never trusted further."""
    if not data:
        return None
    try:
        return _Restricted(data, {(c.__module__, c.__qualname__): c for c in classes}).load()
    except Exception:  # a damaged or foreign file: the caller rebuilds
        return None
