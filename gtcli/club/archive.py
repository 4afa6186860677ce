"""The archive a ``gt club`` command is given: a folder, told apart from the usual mistakes.

The same mistake gets the same message, whichever ``gt club`` command it is given to (and
with ``--json`` as ``{"errors": [...]}``): a path that does not exist is ``no such folder``,
a file given for the folder (``gt club stats game.gtl``) says it is a file and what to run
on that one file instead. Both are ``IO001``, exit 2, worded as the safe-file layer words a
folder given for a file (``X is a folder, not a log``).
"""

from __future__ import annotations

import os

from gtcli.core.diagnostics import Diagnostic, InputError

FOLDER_HINT = "gt club takes the folder that holds the club's logs and sessions"


def one_file_command(path: str) -> str | None:
    """What runs on one game's file: ``gt check`` a log, ``gt game show`` a session."""
    import shlex

    lower = path.lower()
    if lower.endswith(".gtl"):
        return f"gt check {shlex.quote(path)}"
    if lower.endswith(".toml"):
        return f"gt game show {shlex.quote(path)} (a Trickerion session: gt trickerion game show)"
    return None


def check_archive(archive: str) -> None:
    """InputError (IO001) unless ``archive`` is a folder (a link to one is fine: the user named it)."""
    if os.path.isdir(archive):
        return
    if not os.path.lexists(archive):
        raise InputError(Diagnostic("IO001", f"no such folder: {archive}", path=archive, hint=FOLDER_HINT))
    command = one_file_command(archive) if os.path.isfile(archive) else None
    what = "a file" if os.path.isfile(archive) else "not a folder"
    hint = FOLDER_HINT + (f"; for this one file: {command}" if command else "")
    raise InputError(Diagnostic("IO001", f"{archive} is {what}, not a folder" if what == "a file" else
                                f"{archive} is not a folder", path=archive, hint=hint))
