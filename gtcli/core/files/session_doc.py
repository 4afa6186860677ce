"""A game session file, changed one entry at a time without losing what people wrote.

Both games keep a session the same way (a Grand Tribunal game's ``[[tribunals]]``, a
Trickerion game's ``[[turns]]``); this module is that way, with no game in it. A game
describes its file with a :class:`SessionKind` (the name of its entries' array of tables,
how to read a text into its game, how to write the whole file) and subclasses
:class:`SessionDoc` for its own ``record``/``undo``/``redo``, which compute the new game
and call :meth:`~SessionDoc.append`, :meth:`~SessionDoc.drop_last` or
:meth:`~SessionDoc.restore`.

The promises (``docs/files.md``):

* every change is made under the session's lock and checked against the text that was
  read (:class:`gtcli.core.files.guarded.Editing`), and written atomically;
* hand-written comments survive: rather than rewriting the file from the game (which
  ``tomli-w`` would do without comments), a change is *spliced* into the existing text. A
  new entry is a ``[[ENTRIES]]`` block appended after the others; undo moves the last
  block, as written, under ``[[undone]]``; redo moves it back. Comment lines just above a
  block travel with it. A new entry discards the undone blocks, but not the comment
  lines in them: those stay, under a heading;
* the spliced text is parsed again and must mean exactly the game (and undone entries)
  intended. If it does not (a file laid out by hand in a way the splice does not
  recognise, say an inline ``turns = [...]``), the file is rewritten whole in gt's layout,
  its comment lines are kept at its end, and a warning is left for the command to show.

Undone entries are kept in the session itself (``[[undone]]``, newest last) so that redo
can bring them back; a game's reader only checks that they are tables.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import tomli_w

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.guarded import ABSENT, Editing, read_stamped, save
from gtcli.core.files.toml_source import TomlSource

G = TypeVar("G")
Entry = dict[str, Any]

WHAT = "session file"
UNDONE = "undone"
SESSION_ERROR = "GAME001"  # a session file that cannot be used, whichever game it is of


@dataclass(frozen=True)
class SessionKind(Generic[G]):
    """What the shared mechanism needs to know about one game's session file."""

    entries: str  # the array of tables one entry is: "tribunals", "turns"
    parse: Callable[[str, str], tuple[G, list[Entry]]]  # (text, path) -> (game, undone entries, newest last)
    whole: Callable[[G, Sequence[Entry]], str]  # (game, undone entries) -> the whole file in gt's layout


# ---- creating and reading -------------------------------------------------------------------------
def require_absent(path: str | Path, force: bool) -> None:
    """GAME004 if ``path`` exists and ``--force`` was not given (checked before any work)."""
    if Path(path).exists() and not force:
        raise InputError(
            Diagnostic("GAME004", f"{path} already exists", path=str(path), hint="use --force to overwrite it")
        )


def create(path: str | Path, text: str, force: bool = False) -> None:
    """Write a new session; an existing file only with ``force``. Without it, a file that
    appears between the check and the write (another gt, an editor) is not overwritten."""
    require_absent(path, force)
    save(path, text, expect=None if force else ABSENT, what=WHAT)


def load(kind: SessionKind[G], path: str | Path) -> G:
    """The game a session holds (no lock: for commands that only read it)."""
    text, _ = read_stamped(path, WHAT)
    return kind.parse(text, str(path))[0]


