"""``gt play`` replays only what each answer adds; it must never drift from ``gt check``.

After every line typed (moves, ``end``, scores confirmed, refused moves, undo), the
session's log, diagnostics, replay result and whole game state are compared with a full
check of the file as it is on disk, positions included. The card index the interpreter
keeps as cards move is compared with one built afresh from the cards.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.grand_tribunal.lang.logs.check import Options, check_file, read_header
from gtcli.grand_tribunal.play.script import answer, typed_lines
from gtcli.grand_tribunal.play.session import PlaySession
from gtcli.grand_tribunal.rules.state import CardIndex, GameState
from tests.conftest import SCENARIOS

GAMES = SCENARIOS / "games"
_CACHES = {"definitions", "index"}  # filled as cards are looked up: not part of the game


def _state(state: GameState) -> dict:
    return {f.name: getattr(state, f.name) for f in fields(GameState) if f.name not in _CACHES}


def _index(index: CardIndex) -> tuple:
    keys = lambda d: {k: sorted(v) for k, v in d.items()}  # noqa: E731 - card ids in each entry
    return keys(index.at), keys(index.hosted), keys(index.live), keys(index.gone), index.vis_on_cards


def _index_afresh(state: GameState) -> tuple:
    index = CardIndex()
    for card in state.cards.values():
        index.add(card.detached())
    return _index(index)


def _same_as_a_full_check(session: PlaySession, closing: bool = True) -> None:
    text = Path(session.path).read_text(encoding="utf-8")
    assert session.text == text
    full = check_file(session.path, replace(session.options, live=True), text)
    mine = session.checked
    assert repr(mine.log) == repr(full.log)  # every event and position
    assert mine.result.diagnostics == full.result.diagnostics
    assert (mine.result.complete, mine.result.winners, mine.result.ahead) == \
           (full.result.complete, full.result.winners, full.result.ahead)
    assert _state(mine.result.state) == _state(full.result.state)
    for name in ("unverified", "opened_tribunal", "after_the_end"):
        assert getattr(mine.referee, name) == getattr(full.referee, name)
    assert _index(mine.result.state.index) == _index_afresh(mine.result.state)
    if not closing:
        return
    closed = session.closed()  # what `end` and the scores shown before writing them use
    whole = check_file(session.path, replace(session.options, live=False), text).result
    assert closed.diagnostics == whole.diagnostics
    assert (closed.complete, closed.winners) == (whole.complete, whole.winners)
    assert _state(closed.state) == _state(whole.state)


def _new_session(folder: Path, game: Path) -> tuple[PlaySession, list[str]]:
    log, lines = typed_lines(game)
    header, _ = read_header(log)
    path = str(folder / "live.gtl")
    variants = tuple(v.strip() for v in header.variants.split(",") if v.strip())
    session = PlaySession.create(path, header.players, Options(header.cards, header.board, header.profile),
                                 log.language, variants, event=header.other.get("event"), rng=random.Random(1))
    return session, lines


@pytest.mark.parametrize("name", ["cinco-jugadores", "variant-x3", "variant-x5"])
def test_every_answer_of_a_shipped_game_equals_a_full_check(tmp_path, name):
    game = GAMES / f"{name}.gtl"
    session, lines = _new_session(tmp_path, game)
    for n, line in enumerate(lines):
        assert answer(session, line).accepted, line
        _same_as_a_full_check(session, closing=lines[min(n + 1, len(lines) - 1)] in ("end", "y"))
    assert Path(session.path).read_text(encoding="utf-8") == game.read_text(encoding="utf-8")


WRONG = ["vote nowhere", 'advance "Kindle" 9', "extract 7", 'cast "Fog Bank" from "Glass Orb"', "pass",
         'draw item face-up "No Such Card"', "gather uncontested 9:9", "undo", "end", "y", "vis +3 from regio",
         'sanctum "Kindle"', "Ben: vote staff", 'play "Levy" with $who=Ana']


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.data())
def test_stray_lines_and_undos_keep_the_session_equal_to_a_full_check(tmp_path_factory, data):
    """Lines a scorekeeper gets wrong (refused, or accepted with a finding) and undos, mid-game."""
    folder = tmp_path_factory.mktemp("play")
    session, lines = _new_session(folder, GAMES / "three-players.gtl")
    stop = data.draw(st.integers(20, len(lines)))
    for n, line in enumerate(lines[:stop]):
        if data.draw(st.integers(0, 9)) == 0:
            stray = data.draw(st.sampled_from(WRONG))
            answer(session, stray)
            _same_as_a_full_check(session)
        answer(session, line)
    _same_as_a_full_check(session)
