"""Read a file a stranger may have chosen: regular files only, never more than a limit.

Every reader of the project (tables, sessions, profiles, boards, logs, card files) goes
through :func:`read_text`, so one place decides what "a file" is:

* only a regular file is read. A folder, a FIFO (which would block forever), a device
  (``/dev/zero`` never ends, ``stat`` says it holds 0 bytes) or a socket is refused
  before a byte is read;
* the file is opened with ``O_NONBLOCK`` and checked again with ``fstat`` on the open
  handle, so a file swapped for a FIFO between the check and the open cannot block;
* at most ``limit + 1`` bytes are read, whatever ``stat`` said (a file may grow while
  it is read);
* a symlink loop, a permission problem and every other OS error become one ``IO001``
  diagnostic, never a traceback;
* the bytes are decoded once, by :func:`decode`: UTF-8 (with or without a byte-order
  mark), universal newlines.

:func:`resolved` is ``Path.resolve`` without its RuntimeError on a symlink loop, and
:func:`exists` / :func:`is_file` are ``Path``'s without their errors on a name too long for
the file system (ENAMETOOLONG) or a NUL in the name (ValueError): a path a file names is
text from a stranger.

The kinds of file gt reads back after saving them are registered here too
(:func:`register_read_back`): the safe-file layer never saves a file past the limits it is
read with (:func:`gtcli.core.files.guarded.unreadable`), and a game knows its own files' limits.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError

MAX_FILE_BYTES = 2_000_000  # a table, session, profile, board or log; card files have their own limit
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
_CHUNK = 1 << 20
_BOM = b"\xef\xbb\xbf"

# A text check beyond the byte limit: raises InputError if gt would refuse the text (a grammar's token budget)
TextCheck = Callable[[str, str], None]  # (text, path shown)
_READ_BACK: dict[str, Callable[[], tuple[int, TextCheck | None]]] = {}


def register_read_back(what: str, limits: Callable[[], tuple[int, TextCheck | None]]) -> None:
    """Tell the safe-file layer that gt reads a ``what`` (the word a save names its file with:
    "log", "session file") back, and how: ``limits()`` gives the byte limit and a check of the
    text, or None. Called when the limits are needed, so they are the module values then."""
    _READ_BACK[what] = limits


def read_back_limits(what: str) -> tuple[int, TextCheck | None] | None:
    """The byte limit (and text check) gt reads a ``what`` with; None: gt does not read it back."""
    limits = _READ_BACK.get(what)
    return None if limits is None else limits()


for _what in ("session file", "table file"):  # TOML files read through read_text's own limit
    register_read_back(_what, lambda: (MAX_FILE_BYTES, None))


def _unusable(path: Path, message: str, code: str = "IO001", hint: str | None = None) -> InputError:
    return InputError(Diagnostic(code, message, path=str(path), hint=hint))


def _kind(mode: int) -> str | None:
    """Why a file of this mode cannot be read as text (None: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES, what: str = "file",
               too_big: str = "IO001") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or an :class:`InputError`.

    ``too_big`` is the code for a file over the limit (a card file over its limit is a
    card-set finding, ``CARD017``; anything else cannot be used, ``IO001``).
    """
    p = Path(path)
    try:
        before = os.stat(p)
        kind = _kind(before.st_mode)
        if kind is not None:
            raise _unusable(p, f"{p} is {kind}, not a {what}" if kind.startswith("a ") else f"{p} is {kind}",
                            hint="give the path of a regular file")
        if before.st_size > limit:
            raise _unusable(p, f"{p} is {before.st_size} bytes; a {what} may have {limit}", too_big)
        fd = os.open(p, _OPEN_FLAGS)
        try:
            if _kind(os.fstat(fd).st_mode) is not None:  # swapped between stat and open
                raise _unusable(p, f"{p} changed while it was opened; it is not a regular file now")
            chunks, size = [], 0
            while size <= limit:
                chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise _unusable(p, f"no such {what}: {p}") from None
    except NotADirectoryError:
        raise _unusable(p, f"no such {what}: {p} (a part of the path is not a folder)") from None
    except OSError as exc:
        raise _unusable(p, f"cannot read {p}: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name
        raise _unusable(p, f"no such {what}: {p!r} (a file name cannot hold that character)") from None
    if size > limit:
        raise _unusable(p, f"{p} is larger than {limit} bytes; a {what} may have {limit}", too_big)
    return b"".join(chunks)


def decode(data: bytes, path: str | os.PathLike[str]) -> str:
    """UTF-8 text with universal newlines (as ``Path.read_text`` gives), or IO001.

    A byte-order mark at the start ("UTF-8 with BOM", as Notepad saves) is dropped: it is
    invisible in every editor, and left in it would be an unexpected character at 1:1 of a
    card file or log, and an error of the TOML and JSON parsers. Dropping it here, before
    anything is parsed, keeps every line and column where the user sees them.
    """
    if data.startswith(_BOM):
        data = data[len(_BOM):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _unusable(Path(path), f"{path} is not UTF-8 text (byte {exc.start})", hint="save it as UTF-8") from None
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_text(path: str | os.PathLike[str], what: str = "file", limit: int = MAX_FILE_BYTES,
              too_big: str = "IO001") -> str:
    """The text of a regular UTF-8 file of at most ``limit`` bytes, or an :class:`InputError`."""
    return decode(read_bytes(path, limit, what, too_big), path)


def resolved(path: str | os.PathLike[str]) -> Path:
    """``Path(path).resolve()``, with a symlink loop as an IO001 diagnostic instead of a RuntimeError."""
    try:
        return Path(path).resolve()
    except (RuntimeError, OSError, ValueError) as exc:
        reason = {RuntimeError: "a symlink loop", ValueError: "a character no file name can hold"}.get(
            type(exc), getattr(exc, "strerror", None) or str(exc))
        raise _unusable(Path(path), f"cannot follow {path!r}: {reason}", hint="point it at a real file") from None


def _mode(path: str | os.PathLike[str]) -> int | None:
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):
        return None


def exists(path: str | os.PathLike[str]) -> bool:
    """Whether something is there (following symlinks); False for any name the OS refuses."""
    return _mode(path) is not None


def is_file(path: str | os.PathLike[str]) -> bool:
    """Whether a regular file is there (following symlinks); False for any name the OS refuses."""
    mode = _mode(path)
    return mode is not None and stat.S_ISREG(mode)


def read_stream(stream: Any, name: str, what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a binary stream (standard input: ``gt check -``) of at most ``limit`` bytes.

    Read in chunks up to ``limit + 1`` bytes, never all of an endless pipe; ``name`` is what
    messages call it (``<stdin>``).
    """
    chunks, size = [], 0
    try:
        while size <= limit:
            chunk = stream.read(min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise _unusable(Path(name), f"cannot read {name}: {exc.strerror or exc}") from None
    if size > limit:
        raise _unusable(Path(name), f"{name} is larger than {limit} bytes; a {what} may have {limit}")
    return decode(b"".join(chunks), name)
