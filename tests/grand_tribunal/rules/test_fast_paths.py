"""The referee's fast paths against the slow paths they shortcut (goal 2 of the performance work).

Each fast path answers without a step the slow path takes (a card looked up a second time, a
hand limit worked out, a card made unnamed and then named, the walk's watch for ``--at`` and
``gt play``): the reference versions below are the functions as they were before, and every
log of the scenarios and some simulated games is replayed both ways, with every option that
changes the walk, comparing every finding (with its position) and the whole table.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gtcli.grand_tribunal.lang.logs import check
from gtcli.grand_tribunal.rules import replay
from gtcli.grand_tribunal.rules import effects_run
from gtcli.grand_tribunal.rules.actions import cards, draws, moves, sanctum, setup
from gtcli.grand_tribunal.rules.actions.cards import find, find_quietly, name_card
from gtcli.grand_tribunal.rules.card_index import CardIndex, CardInPlay
from gtcli.grand_tribunal.rules.state import HAND, INSTALLED, SANCTUM

ROOT = Path(__file__).resolve().parents[3]
LOGS = sorted((ROOT / "scenarios").rglob("*.gtl"))


def reference_to_sanctum(ref, player, m):
    for cref in m.cards:
        in_hand = find_quietly(ref, cref, (HAND,), player)
        mine = find_quietly(ref, cref, (SANCTUM, INSTALLED), player)
        if (in_hand is None or in_hand.owner != player) and mine is not None and mine.owner == player:
            ref.error("T3", f"{mine.label()} is already in {player}'s Sanctum; cards never go back to the hand",
                      cref.pos)
            continue
        card = find(ref, player, cref, (HAND,), "putting it into the Sanctum")
        if card is not None:
            card.zone, card.face_up = SANCTUM, False


def reference_new_card(ref, deck, cref, owner, zone, face_up=False, count_copies=True, wrong_deck="K1"):
    s = ref.state
    if cref.handle and cref.handle in s.handles:
        ref.error("K4", f"the handle {cref.handle} is already used for another card", cref.pos,
                  "give each unknown card its own handle")
    card = s.new_card(deck, None, cref.handle, owner, zone, face_up)
    if cref.name:
        name_card(ref, card, cref.name, cref.pos, count_copies, wrong_deck)
    return card


def reference_end_turn(self, pos):
    s = self.state
    turn = s.turn
    if turn is None:
        return
    s.turn = None
    pos = turn.pos or pos
    if turn.owes_praeco_votes(s.praeco) and not turn.praeco_late:
        self.error("P3", f"{turn.player} was Praeco but placed no Voting tokens", pos,
                   "the Praeco's turn starts with: praeco SPACE, SPACE, SPACE")
    n = len(s.index.at.get((turn.player, HAND), ()))
    limit = s.hand_limit(turn.player)
    if n > limit:
        self.error("T4", f"{turn.player} ends the turn with {n} cards in hand; the limit is {limit}", pos,
                   "discard down to the limit before the turn ends")
    if turn.used < 2:
        self.warn("T6", f"{turn.player} used {turn.used} of 2 action slots", pos)


def reference_activate(ref, player, m):
    """sanctum.activate with the card always looked up by find(), as before."""
    if m.player is not None:
        player = ref.player(m.player, "T5")
        if player is None:
            return
    others = find_quietly(ref, m.card, (SANCTUM,), player)
    if others is not None and others.owner not in (player, None):
        ref.error("T5", f"{others.label()} belongs to {others.owner}: a card is made active by its owner "
                  "(at any moment, but not by another player)", m.card.pos,
                  f"record it as: activate {others.owner} {m.card.label()}")
        return
    card = find(ref, player, m.card, (SANCTUM,), "activating", prefer=lambda c: not c.active)
    if card is not None:
        sanctum.turn_active(ref, card, m)


def _observe(path: Path, **options) -> str:
    try:
        checked = check.check_file(str(path), check.Options(**options))
    except Exception as exc:  # noqa: BLE001 - an unusable log is answered the same either way
        return f"{type(exc).__name__}: {exc}"
    result, s = checked.result, checked.result.state
    lines = [f"{d.code} {d.severity} {d.path}:{d.line}:{d.col} {d.message} | {d.hint}" for d in result.diagnostics]
    lines.append(json.dumps(s.snapshot(), sort_keys=True, default=str))
    lines.append(repr((result.complete, result.winners, result.stopped_at, result.ahead, s.results, s.totals,
                       s.regio, s.next_id, sorted((k, repr(v)) for k, v in s.cards.items()),
                       sorted(s.index.at.items(), key=repr), sorted(s.index.live.items()),
                       sorted(s.index.hosted.items()), s.index.vis_on_cards)))
    return "\n".join(lines)


_SETUP = """[Players "Ana, Ben, Caro"]
[Cards "sample"]
[Board "sample"]

