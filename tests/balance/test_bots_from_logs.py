"""The seats' bots read from the logs' [Event] tag: a study of logs reads as the same study with --stats-only."""

from __future__ import annotations

import json

import pytest

from gtcli.balance.bots import bots_from_event
from tests.conftest import run

BOTS = "greedy,random,random"


@pytest.fixture(scope="module")
def studies(tmp_path_factory):
    """The same 30 games of cheap bots, once as logs and once as games.jsonl."""
    root = tmp_path_factory.mktemp("studies")
    for name, extra in (("logs", ()), ("stats", ("--stats-only",))):
        result = run("simulate", "--bots", BOTS, "--players", "3", "--games", "30", "--seed", "4", "-j", "1", "-q",
                     "-o", root / name, *extra)
        assert result.exit_code == 0, result.output
    return root / "logs", root / "stats"


def test_a_study_of_logs_reads_as_the_same_study_with_stats_only(studies):
    logs, stats = studies
    from_logs = json.loads(run("balance", logs, "--json", "-j", "1").stdout)
    from_stats = json.loads(run("balance", stats, "--json", "-j", "1").stdout)
    assert from_logs["report"] == from_stats["report"]
    by_bot = from_logs["report"]["bots"]
    assert {b["bot"] for b in by_bot["bots"]} == {"greedy", "random"} and by_bot["games"] == 30
    assert all(set(r["tiers"]) == {"greedy", "random"} for r in from_logs["report"]["cards"])
    text = run("balance", logs).stdout
    assert "Wins per bot" in text and "in the hands of the greedy bot" in text and "without bots" not in text


def test_an_edited_event_tag_is_a_game_without_bots_and_said_so(studies, tmp_path):
    import shutil

    logs, _ = studies
    copy = tmp_path / "study"
    shutil.copytree(logs, copy)
    first = copy / "game-000001.gtl"
    text = first.read_text(encoding="utf-8")
    assert '(bots Ana=greedy, Ben=random, Caro=random; seed 4)' in text
    first.write_text(text.replace("Ben=random", "Ben=Ben himself"), encoding="utf-8")  # a person's edit
    second = copy / "game-000002.gtl"
    second.write_text(second.read_text(encoding="utf-8").replace("Simulated game 2 (bots", "Club night (with"),
                      encoding="utf-8")
    report = json.loads(run("balance", copy, "--json", "-j", "1").stdout)["report"]
    assert report["games"] == 30 and report["bots"]["games"] == 28 and report["bots"]["games_without_bots"] == 2
    out = run("balance", copy).stdout
    assert "2 game(s) without bots" in " ".join(out.split())
    assert {b["bot"] for b in report["bots"]["bots"]} == {"greedy", "random"}


@pytest.mark.parametrize("event, players, bots", [
    ("Simulated game 3 (bots Ana=mcts, Ben=greedy, Caro=greedy, Dora=greedy, budget 128; seed 0)",
     ["Ana", "Ben", "Caro", "Dora"], ["mcts", "greedy", "greedy", "greedy"]),
    ("Simulated game 12 (bot greedy, seed 7)", ["Ana", "Ben", "Caro"], ["greedy"] * 3),
    ("Simulated game 1 (bot mcts, budget 16, seed 0)", ["Ana", "Ben"], ["mcts", "mcts"]),
    ("Simulated game 3 (bots Ana=mcts, Ben=greedy; seed 0)", ["Ana", "Ben", "Caro"], None),  # a seat not named
    ("Simulated game 3 (bots Ben=greedy, Ana=mcts; seed 0)", ["Ana", "Ben"], None),  # not in the seats' order
    ("Simulated game 3 (bots Ana=Grand Master, Ben=greedy; seed 0)", ["Ana", "Ben"], None),  # not a bot's name
    ("Tuesday at the club", ["Ana", "Ben"], None),
    ("Simulated game 3 (bot greedy, seed 0) and then some", ["Ana", "Ben"], None),
])
def test_bots_from_the_event_tag(event, players, bots):
    assert bots_from_event([("Event", event)], players) == bots
    assert bots_from_event([("Evento", event)], players) == bots  # the tag's Spanish and Italian name
    assert bots_from_event([("Players", "x")], players) is None  # no [Event]: no bots
