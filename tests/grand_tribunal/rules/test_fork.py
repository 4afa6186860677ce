"""``Referee.fork()`` shares the table with its copy (copy on write): neither may ever see the
other's moves. The property: at any point of a shipped game, a fork and its parent each go on
with the log's next events (either one, both, or a fork of the fork), and the other's table,
findings and card index are exactly what they were at the fork."""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.grand_tribunal.lang.logs.check import Options, check_file
from gtcli.grand_tribunal.rules.actions.setup import setup
from gtcli.grand_tribunal.rules.replay import Referee, StopReplay
from gtcli.grand_tribunal.rules.state import _COPIED_ON_READ, CardIndex, GameState, SharedCardChanged, SharingState, _CopiedOnRead
from tests.conftest import SCENARIOS

GAMES = ("five-players", "variant-x3", "printed-fr-five")
_CHECKED = {}


def _checked(name: str):
    if name not in _CHECKED:
        _CHECKED[name] = check_file(str(SCENARIOS / "games" / f"{name}.gtl"), Options())
    return _CHECKED[name]


def _referee_at(name: str, events: int) -> tuple[Referee, tuple]:
    """A referee that has taken the setup and the first ``events`` events; and the rest."""
    checked = _checked(name)
    done = checked.referee
    ref = Referee(checked.log, checked.card_set, done.profile, done.seats, done.board, done.variants)
    setup(ref, checked.log.setup)
    all_events = checked.log.events
    for event in all_events[:events]:
        ref.take(event)
    return ref, all_events[events:]


def _index(index: CardIndex) -> tuple:
    keys = lambda d: {k: tuple(v) for k, v in d.items()}  # noqa: E731
    return keys(index.at), keys(index.hosted), keys(index.live), keys(index.gone), index.vis_on_cards


def _picture(ref: Referee) -> tuple:
    """Everything the referee knows, as plain values (the cards by value, field by field)."""
    state = ref.state
    table = {f.name: repr(getattr(state, f.name)) for f in fields(GameState) if f.name not in ("definitions", "index")}
    return (table, _index(state.index), state.snapshot(), state.regio, repr(ref.diagnostics), sorted(ref.unverified),
            ref.opened_tribunal, ref.after_the_end)


def _go_on(ref: Referee, events: tuple) -> None:
    try:
        for event in events:
            ref.take(event)
        ref.finish()
    except StopReplay:
        pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), at=st.integers(0, 200), steps=st.integers(1, 40),
       who=st.sampled_from(["fork", "parent", "both", "fork of fork"]))
def test_a_fork_and_its_parent_never_see_each_others_moves(game, at, steps, who):
    ref, rest = _referee_at(game, at)
    before = _picture(ref)  # reads every container: the fork below shares what the parent owned
    fork = ref.fork()
    assert _picture(fork) == before
    assert fork.state == ref.state and ref.state == fork.state
    if who == "fork":
        _go_on(fork, rest[:steps])
        assert _picture(ref) == before
    elif who == "parent":
        again = ref.fork()  # the parent forked again after its first fork, and then moves
        _go_on(ref, rest[:steps])
        assert _picture(fork) == before
        assert _picture(again) == before
    elif who == "both":
        _go_on(fork, rest[:steps])
        after_fork = _picture(fork)
        _go_on(ref, rest[:steps // 2])
        assert _picture(fork) == after_fork
        fork_again = fork.fork()
        _go_on(fork_again, rest[steps:steps + 5])
        assert _picture(fork) == after_fork
    else:
        grandchild = fork.fork()
        _go_on(grandchild, rest[:steps])
        assert _picture(fork) == before
        assert _picture(ref) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_forked_game_played_to_the_end_equals_a_full_check(game):
    """Forking at every event and going on with the fork gives what a plain replay gives."""
    checked = _checked(game)
    ref, rest = _referee_at(game, 0)
    for event in rest:
        ref = ref.fork()
        ref.take(event)
    result = ref.finish()
    assert repr(result.diagnostics) == repr(checked.result.diagnostics)
    assert _picture(ref)[:4] == _picture(checked.referee)[:4]


def test_a_card_still_shared_refuses_a_change():
    ref, _ = _referee_at("five-players", 30)
    card = next(iter(ref.state.cards.values()))
    ref.fork()  # the card is now shared by both: only a lookup through a state gives one to change
    with pytest.raises(SharedCardChanged):
        card.vis += 1
    mine = ref.state.cards[card.id]
    mine.vis += 1
    assert mine is not card and mine.vis == card.vis + 1


def test_every_container_copied_on_read_is_read_through_its_descriptor():
    """A dataclass default in its place would be read instead, shared by every state."""
    for name in _COPIED_ON_READ:
        assert isinstance(SharingState.__dict__[name], _CopiedOnRead), name
        assert name not in GameState.__dict__, name  # a state never copied reads plain attributes
