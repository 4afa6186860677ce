"""Hypothesis properties of Trickerion's rules and files."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.trickerion.reports import final_json
from gtcli.trickerion.rules.amounts import Amounts
from gtcli.trickerion.rules.initiative import next_order
from gtcli.trickerion.rules.performance import Performance, Trick, payouts
from gtcli.trickerion.rules.scoring import Standing, final_scoring
from tests.conftest import SCENARIOS, mutate_lines, run, run_json

NAMES = ["Ana", "Ben", "Caro", "Dan"]
DAYS = ["thursday", "friday", "saturday", "sunday"]
small = st.integers(0, 12)

standings = st.lists(
    st.builds(Standing, name=st.just(""), fame=st.integers(0, 80), coins=st.integers(0, 40), shards=small,
              apprentices=st.integers(0, 7), specialists=st.integers(0, 3)),
    min_size=2, max_size=4,
).map(lambda rows: [Standing(NAMES[n], r.fame, r.coins, r.shards, r.apprentices, r.specialists)
                    for n, r in enumerate(rows)])


@given(standings, st.randoms(use_true_random=False))
def test_final_ranking_ignores_the_listing_order_but_follows_initiative(rows, rnd):
    initiative = [r.name for r in rows]
    rnd.shuffle(initiative)
    listed = list(rows)
    rnd.shuffle(listed)
    result = final_scoring(rows, initiative)
    assert final_json(final_scoring(listed, initiative)) == final_json(result)
    fames = [p.fame for p in result.players]
    assert fames == sorted(fames, reverse=True) and result.players[0].fame == max(fames)
    for a, b in zip(result.players, result.players[1:]):
        if a.fame == b.fame:
            assert initiative.index(a.name) < initiative.index(b.name)


@settings(max_examples=25, deadline=None)
@given(standings, st.randoms(use_true_random=False))
def test_final_command_ignores_the_listing_order_of_the_file(rows, rnd):
    initiative = [r.name for r in rows]
    rnd.shuffle(initiative)
    outputs = []
    with tempfile.TemporaryDirectory() as folder:
        for attempt in range(2):
            listed = list(rows)
            rnd.shuffle(listed)
            data = {"initiative": initiative, "players": [
                {"name": r.name, "fame": r.fame, "coins": r.coins, "shards": r.shards,
                 "apprentices": r.apprentices, "specialists": r.specialists} for r in listed]}
            path = Path(folder) / f"t{attempt}.toml"
            path.write_text(tomli_w.dumps(data), encoding="utf-8")
            outputs.append(run_json("trickerion", "final", str(path)))
    assert outputs[0] == outputs[1]


tricks = st.builds(Trick, owner=st.sampled_from(NAMES), name=st.just("t"),
                   printed=st.builds(Amounts, small, small, small))
performances = st.builds(
    Performance, day=st.sampled_from(DAYS), performer=st.sampled_from(NAMES),
    tricks=st.lists(tricks, max_size=8).map(tuple), links=st.integers(0, 4),
    bonus=st.builds(Amounts, small, small, small),
    specialists=st.lists(st.sampled_from(["assistant", "manager", "engineer"]), max_size=3).map(tuple),
    theatre=st.lists(st.tuples(st.sampled_from(NAMES), st.lists(st.sampled_from(DAYS), max_size=3).map(tuple)),
                     max_size=4, unique_by=lambda t: t[0]).map(tuple),
)


@given(performances)
def test_payouts_are_never_negative_and_move_by_at_most_one_per_trick(performance):
    paid = payouts(performance)
    assert paid[0].name == performance.performer
    assert sum(len(p.tricks) for p in paid) == len(performance.tricks)
    for p in paid:
        assert min(p.total.fame, p.total.coins, p.total.shards) >= 0
        for t in p.tricks:
            assert t.paid.shards == t.trick.printed.shards
            for got, printed in ((t.paid.fame, t.trick.printed.fame), (t.paid.coins, t.trick.printed.coins)):
                assert got >= 0 and abs(got - printed) <= 1
        if not p.performer:
            assert p.bonuses == Amounts()


@given(st.permutations(NAMES), st.lists(st.integers(0, 5), min_size=4, max_size=4))
def test_initiative_is_a_permutation_by_fame_with_ties_reversed(previous, fames):
    fame = dict(zip(NAMES, fames))
    order = next_order(previous, fame)
    assert sorted(order) == sorted(NAMES)
    assert [fame[n] for n in order] == sorted(fame.values())
    for a, b in zip(order, order[1:]):
        if fame[a] == fame[b]:
            assert previous.index(a) > previous.index(b)


FILES = [(command, path) for command in ("performance", "wages", "initiative", "final")
         for path in sorted((SCENARIOS / "trickerion" / command).glob("*.toml"))]
FRAGMENTS = ['"', "=", "[[", "]", "{", "-3", "99999", "true", "jueves", "fame", "name", "Ana", "tricks",
             "specialists", "[players]", "é", "\\u0000", "theatre = 3", "owner = 1"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(FILES), st.data())
def test_no_damaged_table_file_gives_a_traceback(tmp_path, case, data):
    command, path = case
    lines = mutate_lines(path.read_text(encoding="utf-8"), data, 4, FRAGMENTS)
    target = tmp_path / "t.toml"
    target.write_text("\n".join(lines), encoding="utf-8")
    result = run("trickerion", command, target)  # run() fails the test on any exception
    assert result.exit_code in (0, 1, 2)
    if result.exit_code == 2:
        assert "TRK" in result.stderr or "IO001" in result.stderr


TURNS = sorted((SCENARIOS / "trickerion" / "game" / "four-players").glob("turn*.toml"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_no_damaged_turn_or_session_gives_a_traceback(tmp_path, data):
    session = tmp_path / "game.toml"
    shutil.copy(SCENARIOS / "trickerion" / "errors" / "session.toml", session)
    turn = data.draw(st.sampled_from(TURNS))
    text = turn.read_text(encoding="utf-8").replace("Caro", "Ana").replace("Dan", "Ben")
    target = tmp_path / "turn.toml"
    target.write_text("\n".join(mutate_lines(text, data, 4, FRAGMENTS)), encoding="utf-8")
    result = run("trickerion", "game", "turn", session, target, "--yes")
    assert result.exit_code in (0, 2)
    damaged = mutate_lines(session.read_text(encoding="utf-8"), data, 3, FRAGMENTS)
    session.write_text("\n".join(damaged), encoding="utf-8")
    assert run("trickerion", "game", "show", session).exit_code in (0, 2)
