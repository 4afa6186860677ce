"""The folder ``gt simulate -o DIR`` writes: logs, summaries, the study's description, its card set.

Rules (docs/balance.md, "The study folder"):

* a user's file is never replaced without saying: before the first game, the names this
  run will write are looked up; if any exists, nothing is written and the command says
  which (exit 2), unless ``--overwrite`` was given, and then it says how many it replaced;
* nothing is written through a link: the folder is opened once and every file is created
  inside it (``dir_fd``) with ``O_CREAT | O_EXCL | O_NOFOLLOW`` under a temporary name,
  then renamed over its name (a link of that name is replaced, never followed); a
  sub-folder is entered with ``O_NOFOLLOW`` too;
* sizes are bounded: at most :data:`MAX_LOGS` logs per run (as many as ``gt check`` reads
  in one run), at most :data:`MAX_GAMES` games with ``--stats-only``;
* a log is complete or absent: a Ctrl-C during a write leaves no half file (the temporary
  one is removed), and ``study.json`` always says how many games are done.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.grand_tribunal.formats.log_files import MAX_LOGS as MAX_LOGS  # a run writes no more logs than gt check reads

MAX_GAMES = 10_000_000
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def log_name(index: int, games: int) -> str:
    """``game-000001.gtl`` for game index 0: numbered from 1, zero-padded so names sort in game order."""
    return f"game-{index + 1:0{max(6, len(str(games)))}d}.gtl"


class StudyFolder:
    def __init__(self, path: str) -> None:
        self.path = path
        try:
            os.makedirs(path, exist_ok=True)
            self.fd = os.open(path, _DIR_FLAGS)
        except OSError as exc:
            raise InputError(Diagnostic("IO002", f"cannot write in {path}: {exc.strerror or exc}", path=path)) from None
        self.replaced = 0

    def close(self) -> None:
        os.close(self.fd)

    def taken(self, names: Iterable[str]) -> list[str]:
        """Which of ``names`` (relative, possibly in sub-folders) already exist in the folder."""
        listing: dict[str, set[str]] = {}
        found = []
        for name in names:
            folder, _, base = name.rpartition("/")
            if folder not in listing:
                try:
                    listing[folder] = set(os.listdir(os.path.join(self.path, folder) if folder else self.fd))
                except OSError:
                    listing[folder] = set()
            if base in listing[folder]:
                found.append(name)
        return found

    def _folder(self, parts: list[str]) -> int:
        """A descriptor of the sub-folder ``parts`` of the study folder, made if missing, links refused."""
        fd = os.dup(self.fd)
        for part in parts:
            try:
                os.mkdir(part, dir_fd=fd)
            except FileExistsError:
                pass
            try:
                inner = os.open(part, _DIR_FLAGS | getattr(os, "O_NOFOLLOW", 0), dir_fd=fd)
            finally:
                os.close(fd)
            fd = inner
        return fd

    def write(self, name: str, data: str | bytes, durable: bool = False) -> None:
        """Create or replace ``name`` with ``data`` (module docstring); IO002 if it cannot be written."""
        *parts, base = name.split("/")
        raw = data.encode("utf-8") if isinstance(data, str) else data
        temp = f".{base}.{os.getpid()}.tmp"
        try:
            fd = self._folder(parts)
        except OSError as exc:
            raise self._cannot(name, exc) from None
        try:
            try:
                os.unlink(temp, dir_fd=fd)  # one a killed run of this process id left
            except FileNotFoundError:
                pass
            out = os.open(temp, _NEW_FLAGS, 0o666, dir_fd=fd)
            try:
                view = memoryview(raw)
                while view:
                    view = view[os.write(out, view):]
                if durable:
                    os.fsync(out)
            finally:
                os.close(out)
            existed = _exists(base, fd)
            os.replace(temp, base, src_dir_fd=fd, dst_dir_fd=fd)
            self.replaced += existed
        except BaseException as exc:
            try:
                os.unlink(temp, dir_fd=fd)
            except OSError:
                pass
            if isinstance(exc, OSError):
                raise self._cannot(name, exc) from None
            raise
        finally:
            os.close(fd)

    def _cannot(self, name: str, exc: OSError) -> InputError:
        where = os.path.join(self.path, name)
        return InputError(Diagnostic("IO002", f"cannot write {where}: {exc.strerror or exc}", path=where))


def _exists(name: str, fd: int) -> bool:
    try:
        os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


class Stream:
    """A file written line by line under a temporary name and renamed to its name by :meth:`finish`
    (also after a Ctrl-C: what was written is kept), or removed by :meth:`discard`."""

    def __init__(self, folder: StudyFolder, name: str) -> None:
        self.folder, self.name = folder, name
        self.temp = f".{name}.{os.getpid()}.tmp"
        try:
            try:
                os.unlink(self.temp, dir_fd=folder.fd)
            except FileNotFoundError:
                pass
            self.fd = os.open(self.temp, _NEW_FLAGS, 0o666, dir_fd=folder.fd)
        except OSError as exc:
            raise folder._cannot(name, exc) from None
        self.handle = os.fdopen(self.fd, "wb", buffering=1 << 16)

    def write_line(self, text: str) -> None:
        self.handle.write(text.encode("utf-8") + b"\n")

    def finish(self) -> None:
        self.handle.flush()
        os.fsync(self.handle.fileno())
        self.handle.close()
        existed = _exists(self.name, self.folder.fd)
        os.replace(self.temp, self.name, src_dir_fd=self.folder.fd, dst_dir_fd=self.folder.fd)
        self.folder.replaced += existed

    def discard(self) -> None:
        self.handle.close()
        try:
            os.unlink(self.temp, dir_fd=self.folder.fd)
        except OSError:
            pass
