"""A game is counted once: the records of one game beyond the first are set aside before counting.

A club's archive often holds one game twice: a mailed copy saved beside the original (the
same bytes), the same game typed up again or put into Spanish with ``gt fmt --lang es`` (the
same moves, other bytes), or a record that stops early beside the whole one (a prefix).
Statistics, ratings and the league site count each game once: :func:`set_aside` names the
records that repeat another one, and the commands leave them out of every figure and say so.

Which record is kept, of records that are one game: **the longest** (the most units, so a
whole record is kept over one that stops early); of records equally long, **the earliest**
in game order (date, then path: :func:`gtcli.club.store.game_order`). A record is set aside
when it is the same game as, or the start of, a record kept.

How they are found (what ``gt club duplicates`` compares, :mod:`gtcli.club.diff`): logs of
one game kind whose openings (the first 16 units: seating, setup, first moves, in canonical
form) are equal are candidates; two with the same ``record`` hash (the same text from the
setup on) are the same game without reading them; others are read and compared unit by unit
(layout, comments, tags and language do not count). Sessions (``gt game``, Trickerion) are
the same game when their bytes are. A record whose opening differs (a game recorded with
another seating) is not found. Only games that count are compared: a record left out
(illegal, incomplete) is left out already.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gtcli.club import store
from gtcli.club.work import Row


@dataclass(frozen=True)
class SetAside:
    path: str  # the record set aside
    kept: str  # the record of the same game that is counted
    relation: str  # "same" (the same game) or "prefix" (it stops early: the start of the kept one)

    def to_json(self) -> dict[str, str]:
        return {"file": self.path, "kept": self.kept, "relation": self.relation}


Units = Callable[[str], "list[str] | None"]  # a record's path -> its units' texts (None: cannot be read)


def archive_units(archive: str) -> Units:
    """The units of a record of ``archive`` (by its relative path), read once each; None if unreadable."""
    from gtcli.club.diff import read_units
    from gtcli.core.diagnostics import InputError

    memo: dict[str, list[str] | None] = {}

    def units(path: str) -> list[str] | None:
        if path not in memo:
            try:
                memo[path] = [u.text for u in read_units(os.path.join(archive, path))]
            except (InputError, OSError):
                memo[path] = None
        return memo[path]

    return units


def set_aside(counted: Sequence[Row], units: Units) -> list[SetAside]:
    """The records of ``counted`` (games that count) that repeat another record of it, in path order."""
    groups: dict[tuple, list[Row]] = {}
    for row in counted:
        if row.kind == "log" and row.opening:
            groups.setdefault((row.game, "log", row.opening), []).append(row)
        elif row.kind != "log" and row.sha256:
            groups.setdefault((row.game, row.kind, row.sha256), []).append(row)
    found: list[SetAside] = []
    for (_, kind, _), rows in groups.items():
        if len(rows) > 1:
            found += _one_group(rows, units if kind == "log" else None)
    return sorted(found, key=lambda s: store.path_key(s.path))


def _one_group(rows: list[Row], units: Units | None) -> list[SetAside]:
    """Records that begin alike: which repeat which (the module's rule for the one kept)."""
    rows = sorted(rows, key=store.game_order)
    if units is None:  # sessions with the same bytes: the earliest is kept
        return [SetAside(r.path, rows[0].path, "same") for r in rows[1:]]
    copies: dict[str, list[Row]] = {}  # the same text from the setup on: one reading serves them all
    for r in rows:
        copies.setdefault(r.record, []).append(r)
    read = []  # (units, the first record of that text, its copies)
    for same in copies.values():
        texts = units(same[0].path)
        if texts is not None:
            read.append((texts, same))
    aside: list[SetAside] = []
    for texts, same in read:
        better = [(other, copies_) for other, copies_ in read if copies_ is not same and
                  _rank(other, copies_[0]) < _rank(texts, same[0]) and other[:len(texts)] == texts]
        if better:
            other, copies_ = min(better, key=lambda b: _rank(b[0], b[1][0]))
            relation = "same" if len(other) == len(texts) else "prefix"
            aside += [SetAside(r.path, copies_[0].path, relation) for r in same]
        else:
            aside += [SetAside(r.path, same[0].path, "same") for r in same[1:]]
    return aside


def _rank(texts: list[str], row: Row) -> tuple:
    """The order of preference: the longest record, then the earliest (date, then path)."""
    return (-len(texts), store.game_order(row))


def without(rows: Sequence[Row], aside: Sequence[SetAside]) -> list[Row]:
    """``rows`` less the records set aside."""
    gone = {s.path for s in aside}
    return [r for r in rows if r.path not in gone]


def of_archive(rows: Sequence[Row], names, archive: str) -> list[SetAside]:
    """The records of the archive's games that count (each game kind its own) that repeat another."""
    from gtcli.club.stats import eligible

    counted, _ = eligible(rows, names)
    return set_aside(counted, archive_units(archive))


def of_kind(aside: Sequence[SetAside], rows: Sequence[Row]) -> list[dict[str, str]]:
    """The records set aside among ``rows`` (one game kind's), as ``--json`` lists them."""
    here = {r.path for r in rows}
    return [s.to_json() for s in aside if s.path in here]