setup
  hand Ana "Storm Staff", "Kindle", "Kindle", "Ember Wand", "Call the Gale"
  hand Ben "Glass Orb", "Fog Bank", "Levy", "Hearthsong", "Mending Light"
  hand Caro "Bottled Dawn", "Hearthsong", "Debt Collector", "Ashwood Staff", "Sigil of Haste"
  row item "Orb of Tides", "Iron Amulet", "Codex Fragment"
  row spell "Rune of Binding", "Leaden Dream", "Time Unspooled"
  praeco Ana

tribunal 1
round 1 praeco Ana
"""
# Cards of one name in several places: the fast paths must take the card the slow ones took.
SAME_NAMES = {
    # a second Kindle after both are in the Sanctum (T3); Hearthsong from the hand of the wrong player
    "same-names-1.gtl": _SETUP + 'Ana: praeco staff, orb, wand; sanctum "Kindle", "Kindle"; extract 1; '
                                 'sanctum "Kindle", "Hearthsong"; vote staff\n'
                                 'Ben: sanctum "Hearthsong"; extract 1; vote orb\n',
    # the first Kindle active, the second not: activating "Kindle" means the second
    "same-names-2.gtl": _SETUP + 'Ana: praeco staff, orb, wand; sanctum "Kindle", "Kindle"; advance "Kindle" 2; '
                                 'activate "Kindle"; advance "Kindle" 2; activate "Kindle"; activate "Kindle"\n',
}

def _lowered_limit(folder: Path) -> Path:
    """A log whose set has a card that lowers the hand limit (no shipped set has one): end_turn
    must work the limit out, and T4 is broken with 4 cards in hand."""
    cards = ROOT / "cards"
    (folder / "lowered.gtc").write_text((cards / "sample.gtc").read_text(encoding="utf-8").replace(
        '"sample-resources.gtc"', '"lowered-resources.gtc"'), encoding="utf-8")
    (folder / "lowered-resources.gtc").write_text((cards / "sample-resources.gtc").read_text(encoding="utf-8").replace(
        "while in vault: hand limit +1", "while in vault: hand limit -2"), encoding="utf-8")
    log = folder / "lowered-limit.gtl"
    log.write_text(_SETUP.replace('[Cards "sample"]', '[Cards "lowered.gtc"]').replace(
        '"Call the Gale"', '"Festival Day"') + 'Ana: praeco staff, orb, wand; sanctum "Festival Day"; extract 1; '
                                               'vote staff\nBen: extract 1; vote orb\n', encoding="utf-8")
    return log


def test_a_set_that_lowers_the_hand_limit_is_checked(tmp_path):
    from gtcli.grand_tribunal.lang.cards.sets import load_set

    log = _lowered_limit(tmp_path)
    assert load_set(tmp_path / "lowered.gtc").lowers_hand_limit
    assert not load_set(ROOT / "cards" / "sample.gtc").lowers_hand_limit
    found = [(d.code, d.message) for d in check.check_file(str(log), check.Options()).result.diagnostics]
    assert ("T4", "Ana ends the turn with 4 cards in hand; the limit is 3") in found


OPTIONS = [{}, {"first": True}, {"strict": True}, {"live": True}, {"until_line": 25}]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """Every log replayed by the reference versions, once."""
    folder = tmp_path_factory.mktemp("games")
    from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in
    from gtcli.grand_tribunal.lang.logs.format import format_log
    from gtcli.grand_tribunal.play.simulation import random_game
    from gtcli.grand_tribunal.shipped import cards_dir

    sample = cards_dir() / "sample.gtc"
    card_set = load_set(sample)
    games = []
    for seed in range(4):
        path = folder / f"game-{seed}.gtl"
        log = random_game(card_set, 3 + seed % 3, seed)
        path.write_text(format_log(log, "en", card_set.vocabulary, names_in(card_set, sample, "en")), encoding="utf-8")
        games.append(path)
    for name, text in SAME_NAMES.items():
        (folder / name).write_text(text, encoding="utf-8")
        games.append(folder / name)
    games.append(_lowered_limit(folder))
    logs = LOGS + games
    mp = pytest.MonkeyPatch()
    mp.setitem(moves.MOVES, moves.L.ToSanctum, reference_to_sanctum)
    for module in (cards, draws, setup, effects_run):
        mp.setattr(module, "new_card", reference_new_card)
    mp.setattr(replay.Referee, "end_turn", reference_end_turn)
    mp.setattr(replay.Referee, "take_all", _general_walk)
    mp.setitem(moves.MOVES, moves.L.Activate, reference_activate)
    mp.setattr(replay, "activate", reference_activate)
    try:
        answers = {(path, i): _observe(path, **o) for path in logs for i, o in enumerate(OPTIONS)}
    finally:
        mp.undo()
    return logs, answers


_take_all = replay.Referee.take_all


def _general_walk(self, events, before=None):
    """take_all always through its general loop (the one that watches for --at and gt play)."""
    until = self.until_line
    if until is None:
        self.until_line = 10 ** 9
    try:
        _take_all(self, events, before)
    finally:
        self.until_line = until


def test_the_fast_paths_answer_as_the_slow_ones(reference):
    logs, answers = reference
    assert len(logs) > 60
    for path in logs:
        for i, options in enumerate(OPTIONS):
            assert _observe(path, **options) == answers[path, i], (path.name, options)


_ZONES = st.sampled_from(["hand", "sanctum", "installed", "row", "discard", "gone"])
_CARDS = st.lists(st.tuples(st.sampled_from([None, "Ana", "Ben"]), _ZONES, st.integers(0, 3),
                            st.sampled_from([None, 1, 2]), st.sampled_from([None, "Kindle", "Levy"])),
                  min_size=1, max_size=8)


@given(_CARDS, st.data())
def test_move_to_refiles_a_card_as_its_two_changes_do(specs, data):
    """CardInPlay.move_to (one refiling) against setting the zone, then the owner."""
    def table():
        index = CardIndex()
        cards = [CardInPlay(n, "spell", name, None, owner, zone, vis, host=host)
                 for n, (owner, zone, vis, host, name) in enumerate(specs, 1)]
        for card in cards:
            index.add(card)
        return index, cards

    pick = data.draw(st.integers(0, len(specs) - 1))
    zone, owner = data.draw(_ZONES), data.draw(st.sampled_from([None, "Ana", "Ben"]))
    fast, fast_cards = table()
    fast_cards[pick].move_to(zone, owner)
    slow, slow_cards = table()
    slow_cards[pick].zone, slow_cards[pick].owner = zone, owner
    assert fast_cards == slow_cards
    assert (fast.at, fast.hosted, fast.live, fast.gone, fast.vis_on_cards) == \
        (slow.at, slow.hosted, slow.live, slow.gone, slow.vis_on_cards)
