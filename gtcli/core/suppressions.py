"""Findings a club knows and accepts, suppressed where they are, as ruff does.

Two ways, both the club's own writing, both counted wherever a report is summed up:

* a ``# noqa: K4, T6`` comment on a line of a file suppresses the findings of those codes
  reported at that line (:func:`apply_noqa`). Codes are required: a bare ``# noqa``
  suppresses nothing and is reported (``SUP002``), because a referee must not let one
  comment hide every illegal move of a line. Codes are whole codes, upper or lower
  case, separated by commas or blanks; the list ends at the first word that is no code, so
  ``# noqa: K4 -- the table allowed it`` is fine. A comment whose codes suppressed nothing
  on its line is reported too (``SUP001``, ruff's RUF100): once the finding it was written
  for is gone (the log was corrected, or gt no longer finds it), the comment would hide the
  next finding of that code on its line without anyone deciding so.
* ``per-file-ignores`` in a configuration file (:func:`per_file_codes`): glob patterns,
  relative to the file's folder, each with the codes it ignores in the files it matches.
  A pattern without ``/`` matches a file's name in any folder (``"*.es.gtl"``); one with
  ``/`` matches the path from the configuration file's folder, ``**`` standing for any
  number of folders (``"archive/2019/**"``).

The core knows no game: a game decides which files take comments and which codes exist
(the codes registered in :mod:`gtcli.core.codes`).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from gtcli.core.codes import CODES
from gtcli.core.diagnostics import WARNING, Diagnostic
from gtcli.core.text import did_you_mean

_NOQA = re.compile(r"#\s*noqa(?=[\s:#]|$)(?P<colon>\s*:)?", re.IGNORECASE)
_CODE_RUN = re.compile(r"(?:[\s,]*[A-Za-z]+\d+\b)*")  # codes after "noqa:", up to the first other word
_CODE = re.compile(r"[A-Za-z]+\d+")


@dataclass(frozen=True)
class Noqa:
    """One ``# noqa`` comment: where it is and the codes it names (upper case, as written)."""

    line: int
    col: int  # of the '#' that starts "# noqa"
    codes: tuple[str, ...]


_WORD = re.compile("noqa", re.IGNORECASE)


def might_hold_noqa(text: str) -> bool:
    """A quick test before comments are scanned: most logs have no ``noqa`` at all."""
    return _WORD.search(text) is not None


def _lines_with_noqa(text: str) -> Iterable[tuple[int, str]]:
    """(number, text) of each line holding the word ``noqa``, found without splitting the whole text."""
    number, counted_to, end = 1, 0, -1
    for hit in _WORD.finditer(text):
        if hit.start() <= end:
            continue  # the same line again
        start = text.rfind("\n", 0, hit.start()) + 1
        end = text.find("\n", hit.start())
        end = len(text) if end == -1 else end
        number += text.count("\n", counted_to, start)
        counted_to = start
        yield number, text[start:end]


def noqa_comments(text: str) -> list[Noqa]:
    """Every ``# noqa`` of ``text``'s comments (a ``#`` inside a quoted name is no comment: the same
    rule as :func:`gtcli.core.parsing.comments.comment_start`, which decides where a quote comes first)."""
    from gtcli.core.parsing.comments import comment_start

    found = []
    for number, line in _lines_with_noqa(text):
        start = line.find("#")
        if start != -1 and '"' in line[:start]:
            start = comment_start(line)
        if start is None or start == -1:
            continue
        comment = line[start:]
        match = _NOQA.search(comment)
        if match is None:
            continue
        codes = _CODE.findall(_CODE_RUN.match(comment, match.end()).group().upper()) if match["colon"] else ()
        found.append(Noqa(number, start + 1 + match.start(), tuple(dict.fromkeys(codes))))
    return found


@dataclass(frozen=True)
class Suppressed:
    """What :func:`apply_noqa` made of a file's findings."""

    kept: list[Diagnostic]  # the findings left, then the SUP findings about the comments themselves
    suppressed: list[Diagnostic]  # the findings a comment suppressed


