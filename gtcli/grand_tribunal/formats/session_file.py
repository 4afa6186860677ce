"""Grand Tribunal game sessions (TOML): read, validate, and change them one Tribunal at a time.

The game's part of a session only: what its top-level keys are, how a ``[[tribunals]]``
entry is read and checked, and what record, undo and redo mean for the game. How the
file is changed without losing what people wrote (the lock, the changed-since-read
check, splicing blocks so comments survive, ``[[undone]]`` for redo, the fallback) is
:mod:`gtcli.core.files.session_doc`, shared with Trickerion's sessions.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.guarded import Editing
from gtcli.core.files.session_doc import (SESSION_ERROR, UNDONE, SessionDoc, SessionKind, create, load, opened,
                                          require_absent, tables_of, whole_text)
from gtcli.core.files.toml_source import TomlSource, parse_toml
from gtcli.grand_tribunal.formats.table_file import TableReader, table_to_mapping
from gtcli.grand_tribunal.rules import profiles
from gtcli.grand_tribunal.rules.game import Game, new_game, record, table_problems
from gtcli.grand_tribunal.rules.tribunal import Table
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary

FORMAT = 1
HEADER = (
    "# Grand Tribunal game session, kept by gtcli (`gt game`).\n"
    "# Each [[tribunals]] holds the table as the scorekeeper entered it; results are\n"
    "# recomputed from it. Edit with care: `gt game show` tells you if it still parses.\n\n"
)
ENTRIES = "tribunals"
__all__ = ["Session", "create_session", "game_to_toml", "load_game", "open_session", "parse_game", "require_absent"]


def game_to_toml(game: Game, undone: Sequence[dict[str, Any]] = ()) -> str:
    """The whole session in gtcli's layout (a new file, or the fallback of a change)."""
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
    return whole_text(HEADER, data, ENTRIES, [table_to_mapping(t) for t in game.tables], undone)


def create_session(path: str | Path, game: Game, force: bool = False) -> None:
    """Write a new session (``gt game new``, ``from-log``); an existing file only with ``force``."""
    create(path, game_to_toml(game), force)


def session_kind(vocabulary: Vocabulary) -> SessionKind[Game]:
    return SessionKind(ENTRIES, lambda text, path: parse_game(text, path, vocabulary), game_to_toml)


def load_game(path: str | Path, vocabulary: Vocabulary) -> Game:
    return load(session_kind(vocabulary), path)


def parse_game(text: str, path: str, vocabulary: Vocabulary) -> tuple[Game, list[dict[str, Any]]]:
    """The game a session's text holds, and its undone Tribunals (raw tables, newest last)."""
    try:
        source = parse_toml(text, path, SESSION_ERROR)
    except InputError:
        from gtcli.grand_tribunal.formats.table_lines import looks_like_lines

        if looks_like_lines(text):
            raise InputError(Diagnostic(SESSION_ERROR, f"{path} is a table (its lines), not a game session",
                                        path=path, hint=f"gt tally {path} scores it; gt game tribunal SESSION "
                                        f"--from {path} records it in a game")) from None
        raise
    data = source.data

    hint = "was the file edited by hand? `gt game new` starts afresh"

    def fail(message: str, key: str | None = None) -> InputError:
        return source.error(SESSION_ERROR, message, hint, key=key)

    if "format" not in data and ("votes" in data or "items" in data):
        raise InputError(Diagnostic(SESSION_ERROR, f"{path} is a table, not a game session", path=path,
                                    hint=f"gt tally {path} scores it; gt game tribunal SESSION --from {path} "
                                    "records it in a game"))
    if "format" not in data:
        raise fail("not a gtcli game session: it has no format = 1 line", None)
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
        code = exc.diagnostics[0].code
        line, col = source.locate("profile" if "PROF" in code else "first_praeco" if code == "TAB005" else "players")
        raise exc.located(path, line, col) from None
    # Every problem of every Tribunal is reported in one run: a Tribunal is recorded with
    # what could be read of it (items at fault left out), so the next ones are checked too.
    problems: list[Diagnostic] = []
    items_before = 0
    for n, raw in enumerate(tables_of(source, ENTRIES, hint)):
        reader = TableReader(source, vocabulary, profile, seats=game.players, scope=(n, items_before))
        table = reader.read_all(raw)
        raw_items = raw.get("items")
        items_before += len(raw_items) if isinstance(raw_items, list) else 0
        problems += reader.problems
        if table.tribunal != n + 1 and table.tribunal == raw.get("tribunal", 1):  # (not a value it replaced)
            line, col = source.locate("tribunal", "tribunals", n)
            problems.append(Diagnostic("GAME001", f"Tribunal {n + 1} is numbered {table.tribunal}",
                                       path=path, line=line, col=col))
        if game.finished:
            problems += reader.game_problems(game, table)
            break
        at_fault = {index for index, _ in table_problems(game, table)}
        problems += reader.game_problems(game, table)
        game = record(game, replace(table, items=tuple(i for k, i in enumerate(table.items) if k not in at_fault)))
    if problems:
        raise InputError(*problems)
    return game, tables_of(source, UNDONE, hint)


# ---- changing a session -----------------------------------------------------------------------
class Session(SessionDoc[Game]):
    """A session opened for a change: the lock is held until the ``with`` block of
    :func:`open_session` ends; :meth:`record`, :meth:`undo` and :meth:`redo` save at once."""

    def __init__(self, doc: Editing, path: str, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary
        super().__init__(session_kind(vocabulary), doc, path)

    def record(self, table: Table) -> int:
        """Save ``table`` as the next Tribunal (checked against the game); returns how many
        undone Tribunals it made obsolete (they can no longer be redone)."""
        game = record(self.game, table)
        return self.append(game, table_to_mapping(game.tables[-1]))

    def undo(self) -> Table:
        """Drop the last Tribunal, keeping it (as written) for :meth:`redo`; returns it."""
        from gtcli.grand_tribunal.rules.game import undo

        game = undo(self.game)
        dropped = self.game.tables[-1]
        self.drop_last(game)
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
        self.restore(game)
        return game.tables[-1]


def open_session(path: str | Path, vocabulary: Vocabulary, wait: float | None = None) -> AbstractContextManager[Session]:
    """``with open_session(path, vocabulary) as s:``: the session read under its lock."""
    return opened(path, lambda doc, shown: Session(doc, shown, vocabulary), wait)
