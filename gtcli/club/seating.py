"""Players named by their seat in a session's values, so records that spell a player otherwise compare alike.

Who sat where is a fact of its own (a record's result, compared under the club's names by
:mod:`gtcli.club.once`); a record's moves or Tribunals are compared with each player named by
their seat (``#1``, ``#2``...), as :func:`gtcli.club.diff.by_seat` does for a log. Pure
functions, used when a file is judged (:mod:`gtcli.club.work`) and when records are compared.
"""

from __future__ import annotations

from gtcli.core.text import fold


def by_seat(data: dict) -> dict:
    """A session's TOML values with each player named by their seat (``#1``...), wherever a value or
    a key is a name of its ``players`` (as :func:`gtcli.club.diff.by_seat` does for a log): who sat
    there is a fact of its own (the result), compared under the club's names."""
    players = data.get("players")
    names = [p.get("name") if isinstance(p, dict) else p for p in players] if isinstance(players, list) else []
    seats = {fold(p): f"#{n}" for n, p in enumerate(names, 1) if isinstance(p, str)}

    def renamed(value):
        if isinstance(value, str):
            return seats.get(fold(value), value)
        if isinstance(value, list):
            return [renamed(v) for v in value]
        if isinstance(value, dict):
            return {renamed(k): renamed(v) for k, v in value.items()}
        return value

    return renamed(data)


def tribunals(game) -> str:
    """What a Grand Tribunal game (a session, or a log's replay as ``gt game from-log`` makes it:
    :func:`gtcli.grand_tribunal.lang.logs.report.game_of`) records as a ``gt game`` session, as a
    digest: first Praeco, profile (its name and parameters), each Tribunal's items, votes and
    results as a session writes them, players by seat (:func:`by_seat`). Noted in the index when a
    log or session is judged."""
    import hashlib
    import json

    from gtcli.grand_tribunal.formats.table_file import table_to_mapping

    values = {"players": list(game.players), "first_praeco": game.first_praeco,
              "profile": [game.profile.name, sorted(game.profile.parameters().items())],
              "tribunals": [table_to_mapping(t) for t in game.tables]}
    return hashlib.sha256(json.dumps(by_seat(values), sort_keys=True, default=str).encode()).hexdigest()[:32]
