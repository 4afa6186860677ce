"""The search bot (``mcts``): information-set Monte Carlo search over its own actions.

It plays as the greedy bot (:mod:`gtcli.grand_tribunal.play.greedy`) except for its actions: for
each action slot of its turn it lists the first legal moves the greedy bot would try, in its order
(at most :data:`MAX_MOVES`: candidate pruning by the greedy bot's preference; each tried on a copy of
the referee, ``Referee.fork``) and spends a budget of iterations (``--budget``, default
:data:`DEFAULT_BUDGET`) deciding between them:

1. **Select** a move by UCB1 (every move once, in the greedy bot's order, then the one whose
   mean plus ``EXPLORATION * sqrt(ln N / n)`` is highest). The *k*-th rollout of every move uses
   the same random numbers (*common random numbers*: the same determinization, the same dice and
   draws while the futures agree), so moves are compared on the same futures, not on luck.
2. **Determinize**: copy the position after that move and give every card the bot cannot
   see -- a rival's card in hand or face down in a Sanctum -- a name drawn from the cards it
   has not seen (each card's copies in the set, less those it sees in play: its own cards,
   face-up cards, the rows, the discards), deck by deck, without replacement. The decks are
   already unseen: every draw names a card drawn from what is left. A fresh sample for each
   round of rollouts; the bot never reads a hidden card's real name (tested: two positions that differ
   only in a rival's hidden cards determinize to the same position).
3. **Roll out**: every seat, its own included, plays on by the rollout policy (:class:`RolloutBot`:
   the greedy bot's moves in the greedy bot's order, made one kind at a time until the turn's
   slots are used, rather than every candidate listed first), with random numbers of the
   round's own (above), until the next Tribunal is scored (or the game ends).
4. **Score** the cut position by :func:`evaluate`, the next Tribunal first scored as it stands
   (:func:`projected`: with no votes yet, what each player's Items promise), and back it up.

It then keeps the move with the best mean (the most visits breaking ties). Its random numbers
for decision *k* of seat *P* come from ``Random("mcts SEED P k")``, *SEED* the game's seed:
the same game whatever ``--jobs`` or machine. It is a flat (one-level) search per action:
the tree is the root's moves, each determinization's future played by the rollout policy.
With :data:`REUSE` (off by default: no gain shown, docs/balance.md "Round 2") the search of a turn's
second action also counts the first search's rollouts through the move it chose, each as a rollout
of the action that rollout made next.
The default budget is small (:data:`DEFAULT_BUDGET`: two rollouts for each of three moves, about
20 times the cost of a greedy game; docs/balance.md, "Strength and cost").
"""

from __future__ import annotations

import math
import random

from gtcli.core.diagnostics import ERROR, WARNING
from gtcli.grand_tribunal.play.greedy import GreedyBot
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.moves import apply
from gtcli.grand_tribunal.rules.state import HAND, SANCTUM

DEFAULT_BUDGET = 6  # iterations per action (docs/balance.md: "Bots", the search bot's cost)
EXPLORATION = 0.5
MAX_MOVES = 3  # the greedy bot's first legal moves that are searched between (candidate pruning by its order)
VIS_WEIGHT, ITEM_WEIGHT, SCALE = 0.5, 2.0, 6.0
REUSE = False  # the second action's search starts from the first's rollouts through the move chosen (module doc)
COMMON_NUMBERS = True  # the k-th rollout of every move on the same determinization and random numbers


def standing(state, player: str) -> float:
    """Points so far, plus 0.5 a Vis (in store and on cards in the Sanctum), plus 2 an active Item still
    competing (not yet awarded): what a position promises ``player``."""
    vis = state.players[player].vis
    items = 0
    for card in state.cards_of(player, SANCTUM):
        vis += card.vis
        if card.deck == "item" and card.active and card.placed is None:
            items += 1
    return state.totals.get(player, 0) + VIS_WEIGHT * vis + ITEM_WEIGHT * items


