"""Limits on the shape of TOML and JSON text, checked before ``tomllib`` or ``json`` see it.

Both parsers are safe with files of normal shape but not with hostile ones: 500 nested
``[`` make them recurse past Python's stack (RecursionError), a 5,000-digit number
exceeds Python's integer-conversion limit (ValueError), and a dotted key of thousands of
parts (``x.a.a.a... = 1``) makes ``tomllib``'s memory grow with the square of its length
(40 KB of input took 2.4 GB). So every TOML and JSON input first goes through
:func:`toml_problem` or :func:`json_problem`, which check:

* nesting of arrays and tables/objects: at most :data:`MAX_DEPTH` levels;
* a bare word (key, number, date): at most :data:`MAX_WORD` characters; a quoted key too;
* a dotted key: at most :data:`MAX_DOTS` dots;
* a line: at most :data:`MAX_LINE` characters.

Brackets, dots and words inside strings and comments do not count, so the check first
blanks strings and comments out (keeping every other character where it was, so a
problem is reported at its line and column), then runs a few regular expressions over
what is left: linear, and all in C but for one step per string and per bracket.
Files the tool writes itself stay far inside these limits.
"""

from __future__ import annotations

import itertools
import re

MAX_DEPTH = 32
MAX_WORD = 128
MAX_DOTS = 32
MAX_LINE = 10_000

_BLANK = "\x01"  # stands for a character of a string: no bracket, dot or word character
_LONG_LINE = re.compile(rf"[^\n]{{{MAX_LINE + 1}}}")
_TOML_STRIP = re.compile(
    r'(?P<s>"""(?:[^"\\]|\\.|"{1,2}(?!"))*""""{0,2}'  # multi-line basic string (up to 2 more quotes close it)
    r"|'''(?:[^']|'{1,2}(?!'))*''''{0,2}"  # multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"?'  # basic string (an unclosed one stops at the line's end)
    r"|'[^'\n]*'?)"  # literal string
    r"|(?P<c>#[^\n]*)",  # comment
    re.S,
)
_JSON_STRIP = re.compile(r'(?P<s>"(?:[^"\\]|\\.)*"?)', re.S)
_TOML_WORD = re.compile(rf"[A-Za-z0-9_+:-]{{{MAX_WORD + 1}}}")
_JSON_WORD = re.compile(rf"[A-Za-z0-9_+.-]{{{MAX_WORD + 1}}}")
_KEY_FOLLOWS = re.compile(r"[ \t]*[=.]")
_KEY_RUN = re.compile(rf"[A-Za-z0-9_+:\-{_BLANK} \t.]+")  # words, strings, spaces and dots: maybe a dotted key
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


def _where(text: str, pos: int) -> tuple[int, int]:
    return text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos)


def _skeleton(text: str, strip: re.Pattern[str], keys: bool) -> tuple[str, int | None]:
    """``text`` with strings and comments blanked out, and where a too-long quoted key starts."""
    long_key: list[int] = []

    def blank(match: re.Match[str]) -> str:
        found = match.group()
        if match.lastgroup == "c":
            return " " * len(found)
        if keys and len(found) > MAX_WORD + 2 and not long_key and "\n" not in found \
                and _KEY_FOLLOWS.match(text, match.end()):
            long_key.append(match.start())
        if "\n" in found:
            return "".join("\n" if ch == "\n" else _BLANK for ch in found)
        return _BLANK * len(found)

    return strip.sub(blank, text), (long_key[0] if long_key else None)


def _deepest(skeleton: str) -> int | None:
    """Where nesting first goes past MAX_DEPTH in a text without strings, or None.

    A closing bracket with nothing open is a syntax error where it stands, and the
    parsers stop there, so counting on past it (below zero) can only under-count what
    they never read.
    """
    brackets = _NOT_BRACKET.sub("", skeleton)
    if len(brackets) <= MAX_DEPTH or max(itertools.accumulate(map(_DEPTH.__getitem__, brackets))) <= MAX_DEPTH:
        return None
    depth = 0
    for match in re.finditer(r"[\[\]{}]", skeleton):
        depth += _DEPTH[match.group()]
        if depth > MAX_DEPTH:
            return match.start()
    return None  # pragma: no cover - the count above found one


def _longest_key(skeleton: str) -> int | None:
    """Where a run of key parts joined by more than MAX_DOTS dots starts, or None."""
    if skeleton.count(".") <= MAX_DOTS:
        return None
    for run in _KEY_RUN.finditer(skeleton):
        if run.group().count(".") > MAX_DOTS:
            return run.start()
    return None


def _problem(text: str, strip: re.Pattern[str], word: re.Pattern[str], keys: bool,
             lines: bool = True) -> tuple[int, int, str] | None:
    skeleton, long_key = _skeleton(text, strip, keys)
    found = []
    line = _LONG_LINE.search(text) if lines else None
    if line:
        found.append((line.start(), f"a line longer than {MAX_LINE} characters"))
    deep = _deepest(skeleton)
    if deep is not None:
        found.append((deep, f"more than {MAX_DEPTH} nested arrays or tables"))
    long_word = word.search(skeleton)
    if long_word:
        found.append((long_word.start(), f"a key or value of more than {MAX_WORD} characters without quotes"))
    if long_key is not None:
        found.append((long_key, f"a key longer than {MAX_WORD} characters"))
    dotted = _longest_key(skeleton) if keys else None
    if dotted is not None:
        found.append((dotted, f"a dotted key with more than {MAX_DOTS} dots"))
    if not found:
        return None
    pos, what = min(found)
    return (*_where(text, pos), what)


def toml_problem(text: str) -> tuple[int, int, str] | None:
    """The first shape limit a TOML text breaks, as (line, col, problem), or None."""
    return _problem(text, _TOML_STRIP, _TOML_WORD, keys=True)


def json_problem(text: str, lines: bool = True) -> tuple[int, int, str] | None:
    """The first shape limit a JSON text breaks, as (line, col, problem), or None. ``lines=False``: a
    text of one record per line (a ``games.jsonl`` line, bounded by its reader) may have longer lines."""
    return _problem(text, _JSON_STRIP, _JSON_WORD, keys=False, lines=lines)
