"""The search bot's evaluation of a rollout's end ranks the players as the rest of the game does (known answer)."""

from __future__ import annotations

import itertools

from gtcli.grand_tribunal.play import mcts
from gtcli.grand_tribunal.play.bots import sample_board
from gtcli.grand_tribunal.play.seating import seated
from gtcli.grand_tribunal.play.simulation import Study, card_set_of
from gtcli.grand_tribunal.rules import log as L

NAMES = ("Ana", "Ben", "Caro", "Dora")


def cut_games(games: int):
    """Greedy four-player games, each looked at where a rollout ends (a Tribunal just scored, before the last)
    and then played to the end: (Tribunal, the standing as the rollouts score it, without the next Tribunal
    projected, the final totals)."""
    card_set = card_set_of(Study((4,), "greedy", 0))
    for seed in range(games):
        bot = seated(("greedy",) * 4, card_set, NAMES, seed, sample_board())
        bot.first_praeco = bot.setup().praeco.text
        cuts = []
        for number in range(1, bot.profile.tribunals + 1):
            bot.events.append(L.TribunalStart(number))
            bot.ref.start_tribunal(bot.events[-1])
            bot.finish_tribunal()
            if number < bot.profile.tribunals:
                ahead = mcts.projected(bot.ref)
                cuts.append((number, {p: mcts.standing(ahead, p) for p in NAMES},
                             {p: mcts.standing(bot.state, p) for p in NAMES}))
        for number, ours, plain in cuts:
            yield number, ours, plain, dict(bot.state.totals)


def concordance(rows) -> float:
    """The share of pairs of players with different final totals that ``rows``' first two figures order alike."""
    agree = [(a - b) * (x - y) > 0 for a, b, x, y in rows if x != y]
    return sum(agree) / len(agree)


def test_the_evaluation_ranks_players_as_the_rest_of_the_game_does():
    """Known answer: after a Tribunal, the standing with the next Tribunal projected orders a pair of players as
    their final scores do far more often than a coin would (1/2), and more often than the standing without it."""
    ours, plain = [], []
    for _, cut, raw, final in cut_games(40):
        for a, b in itertools.combinations(NAMES, 2):
            ours.append((cut[a], cut[b], final.get(a, 0), final.get(b, 0)))
            plain.append((raw[a], raw[b], final.get(a, 0), final.get(b, 0)))
    assert concordance(ours) >= 0.65
    assert concordance(ours) > concordance(plain)


def test_the_projection_scores_a_copy_and_leaves_an_ended_game_alone():
    bot = seated(("greedy",) * 4, card_set_of(Study((4,), "greedy", 0)), NAMES, 3, sample_board())
    bot.play(())
    assert mcts.projected(bot.ref) is bot.state  # the game is over: nothing left to project
    bot = seated(("greedy",) * 4, card_set_of(Study((4,), "greedy", 0)), NAMES, 3, sample_board())
    bot.first_praeco = bot.setup().praeco.text
    bot.events.append(L.TribunalStart(1))
    bot.ref.start_tribunal(bot.events[-1])
    bot.finish_tribunal()
    before = dict(bot.state.totals), bot.state.scored_tribunals
    ahead = mcts.projected(bot.ref)
    assert ahead is not bot.state and ahead.scored_tribunals == 2
    assert (dict(bot.state.totals), bot.state.scored_tribunals) == before
