"""Diagnostic codes: the registry every code is looked up in, and choosing codes to report.

Every problem gt reports carries a code (:class:`gtcli.core.diagnostics.Diagnostic`). The
core holds the machinery and its own codes; each game, and the club archive, brings its
own table and registers it (:func:`register`) when its package is imported:

* ``IO``   -- a file that cannot be read or written (here, the core's)
* ``CFG``  -- a configuration file (gt.toml, ``[tool.gtcli]``) (here, the core's)
* ``SUP``  -- a ``# noqa`` comment that suppresses nothing (:mod:`gtcli.core.suppressions`) (here)
* rule IDs (``S1`` ... ``X5``) and ``TAB``, ``GAME``, ``PROF``, ``SYN``, ``CARD`` -- Grand
  Tribunal's (:mod:`gtcli.grand_tribunal.codes`)
* ``TRK``  -- Trickerion's (:mod:`gtcli.trickerion.codes`)
* ``CLUB`` -- the club archive's (:mod:`gtcli.club.codes`)

Each code is listed with the severities it is reported with, the usual one first: an
*error* breaks a rule (exit 1), a *warning* is legal but worth a look, a *note* says what
was taken on trust. A table is registered with the page of docs/ that explains its codes
(``gt rules explain CODE`` prints the code's section of it). :data:`CODES` holds what has
been registered so far; every code at once, in the order ``gt rules codes`` lists them, is
:func:`gtcli.games.codes` (it imports every game first).
"""

from __future__ import annotations

from dataclasses import dataclass

from gtcli.core.text import did_you_mean

SEVERITIES = ("error", "warning", "note")


@dataclass(frozen=True)
class Code:
    code: str
    title: str
    severities: tuple[str, ...] = ("error",)  # every severity it is reported with, the usual first

    @property
    def severity(self) -> str:
        """The severity it is usually reported with (``gt rules codes``)."""
        return self.severities[0]


def table(rows: str) -> dict[str, Code]:
    """One row per code: ``CODE severity[/severity...] title``."""
    codes: dict[str, Code] = {}
    for row in rows.strip().splitlines():
        code, severities, title = row.split(None, 2)
        levels = tuple(severities.split("/"))
        assert all(level in SEVERITIES for level in levels), row
        codes[code] = Code(code, title.strip(), levels)
    return codes


# Every code registered so far, and where each is explained (``gt rules explain CODE``): the
# letters a code starts with -> a Markdown file of docs/, in which the code's section starts
# with a heading line ``## CODE — title`` (or ``###``) and runs to the next heading of the
# same or a higher level.
CODES: dict[str, Code] = {}
DOCS_FOR_PREFIX: dict[str, str] = {}
TABLES: list[tuple[dict[str, Code], str]] = []  # (table, page), in the order they were registered


def register(codes: dict[str, Code], page: str) -> dict[str, Code]:
    """Add a table of codes explained in ``docs/page``; a code or prefix can belong to one table only."""
    if any(codes is known for known, _ in TABLES):
        return codes
    for code, entry in codes.items():
        assert code not in CODES, f"{code} is registered twice"
        assert DOCS_FOR_PREFIX.setdefault(prefix(code), page) == page, f"{prefix(code)} is explained on two pages"
    CODES.update(codes)
    TABLES.append((codes, page))
    return codes


def title(code: str) -> str:
    return CODES[code].title if code in CODES else ""


def prefix(code: str) -> str:
    """The letters a code starts with (``CARD`` of ``CARD004``, ``A`` of ``A12``)."""
    letters = ""
    for ch in code:
        if not ch.isalpha():
            break
        letters += ch
    return letters


# ---- choosing codes: --select / --ignore / --severity ----------------------------------------------
# A selector is a whole code (``T6``: that code only, so ``A1`` is not also A10-A12) or the
# start of codes (``T``, ``CARD01``, ``X``), as ruff's selectors are. When a code matches
# both a selected and an ignored selector, the longer (more specific) one decides, and an
# exact tie ignores: ``--select T --ignore T6`` is every T code but T6, ``--select T6
# --ignore T`` is T6 alone.


def selector_problem(selector: str) -> str | None:
    """None if ``selector`` names a code or starts some codes; else why, with a "did you mean"."""
    if selector in CODES or any(code.startswith(selector) for code in CODES):
        return None
    hint = did_you_mean(selector, CODES)
    return f"{selector!r} is no code and starts none" + (f"; {hint}" if hint else "; `gt rules codes` lists them")


def _specificity(selectors: tuple[str, ...], code: str) -> int:
    """The length of the longest selector matching ``code``, -1 if none does."""
    return max((len(s) for s in selectors if s == code or (s not in CODES and code.startswith(s))), default=-1)


@dataclass(frozen=True)
class CodeFilter:
    """Which findings a run shows and counts: the codes selected, the codes ignored, the least severity."""

    select: tuple[str, ...] = ()  # empty: every code
    ignore: tuple[str, ...] = ()
    severity: str = "note"  # the least severity shown: "note" shows everything

    @property
    def everything(self) -> bool:
        return not self.select and not self.ignore and self.severity == SEVERITIES[-1]

    def keeps(self, code: str, severity: str) -> bool:
        if severity in SEVERITIES and SEVERITIES.index(severity) > SEVERITIES.index(self.severity):
            return False
        chosen = _specificity(self.select, code) if self.select else 0
        return chosen >= 0 and chosen > _specificity(self.ignore, code)


# The core's own codes (docs/codes.md, with Grand Tribunal's file codes).
CORE = register(table(
    """
IO001 error a file cannot be read
IO002 error a file cannot be written
IO003 error a file is being changed by another gt command (locked)
IO004 error a file changed since it was read (nothing was written)
IO005 error a log names a file outside its folder
IO006 error a file gt makes beside yours (lock, temp, draft) is a link, FIFO or folder
IO007 error a save would make a file larger than gt reads (nothing was written)
IO008 error the files a command would write already exist (nothing was written)
IO012 error a card set given where a study (games) was expected
IO013 error no game of a study could be used
CFG001 error a configuration file cannot be used
CFG002 error an unknown setting in a configuration file
CFG003 error a setting has a wrong value
CFG006 error a study's option the games cannot use (a metric they cannot measure)
SUP001 warning a `# noqa` comment that suppresses nothing on its line
SUP002 warning a `# noqa` comment without codes, or naming a code that does not exist
"""
), "codes.md")
