"""Bots that play whole legal games through the referee: three skill tiers, one bot per seat.

Every move a bot makes is first tried on a copy of the referee (``Referee.fork``) and kept
only if the rules found nothing wrong with it, so the game it plays is legal by
construction (``gt check`` accepts its log). Bots choose; they never decide what the rules
decide. What each bot does (docs/balance.md, "Bots"):

* ``random`` (:class:`Bot`): each turn, a shuffled list of the moves a real player might make
  (advance a card, cast an installed Spell, play a Resource, vote, draw, extract, gather),
  tried in that order until both action slots are used.
* ``greedy`` (:class:`gtcli.grand_tribunal.play.greedy.GreedyBot`): plays for Tribunal points. It votes (and places a
  Praeco's tokens, and aims a Spell's votes) on the spaces where its own Items would gain
  the most votes over its rivals', advances the card nearest to activation (Items first),
  installs Spells where they add a category an Item lacks, casts and plays what it can,
  and gathers Vis when it is short.
* ``mcts`` (:class:`gtcli.grand_tribunal.play.mcts.SearchBot`): the greedy bot, except that each
  action is chosen by information-set Monte Carlo search (:mod:`gtcli.grand_tribunal.play.mcts`).

Cards with a ``manual`` effect cannot be played by a bot (the referee cannot carry their
effect out): :func:`playable_cards` leaves them out of every deck, and the bots never
draw, deal or name them. No bot plays like a person.

One game, several bots: the seats share a :class:`Table` (the referee, the log so far, the
game's random numbers) and each seat's turns are played by that seat's bot
(:func:`gtcli.grand_tribunal.play.seating.seated`). A bot may be **forbidden** cards (restricted
play, docs/balance.md "Each card's value"): it never moves them to its Sanctum, advances,
activates, installs, casts, plays or aims an effect at them, nor takes them from a face-up row.
:mod:`gtcli.grand_tribunal.play.restriction` holds the one test, applied where the moves are
made up and again in :meth:`Bot.attempt`, the one place every move passes through.
"""

from __future__ import annotations

import random

from gtcli.core.diagnostics import ERROR, WARNING
from gtcli.core.text import fold
from gtcli.grand_tribunal.play.restriction import Restricted
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.moves import apply
from gtcli.grand_tribunal.rules.actions.sanctum import slots_fit
from gtcli.grand_tribunal.rules.actions.setup import setup as deal_setup
from gtcli.grand_tribunal.rules.actions.slots import slots_for
from gtcli.grand_tribunal.rules.board import Board, extract_amount
from gtcli.grand_tribunal.rules.cards import CardSet
from gtcli.grand_tribunal.rules.profiles import OFFICIAL, RuleProfile
from gtcli.grand_tribunal.rules.replay import Referee
from gtcli.grand_tribunal.rules.state import HAND, INSTALLED, SANCTUM
from gtcli.grand_tribunal.rules.tribunal import clockwise

NAMES = ("Ana", "Ben", "Caro", "Dora", "Eli")
ACTION_KINDS = {L.Vote: "vote", L.Advance: "advance", L.Cast: "cast", L.Play: "play", L.Extract: "extract",
                L.GatherUncontested: "gather", L.GatherContested: "gather"}


class NotPlayable(Exception):
    """The card set (once its manual cards are left out) has too few cards for a game."""


def has_manual_effect(card) -> bool:
    return any(step.op == "manual" for effect in card.effects for step in effect.steps)


def playable_cards(card_set: CardSet) -> tuple[tuple, tuple[str, ...]]:
    """(the cards a bot may use, the names of those left out for a ``manual`` effect)."""
    kept = tuple(c for c in card_set.cards if not has_manual_effect(c))
    return kept, tuple(c.name for c in card_set.cards if has_manual_effect(c))


