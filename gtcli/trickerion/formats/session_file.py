"""Trickerion game sessions (TOML): the seating and each turn as entered.

A session stores what the scorekeeper entered, never a computed figure: every turn's
``[[turns]]`` table has the same fields as a turn file, and is read back by the same
:class:`~gtcli.trickerion.formats.table_file.TrickerionReader`, so a hand-edited session gets
the same ``file:line:col`` messages as a turn file.

This is the game's part only. How the file is changed (under its lock, checked against
what was read, atomically, comments kept by splicing ``[[turns]]`` blocks, an undone
turn kept under ``[[undone]]`` for redo) is :mod:`gtcli.core.files.session_doc`, the same
for Grand Tribunal's sessions.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.guarded import Editing
from gtcli.core.files.session_doc import (SESSION_ERROR, UNDONE, SessionDoc, SessionKind, create, load, opened,
                                          tables_of, whole_text)
from gtcli.core.files.toml_source import parse_toml, read_toml
from gtcli.trickerion.formats.entry_reader import Scope
from gtcli.trickerion.formats.table_file import PARSE_ERROR, TrickerionReader
from gtcli.trickerion.rules.game import TURNS, Game, Turn, check_turn_left, new_game, record, turn_problems, undo
from gtcli.trickerion.rules.problems import Where
from gtcli.trickerion.rules.words import SPECIALISTS

FORMAT = 1
GAME = "trickerion"
ENTRIES = "turns"
HEADER = (
    "# Trickerion game session, kept by gtcli (`gt trickerion game`).\n"
    "# players is the first turn's initiative order; each [[turns]] holds a turn as it was\n"
    "# entered, and every figure is recomputed from them. `gt trickerion game show` checks it.\n\n"
)


def turn_to_mapping(number: int, turn: Turn) -> dict[str, Any]:
    """A turn as the fields of a turn file (the inverse of ``TrickerionReader.turn``)."""
    data: dict[str, Any] = {"turn": number}
    if turn.theatre:
        data["theatre"] = {name: list(days) for name, days in turn.theatre}
    players = []
    for entry in turn.players:
        row: dict[str, Any] = {"name": entry.name}
        changes = {k: v for k, v in entry.changes.as_dict().items() if v}
        if changes:
            row["changes"] = changes
        if entry.advertised:
            row["advertised"] = True
        for key in ("hired", "inactive", "shard_points"):
            if getattr(entry, key):
                row[key] = list(getattr(entry, key))
        players.append(row)
    if players:
        data["players"] = players
    performances = []
    for p in turn.performances:
        row = {"day": p.day, "performer": p.performer}
        if p.links:
            row["links"] = p.links
        bonus = {k: v for k, v in p.bonus.as_dict().items() if v}
        if bonus:
            row["bonus"] = bonus
        if p.specialists:
            row["specialists"] = list(p.specialists)
        row["tricks"] = [{"owner": t.owner, "name": t.name, **t.printed.as_dict(),
                          **({"threshold": t.threshold} if t.threshold is not None else {})} for t in p.tricks]
        performances.append(row)
    if performances:
        data["performances"] = performances
    return data


def game_to_toml(game: Game, undone: Sequence[dict[str, Any]] = ()) -> str:
    """The whole session in gtcli's layout (a new file, or the fallback of a change)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": GAME,
        "players": list(game.players),
        "specialists": dict(zip(game.players, game.specialists)),
    }
    turns = [turn_to_mapping(n, t) for n, t in enumerate(game.turns, start=1)]
    return whole_text(HEADER, data, ENTRIES, turns, undone)


def create_session(path: str | Path, game: Game, force: bool = False) -> None:
    """Write a new session; an existing file only with ``force`` (GAME004 otherwise)."""
    create(path, game_to_toml(game), force)


def load_session(path: str | Path) -> Game:
    return load(KIND, path)


