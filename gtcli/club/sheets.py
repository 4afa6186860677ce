"""A log's scoresheet kept in the index, so ``gt club site`` renders it without replaying the log.

``gt club index`` replays every log to judge it (:func:`gtcli.club.work.judge`, gt check's own
replay). In that same replay a :class:`~gtcli.grand_tribunal.lang.logs.report.RoundWatch` notes the
table at the end of each round, and what a scoresheet needs is kept beside the row as compact JSON
(:func:`encode`): the game's Tribunals as tables (seats, rule profile, first Praeco), the table at
the end of each round, the log's ``[Event]`` and ``[Date]``, its count of rule errors and its
language. Every score is still computed by the rules when the page is made (:func:`decode` rebuilds
the :class:`~gtcli.grand_tribunal.scoresheet.Scoresheet` and its results are tallied from the
tables), and the page is byte for byte the one a replay gives (a known-answer test over shipped and
generated logs: ``tests/club/test_club_sheets.py``).

Why this is sound: the data is written by gt's own judge and read only from an index gt trusts (its
HMAC mark, :mod:`gtcli.club.db`: an index that came with an archive or was edited is rebuilt from the
files, never read); a row is keyed by its file's SHA-256 and replaced whenever those bytes or what
judged them (the judge digest: gt's version, the settings, the card set, board and profile files)
change, and the data carries both, checked again on reading. What cannot be kept (a round that runs
to the end of the log, a log gt could not replay) is left empty, and the site replays that log.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import fields

from gtcli.core.files.json_source import loads_own
from gtcli.grand_tribunal.rules.game import Game
from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.rules.tribunal import Item, Table
from gtcli.grand_tribunal.scoresheet import RoundPoint, Scoresheet

FORMAT = 1
MAX_BYTES = 4_000_000  # a kept scoresheet's JSON (a log is at most 2 MB)
_TUPLES = {f.name for f in fields(RuleProfile) if isinstance(f.default, tuple)}


def keep(checked, watch) -> Scoresheet | None:
    """The scoresheet (untallied) of a log judged with ``watch`` as its replay's observer, or None when a round
    runs to the end of the log (its table is the one a live replay leaves: the site replays such a log)."""
    from gtcli.grand_tribunal.lang.logs.report import untallied

    if not watch.closed:
        return None
    return untallied(checked, tuple(watch.points()))


def encode(sheet: Scoresheet, sha256: str, judge: str) -> bytes:
    """What the index keeps: the JSON below, compressed (zlib: about a third of its size)."""
    game = sheet.game
    data = {
        "format": FORMAT, "sha256": sha256, "judge": judge,
        "players": list(game.players), "profile": {f.name: getattr(game.profile, f.name) for f in fields(RuleProfile)},
        "first": game.first_praeco,
        "tables": [[[[i.owner, i.type, i.base, list(i.spells), i.name, i.won] for i in t.items], t.votes, t.tribunal,
                    list(t.players), t.last_praeco] for t in game.tables],
        "rounds": [[r.tribunal, r.round, r.vis, r.track] for r in sheet.rounds],
        "tags": sheet.tags, "findings": sheet.findings, "log": sheet.log, "language": sheet.language,
    }
    return zlib.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode(), 1)


def decode(kept: bytes | None, source: str, sha256: str, judge: str) -> Scoresheet | None:
    """The scoresheet kept for the file of ``sha256`` judged as ``judge``; None if none is kept, or if what is
    kept is not of these very bytes and this judge (then the log is replayed)."""
    from gtcli.grand_tribunal.rules.game import results

    if not kept:
        return None
    try:
        inflate = zlib.decompressobj()
        text = inflate.decompress(kept, MAX_BYTES)
        if inflate.unconsumed_tail or not inflate.eof:
            return None
        data = loads_own(text, MAX_BYTES)  # gt's own JSON from an index it trusts (a JsonProblem is a ValueError)
        if data.get("format") != FORMAT or data.get("sha256") != sha256 or data.get("judge") != judge:
            return None
        profile = RuleProfile(**{k: tuple(v) if k in _TUPLES else v for k, v in data["profile"].items()})
        tables = tuple(Table(tuple(Item(o, t, b, tuple(s), n, w) for o, t, b, s, n, w in items), votes, number,
                             tuple(players), last) for items, votes, number, players, last in data["tables"])
        game = Game(tuple(data["players"]), profile, data["first"], tables)
        rounds = tuple(RoundPoint(t, r, vis, track) for t, r, vis, track in data["rounds"])
        return Scoresheet(source, game, tuple(results(game)), rounds, data["tags"], data["findings"],
                          log=data["log"], language=data["language"])
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError, zlib.error):
        return None  # not what encode wrote: the log is replayed instead