def playable_problem(card_set: CardSet, players: int) -> str | None:
    """Why a game of ``players`` cannot be dealt from the bots' decks, or None.

    The setup deals each player an Item, a Spell and three more cards, and lays out three
    face-up Items and three face-up Spells.
    """
    kept, _ = playable_cards(card_set)
    copies = {deck: sum(c.copies for c in kept if c.kind == deck) for deck in ("item", "spell", "resource")}
    need = players + 3
    if copies["item"] < need or copies["spell"] < need or sum(copies.values()) < 5 * players + 6:
        return (f"a {players}-player game deals at least {need} Items, {need} Spells and {5 * players + 6} cards "
                f"in all; without the cards with manual effects the set has {copies['item']} Items, "
                f"{copies['spell']} Spells and {sum(copies.values())} cards")
    return None


def sample_board() -> Board:
    from gtcli.grand_tribunal.formats.board_file import load_board
    from gtcli.grand_tribunal.shipped import cards_dir

    return load_board(str(cards_dir() / "sample-board.toml"))


class Table:
    """What the seats of one game share: the referee, the events so far, the game's random numbers."""

    def __init__(self, ref: Referee, rng: random.Random) -> None:
        self.ref = ref
        self.rng = rng
        self.events: list = []
        self.handle = 0  # the last secret card's handle number
        self.moves: list = []  # the moves kept so far in the turn being played
        self.turn_start = ref  # the referee as the turn began (attempt() goes back to it)
        self.seats: dict = {}  # player -> the bot that plays their turns (none: the bot that plays the game)


def _shared(field: str) -> property:
    return property(lambda self: getattr(self.table, field), lambda self, value: setattr(self.table, field, value))


