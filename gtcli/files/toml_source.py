"""Read a TOML file and point at lines in it.

``tomllib`` gives positions only for syntax errors; for a value that is well-formed but
wrong (a negative base, an unknown type) we find the line ourselves, so every message
can say ``file:line:col``.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gtcli.diagnostics import Diagnostic, InputError

MAX_FILE_BYTES = 2_000_000
_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


@dataclass(frozen=True)
class TomlSource:
    path: str
    text: str
    data: dict[str, Any]

    def lines(self) -> list[str]:
        return self.text.splitlines()

    def _find(self, pattern: str, start: int = 0, stop: int | None = None) -> tuple[int, int] | None:
        rx = re.compile(pattern)
        lines = self.lines()
        for number in range(start, stop if stop is not None else len(lines)):
            match = rx.search(lines[number])
            if match:
                return number + 1, match.start(1) + 1 if match.groups() else match.start() + 1
        return None

    def _header(self, table: str, index: int) -> int | None:
        """0-based line of the index-th ``[table]`` or ``[[table]]`` header."""
        rx = re.compile(r"^\s*\[\[?\s*" + re.escape(table) + r"\s*\]\]?\s*(#.*)?$")
        hits = [n for n, line in enumerate(self.lines()) if rx.match(line)]
        return hits[index] if index < len(hits) else None

    def locate(self, key: str | None = None, table: str | None = None, index: int = 0) -> tuple[int | None, int | None]:
        """Best-effort (line, col) of ``key`` inside the index-th ``[table]``/``[[table]]``.

        Without a table the key is looked for among the top-level keys; without a key the
        table's header is returned.
        """
        lines = self.lines()
        start, stop = 0, None
        if table is not None:
            header = self._header(table, index)
            if header is None:
                return None, None
            if key is None:
                return header + 1, 1
            start = header + 1
        following = [n for n in range(start, len(lines)) if re.match(r"^\s*\[", lines[n])]
        stop = following[0] if following else None
        if key is not None:
            quoted = re.escape(key)
            hit = self._find(rf"^\s*(\"{quoted}\"|'{quoted}'|{quoted})\s*=", start, stop)
            if hit:
                return hit
        if table is not None:
            return start, 1
        return None, None

    def error(self, code: str, message: str, hint: str | None = None, *, key: str | None = None,
              table: str | None = None, index: int = 0) -> InputError:
        line, col = self.locate(key, table, index)
        return InputError(Diagnostic(code, message, path=self.path, line=line, col=col, hint=hint))


def read_text(path: str | Path, what: str = "file") -> str:
    """The text of a file, or one clear IO001 error (missing, a folder, too big, not UTF-8)."""
    p = Path(path)
    try:
        if p.is_dir():
            raise InputError(Diagnostic("IO001", f"{p} is a folder, not a {what}", path=str(p)))
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InputError(Diagnostic("IO001", f"{p} is {size} bytes; the limit is {MAX_FILE_BYTES}", path=str(p)))
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(Diagnostic("IO001", f"no such {what}: {p}", path=str(p))) from None
    except UnicodeDecodeError as exc:
        raise InputError(
            Diagnostic("IO001", f"{p} is not UTF-8 text (byte {exc.start})", path=str(p), hint="save it as UTF-8")
        ) from None
    except OSError as exc:
        raise InputError(Diagnostic("IO001", f"cannot read {p}: {exc.strerror or exc}", path=str(p))) from None


def parse_toml(text: str, path: str, code: str) -> TomlSource:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_POSITION.search(message)
        line = int(match.group(1)) if match else None
        col = int(match.group(2)) if match else None
        message = _TOML_POSITION.sub("", message).strip()
        raise InputError(
            Diagnostic(code, f"not valid TOML: {message[:1].lower() + message[1:]}", path=path, line=line, col=col,
                       hint="check quotes, '=' signs and [section] headers on that line")
        ) from None
    return TomlSource(path, text, data)


def read_toml(path: str | Path, code: str, what: str = "file") -> TomlSource:
    return parse_toml(read_text(path, what), str(path), code)
