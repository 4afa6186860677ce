"""Two records of one game, compared move by move (``gt diff``; ``gt club`` finds duplicates with it).

A log is reduced to its *units*: the seating, each setup line, each Tribunal and round
opened, each move of each turn (``Ana: vote staff``), each recorded score and winner line,
in the order played. A unit is written in English canonical form (the Voting Track's
spaces in English, everything case- and accent-folded), so two records of the same game
compare equal whatever their layout, comments, tags (``[Event]``, ``[Date]``) or language
of keywords; card names are compared as written (folded). Pure functions of parsed logs,
and :func:`read_units` to read one from a file.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from gtcli.rules import log as L
from gtcli.text import fold

OPENING = 24  # units hashed as a record's opening: records that share it are compared whole


@dataclass(frozen=True)
class Unit:
    text: str  # canonical, folded
    line: int | None  # where the record wrote it


def units(log: L.Log, players: tuple[str, ...], vocabulary=None) -> list[Unit]:
    """The units of ``log`` (whose ``[Players]`` header lists ``players``)."""
    from gtcli.dsl.keywords import header_tag
    from gtcli.dsl.log_format import LogWriter

    writer = LogWriter("en", vocabulary)
    header = next((pos.line for name, _, pos in log.tags if header_tag(name) == "players"), None)
    out = [Unit("players " + ", ".join(fold(p) for p in players), header)]
    if log.setup is not None:
        out += [Unit(fold(text.strip()), getattr(pos, "line", None)) for pos, text in writer.setup_lines(log.setup)]
    for event in log.events:
        if isinstance(event, L.Turn):
            who = fold(event.player.text)
            out += [Unit(f"{who}: {fold(writer.move(m))}", m.pos.line or event.pos.line) for m in event.moves]
            if not event.moves:
                out.append(Unit(f"{who}:", event.pos.line))
        else:
            out.append(Unit(fold(writer.event(event)), event.pos.line))
    return out


def digest(texts: list[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def fingerprint(found: list[Unit]) -> tuple[str, str, int]:
    """(opening hash, whole-record hash, number of units): what the index keeps of a record."""
    texts = [u.text for u in found]
    return digest(texts[:OPENING]), digest(texts), len(texts)


@dataclass(frozen=True)
class Difference:
    relation: str  # "same", "prefix" (one record is the start of the other) or "differ"
    shorter: int | None  # with "prefix": 0 if the first record is the start of the second, 1 if the other way
    index: int | None  # the first unit (0-based) where they differ, or where the shorter one ends
    a: Unit | None
    b: Unit | None
    lengths: tuple[int, int]


def compare(a: list[Unit], b: list[Unit]) -> Difference:
    """Where two records first differ, and whether one is a prefix of the other."""
    n = 0
    while n < len(a) and n < len(b) and a[n].text == b[n].text:
        n += 1
    lengths = (len(a), len(b))
    if n == len(a) == len(b):
        return Difference("same", None, None, None, None, lengths)
    at_a = a[n] if n < len(a) else None
    at_b = b[n] if n < len(b) else None
    if at_a is None or at_b is None:
        return Difference("prefix", 0 if at_a is None else 1, n, at_a, at_b, lengths)
    return Difference("differ", None, n, at_a, at_b, lengths)


def read_units(path: str) -> list[Unit]:
    """The units of the log at ``path`` (read within gt's limits; InputError if it cannot be parsed)."""
    from gtcli.dsl.logs import MAX_LOG_BYTES, parse_log, read_header
    from gtcli.files.reading import read_text
    from gtcli.files.resources import published_vocabulary

    log = parse_log(read_text(path, "log", MAX_LOG_BYTES), path)
    header, _ = read_header(log)
    return units(log, header.players, published_vocabulary())