class Bot(Restricted):
    """The random legal player (module docstring)."""

    name = "random"
    first_praeco = ""
    ref = _shared("ref")
    rng = _shared("rng")
    events = _shared("events")
    handle = _shared("handle")
    moves = _shared("moves")
    turn_start = _shared("turn_start")

    def __init__(self, card_set: CardSet, players: tuple[str, ...], seed: int, board: Board | None = None,
                 profile: RuleProfile = OFFICIAL, variants: frozenset[str] = frozenset(),
                 forbidden: frozenset[str] = frozenset()) -> None:
        self.seed = seed
        self.forbidden = frozenset(fold(n) for n in forbidden)  # folded names of the cards it may not use
        self.watch: set[str] | None = None  # a set: the folded names of every card the restriction would test
        self.card_set = card_set
        self.players = players
        self.board = board
        self.profile = profile
        self.variants = variants  # the bot makes the moves they allow, as often as it can
        self.spaces = card_set.vocabulary.spaces
        self.deck_cards = {deck: [c for c in playable_cards(card_set)[0] if c.kind == deck]
                           for deck in ("item", "spell", "resource")}
        self.deck_keys = {deck: [(c.name, fold(c.name), c.copies) for c in cards] for deck, cards in self.deck_cards.items()}
        empty = L.Log(None, (), None, ())
        self.table = Table(Referee(empty, card_set, profile, players, board, variants), random.Random(seed))

    # ---- helpers --------------------------------------------------------------------------------
    @property
    def state(self):
        return self.ref.state

    def names_left(self, deck: str, taken: list[str]) -> list[str]:
        live = self.state.index.live  # folded name -> the cards of that name in play (GameState.in_play)
        return [name for name, key, copies in self.deck_keys.get(deck, ())
                if len(live.get(key, ())) + (taken.count(name) if taken else 0) < copies]

    def pick_name(self, deck: str, taken: list[str] | None = None) -> L.CardRef | None:
        names = self.names_left(deck, taken or [])
        if not names:
            return None
        return L.CardRef(self.rng.choice(names), None)

    def hopeless(self, move: L.Move) -> bool:
        """An action the rules would refuse for a reason seen without trying it (no slot left, its type
        already taken): it is not tried, which saves a copy of the game."""
        s = self.state
        kind = ACTION_KINDS.get(type(move))
        if isinstance(move, L.Draw):
            kind = "draw resource" if move.deck == "resource" else "draw"
        turn = s.turn
        if kind is None or turn is None or not slots_for(kind, self.variants):
            return False
        if turn.used + slots_for(kind, self.variants) > turn.slots:
            return True
        return not turn.may_repeat_free(kind, self.variants) and turn.repeats_allowed <= 0

    def fits(self, spell, item) -> bool:
        """Whether ``item`` is active with a free slot for the active ``spell`` (A5), seen without trying."""
        s = self.state
        spell_def, item_def = s.card_def(spell), s.card_def(item)
        if spell_def is None or item_def is None:
            return True  # unknown: let the referee say
        categories = [s.card_def(s.cards[i]).category or "" for i in s.installed_on(item.id)]
        return spell.active and item.active and slots_fit(item_def.slots, categories + [spell_def.category or ""])

    def attempt(self, player: str, move: L.Move) -> bool:
        """Apply ``move`` if the rules accept it; report whether it was kept.

        The move is made on the turn's working copy of the referee. If the rules find
        anything wrong with it, the copy is made again from the turn's start with the moves
        kept so far (the rules are deterministic: the same state), and the move is not kept.
        Most moves are legal, so this copies the game about once a turn, not once a move.
        """
        if self.hopeless(move) or ((self.forbidden or self.watch is not None) and self.uses_forbidden(player, move)):
            return False
        before = len(self.ref.diagnostics)
        try:
            apply(self.ref, player, move)
            kept = not any(d.severity in (ERROR, WARNING) for d in self.ref.diagnostics[before:])
        except Exception:  # a bot bug must not end the game; the move is simply not made
            kept = False
        if kept:
            self.moves.append(move)
            return True
        self.ref = self.turn_start.fork()
        for done in self.moves:
            apply(self.ref, player, done)
        return False

    def ref_of(self, card) -> L.CardRef:
        if card.handle and card.name and not card.face_up:  # a secret card (X3): its handle until it turns up
            return L.CardRef(None, card.handle)
        return L.CardRef(card.name, None) if card.name else L.CardRef(None, card.handle)

    # ---- setup ------------------------------------------------------------------------------------
    def setup(self) -> L.Setup:
        hands, taken = [], []
        for seat, player in enumerate(self.players):
            cards = [self.pick_name("item", taken), self.pick_name("spell", taken)]
            if None in cards:
                raise NotPlayable("too few Items or Spells to deal")
            taken += [c.name for c in cards]
            later = len(self.players) - seat - 1  # players still owed an Item and a Spell

            def spare(deck: str) -> bool:  # keep enough for the others and the face-up rows
                left = sum(self.card_set.find(n).copies - taken.count(n) - self.state.in_play(n)
                           for n in self.names_left(deck, taken))
                return left > (later + 3 if deck in ("item", "spell") else 0)

            for _ in range(3):
                deck = self.rng.choice(("item", "spell", "resource"))
                if not spare(deck):
                    deck = next((d for d in ("resource", "spell", "item") if spare(d)), deck)
                c = self.pick_name(deck, taken)
                if c is None:
                    raise NotPlayable("too few cards to deal")
                taken.append(c.name)
                cards.append(c)
            hands.append((L.Word(player), tuple(cards)))
        rows = []
        for deck in ("item", "spell"):
            row = []
            for _ in range(3):
                c = self.pick_name(deck, taken)
                if c is None:
                    raise NotPlayable("too few cards for the face-up rows")
                taken.append(c.name)
                row.append(c)
            rows.append((deck, tuple(row), None))
        first = self.rng.choice(self.players)
        setup = L.Setup(tuple(hands), tuple(rows), (), L.Word(first))
        deal_setup(self.ref, setup)
        return setup

    # ---- a turn ------------------------------------------------------------------------------------
    def free_moves(self, player: str) -> None:
        s = self.state
        for card in self.usable(s.cards_of(player, SANCTUM)):
            d = s.card_def(card)
            # with quick rotation (X5) cards turn active by themselves: the log never says so
            if d and not card.active and d.cost is not None and card.vis >= d.cost and "X5" not in self.variants:
                shown = L.CardRef(card.name, card.handle) if card.handle else self.ref_of(card)  # names it
                self.attempt(player, L.Activate(card=shown))
        spells = [c for c in self.usable(s.cards_of(player, SANCTUM)) if c.deck == "spell" and c.active]
        items = [c for c in self.usable(s.cards_of(player, SANCTUM)) if c.deck == "item" and c.active]
        for spell in spells:
            for item in self.rng.sample(items, len(items)):
                if self.fits(spell, item) and self.attempt(player, L.Install(spell=self.ref_of(spell), item=self.ref_of(item))):
                    break

    def candidates(self, player: str) -> list:
        """Every move this bot considers for an action, in the order it tries them (:meth:`order`)."""
        options = self.advances(player) + self.casts(player) + self.plays(player)
        options.append(L.Vote(space=L.Word(self.vote_space(player))))
        options += self.draws(player) + self.gathers(player)
        name = self.pick_name("resource")
        if name:
            options.append(L.Draw(deck="resource", card=name, zone=self.zone()))
        return self.order(player, options)

    def advances(self, player: str) -> list:
        s = self.state
        me = s.players[player]
        options = []
        inactive = [c for c in self.usable(s.cards_of(player, SANCTUM)) if c.deck in ("item", "spell") and not c.active]
        needy = [c for c in inactive if (s.card_def(c).cost or 0) - c.vis > 0]
        if needy and me.vis >= 1:
            card = self.needy_card(player, needy)
            need = s.card_def(card).cost - card.vis
            if need >= 2 and me.vis >= 2:
                options.append(L.Advance(parts=((self.ref_of(card), 2),)))
            elif len(needy) > 1 and me.vis >= 2:
                chosen = self.rng.sample(needy, min(len(needy), 3, me.vis))
                options.append(L.Advance(parts=tuple((self.ref_of(c), 1) for c in chosen)))
            else:
                options.append(L.Advance(parts=((self.ref_of(card), 1),)))
            others = [c for c in needy if c is not card]
            if "X1" in self.variants and others and me.vis >= 2:  # double advance: a second one
                options.append(L.Advance(parts=((self.ref_of(self.rng.choice(others)), 1),)))
        return options

    def casts(self, player: str) -> list:
        s = self.state
        options = []
        for spell in self.usable(s.cards_of(player, INSTALLED)):
            if not self.allowed(s.cards.get(spell.host)):
                continue
            outcome = self.outcome(player, spell, "on cast")
            if outcome is not None:
                host = s.cards[spell.host]
                keep = s.players[player].vis >= 6 and self.rng.random() < 0.4
                options.append(L.Cast(spell=self.ref_of(spell), item=self.ref_of(host), keep=keep, outcome=outcome))
        return options

    def plays(self, player: str) -> list:
        options = []
        for res in self.usable(self.state.cards_of(player, SANCTUM)):
            if res.deck == "resource":
                outcome = self.outcome(player, res, "on play")
                if outcome is not None:
                    options.append(L.Play(card=self.ref_of(res), outcome=outcome))
        return options

    def draws(self, player: str) -> list:
        """A draw of an Item and of a Spell, face up from the row or blind."""
        s = self.state
        options = []
        for deck in ("item", "spell"):
            row = [cid for cid in s.rows[deck] if cid and self.allowed(s.cards[cid])]
            refill = self.pick_name(deck)
            zone = self.zone()
            if row and refill and self.rng.random() < 0.5:
                card = s.cards[self.rng.choice(row)]
                shown = self.ref_of(card)
                if "X3" in self.variants and zone is None and self.rng.random() < 0.7:  # secret cards
                    self.handle += 1
                    shown = L.CardRef(None, f"?x{self.handle}")
                options.append(L.Draw(deck=deck, card=shown, face_up=True, refill=refill, zone=zone))
            else:
                name = self.pick_name(deck)
                if name:
                    options.append(L.Draw(deck=deck, card=name, zone=zone))
        return options

    def gathers(self, player: str) -> list:
        """Extract, and gather (uncontested, contested) where the board's area still offers it."""
        s = self.state
        area = self.board.area(s.tribunal) if self.board else None
        options: list = [L.Extract(amount=extract_amount(self.board, s.tribunal, self.profile.tribunals)[0])]
        if area and s.trackers["uncontested"] < len(area.uncontested):
            a, b = area.uncontested[s.trackers["uncontested"]]
            options.append(L.GatherUncontested(mine=a, others=b))
        if area and s.trackers["contested"] < len(area.contested):
            rolls = tuple((L.Word(p), self.rng.randint(2, 5)) for p in clockwise(self.players, player)
                          if p != player and s.players[p].vis >= self.profile.contested_fee + 3
                          and self.rng.random() < 0.5)
            options.append(L.GatherContested(value=area.contested[s.trackers["contested"]],
                                             roll=self.rng.randint(2, 5), rolls=rolls))
        return options

    # ---- what a bot prefers: the random player's choices (GreedyBot overrides them) -------------------
    def order(self, player: str, options: list) -> list:
        """The order in which a turn's candidate moves are tried."""
        first = [o for o in options if isinstance(o, (L.Advance, L.Cast))]
        rest = [o for o in options if o not in first]
        self.rng.shuffle(rest)
        return first + rest

    def vote_space(self, player: str) -> str:
        return self.rng.choice(self.spaces)

    def praeco_spaces(self, player: str, count: int) -> list[str]:
        return self.rng.sample(list(self.spaces), count)

    def aim(self, player: str, spaces: list[str], against: bool) -> str:
        """A space for an effect's choice: one to take votes from (``against``) or to add them to."""
        return self.rng.choice(spaces)

    def needy_card(self, player: str, needy: list):
        """The card an Advance puts Vis on."""
        return self.rng.choice(needy)

    def zone(self) -> str | None:
        """Where a draw goes: the Sanctum, or with hand-or-sanctum (X2) often the hand."""
        return "hand" if "X2" in self.variants and self.rng.random() < 0.6 else None

    def outcome(self, player: str, card, trigger: str) -> L.Outcome | None:
        """A recorded outcome for the card's effect, or None if the bot cannot make one."""
        s = self.state
        d = s.card_def(card)
        effect = d.effect(trigger) if d else None
        if effect is None:
            return L.Outcome()
        uses = {r[1:]: step for step in effect.steps for r in step.refs if r.startswith("$")}
        uses.update({step.who[1:]: step for step in effect.steps if step.who and step.who.startswith("$")})
        choices = []
        others = [p for p in self.players if p != player]
        for choice in effect.choices:
            step = uses.get(choice.name)
            if choice.kind == "player":
                value = self.rng.choice(others)
            elif choice.kind == "space":
                if step and step.op in ("move_votes", "remove_votes") and step.refs[0] == f"${choice.name}":
                    full = [sp for sp, n in s.track.items() if n >= (step.amount or 1)]
                    if not full:
                        return None
                    value = self.aim(player, full, against=True)
                else:
                    value = self.aim(player, list(self.spaces), against=False)
            else:
                pool = self.card_targets(player, step, choice.kind)
                if not pool:
                    return None
                value = self.ref_of(self.rng.choice(pool))
            choices.append((choice.name, value, None))
        drawn, discarded, taken, refills = [], [], [], []
        for step in effect.steps:
            if step.op == "draw":
                for n in range(step.amount or 0):
                    if step.face_up:
                        row = [cid for cid in s.rows[step.deck or "item"] if cid and s.cards[cid].name
                               and s.cards[cid].name not in taken]
                        if not row:
                            return None
                        name = s.cards[row[0]].name
                        left = self.names_left(step.deck or "item", taken)
                        if not left:  # no card to refill the row with, as for the Draw action
                            return None
                        refills.append(L.CardRef(left[0], None))  # named in the outcome; no draw of the rng
                        taken.append(left[0])
                    else:
                        ref = self.pick_name(step.deck or "item", taken)
                        if ref is None:
                            return None
                        name = ref.name
                    taken.append(name)
                    drawn.append(L.CardRef(name, None))
            elif step.op == "transmute":
                ref = self.pick_name("item", taken)
                if ref is None:
                    return None
                drawn.append(ref)
            elif step.op == "redraw":
                hand = [c for c in s.cards_of(player, HAND) if c.name][: step.amount or 0]
                for c in hand:
                    ref = self.pick_name(c.deck, taken)
                    if ref is None:
                        return None
                    taken.append(ref.name)
                    discarded.append(self.ref_of(c))
                    drawn.append(ref)
        if any(st.op == "manual" for st in effect.steps):  # never dealt (playable_cards); never faked
            return None
        return L.Outcome(tuple(choices), tuple(drawn), tuple(discarded), refills=tuple(refills))

    def card_targets(self, player: str, step, kind: str) -> list:
        s = self.state
        op = step.op if step else ""
        if op == "burn":
            return [c for p in self.players if p != player for c in s.cards_of(p, SANCTUM) if c.deck == "item"]
        own = [c for c in self.usable(s.cards_of(player, SANCTUM)) if c.name and not c.active
               and (kind == "card" and c.deck in ("item", "spell") or c.deck == kind)]
        if op == "put_vis":
            return [c for c in own if (s.card_def(c).cost or 0) > c.vis]
        return own

    def take_turn(self, player: str) -> None:
        """One whole turn: its opening moves, its actions (:meth:`act`), its closing moves."""
        self.ref.play_turn(L.Turn(L.Word(player), ()))
        self.moves = []
        self.turn_start, self.ref = self.ref, self.ref.fork()  # attempt() goes back to it after an illegal move
        self.open_turn(player)
        self.act(player)
        self.close_turn(player)

    def open_turn(self, player: str) -> None:
        """The Praeco's tokens, cards from hand to the Sanctum, what is paid for activated and installed."""
        s = self.state
        if player == s.praeco and not s.turn.extra_turn and s.concilium > 0:
            spaces = self.praeco_spaces(player, min(3, s.concilium))
            self.attempt(player, L.PraecoVotes(spaces=tuple(L.Word(x) for x in spaces)))
        hand = s.cards_of(player, HAND)
        keep = self.rng.randint(0, min(2, len(hand)))
        moving = [self.ref_of(c) for c in self.usable(hand[keep:])]
        if moving:
            self.attempt(player, L.ToSanctum(cards=tuple(moving)))
        self.free_moves(player)

    def act(self, player: str) -> None:
        """The turn's actions: the candidate moves tried in this bot's order until the slots are used."""
        s = self.state
        for move in self.candidates(player):
            if s is not self.state:
                s = self.state
            turn = self.state.turn
            if turn.used >= turn.slots:
                break
            self.attempt(player, move)

    def close_turn(self, player: str) -> None:
        """Cheap Resources (X4), what is now paid for, the hand down to its limit; the turn recorded."""
        if "X4" in self.variants:  # cheap resources: every playable Resource, slots or not
            for move in self.candidates(player):
                if isinstance(move, L.Play):
                    self.attempt(player, move)
        self.free_moves(player)
        hand = self.state.cards_of(player, HAND)
        extra = len(hand) - self.state.hand_limit(player)
        if extra > 0:
            self.attempt(player, L.Discard(cards=tuple(self.ref_of(c) for c in hand[:extra])))
        self.events.append(L.Turn(L.Word(player), tuple(self.moves) or (L.Pass(),)))

    # ---- the game ---------------------------------------------------------------------------------------
    def seat(self, player: str) -> "Bot":
        """The bot that plays ``player``'s turns."""
        return self.table.seats.get(player, self)

    def finish_tribunal(self) -> None:
        """Play on from a turn's end (or a Tribunal's start) until the Tribunal is scored."""
        while True:
            player = self.ref.expected_player()
            if player is None:
                if self.state.round >= len(self.players):
                    break
                event = L.RoundStart(self.state.round + 1, L.Word(self.ref.expected_praeco() or self.first_praeco))
                self.events.append(event)
                self.ref.start_round(event)
                continue
            self.seat(player).take_turn(player)
        self.ref.end_turn(None)
        self.ref.maybe_score(None)

    def play(self, tags: tuple = ()) -> L.Log:
        setup = self.setup()
        self.first_praeco = setup.praeco.text
        for number in range(1, self.profile.tribunals + 1):
            self.events.append(L.TribunalStart(number))
            self.ref.start_tribunal(self.events[-1])
            self.finish_tribunal()
            result = self.state.results[-1]
            self.events.append(L.Scores(tuple((L.Word(p.name), p.score) for p in result.players)))
        self.events.append(L.Winner(tuple(L.Word(w) for w in self.ref.winners())))
        return L.Log(None, tags, setup, tuple(self.events))
