"""Two records of one game, compared move by move (``gt diff``; ``gt club`` finds duplicates with it).

A log is reduced to its *units*: the seating, each setup line, each Tribunal and round
opened, each move of each turn (``Ana: vote staff``), each recorded score and winner line,
in the order played. A unit is written in English canonical form (the Voting Track's
spaces in English, everything case- and accent-folded), so two records of the same game
compare equal whatever their layout, comments, tags (``[Event]``, ``[Date]``) or language
of keywords; card names are compared as written (folded). :func:`by_seat` names each player by
their seat, for the index's opening and the club's comparison of records (:mod:`gtcli.club.once`).
Pure functions of parsed logs, and :func:`read_units` to read one from a file.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

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


def by_seat(log: L.Log, players: tuple[str, ...]) -> tuple[L.Log, tuple[str, ...]]:
    """``log`` and its ``players`` with each player named by their seat (``#1``, ``#2``...) wherever
    the log names one: its moves by seat, whatever spelling of a player a record uses (who sat
    there is a fact of its own, compared under the club's names: :mod:`gtcli.club.once`)."""
    seat = {fold(p): f"#{n}" for n, p in enumerate(players, 1)}
    return _renamed(log, seat), tuple(seat[fold(p)] for p in players)


def _renamed(log: L.Log, table: dict[str, str]) -> L.Log:
    """``log`` with each player's name (folded, a key of ``table``) written as ``table`` says, in
    every place a log names a player: the setup, turns, moves, rounds, choices, scores and winners."""
    def text(written: str) -> str:
        return table.get(fold(written), written)

    def word(w: L.Word) -> L.Word:
        return L.Word(text(w.text), w.pos)

    def move(m):
        if isinstance(m, L.Activate) and m.player is not None:
            return replace(m, player=word(m.player))
        if isinstance(m, L.GatherContested):
            return replace(m, rolls=tuple((word(w), n) for w, n in m.rolls))
        if isinstance(m, L.VisChange) and m.party and (m.party_kind or "player") == "player":
            return replace(m, party=text(m.party))
        outcome = getattr(m, "outcome", None)
        if outcome is not None and outcome.choices:  # ``$victim=Dora``: a choice may name a player
            choices = tuple((k, v if isinstance(v, L.CardRef) else text(v), pos) for k, v, pos in outcome.choices)
            return replace(m, outcome=replace(outcome, choices=choices))
        return m

    def event(e):
        if isinstance(e, L.Turn):
            return replace(e, player=word(e.player), moves=tuple(move(m) for m in e.moves))
        if isinstance(e, L.RoundStart):
            return replace(e, praeco=word(e.praeco))
        if isinstance(e, L.Scores):
            return replace(e, scores=tuple((word(w), n) for w, n in e.scores))
        if isinstance(e, L.Winner):
            return replace(e, names=tuple(word(w) for w in e.names))
        return move(e) if isinstance(e, L.Move) else e

    setup = log.setup
    if setup is not None:
        setup = replace(setup, hands=tuple((word(w), cards) for w, cards in setup.hands),
                        vis=tuple((word(w), n) for w, n in setup.vis),
                        praeco=None if setup.praeco is None else word(setup.praeco),
                        dealer=None if setup.dealer is None else word(setup.dealer))
    return replace(log, setup=setup, events=tuple(event(e) for e in log.events))


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
    line: records of the same moves scored under other rules share it), players named by their seat
    (:func:`by_seat`: a copy that spells a player otherwise shares it); records that share it are
    compared whole by :func:`compare` (``gt club duplicates``). The *record* is only a cheap
    shortcut for that: a hash of the log's text from its setup (or first event) on, so without
    its tags, equal for two copies of one record, which need not be read again; two records of
    one game written otherwise (laid out, commented or in another language) get different
    hashes, and the comparison finds them the same.
    """
    moves = [n for n, e in enumerate(log.events) if not isinstance(e, (L.Scores, L.Winner))][:OPENING]
    head = replace(log, events=log.events[:moves[-1] + 1] if moves else ())  # enough events for the opening
    opening = digest([u.text for u in units(*by_seat(head, players), vocabulary, OPENING, names, claims=False)])
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


def read_units(path: str, claims: bool = True, seated: bool = False) -> list[Unit]:
    """The units of the log at ``path`` (read within gt's limits; InputError if it cannot be parsed);
    without ``claims``, its moves alone (:func:`units`); ``seated``, players named by their seat
    (:func:`by_seat`).

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
    seats = by_seat(log, header.players) if seated else (log, header.players)
    return units(*seats, vocabulary, names=names, claims=claims)


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
