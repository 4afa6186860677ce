"""The one registry of diagnostic codes.

Rule codes are the rule IDs of RULES.md, so a scorekeeper can look a finding up in the
rules. Problems the rules do not cover get their own prefixes:

* ``TAB``  -- a table file for ``gt tally`` (or a Tribunal entered by hand)
* ``GAME`` -- a game session file
* ``PROF`` -- a rule profile
* ``SYN``  -- the syntax of a card set or a log
* ``CARD`` -- a card set or translation
* ``IO``   -- a file that cannot be read or written

``docs/codes.md`` is generated from this table (``gt rules codes``), never written by hand.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    code: str
    title: str


def _table(rows: str) -> dict[str, Code]:
    table: dict[str, Code] = {}
    for row in rows.strip().splitlines():
        code, title = row.split(None, 1)
        table[code] = Code(code, title.strip())
    return table


CODES: dict[str, Code] = _table(
    """
S1 three to five players, seated in the listed order
S2 every player starts with 12 Vis
S3 a starting hand is five cards with at least one Item and one Spell
S4 three face-up Items and three face-up Spells
S5 both trackers start on the first space of Tribunal 1
S6 any player may be the first Praeco
P1 each player is Praeco exactly once per Tribunal
P2 a round starts with the Praeco and every player takes one turn, clockwise
P3 the Praeco places three Voting tokens on three different spaces before acting
P4 the Praeco pawn passes to the next player after the round
P5 the first Praeco of Tribunals 2 and 3 owns the last 1st-place Item
T1 a turn has two action slots
T2 each action type at most once per turn
T3 cards go from hand to Sanctum only, during one's own turn
T4 discard down to the hand limit at the end of the turn
T5 activating a card is not an action
T6 a turn should use both action slots
A1 a vote takes one token from the Concilium
A2 drawing an Item or Spell puts it in the Sanctum
A3 advancing moves Vis from the store onto one's own inactive cards
A4 a card can be activated once its cost is met
A5 an active Spell installs under an active Item with a free slot of its category
A6 casting takes an installed Spell off its Item
A7 drawing a Resource takes both slots
A8 playing a Resource uses one slot
A9 extracting Vis takes the board's amount
A10 an uncontested gather pays a:b
A11 a contested gather rolls 2-5 and others may pay to roll
A12 a source past the Tribunal's area cannot be gathered from
V1 no store goes below zero
V2 Vis is conserved
V3 votes need a token in the Concilium
V4 every Vis gain names its source
K1 a card named in a log exists where the log uses it
K2 no more copies in play than the set holds
K3 cast Spells and played Resources are discarded
K4 unknown cards are checked once named
K5 card effects run as the set defines them
R1 every active Item that has not won competes
R2 an Item's votes count each distinct installed category once
R3 ranking: votes, then base score, then installed Spells; ties share a place
R4 placed Items score (base + Spells) times 4, 3 or 2; others base + Spells
R5 placed Items retire from competition
R6 after scoring tokens return and trackers move on
R7 the Grand Tribunal's highest total wins; equal totals share the win
X1 variant: Advance twice per turn
X2 variant: draws to hand or Sanctum
X3 variant: secret cards
X4 variant: Resources are free to play
X5 variant: quick rotation
TAB001 the table file is not valid TOML
TAB002 a required field is missing
TAB003 a field has the wrong type or an impossible value
TAB004 an unknown item type, spell category or Voting Track space
TAB005 an unknown player
TAB006 a field the table format does not know
TAB007 a player is listed twice
GAME001 the session file cannot be used
GAME002 the game already has three Tribunals
GAME003 there is no Tribunal to undo
GAME004 the session file already exists
GAME005 an Item that already won competes again
PROF001 unknown rule profile
PROF002 a profile parameter is unknown or has a wrong value
SYN001 unexpected word or end of file
SYN002 unexpected character (or a string not closed)
SYN003 an unknown header tag in a log
SYN004 a number too long to be meant (more than 100 digits)
SYN005 a file with too many words and signs to parse
CARD001 unknown item type
CARD002 unknown spell category
CARD003 a slot of a category the set lacks
CARD004 two cards with the same name
CARD005 a cost, score, count or amount out of range
CARD006 an effect argument of the wrong kind
CARD007 a choice that no effect uses
CARD008 a choice used but not declared, or declared twice
CARD009 a broken include or translation target
CARD010 a card lacks a required attribute
CARD011 an attribute that this kind of card does not have
CARD012 a trigger or effect this card cannot have
CARD013 a translation entry for a card the set lacks
CARD014 a card the translation does not translate yet
CARD015 an attribute or trigger given twice
CARD016 an unknown language
CARD017 a set too large or nested too deep
CARD018 a vocabulary declaration problem
CARD024 a control character in a name or text
IO001 a file cannot be read
IO002 a file cannot be written
IO005 a log names a file outside its folder
"""
)


def title(code: str) -> str:
    return CODES[code].title if code in CODES else ""
