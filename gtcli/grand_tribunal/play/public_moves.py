"""Which card names of the last moves the table may see (the table's screen), decided by where
each move found the card and where it put it, never by the name.

A name written in a move is shown when the card it names lay in a public place just before
the move or lies in one just after it: a face-up row, a discard pile, or face up (or active)
in a Sanctum or under an Item. A card that goes from the deck to a hand or face down, a card
advanced while face down, a hidden card named (K4): written ``?`` (its handle, such as
``?a3``, stays: it names no card). So a face-up draw and its refill, an activation, a cast,
a played Resource and a discard are read as written, whatever other copy of the card lies
hidden; and a face-down draw is ``?`` whatever its name, a name the set lacks (K1) too.

Which card a name is, is what the referee decided when it replayed the move: the log is
replayed once more (:func:`public_names`) by a referee that looks at every card just before
and after each of the moves shown, and matches each name of the move to a card the move
changed (a draw's card and its refill by their places: the refill is the card that came into
the row). A name that matches no such card (a move the rules refused and did not apply, a
choice that changed nothing) is ``?``: the screen never guesses in the name's favour. Free
text (a forced move's reason, a manual effect's account) is not shown: it may name any card.
"""

from __future__ import annotations

from typing import Any

from gtcli.grand_tribunal.lang.logs.format import LogWriter
from gtcli.grand_tribunal.lang.strings import quote
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.replay import Referee
from gtcli.grand_tribunal.rules.state import DISCARD, INSTALLED, ROW, SANCTUM

HIDDEN = "?"  # a card the table may not see, as the log writes a card it does not know
UNSAID = "…"  # free text, left out
NAME = "name"  # the verdict's key for a name written as a plain string (``name ?a "X"``, ``vis +1 from "X"``)


def public(look: tuple | None) -> bool:
    """Whether a card, as :meth:`_Recorder._look` saw it, lies where the whole table sees it."""
    if look is None:
        return False  # not in play yet: a deck
    zone, face_up, active = look[0], look[1], look[2]
    return zone in (ROW, DISCARD) or (zone in (SANCTUM, INSTALLED) and (face_up or active))


def card_refs(move: L.Move) -> list[tuple[str, L.CardRef]]:
    """(role, reference) of every card a move names: ``drawn`` and ``refill`` for a draw's two
    cards (found by place), ``named`` for the rest (found by name among the cards it changed)."""
    refs: list[tuple[str, L.CardRef]] = []
    if isinstance(move, L.Draw):
        refs.append(("drawn", move.card))
        if move.refill is not None:
            refs.append(("refill", move.refill))
    elif isinstance(move, L.Advance):
        refs += [("named", ref) for ref, _ in move.parts]
    elif isinstance(move, L.Activate):
        refs.append(("named", move.card))
    elif isinstance(move, (L.Install, L.Cast)):
        refs += [("named", move.spell), ("named", move.item)]
    elif isinstance(move, L.Play):
        refs.append(("named", move.card))
    elif isinstance(move, (L.ToSanctum, L.Discard)):
        refs += [("named", ref) for ref in move.cards]
    outcome = getattr(move, "outcome", None)
    if outcome is not None:
        refs += [("named", value) for _, value, _ in outcome.choices if isinstance(value, L.CardRef)]
        refs += [("named", ref) for ref in (*outcome.drawn, *outcome.discarded)]
    return refs


class _Recorder(Referee):
    """A referee that, for the moves it is asked to watch, keeps which of their names are public."""

    watch: frozenset[int]
    verdicts: dict[int, frozenset]

    def _look(self) -> dict[int, tuple]:
        return {card.id: (card.zone, card.face_up, card.active, card.owner, card.vis, card.host, card.name)
                for card in self.state.cards.values()}

    def _judged(self, move, apply) -> None:
        if id(move) not in self.watch:
            apply()
            return
        before = self._look()
        try:
            apply()
        finally:  # a refused move still gets its verdict (StopReplay only with first=True, never here)
            self.verdicts[id(move)] = self._judge(move, before, self._look())

    def play_moves(self, player: str, moves: tuple[L.Move, ...]) -> None:
        for move in moves:
            self._judged(move, lambda: super(_Recorder, self).play_moves(player, (move,)))

    def aside(self, event: L.Activate) -> None:
        self._judged(event, lambda: super(_Recorder, self).aside(event))

    def _judge(self, move, before: dict[int, tuple], after: dict[int, tuple]) -> frozenset:
        changed = [cid for cid, look in after.items() if before.get(cid) != look]
        hosts = {look[5] for cid in changed for look in (before.get(cid), after[cid]) if look and look[5]}
        related = [*changed, *(h for h in hosts if h not in changed)]
        key = self.card_set.key

        def seen(ids) -> bool:  # every card the name can be was public before or after the move
            return bool(ids) and all(public(before.get(cid)) or public(after.get(cid)) for cid in ids)

        def by_name(name: str | None) -> list[int]:
            if not name:
                return []
            wanted = key(name)
            return [cid for cid in related if after[cid][6] and key(after[cid][6]) == wanted]

        shown: set[Any] = set()
        for role, ref in card_refs(move):
            if ref.handle:
                cid = self.state.handles.get(ref.handle)
                ids = [cid] if cid is not None else []
            elif role == "drawn":
                ids = [cid for cid in changed  # the card that came from the deck or the row
                       if after[cid][0] != ROW and (before.get(cid) is None or before[cid][0] == ROW)]
            elif role == "refill":
                ids = [cid for cid in changed if after[cid][0] == ROW]
            else:
                ids = by_name(ref.name)
            if seen(ids):
                shown.add(id(ref))
        if isinstance(move, L.NameCard):
            cid = self.state.handles.get(move.handle)
            if seen([cid] if cid is not None else []):
                shown.add(NAME)
        elif isinstance(move, L.VisChange) and move.party_kind == "card" and seen(by_name(move.party)):
            shown.add(NAME)
        return frozenset(shown)


