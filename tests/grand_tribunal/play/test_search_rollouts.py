"""The search bot's rollout policy: never peeks, plays the greedy bot's moves, and the greedy bots play as before."""

from __future__ import annotations

import random

from gtcli.grand_tribunal.play import mcts
from gtcli.grand_tribunal.play.bots import sample_board
from gtcli.grand_tribunal.play.seating import seated
from gtcli.grand_tribunal.play.simulation import Study, card_set_of
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.state import HAND

NAMES = ("Ana", "Ben", "Caro")


def first_turn(seed: int):
    """A three-player search bot at its first action of the game: (bot, player, the rival after it)."""
    bot = seated(("mcts",) * 3, card_set_of(Study((3,), "mcts", 0)), NAMES, seed, sample_board(), budget=2)
    bot.first_praeco = bot.setup().praeco.text
    bot.events.append(L.TribunalStart(1))
    bot.ref.start_tribunal(bot.events[-1])
    bot.ref.start_round(L.RoundStart(1, L.Word(bot.ref.expected_praeco() or bot.first_praeco)))
    player = bot.ref.expected_player()
    bot.ref.play_turn(L.Turn(L.Word(player), ()))
    bot.moves = []
    bot.turn_start, bot.ref = bot.ref, bot.ref.fork()
    bot.open_turn(player)
    return bot, player, next(p for p in NAMES if p != player)


def rollout_values(swap: bool) -> list:
    """Three rollouts of each move of the first action, the rival's hidden Items renamed with ``swap`` (to Items
    the player has not seen either)."""
    bot, player, rival = first_turn(41)
    children = [ref for _, ref in bot.children(player)]
    for ref in children if swap else ():
        state = ref.state
        for hidden in [c for c in state.cards_of(rival, HAND) if c.deck == "item"]:
            taken = {c.name for c in state.cards.values() if c.owner in (player, None) or c.owner == rival}
            other = next(c.name for c in bot.deck_cards["item"] if c.name not in taken)
            state.set_name(hidden, other)
    return [[bot.rollout(player, ref, random.Random(k)) for k in range(3)] for ref in children]


def test_a_rollout_never_reads_a_hidden_card():
    """Two positions that differ only in a rival's hidden Items score the same, move by move, rollout by rollout."""
    values = rollout_values(False)
    assert len(values) > 1 and values == rollout_values(True)


def test_without_determinizing_the_same_rollouts_would_read_it():
    """The test above can fail: with the hidden names left as they are, the swap changes some rollout."""
    real = mcts.determinize
    mcts.determinize = lambda state, player, deck_cards, rng: 0
    try:
        assert rollout_values(False) != rollout_values(True)
    finally:
        mcts.determinize = real


def test_rollouts_play_legal_turns_to_the_tribunals_scoring():
    """Every rollout plays legal turns (the rules find nothing), each with a move, until the Tribunal is scored."""
    bot, player, _ = first_turn(7)
    sim = bot.simulator(player)
    for _, ref in bot.children(player):
        for k in range(2):
            bot.rollout(player, ref, random.Random(k))
            assert not [d for d in sim.ref.diagnostics if d.severity == "error"]
            assert sim.state.scored_tribunals == 1  # played to the Tribunal's scoring
            turns = [e for e in sim.events if isinstance(e, L.Turn)]
            assert turns and all(t.moves for t in turns)
