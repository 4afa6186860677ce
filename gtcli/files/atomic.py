"""Atomic file writes: temp file in the same folder, fsync, rename.

A scorekeeper's laptop may die mid-save; the previous file must survive intact.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from gtcli.diagnostics import Diagnostic, InputError


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` with ``text`` so that readers see the old or the new file, never half."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise InputError(Diagnostic("IO002", f"cannot write {target}: {exc.strerror or exc}", path=str(target)))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        # keep an existing file's permissions; a new file gets the usual ones (0666 minus umask),
        # not mkstemp's private 0600
        os.chmod(tmp, target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise InputError(Diagnostic("IO002", f"cannot write {target}: {exc.strerror or exc}", path=str(target)))
        raise
    _fsync_folder(folder)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
