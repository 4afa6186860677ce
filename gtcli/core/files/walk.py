"""Folders searched without recursion: :func:`walk` is ``os.walk`` (top-down, links to folders
not followed) over a list of folders still to visit, so a tree 1,000 (or 100,000) folders deep
is searched like a flat one instead of ending in a RecursionError (Python 3.11's ``os.walk``
calls itself once per level). Used by every search of a folder: ``gt check``'s logs, the
club's archive, the balance lab's games.

:func:`shown` gives a path that is not UTF-8 (a name written by another system: the bytes
``caf\\xe9``, read back by Python as a lone surrogate) as printable text, ``caf\\xe9``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator


def walk(top: str, onerror: Callable[[OSError], None] | None = None) -> Iterator[tuple[str, list[str], list[str]]]:
    """``(folder, subfolders, files)`` for ``top`` and every folder below it, parents first, each
    folder's names sorted. A caller may change ``subfolders`` in place (as with ``os.walk``) to
    leave some out; a link to a folder is listed among ``subfolders`` but never entered."""
    stack = [top]
    while stack:
        here = stack.pop()
        try:
            with os.scandir(here) as entries:
                listed = list(entries)
        except OSError as exc:
            if onerror is not None:
                onerror(exc)
            continue
        folders, files, links = [], [], set()
        for entry in listed:
            try:
                is_folder = entry.is_dir()
            except OSError:
                is_folder = False
            (folders if is_folder else files).append(entry.name)
            if is_folder:
                try:
                    if entry.is_symlink():
                        links.add(entry.name)
                except OSError:
                    links.add(entry.name)
        folders.sort()
        files.sort()
        yield here, folders, files
        stack.extend(os.path.join(here, name) for name in reversed(folders) if name not in links)


def utf8(path: str) -> bool:
    """Whether a path (as Python read it from the file system) is UTF-8 text."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def shown(path: str) -> str:
    """A path as printable text: bytes that are not UTF-8 as ``\\xe9``."""
    return path if utf8(path) else os.fsencode(path).decode("utf-8", "backslashreplace")
