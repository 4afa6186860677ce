"""A recorded game as small dataclasses with positions: events, turns and moves.

The transcript language (``gtcli.grand_tribunal.lang.logs.ast``) produces these; the rules interpreter
(``gtcli.grand_tribunal.rules.replay``) dispatches on the move types and never sees Lark.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gtcli.core.diagnostics import Pos


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card as a log names it: ``"Kindle"``, an unknown ``?a``, or ``?a "Kindle"`` (naming it)."""

    name: str | None
    handle: str | None
    pos: Pos = field(default=Pos(), compare=False)

    def label(self) -> str:
        if self.handle and self.name:
            return f'{self.handle} "{self.name}"'
        return self.handle or f'"{self.name}"'


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True, slots=True)
class Move:
    pos: Pos = field(default=Pos(), compare=False)
    forced: str | None = field(default=None, kw_only=True)  # the reason of an annotated override


@dataclass(frozen=True, slots=True)
class PraecoVotes(Move):
    spaces: tuple[Word, ...] = ()


@dataclass(frozen=True, slots=True)
class Vote(Move):
    space: Word = Word("")


@dataclass(frozen=True, slots=True)
class Draw(Move):
    deck: str = "item"
    card: CardRef = CardRef(None, None)
    face_up: bool = False
    refill: CardRef | None = None
    zone: str | None = None


@dataclass(frozen=True, slots=True)
class Advance(Move):
    parts: tuple[tuple[CardRef, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Activate(Move):
    """A4/T5: ``activate "X"`` in one's own turn, or ``activate Caro "X"`` by ``player`` at any
    other moment: within another player's turn, on a line of its own between turns, or at a
    Tribunal before it is scored."""

    card: CardRef = CardRef(None, None)
    player: Word | None = None  # who activates, when the log says so


@dataclass(frozen=True, slots=True)
class Install(Move):
    spell: CardRef = CardRef(None, None)
    item: CardRef = CardRef(None, None)


@dataclass(frozen=True, slots=True)
class Outcome:
    choices: tuple[tuple[str, str | CardRef, Pos], ...] = ()  # ($name without "$", value, pos)
    drawn: tuple[CardRef, ...] = ()
    discarded: tuple[CardRef, ...] = ()
    manual: str | None = None
    refills: tuple[CardRef, ...] = ()  # the cards refilling a face-up row after the effect's face-up draws


@dataclass(frozen=True, slots=True)
class Cast(Move):
    spell: CardRef = CardRef(None, None)
    item: CardRef = CardRef(None, None)
    keep: bool = False
    outcome: Outcome = Outcome()


@dataclass(frozen=True, slots=True)
class Play(Move):
    card: CardRef = CardRef(None, None)
    outcome: Outcome = Outcome()


@dataclass(frozen=True, slots=True)
class Extract(Move):
    amount: int = 0


@dataclass(frozen=True, slots=True)
class GatherUncontested(Move):
    mine: int = 0
    others: int = 0


@dataclass(frozen=True, slots=True)
class GatherContested(Move):
    value: int = 0
    roll: int = 0
    rolls: tuple[tuple[Word, int], ...] = ()


@dataclass(frozen=True, slots=True)
class ToSanctum(Move):
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True, slots=True)
class Discard(Move):
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True, slots=True)
class NameCard(Move):
    handle: str = ""
    name: str = ""


@dataclass(frozen=True, slots=True)
class VisChange(Move):
    amount: int = 0  # signed
    direction: str | None = None  # "from" / "to" / None
    party: str | None = None  # a player's name, "regio", or a card name in quotes
    party_kind: str | None = None  # player | regio | card


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """No (further) action this turn: T6 warns about the unused slots."""


# ---- structure ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Turn:
    player: Word
    moves: tuple[Move, ...]
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True, slots=True)
class TribunalStart:
    number: int
    pos: Pos = field(default=Pos(), compare=False)
    grand: bool = False  # written as "grand tribunal" (the last Tribunal, whatever its number)


@dataclass(frozen=True, slots=True)
class RoundStart:
    number: int
    praeco: Word
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True, slots=True)
class Scores:
    scores: tuple[tuple[Word, int], ...]
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True, slots=True)
class Winner:
    names: tuple[Word, ...]
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True, slots=True)
class Setup:
    hands: tuple[tuple[Word, tuple[CardRef, ...]], ...] = ()
    rows: tuple[tuple[str, tuple[CardRef, ...], Pos], ...] = ()
    vis: tuple[tuple[Word, int], ...] = ()
    praeco: Word | None = None
    trackers: tuple[int, int, Pos] | None = None
    pos: Pos = field(default=Pos(), compare=False)
    dealer: Word | None = None  # S3: who dealt; the starting draw begins beside them (profile)


@dataclass(frozen=True, slots=True)
class Log:
    path: str | None
    tags: tuple[tuple[str, str, Pos], ...]  # (tag as written, value, pos)
    setup: Setup | None
    events: tuple[Turn | TribunalStart | RoundStart | Scores | Winner | Activate, ...]
    language: str = "en"
    deprecated: tuple = ()  # SYN006 warnings: keywords read in an old spelling (gtcli.grand_tribunal.lang.deprecated)


