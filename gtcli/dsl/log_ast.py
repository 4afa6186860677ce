"""Game logs as small dataclasses with positions, from the transcript grammar's tree.

Each move kind is its own dataclass, so the rules interpreter (``gtcli.rules.replay``)
dispatches on the type and never sees Lark.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Transformer

from gtcli.diagnostics import Pos
from gtcli.dsl.cards_ast import unquote


@dataclass(frozen=True)
class CardRef:
    """A card as a log names it: ``"Kindle"``, an unknown ``?a``, or ``?a "Kindle"`` (naming it)."""

    name: str | None
    handle: str | None
    pos: Pos = field(default=Pos(), compare=False)

    def label(self) -> str:
        if self.handle and self.name:
            return f'{self.handle} "{self.name}"'
        return self.handle or f'"{self.name}"'


@dataclass(frozen=True)
class Word:
    text: str
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Move:
    pos: Pos = field(default=Pos(), compare=False)
    forced: str | None = field(default=None, kw_only=True)  # the reason of an annotated override


@dataclass(frozen=True)
class PraecoVotes(Move):
    spaces: tuple[Word, ...] = ()


@dataclass(frozen=True)
class Vote(Move):
    space: Word = Word("")


@dataclass(frozen=True)
class Draw(Move):
    deck: str = "item"
    card: CardRef = CardRef(None, None)
    face_up: bool = False
    refill: CardRef | None = None
    zone: str | None = None


@dataclass(frozen=True)
class Advance(Move):
    parts: tuple[tuple[CardRef, int], ...] = ()


@dataclass(frozen=True)
class Activate(Move):
    card: CardRef = CardRef(None, None)


@dataclass(frozen=True)
class Install(Move):
    spell: CardRef = CardRef(None, None)
    item: CardRef = CardRef(None, None)


@dataclass(frozen=True)
class Outcome:
    choices: tuple[tuple[str, str | CardRef, Pos], ...] = ()  # ($name without "$", value, pos)
    drawn: tuple[CardRef, ...] = ()
    discarded: tuple[CardRef, ...] = ()
    manual: str | None = None


@dataclass(frozen=True)
class Cast(Move):
    spell: CardRef = CardRef(None, None)
    item: CardRef = CardRef(None, None)
    keep: bool = False
    outcome: Outcome = Outcome()


@dataclass(frozen=True)
class Play(Move):
    card: CardRef = CardRef(None, None)
    outcome: Outcome = Outcome()


@dataclass(frozen=True)
class Extract(Move):
    amount: int = 0


@dataclass(frozen=True)
class GatherUncontested(Move):
    mine: int = 0
    others: int = 0


@dataclass(frozen=True)
class GatherContested(Move):
    value: int = 0
    roll: int = 0
    rolls: tuple[tuple[Word, int], ...] = ()


@dataclass(frozen=True)
class ToSanctum(Move):
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class Discard(Move):
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class NameCard(Move):
    handle: str = ""
    name: str = ""


@dataclass(frozen=True)
class VisChange(Move):
    amount: int = 0  # signed
    direction: str | None = None  # "from" / "to" / None
    party: str | None = None  # a player's name, "regio", or a card name in quotes
    party_kind: str | None = None  # player | regio | card


# ---- structure ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Turn:
    player: Word
    moves: tuple[Move, ...]
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class TribunalStart:
    number: int
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class RoundStart:
    number: int
    praeco: Word
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Scores:
    scores: tuple[tuple[Word, int], ...]
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Winner:
    names: tuple[Word, ...]
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Setup:
    hands: tuple[tuple[Word, tuple[CardRef, ...]], ...] = ()
    rows: tuple[tuple[str, tuple[CardRef, ...], Pos], ...] = ()
    vis: tuple[tuple[Word, int], ...] = ()
    praeco: Word | None = None
    trackers: tuple[int, int, Pos] | None = None
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Log:
    path: str | None
    tags: tuple[tuple[str, str, Pos], ...]  # (tag as written, value, pos)
    setup: Setup | None
    events: tuple[Turn | TribunalStart | RoundStart | Scores | Winner, ...]
    language: str = "en"


KINDS = {"ITEM": "item", "SPELL": "spell", "RESOURCE": "resource", "HAND": "hand", "SANCTUM": "sanctum"}


class LogTransformer(Transformer):
    def __init__(self, path: str | None, language: str = "en") -> None:
        super().__init__()
        self.path = path
        self.language = language

    def _pos(self, item) -> Pos:
        if isinstance(item, Token):
            return Pos(self.path, item.line, item.column)
        return Pos(self.path, getattr(item, "line", None), getattr(item, "column", None))

    def start(self, children):
        tags = tuple(c for c in children if isinstance(c, tuple))
        setup = next((c for c in children if isinstance(c, Setup)), None)
        events = tuple(c for c in children if not isinstance(c, (tuple, Setup)))
        return Log(self.path, tags, setup, events, self.language)

    def tag(self, c):
        return (str(c[0]), unquote(c[1]), self._pos(c[0]))

    # ---- setup
    def setup(self, c):
        hands, rows, vis, praeco, trackers = [], [], [], None, None
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
            else:
                trackers = tuple(rest)
        return Setup(tuple(hands), tuple(rows), tuple(vis), praeco, trackers, self._pos(c[0]))

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

    # ---- sections
    def tribunal(self, c):
        return TribunalStart(int(c[1]), self._pos(c[0]))

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
    def move(self, c):
        return c[0]

    def forced(self, c):
        from dataclasses import replace

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
        return Activate(self._pos(c[0]), card=c[1])

    def install(self, c):
        return Install(self._pos(c[0]), spell=c[1], item=c[3])

    def cast(self, c):
        return Cast(self._pos(c[0]), spell=c[1], item=c[3], keep=c[4] is not None, outcome=c[5])

    def play(self, c):
        return Play(self._pos(c[0]), card=c[1], outcome=c[2])

    def outcome(self, c):
        choices, drawn, discarded, manual = [], (), (), None
        i = 0
        while i < len(c):
            item = c[i]
            if isinstance(item, tuple) and len(item) == 3 and isinstance(item[2], Pos):
                choices.append(item)
            elif isinstance(item, Token) and item.type == "DRAW":
                drawn = tuple(c[i + 1])
                i += 1
            elif isinstance(item, Token) and item.type == "DISCARD":
                discarded = tuple(c[i + 1])
                i += 1
            elif isinstance(item, Token) and item.type == "MANUAL":
                manual = unquote(c[i + 1])
                i += 1
            i += 1
        return Outcome(tuple(choices), drawn, discarded, manual)

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

    def player_party(self, c):
        return (str(c[0]), "player")

    def regio_party(self, c):
        return ("regio", "regio")

    def card_party(self, c):
        return (unquote(c[0]), "card")

    # ---- small pieces
    def named_card(self, c):
        return CardRef(unquote(c[0]), None, self._pos(c[0]))

    def hidden_card(self, c):
        return CardRef(unquote(c[1]) if c[1] is not None else None, str(c[0]), self._pos(c[0]))

    def card_list(self, c):
        return list(c)

    def deck(self, c):
        return KINDS[c[0].type]

    def zone(self, c):
        return KINDS[c[0].type]

    def player(self, c):
        return Word(str(c[0]), self._pos(c[0]))

    def space(self, c):
        return Word(str(c[0]), self._pos(c[0]))
