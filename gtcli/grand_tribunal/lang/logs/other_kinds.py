"""A file given where a game log is read that is another of gt's files, named for what it is.

``gt check table.toml`` used to answer ``unexpected '='`` at line 2: true, and no help.
When a text does not parse as a log, :func:`other_kind` looks at its content (never its
name alone) for the files a scorekeeper has beside their logs, and says which it is, with
the command that reads it:

- a table for ``gt tally``: TOML with a table's keys (``[votes]``, ``[[items]]``,
  ``players =``, ``last_praeco =``), or the table as lines (``votes staff 2, orb 3``,
  ``players Ana, Ben``, ``last praeco Caro``: docs/tribunal-lines.md) with no log header;
- a game session for ``gt game`` (``format =`` and ``[[tribunals]]``), or for
  ``gt trickerion game`` (``game = "trickerion"``);
- other TOML data.

Only a text that failed to parse as a log is looked at, so a log is never taken for
anything else; a log with a slip keeps its syntax error (it has header tags or a setup).
"""

from __future__ import annotations

import re

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import fold

LOOK_AT = 20_000  # characters of the text looked at (a table is a few hundred)
_SIGNIFICANT = re.compile(r"^[ \t]*([^\s#].*)$", re.MULTILINE)
_TOML_LINE = re.compile(r"(\[\[?\s*[\w.\"'-]+\s*\]\]?\s*(#.*)?$|[\w\"'-]+\s*=)")  # [table], [[items]], key =
_LOG_SIGNS = re.compile(r"^[ \t]*(\[\s*[^\W\d_][\w'-]*\s+\"|setup\b|preparaci|préparation|preparazione)",
                        re.MULTILINE | re.IGNORECASE)


def _table_words() -> re.Pattern[str]:
    """The first words of the table's own lines (players, votes, last praeco), folded, in the four
    languages of the rule sheets: the table's keywords themselves (docs/tribunal-lines.md)."""
    from gtcli.grand_tribunal.lang.keywords import KEYWORDS, LANGUAGES

    spelled = {fold(word) for key in ("PLAYERS", "VOTES", "LAST_PRAECO") for lang in LANGUAGES
               for word in KEYWORDS[key][lang]}
    return re.compile("(" + "|".join(sorted(map(re.escape, spelled), key=len, reverse=True)) + r")\b")


_TABLE_WORDS = _table_words()
_TABLE_KEYS = re.compile(r"^[ \t]*(\[\s*votes\s*\]|\[\[\s*items\s*\]\]|(players|last_praeco|votes|items)\s*=)",
                         re.MULTILINE)
_SESSION_KEYS = re.compile(r"^[ \t]*(\[\[\s*tribunals\s*\]\]|format\s*=)", re.MULTILINE)
_TRICKERION = re.compile(r"^[ \t]*game\s*=\s*[\"']trickerion[\"']", re.MULTILINE)


def other_kind(text: str, path: str) -> InputError | None:
    """An IO001 naming the kind of file ``text`` is, if it is one of gt's others (None: a broken log)."""
    head = text[:LOOK_AT]
    lines = [m.group(1) for m in _SIGNIFICANT.finditer(head)]
    if not lines:
        return None
    what = None
    if _LOG_SIGNS.search(head):  # a header tag or a setup: a log, with a slip of its own
        return None
    if _TOML_LINE.match(lines[0]):
        if _TRICKERION.search(head):
            what = ("a Trickerion game session, not a game log", f"gt trickerion game show {path} reads it")
        elif _SESSION_KEYS.search(head):
            what = ("a game session for gt game, not a game log",
                    f"gt game show {path} reads it; gt game tribunal {path} records its next Tribunal")
        elif _TABLE_KEYS.search(head):
            what = ("a table for gt tally, not a game log", f"gt tally {path} tallies it")
        else:
            what = ("TOML data, not a game log", "a game log is text in the log language (docs/logs.md)")
    elif any(_TABLE_WORDS.match(fold(line)) for line in lines):
        what = ("a table for gt tally (the table as lines), not a game log", f"gt tally {path} tallies it")
    if what is None:
        return None
    return InputError(Diagnostic("IO001", f"{path} is {what[0]}", path=path,
                                 hint=f"{what[1]}; gt check, gt replay and gt play read game logs"))
