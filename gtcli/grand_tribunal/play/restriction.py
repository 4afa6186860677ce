"""Restricted play: a bot forbidden cards (docs/balance.md, "Each card's value").

A bot forbidden a card never moves it to its Sanctum, advances, activates, installs, casts or
plays it, aims an effect at it, nor takes it from a face-up row. :meth:`Restricted.allowed`
is the one test: the bots apply it where they make up their moves (:meth:`Restricted.usable`
over the cards they weigh) and :meth:`Restricted.uses_forbidden` again in ``Bot.attempt``,
the one place every move passes through.
"""

from __future__ import annotations

from gtcli.core.text import fold
from gtcli.grand_tribunal.rules import log as L


class _Named:
    """A card known only by the name a move gives it."""

    def __init__(self, name: str | None) -> None:
        self.name = name


class Restricted:
    """What a bot needs to be forbidden cards: ``forbidden`` (folded names) and ``watch``; mixed into ``Bot``,
    whose ``state`` (the game state) it reads."""

    forbidden: frozenset[str] = frozenset()
    watch: set[str] | None = None

    def allowed(self, card) -> bool:
        """Whether this bot may use ``card`` (not forbidden; a card it cannot name is allowed).

        With :attr:`watch` set, every card tested is noted: a card never noted in a game played
        without restriction could not have changed any choice of this bot, so forbidding it
        gives the very same game (tested), which ``gt balance value`` need not play.
        """
        if card is None or not card.name:
            return True
        if self.watch is not None:
            self.watch.add(fold(card.name))
        return not self.forbidden or fold(card.name) not in self.forbidden

    def usable(self, cards: list) -> list:
        return [c for c in cards if self.allowed(c)] if self.forbidden or self.watch is not None else cards

    def named_card(self, ref: L.CardRef):
        s = self.state
        if ref.handle and ref.handle in s.handles:
            return s.cards.get(s.handles[ref.handle])
        return _Named(ref.name)

    def uses_forbidden(self, player: str, move: L.Move) -> bool:
        """Whether ``move`` would use a forbidden card (the backstop of :meth:`allowed`)."""
        refs: list = []
        if isinstance(move, L.Advance):
            refs = [ref for ref, _ in move.parts]
        elif isinstance(move, (L.Cast, L.Install)):
            refs = [move.spell, move.item]
        elif isinstance(move, (L.Play, L.Activate)):
            refs = [move.card]
        elif isinstance(move, L.ToSanctum):
            refs = list(move.cards)
        elif isinstance(move, L.Draw) and move.face_up:
            refs = [move.card]
        cards = [self.named_card(ref) for ref in refs]
        outcome = getattr(move, "outcome", None)
        if outcome is not None:  # an effect aimed at one of its own cards (not a rival's: burning it is no use of it)
            aimed = [self.named_card(v) for _, v, _ in outcome.choices if isinstance(v, L.CardRef)]
            cards += [c for c in aimed if getattr(c, "owner", player) == player]
        return any(not self.allowed(card) for card in cards)
