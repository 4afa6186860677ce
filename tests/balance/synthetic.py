"""Synthetic game records whose answer is known, for the association table's known-answer tests.

Each game deals Items, Spells and Resources (each card once per game) to 3, 4 or 5
players; an *active* player uses more cards. Who wins is drawn by a rule the test
chooses: independently of every card (the null study), or favouring active players and
Resource users while the cards of a kind are exact clones (so no card is truly better
than the others of its kind), or with one planted strong card.
"""

from __future__ import annotations

import random

KINDS = {**{f"Item {i}": "item" for i in range(1, 9)}, **{f"Spell {i}": "spell" for i in range(1, 9)},
         **{f"Resource {i}": "resource" for i in range(1, 7)}}
DECKS = {kind: [c for c, k in KINDS.items() if k == kind] for kind in ("item", "spell", "resource")}
NAMES = ["Ana", "Ben", "Caro", "Dov", "Eli"]


def record(rng: random.Random, players: int, weight=None, bots: list[str] | None = None,
           copies: int = 1, recycle: float = 0.0) -> dict:
    """One game's summary. ``weight(used, bot)``: a player's chance to win, relative to the others'
    (None: every player alike, whatever they used); a shared win one game in ten. ``copies``: of
    each card in its deck (a player who draws a second copy of a card uses the card once; two
    players may use the same card); ``recycle``: the chance that a Spell used comes back from the
    discard pile to another player, who uses it too (several times over)."""
    seats = NAMES[:players]
    decks = {kind: rng.sample(deck * copies, len(deck) * copies) for kind, deck in DECKS.items()}
    used: dict[str, list[str]] = {}
    for player in seats:
        activity = rng.random()
        mine = []
        for kind, take in (("item", 1 + int(activity * 2.5)), ("spell", 1 + int(activity * 2)),
                           ("resource", int(activity * 2.5))):
            for _ in range(take):
                if decks[kind]:
                    mine.append(decks[kind].pop())
        used[player] = sorted(set(mine))
    spells = [c for p in seats for c in used[p] if KINDS[c] == "spell"]
    while spells and rng.random() < recycle:
        card = rng.choice(spells)
        taker = rng.choice(seats)
        if card not in used[taker]:
            used[taker] = sorted(used[taker] + [card])
            spells.append(card)
    seat_bots = dict(zip(seats, bots)) if bots else {}
    weights = [1.0 if weight is None else weight(used[p], seat_bots.get(p)) for p in seats]
    winners = rng.choices(seats, weights)
    if rng.random() < 0.1:
        winners = sorted(set(winners + rng.choices(seats, weights)))
    game = {"players": seats, "winners": winners, "first_praeco": seats[0], "turns": 40,
            "totals": {p: 10 if p in winners else 5 for p in seats},
            "tribunals": [{p: 1 for p in seats}],
            "vis": {p: {"gathered": 1, "advanced": 1, "left": 0} for p in seats},
            "played": {p: {c: 1 for c in used[p]} for p in seats}, "used": used,
            "kinds": {c: KINDS[c] for p in seats for c in used[p]}}
    if bots:
        game["bots"] = seat_bots
    return game


def study(seed: int, games: int, weight=None, bots: list[str] | None = None, copies: int = 1,
          recycle: float = 0.0) -> list[dict]:
    """``games`` records of 3, 4 and 5 players in turn; ``bots`` rotate over the seats."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        players = 3 + i % 3
        seat_bots = None if bots is None else [bots[(s + i) % len(bots)] for s in range(players)]
        out.append(record(rng, players, weight, seat_bots, copies, recycle))
    return out


def confounded(used: list[str], bot: str | None = None) -> float:
    """Clones of a kind, but activity and Resources go with winning."""
    return 1.6 ** len(used) * (2.0 if any(KINDS[c] == "resource" for c in used) else 1.0)


def planted(card: str, factor: float):
    def weight(used: list[str], bot: str | None = None) -> float:
        return confounded(used) * (factor if card in used else 1.0)
    return weight
