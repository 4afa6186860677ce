"""Summaries at the edges of the shape a games.jsonl line may have (gtcli.balance.sources.summary_problem):
counts at ±1,000,000, 1 to 8 seats, a player with up to 60 cards, six kinds, cards out of order or given
twice, cards whose kind the record does not name, bots or none. For the golden report both builds must
give (tests/balance/test_counting.py)."""

from __future__ import annotations

import random

NAMES = [f"P{i}" for i in range(8)]
CARDS = [f"Card {i}" for i in range(60)]
KINDS = ["item", "spell", "resource", "unknown", "relic", "charm"]
LIMIT = 1_000_000


def edge_games(seed: int, games: int) -> list[dict]:
    rng = random.Random(seed)

    def value() -> int:
        return rng.choice([0, 1, -1, LIMIT, -LIMIT, rng.randint(-LIMIT, LIMIT)])

    out = []
    for _ in range(games):
        n = rng.randint(1, 8)
        players = NAMES[:n]
        used = {p: sorted(set(rng.sample(CARDS, rng.randint(0, 60 if rng.random() < 0.1 else 12)))) for p in players}
        if rng.random() < 0.2:
            for p in players:
                used[p] = used[p][::-1] + used[p][:1]
        kinds = {c: rng.choice(KINDS[:rng.choice([3, 4, 6])]) for p in players for c in used[p]}
        if rng.random() < 0.2 and kinds:
            kinds.pop(next(iter(kinds)))
        game = {"players": players, "winners": rng.sample(players, rng.randint(0, min(3, n))),
                "first_praeco": rng.choice(players + [None]), "turns": rng.choice([0, 100_000, rng.randint(0, 99)]),
                "totals": {p: value() for p in players},
                "tribunals": [{p: value() for p in rng.sample(players, rng.randint(0, n))}
                              for _ in range(rng.randint(0, 4))],
                "vis": {p: {"gathered": value(), "advanced": value(), "left": value()} for p in players},
                "played": {p: {c: value() for c in used[p][:5]} for p in players}, "used": used, "kinds": kinds}
        if rng.random() < 0.5:
            game["bots"] = {p: rng.choice(["greedy", "random", "mcts"]) for p in players}
        out.append(game)
    return out
