"""The greedy bot: plays for Tribunal points (docs/balance.md, "Bots"; :mod:`gtcli.grand_tribunal.play.bots`)."""

from __future__ import annotations

from gtcli.grand_tribunal.play.bots import Bot
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.state import SANCTUM


class GreedyBot(Bot):
    """Plays for Tribunal points (module docstring); chance decides only between equal choices."""

    name = "greedy"

    def interest(self, player: str) -> dict[str, float]:
        """How much a vote on each space helps ``player``'s Items, less half what it helps the rivals'.

        An Item counts the votes on its type's space and on each distinct category of its
        Spells (R2); an Item that has won an award competes no more (R5); an Item not yet
        active counts for the share of its cost already paid.
        """
        s = self.state
        # the same referee object (a Referee compares equal to any other of the same log: its state is
        # no field), the same moves: the same position, nothing has moved since
        key = (len(getattr(self, "moves", ())), s.turn_serial, player)
        cached = getattr(self, "_interest", None)
        if cached is not None and cached[0] is self.ref and cached[1] == key:
            return cached[2]
        value = dict.fromkeys(self.spaces, 0.0)
        for owner in self.players:
            sign = 1.0 if owner == player else -0.5
            for card in s.cards_of(owner, SANCTUM):
                d = s.card_def(card) if card.deck == "item" else None
                if d is None or card.placed is not None:
                    continue
                weight = sign * (1.0 if card.active else card.vis / max(1, d.cost or 1))
                spaces = {d.type, *(s.card_def(s.cards[i]).category for i in s.installed_on(card.id)
                                    if s.card_def(s.cards[i]) is not None)}
                for space in spaces:
                    if space in value:
                        value[space] += weight
        self._interest = (self.ref, key, value)
        return value

    def best(self, player: str, spaces: list[str], reverse: bool = False) -> list[str]:
        """``spaces`` from the most to the least useful to ``player`` (the least first with ``reverse``)."""
        value = self.interest(player)
        ties = {sp: self.rng.random() for sp in spaces}
        return sorted(spaces, key=lambda sp: ((value.get(sp, 0.0) if reverse else -value.get(sp, 0.0)), ties[sp]))

    def vote_space(self, player: str) -> str:
        return self.best(player, list(self.spaces))[0]

    def praeco_spaces(self, player: str, count: int) -> list[str]:
        return self.best(player, list(self.spaces))[:count]

    def aim(self, player: str, spaces: list[str], against: bool) -> str:
        return self.best(player, spaces, reverse=against)[0]

    def needy_card(self, player: str, needy: list):
        s = self.state

        def key(card) -> tuple:
            d = s.card_def(card)
            return (card.deck != "item", (d.cost or 0) - card.vis, -(d.base or 0), card.id)

        return min(needy, key=key)

    def order(self, player: str, options: list) -> list:
        """Advance and cast first, then play Resources, vote where it pays, gather when short of Vis, draw."""
        me = self.state.players[player]
        value = self.interest(player)

        def rank(move) -> int:
            if isinstance(move, (L.Advance, L.Cast)):
                return 0
            if isinstance(move, L.Play):
                return 1
            if isinstance(move, L.Vote):
                return 2 if value.get(move.space.text, 0.0) > 0 else 6
            if isinstance(move, (L.Extract, L.GatherUncontested, L.GatherContested)):
                return 3 if me.vis < 4 else 5
            if isinstance(move, L.Draw):
                return 4 if move.deck == "item" else 5
            return 7

        ties = {id(o): self.rng.random() for o in options}
        return sorted(options, key=lambda o: (rank(o), ties[id(o)]))

    def free_moves(self, player: str) -> None:
        """Activate what is paid for, then install each Spell where it adds a category the Item lacks."""
        s = self.state
        for card in self.usable(s.cards_of(player, SANCTUM)):
            d = s.card_def(card)
            if d and not card.active and d.cost is not None and card.vis >= d.cost and "X5" not in self.variants:
                shown = L.CardRef(card.name, card.handle) if card.handle else self.ref_of(card)
                self.attempt(player, L.Activate(card=shown))
        for spell in [c for c in self.usable(self.state.cards_of(player, SANCTUM)) if c.deck == "spell" and c.active]:
            category = self.state.card_def(spell).category
            items = [c for c in self.usable(self.state.cards_of(player, SANCTUM)) if c.deck == "item" and c.active]

            def fresh(item) -> tuple:
                cats = {self.state.card_def(self.state.cards[i]).category for i in self.state.installed_on(item.id)}
                return (category in cats, item.placed is not None, -(self.state.card_def(item).base or 0), item.id)

            for item in sorted(items, key=fresh):
                if self.fits(spell, item) and self.attempt(player, L.Install(spell=self.ref_of(spell), item=self.ref_of(item))):
                    break