def evaluate(state, player: str, seats: tuple[str, ...], over: bool) -> float:
    """The heuristic in [0, 1] of a rollout cut at a Tribunal: ``player``'s :func:`standing` less the best
    rival's, through a logistic of scale 6 points; once the game is over, 0.7 of it is the win itself
    (shared wins shared) and 0.3 the margin."""
    margin = standing(state, player) - max(standing(state, p) for p in seats if p != player)
    shaped = 1.0 / (1.0 + math.exp(-margin / SCALE))
    if not over:
        return shaped
    best = max(state.totals.get(p, 0) for p in seats)
    winners = [p for p in seats if state.totals.get(p, 0) == best]
    return 0.7 * (1.0 / len(winners) if player in winners else 0.0) + 0.3 * shaped


def determinize(state, player: str, deck_cards: dict, rng: random.Random) -> int:
    """Rename, in ``state`` (a copy), every card hidden from ``player`` with a name sampled from what it has
    not seen (module docstring); the number of cards renamed."""
    hidden = [c for c in state.cards.values() if c.name and not c.face_up and c.owner not in (None, player)
              and c.zone in (HAND, SANCTUM)]
    if not hidden:
        return 0
    hidden_names: dict[str, int] = {}
    for card in hidden:
        hidden_names[card.name] = hidden_names.get(card.name, 0) + 1
    pools: dict[str, list[str]] = {}
    for deck, cards in deck_cards.items():
        pool = pools[deck] = []
        for card in cards:
            unseen = card.copies - state.in_play(card.name) + hidden_names.get(card.name, 0)
            pool.extend([card.name] * max(0, unseen))
        rng.shuffle(pool)
    renamed = 0
    for card in hidden:
        pool = pools.get(card.deck or "")
        if pool:
            name = pool.pop()
            if name != card.name:
                state.set_name(card, name)
            renamed += 1
    return renamed


class RolloutBot(GreedyBot):
    """The rollout policy: the greedy bot's moves and order, made lazily (module docstring).

    The greedy bot lists every move it considers (each Resource's outcome, three draws named, the
    gathers, the votes ranked) and then tries them best first; two are kept a turn. This one makes
    its moves one kind at a time in the greedy bot's order -- advance, cast, play, vote where it
    pays, gather when short of Vis, draw an Item, the rest -- and stops when the slots are used.
    Ties within a kind are not shuffled.
    """

    def act(self, player: str) -> None:
        moves = self.lazy_candidates(player)
        while self.state.turn.used < self.state.turn.slots:  # the next kind of move is made only if needed
            move = next(moves, None)
            if move is None:
                return
            self.attempt(player, move)

    def lazy_candidates(self, player: str):
        yield from self.advances(player)
        yield from self.casts(player)
        yield from self.plays(player)
        space = self.vote_space(player)
        valued = self.interest(player).get(space, 0.0) > 0
        if valued:
            yield L.Vote(space=L.Word(space))
        short = self.state.players[player].vis < 4
        if short:
            yield from self.gathers(player)
        draws = self.draws(player)
        yield from (d for d in draws if d.deck == "item")
        yield from (d for d in draws if d.deck != "item")
        if not short:
            yield from self.gathers(player)
        name = self.pick_name("resource")
        if name:
            yield L.Draw(deck="resource", card=name, zone=self.zone())
        if not valued:
            yield L.Vote(space=L.Word(space))


