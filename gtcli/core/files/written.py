"""A folder gt writes many files into (a league site): whole or not at all, and only gt's files removed.

**What gt wrote.** A name pattern cannot tell gt's files from a person's: a club's own
``night-20240531.html`` looks like a page named with a hash. So the folder holds a manifest,
:data:`MANIFEST`: the name of every file gt wrote there and the SHA-256 of what it wrote. gt
removes a file only when the manifest lists it **and** it is still exactly as gt wrote it (the
same hash, a plain single-named file, not a link); a file gt wrote that someone has changed
since is left where it is (and dropped from the manifest: it is theirs now); anything the
manifest does not list is never touched. A folder that is not empty and holds no manifest (or
one gt cannot read: gt writes it atomically, so it is not gt's) is somebody else's: it is
refused before anything is written (IO008) unless the command is told ``--overwrite``, which
writes gt's files over the names it chooses and still removes nothing it cannot prove it wrote.

**Whole or not at all.** A run never writes into the folder's own pages while it works. Every
new or changed file goes first into a staging folder, :data:`STAGING` (``.gt-staging``), that
the run creates itself (``mkdir``: it fails if anything is there) with a mark inside, created
``O_EXCL``, holding a random token that the manifest records too: the proof that gt made it.
A file whose bytes are already those of the folder's copy, as gt wrote it, is not written at
all. Staged files are written without an fsync each; once every file is staged, one barrier
(``sync``) puts them all on the disk, then the manifest says ``swapping`` (with the new list), and the
staged files are renamed into place with SIGINT, SIGTERM and SIGHUP held back (a rename is
atomic; the few hundred of a run take milliseconds), the files no longer needed are removed,
the folders fsynced once, and the manifest lists the new files. So the folder holds the
previous whole set of files or the new whole set; a run stopped while it builds leaves the
previous set untouched and its staging folder behind, which the manifest marks ``building``:
the next run goes on from it (a staged file is used again only when its bytes still have the
hash the staging journal gave them before it was written). Only a ``kill -9`` or a power cut
inside the swap itself leaves a mix, and the manifest then says ``swapping``: the next run
finishes the swap before anything else.

The manifest, the staging folder, its mark and journal are names gt chose in a folder
strangers may write: read and written never through a link (:mod:`gtcli.core.files.beside`),
only names the caller accepts are taken from them (never an absolute path or ``..``), and a
staging folder whose mark does not carry the manifest's token is not gt's: it is refused
(IO006) and left as it is.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import signal
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.atomic import clean_folder_temps, fsync_folder, fsync_path, write_atomic
from gtcli.core.files.beside import NOFOLLOW, check_place, is_plain, open_place, refused, remove_place
from gtcli.core.files.json_source import loads_bounded

MANIFEST = ".gt-written.json"
STAGING = ".gt-staging"
MARK = ".gt-staging-mark"
JOURNAL = ".gt-staging-journal"
MAX_MANIFEST_BYTES = 64_000_000
MAX_FILE_BYTES = 64_000_000
FORMAT = 1
HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def plain_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes | None:
    """The bytes of a plain single-named file, opened without following a link (None: absent, a link,
    not a plain file, too big, unreadable). One open, one fstat, one read."""
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink > 1 or st.st_size > limit:
            return None
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, max(st.st_size + 1 - size, 65536))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks) if size <= limit else None
    except OSError:
        return None
    finally:
        os.close(fd)


def sha256_of(path: Path) -> str | None:
    """The SHA-256 of a plain file's bytes (None: absent, a link, not a plain file, unreadable)."""
    data = plain_bytes(path)
    return None if data is None else hashlib.sha256(data).hexdigest()


def _visible(folder: Path, ignore: Callable[[str], bool]) -> list[str]:
    try:
        return sorted(name for name in os.listdir(folder) if not ignore(name))
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise InputError(Diagnostic("IO001", f"cannot look into {folder}: {exc.strerror or exc}",
                                    path=str(folder))) from None


@contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP held back inside (delivered when it ends): a step never cut in two."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class WrittenFolder:
    """The files gt wrote into ``folder`` (module docstring). ``allowed(name)``: whether a name
    read from the manifest is one this command could have written (relative, ``/``-separated)."""

    def __init__(self, folder: str | os.PathLike[str], what: str, allowed: Callable[[str], bool],
                 overwrite: bool = False) -> None:
        self.folder, self.what, self.allowed, self.overwrite = Path(folder), what, allowed, overwrite
        self.before: dict[str, str] = {}  # name -> hash, as the manifest found says
        self.now: dict[str, str] = {}  # name -> hash of what this run wrote or kept
        self.staged: dict[str, str] = {}  # name -> hash of what this run put in the staging folder
        self.resumed: dict[str, str] = {}  # staged by a run that was stopped, bytes checked
        self.finished_swap = False  # a run killed inside its swap was finished by this one
        self.done = False  # the new files are in place
        self._token = ""
        self._journal: int | None = None
        self._parents: set[str] = set()

    @property
    def manifest(self) -> Path:
        return self.folder / MANIFEST

    @property
    def staging(self) -> Path:
        return self.folder / STAGING

    # ---- what is there ---------------------------------------------------------------------------------
    def refuse_strangers(self, ignore: Callable[[str], bool] = lambda name: False) -> None:
        """IO008 if the folder holds anything (but names ``ignore`` accepts) and no manifest, unless --overwrite."""
        if self.overwrite or self._read() is not None:
            return
        found = _visible(self.folder, lambda name: name == MANIFEST or ignore(name))
        if found:
            shown = ", ".join(found[:3]) + (", ..." if len(found) > 3 else "")
            raise InputError(Diagnostic(
                "IO008", f"{self.folder} already holds {len(found)} file(s) or folder(s) gt did not write "
                         f"({shown}) and no {MANIFEST} of gt's; nothing was written", path=str(self.folder),
                hint=f"write the {self.what} into a new or empty folder, or add --overwrite to write it here anyway "
                     f"(gt then replaces only the names it writes, and removes nothing it did not write)"))

    def _read(self) -> dict | None:
        """The manifest as gt wrote it: ``files`` (name -> hash) and, for a run that did not end, ``unfinished``."""
        check_place(self.manifest, str(self.manifest), "manifest")
        data = plain_bytes(self.manifest, MAX_MANIFEST_BYTES)
        if data is None:
            return None
        try:
            # lines=False: a manifest is a page per line, so only its brackets could make it too deep to read;
            # a 20,000-page site's manifest (2.4 MB) is then read in 30 ms, not scanned for long lines for 250
            found = loads_bounded(data, lines=False, limit=MAX_MANIFEST_BYTES)
        except ValueError:
            return None
        files = found.get("files") if isinstance(found, dict) and found.get("format") == FORMAT else None
        if not isinstance(files, dict):
            return None
        unfinished = found.get("unfinished")
        if isinstance(unfinished, dict):
            unfinished = {"state": unfinished.get("state"), "token": unfinished.get("token"),
                          "files": self._names(unfinished.get("files"))}
        else:
            unfinished = None
        return {"files": self._names(files), "unfinished": unfinished}

    def _names(self, files) -> dict[str, str]:
        if not isinstance(files, dict):
            return {}
        return {name: digest for name, digest in files.items()
                if isinstance(name, str) and isinstance(digest, str) and len(digest) == 64 and self._acceptable(name)}

    def _acceptable(self, name: str) -> bool:
        parts = name.split("/")
        return (bool(name) and "\\" not in name and "\0" not in name and not name.startswith("/")
                and all(part not in ("", ".", "..") for part in parts) and self.allowed(name))

    # ---- a run -----------------------------------------------------------------------------------------
    def claim(self) -> None:
        """Read the manifest (a missing or unreadable one lists nothing); finish a swap a killed run left
        half done; take over the staging folder of a run that was stopped (or make one); clear the
        temporary files an older gt's killed saves left (once, for the whole folder)."""
        found = self._read() or {"files": {}, "unfinished": None}
        self.before = found["files"]
        unfinished = found["unfinished"]
        adopted = unfinished is not None and self._ours(unfinished.get("token"))
        if adopted and unfinished["state"] == "swapping":
            self.finished_swap = True
            self._swap(unfinished["files"], staged_only_if_whole=True)
            self.before, self.now = dict(unfinished["files"]), {}
            adopted = False
        if adopted:
            self._token = unfinished["token"]
            self._resume()
        else:
            if os.path.lexists(self.staging):
                raise self._not_ours()
            self._token = secrets.token_hex(16)
            self._save(self.before, {"state": "building", "token": self._token, "files": {}})
            self._make_staging()
        for sub in {""} | {name.rsplit("/", 1)[0] for name in self.before if "/" in name}:
            clean_folder_temps(self.folder / sub if sub else self.folder)

    def _ours(self, token) -> bool:
        """Whether the staging folder is a real folder of this user with gt's mark carrying ``token``."""
        if not isinstance(token, str) or len(token) != 32:
            return False
        try:
            st = os.lstat(self.staging)
        except OSError:
            return False
        if not stat.S_ISDIR(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            return False
        mark = plain_bytes(self.staging / MARK, 1000)
        return mark is not None and secrets.compare_digest(mark, f"gt {token}\n".encode())

    def _not_ours(self) -> InputError:
        return InputError(Diagnostic(
            "IO006", f"cannot write the {self.what} into {self.folder}: {self.staging} is there and gt cannot "
                     f"prove it made it (no mark of this folder's run); nothing was written", path=str(self.staging),
            hint=f"gt makes {STAGING} itself while it writes and removes it when done. Look at it, and remove it if "
                 f"it is not yours (`rm -r {self.staging}`)"))

    def _make_staging(self) -> None:
        try:
            os.mkdir(self.staging, 0o700)
        except FileExistsError:
            raise self._not_ours() from None
        except OSError as exc:
            raise InputError(Diagnostic("IO002", f"cannot write {self.staging}: {exc.strerror or exc}",
                                        path=str(self.staging))) from None
        fd = open_place(self.staging / MARK, str(self.staging), "mark", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(f"gt {self._token}\n")
        self._open_journal()

    def _open_journal(self) -> None:
        self._journal = open_place(self.staging / JOURNAL, str(self.staging), "journal",
                                   os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)

    def _journaled(self) -> dict[str, str]:
        """name -> hash of each file the staging folder's run meant to write (its last word on each name)."""
        data = plain_bytes(self.staging / JOURNAL) or b""
        meant: dict[str, str] = {}
        for line in data.decode("utf-8", "replace").splitlines():
            digest, _, name = line.partition(" ")
            if len(digest) == 64 and self._acceptable(name):
                meant[name] = digest
        return meant

    def _resume(self) -> None:
        """Take over a stopped run's staging folder: keep each staged file whose bytes still have the hash the
        journal gave them (written before the file), remove the rest of what the journal names."""
        for name, digest in self._journaled().items():
            path = self.staging / name
            if sha256_of(path) == digest:
                self.resumed[name] = digest
            else:
                remove_place(path)
        self._open_journal()

    def unchanged(self, name: str) -> bool:
        """Whether ``name`` is a file gt wrote and nobody changed since, or one a stopped run staged (then it
        is kept, and listed again): its text need not be made again."""
        digest = self.before.get(name)
        if digest is not None and sha256_of(self.folder / name) == digest:
            self.now[name] = digest
            return True
        digest = self.resumed.get(name)
        if digest is not None:
            self.now[name] = self.staged[name] = digest
            return True
        return False

    def write(self, name: str, text: str, role: str = "file") -> bool:
        """Put ``text`` as ``name`` (staged, never through a link) unless the folder already holds exactly
        these bytes as gt wrote them; True if staged."""
        data = text.encode("utf-8")
        digest = hashlib.sha256(data).hexdigest()
        self.now[name] = digest
        if self.before.get(name) == digest and plain_bytes(self.folder / name, len(data)) == data:
            return False  # compared byte for byte: a hash in a manifest is not proof of the file's bytes
        check_place(self.folder / name, str(self.folder / name), role)  # refused now, not half way through a swap
        self.staged[name] = digest
        if self.resumed.get(name) == digest:
            return True
        path = self.staging / name
        if name in self.resumed:
            remove_place(path)
        self._parent(name)
        os.write(self._journal, f"{digest} {name}\n".encode())  # before the file: what is staged is provably gt's
        fd = open_place(path, str(self.folder / name), role, os.O_WRONLY | os.O_CREAT | os.O_EXCL,
                        0o666)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        except OSError as exc:
            raise InputError(Diagnostic("IO002", f"cannot write {self.folder / name}: {exc.strerror or exc}",
                                        path=str(self.folder / name))) from None
        finally:
            os.close(fd)
        return True

    def _parent(self, name: str) -> None:
        if "/" not in name:
            return
        parent = name.rsplit("/", 1)[0]
        if parent in self._parents:
            return
        path = self.staging
        for part in parent.split("/"):
            path = path / part
            try:
                os.mkdir(path, 0o700)
            except FileExistsError:
                if not stat.S_ISDIR(os.lstat(path).st_mode):
                    raise refused(path, str(path), "staging folder", "not a folder") from None
        self._parents.add(parent)

    def finish(self) -> int:
        """Put this run's files in place (the swap), remove what gt wrote before that this run neither wrote
        nor kept, if still as gt wrote it, and write the manifest of this run's files; how many were removed."""
        if self._journal is not None:
            os.close(self._journal)
            self._journal = None
        self._durable()
        self._save(self.before, {"state": "swapping", "token": self._token, "files": self.now})
        removed = self._swap(self.now)
        self.done = True
        return removed

    def _durable(self) -> None:
        """Every staged file on the disk before the swap: one barrier for the whole run (``sync``: the staged
        pages were written without an fsync each), or, where there is none, each staged file fsynced."""
        if not self.staged:
            return
        if hasattr(os, "sync"):
            os.sync()
            return
        for name in self.staged:  # pragma: no cover - Windows
            fsync_path(self.staging / name, os.O_RDONLY | NOFOLLOW)

    def _swap(self, files: dict[str, str], staged_only_if_whole: bool = False) -> int:
        with signals_held():
            folders = {self.folder}
            for name, digest in sorted(files.items(), key=lambda item: item[0] == "index.html"):  # index.html last
                source = self.staging / name
                if name not in self.staged and not staged_only_if_whole:
                    continue
                if staged_only_if_whole and sha256_of(source) != digest:
                    continue  # moved already (or never staged: the folder's copy is the one listed)
                try:
                    os.replace(source, self.folder / name)
                except OSError as exc:
                    if exc.errno != errno.ENOENT:
                        raise InputError(Diagnostic("IO002", f"cannot write {self.folder / name}: "
                                                             f"{exc.strerror or exc}", path=str(self.folder / name))
                                         ) from None
                folders.add((self.folder / name).parent)
            removed = 0
            for name, digest in sorted(self.before.items()):
                if name in files:
                    continue
                path = self.folder / name
                if sha256_of(path) == digest and remove_place(path):
                    removed += 1
                    folders.add(path.parent)
            for folder in folders:
                fsync_folder(folder)
            self._save(files, None)
            self._drop_staging(files)
        return removed

    def _drop_staging(self, files: dict[str, str]) -> None:
        """Remove the staging folder: what its journal names (if still as staged), its mark and journal, its
        folders if empty. Anything else in it is left, and so is the folder then."""
        meant = self._journaled()
        for name, digest in meant.items():
            path = self.staging / name
            if sha256_of(path) == digest:
                remove_place(path)
        for name in (JOURNAL, MARK):
            remove_place(self.staging / name)
        parents = sorted({p for name in (*meant, *files) if "/" in name
                          for p in _prefixes(name.rsplit("/", 1)[0])}, key=len, reverse=True)
        for parent in (*parents, ""):
            try:
                os.rmdir(self.staging / parent if parent else self.staging)
            except OSError:
                pass

    def _save(self, files: dict[str, str], unfinished: dict | None) -> None:
        data = {"format": FORMAT, "written_by": "gt", "files": dict(sorted(files.items()))}
        if unfinished is not None:
            data["unfinished"] = {**unfinished, "files": dict(sorted(unfinished["files"].items()))}
        write_atomic(self.manifest, json.dumps(data, indent=0) + "\n", follow_links=False, role="manifest")


def _prefixes(parent: str) -> list[str]:
    parts = parent.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]
