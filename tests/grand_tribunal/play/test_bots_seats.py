"""Bots per seat, restricted play and the search bot: seats rotate, logs name them, the search never peeks."""

from __future__ import annotations

import json
import random
import re

import pytest

from gtcli.grand_tribunal.play import mcts
from gtcli.grand_tribunal.play.seating import parse_bots, seat_bots, seated
from gtcli.grand_tribunal.play.bots import sample_board
from gtcli.grand_tribunal.play.simulation import Study, card_set_of, game_seed, log_text, play_game, tags
from gtcli.grand_tribunal.rules.state import HAND
from tests.conftest import run

NAMES = ("Ana", "Ben", "Caro", "Dora")


def test_the_bots_list_rotates_one_seat_per_game():
    assert seat_bots("mcts,greedy,greedy,greedy", NAMES, 0) == ("mcts", "greedy", "greedy", "greedy")
    assert seat_bots("mcts,greedy,greedy,greedy", NAMES, 1) == ("greedy", "greedy", "greedy", "mcts")
    assert seat_bots("mcts,greedy,greedy,greedy", NAMES, 3) == ("greedy", "mcts", "greedy", "greedy")
    assert seat_bots("greedy", NAMES, 5) == ("greedy",) * 4
    assert seat_bots("mcts,random", NAMES[:3], 0) == ("mcts", "random", "mcts")  # a short list repeats
    with pytest.raises(ValueError, match="'chess' is not a bot"):
        parse_bots("greedy,chess")
    with pytest.raises(ValueError, match="at most 5 bots"):
        parse_bots(",".join(["greedy"] * 6))


def test_per_seat_bots_of_one_kind_play_the_same_game_as_one_bot():
    """The seats' own bots, all greedy, one forbidden a card the set lacks: the very game one greedy bot plays."""
    study = Study((4,), "greedy", 11)
    card_set = card_set_of(study)
    for index in range(2):
        bot = seated(("greedy",) * 4, card_set, NAMES, game_seed(11, index), sample_board(),
                     forbidden={"Ana": frozenset({"No Such Card"})})
        assert len({id(b) for b in bot.table.seats.values()}) == 4  # four bots, one table
        log = bot.play(tags(study, index))
        assert log_text(study, log, card_set) == play_game(study, index).text


def test_simulate_with_a_bot_per_seat_names_them_in_each_log_and_summary(tmp_path):
    out = tmp_path / "study"
    result = run("simulate", "--games", "4", "--bots", "mcts,greedy,greedy,greedy", "--budget", "2",
                 "--seed", "4", "-o", out, "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    events = [re.search(r'\[Event "(.*)"\]', p.read_text()).group(1) for p in sorted(out.glob("*.gtl"))]
    assert events[0] == "Simulated game 1 (bots Ana=mcts, Ben=greedy, Caro=greedy, Dora=greedy, budget 2; seed 4)"
    assert events[1] == "Simulated game 2 (bots Ana=greedy, Ben=greedy, Caro=greedy, Dora=mcts, budget 2; seed 4)"
    checked = run("check", out, "--json")
    assert checked.exit_code == 0, checked.output  # every log legal
    assert json.loads((out / "study.json").read_text())["bot"] == "mcts,greedy,greedy,greedy"
    stats = tmp_path / "stats"
    result = run("simulate", "--games", "2", "--bots", "random,greedy,greedy", "--players", "3", "--stats-only",
                 "-o", stats, "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    lines = [json.loads(line)["summary"] for line in (stats / "games.jsonl").read_text().splitlines()]
    assert lines[0]["bots"] == {"Ana": "random", "Ben": "greedy", "Caro": "greedy"}
    assert lines[1]["bots"] == {"Ana": "greedy", "Ben": "greedy", "Caro": "random"}


def test_a_bad_bot_name_is_a_usage_error():
    result = run("simulate", "--games", "1", "--bots", "greedy,grandmaster")
    assert result.exit_code == 2 and "'grandmaster' is not a bot" in result.output


def test_the_search_bot_is_the_same_game_whatever_jobs(tmp_path):
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}"
        result = run("simulate", "--games", "3", "--bots", "mcts,random,random", "--players", "3", "--budget", "3",
                     "--stats-only", "-o", out, "-j", jobs, "-q")
        assert result.exit_code == 0, result.output
        outs.append((out / "games.jsonl").read_text())
    assert outs[0] == outs[1]
    study = Study((3,), "mcts,random,random", 0, budget=3)
    assert play_game(study, 1).text == play_game(study, 1).text


def test_determinizing_never_reads_a_hidden_card():
    """Two positions that differ only in a rival's hidden hand give the same determinized position."""
    study = Study((3,), "greedy", 2)
    card_set = card_set_of(study)
    positions = []
    for swap in (False, True):
        bot = seated(("greedy",) * 3, card_set, NAMES[:3], 99)
        bot.setup()
        state = bot.state
        ben = [c for c in state.cards_of("Ben", HAND) if c.deck == "item"][0]
        if swap:  # Ben holds another Item than he really does: one Ana has not seen either
            seen = {c.name for c in state.cards.values() if c.owner in ("Ana", None)}
            other = next(c.name for c in bot.deck_cards["item"] if c.name not in seen and c.name != ben.name)
            state.set_name(ben, other)
        mcts.determinize(state, "Ana", bot.deck_cards, random.Random(5))
        positions.append(sorted((c.id, c.name) for c in state.cards.values()))
    assert positions[0] == positions[1]


def test_the_heuristic_prefers_the_leader_and_the_winner():
    study = Study((3,), "greedy", 2)
    bot = seated(("greedy",) * 3, card_set_of(study), NAMES[:3], 1)
    bot.setup()
    state = bot.state
    state.totals.update({"Ana": 20, "Ben": 5, "Caro": 5})
    assert mcts.evaluate(state, "Ana", NAMES[:3], over=False) > 0.9
    assert mcts.evaluate(state, "Ben", NAMES[:3], over=False) < 0.1
    assert mcts.evaluate(state, "Ana", NAMES[:3], over=True) >= 0.7
    assert mcts.evaluate(state, "Ben", NAMES[:3], over=True) <= 0.3


def test_the_search_bot_searches_and_its_default_budget_is_the_options():
    from gtcli.cli.commands.simulate import DEFAULT_BUDGET

    assert DEFAULT_BUDGET == mcts.DEFAULT_BUDGET
    study = Study((4,), "mcts,greedy,greedy,greedy", 0, logs=False, budget=2)
    bot = seated(("mcts", "greedy", "greedy", "greedy"), card_set_of(study), NAMES, 7, budget=2)
    bot.play(())
    searcher = bot.table.seats["Ana"]
    assert searcher.decisions > 5 and searcher.iterations == 2 * searcher.decisions
    assert not [d for d in bot.ref.diagnostics if d.severity == "error"]


def test_search_bots_per_seat_play_the_same_game_as_one_search_bot():
    """So a pair of restricted play with the search bot differs only where the forbidden card mattered."""
    study = Study((3,), "mcts", 6, budget=2)
    card_set = card_set_of(study)
    bot = seated(("mcts",) * 3, card_set, NAMES[:3], game_seed(6, 0), sample_board(),
                 forbidden={"Ben": frozenset({"No Such Card"})}, budget=2)
    assert log_text(study, bot.play(tags(study, 0)), card_set) == play_game(study, 0).text
