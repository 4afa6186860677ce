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

from gtcli.core.text import fold
from gtcli.grand_tribunal.rules import log as L

OPENING = 16  # units hashed as a record's opening: records that share it are compared whole


@dataclass(frozen=True)
class Unit:
    text: str  # canonical, folded
    line: int | None  # where the record wrote it


def units(log: L.Log, players: tuple[str, ...], vocabulary=None, limit: int | None = None,
          names: dict[str, str] | None = None, claims: bool = True) -> list[Unit]:
    """The units of ``log`` (whose ``[Players]`` header lists ``players``); with ``limit``, the first
    ones only. ``names`` maps folded card names in any language to the card set's own
    (:func:`gtcli.grand_tribunal.lang.cards.sets.names_in`), so records in two languages compare equal.
    Without ``claims``, the recorded ``scores`` and ``winner`` lines are left out: the moves alone
    (what the rules then score, a record's claims being checked against them)."""
    from gtcli.grand_tribunal.lang.keywords import header_tag

    writer = _writer(vocabulary)
    writer.card_name = (lambda n: names.get(fold(n), n)) if names else (lambda n: n)
    header = next((pos.line for name, _, pos in log.tags if header_tag(name) == "players"), None)
    out = [Unit("players " + ", ".join(fold(p) for p in players), header)]
    if log.setup is not None:
        out += [Unit(fold(text.strip()), getattr(pos, "line", None)) for pos, text in writer.setup_lines(log.setup)]
    for event in log.events:
        if limit is not None and len(out) >= limit:
            return out[:limit]
        if not claims and isinstance(event, (L.Scores, L.Winner)):
            continue
        if isinstance(event, L.Turn):
            who = fold(event.player.text)
            out += [Unit(f"{who}: {fold(writer.move(m))}", m.pos.line or event.pos.line) for m in event.moves]
            if not event.moves:
                out.append(Unit(f"{who}:", event.pos.line))
        else:
            out.append(Unit(fold(writer.event(event)), event.pos.line))
    return out if limit is None else out[:limit]


_WRITER: list = []  # the last writer made, for the vocabulary it was made with


def _writer(vocabulary):
    """gt fmt's writer in English, remembering each Voting Track space it has looked up (a
    lookup costs more than writing the move; a log names the same few spaces again and again)."""
    from gtcli.grand_tribunal.lang.logs.format import LogWriter

    class Canonical(LogWriter):
        def space(self, word: L.Word) -> str:
            found = self.known.get(word.text)
            if found is None:
                found = self.known[word.text] = super().space(word)
            return found

    if not _WRITER or _WRITER[0].vocabulary is not vocabulary:
        writer = Canonical("en", vocabulary)
        writer.known = {}
        _WRITER[:] = [writer]
    return _WRITER[0]


def digest(texts: list[str]) -> str:
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def fingerprint(log: L.Log, players: tuple[str, ...], text: str, vocabulary=None,
                names: dict[str, str] | None = None) -> tuple[str, str, int]:
    """(opening, record, number of events): what the index keeps of a record.

    The *opening* is the hash of the first :data:`OPENING` units of moves (no scores or winner
    line: records of the same moves scored under other rules share it); records that share it are
    compared whole by :func:`compare` (``gt club duplicates``). The *record* is only a cheap
    shortcut for that: a hash of the log's text from its setup (or first event) on, so without
    its tags, equal for two copies of one record, which need not be read again; two records of
    one game written otherwise (laid out, commented or in another language) get different
    hashes, and the comparison finds them the same.
    """
    opening = digest([u.text for u in units(log, players, vocabulary, OPENING, names, claims=False)])
    first = log.setup.pos if log.setup is not None else log.events[0].pos if log.events else None
    start = 0
    if first is not None and first.line:  # the play starts there: the header's tags are left out
        for _ in range(first.line - 1):
            start = text.find("\n", start) + 1
    return opening, digest(["players " + ", ".join(fold(p) for p in players), text[start:]]), len(log.events)


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


def read_units(path: str, claims: bool = True) -> list[Unit]:
    """The units of the log at ``path`` (read within gt's limits; InputError if it cannot be parsed);
    without ``claims``, its moves alone (:func:`units`).

    Card names are compared through the card set the log names (its own tag only, within the
    log's folder, as ``gt check`` allows), so a translated record is the same game; without a
    usable set they are compared as written."""
    from gtcli.core.diagnostics import InputError
    from gtcli.core.files.reading import read_text
    from gtcli.grand_tribunal.lang.logs.check import MAX_LOG_BYTES, parse_log, read_header

    log = parse_log(read_text(path, "log", MAX_LOG_BYTES), path)
    header, _ = read_header(log)
    try:
        vocabulary, names = canonical_names(header.cards, path, log.language)
    except InputError:
        vocabulary, names = canonical_names(None, path, log.language)
    return units(log, header.players, vocabulary, names=names, claims=claims)


def canonical_names(cards: str | None, path: str, language: str):
    """(vocabulary, folded card name in any language -> the set's own name) of the set a log names."""
    from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in, with_translation
    from gtcli.grand_tribunal.lang.logs.check import resolve_path
    from gtcli.grand_tribunal.shipped import published_vocabulary

    found = resolve_path(cards, path, "sample.gtc") if cards else None
    if found is None:
        return published_vocabulary(), None
    card_set = with_translation(load_set(found), found, language)
    return card_set.vocabulary, names_in(card_set, found, card_set.language)
