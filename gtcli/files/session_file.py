"""Game session files (TOML): read, validate, and change them without losing what people wrote.

A session is changed one Tribunal at a time (record, undo, redo) and always under its
lock, checked against the text that was read (:mod:`gtcli.files.guarded`).

Hand-written comments survive: rather than rewriting the whole file from the game (which
``tomli-w`` would do without comments), a change is *spliced* into the existing text: a
new Tribunal is a ``[[tribunals]]`` block written by ``tomli-w`` and appended; undo moves
the last block, as written, under ``[[undone]]``; redo moves it back. Comment lines just
above a block travel with it. The spliced text is then parsed again and must mean exactly
the game intended; if it does not (a file laid out by hand in a way the splice does not
recognise), the file is rewritten whole, its comment lines are kept at its end, and the
caller gets a warning to show. No new dependency (such as ``tomlkit``) is needed for this.

Undone Tribunals are kept in the session itself (``[[undone]]``, newest last), so
``gt game redo`` can bring them back; older versions of gt simply ignore them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from gtcli.diagnostics import Diagnostic, InputError
from gtcli.files.guarded import ABSENT, Editing, read_stamped, save
from gtcli.files.table_file import TableReader, table_to_mapping
from gtcli.files.toml_source import TomlSource, parse_toml
from gtcli.rules import profiles
from gtcli.rules.game import Game, new_game, record
from gtcli.rules.tribunal import Table
from gtcli.rules.vocabulary import Vocabulary

FORMAT = 1
HEADER = (
    "# Grand Tribunal game session, kept by gtcli (`gt game`).\n"
    "# Each [[tribunals]] holds the table as the scorekeeper entered it; results are\n"
    "# recomputed from it. Edit with care: `gt game show` tells you if it still parses.\n\n"
)
WHAT = "session file"


def game_to_toml(game: Game, undone: list[dict[str, Any]] | tuple = ()) -> str:
    """The whole session in gtcli's layout (a new file, or the fallback of :func:`session_text`)."""
    data: dict[str, Any] = {"format": FORMAT, "players": list(game.players)}
    if game.first_praeco:
        data["first_praeco"] = game.first_praeco
    if game.profile.name in profiles.BUILTIN and profiles.BUILTIN[game.profile.name] == game.profile:
        data["profile"] = game.profile.name
    else:
        data["profile"] = {
            "name": game.profile.name,
            "description": game.profile.description,
            "parameters": game.profile.parameters(),
        }
    blocks = [_block(table_to_mapping(t), "tribunals") for t in game.tables]
    blocks += [_block(mapping, "undone") for mapping in undone]
    return HEADER + "\n".join([tomli_w.dumps(data)] + blocks)


def create_session(path: str | Path, game: Game, force: bool = False) -> None:
    """Write a new session (``gt game new``, ``from-log``); an existing file only with ``force``."""
    if not force:
        require_absent(path, force)
    save(path, game_to_toml(game), expect=None if force else ABSENT, what=WHAT)


def load_game(path: str | Path, vocabulary: Vocabulary) -> Game:
    text, _ = read_stamped(path, WHAT)
    return parse_game(text, str(path), vocabulary)[0]


