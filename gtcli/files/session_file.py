"""Game session files (TOML): read, validate, and save atomically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

from gtcli.diagnostics import Diagnostic, InputError
from gtcli.files.atomic import write_atomic
from gtcli.files.table_file import TableReader, table_to_mapping
from gtcli.files.toml_source import parse_toml, read_text
from gtcli.rules import profiles
from gtcli.rules.game import Game, new_game, record
from gtcli.rules.vocabulary import Vocabulary

FORMAT = 1
HEADER = (
    "# Grand Tribunal game session, kept by gtcli (`gt game`).\n"
    "# Each [[tribunals]] holds the table as the scorekeeper entered it; results are\n"
    "# recomputed from it. Edit with care: `gt game show` tells you if it still parses.\n\n"
)


def game_to_toml(game: Game) -> str:
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
    tribunals = []
    for table in game.tables:
        entry = table_to_mapping(table)
        tribunals.append(entry)
    if tribunals:
        data["tribunals"] = tribunals
    return HEADER + tomli_w.dumps(data)


def save_game(path: str | Path, game: Game) -> None:
    write_atomic(path, game_to_toml(game))


def load_game(path: str | Path, vocabulary: Vocabulary) -> Game:
    source = parse_toml(read_text(path, "session file"), str(path), "GAME001")
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
        raise exc.located(str(path), line, col) from None
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
                                        path=str(path), line=line, col=col))
        reader.check_in_game(game, table)
        game = record(game, table)
    return game


def require_absent(path: str | Path, force: bool) -> None:
    if Path(path).exists() and not force:
        raise InputError(
            Diagnostic("GAME004", f"{path} already exists", path=str(path), hint="use --force to overwrite it")
        )
