"""Grand Tribunal's diagnostic codes, registered with the core's registry (:mod:`gtcli.core.codes`).

Rule codes are the rule IDs of docs/rules.md, so a scorekeeper can look a finding up in the
rules (`gt rules explain CODE`). Problems the rules do not cover get their own prefixes,
explained in docs/codes.md:

* ``TAB``  -- a table file for ``gt tally`` (or a Tribunal entered by hand)
* ``GAME`` -- a game session file
* ``PROF`` -- a rule profile
* ``SYN``  -- the syntax of a card set or a log
* ``CARD`` -- a card set or translation

Imported by the package itself (:mod:`gtcli.grand_tribunal`), so the codes are known
wherever any part of the game is.
"""

from __future__ import annotations

from gtcli.core.codes import register, table

RULES = register(table(
    """
S1 error three to five players, seated in the listed order
S2 error every player starts with 12 Vis
S3 error/note a starting hand is five cards with at least one Item and one Spell
S4 error three face-up Items and three face-up Spells
S5 error both trackers start on the first space of Tribunal 1
S6 error any player may be the first Praeco
P1 error each player is Praeco exactly once per Tribunal
P2 error a round starts with the Praeco and every player takes one turn, clockwise
P3 error the Praeco places three Voting tokens on three different spaces before acting
P4 error the Praeco pawn passes to the next player after the round (left, or right as printed in French)
P5 error the first Praeco of Tribunals 2 and 3 owns the last 1st-place Item
T1 error a turn has two action slots
T2 error each action type at most once per turn
T3 error cards go from hand to Sanctum only, during one's own turn
T4 error discard down to the hand limit at the end of the turn
T5 error a card is activated by its owner, at any later moment, and it is not an action
T6 warning/error a turn should use both action slots
A1 error a vote takes one token from the Concilium
A2 error drawing an Item or Spell puts it in the Sanctum
A3 error/warning advancing moves Vis from the store onto one's own inactive cards
A4 error a card can be activated once its cost is met
A5 error an active Spell installs under an active Item with a free slot of its category
A6 error casting takes an installed Spell off its Item
A7 error drawing a Resource takes both slots
A8 error playing a Resource uses one slot
A9 error extracting Vis takes 1 Vis (2 before the Grand Tribunal), or the board profile's amount
A10 error an uncontested gather pays a:b
A11 error a contested gather rolls 2-5 and others may pay to roll
A12 error/note a source past the Tribunal's area cannot be gathered from
V1 error no store goes below zero
V2 error/note Vis is conserved
V3 error votes need a token in the Concilium
V4 error every Vis gain names its source
K1 error a card named in a log exists where the log uses it
K2 error no more copies in play than the set holds
K3 error cast Spells and played Resources are discarded
K4 error/note unknown cards are checked once named
K5 error/note card effects run as the set defines them
R1 error every active Item that has not won competes
R2 error an Item's votes count each distinct installed category once
R3 error/warning ranking: votes, then base score, then installed Spells; ties share a place
R4 error placed Items score (base + Spells) times 4, 3 or 2; others base + Spells
R5 error placed Items retire from competition
R6 error after scoring tokens return and trackers move on
R7 error/note the Grand Tribunal's highest total wins; equal totals share the win
X1 error variant: Advance twice per turn
X2 error variant: draws to hand or Sanctum
X3 error/note variant: secret cards
X4 error variant: Resources are free to play
X5 error variant: quick rotation
"""
), "rules.md")

FILES = register(table(
    """
TAB001 error the table file is not valid TOML
TAB002 error a required field is missing
TAB003 error a field has the wrong type or an impossible value
TAB004 error an unknown item type, spell category or Voting Track space
TAB005 error an unknown player
TAB006 error a field the table format does not know
TAB007 error a player is listed twice
TAB008 error a line of the table's lines cannot be read
GAME001 error the session file cannot be used
GAME002 error the game already has three Tribunals
GAME003 error there is no Tribunal to undo
GAME004 error the session file already exists
GAME005 error an Item that already won competes again
GAME006 error there is no undone Tribunal to redo
PROF001 error unknown rule profile
PROF002 error a profile parameter is unknown or has a wrong value
PROF003 error an unknown variant in a log's header or on the command line
SYN001 error unexpected word or end of file
SYN002 error unexpected character (or a string not closed)
SYN003 note an unknown header tag in a log
SYN004 error a number too long to be meant (more than 100 digits)
SYN005 error a file with too many words and signs to parse
SYN006 warning a keyword in an old spelling: still read, `gt fmt` writes the new one
CARD001 error unknown item type
CARD002 error unknown spell category
CARD003 error a slot of a category the set lacks
CARD004 error two cards with the same name
CARD005 error a cost, score, count or amount out of range
CARD006 error an effect argument of the wrong kind
CARD007 warning a choice that no effect uses
CARD008 error a choice used but not declared, or declared twice
CARD009 error a broken include or translation target
CARD010 error a card lacks a required attribute
CARD011 error an attribute that this kind of card does not have
CARD012 error a trigger or effect this card cannot have
CARD013 error a translation entry for a card the set lacks
CARD014 warning a card the translation does not translate yet
CARD015 error an attribute or trigger given twice
CARD016 error an unknown language
CARD017 error a set too large or nested too deep
CARD018 error a vocabulary declaration problem
CARD019 warning a translated card changed in the set since it was translated
CARD020 error a card name the set does not have (asked for on the command line)
CARD021 error/warning the set does not fit the box (2 x 55 cards, Reference cards included)
CARD022 warning a deck too small to set up a game
CARD023 error a card the publisher named has another kind, type or category
CARD024 error a control character in a name or text
CARD025 error a card set too small to simulate once its manual cards are left out
"""
), "codes.md")

TABLES = ((RULES, "rules.md"), (FILES, "codes.md"))
