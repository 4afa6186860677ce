"""The shipped card sets, once checked, kept as data in the user's private cache.

Every ``gt check`` of a log on the sample set parsed and checked ``sample.gtc`` again:
Lark's parser for the card language, its scanners' regular expressions, the checker --
more than the whole rest of checking a short log, in every process. A shipped set (a
file of gt's own ``cards/`` folder, which users do not edit) is kept instead, checked,
in the user's cache (:mod:`gtcli.core.files.cache`: a private folder, entries written
atomically), and used again only while it is exactly what loading the files would give:

* the entry holds the SHA-256 of every file the set was read from, and each is hashed
  again and compared before the entry is used;
* its name carries a stamp of gt's own code and data (size and modification time of
  every file of the installed package, the Python version), so another gt, or an edited
  checker, never reads an entry an older one wrote;
* it is read back by :func:`gtcli.core.files.cache.load_data`, which builds nothing but
  plain data and the set's own frozen dataclasses (no function, no other class).

Anything else -- no cache folder, a damaged, stale or foreign entry -- means the set is
loaded from its files as before (and kept for next time). Sets of users' own files are
not kept: they change, and the memo of :mod:`gtcli.core.files.memo` already reads each
once per process.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from pathlib import Path

from gtcli.core.diagnostics import Pos
from gtcli.core.files import cache
from gtcli.grand_tribunal.rules.cards import Card, CardSet, Choice, Effect, Step
from gtcli.grand_tribunal.rules.vocabulary import Term, Vocabulary
from gtcli.grand_tribunal.shipped import cards_dir

FORMAT = "1"
CLASSES = (CardSet, Card, Choice, Effect, Step, Term, Vocabulary, Pos)  # what a kept set is made of


def _shipped(path: str | Path) -> Path | None:
    """The resolved path if ``path`` is a file of gt's shipped cards folder, else None."""
    try:
        real = Path(os.path.realpath(path))
        return real if real.parent == Path(os.path.realpath(cards_dir())) else None
    except (OSError, ValueError):
        return None


@functools.cache
def code_stamp() -> str:
    """A digest of gt's installed code and data files (names, sizes, modification times)."""
    import gtcli

    key = hashlib.sha256(f"{FORMAT}\0{sys.version}\0{gtcli.__version__}".encode())
    roots = [Path(gtcli.__file__).parent, cards_dir()]
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".so", ".pyd", ".lark", ".gtc", ".toml")):
                    st = os.stat(os.path.join(folder, name))
                    key.update(f"{folder}/{name}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return key.hexdigest()[:24]


def _entry(real: Path) -> str:
    return f"set-{real.stem}-{code_stamp()}.pickle"


def _digest(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return None


def kept_set(path: str | Path) -> tuple[tuple[str, ...], CardSet] | None:
    """(the files it was read from, the set) for a shipped set whose kept entry still holds; else None."""
    real = _shipped(path)
    if real is None:
        return None
    kept = cache.load_data(cache.read_entry(_entry(real)), CLASSES)
    if not isinstance(kept, dict) or not isinstance(kept.get("set"), CardSet) or not isinstance(kept.get("files"), dict):
        return None
    files = kept["files"]
    if not files or any(not isinstance(name, str) or _digest(name) != digest for name, digest in files.items()):
        return None
    return tuple(files), kept["set"]


def keep_set(path: str | Path, files: list[str], card_set: CardSet) -> None:
    """Keep a shipped set, checked and without errors, read from ``files``; nothing for other sets."""
    real = _shipped(path)
    if real is None:
        return
    digests = {str(name): _digest(str(name)) for name in files}
    if not digests or None in digests.values():
        return
    cache.write_entry(_entry(real), cache.dump_data({"files": digests, "set": card_set}),
                      replaces=f"set-{real.stem}-")