def tables_of(source: TomlSource, key: str, hint: str) -> list[Entry]:
    """The ``[[key]]`` tables of a session (none if absent); GAME001 if ``key`` is something else."""
    tables = source.data.get(key, [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise source.error(SESSION_ERROR, f"{key} must be [[{key}]] tables", hint, key=key)
    return tables


def whole_text(header: str, data: dict[str, Any], entries: str, written: Sequence[Entry],
               undone: Sequence[Entry]) -> str:
    """A whole session in gt's layout: ``header``, the top-level ``data``, then one block per
    entry and per undone entry (the same blocks a splice appends)."""
    blocks = [entry_block(mapping, entries) for mapping in written]
    blocks += [entry_block(mapping, UNDONE) for mapping in undone]
    return header + "\n".join([tomli_w.dumps(data)] + blocks)


# ---- changing a session -----------------------------------------------------------------------------
class SessionDoc(Generic[G]):
    """A session opened for a change (see :func:`opened`): the lock is held until the ``with``
    block ends; each change is saved at once, and leaves any warning in :attr:`warnings`."""

    def __init__(self, kind: SessionKind[G], doc: Editing, path: str) -> None:
        self.kind = kind
        self.doc = doc
        self.path = path
        self.game, self.undone = kind.parse(doc.text, path)
        self.warnings: list[str] = []

    def append(self, game: G, entry: Entry) -> int:
        """Save ``game``, which is this one plus ``entry`` (written as given); returns how many
        undone entries it made obsolete (they can no longer be redone)."""
        name = self.kind.entries
        obsolete = len(self.undone)
        self._save(game, [], lambda b: (b.entries + [entry_block(entry, name)], _replaced_notes(b.undone, name)))
        return obsolete

    def drop_last(self, game: G) -> None:
        """Save ``game``, which is this one without its last entry; the entry is kept, as
        written, under ``[[undone]]``."""
        name = self.kind.entries
        # what the file says, not a rewrite of it; the text already passed parse_toml's shape
        # guards when the session was opened
        raw = tomllib.loads(self.doc.text).get(name)
        undone = self.undone + [raw[-1]]
        self._save(game, undone, lambda b: (b.entries[:-1], b.undone + [_rename(b.entries[-1], name, UNDONE)]))

    def restore(self, game: G) -> None:
        """Save ``game``, which is this one plus the entry undone last (the caller checked it)."""
        name = self.kind.entries
        self._save(game, self.undone[:-1],
                   lambda b: (b.entries + [_rename(b.undone[-1], UNDONE, name)], b.undone[:-1]))

    def _save(self, game: G, undone: list[Entry], splice: Callable[["Blocks"], tuple[list[str], list[str]]]) -> None:
        text, warning = self._text(game, undone, splice)
        self.doc.save(text)
        self.game, self.undone = game, undone
        if warning:
            self.warnings.append(warning)

    def _text(self, game: G, undone: list[Entry], splice) -> tuple[str, str | None]:
        """The new text: the old one with the change spliced in, if that means exactly
        ``game`` and ``undone``; otherwise the whole file in gt's layout plus a warning."""
        old, parse = self.doc.text, self.kind.parse
        whole = self.kind.whole(game, undone)
        try:
            blocks = split_blocks(old, self.kind.entries)
            entries, kept = splice(blocks)
            parts = [blocks.prefix] + entries + kept
            spliced = "\n".join(p.rstrip("\n") + "\n" for p in parts if p.strip())
            if parse(spliced, self.path) == parse(whole, self.path):
                return spliced, None
        except (InputError, IndexError):
            pass
        from gtcli.core.parsing.comments import keep_notes

        text, moved = keep_notes(_comment_lines(old), whole, _comment_lines(whole),
                                 "Comments of the previous version, whose places could not be kept")
        if not moved:
            return whole, None
        return text, (f"{self.path} was laid out by hand in a way gt cannot change in place: it was rewritten "
                      f"in gt's layout, and its {moved} comment line(s) were moved to its end")


S = TypeVar("S", bound=SessionDoc)


@contextmanager
def opened(path: str | Path, make: Callable[[Editing, str], S], wait: float | None = None) -> Iterator[S]:
    """``with opened(path, make) as s:``: the session read under its lock, as ``make(doc, path)``
    (``wait``: seconds to wait for another holder of the lock; None: the usual)."""
    with Editing(path, WHAT, wait=wait) as doc:
        yield make(doc, str(path))


# ---- splicing the text ------------------------------------------------------------------------------
@dataclass
class Blocks:
    """A session's text cut into the part before any entry and one text per block."""

    prefix: str
    entries: list[str]
    undone: list[str]


def split_blocks(text: str, entries: str) -> Blocks:
    """Cut at each ``[[ENTRIES]]`` / ``[[undone]]`` header; the comment lines right above a
    header (no blank line between) belong to its block."""
    header = re.compile(r"^[ \t]*\[\[[ \t]*(" + re.escape(entries) + "|" + UNDONE + r")[ \t]*\]\][ \t]*(#.*)?$")
    lines = text.splitlines(keepends=True)
    starts = []
    for n, line in enumerate(lines):
        match = header.match(line)
        if match:
            start = n
            while start > (starts[-1][0] + 1 if starts else 0) and lines[start - 1].lstrip().startswith("#"):
                start -= 1
            starts.append((n, start, match.group(1) == UNDONE))
    blocks = Blocks("".join(lines[:starts[0][1]]) if starts else text, [], [])
    for i, (_, start, undone) in enumerate(starts):
        end = starts[i + 1][1] if i + 1 < len(starts) else len(lines)
        (blocks.undone if undone else blocks.entries).append("".join(lines[start:end]))
    return blocks


_TABLE_HEADER = re.compile(r"^(\[\[?)", re.M)


def entry_block(mapping: Entry, kind: str) -> str:
    """One ``[[kind]]`` block, always written with its header (``tomli-w`` alone may write a
    short array of tables inline, which could not be spliced)."""
    return f"[[{kind}]]\n" + _TABLE_HEADER.sub(lambda m: m.group(1) + kind + ".", tomli_w.dumps(mapping))


def _rename(block: str, old: str, new: str) -> str:
    """A block moved between ``[[ENTRIES]]`` and ``[[undone]]``: its headers renamed, nothing else."""
    rx = re.compile(r"^([ \t]*\[\[?[ \t]*)" + re.escape(old) + r"(?=[ \t]*(\.|\]))", re.M)
    return rx.sub(lambda m: m.group(1) + new, block)


def _replaced_notes(undone: list[str], entries: str) -> list[str]:
    """The comment lines of undone blocks that a new entry discards, under a heading: the
    entries are gone (the command says so), what a person wrote beside them is not."""
    heading = f"# Comments of undone {entries} that a new one replaced:"
    notes = [note for block in undone for note in _comment_lines(block) if note != heading]
    return [heading + "\n" + "".join(note + "\n" for note in notes)] if notes else []


def _comment_lines(text: str) -> list[str]:
    """Whole-line comments (a trailing one could be inside a TOML string: not worth the guess)."""
    return [line.strip() for line in text.splitlines() if line.lstrip().startswith("#")]