def public_names(checked, moves: list,
                 known: dict[int, tuple[object, frozenset]] | None = None) -> dict[int, frozenset]:
    """For each of ``moves`` (moves or aside activations of ``checked.log``, by ``id``): the names
    it may show (:class:`PublicWriter`), from a replay of the log as ``checked`` was replayed.

    ``known``: verdicts kept from the screen before (``id`` -> (the move, its verdict)), filled
    in here and kept to ``moves``. A move that is the very object judged before (a log that
    only grew is checked by replaying what was added, the entries before it kept as they
    were) keeps its verdict, since nothing before it changed; when only the log's last entry
    is new, it alone is replayed, from the referee's copy made just before it. Else the whole
    log is replayed once more."""
    known = {} if known is None else known
    verdicts = {id(m): known[id(m)][1] for m in moves if id(m) in known and known[id(m)][0] is m}
    missing = [m for m in moves if id(m) not in verdicts]
    if missing and checked.referee is not None:
        verdicts.update(_judged_anew(checked, missing))
    known.clear()
    known.update({id(m): (m, verdicts[id(m)]) for m in moves if id(m) in verdicts})
    return verdicts


def _judged_anew(checked, moves: list) -> dict[int, frozenset]:
    from dataclasses import fields

    from gtcli.grand_tribunal.lang.syntax import gc_paused

    referee, events = checked.referee, checked.log.events
    last = events[-1] if events else None
    in_last = {id(last), *(id(m) for m in getattr(last, "moves", ()))} if last is not None else set()
    base = referee.before_last
    if base is not None and all(id(m) in in_last for m in moves):
        recorder = _Recorder.__new__(_Recorder)
        recorder.__dict__.update(base.fork().__dict__)  # the referee as it was before the last entry
        replay = lambda: recorder.take(last)  # noqa: E731
    else:
        kept = ("card_set", "profile", "seats", "board", "variants", "strict", "until_line", "live",
                "require_complete")
        # the log checked, not the referee's: a referee gt play went on from (incremental) kept the log it began with
        recorder = _Recorder(checked.log, **{f.name: getattr(referee, f.name)
                                             for f in fields(Referee) if f.name in kept})
        replay = recorder.run
    recorder.watch = frozenset(id(m) for m in moves)
    recorder.verdicts = {}
    with gc_paused():
        replay()
    return recorder.verdicts


class PublicWriter(LogWriter):
    """The log's own writer, writing only what :func:`public_names` found public: ``?`` for
    the rest (a handle stays), free text left out."""

    def __init__(self, lang: str, vocabulary, verdicts: dict[int, frozenset]) -> None:
        super().__init__(lang, vocabulary, self._plain_name)
        self.verdicts = verdicts
        self._shown: frozenset = frozenset()

    def _plain_name(self, name: str) -> str:
        return name if NAME in self._shown else HIDDEN

    def card(self, ref: L.CardRef) -> str:
        if id(ref) not in self._shown or ref.name is None:
            return ref.handle or HIDDEN
        return (f"{ref.handle} " if ref.handle else "") + quote(ref.name)

    def move(self, m: L.Move) -> str:
        self._shown = self.verdicts.get(id(m), frozenset())
        text = self._plain(m)
        if isinstance(m, L.NameCard) and NAME not in self._shown:
            text = f"{self.kw('NAME_CARD')} {m.handle} {HIDDEN}"  # not quoted: no card is called "?"
        if isinstance(m, L.VisChange) and m.party_kind == "card" and NAME not in self._shown:
            text = text.replace(quote(HIDDEN), HIDDEN)
        return f"{self.kw('FORCE')} {quote(UNSAID)} {text}" if m.forced is not None else text

    def outcome(self, o: L.Outcome) -> str:
        text = super().outcome(L.Outcome(o.choices, o.drawn, o.discarded, None))
        return text + (f" {self.kw('MANUAL')} {quote(UNSAID)}" if o.manual is not None else "")


__all__ = ["HIDDEN", "PublicWriter", "UNSAID", "card_refs", "public", "public_names"]
