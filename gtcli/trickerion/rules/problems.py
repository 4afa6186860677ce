"""A rule broken by an entry, and where in the entry: the pure core says *what* is wrong
and *which part* of the input; the file readers turn that part into ``file:line:col``."""

from __future__ import annotations

from dataclasses import dataclass

from gtcli.core.diagnostics import Diagnostic, InputError


@dataclass(frozen=True)
class Where:
    """A part of an entry: ``section`` is None (the top), ``players``, ``performances`` or
    ``tricks``; ``index`` counts within the section (a trick: within its performance,
    whose index is ``performance``); ``key`` is the field, if one is to blame, and
    ``within`` the table of the section's that holds it (``bonus``, ``theatre``...)."""

    section: str | None = None
    index: int = 0
    key: str | None = None
    performance: int = 0
    within: str | None = None


@dataclass(frozen=True)
class Problem:
    diagnostic: Diagnostic
    where: Where = Where()


def problem(code: str, message: str, hint: str | None = None, **where: object) -> Problem:
    return Problem(Diagnostic(code, message, hint=hint), Where(**where))  # type: ignore[arg-type]


def error(code: str, message: str, hint: str | None = None) -> InputError:
    """Input the rules cannot use at all (exit 2); readers and commands place it in a file."""
    return InputError(Diagnostic(code, message, hint=hint))