def apply_noqa(diagnostics: Iterable[Diagnostic], text: str, path: str) -> Suppressed:
    """The findings of the file at ``path`` (whose text is ``text``) less those its ``# noqa``
    comments suppress, with a ``SUP001``/``SUP002`` warning for each comment that suppressed
    nothing or is not understood. A finding in another file (a card set the log names) is
    never suppressed by the log's comments."""
    diagnostics = list(diagnostics)
    comments = noqa_comments(text) if might_hold_noqa(text) else []
    if not comments:
        return Suppressed(diagnostics, [])
    wanted = {(c.line, code) for c in comments for code in c.codes}
    kept, suppressed, used = [], [], set()
    for d in diagnostics:
        hit = (d.line, d.code)
        if hit in wanted and d.path in (path, None):
            suppressed.append(d)
            used.add(hit)
        else:
            kept.append(d)
    for c in comments:
        if c.codes and all((c.line, code) in used for code in c.codes):
            continue  # every code it names suppressed something (the usual case)
        kept.extend(_comment_problems(c, path, used))
    return Suppressed(kept, suppressed)


def _comment_problems(comment: Noqa, path: str, used: set[tuple[int, str]]) -> list[Diagnostic]:
    if not comment.codes:
        return [Diagnostic("SUP002", "a `# noqa` without codes suppresses nothing", path, comment.line, comment.col,
                           "name the codes it is for, as in `# noqa: K4` (gt check wants them named)", WARNING)]
    problems = []
    unknown = [code for code in comment.codes if code not in CODES]
    for code in unknown:
        hint = did_you_mean(code, CODES) or "`gt rules codes` lists them"
        problems.append(Diagnostic("SUP002", f"`# noqa` names {code}, which is no code", path, comment.line,
                                   comment.col, hint, WARNING))
    unused = [code for code in comment.codes if code in CODES and (comment.line, code) not in used]
    if unused:
        what = ", ".join(unused)
        problems.append(Diagnostic(
            "SUP001", f"`# noqa: {what}` suppresses nothing: no {what} finding on this line", path, comment.line,
            comment.col, "remove it, or only the codes it no longer needs (a comment suppresses findings of its "
                         "own line)", WARNING))
    return problems


# ---- per-file ignores --------------------------------------------------------------------------------
def glob_problem(pattern: str) -> str | None:
    """Why ``pattern`` cannot be a per-file pattern, or None."""
    if not pattern.strip() or "\0" in pattern or len(pattern) > 1000:
        return "a pattern is a non-empty text"
    if pattern.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:[\\/]", pattern):
        return f"{pattern!r} is an absolute path; patterns start from the configuration file's folder"
    if ".." in pattern.replace("\\", "/").split("/"):
        return f"{pattern!r} leaves the configuration file's folder (..)"
    try:
        _glob(pattern.replace("\\", "/"))
    except re.error:
        return f"{pattern!r} is not a pattern gt can read (a [...] range out of order?)"
    return None


# A glob is matched by walking its tokens over the name once, keeping the set of places the
# match can be at (a Thompson NFA): time in proportion to len(name) * len(pattern), whatever
# the pattern. A regular expression with a ``[^/]*`` per ``*`` backtracks: 14 ``*`` against a
# 25-character name that does not match took minutes.
_LIT, _ONE, _SET, _STAR, _FOLDERS, _ALL = range(6)


