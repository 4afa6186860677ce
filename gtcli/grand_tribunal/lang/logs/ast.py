"""From the Lark tree of a game log to the dataclasses of :mod:`gtcli.grand_tribunal.rules.log`."""

from __future__ import annotations

from dataclasses import replace
from sys import intern
from typing import Any

from gtcli.core.diagnostics import Pos
from gtcli.core.parsing.plain import InlineTransformer
from gtcli.grand_tribunal.lang.strings import unquote
from gtcli.grand_tribunal.lang.deprecated import DeprecatedSpellings
from gtcli.grand_tribunal.rules.log import (Activate, Advance, CardRef, Cast, Discard, Draw, Extract, GatherContested,
                                            GatherUncontested, Install, Log, NameCard, Outcome, Pass, Play, PraecoVotes,
                                            RoundStart, Scores, Setup, ToSanctum, TribunalStart, Turn, VisChange, Vote,
                                            Winner, Word)

KINDS = {"ITEM": "item", "SPELL": "spell", "RESOURCE": "resource", "HAND": "hand", "SANCTUM": "sanctum"}


class LogTransformer(DeprecatedSpellings, InlineTransformer):
    """Runs inline in the LALR parser (no tree is built), so every position comes from a
    token; ``path`` is set (and ``deprecated`` emptied) by :func:`gtcli.grand_tribunal.lang.syntax.parse`
    before each file. Names of players, spaces and cards are interned: a log repeats a few
    dozen of them thousands of times, and each copy would otherwise be kept.

    Its tokens are Lark's or, when Lark is not loaded, :class:`gtcli.core.parsing.plain.Token`:
    it reads only their text and attributes, and no token ends up in the result."""

    def __init__(self, path: str | None, language: str = "en") -> None:
        super().__init__()
        self.path = path
        self.language = language
        self.deprecated = []

    def _pos(self, token: Any) -> Pos:
        return Pos(self.path, token.line, token.column)

    def start(self, children):
        tags = tuple(c for c in children if isinstance(c, tuple))
        setup = next((c for c in children if isinstance(c, Setup)), None)
        events = tuple(c for c in children if not isinstance(c, (tuple, Setup)))
        deprecated, self.deprecated = tuple(self.deprecated), []
        return Log(self.path, tags, setup, events, self.language, deprecated)

    def tag(self, c):
        return (str(c[0]), unquote(c[1]), self._pos(c[0]))

    # ---- setup
    def setup(self, c):
        hands, rows, vis, praeco, trackers, dealer = [], [], [], None, None, None
        for line in c[1:]:
            kind, *rest = line
            if kind == "hand":
                hands.append(tuple(rest))
            elif kind == "row":
                rows.append(tuple(rest))
            elif kind == "vis":
                vis.append(tuple(rest))
            elif kind == "praeco":
                praeco = rest[0]
            elif kind == "dealer":
                dealer = rest[0]
            else:
                trackers = tuple(rest)
        return Setup(tuple(hands), tuple(rows), tuple(vis), praeco, trackers, self._pos(c[0]), dealer)

    def setup_hand(self, c):
        return ("hand", c[1], tuple(c[2]))

    def setup_row(self, c):
        return ("row", c[1], tuple(c[2]), self._pos(c[0]))

    def setup_vis(self, c):
        return ("vis", c[1], int(c[2]))

    def setup_praeco(self, c):
        return ("praeco", c[1])

    def setup_trackers(self, c):
        return ("trackers", int(c[1]), int(c[2]), self._pos(c[0]))

    def setup_dealer(self, c):
        return ("dealer", c[1])

    # ---- sections
    def tribunal(self, c):
        return TribunalStart(int(c[1]), self._pos(c[0]))

    def grand_tribunal(self, c):
        return TribunalStart(0, self._pos(c[0]), grand=True)

    def round(self, c):
        return RoundStart(int(c[1]), c[3], self._pos(c[0]))

    def turn(self, c):
        player, *moves = c
        return Turn(player, tuple(moves), player.pos)

    def scores(self, c):
        pairs = tuple((c[i], int(c[i + 1])) for i in range(1, len(c), 2))
        return Scores(pairs, self._pos(c[0]))

    def winner(self, c):
        return Winner(tuple(c[1:]), self._pos(c[0]))

    # ---- moves
    def forced(self, c):
        return replace(c[2], forced=unquote(c[1]))

    def praeco_votes(self, c):
        return PraecoVotes(self._pos(c[0]), spaces=tuple(c[1:]))

    def vote(self, c):
        return Vote(self._pos(c[0]), space=c[1])

    def draw_face_up(self, c):
        return Draw(self._pos(c[0]), deck=c[1], card=c[3], face_up=True, refill=c[5], zone=c[7])

    def draw_deck(self, c):
        return Draw(self._pos(c[0]), deck=c[1], card=c[2], zone=c[4])

    def advance(self, c):
        parts = tuple((c[i], int(c[i + 1])) for i in range(1, len(c), 2))
        return Advance(self._pos(c[0]), parts=parts)

    def activate(self, c):
        return Activate(self._pos(c[0]), card=c[2], player=c[1])

    activate_aside = activate

    def install(self, c):
        return Install(self._pos(c[0]), spell=c[1], item=c[3])

    def cast(self, c):
        return Cast(self._pos(c[0]), spell=c[1], item=c[3], keep=c[4] is not None, outcome=c[5])

    def play(self, c):
        return Play(self._pos(c[0]), card=c[1], outcome=c[2])

    def outcome(self, c):
        choices, drawn, refills, discarded, manual = [], (), (), (), None
        i = 0
        while i < len(c):
            item = c[i]
            if isinstance(item, tuple) and len(item) == 3 and isinstance(item[2], Pos):
                choices.append(item)
            elif getattr(item, "type", None) == "DRAW":  # a token (lists and tuples have no type)
                drawn = tuple(c[i + 1])
                i += 1
            elif getattr(item, "type", None) == "REFILL":
                refills = tuple(c[i + 1])
                i += 1
            elif getattr(item, "type", None) == "DISCARD":
                discarded = tuple(c[i + 1])
                i += 1
            elif getattr(item, "type", None) == "MANUAL":
                manual = unquote(c[i + 1])
                i += 1
            i += 1
        return Outcome(tuple(choices), drawn, discarded, manual, refills)

    def choice_value(self, c):
        return (str(c[0])[1:], c[1], self._pos(c[0]))

    def word_value(self, c):
        return str(c[0])

    def card_value(self, c):
        return c[0]

    def extract(self, c):
        return Extract(self._pos(c[0]), amount=int(c[1]))

    def gather_uncontested(self, c):
        return GatherUncontested(self._pos(c[0]), mine=int(c[2]), others=int(c[3]))

    def gather_contested(self, c):
        rolls = tuple(r for r in c[6:] if r is not None)
        return GatherContested(self._pos(c[0]), value=int(c[2]), roll=int(c[4]), rolls=rolls)

    def roll(self, c):
        return (c[0], int(c[1]))

    def to_sanctum(self, c):
        return ToSanctum(self._pos(c[0]), cards=tuple(c[1]))

    def discard(self, c):
        return Discard(self._pos(c[0]), cards=tuple(c[1]))

    def name_card(self, c):
        return NameCard(self._pos(c[0]), handle=str(c[1]), name=unquote(c[2]))

    def vis(self, c):
        amount = int(c[2]) * (-1 if str(c[1]) == "-" else 1)
        direction, party, kind = None, None, None
        if len(c) > 3 and c[3] is not None:
            direction = "from" if c[3].type == "FROM" else "to"
            party, kind = c[4]
        return VisChange(self._pos(c[0]), amount=amount, direction=direction, party=party, party_kind=kind)

    def pass_turn(self, c):
        return Pass(self._pos(c[0]))

    def player_party(self, c):
        return (str(c[0]), "player")

    def regio_party(self, c):
        return ("regio", "regio")

    def card_party(self, c):
        return (unquote(c[0]), "card")

    # ---- small pieces
    def named_card(self, c):  # the commonest node of a log: positions written out, no helper call
        t = c[0]
        return CardRef(intern(unquote(t)), None, Pos(self.path, t.line, t.column))

    def hidden_card(self, c):
        return CardRef(unquote(c[1]) if c[1] is not None else None, str(c[0]), self._pos(c[0]))

    def card_list(self, c):
        return list(c)

    def deck(self, c):
        return KINDS[c[0].type]

    def zone(self, c):
        return KINDS[c[0].type]

    def player(self, c):
        t = c[0]
        return Word(intern(str(t)), Pos(self.path, t.line, t.column))

    space = player
