"""How the search bot chooses between its moves: the greedy bot's first few only, each weighed on the same futures."""

from __future__ import annotations

from gtcli.grand_tribunal.play import mcts
from gtcli.grand_tribunal.rules.actions.moves import apply

from tests.grand_tribunal.play.test_search_rollouts import first_turn


def test_the_search_weighs_only_the_greedy_bots_first_legal_moves():
    """Candidate pruning by the greedy bot's order: the moves searched are the first 3 legal ones it would try, in
    its order (the greedy bot's own choice first)."""
    bot, player, _ = first_turn(41)
    before = bot.rng.getstate()
    children = bot.children(player)
    bot.rng.setstate(before)
    legal = []
    for move in bot.candidates(player):
        ref = bot.ref.fork()
        done = len(ref.diagnostics)
        apply(ref, player, move)
        if move not in legal and not bot.hopeless(move) and not any(
                d.severity in ("error", "warning") for d in ref.diagnostics[done:]):
            legal.append(move)
    assert len(legal) > 3  # a real choice was cut short
    assert [move for move, _ in children] == legal[:3]  # its choice and the next two (docs/balance.md)


def copies_scored() -> list:
    """Three copies of the first action's first move searched at budget 6: each copy's rollout values in turn."""
    bot, player, _ = first_turn(41)
    bot.budget = 6
    move, after = bot.children(player)[0]
    children = [(move, after.fork()) for _ in range(3)]
    seen: dict[int, list] = {id(ref): [] for _, ref in children}
    real = bot.rollout

    def rollout(who, start, rng):
        seen[id(start)].append(real(who, start, rng))
        return seen[id(start)][-1]

    bot.rollout = rollout
    bot.search(player, children)
    return list(seen.values())


def test_every_move_is_rolled_out_on_the_same_futures():
    """Common random numbers: the k-th rollout of every move starts from the same determinization with the same
    random numbers, so three copies of one move score alike, rollout by rollout."""
    values = copies_scored()
    assert sum(map(len, values)) == 6 and min(map(len, values)) >= 1
    for k in range(max(map(len, values))):
        assert len({v[k] for v in values if len(v) > k}) == 1
    longest = max(values, key=len)
    assert len(set(longest)) == len(longest) > 1  # several futures, not one replayed


def test_without_common_numbers_the_same_move_would_score_apart(monkeypatch):
    """The test above can fail: each rollout on numbers of its own gives the copies different values."""
    monkeypatch.setattr(mcts, "COMMON_NUMBERS", False)
    values = copies_scored()
    assert len({v[0] for v in values}) > 1


def second_action(monkeypatch, reuse: bool):
    """The first action searched and made; the bot at its second, its rollouts all scoring 0."""
    monkeypatch.setattr(mcts, "REUSE", reuse)
    bot, player, _ = first_turn(41)
    bot.budget = 6
    move, ref = bot.search(player, bot.children(player))
    carried = bot.carry
    bot.ref = ref
    bot.moves.append(move)
    monkeypatch.setattr(bot, "rollout", lambda who, start, rng: 0.0)
    return bot, player, move, ref, carried


def test_the_second_action_starts_from_the_first_actions_rollouts(monkeypatch):
    """Statistics reused between decisions: the first search keeps, for the move it chose, what each of its rollouts
    did next and how it scored; the second search counts those as rollouts of the same moves (known answer: a
    carried win makes the third move the choice where fresh rollouts all score 0)."""
    bot, player, _, ref, carried = second_action(monkeypatch, True)
    assert carried is not None and carried[0] is ref and carried[1]
    assert all(move is not None for move, _ in carried[1])
    children = bot.children(player)
    assert len(children) == 3
    bot.carry = (ref, [(children[2][0], 1.0)])
    assert bot.search(player, children) is children[2]
    bot.carry = (ref.fork(), [(children[2][0], 1.0)])  # another position: nothing carried
    assert bot.search(player, children) is children[0]


def test_without_reuse_nothing_is_carried(monkeypatch):
    bot, player, _, ref, _ = second_action(monkeypatch, False)
    children = bot.children(player)
    bot.carry = (ref, [(children[2][0], 1.0)])
    assert bot.search(player, children) is children[0]
