"""The logs a command was pointed at: files as given, folders searched, ``-`` for standard input.

As ruff does with Python files: a file named on the command line is taken whatever its
name; a folder is searched recursively for ``*.gtl`` (any case), skipping hidden folders
and files (names starting with ``.``: ``.git``, an editor's ``.#game.gtl`` lock), and not
following links to folders (a link loop cannot trap the search), without recursion (a tree
1,000 folders deep is searched like any other: :func:`gtcli.core.files.walk.walk`). Each folder's logs come
sorted by path, folders in the order given; a file reached twice is checked once. A run
takes at most :data:`MAX_LOGS` logs, so a mistaken ``gt check /`` ends with a message.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from gtcli.core.diagnostics import Diagnostic
from gtcli.core.files.walk import walk

STDIN = "-"
MAX_LOGS = 100_000
SUFFIX = ".gtl"


@dataclass
class Found:
    paths: list[str] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)  # folders that could not be searched
    empty: list[str] = field(default_factory=list)  # folders given that hold no log


def _key(path: str) -> object:
    """What tells one file from another: its device and inode (one ``stat``, where ``realpath`` looks at every
    folder of the path), else its real path (a file that cannot be looked at is still checked, and says why)."""
    if path == STDIN:
        return STDIN
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return os.path.normcase(os.path.realpath(path))
    return (st.st_dev, st.st_ino) if st.st_ino else os.path.normcase(os.path.realpath(path))


def _hidden(name: str) -> bool:
    return name.startswith(".")


def _walk(folder: str, found: Found) -> list[str]:
    def unreadable(exc: OSError) -> None:
        found.problems.append(Diagnostic("IO001", f"cannot search {exc.filename}: {exc.strerror or exc}",
                                         path=str(exc.filename or folder)))

    logs: list[tuple[tuple[str, ...], str]] = []  # (the folders below ``folder`` and the name: path order, path)
    for here, folders, files in walk(folder, onerror=unreadable):
        folders[:] = [f for f in folders if not _hidden(f)]
        below = tuple(part for part in here[len(folder):].split(os.sep) if part)  # walk joins onto ``folder``
        logs.extend(((*below, f), os.path.join(here, f)) for f in files if not _hidden(f) and f.lower().endswith(SUFFIX))
        if len(logs) > MAX_LOGS:
            break
    return [path for _, path in sorted(logs)]


def log_files(arguments: tuple[str, ...] | list[str]) -> Found:
    """Every log the arguments name, in order, each once (module docstring)."""
    found, seen = Found(), set()
    for argument in arguments:
        is_folder = argument != STDIN and os.path.isdir(argument)
        paths = _walk(argument, found) if is_folder else [argument]
        if is_folder and not paths:
            found.empty.append(argument)
        for path in paths:
            key = _key(path)
            if key not in seen:
                seen.add(key)
                found.paths.append(path)
        if len(found.paths) > MAX_LOGS:
            found.problems.append(Diagnostic("IO001", f"more than {MAX_LOGS} logs to check", path=argument,
                                             hint="check an archive a folder at a time"))
            del found.paths[MAX_LOGS:]
            break
    return found
