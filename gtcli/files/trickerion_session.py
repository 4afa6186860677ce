"""Trickerion game sessions (TOML): the seating and each turn as entered, saved atomically.

A session stores what the scorekeeper entered, never a computed figure: every turn's
``[[turns]]`` table has the same fields as a turn file, and is read back by the same
:class:`~gtcli.files.trickerion_file.TrickerionReader`, so a hand-edited session gets
the same ``file:line:col`` messages as a turn file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

from gtcli.diagnostics import InputError
from gtcli.files.atomic import write_atomic
from gtcli.files.toml_source import parse_toml, read_text, read_toml
from gtcli.files.trickerion_file import PARSE_ERROR, Scope, TrickerionReader
from gtcli.trickerion.game import TURNS, Game, Turn, new_game, record, turn_problems
from gtcli.trickerion.problems import Where
from gtcli.trickerion.words import SPECIALISTS

FORMAT = 1
GAME = "trickerion"
SESSION_ERROR = "GAME001"  # the session file cannot be used: shared with Grand Tribunal's sessions
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
        for key in ("hired", "inactive"):
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
        row["tricks"] = [{"owner": t.owner, "name": t.name, **t.printed.as_dict()} for t in p.tricks]
        performances.append(row)
    if performances:
        data["performances"] = performances
    return data


def game_to_toml(game: Game) -> str:
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": GAME,
        "players": list(game.players),
        "specialists": dict(zip(game.players, game.specialists)),
    }
    if game.turns:
        data["turns"] = [turn_to_mapping(n, t) for n, t in enumerate(game.turns, start=1)]
    return HEADER + tomli_w.dumps(data)


def save_session(path: str | Path, game: Game) -> None:
    """The one place a Trickerion session is written (atomically)."""
    write_atomic(path, game_to_toml(game))


def load_session(path: str | Path) -> Game:
    source = parse_toml(read_text(path, "session file"), str(path), SESSION_ERROR)
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
    raw_turns = data.get("turns", [])
    if not isinstance(raw_turns, list) or not all(isinstance(t, dict) for t in raw_turns):
        raise source.error(SESSION_ERROR, "turns must be [[turns]] tables", hint, key="turns")
    if len(raw_turns) > TURNS:
        raise source.error("TRK017", f"{len(raw_turns)} turns; the game has {TURNS}", hint, table="turns",
                           index=TURNS)
    for n, raw in enumerate(raw_turns):
        scope = Scope(n, *scope_counts(raw_turns[:n]))
        turn_reader = TrickerionReader(source, scope, players=players)
        turn = turn_reader.turn(raw, n + 1)
        turn_reader.check(turn_problems(game, turn))
        game = record(game, turn)
    return game


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
