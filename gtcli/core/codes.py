"""The one registry of diagnostic codes.

Rule codes are the rule IDs of docs/rules.md, so a scorekeeper can look a finding up in the
rules (`gt rules explain CODE`). Problems the rules do not cover get their own prefixes:

* ``TAB``  -- a table file for ``gt tally`` (or a Tribunal entered by hand)
* ``GAME`` -- a game session file
* ``PROF`` -- a rule profile
* ``SYN``  -- the syntax of a card set or a log
* ``CARD`` -- a card set or translation
* ``IO``   -- a file that cannot be read or written
* ``CFG``  -- a configuration file (gt.toml, ``[tool.gtcli]``)
* ``TRK``  -- Trickerion, the second game (docs/trickerion.md)
* ``CLUB`` -- the index of a club's archive (docs/club.md)

Each code is listed with the severities it is reported with, the usual one first: an
*error* breaks a rule (exit 1), a *warning* is legal but worth a look, a *note* says what
was taken on trust. ``gt rules codes`` prints this table; ``gt rules explain CODE`` prints
the code's section of docs/rules.md (rule IDs) or docs/codes.md (the other prefixes).
"""

from __future__ import annotations

from dataclasses import dataclass

from gtcli.core.text import did_you_mean


SEVERITIES = ("error", "warning", "note")


@dataclass(frozen=True)
class Code:
    code: str
    title: str
    severities: tuple[str, ...] = ("error",)  # every severity it is reported with, the usual first

    @property
    def severity(self) -> str:
        """The severity it is usually reported with (``gt rules codes``)."""
        return self.severities[0]


def _table(rows: str) -> dict[str, Code]:
    """One row per code: ``CODE severity[/severity...] title``."""
    table: dict[str, Code] = {}
    for row in rows.strip().splitlines():
        code, severities, title = row.split(None, 2)
        levels = tuple(severities.split("/"))
        assert all(level in SEVERITIES for level in levels), row
        table[code] = Code(code, title.strip(), levels)
    return table


CODES: dict[str, Code] = _table(
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
TAB001 error the table file is not valid TOML
TAB002 error a required field is missing
TAB003 error a field has the wrong type or an impossible value
TAB004 error an unknown item type, spell category or Voting Track space
TAB005 error an unknown player
TAB006 error a field the table format does not know
TAB007 error a player is listed twice
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
IO001 error a file cannot be read
IO002 error a file cannot be written
IO003 error a file is being changed by another gt command (locked)
IO004 error a file changed since it was read (nothing was written)
IO005 error a log names a file outside its folder
IO006 error a file gt makes beside yours (lock, temp, draft) is a link, FIFO or folder
IO007 error a save would make a file larger than gt reads (nothing was written)
IO008 error the files a command would write already exist (nothing was written)
CFG001 error a configuration file cannot be used
CFG002 error an unknown setting in a configuration file
CFG003 error a setting has a wrong value
"""
)


def title(code: str) -> str:
    return CODES[code].title if code in CODES else ""


# ``TRK`` -- Trickerion, the second game (gtcli/trickerion/, `gt trickerion`, docs/trickerion.md).
# Its session files share GAME001 (cannot be used) and GAME004 (already exists) with `gt game`.
CODES.update(_table(
    """
TRK001 error a Trickerion file is not valid TOML
TRK002 error a required field is missing
TRK003 error a field has the wrong type or an impossible value
TRK004 error an unknown day, character, resource or location
TRK005 error an unknown player
TRK006 error a field the format does not know
TRK007 error a player is listed twice
TRK008 error Trickerion takes two to four players
TRK009 error the initiative order does not list every player once
TRK010 error a Magician performs a card without a trick of theirs
TRK011 error two performances on one day, or one Magician performing twice
TRK012 error a Specialist listed twice behind the performer
TRK013 error a shard cannot buy an action point in the Theatre
TRK014 error not enough coins or shards for a payment
TRK015 error a turn entered for the wrong turn number
TRK016 error a character the player's team does not have, or cannot have
TRK017 error the game already has its five turns
TRK018 error there is no turn to undo
TRK019 error there is no undone turn to redo
TRK020 error a trick in a show whose owner never had the fame its threshold asks
"""
))


# ``CLUB`` -- the index of a club's archive (gtcli/club/, `gt club`, docs/club.md).
CODES.update(_table(
    """
CLUB001 error the archive's index cannot be used (not gt's, damaged outside gt's folder, or a link)
CLUB002 error the archive's index was made by a newer gt
CLUB003 error the archive's index is busy (another gt club command holds it)
"""
))


# Where each code is explained (``gt rules explain CODE``): the letters a code starts with ->
# a Markdown file of docs/, in which the code's section starts with a heading line
# ``## CODE — title`` (or ``###``) and runs to the next heading of the same or a higher level.
# Rule IDs (one letter) are the rules reference; the other prefixes share one page.
DOCS_FOR_PREFIX: dict[str, str] = {
    **{letter: "rules.md" for letter in "SPTAVKRX"},
    **{prefix: "codes.md" for prefix in ("TAB", "GAME", "PROF", "SYN", "CARD", "IO", "CFG")},
    "TRK": "trickerion.md",
    "CLUB": "club.md",
}


def prefix(code: str) -> str:
    """The letters a code starts with (``CARD`` of ``CARD004``, ``A`` of ``A12``)."""
    letters = ""
    for ch in code:
        if not ch.isalpha():
            break
        letters += ch
    return letters


# ---- choosing codes: --select / --ignore / --severity ----------------------------------------------
# A selector is a whole code (``T6``: that code only, so ``A1`` is not also A10-A12) or the
# start of codes (``T``, ``CARD01``, ``X``), as ruff's selectors are. When a code matches
# both a selected and an ignored selector, the longer (more specific) one decides, and an
# exact tie ignores: ``--select T --ignore T6`` is every T code but T6, ``--select T6
# --ignore T`` is T6 alone.


def selector_problem(selector: str) -> str | None:
    """None if ``selector`` names a code or starts some codes; else why, with a "did you mean"."""
    if selector in CODES or any(code.startswith(selector) for code in CODES):
        return None
    hint = did_you_mean(selector, CODES)
    return f"{selector!r} is no code and starts none" + (f"; {hint}" if hint else "; `gt rules codes` lists them")


def _specificity(selectors: tuple[str, ...], code: str) -> int:
    """The length of the longest selector matching ``code``, -1 if none does."""
    return max((len(s) for s in selectors if s == code or (s not in CODES and code.startswith(s))), default=-1)


@dataclass(frozen=True)
class CodeFilter:
    """Which findings a run shows and counts: the codes selected, the codes ignored, the least severity."""

    select: tuple[str, ...] = ()  # empty: every code
    ignore: tuple[str, ...] = ()
    severity: str = "note"  # the least severity shown: "note" shows everything

    @property
    def everything(self) -> bool:
        return not self.select and not self.ignore and self.severity == SEVERITIES[-1]

    def keeps(self, code: str, severity: str) -> bool:
        if severity in SEVERITIES and SEVERITIES.index(severity) > SEVERITIES.index(self.severity):
            return False
        chosen = _specificity(self.select, code) if self.select else 0
        return chosen >= 0 and chosen > _specificity(self.ignore, code)
