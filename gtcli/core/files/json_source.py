"""Read JSON from outside gt within bounds: the one JSON reader of the project.

``json.loads`` is safe with text of normal shape but not with a hostile one: 5,000 nested
``[`` make it recurse past Python's stack (RecursionError, a traceback and exit 3), and a
5,000-digit number exceeds Python's integer-conversion limit (ValueError). Every JSON text gt
reads from a file, a pipe or a request therefore goes through :func:`parse_json` (or
:func:`read_json`, which reads a file of at most ``limit`` bytes first): its size is bounded,
its shape is checked by :func:`gtcli.core.files.shape.json_problem` (nesting at most
:data:`~gtcli.core.files.shape.MAX_DEPTH` levels, counting no bracket inside a string; no
overlong word or line) before ``json`` sees it; what Python's ``json`` takes beyond JSON
itself is refused (``NaN`` and ``Infinity``, and a key twice in one object, which readers
resolve differently); and a text that breaks a limit or is not
JSON is an :class:`InputError` at its ``file:line:col`` with a code and a hint -- never a
traceback. :func:`loads_bounded` is the same check for a caller that treats a bad text as
absent (a lock file's holder, a manifest) or counts it (a line of ``games.jsonl``): it raises
:class:`JsonProblem`, a ``ValueError``, only.

Checking every object for a key twice costs a call into Python per object (a third of the parse
of a game summary). A caller that knows the shape of what it reads can spare it: given ``keys``
(a lower bound of the number of keys, see :func:`loads_bounded`), the text is parsed by ``json``'s
own C decoder and the check is made once for the whole text, by counting its colons.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.reading import MAX_FILE_BYTES, read_text
from gtcli.core.files.shape import MAX_DEPTH, MAX_LINE, json_problem

HINT = "files gt writes stay far inside these limits; was it edited, or written by another program?"


class JsonProblem(ValueError):
    """Why a text is not JSON gt reads: at ``line``:``col`` (or None), ``why``; ``limit`` if it breaks a bound."""

    def __init__(self, line: int | None, col: int | None, why: str, limit: bool) -> None:
        super().__init__(why)
        self.line, self.col, self.why, self.limit = line, col, why, limit


def loads_bounded(data: str | bytes, lines: bool = True, limit: int = MAX_FILE_BYTES,
                  keys: Callable[[Any], int] | None = None) -> Any:
    """The value of a JSON text within the bounds (module docstring), or :class:`JsonProblem` (a
    ``ValueError``; never a RecursionError). ``lines=False``: one record per line, its length bounded by
    the caller. A text with at most MAX_DEPTH brackets cannot nest too deep: the shape is checked only
    past that (or past a line's limit), so a stream of small records costs one count per record.

    ``keys``: for a caller that knows what it reads, a function giving a LOWER BOUND of the number
    of keys of a value -- the sum of ``len(d)`` over some of the dicts in it, each dict counted once
    (never the length of a list or a string, never a dict twice). The text is then parsed without
    the check of :func:`_one_value_per_key`, and taken as it is if ``keys(value)`` equals the number
    of colons in the text. That proves no key was given twice: each key of an object has exactly one
    colon after it outside strings, and a colon anywhere else is inside a string, so the colons
    number at least the keys written; an object that repeats a key holds fewer entries than it had
    keys written, so the bound is below the count as soon as one of the dicts it counts repeats a
    key -- and a key twice in a dict it does not count, or a colon in a string, leaves keys written
    that it does not count: below again. Equal, every key written is in a dict counted once, as
    many as it had written: none twice. Otherwise (or if that parse fails at all) the text is parsed
    again with the check, which gives the same value, or refuses it with the same reason as without
    ``keys``: the result is the same either way, only its cost differs."""
    colons = -1
    if isinstance(data, (bytes, bytearray)):
        # counted in the bytes (in one pass), where they are the same as in the text: UTF-8 writes
        # no ASCII character inside another's bytes, and counting bytes is cheaper than characters
        marks = data.translate(None, _NOT_MARKS)
        colons = marks.count(b":")
        brackets = len(marks) - colons
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonProblem(None, None, f"not UTF-8 text (byte {exc.start})", False) from None
    else:
        brackets = data.count("[") + data.count("{")
    if len(data) > limit:
        raise JsonProblem(None, None, f"longer than {limit} characters", True)
    if brackets > MAX_DEPTH or (lines and len(data) > MAX_LINE):
        problem = json_problem(data, lines)
        if problem is not None:
            raise JsonProblem(*problem, limit=True)
    if keys is not None:
        try:
            value, end = _SCAN(data, 0)
        except (StopIteration, ValueError, RecursionError, _NotJson):
            pass  # parsed again below, for the reason
        else:
            if end != len(data) and data[end:].strip(_SPACE):
                pass  # more than whitespace after the value: parsed again below, for the reason
            elif keys(value) == (colons if colons >= 0 else data.count(":")):
                return value
    try:
        return _DECODER.decode(data)
    except json.JSONDecodeError as exc:
        raise JsonProblem(exc.lineno, exc.colno, f"not valid JSON ({exc.msg})", False) from None
    except _NotJson as exc:
        raise JsonProblem(None, None, f"not valid JSON ({exc})", False) from None
    except (RecursionError, ValueError):  # a number too long, or (the shape check keeps it away) too deep
        problem = json_problem(data, lines)
        raise (JsonProblem(*problem, limit=True) if problem else
               JsonProblem(None, None, "nested too deep or a number too long", True)) from None


def loads_own(data: str | bytes, limit: int) -> Any:
    """JSON that gt wrote itself, read back from a store it trusts (the club index's kept scoresheets,
    :mod:`gtcli.club.sheets`: an index is read only with its HMAC mark): bounded in size, and anything
    that is not JSON -- too deep (Python's own recursion guard), a number too long -- is a
    :class:`JsonProblem`, never a traceback; without :func:`loads_bounded`'s shape scan and key check,
    which cost seven times the parse on a scoresheet and guard against texts gt never writes."""
    if len(data) > limit:
        raise JsonProblem(None, None, f"longer than {limit} characters", True)
    try:
        return json.loads(data)
    except (RecursionError, ValueError) as exc:
        raise JsonProblem(None, None, f"not valid JSON ({type(exc).__name__})", False) from None


class _NotJson(Exception):
    """A text Python's ``json`` takes but JSON (RFC 8259) does not, or does not give one meaning."""


def _one_value_per_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different: ``{"bot": "a", "bot": "b"}`` means "b" to Python and "a" to
    other readers, so a file could say one thing to gt and another to the tool that checked it."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _NotJson(f"the key {json.dumps(twice)[:80]} twice in one object")
    return found


def _no_constant(name: str) -> float:
    """``NaN``, ``Infinity`` and ``-Infinity``: Python reads them, JSON has no such numbers."""
    raise _NotJson(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(object_pairs_hook=_one_value_per_key, parse_constant=_no_constant)
# the same decoder without the check of keys (loads_bounded's ``keys``): a JSON value at the start of a text
_SCAN = json.JSONDecoder(parse_constant=_no_constant).scan_once
_SPACE = " \t\n\r"  # JSON's whitespace, which may follow the value
_NOT_MARKS = bytes(sorted(set(range(256)) - set(b"[{:")))  # every byte but brackets that open and colons


def parse_json(text: str, path: str, code: str = "IO001", what: str = "JSON file", hint: str = HINT,
               limit: int = MAX_FILE_BYTES) -> Any:
    """The value of a JSON ``text`` read from ``path``, or ``code`` at its line and column (module docstring)."""
    try:
        return loads_bounded(text, limit=limit)
    except JsonProblem as exc:
        raise InputError(Diagnostic(code, f"not a usable {what}: {exc.why}", path=path, line=exc.line, col=exc.col,
                                    hint=hint)) from None


def read_json(path: str | os.PathLike[str], what: str = "JSON file", limit: int = MAX_FILE_BYTES,
              code: str = "IO001", hint: str = HINT) -> Any:
    """The value of the JSON file ``path`` (a regular file of at most ``limit`` bytes), or an InputError."""
    return parse_json(read_text(path, what, limit), str(path), code, what, hint, limit)