def parse_session(text: str, path: str) -> tuple[Game, list[dict[str, Any]]]:
    """The game a session's text holds, and its undone turns (raw tables, newest last)."""
    source = parse_toml(text, path, SESSION_ERROR)
    data = source.data
    hint = "was the file edited by hand? `gt trickerion game new` starts afresh"
    reader = TrickerionReader(source)
    if data.get("game") != GAME or data.get("format") != FORMAT:
        raise source.error(SESSION_ERROR, f"not a gtcli Trickerion session (game {data.get('game')!r}, format "
                           f"{data.get('format')!r})", "a Grand Tribunal session is read by `gt game`",
                           key="game" if "game" in data else "format")
    players = reader.player_list(data.get("players"), "players")
    raw_specialists = data.get("specialists")
    if not isinstance(raw_specialists, dict):
        raise source.error(SESSION_ERROR, "specialists must be a table of player = specialist", hint,
                           key="specialists")
    reader.names.fixed = players
    chosen = {}
    for key, value in raw_specialists.items():
        try:
            chosen[reader.player(key, Where(key=key))] = reader.word(SPECIALISTS, value, Where(key=key))
        except InputError as exc:
            raise reader.relocate(exc, Where(), reader.inner("specialists", key, Where())) from None
    missing = [p for p in players if p not in chosen]
    if missing:
        raise source.error("TRK002", f"no starting Specialist for {', '.join(missing)}", hint,
                           table="specialists")
    game = new_game(players, tuple(chosen[p] for p in players))
    raw_turns = tables_of(source, ENTRIES, hint)
    if len(raw_turns) > TURNS:
        raise source.error("TRK017", f"{len(raw_turns)} turns; the game has {TURNS}", hint, table="turns",
                           index=TURNS)
    for n, raw in enumerate(raw_turns):
        scope = Scope(n, *scope_counts(raw_turns[:n]))
        turn_reader = TrickerionReader(source, scope, players=players)
        turn = turn_reader.turn(raw, n + 1)
        turn_reader.check(turn_problems(game, turn))
        game = record(game, turn)
    return game, tables_of(source, UNDONE, hint)


KIND = SessionKind(ENTRIES, parse_session, game_to_toml)


class Session(SessionDoc[Game]):
    """A session opened for a change (:func:`open_session`): the lock is held until the
    ``with`` block ends; :meth:`record`, :meth:`undo` and :meth:`redo` save at once."""

    def __init__(self, doc: Editing, path: str) -> None:
        super().__init__(KIND, doc, path)

    def record(self, turn: Turn) -> int:
        """Save ``turn`` as the next turn; returns how many undone turns it made obsolete."""
        game = record(self.game, turn)
        return self.append(game, turn_to_mapping(len(game.turns), turn))

    def undo(self) -> int:
        """Drop the last turn (TRK018 if none), keeping it as written for :meth:`redo`; its number."""
        self.drop_last(self._here(undo, self.game))
        return len(self.game.turns) + 1

    def redo(self) -> int:
        """Bring back the turn undone last, checked again as if entered now; its number."""
        if not self.undone:
            raise InputError(Diagnostic("TRK019", "there is no undone turn to redo", path=self.path,
                                        hint="`gt trickerion game undo` keeps what it drops; "
                                             "nothing was dropped since"))
        self.check_turn_left()
        n = len(self.undone) - 1
        scope = Scope(n, *scope_counts(self.undone[:n]), table=UNDONE)
        source = parse_toml(self.doc.text, self.path, SESSION_ERROR)
        reader = TrickerionReader(source, scope, players=self.game.players)
        turn = reader.turn(self.undone[-1], len(self.game.turns) + 1)
        reader.check(turn_problems(self.game, turn))
        self.restore(record(self.game, turn))
        return len(self.game.turns)

    def check_undo(self) -> None:
        """TRK018, at this session, if there is no turn to undo."""
        self._here(undo, self.game)

    def check_turn_left(self) -> None:
        """TRK017, at this session, if the game already has its five turns."""
        self._here(check_turn_left, self.game)

    def _here(self, rule, *args):
        """``rule(*args)``, with an error it raises placed in this session's file."""
        try:
            return rule(*args)
        except InputError as exc:
            raise exc.located(self.path) from None


def open_session(path: str | Path) -> AbstractContextManager[Session]:
    """``with open_session(path) as s:``: the session read under its lock."""
    return opened(path, Session)


def scope_counts(turns: list[dict[str, Any]]) -> tuple[int, int, int]:
    """How many [[turns.players]], [[turns.performances]] and their tricks ``turns`` hold."""
    def rows(value: Any) -> list[Any]:
        return value if isinstance(value, list) else []

    performances = [p for t in turns for p in rows(t.get("performances"))]
    tricks = sum(len(rows(p.get("tricks"))) for p in performances if isinstance(p, dict))
    return sum(len(rows(t.get("players"))) for t in turns), len(performances), tricks


def read_turn(path: str, game: Game) -> Turn:
    """A turn file for ``game``'s next turn, checked against the rules at its lines."""
    source = read_toml(path, PARSE_ERROR, "turn file")
    reader = TrickerionReader(source, players=game.players)
    turn = reader.turn(source.data, len(game.turns) + 1)
    reader.check(turn_problems(game, turn))
    return turn
