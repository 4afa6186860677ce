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
  one is removed), and ``study.json`` always says how many games are done;
* temporary names are ``.NAME.PID-HOST.sim.tmp``: a run killed outright (kill -9, a power cut)
  leaves one behind, and the next run in the folder tells it from a live run's by its
  process id and machine. :meth:`StudyFolder.stale` touches only those gt provably wrote
  (that name, this machine, a writer no longer running; opened with ``O_NOFOLLOW`` and checked
  on the open file: a regular file, one name -- never a hard link to a file elsewhere --, the
  user's own); a ``games.jsonl`` one is adopted (renamed to ``games.recovered-PID.jsonl``,
  which ``gt balance`` reads, cut after its last whole line), any other removed; a name that
  fails a check is left alone and named;
* a full disk (or any refused write) is IO002: with ``--stats-only`` the games whose lines
  were written are kept in ``games.jsonl`` (:class:`Stream` cuts it after the last whole line).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.grand_tribunal.formats.log_files import MAX_LOGS as MAX_LOGS  # a run writes no more logs than gt check reads

MAX_GAMES = 10_000_000
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


_TEMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)-(?P<host>[A-Za-z0-9_-]*)\.sim\.tmp$")
RECOVERED = re.compile(r"^games\.recovered-\d+\.jsonl$")  # a killed run's games, adopted (module docstring)
RECORD_START = b'{"index": '  # how every line of a games.jsonl gt writes begins


def temp_name(base: str) -> str:
    """The temporary name of ``base`` for this process (module docstring)."""
    from gtcli.core.files.atomic import host_name

    return f".{base}.{os.getpid()}-{host_name()}.sim.tmp"


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
        temp = temp_name(base)
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

    def stale(self) -> tuple[list[tuple[str, str | None]], list[tuple[str, str]]]:
        """Tidy what killed runs left (module docstring): ([(temporary name, adopted as, or None if
        removed)], [(temporary name, why it was left alone)]). A name is touched only if it is provably
        gt's: opened without following a link, then checked on the open file (:func:`_not_ours`)."""
        from gtcli.core.files.atomic import host_name, pid_alive

        here, tidied, left = host_name(), [], []
        for name in sorted(os.listdir(self.fd)):
            match = _TEMP.match(name)
            if not match or match["host"] != here or pid_alive(int(match["pid"])):
                continue
            try:
                fd = os.open(name, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                             | getattr(os, "O_CLOEXEC", 0), dir_fd=self.fd)
            except OSError as exc:  # a link, a folder, a file it may not write: not a file gt wrote
                left.append((name, _unopened(name, self.fd, exc)))
                continue
            try:
                why = _not_ours(os.fstat(fd))
                adopted = None
                games = match["name"] == "games.jsonl" and os.pread(fd, len(RECORD_START), 0) == RECORD_START
                if why is None and games:
                    adopted = f"games.recovered-{match['pid']}.jsonl"
                    if _exists(adopted, self.fd):
                        why = f"{adopted} exists already"
                if why is None and not _same(name, self.fd, fd):
                    why = "it changed while it was looked at"
                if why is not None:
                    left.append((name, why))
                    continue
                if adopted:
                    os.ftruncate(fd, _whole_lines(fd))
                    os.rename(name, adopted, src_dir_fd=self.fd, dst_dir_fd=self.fd)
                else:
                    os.unlink(name, dir_fd=self.fd)
                tidied.append((name, adopted))
            except OSError as exc:
                left.append((name, f"cannot be tidied: {exc.strerror or exc}"))
            finally:
                os.close(fd)
        return tidied, left

    def _cannot(self, name: str, exc: OSError) -> InputError:
        where = os.path.join(self.path, name)
        return InputError(Diagnostic("IO002", f"cannot write {where}: {exc.strerror or exc}", path=where))


def _whole_lines(fd: int) -> int:
    """The length of the file's whole lines: up to and with its last newline."""
    end = os.fstat(fd).st_size
    while end > 0:
        start = max(0, end - (1 << 16))
        piece = os.pread(fd, end - start, start)
        last = piece.rfind(b"\n")
        if last >= 0:
            return start + last + 1
        end = start
    return 0


def _not_ours(info: os.stat_result) -> str | None:
    """Why an open file cannot be one a killed gt run wrote, or None: gt's temporary file is a regular
    file with one name (a second name is a hard link to a file elsewhere, which adopting would cut),
    owned by the user running gt."""
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file"
    if info.st_nlink != 1:
        return f"has {info.st_nlink} names (a hard link)"
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        return "is owned by another user"
    return None