def parse_game(text: str, path: str, vocabulary: Vocabulary) -> tuple[Game, list[dict[str, Any]]]:
    """The game a session's text holds, and its undone Tribunals (raw tables, newest last)."""
    source = parse_toml(text, path, "GAME001")
    data = source.data

    def fail(message: str, key: str | None = None, hint: str | None = None) -> InputError:
        return source.error("GAME001", message, hint or "was the file edited by hand? `gt game new` starts afresh",
                            key=key)

    if data.get("format") != FORMAT:
        raise fail(f"not a gtcli game session (format {data.get('format')!r}, expected {FORMAT})", "format")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise fail("players must be a list of names", "players")
    raw_profile = data.get("profile", "official")
    try:
        if isinstance(raw_profile, str):
            profile = profiles.builtin(raw_profile)
        elif isinstance(raw_profile, dict):
            profile = profiles.from_mapping(raw_profile, default_name="custom")
        else:
            raise fail("profile must be a name or a table", "profile")
        first = data.get("first_praeco")
        if first is not None and not isinstance(first, str):
            raise fail("first_praeco must be a player's name", "first_praeco")
        game = new_game(tuple(players), profile, first)
    except InputError as exc:
        line, col = source.locate("profile" if "PROF" in exc.diagnostics[0].code else "players")
        raise exc.located(path, line, col) from None
    raw_tribunals = data.get("tribunals", [])
    if not isinstance(raw_tribunals, list) or not all(isinstance(t, dict) for t in raw_tribunals):
        raise fail("tribunals must be [[tribunals]] tables", "tribunals")
    items_before = 0
    for n, raw in enumerate(raw_tribunals):
        reader = TableReader(source, vocabulary, profile, seats=game.players, scope=(n, items_before))
        table = reader.read(raw)
        items_before += len(table.items)
        if table.tribunal != n + 1:
            line, col = source.locate("tribunal", "tribunals", n)
            raise InputError(Diagnostic("GAME001", f"Tribunal {n + 1} is numbered {table.tribunal}",
                                        path=path, line=line, col=col))
        reader.check_in_game(game, table)
        game = record(game, table)
    undone = data.get("undone", [])
    if not isinstance(undone, list) or not all(isinstance(t, dict) for t in undone):
        raise fail("undone must be [[undone]] tables", "undone")
    return game, undone


def require_absent(path: str | Path, force: bool) -> None:
    if Path(path).exists() and not force:
        raise InputError(
            Diagnostic("GAME004", f"{path} already exists", path=str(path), hint="use --force to overwrite it")
        )


# ---- changing a session -----------------------------------------------------------------------
@dataclass
class Session:
    """A session opened for a change: the lock is held until the ``with`` block of
    :func:`open_session` ends; :meth:`record`, :meth:`undo` and :meth:`redo` save at once."""

    path: str
    vocabulary: Vocabulary
    doc: Editing
    game: Game
    undone: list[dict[str, Any]]
    warnings: list[str] = field(default_factory=list)

    def record(self, table: Table) -> int:
        """Save ``table`` as the next Tribunal (checked against the game); returns how many
        undone Tribunals it made obsolete (they can no longer be redone)."""
        game = record(self.game, table)
        obsolete = len(self.undone)
        self._save(game, [], lambda b: (b.tribunals + [_block(table_to_mapping(game.tables[-1]), "tribunals")], []))
        return obsolete

    def undo(self) -> Table:
        """Drop the last Tribunal, keeping it (as written) for :meth:`redo`; returns it."""
        from gtcli.rules.game import undo

        game = undo(self.game)
        dropped = self.game.tables[-1]
        undone = self.undone + [table_to_mapping(dropped)]
        self._save(game, undone,
                   lambda b: (b.tribunals[:-1], b.undone + [_rename(b.tribunals[-1], "tribunals", "undone")]))
        return dropped

    def redo(self) -> Table:
        """Bring back the Tribunal undone last (checked again against the game); returns it."""
        if not self.undone:
            raise InputError(Diagnostic("GAME006", "there is no undone Tribunal to redo", path=self.path,
                                        hint="`gt game undo` keeps what it drops; nothing was dropped since"))
        source = TomlSource(self.path, "", self.undone[-1])
        reader = TableReader(source, self.vocabulary, self.game.profile, seats=self.game.players)
        table = reader.read(self.undone[-1])
        number = len(self.game.tables) + 1
        if table.tribunal != number:
            raise InputError(Diagnostic("GAME006", f"the undone Tribunal is number {table.tribunal}, but the "
                                        f"game's next is Tribunal {number}", path=self.path))
        reader.check_in_game(self.game, table)
        game = record(self.game, table)
        self._save(game, self.undone[:-1],
                   lambda b: (b.tribunals + [_rename(b.undone[-1], "undone", "tribunals")], b.undone[:-1]))
        return game.tables[-1]

    def _save(self, game: Game, undone: list[dict[str, Any]], splice) -> None:
        text, warning = session_text(self.doc.text, game, undone, splice, self.path, self.vocabulary)
        self.doc.save(text)
        self.game, self.undone = game, undone
        if warning:
            self.warnings.append(warning)


