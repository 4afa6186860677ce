"""``gt simulate -o DIR --resume``: finish an unfinished study, playing only the games it lacks.

A study stopped (Ctrl-C, SIGTERM, SIGHUP, a full disk) or killed outright (kill -9, a power
cut) says so in its ``study.json`` (``"finished": false``, :mod:`gtcli.balance.simulating`).
Game *i* of seed *S* is the same game whenever it is played, so the same command with
``--resume`` finishes it: :func:`open_to_resume` checks that the folder holds this very study
(the ``id`` of its ``study.json`` is :func:`gtcli.balance.study.study_id` of the options given,
else IO008 and nothing is written), adopts what a killed run left
(:meth:`~gtcli.balance.folder.StudyFolder.stale`), and finds the games kept: each log of the
study, or each line of ``games.jsonl`` and ``games.recovered-PID.jsonl`` that names the study.
The run then plays the others only; ``games.jsonl`` keeps its whole lines and gains the new
ones (:class:`~gtcli.balance.folder.Stream` with ``keep``). The games kept are a set of
indices: at most ``--games`` of them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from gtcli.balance.folder import RECOVERED, StudyFolder, log_name
from gtcli.core.diagnostics import Diagnostic, InputError

GAMES_FILE = "games.jsonl"


@dataclass
class Resumed:
    """What a resumed run starts from."""

    missing: list[int]  # the indices still to play, in order
    kept: int  # games of the study already kept (logs, or lines of games.jsonl and recovered files)
    kept_elsewhere: int = 0  # of those, the ones not in games.jsonl (recovered files): not copied by the Stream
    tidied: list = field(default_factory=list)
    left_alone: list = field(default_factory=list)


def open_to_resume(folder: str, study, games: int, ident: str) -> tuple[StudyFolder, Resumed]:
    """The study folder and what is left to play (module docstring); IO008 if it holds another study."""
    from gtcli.balance.sources import MAX_STUDY_BYTES
    from gtcli.core.files.json_source import read_json

    where = os.path.join(folder, "study.json")
    hint = "resume with the command that started the study, or write to another folder"
    if not os.path.lexists(where):
        raise InputError(Diagnostic("IO008", f"{folder} holds no study to resume (no study.json); nothing was written",
                                    path=folder, hint="leave out --resume to start the study"))
    data = read_json(where, "study description", MAX_STUDY_BYTES)
    if not isinstance(data, dict) or data.get("id") != ident:
        raise InputError(Diagnostic("IO008", f"{where} describes another study (other options, card set, board or "
                                    "profile): nothing was written", path=where, hint=hint))
    if bool(data.get("logs")) != bool(study.logs):
        raise InputError(Diagnostic("IO008", f"{where} describes a study with{'out' if study.logs else ''} "
                                    "--stats-only: nothing was written", path=where, hint=hint))
    if not study.logs:
        _plain_games_file(folder)
    out = StudyFolder(folder)
    try:
        tidied, left = out.stale()
        done, elsewhere = (_logs_kept(out, games) if study.logs else _lines_kept(out, games, ident))
    except BaseException:
        out.close()
        raise
    return out, Resumed([i for i in range(games) if i not in done], len(done), elsewhere, tidied, left)


def _plain_games_file(folder: str) -> None:
    """IO006 before anything is played if ``games.jsonl`` is a link, a FIFO or no file: a resumed run starts
    from its lines, read without following a link, and would stop at its end with nothing written."""
    import stat
    from pathlib import Path

    from gtcli.core.files.beside import refused

    path = Path(folder) / GAMES_FILE
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(Diagnostic("IO002", f"cannot resume {folder}: cannot look at {path} ({exc.strerror or exc})",
                                    path=str(path))) from None
    if stat.S_ISLNK(mode):
        raise refused(path, folder, "games file", "a symbolic link")
    if not stat.S_ISREG(mode):
        raise refused(path, folder, "games file", "a FIFO (named pipe)" if stat.S_ISFIFO(mode) else "not a regular file")


def _logs_kept(out: StudyFolder, games: int) -> tuple[set[int], int]:
    """The indices of the study's logs in the folder; IO006 if one of their names holds anything but a plain
    file of the user's (a link, a FIFO, a hard link): adopting it would count a file the run did not write."""
    names = {log_name(i, games): i for i in range(games)}
    taken = out.taken(list(names))
    for name in taken:
        _own_log(out, name)
    return {names[name] for name in taken}, 0


def _own_log(out: StudyFolder, name: str) -> None:
    import stat
    from pathlib import Path

    from gtcli.core.files.beside import refused

    try:
        info = os.lstat(name, dir_fd=out.fd)
    except OSError as exc:
        raise InputError(Diagnostic("IO002", f"cannot resume {out.path}: cannot look at {name} "
                                    f"({exc.strerror or exc})", path=out.path)) from None
    kind = ("a symbolic link" if stat.S_ISLNK(info.st_mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(info.st_mode)
            else "not a regular file" if not stat.S_ISREG(info.st_mode)
            else "a file with another name too (a hard link)" if info.st_nlink != 1
            else "another user's file" if hasattr(os, "geteuid") and info.st_uid != os.geteuid() else None)
    if kind is not None:
        raise refused(Path(out.path) / name, out.path, "game log", kind)


def _lines_kept(out: StudyFolder, games: int, ident: str) -> tuple[set[int], int]:
    """The indices of the study's games in games.jsonl and the recovered files; how many are in the latter only."""
    in_games, elsewhere = _indices(os.path.join(out.path, GAMES_FILE), games, ident), set()
    for name in sorted(os.listdir(out.fd)):
        if RECOVERED.match(name):
            elsewhere |= _indices(os.path.join(out.path, name), games, ident)
    return in_games | elsewhere, len(elsewhere - in_games)


def _indices(path: str, games: int, ident: str) -> set[int]:
    from gtcli.balance.sources import MAX_LINE_BYTES, parse_line

    found: set[int] = set()
    if not os.path.isfile(path) or os.path.islink(path):
        return found
    with open(path, "rb") as handle:
        for line in iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""):
            if not line.endswith(b"\n"):
                break  # a cut line is not a game kept (and a line too long is not one gt wrote)
            record, problem = parse_line(line)
            index = record.get("index") if isinstance(record, dict) else None
            if not problem and record.get("study") == ident and isinstance(index, int) and 0 <= index < games:
                found.add(index)
    return found
