"""A scoresheet's rounds come from one replay of the log (issue 38, point 12: a club site of
10,000 games replayed each game once per round, 13 replays a game). The table noted at each
round's end must be the very table a replay stopped at that line gives, as it was computed
before: one ``check_file`` per round, stopped with ``until_line``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gtcli.grand_tribunal.lang.logs.check import Options, check_file
from gtcli.grand_tribunal.lang.logs.report import round_ends, round_points
from gtcli.grand_tribunal.scoresheet import RoundPoint

ROOT = Path(__file__).resolve().parents[3]
LOGS = sorted((ROOT / "scenarios" / "games").glob("*.gtl")) + sorted((ROOT / "scenarios" / "play").glob("*.gtl"))


def one_replay_per_round(checked, options, until_line=None):
    """The earlier way, kept here as the reference: every round's end a replay of its own."""
    points = []
    for end in round_ends(checked, until_line):
        state = check_file(checked.log.path or "", replace(options, until_line=end, live=True, first=False),
                           checked.text).result.state
        points.append(RoundPoint(state.tribunal, state.round, {p: state.players[p].vis for p in state.seats},
                                 {space: n for space, n in state.track.items() if n}))
    return points


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_one_replay_notes_the_table_a_replay_stopped_at_each_round_gives(log):
    text = log.read_text(encoding="utf-8")
    options = Options()
    checked = check_file(str(log), options, text)
    ends = round_ends(checked)
    assert ends, "a game with rounds"
    assert round_points(checked, options) == one_replay_per_round(checked, options)
    # and a scoresheet cut short (gt replay --until): the same at every cut
    lines = text.count("\n") + 1
    for until in (lines // 3, lines // 2, (2 * lines) // 3):
        assert round_points(checked, options, until) == one_replay_per_round(checked, options, until), until