@functools.lru_cache(maxsize=512)
def _glob(pattern: str) -> tuple[tuple, ...]:
    """A glob's tokens: ``**/`` any folders, a final ``**`` anything, ``*`` and ``?`` within one
    name, ``[...]`` a set (``[!...]`` its complement), anything else itself. re.error for a bad set."""
    out: list[tuple] = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append((_FOLDERS,))
            i += 3
            continue
        if pattern.startswith("**", i) and i + 2 == len(pattern):
            out.append((_ALL,))
            break
        ch = pattern[i]
        if ch == "*":
            if not out or out[-1] != (_STAR,):  # `**` inside a name is one `*`
                out.append((_STAR,))
        elif ch == "?":
            out.append((_ONE,))
        elif ch == "[" and pattern.find("]", i + 2) != -1:
            end = pattern.find("]", i + 2)
            inside = pattern[i + 1:end].replace("\\", "\\\\")
            inside = "^" + inside[1:] if inside.startswith("!") else ("\\" + inside if inside.startswith("^") else inside)
            out.append((_SET, _set(inside)))
            i = end
        else:
            out.append((_LIT, ch))
        i += 1
    return tuple(out)


def _set(inside: str) -> re.Pattern[str]:
    """A ``[...]`` set as a one-character expression; a ``[`` in it is itself (as fnmatch has it)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # "possible nested set" of a future Python
        return re.compile(f"[{inside}]")


def _closure(tokens: tuple[tuple, ...], states: set[int]) -> set[int]:
    """``states`` with every place reachable without reading a character (past a ``*``, ``**/``, ``**``).
    A place is ``2 * token`` (before the token) or ``2 * token + 1`` (inside a folder name of ``**/``)."""
    todo, seen = list(states), set(states)
    while todo:
        place = todo.pop()
        n = place // 2
        if place % 2 == 0 and n < len(tokens) and tokens[n][0] in (_STAR, _FOLDERS, _ALL) and 2 * n + 2 not in seen:
            seen.add(2 * n + 2)
            todo.append(2 * n + 2)
    return seen


def _step(tokens: tuple[tuple, ...], states: set[int], ch: str) -> set[int]:
    after: set[int] = set()
    for place in states:
        n = place // 2
        if n >= len(tokens):
            continue
        kind = tokens[n][0]
        if place % 2:  # inside a folder name of `**/`: more of the name, or its `/`
            after.add(place if ch != "/" else 2 * n)
        elif kind == _LIT:
            if ch == tokens[n][1]:
                after.add(2 * n + 2)
        elif kind == _ONE:
            if ch != "/":
                after.add(2 * n + 2)
        elif kind == _SET:
            if tokens[n][1].fullmatch(ch):
                after.add(2 * n + 2)
        elif kind == _STAR:
            if ch != "/":
                after.add(place)
        elif kind == _FOLDERS:
            after.add(place if ch == "/" else place + 1)
        else:  # _ALL
            after.add(place)
    return _closure(tokens, after)


def _matches(tokens: tuple[tuple, ...], text: str) -> bool:
    states = _closure(tokens, {0})
    for ch in text:
        if not states:
            return False
        states = _step(tokens, states, ch)
    return 2 * len(tokens) in states


def glob_matches(pattern: str, relative: str) -> bool:
    """Whether ``relative`` (a path from the configuration's folder, ``/``-separated) matches
    ``pattern``; a pattern without ``/`` is matched against the file's name alone."""
    pattern = pattern.replace("\\", "/").removeprefix("./")
    if "/" not in pattern:
        return _matches(_glob(pattern), relative.rsplit("/", 1)[-1])
    return _matches(_glob(pattern), relative)


def per_file_codes(patterns: Mapping[str, tuple[str, ...]], folder: Path, path: str) -> tuple[str, ...]:
    """The codes ``patterns`` ignore in the file at ``path``, for a configuration in ``folder``.

    A file outside ``folder`` (given with ``gt --config``) is matched by its name only.
    """
    if not patterns or path.startswith("<"):  # <stdin> has no place in any folder
        return ()
    relative = os.path.relpath(os.path.abspath(path), os.path.abspath(folder)).replace(os.sep, "/")
    if relative.startswith("../"):
        relative = relative.rsplit("/", 1)[-1]
    found: list[str] = []
    for pattern, codes in patterns.items():
        if glob_matches(pattern, relative):
            found.extend(codes)
    return tuple(dict.fromkeys(found))
