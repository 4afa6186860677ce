"""A refused move at `gt play` costs what an accepted one costs, and memory stays flat over
many answers (issue 20). On a log longer than the token budget in characters (a near-2 MB
log), every answer used to parse and replay the whole log again (1.2-1.8 s); now only the
token count of what the answer adds is counted. No timing here: the tests count full
checks and measure memory with tracemalloc (the times are in benchmarks/bench_play.py)."""

from __future__ import annotations

import gc
import shutil
import tracemalloc

import pytest

from gtcli.grand_tribunal.lang import syntax
from gtcli.grand_tribunal.lang.syntax import count_tokens
from gtcli.grand_tribunal.play.script import answer
from gtcli.grand_tribunal.play.session import PlaySession
from tests.conftest import SCENARIOS

PLAYING = SCENARIOS / "play" / "first-turns.gtl"  # Ben's turn is open, Caro's next
REFUSED = ["Caro: vote nothing", "Caro: draw item face-up \"Nope\"", "Caro: gather contested 9 roll 3",
           "Dora: vote orb"]


@pytest.fixture
def long_log(tmp_path, monkeypatch):
    """The game, with a token budget just above what it holds: more characters than the budget,
    as a near-2 MB log has, so every answer takes the long-log path."""
    log = tmp_path / "g.gtl"
    shutil.copy(PLAYING, log)
    tokens = count_tokens(PLAYING.read_text(encoding="utf-8"))
    monkeypatch.setitem(syntax.MAX_TOKENS, "transcript", tokens + 40)
    assert len(PLAYING.read_text(encoding="utf-8")) > tokens + 40
    return log


def _full_checks(session: PlaySession, monkeypatch) -> list[str]:
    calls: list[str] = []
    whole = session._check

    def counted(text, live=True):
        calls.append(text)
        return whole(text, live)

    monkeypatch.setattr(session, "_check", counted)
    return calls


def test_a_refused_move_does_not_check_the_whole_log_again(long_log, monkeypatch):
    session = PlaySession(str(long_log))
    calls = _full_checks(session, monkeypatch)
    for line in REFUSED * 5:
        assert not answer(session, line).accepted
    assert calls == []
    assert answer(session, "Caro: vote orb").accepted and calls == []  # nor does an accepted one


def test_the_token_budget_still_holds_counted_from_the_tail(long_log, monkeypatch):
    session = PlaySession(str(long_log))
    assert answer(session, "Caro: vote orb").accepted  # 4 tokens more: within the budget
    assert answer(session, "end").accepted  # writes the blank line that ends Caro's turn
    before = long_log.read_bytes()
    reply = answer(session, "Ana: vote staff; " + "; ".join(["praeco staff, orb, wand"] * 6))
    assert not reply.accepted and [d.code for d in reply.diagnostics] == ["SYN005"]  # as a full check says
    assert long_log.read_bytes() == before


def test_memory_stays_flat_over_many_answers(long_log):
    session = PlaySession(str(long_log))
    for line in REFUSED:  # caches filled once (names, messages)
        answer(session, line)
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for n in range(300):
            answer(session, REFUSED[n % len(REFUSED)])
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert grown < 256 * 1024, grown  # a few caches, not a copy of the game per answer
