"""What a finished game of Grand Tribunal says for balance statistics, as a small JSON-able dict.

:func:`summarize` reads it off a log and the referee's final state, so a simulated game
(summarized as the bot finishes it) and the same game read back from its ``.gtl`` file
(``gt balance`` on a folder) give the same summary; ``gt simulate --stats-only`` keeps only
these. The fields (docs/balance.md, "What is counted"):

* ``players``: the seats in order; ``winners`` (a shared win is a win for each);
  ``first_praeco``: the first Praeco of the game;
* ``turns``: turns taken in the whole game; ``totals``: final scores by player;
  ``tribunals``: each Tribunal's scores by player;
* ``vis``: per player, Vis ``gathered`` by actions (Extract and both Gather actions,
  including the other players' shares and rolls), Vis ``advanced`` onto cards, and Vis
  ``left`` in the store at the end;
* ``played``: per player, how many times each card was played: a Spell cast, a Resource
  played, an Item activated;
* ``used``: per player, the cards they played, installed or had active at the end (sorted);
  an activation is the card owner's, also when it is written in another player's turn
  (``activate Caro "X"``, T5) or between turns;
* ``kinds``: the kind (``item``, ``spell``, ``resource``) of every card named in ``played``
  or ``used``, so the balance report compares a card with the others of its kind.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.state import INSTALLED, SANCTUM

VERSION = 2  # of the summary's fields; stored with --stats-only games (2: kinds)


def _name(state, ref: L.CardRef | None) -> str | None:
    """The card a reference names, a secret card (X3) by its handle once it was named."""
    if ref is None:
        return None
    if ref.name:
        found = state.card_set.find(ref.name)
        return found.name if found is not None else ref.name
    card_id = state.handles.get(ref.handle or "")
    card = state.cards.get(card_id) if card_id is not None else None
    return card.name if card is not None else None


def summarize(log: L.Log, state, winners: tuple[str, ...] | None) -> dict[str, Any]:
    """The summary of a complete game (module docstring)."""
    seats = list(state.seats)
    folded = {p.casefold(): p for p in seats}
    played: dict[str, Counter] = {p: Counter() for p in seats}
    used: dict[str, set[str]] = {p: set() for p in seats}
    vis = {p: {"gathered": 0, "advanced": 0, "left": state.players[p].vis} for p in seats}
    fee = state.profile.contested_fee
    turns = 0
    first_praeco = log.setup.praeco.text if log.setup is not None and log.setup.praeco else None

    def seat(word: L.Word) -> str | None:
        return folded.get(word.text.casefold())

    for event in log.events:
        if isinstance(event, L.RoundStart) and first_praeco is None:
            first_praeco = event.praeco.text
        if isinstance(event, L.Activate):  # an activation written between turns
            who = seat(event.player) if event.player else None
            name = _name(state, event.card)
            if who and name:
                played[who][name] += 1
                used[who].add(name)
        if not isinstance(event, L.Turn):
            continue
        turns += 1
        player = seat(event.player)
        if player is None:
            continue
        for move in event.moves:
            if isinstance(move, (L.Cast, L.Play, L.Activate)):
                name = _name(state, move.spell if isinstance(move, L.Cast) else move.card)
                # T5: "activate Caro X" in Ana's turn is Caro's activation of her own card
                who = (seat(move.player) or player) if isinstance(move, L.Activate) and move.player else player
                if name:
                    played[who][name] += 1
                    used[who].add(name)
            elif isinstance(move, L.Install):
                used[player].update(n for n in (_name(state, move.spell), _name(state, move.item)) if n)
            elif isinstance(move, L.Advance):
                vis[player]["advanced"] += sum(n for _, n in move.parts)
            elif isinstance(move, L.Extract):
                vis[player]["gathered"] += move.amount
            elif isinstance(move, L.GatherUncontested):
                vis[player]["gathered"] += move.mine
                for other in seats:
                    if other != player:
                        vis[other]["gathered"] += move.others
            elif isinstance(move, L.GatherContested):
                vis[player]["gathered"] += move.value + move.roll
                for word, roll in move.rolls:
                    other = seat(word)
                    if other:
                        vis[other]["gathered"] += roll - fee
                        vis[player]["gathered"] += fee
    for player in seats:
        for card in state.cards_of(player, SANCTUM, INSTALLED):
            if card.active and card.name:
                used[player].add(card.name)
    if first_praeco is not None:
        first_praeco = folded.get(first_praeco.casefold(), first_praeco)
    kinds = {}
    for name in sorted(set().union(*used.values(), *played.values())):
        card = state.card_set.find(name)
        if card is not None:
            kinds[name] = card.kind
    return {
        "players": seats,
        "winners": list(winners or ()),
        "first_praeco": first_praeco,
        "turns": turns,
        "totals": {p: state.totals.get(p, 0) for p in seats},
        "tribunals": [{ps.name: ps.score for ps in result.players} for result in state.results],
        "vis": vis,
        "played": {p: dict(sorted(played[p].items())) for p in seats},
        "used": {p: sorted(used[p]) for p in seats},
        "kinds": kinds,
    }
