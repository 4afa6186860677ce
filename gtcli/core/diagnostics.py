"""Diagnostics: the one shape every problem the tool reports takes.

A diagnostic carries a code from :mod:`gtcli.core.codes`, a plain message, where it happened
(file, line, column) and an optional hint. Commands collect them and decide the exit
code: 0 clean, 1 findings, 2 unusable input.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

ERROR = "error"
WARNING = "warning"
NOTE = "note"
MAX_FINDINGS = 100  # diagnostics shown per file (per command for unusable input), unless --max-findings says


@dataclass(frozen=True, slots=True)
class Pos:
    """Where something was written: file, 1-based line and column."""

    path: str | None = None
    line: int | None = None
    col: int | None = None


MAX_MESSAGE = 400  # characters of a message or a hint; a longer one keeps its start and its end


def bounded(text: str) -> str:
    """``text``, or its start and end with how much was left out between them.

    Messages quote what a file says (a card name, an unexpected word), and a stranger's
    file may hold a 100,000-character "name": the finding must stay one readable line.
    The end is kept too, since it usually says what to do.
    """
    if len(text) <= MAX_MESSAGE:
        return text
    return f"{text[:250]} ... ({len(text) - 350:,} characters left out) ... {text[-100:]}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    message: str
    path: str | None = None
    line: int | None = None
    col: int | None = None
    hint: str | None = None
    severity: str = ERROR

    def __post_init__(self) -> None:
        if len(self.message) > MAX_MESSAGE:
            object.__setattr__(self, "message", bounded(self.message))
        if self.hint is not None and len(self.hint) > MAX_MESSAGE:
            object.__setattr__(self, "hint", bounded(self.hint))

    def location(self) -> str:
        """``file:line:col`` with whatever parts are known."""
        parts = [self.path or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            parts.append(str(self.col if self.col is not None else 1))
        return ":".join(parts)

    def at(self, path: str | None = None, line: int | None = None, col: int | None = None) -> "Diagnostic":
        """The same diagnostic placed in a file; known positions are kept.

        A problem with a whole file (no line: "no such card file") given a line moves
        there entirely: it is reported where the referring file names it.
        """
        if self.line is None and line is not None:
            return replace(self, path=path or self.path, line=line, col=col)
        if self.path or not path:
            return self  # nothing to change (and a replay of 100,000 turns asks 300,000 times)
        return replace(self, path=path)

    @classmethod
    def at_pos(cls, code: str, message: str, pos: "Pos | None", hint: str | None = None,
               severity: str = ERROR) -> "Diagnostic":
        pos = pos or Pos()
        return cls(code, message, pos.path, pos.line, pos.col, hint, severity)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "file": self.path,
            "line": self.line,
            "col": self.col,
            "hint": self.hint,
        }

    def format(self) -> str:
        """One line for a terminal or a log: ``file:line:col: CODE severity: message``, then the hint.

        Every severity is named, an error's too, so a line says what it is on its own
        (grep, a CI log) as a warning's and a note's always did."""
        text = f"{self.location()}: {self.code} {self.severity}: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class InputError(Exception):
    """Input the tool cannot use at all (exit code 2). Carries its diagnostics."""

    def __init__(self, *diagnostics: Diagnostic) -> None:
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics: tuple[Diagnostic, ...] = diagnostics

    def located(self, path: str | None, line: int | None = None, col: int | None = None) -> "InputError":
        return InputError(*(d.at(path, line, col) for d in self.diagnostics))


@dataclass
class FileReport:
    """What a checking command found in one file (a log, a card set, a translation), or why it could
    not read it (``kind`` "unreadable"); shown by :mod:`gtcli.cli.terminal.diagnostics_view`."""

    path: str
    kind: str  # "set", "translation", "log", ...
    diagnostics: list[Diagnostic]
    texts: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    config: str | None = None  # the configuration file whose settings decided this report, if any
    hidden: int = 0  # findings its settings left out (beyond what the command line chose)
    suppressed: int = 0  # findings the file's own `# noqa` comments suppressed

    def count(self, severity: str) -> int:
        return sum(1 for d in self.diagnostics if d.severity == severity)