@contextmanager
def open_session(path: str | Path, vocabulary: Vocabulary) -> Iterator[Session]:
    """``with open_session(path, vocabulary) as s:``: the session read under its lock."""
    with Editing(path, WHAT) as doc:
        game, undone = parse_game(doc.text, str(path), vocabulary)
        yield Session(str(path), vocabulary, doc, game, undone)


# ---- splicing the text --------------------------------------------------------------------------
_BLOCK = re.compile(r"^[ \t]*\[\[[ \t]*(tribunals|undone)[ \t]*\]\][ \t]*(#.*)?$")


@dataclass
class Blocks:
    """A session's text cut into the part before any Tribunal and one text per block."""

    prefix: str
    tribunals: list[str]
    undone: list[str]


def split_blocks(text: str) -> Blocks:
    """Cut at each ``[[tribunals]]`` / ``[[undone]]`` header; the comment lines right above a
    header (no blank line between) belong to its block."""
    lines = text.splitlines(keepends=True)
    starts = []
    for n, line in enumerate(lines):
        if _BLOCK.match(line):
            start = n
            while start > (starts[-1][0] + 1 if starts else 0) and lines[start - 1].lstrip().startswith("#"):
                start -= 1
            starts.append((n, start, _BLOCK.match(line).group(1)))
    blocks = Blocks("".join(lines[:starts[0][1]]) if starts else text, [], [])
    for i, (_, start, kind) in enumerate(starts):
        end = starts[i + 1][1] if i + 1 < len(starts) else len(lines)
        getattr(blocks, kind).append("".join(lines[start:end]))
    return blocks


_TABLE_HEADER = re.compile(r"^(\[\[?)", re.M)


def _block(mapping: dict[str, Any], kind: str) -> str:
    """One ``[[kind]]`` block, always written with its header (``tomli-w`` alone may write a
    short array of tables inline, which could not be spliced)."""
    return f"[[{kind}]]\n" + _TABLE_HEADER.sub(lambda m: m.group(1) + kind + ".", tomli_w.dumps(mapping))


def _rename(block: str, old: str, new: str) -> str:
    """A block moved between ``[[tribunals]]`` and ``[[undone]]``: its headers renamed, nothing else."""
    rx = re.compile(r"^([ \t]*\[\[?[ \t]*)" + old + r"(?=[ \t]*(\.|\]))", re.M)
    return rx.sub(lambda m: m.group(1) + new, block)


def session_text(old: str | None, game: Game, undone: list[dict[str, Any]], splice, path: str,
                 vocabulary: Vocabulary) -> tuple[str, str | None]:
    """The new text of a session: ``old`` with the change spliced in, if that means exactly
    ``game`` and ``undone``; otherwise the whole file in gtcli's layout plus a warning."""
    whole = game_to_toml(game, undone)
    if old is None:
        return whole, None
    try:
        blocks = split_blocks(old)
        tribunals, kept = splice(blocks)
        parts = [blocks.prefix] + tribunals + kept
        spliced = "\n".join(p.rstrip("\n") + "\n" for p in parts if p.strip())
        if parse_game(spliced, path, vocabulary) == parse_game(whole, path, vocabulary):
            return spliced, None
    except (InputError, IndexError):
        pass
    from gtcli.dsl.comments import keep_notes

    text, moved = keep_notes(_comment_lines(old), whole, _comment_lines(whole),
                             "Comments of the previous version, whose places could not be kept")
    if not moved:
        return whole, None
    return text, (f"{path} was laid out by hand in a way gt cannot change in place: it was rewritten in "
                  f"gt's layout, and its {moved} comment line(s) were moved to its end")


def _comment_lines(text: str) -> list[str]:
    """Whole-line comments (a trailing one could be inside a TOML string: not worth the guess)."""
    return [line.strip() for line in text.splitlines() if line.lstrip().startswith("#")]
