"""The explanation of a diagnostic code: its section of the shipped Markdown docs.

``gt rules explain CODE`` (like ``ruff rule CODE``) reads the page that
:data:`gtcli.core.codes.DOCS_FOR_PREFIX` names for the code's prefix and returns the section
whose heading is ``## CODE — title`` (or ``###``), up to the next heading of the same or a
higher level. The pages are package data (``gtcli.docs`` is the repository's ``docs/``),
so an installed ``gt`` explains codes without a checkout.
"""

from __future__ import annotations

import re

from gtcli.core.codes import DOCS_FOR_PREFIX, prefix
from gtcli.core.files.resources import docs_dir

_HEADING = re.compile(r"^(#{1,6})\s")


def doc_file(code: str) -> str | None:
    """The docs/ page that explains ``code``, or None if its prefix has none."""
    return DOCS_FOR_PREFIX.get(prefix(code))


def find_section(text: str, code: str) -> str | None:
    """The section of ``text`` for ``code``: its heading line to the next heading at its level or above."""
    lines = text.splitlines()
    start = level = None
    head = re.compile(rf"^(##|###)\s+{re.escape(code)}\s+[—-]\s+\S")
    for n, line in enumerate(lines):
        match = head.match(line)
        if match:
            start, level = n, len(match[1])
            break
    if start is None or level is None:
        return None
    end = len(lines)
    for n in range(start + 1, len(lines)):
        match = _HEADING.match(lines[n])
        if match and len(match[1]) <= level:
            end = n
            break
    return "\n".join(lines[start:end]).strip() + "\n"


def section(code: str) -> str | None:
    """The shipped explanation of ``code``, or None if no page has a section for it."""
    name = doc_file(code)
    if name is None:
        return None
    path = docs_dir() / name
    if not path.is_file():
        return None
    return find_section(path.read_text(encoding="utf-8"), code)
