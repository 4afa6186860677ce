"""A folder gt writes many files into (a league site): a manifest of what gt wrote, so it removes only that.

A name pattern cannot tell gt's files from a person's: a club's own ``night-20240531.html``
looks like a page named with a hash. So the folder holds a manifest, :data:`MANIFEST`: the
name of every file gt wrote there and the SHA-256 of what it wrote. gt removes a file only
when the manifest lists it **and** it is still exactly as gt wrote it (the same hash, a
plain single-named file, not a link); a file gt wrote that someone has changed since is
left where it is (and dropped from the manifest: it is theirs now); anything the manifest
does not list is never touched.

A folder that is not empty and holds no manifest (or one gt cannot read: gt writes it
atomically, so it is not gt's) is somebody else's: it is refused before anything is
written (IO008) unless the command is told ``--overwrite``, which writes gt's files over
the names it chooses and still removes nothing it cannot prove it wrote.

The manifest is a name gt chose in a folder strangers may write: read and written never
through a link (:mod:`gtcli.core.files.beside`), only names the caller accepts are taken from
it (never an absolute path or ``..``), and it is claimed (written, listing what it knows)
before the first file is written, so an interrupted first run is not mistaken for a
stranger's folder by the next one.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.atomic import write_atomic
from gtcli.core.files.beside import check_place, is_plain, remove_place
from gtcli.core.files.json_source import loads_bounded

MANIFEST = ".gt-written.json"
MAX_MANIFEST_BYTES = 64_000_000
FORMAT = 1


def sha256_of(path: Path) -> str | None:
    """The SHA-256 of a plain file's bytes (None: absent, a link, not a plain file, unreadable)."""
    from gtcli.core.files.reading import read_bytes

    if not is_plain(path):
        return None
    try:
        return hashlib.sha256(read_bytes(path, MAX_MANIFEST_BYTES)).hexdigest()
    except InputError:
        return None


def _visible(folder: Path, ignore: Callable[[str], bool]) -> list[str]:
    try:
        return sorted(name for name in os.listdir(folder) if not ignore(name))
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise InputError(Diagnostic("IO001", f"cannot look into {folder}: {exc.strerror or exc}",
                                    path=str(folder))) from None


class WrittenFolder:
    """The files gt wrote into ``folder`` (module docstring). ``allowed(name)``: whether a name
    read from the manifest is one this command could have written (relative, ``/``-separated)."""

    def __init__(self, folder: str | os.PathLike[str], what: str, allowed: Callable[[str], bool],
                 overwrite: bool = False) -> None:
        self.folder, self.what, self.allowed, self.overwrite = Path(folder), what, allowed, overwrite
        self.before: dict[str, str] = {}  # name -> hash, as the manifest found says
        self.now: dict[str, str] = {}  # name -> hash of what this run wrote or kept

    @property
    def manifest(self) -> Path:
        return self.folder / MANIFEST

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

    def claim(self) -> None:
        """Read the manifest (a missing or unreadable one lists nothing) and write it back before any file."""
        self.before = self._read() or {}
        self._save(self.before)

    def _read(self) -> dict[str, str] | None:
        from gtcli.core.files.reading import decode, read_bytes

        check_place(self.manifest, str(self.manifest), "manifest")
        if not os.path.lexists(self.manifest):
            return None
        try:
            data = loads_bounded(decode(read_bytes(self.manifest, MAX_MANIFEST_BYTES, "manifest"), self.manifest))
        except (InputError, ValueError):
            return None
        files = data.get("files") if isinstance(data, dict) and data.get("format") == FORMAT else None
        if not isinstance(files, dict):
            return None
        return {name: digest for name, digest in files.items()
                if isinstance(digest, str) and len(digest) == 64 and self._acceptable(name)}

    def _acceptable(self, name: str) -> bool:
        parts = name.split("/")
        return (bool(name) and "\\" not in name and "\0" not in name and not name.startswith("/")
                and all(part not in ("", ".", "..") for part in parts) and self.allowed(name))

    def unchanged(self, name: str) -> bool:
        """Whether ``name`` is a file gt wrote and nobody changed since (then it is kept, and listed again)."""
        digest = self.before.get(name)
        if digest is None or sha256_of(self.folder / name) != digest:
            return False
        self.now[name] = digest
        return True

    def write(self, name: str, text: str, role: str = "file") -> None:
        """Write ``text`` as ``name`` (atomically, never through a link) and list it."""
        write_atomic(self.folder / name, text, follow_links=False, role=role)
        self.now[name] = hashlib.sha256(text.encode("utf-8")).hexdigest()

    def finish(self) -> int:
        """Remove what gt wrote before that this run did not write or keep, if still as gt wrote it;
        write the manifest of this run's files. Returns how many files were removed."""
        removed = 0
        for name, digest in sorted(self.before.items()):
            if name in self.now:
                continue
            path = self.folder / name
            if sha256_of(path) == digest and remove_place(path):
                removed += 1
        self._save(self.now)
        return removed

    def _save(self, files: dict[str, str]) -> None:
        text = json.dumps({"format": FORMAT, "written_by": "gt", "files": dict(sorted(files.items()))}, indent=0)
        write_atomic(self.manifest, text + "\n", follow_links=False, role="manifest")