class SearchBot(GreedyBot):
    """The greedy bot whose actions are chosen by search (module docstring)."""

    name = "mcts"

    def __init__(self, *args, budget: int = DEFAULT_BUDGET, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.budget = max(1, budget)
        self.counts: dict[str, int] = {}  # decisions searched per seat (one bot may play every seat)
        self.iterations = 0  # counted for the benchmarks
        self._simulator: GreedyBot | None = None
        self.carry = None  # (the position chosen, its rollouts' next actions and values): REUSE
        self.next_move = None

    @property
    def decisions(self) -> int:
        return sum(self.counts.values())

    def act(self, player: str) -> None:
        while True:
            turn = self.state.turn
            if turn is None or turn.used >= turn.slots:
                return
            children = self.children(player)
            if not children:
                return
            move, ref = children[0] if len(children) == 1 else self.search(player, children)
            self.ref = ref
            self.moves.append(move)

    def children(self, player: str) -> list:
        """(move, the referee after it) for the first legal moves in the greedy bot's order."""
        found, seen = [], []
        for move in self.candidates(player):
            if move in seen or self.hopeless(move) or (self.forbidden and self.uses_forbidden(player, move)):
                continue
            seen.append(move)
            ref = self.ref.fork()
            before = len(ref.diagnostics)
            try:
                apply(ref, player, move)
            except Exception:  # a bot bug must not end the game; the move is simply not considered
                continue
            if any(d.severity in (ERROR, WARNING) for d in ref.diagnostics[before:]):
                continue
            found.append((move, ref))
            if len(found) >= MAX_MOVES:
                break
        return found

    def search(self, player: str, children: list):
        count = self.counts.get(player, 0)
        self.counts[player] = count + 1
        rng = random.Random(f"mcts {self.seed} {player} {count}")
        visits = [0] * len(children)
        totals = [0.0] * len(children)
        fresh = [0] * len(children)  # the rollouts of this search (the rest carried over from the last)
        if REUSE and self.carry is not None and self.carry[0] is self.ref:
            moves = [move for move, _ in children]
            for move, value in self.carry[1]:
                if move in moves:
                    totals[moves.index(move)] += value
                    visits[moves.index(move)] += 1
        self.carry = None
        follow: list[list] = [[] for _ in children]
        seeds: list[int] = []  # the random numbers of each round of rollouts (common to every move)
        for _ in range(self.budget):
            k = next((i for i in range(len(children)) if not visits[i]), None)
            if k is None:
                log_n = math.log(sum(visits))
                k = max(range(len(children)), key=lambda i: (totals[i] / visits[i]
                                                            + EXPLORATION * math.sqrt(log_n / visits[i]), -i))
            numbers = rng
            if COMMON_NUMBERS:
                if fresh[k] == len(seeds):
                    seeds.append(rng.getrandbits(64))
                numbers = random.Random(seeds[fresh[k]])
            value = self.rollout(player, children[k][1], numbers)
            follow[k].append((self.next_move, value))
            totals[k] += value
            visits[k] += 1
            fresh[k] += 1
            self.iterations += 1
        best = max((i for i in range(len(children)) if visits[i]),
                   key=lambda i: (totals[i] / visits[i], visits[i], -i))
        self.carry = (children[best][1], [(m, v) for m, v in follow[best] if m is not None])
        return children[best]

    def simulator(self, player: str) -> GreedyBot:
        """Rollout bots (:class:`RolloutBot`) for every seat, sharing a table of their own: the rollout policy."""
        if self._simulator is None:
            args = (self.card_set, self.players, self.seed, self.board, self.profile, self.variants)
            lead = None
            seats = {}
            for seat in self.players:
                bot = RolloutBot(*args, self.forbidden if seat == player else frozenset())
                if lead is None:
                    lead = bot
                else:
                    bot.table = lead.table
                seats[seat] = bot
            assert lead is not None
            lead.table.seats = seats
            self._simulator = lead
        return self._simulator

    def rollout(self, player: str, after, rng: random.Random) -> float:
        """One iteration from the position ``after`` a move: determinize, play on greedily, score."""
        start = after.fork()
        determinize(start.state, player, self.deck_cards, rng)
        sim = self.simulator(player)
        table = sim.table
        table.rng = random.Random(rng.getrandbits(64))
        table.events, table.moves, table.turn_start, table.ref = [], [], start, start.fork()
        mine = sim.seat(player)
        mine.act(player)  # the rest of this turn
        self.next_move = table.moves[0] if table.moves else None  # the rollout's next action (REUSE)
        mine.close_turn(player)
        sim.finish_tribunal()
        state = projected(sim.ref)
        over = state.scored_tribunals >= self.profile.tribunals
        return evaluate(state, player, self.players, over)


def projected(ref):
    """The position with the Tribunal under way scored as its track stands (a copy; the position itself once the
    game is over). Cut where a Tribunal has just been scored, that is the next one scored with no votes yet: what
    each player's active Items are worth before anyone votes (their base scores, the awards still open)."""
    state = ref.state
    if state.scored_tribunals >= state.tribunal:
        return state
    ref = ref.fork()
    ref.end_turn(None)
    ref.score_tribunal(None)
    return ref.state

