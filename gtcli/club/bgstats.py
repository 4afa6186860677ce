"""``gt club export --format bgstats``: the counted games as one JSON file in BG Stats' own export layout.

BG Stats (the phone app most players log their plays in) writes and reads a backup/export file
of this shape, as its users' open-source importers and converters read it (for instance
``ctuncan/bga_bgstats``, Board Game Arena to BG Stats, and ``DictumMortuum/servus-extapi``'s
BG Stats upload):

* ``games``: ``id``, ``uuid``, ``name``, ``modificationDate``, ``cooperative``,
  ``highestWins``, ``noPoints``, ``usesTeams``, ``bggId``, ``bggYear``;
* ``players``: ``id``, ``uuid``, ``name``, ``isAnonymous``, ``modificationDate``,
  ``bggUsername``;
* ``locations``: ``id``, ``uuid``, ``name``, ``modificationDate``;
* ``plays``: ``uuid``, ``modificationDate``, ``entryDate``, ``playDate`` (``YYYY-MM-DD
  HH:MM:SS``), ``gameRefId``, ``locationRefId``, ``ignored``, ``manualWinner``, ``usesTeams``,
  ``rounds``, ``durationMin``, ``comments``, and ``playerScores``: per player ``playerRefId``,
  ``score`` (a string), ``winner``, ``rank``, ``seatOrder``, ``startPlayer``, ``newPlayer``;
* ``tags``, ``groups``, ``challenges``: empty lists.

What gt puts there: one game entry per game kind the export holds plays of (Grand Tribunal,
Trickerion), one player per club member under the club's display name (aliases applied), the
club's name as the one location, and one play per **counted** game: legal and complete,
each game once (records set aside as repeats and games left out are not exported), dated
(an undated game has no ``playDate`` BG Stats can show: it is left out and counted in
``undated``). A play's time of day is not in a log: gt writes noon, the games of one day a
minute apart in the club's game order. ``startPlayer`` is the first seat (the first Praeco;
a Trickerion game's first initiative), ``rank`` the rules' place (equal totals share it in
Grand Tribunal), ``winner`` the rules' winners (a shared win marks each).

Every ``uuid`` is a UUID 5 of what it names (the game kind; the player's folded name; the
club's name; a play's record: the fingerprint of its moves, or its file's SHA-256), and
``modificationDate`` is the newest play's date: exporting an unchanged archive twice gives the
same bytes, and the app recognises a play it already has by its uuid.
"""

from __future__ import annotations

import os
import uuid
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from gtcli.club import once, stats, store
from gtcli.club.names import Names
from gtcli.club.work import GT, TRICKERION, Row

FILE = "BGStatsExport.json"
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://gtcli.invalid/club/bgstats")
GAMES = {GT: "Grand Tribunal", TRICKERION: "Trickerion"}


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "\n".join(parts))).upper()


def counted(rows: Sequence[Row], names: Names, aside: Sequence) -> list[Row]:
    """The games that count, each once (as ``gt club stats`` counts them), in game order."""
    games, _ = stats.eligible(once.without(rows, aside), names)
    return sorted(games, key=store.game_order)


def document(rows: Sequence[Row], names: Names, aside: Sequence, club: str) -> tuple[dict[str, Any], int]:
    """(the export, how many counted games were left out for want of a date)."""
    games = counted(rows, names, aside)
    dated = [r for r in games if r.date]
    display = names.display(stats.spellings([r for r in rows if r.game]))
    newest = f"{dated[-1].date} 12:00:00" if dated else "2000-01-01 00:00:00"
    kinds = [k for k in GAMES if any(r.game == k for r in dated)]
    game_ids = {k: i for i, k in enumerate(kinds, 1)}
    keys = sorted({names.key(s.name) for r in dated for s in r.seats}, key=lambda k: (display.get(k, k), k))
    player_ids = {k: i for i, k in enumerate(keys, 1)}
    per_day: dict[str, int] = defaultdict(int)
    plays = []
    for r in dated:
        minute = per_day[r.date]
        per_day[r.date] += 1
        when = f"{r.date} {12 + minute // 60 % 12:02d}:{minute % 60:02d}:00"
        plays.append({
            "uuid": _uuid("play", r.game or "", r.record or r.sha256), "modificationDate": when, "entryDate": when,
            "playDate": when, "gameRefId": game_ids[r.game], "locationRefId": 1, "ignored": False,
            "manualWinner": False, "usesTeams": False, "rounds": 0, "durationMin": 0, "comments": r.path,
            "playerScores": [{"playerRefId": player_ids[names.key(s.name)], "score": str(s.total),
                              "winner": s.winner, "rank": s.place, "seatOrder": s.seat, "startPlayer": s.seat == 1,
                              "newPlayer": False} for s in sorted(r.seats, key=lambda s: s.seat)]})
    data = {
        "games": [{"id": game_ids[k], "uuid": _uuid("game", k), "name": GAMES[k], "modificationDate": newest,
                   "cooperative": False, "highestWins": True, "noPoints": False, "usesTeams": False, "bggId": 0,
                   "bggYear": 0} for k in kinds],
        "players": [{"id": player_ids[k], "uuid": _uuid("player", k), "name": display.get(k, k),
                     "isAnonymous": False, "modificationDate": newest, "bggUsername": ""} for k in keys],
        "locations": [{"id": 1, "uuid": _uuid("location", club), "name": club, "modificationDate": newest}],
        "plays": plays, "tags": [], "groups": [], "challenges": [],
    }
    return data, len(games) - len(dated)


def text(rows: Sequence[Row], names: Names, aside: Sequence, club: str) -> tuple[str, dict[str, int]]:
    """The file's text and its counts (``games`` kinds, ``players``, ``plays``, ``undated``)."""
    from gtcli.core.escaping import json_text

    data, undated = document(rows, names, aside, club)
    counts = {"games": len(data["games"]), "players": len(data["players"]), "rows": len(data["plays"]),
              "undated": undated}
    return json_text(data, indent=None) + "\n", counts


def write_export(rows: Sequence[Row], names: Names, aside: Sequence, club: str, output: str) -> list[dict]:
    """Write ``output/BGStatsExport.json`` atomically (a name gt chose: never through a link); what was written."""
    from gtcli.core.files.guarded import save

    body, counts = text(rows, names, aside, club)
    os.makedirs(output, exist_ok=True)
    path = os.path.join(output, FILE)
    save(path, body, what="export file", follow_links=False)
    return [{"file": path, "table": "bgstats", **counts}]
