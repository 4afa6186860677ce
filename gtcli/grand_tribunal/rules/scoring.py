"""A Tribunal held during a replay, as the :class:`~gtcli.grand_tribunal.rules.replay.Referee`
(``ref``) holds it: every active Item gathered from the Sanctums and tallied (R1-R6,
:mod:`gtcli.grand_tribunal.rules.tribunal`), the table reset for the next Tribunal (R6, K3,
and V2 under a profile that gives Vis then), the scores and winner a log records checked
against the rules' (R4, R7; a wrong score's likely misreading explained,
:mod:`gtcli.grand_tribunal.rules.misreadings`), and who won.

Functions of the referee, as the moves of :mod:`gtcli.grand_tribunal.rules.actions` are; the
Referee decides when a Tribunal is scored.
"""

from __future__ import annotations

import re

from gtcli.core.diagnostics import Pos
from gtcli.core.text import fold
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.vis import gain_each
from gtcli.grand_tribunal.rules.misreadings import explain, misreading
from gtcli.grand_tribunal.rules.state import SANCTUM
from gtcli.grand_tribunal.rules.tribunal import Item, Table, awards_given, evolve, tally


def score_tribunal(ref, pos: Pos | None) -> None:
    """R1-R6: every active Item that has not won competes; then the table resets."""
    s = ref.state
    items = []
    at, hosted, peek, card_def = s.index.at, s.index.hosted, s._peek(), s.card_def  # cards only read here
    for seat in ref.seats:
        for card in map(peek, at.get((seat, SANCTUM), ())):
            if card.deck != "item" or not card.active:
                continue
            definition = card_def(card)
            if definition is None:
                ref.unverified_once("K4", "an active Item was never named; it was left out of the tally", pos)
                continue
            spells = []
            for spell_id in hosted.get(card.id, ()):
                spell_def = card_def(peek(spell_id))
                if spell_def is not None and spell_def.category:
                    spells.append(spell_def.category)
            items.append((card.id, Item(seat, definition.type or "", definition.base or 0, tuple(spells),
                                        name=f"{definition.name}#{card.id}", won=card.placed is not None)))
    table = Table(tuple(i for _, i in items), dict(s.track), s.tribunal, ref.seats,
                  s.praecos[-1] if s.praecos else None)
    result = tally(table, ref.profile, awarded_before=awards_given(s.results))
    for d in result.findings:
        ref.report(d.code, d.message, pos, d.hint, d.severity)
    by_label = {item.name: card_id for card_id, item in items}
    for r in result.items:
        if r.place and r.item.name in by_label:
            s.cards[by_label[r.item.name]].placed = (s.tribunal, r.place)
    # keep readable names in the stored result (the #id only kept same-named items apart)
    result = evolve(result, items=tuple(evolve(r, item=evolve(r.item, name=r.item.name.split("#")[0]))
                                        for r in result.items),
                    next_praeco_reason=re.sub(r"#\d+", "", result.next_praeco_reason))
    s.results.append(result)
    s.tables.append(table)
    for ps in result.players:
        s.totals[ps.name] = s.totals.get(ps.name, 0) + ps.score
    s.scored_tribunals += 1
    s.next_first_praeco = result.next_praeco
    if s.tribunal < ref.profile.tribunals:
        reset_for_next_tribunal(ref, pos)


def reset_for_next_tribunal(ref, pos: Pos | None = None) -> None:
    """R6 and K3: tokens back, discards reshuffled, trackers to the next area; under a
    profile that gives Vis at a new Tribunal (printed-fr: 12), each player takes it from
    the Regio (V2), and a shortfall is reported at ``pos``, the line the new Tribunal
    begins at, not at the next gain."""
    s = ref.state
    s.concilium = ref.profile.voting_tokens - s.token_vis
    s.track = {}
    for card in s.in_zone("discard"):
        card.zone = "gone"
    s.stale_trackers = dict(s.trackers)
    s.trackers = {"uncontested": 0, "contested": 0}
    if ref.profile.tribunal_vis:
        source = f"the start of Tribunal {s.tribunal + 1} ({ref.profile.name}: " \
                 f"{ref.profile.tribunal_vis} Vis to each player)"
        gain_each(ref, {seat: ref.profile.tribunal_vis for seat in ref.seats}, pos, source)
    s.tribunal += 1
    s.round = 0
    s.praeco = None
    s.praecos = []
    s.turns = []


def check_scores(ref, event: L.Scores) -> None:
    ref.end_turn(event.pos)
    ref.maybe_score(event.pos)
    s = ref.state
    if not s.results:
        ref.error("R4", "scores recorded before any Tribunal was held", event.pos)
        return
    result = s.results[-1]
    computed = {p.name: p.score for p in result.players}
    # every score the line records (a player's first), so that a hint describes the whole line
    line = {n: score for word, score in reversed(event.scores) if (n := ref.seat_of.get(fold(word.text)))}
    earlier = s.tables[-2] if len(s.tables) > 1 else None
    for word, score in event.scores:
        name = ref.player(word, "R4")
        if name is None:
            continue
        if computed.get(name, 0) != score:
            code, why = misreading(s.tables[-1], result, name, score, ref.profile, line, earlier)
            ref.error(code, f"{name} scores {computed.get(name, 0)} at Tribunal {result.tribunal}, "
                      f"not {score}{why}", word.pos, explain(result, name))


def winners(ref) -> tuple[str, ...]:
    s = ref.state
    best = max(s.totals.get(p, 0) for p in ref.seats)
    return tuple(p for p in ref.seats if s.totals.get(p, 0) == best)


def check_winner(ref, event: L.Winner) -> None:
    ref.end_turn(event.pos)
    ref.maybe_score(event.pos)
    s = ref.state
    if s.scored_tribunals < ref.profile.tribunals:
        ref.error("R7", "a winner is named before the Grand Tribunal", event.pos)
        return
    named = {ref.player(w, "R7") for w in event.names}
    actual = set(winners(ref))
    if named != actual:
        ref.error("R7", f"the winner is {', '.join(sorted(actual))}, not {', '.join(sorted(n for n in named if n))}",
                  event.pos, "equal totals share the win")
