"""What was loaded from files, remembered until one of those files changes (per process).

``gt check`` over a folder of logs names the same card set, board and profile in every
log; reading and checking them again for each log would cost more than replaying it.
A value is kept with the files it was made from and their modification time and size,
and used again only while all of them are unchanged: an edited file is read afresh.
Failures are never remembered (the next use reports the problem again, from the file
as it is then).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from gtcli.core.files.reading import resolved

_KEPT: dict[tuple[str, str], tuple[tuple[str, ...], tuple, Any]] = {}


def stamps(paths: Iterable[str | os.PathLike[str]]) -> tuple:
    """(path, mtime, size) of each file, or a marker that one of them is gone."""
    out = []
    for name in sorted(map(str, paths)):
        try:
            st = os.stat(name)
        except (OSError, ValueError):
            return ("missing", name)
        out.append((name, st.st_mtime_ns, st.st_size))
    return tuple(out)


def remembered(kind: str, path: str | os.PathLike[str], compute: Callable[[], tuple[Iterable, Any]]) -> Any:
    """``compute()`` -> (files it read, value); the value is kept until one of those files changes."""
    key = (kind, str(resolved(path)))
    hit = _KEPT.get(key)
    if hit is not None and stamps(hit[0]) == hit[1]:
        return hit[2]
    files, value = compute()
    files = tuple(map(str, files))
    _KEPT[key] = (files, stamps(files), value)
    return value


def from_file(kind: str, path: str | os.PathLike[str], load: Callable[[str], Any]) -> Any:
    """``load(path)`` for a value made from that one file, kept until the file changes."""
    return remembered(kind, path, lambda: ((resolved(path),), load(str(path))))


def forget() -> None:
    """Drop everything remembered (a long fuzzing run makes thousands of card sets)."""
    _KEPT.clear()