def _unopened(name: str, folder: int, exc: OSError) -> str:
    """Why a temporary name could not be opened, in the words :func:`_not_ours` uses."""
    try:
        mode = os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode
    except OSError:
        mode = 0
    if stat.S_ISLNK(mode):
        return "is a link"
    if mode and not stat.S_ISREG(mode):
        return "is not a regular file"
    return f"cannot be opened: {exc.strerror or exc}"


def _same(name: str, folder: int, fd: int) -> bool:
    """Whether ``name`` in ``folder`` is still the file open as ``fd`` (not swapped since it was opened)."""
    try:
        now = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except OSError:
        return False
    opened = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino)


def _exists(name: str, fd: int) -> bool:
    try:
        os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


class Stream:
    """A file written line by line under a temporary name and renamed to its name by :meth:`finish`
    (also after a Ctrl-C, a signal or a full disk: what was written whole is kept), or removed by
    :meth:`discard`. ``lines`` counts the lines written whole; a write the disk refuses is IO002,
    raised once, after which the file is cut after its last whole line and takes no more."""

    BUFFER = 1 << 16

    def __init__(self, folder: StudyFolder, name: str, keep: bool = False) -> None:
        """``keep``: the file starts with the whole lines of the one of that name (a resumed study)."""
        self.folder, self.name = folder, name
        self.temp = temp_name(name)
        self.pending: list[bytes] = []
        self.size = self.kept = self.lines = self.queued = 0
        self.failed: InputError | None = None
        try:
            try:
                os.unlink(self.temp, dir_fd=folder.fd)
            except FileNotFoundError:
                pass
            self.fd = os.open(self.temp, _NEW_FLAGS, 0o666, dir_fd=folder.fd)
            if keep:
                self._keep()
        except OSError as exc:
            raise folder._cannot(name, exc) from None

    def _keep(self) -> None:
        """Copy the whole lines of the file of this name (opened without following a link) to the temporary one."""
        try:
            old = os.open(self.name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                          | getattr(os, "O_CLOEXEC", 0), dir_fd=self.folder.fd)
        except FileNotFoundError:
            return
        try:
            if not stat.S_ISREG(os.fstat(old).st_mode):
                return
            end, done = _whole_lines(old), 0
            while done < end:
                piece = os.pread(old, min(1 << 20, end - done), done)
                if not piece:
                    break
                self.lines += piece.count(b"\n")
                view = memoryview(piece)
                while view:
                    view = view[os.write(self.fd, view):]
                done += len(piece)
            self.kept = done
        finally:
            os.close(old)

    def write_line(self, text: str) -> None:
        if self.failed:
            raise self.failed
        line = text.encode("utf-8") + b"\n"
        self.pending.append(line)
        self.size += len(line)
        self.queued += 1
        if self.size >= self.BUFFER:
            self.flush()

    def flush(self) -> None:
        """Write what is buffered; on a refused write, cut the file after its last whole line (IO002)."""
        if not self.pending or self.failed:
            return
        data, count = b"".join(self.pending), self.queued
        self.pending, self.size, self.queued = [], 0, 0
        done = 0
        try:
            while done < len(data):
                done += os.write(self.fd, data[done:done + (1 << 20)])
        except OSError as exc:
            whole = data.rfind(b"\n", 0, done) + 1  # the lines the disk took whole are kept
            self.kept += whole
            self.lines += data.count(b"\n", 0, whole)
            try:
                os.ftruncate(self.fd, self.kept)
            except OSError:
                pass
            self.failed = self.folder._cannot(self.name, exc)
            raise self.failed from None
        self.kept += len(data)
        self.lines += count

    def finish(self) -> None:
        """Keep what was written whole under the file's name; IO002 if even that cannot be done."""
        try:
            self.flush()
        except InputError:
            pass  # self.failed: the lines written whole are kept below, the error is the caller's to report
        synced: OSError | None = None
        try:
            os.fsync(self.fd)
        except OSError as exc:  # the lines are written all the same: keep them under the name, then say so
            synced = exc
        os.close(self.fd)
        try:
            existed = _exists(self.name, self.folder.fd)
            os.replace(self.temp, self.name, src_dir_fd=self.folder.fd, dst_dir_fd=self.folder.fd)
        except OSError as exc:
            raise self.folder._cannot(self.name, exc) from None
        self.folder.replaced += existed
        if synced is not None and self.failed is None:
            self.failed = self.folder._cannot(self.name, synced)

    def discard(self) -> None:
        os.close(self.fd)
        try:
            os.unlink(self.temp, dir_fd=self.folder.fd)
        except OSError:
            pass
