"""Read a TOML file and point at lines in it.

``tomllib`` gives positions only for syntax errors; for a value that is well-formed but
wrong (a negative base, an unknown type) we find the line ourselves, so every message
can say ``file:line:col``.

Text comes from :func:`read_text` (:mod:`gtcli.core.files.reading`, re-exported here), the one
function every reader of the project uses; it goes through the shape limits of
:mod:`gtcli.core.files.shape` before ``tomllib`` sees it.
"""

from __future__ import annotations

import bisect
import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.reading import MAX_FILE_BYTES, read_text
from gtcli.core.files.shape import toml_problem

__all__ = ["MAX_FILE_BYTES", "TomlSource", "parse_toml", "read_text", "read_toml"]
_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


@dataclass(frozen=True)
class TomlSource:
    path: str
    text: str
    data: dict[str, Any]

    def lines(self) -> list[str]:
        return self._lines

    # Split once, find headers once: a file of 10,000 [[cards]] located each card's keys, and
    # every lookup scanned the whole file again (quadratic).
    @functools.cached_property
    def _lines(self) -> list[str]:
        return self.text.split("\n")  # as tomllib and the carets count lines

    @functools.cached_property
    def _tables(self) -> list[int]:
        """0-based lines that open a table (``[...]`` or ``[[...]]``), in order."""
        return [n for n, line in enumerate(self._lines) if line.lstrip().startswith("[")]

    @functools.cached_property
    def _headers(self) -> dict[str, list[int]]:
        return {}

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
        hits = self._headers.get(table)
        if hits is None:
            rx = re.compile(r"^\s*\[\[?\s*" + re.escape(table) + r"\s*\]\]?\s*(#.*)?$")
            hits = self._headers[table] = [n for n in self._tables if rx.match(self._lines[n])]
        return hits[index] if index < len(hits) else None

    def locate(self, key: str | None = None, table: str | None = None, index: int = 0) -> tuple[int | None, int | None]:
        """Best-effort (line, col) of ``key`` inside the index-th ``[table]``/``[[table]]``.

        Without a table the key is looked for among the top-level keys; without a key the
        table's header is returned.
        """
        start, stop = 0, None
        if table is not None:
            header = self._header(table, index)
            if header is None:
                return None, None
            if key is None:
                return header + 1, 1
            start = header + 1
        after = bisect.bisect_left(self._tables, start)
        stop = self._tables[after] if after < len(self._tables) else None
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


def parse_toml(text: str, path: str, code: str) -> TomlSource:
    """Parse TOML text whose shape is within :mod:`gtcli.core.files.shape`'s limits, or raise ``code``."""
    problem = toml_problem(text)
    if problem is not None:
        line, col, what = problem
        raise InputError(Diagnostic(code, f"not a usable TOML file: {what}", path=path, line=line, col=col,
                                    hint="files from gt and spreadsheets stay far inside these limits"))
    try:
        data = tomllib.loads(text)
    except (RecursionError, ValueError) as exc:
        if isinstance(exc, tomllib.TOMLDecodeError):
            raise _syntax_error(exc, text, path, code) from None
        # the shape check keeps both away; a second line of defence, never a traceback
        raise InputError(Diagnostic(code, "not a usable TOML file: nested too deep or a number too long",
                                    path=path)) from None
    return TomlSource(path, text, data)


def _syntax_error(exc: tomllib.TOMLDecodeError, text: str, path: str, code: str) -> InputError:
    message = str(exc)
    match = _TOML_POSITION.search(message)
    line = int(match.group(1)) if match else None
    col = int(match.group(2)) if match else None
    if match is None and "(at end of document)" in message:  # tomllib names no line: the last one it is
        lines = text.splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
        message = message.replace("(at end of document)", "at the end of the file")
    message = _TOML_POSITION.sub("", message).strip()
    return InputError(
        Diagnostic(code, f"not valid TOML: {message[:1].lower() + message[1:]}", path=path, line=line, col=col,
                   hint="check quotes, '=' signs and [section] headers on that line")
    )


def read_toml(path: str | Path, code: str, what: str = "file") -> TomlSource:
    return parse_toml(read_text(path, what), str(path), code)
