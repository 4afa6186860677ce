"""Source of the per-rule logs in this folder: ``python scenarios/rules/cases.py``.

Each case in ``CASES`` is a short log that breaks exactly one rule. ``@@`` marks the token
the diagnostic must point at; the script removes it and writes ``CODE.gtl`` with a first
line ``# expect: CODE LINE:COL SEVERITY`` (a case named ``CODE.what`` is another situation of
the same rule, written to ``CODE.what.gtl``). The expectation comes from the marker, never
from running the checker, so the tests compare the checker against the case's intent.

Each case in ``LEGAL`` is the same rule followed: a short log with no error or warning,
written to ``legal/CODE.gtl`` with a first line ``# shows: LINE:COL`` (the ``@@`` marker:
the move that shows the rule); ``CODE.what`` is another situation, ``legal/CODE.what.gtl``. ``gt rules explain CODE`` (docs/rules.md) quotes both lines.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent

HEADER = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "sample"]\n'
SETUP = """
setup
  hand Ana "Storm Staff", "Kindle", "Hidden Cache", "Ember Wand", "Call the Gale"
  hand Ben "Glass Orb", "Fog Bank", "Levy", "Scroll of Ash", "Mending Light"
  hand Caro "Bottled Dawn", "Hearthsong", "Debt Collector", "Ashwood Staff", "Sigil of Haste"
  row item "Orb of Tides", "Iron Amulet", "Codex Fragment"
  row spell "Rune of Binding", "Leaden Dream", "Time Unspooled"
  praeco Ana
"""
START = "\ntribunal 1\nround 1 praeco Ana\n"

class Filler:
    """Legal two-action turns (Extract Vis, a vote on Healing), for the parts a case does not test.

    No case's Items care about the Healing space, so these votes never change a tally.
    """

    def __init__(self) -> None:
        self.tribunal = 1

    def turn(self, player: str, praeco: str | None = None) -> str:
        amount = 2 if self.tribunal == 3 else 1
        head = f"praeco {praeco}; " if praeco else ""
        return f"{player}: {head}extract {amount}; vote healing"


def rounds(fill: Filler, tribunal: int, turns: dict[tuple[int, str], str] | None = None,
           first: str = "Ana", header: bool = True, right: bool = False) -> str:
    """A whole Tribunal of filler turns; ``turns[(round, player)]`` replaces one turn.

    ``right``: the Praeco pawn passes to the right (printed-fr); turns still go clockwise.
    """
    fill.tribunal = tribunal
    seats = ["Ana", "Ben", "Caro"]
    start = seats.index(first)
    order = seats[start:] + seats[:start]
    if right:
        order = order[:1] + order[1:][::-1]
    spaces = ["staff, orb, wand", "potion, scroll, talisman", "alchemical, elemental, runic"]
    out = [f"\ntribunal {tribunal}"] if header else []
    for r, praeco in enumerate(order, 1):
        out.append(f"round {r} praeco {praeco}")
        i = seats.index(praeco)
        for player in seats[i:] + seats[:i]:
            if turns and (r, player) in turns:
                out.append(turns[(r, player)])
            else:
                out.append(fill.turn(player, spaces[r - 1] if player == praeco else None))
    return "\n".join(out) + "\n"


def simple(body: str, header: str = HEADER, setup: str = SETUP, start: str = START) -> str:
    return header + setup + start + body


def tribunal_case(turns: dict, tail: str, first: str = "Ana") -> str:
    fill = Filler()
    return HEADER + SETUP + rounds(fill, 1, turns, first) + tail


def p5_case() -> str:
    fill = Filler()
    text = HEADER + SETUP + rounds(fill, 1)
    # No item competed, so no 1st place: Tribunal 2 opens with the player after the last Praeco
    # (Caro), that is Ana (P5 Decision). Ben is wrong.
    return text + "\ntribunal 2\nround 1 praeco @@Ben\n"


def r5_case() -> str:
    fill = Filler()
    t1 = {(1, "Ana"): 'Ana: praeco staff, orb, wand; sanctum "Ember Wand"; advance "Ember Wand" 2; extract 1',
          (2, "Ana"): 'Ana: activate "Ember Wand"; extract 1; draw item "Pilgrim\'s Orb"'}
    text = HEADER + SETUP + rounds(fill, 1, t1) + "scores Ana 8, Ben 0, Caro 0\n"
    text += rounds(fill, 2, first="Ana")
    return text + "scores @@Ana 8, Ben 0, Caro 0\n"


def r6_case() -> str:
    fill = Filler()
    t1 = {(1, "Ana"): "Ana: praeco staff, orb, wand; gather uncontested 3:1",
          (1, "Ben"): "Ben: gather uncontested 2:1"}
    text = HEADER + SETUP + rounds(fill, 1, t1)
    t2 = {(1, "Ana"): "Ana: praeco staff, orb, wand; @@gather uncontested 2:1"}
    return text + rounds(fill, 2, t2)


def r2_case() -> str:
    turns = {
        (1, "Ana"): 'Ana: praeco elemental, orb, wand; sanctum "Storm Staff", "Kindle", "Call the Gale"; '
                    'advance "Storm Staff" 1, "Kindle" 1, "Call the Gale" 1; extract 1',
        (1, "Ben"): 'Ben: sanctum "Glass Orb"; advance "Glass Orb" 2; extract 1',
        (2, "Ben"): 'Ben: praeco elemental, orb, potion; advance "Glass Orb" 1; activate "Glass Orb"; extract 1',
        (2, "Ana"): 'Ana: advance "Storm Staff" 1, "Kindle" 1, "Call the Gale" 1; activate "Kindle"; '
                    'activate "Call the Gale"; extract 1',
        (3, "Caro"): 'Caro: praeco orb, scroll, talisman; extract 1; draw item "Heavy Censer"',
        (3, "Ana"): 'Ana: advance "Storm Staff" 2; activate "Storm Staff"; install "Kindle" on "Storm Staff"; '
                    'install "Call the Gale" on "Storm Staff"; extract 1',
    }
    # Storm Staff: elemental 2 + staff 0 = 2 votes (Elemental counts once); Glass Orb: orb 3.
    # Right: Ben 1st (2 x 4 = 8), Ana 2nd ((3 + 2) x 3 = 15). Counting Elemental twice
    # gives Ana 4 votes: Ana 1st (20), Ben 2nd (6).
    return tribunal_case(turns, "scores @@Ana 20, Ben 6, Caro 0\n")


def r3_case() -> str:
    turns = {
        (1, "Ana"): 'Ana: praeco staff, wand, orb; sanctum "Ember Wand"; advance "Ember Wand" 2; extract 1',
        (1, "Caro"): 'Caro: sanctum "Ashwood Staff"; advance "Ashwood Staff" 2; extract 1',
        (2, "Ana"): 'Ana: activate "Ember Wand"; extract 1; draw item "Pilgrim\'s Orb"',
        (2, "Caro"): 'Caro: activate "Ashwood Staff"; extract 1; draw item "Draught of Echoes"',
    }
    # Both have 1 vote; Ember Wand's base 2 beats Ashwood Staff's 1: Ana 8, Caro 1 x 3 = 3.
    # Sharing 1st instead would give Caro 4.
    return tribunal_case(turns, "scores Ana 8, Ben 0, @@Caro 4\n")


def one_item_case(recorded: str) -> str:
    turns = {
        (1, "Ana"): 'Ana: praeco staff, orb, wand; sanctum "Ember Wand"; advance "Ember Wand" 2; extract 1',
        (2, "Ana"): 'Ana: activate "Ember Wand"; extract 1; draw item "Pilgrim\'s Orb"',
    }
    return tribunal_case(turns, recorded)


def a6_case() -> str:
    turns = {
        (1, "Ana"): 'Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle", "Ember Wand"; '
                    'advance "Kindle" 2; activate "Kindle"; extract 1',
        (2, "Ana"): 'Ana: advance "Ember Wand" 2; activate "Ember Wand"; install "Kindle" on "Ember Wand"; extract 1',
        (3, "Ana"): 'Ana: @@cast "Kindle" from "Storm Staff"; extract 1',
    }
    return tribunal_case(turns, "")


def a12_case() -> str:
    turns = {
        (1, "Ana"): "Ana: praeco staff, orb, wand; gather uncontested 3:1",
        (1, "Ben"): "Ben: gather uncontested 2:1",
        (1, "Caro"): "Caro: gather uncontested 2:1",
        (2, "Ben"): "Ben: praeco potion, scroll, talisman; gather uncontested 2:0",
        (2, "Caro"): "Caro: gather uncontested 1:0",
        (2, "Ana"): "Ana: @@gather uncontested 1:0",
    }
    return tribunal_case(turns, "")


NO_BOARD = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n'
GENEROUS_FR = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "sample"]\n[Profile "generous-fr.toml"]\n'


def r1_at_tribunal_case() -> str:
    """Ana activates her Ember Wand at the Tribunal (T5); the scores leave it out."""
    turns = {
        (1, "Ana"): 'Ana: praeco staff, orb, wand; sanctum "Ember Wand"; advance "Ember Wand" 2; extract 1',
        (1, "Ben"): 'Ben: sanctum "Glass Orb"; advance "Glass Orb" 2; extract 1',
        (2, "Ben"): 'Ben: praeco potion, scroll, talisman; advance "Glass Orb" 1; activate "Glass Orb"; extract 1',
        (2, "Ana"): "Ana: extract 1; vote wand",
    }
    # Ember Wand (wand 2 votes) places 1st: 2 x 4 = 8; Glass Orb (orb 1) 2nd: 2 x 3 = 6. Left out,
    # the Glass Orb would be 1st (8): Ben's 8 is R1 as much as Ana's 0 (R4 until issue 21).
    return tribunal_case(turns, 'activate Ana "Ember Wand"\nscores Ana 0, @@Ben 8, Caro 0\n')


def votes_again_case() -> str:
    """Tribunal 2 scored with Tribunal 1's tokens still on the track (they went back to the
    Concilium, R6): Tribunal 1 left wand 2, staff 1, orb 1; Tribunal 2 has staff 2, orb 1, wand 1.
    Right: Ashwood Staff (staff 2) 1st, 1 x 4 = 4; Ember Wand and Glass Orb (1 vote, base 2) share
    2nd, 2 x 3 = 6 each. Counted again (staff 3, orb 2, wand 3): Ember Wand 1st, 8; Ashwood Staff
    2nd, 3; Glass Orb 3rd, 4. Every score of the line is R4, and none says the Staff was left out."""
    fill = Filler()
    text = HEADER + SETUP + rounds(fill, 1, {(1, "Ben"): "Ben: extract 1; vote wand"})
    t2 = {(1, "Ana"): 'Ana: praeco staff, orb, wand; sanctum "Ember Wand"; advance "Ember Wand" 2; '
                      'activate "Ember Wand"; extract 1',
          (1, "Ben"): 'Ben: sanctum "Glass Orb"; advance "Glass Orb" 2; extract 1',
          (1, "Caro"): 'Caro: sanctum "Ashwood Staff"; advance "Ashwood Staff" 2; activate "Ashwood Staff"; '
                       'vote staff',
          (2, "Ben"): 'Ben: praeco potion, scroll, talisman; advance "Glass Orb" 1; activate "Glass Orb"; extract 1'}
    return text + rounds(fill, 2, t2) + "scores @@Ana 8, Ben 4, Caro 3\n"


def k3_drawn_again_case() -> str:
    """Call the Gale (one copy) is cast and discarded; drawn again in the same Tribunal it is K3, not K2."""
    turns = {
        (1, "Ana"): 'Ana: praeco staff, orb, wand; sanctum "Call the Gale", "Ember Wand"; advance "Call the Gale" 2; '
                    'activate "Call the Gale"; extract 1',
        (2, "Ana"): 'Ana: advance "Ember Wand" 2; activate "Ember Wand"; install "Call the Gale" on "Ember Wand"; '
                    'extract 1',
        (3, "Ana"): 'Ana: cast "Call the Gale" from "Ember Wand" with $space=healing; extract 1',
        (3, "Ben"): 'Ben: extract 1; draw spell @@"Call the Gale"',
    }
    return tribunal_case(turns, "")


def k4_row_handle_case() -> str:
    """X3: a Spell taken secretly from the face-up row, its handle then named as an Item."""
    return simple("Ana: praeco staff, orb, wand; extract 1; draw spell face-up ?a refill \"Kindle\"\n"
                  "Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n"
                  "round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n"
                  "Caro: extract 1; vote orb\n"
                  'Ana: extract 1; vote healing; @@name ?a "Storm Staff"\n', header=variant("secret-cards"))


def rival_card_case(card: str, choice: str) -> str:
    """Caro's effect chooses Ben's inactive Glass Orb: an effect that spends on a card or makes it
    active chooses among the caster's own cards only (docs/cards.md, issue 34)."""
    return simple('Ana: praeco staff, orb, wand; extract 1; vote staff\n'
                  'Ben: sanctum "Glass Orb"; extract 1; vote orb\n'
                  f'Caro: draw resource "{card}"\n'
                  'round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n'
                  f'Caro: play "{card}" with ${choice}=@@"Glass Orb"; extract 1\n')


def redraw_case(drawn: str) -> str:
    """Ben casts Surgeon's Patience (redraw 2): he discards Levy, a Resource, and draws its replacement."""
    turns = {
        (1, "Ben"): 'Ben: sanctum "Scroll of Ash"; advance "Scroll of Ash" 1; draw spell "Surgeon\'s Patience"',
        (2, "Ben"): 'Ben: praeco potion, scroll, talisman; activate "Scroll of Ash"; advance "Surgeon\'s Patience" 2; '
                    'activate "Surgeon\'s Patience"; install "Surgeon\'s Patience" on "Scroll of Ash"; extract 1',
        (3, "Ben"): f'Ben: cast "Surgeon\'s Patience" from "Scroll of Ash" draw {drawn} discard "Levy"; extract 1',
    }
    return tribunal_case(turns, "")


TIGHT = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "sample"]\n[Profile "tight.toml"]\n'
FEW_TOKENS = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "sample"]\n[Profile "few-tokens.toml"]\n'
FIVE_TOKENS = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "sample"]\n[Profile "five-tokens.toml"]\n'
SHORT = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "sample"]\n[Profile "short-regio.toml"]\n'


def variant(name: str) -> str:
    return HEADER + f'[Variants "{name}"]\n'


def effect_votes_case(header: str, marker: str = "@@") -> str:
    """Ana casts Call the Gale (it places a vote); with three tokens in the box, none is left."""
    return simple('Ana: praeco staff, orb, wand; sanctum "Ember Wand", "Call the Gale"; advance "Ember Wand" 2; '
                  'extract 1\n'
                  'Ben: extract 1; draw item "Pilgrim\'s Orb"\n'
                  'Caro: extract 1; draw item "Heavy Censer"\n'
                  'round 2 praeco Ben\n'
                  f'Ben: {"praeco potion, scroll, talisman; " if "few" not in header else ""}'
                  'extract 1; draw spell "Kindle"\n'
                  'Caro: extract 1; draw spell "Shared Harvest"\n'
                  'Ana: activate "Ember Wand"; advance "Call the Gale" 2; activate "Call the Gale"; '
                  f'install "Call the Gale" on "Ember Wand"; {marker}cast "Call the Gale" from "Ember Wand" '
                  'with $space=staff\n', header=header)


def r6_legal() -> str:
    fill = Filler()
    t1 = {(1, "Ana"): "Ana: praeco staff, orb, wand; gather uncontested 3:1",
          (1, "Ben"): "Ben: gather uncontested 2:1"}
    text = HEADER + SETUP + rounds(fill, 1, t1)
    t2 = {(1, "Ana"): "Ana: praeco staff, orb, wand; @@gather uncontested 3:1"}
    return text + rounds(fill, 2, t2)


def a12_legal() -> str:
    turns = {
        (1, "Ana"): "Ana: praeco staff, orb, wand; gather uncontested 3:1",
        (1, "Ben"): "Ben: gather uncontested 2:1",
        (1, "Caro"): "Caro: gather uncontested 2:1",
        (2, "Ben"): "Ben: praeco potion, scroll, talisman; gather uncontested 2:0",
        (2, "Caro"): "Caro: @@gather uncontested 1:0",
        (2, "Ana"): "Ana: gather contested 3 roll 4",
    }
    return tribunal_case(turns, "")


def a6_legal() -> str:
    turns = {
        (1, "Ana"): 'Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle", "Ember Wand"; '
                    'advance "Kindle" 2; activate "Kindle"; extract 1',
        (2, "Ana"): 'Ana: advance "Ember Wand" 2; activate "Ember Wand"; install "Kindle" on "Ember Wand"; extract 1',
        (3, "Ana"): 'Ana: @@cast "Kindle" from "Ember Wand"; extract 1',
    }
    return tribunal_case(turns, "")


def a5_legal() -> str:
    turns = {
        (1, "Ana"): 'Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle", "Ember Wand"; '
                    'advance "Kindle" 2; activate "Kindle"; extract 1',
        (2, "Ana"): 'Ana: advance "Ember Wand" 2; activate "Ember Wand"; @@install "Kindle" on "Ember Wand"; '
                    'extract 1',
    }
    return tribunal_case(turns, "")


def k3_legal() -> str:
    fill = Filler()
    t1 = {(1, "Ben"): 'Ben: sanctum "Levy"; play "Levy"; extract 1'}
    text = HEADER + SETUP + rounds(fill, 1, t1)
    # Tribunal 2: the discard pile was shuffled back into its deck, so Levy can be drawn again
    t2 = {(1, "Ben"): 'Ben: @@draw resource "Levy"'}
    return text + rounds(fill, 2, t2)


def r7_legal() -> str:
    fill = Filler()
    text = HEADER + SETUP + rounds(fill, 1) + rounds(fill, 2) + rounds(fill, 3)
    return text + "@@winner Ana, Ben, Caro\n"


def x5_legal() -> str:
    return simple('Ana: praeco staff, orb, wand; sanctum "Kindle", "Ember Wand"; advance "Kindle" 2; '
                  'extract 1\nBen: extract 1; vote orb\nCaro: extract 1; vote wand\n'
                  'round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n'
                  'Caro: extract 1; vote orb\n'
                  'Ana: advance "Ember Wand" 2; @@install "Kindle" on "Ember Wand"; extract 1\n',
                  header=variant("quick-rotation"))

CASES: dict[str, str] = {
    # ---- S: setup
    "S1": '[@@Players "Ana, Ben"]\n[Cards "sample"]\n\ntribunal 1\nround 1 praeco Ana\n'
          'Ana: praeco staff, orb, wand; extract 1; vote staff\n',
    "S2": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n",
                 setup=SETUP.replace("  praeco Ana\n", "  praeco Ana\n  vis @@Ana 10\n")),
    "S3": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n",
                 setup=SETUP.replace('  hand Ana "Storm Staff", "Kindle", "Hidden Cache", ',
                                     '  hand @@Ana "Storm Staff", "Kindle", ')),
    "S4": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n",
                 setup=SETUP.replace('  row item "Orb of Tides", ', '  @@row item ')),
    "S5": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n",
                 setup=SETUP + "  @@trackers 2, 1\n"),
    "S6": simple("Ben: praeco staff, orb, wand; extract 1; vote staff\n", start="\ntribunal 1\nround 1 praeco @@Ben\n"),
    # ---- P: Praeco and rounds
    "P1": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n"
                 "Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n"
                 "round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n"
                 "Caro: extract 1; vote orb\nAna: extract 1; vote wand\n"
                 "round 3 praeco @@Ana\n"),
    "P2": simple("@@Ben: extract 1; vote orb\n"),
    "P3": simple("Ana: @@praeco staff, staff, wand; extract 1; vote runic\n"),
    "P4": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n"
                 "Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n"
                 "round 2 praeco @@Caro\n"),
    "P5": p5_case(),
    # ---- T: a turn
    "T1": simple('Ana: praeco staff, orb, wand; extract 1; vote staff; @@draw item "Pilgrim\'s Orb"\n'),
    "T2": simple("Ana: praeco staff, orb, wand; vote staff; @@vote runic\n"),
    "T3": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff"; extract 1; vote staff; '
                 'sanctum @@"Storm Staff"\n'),
    "T4": simple('@@Ana: praeco staff, orb, wand; draw item "Pilgrim\'s Orb" to hand; extract 1\n',
                 header=HEADER + '[Variants "hand-or-sanctum"]\n'),
    "T5": simple('Ana: praeco staff, orb, wand; extract 1; vote staff\n'
                 'Ben: sanctum "Glass Orb"; advance "Glass Orb" 2; extract 1\n'
                 'Caro: activate @@"Glass Orb"; extract 1; vote orb\n'),
    "T6": simple("@@Ana: praeco staff, orb, wand; vote staff\n"),
    # ---- A: actions
    "A1": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff"; advance "Storm Staff" 1; @@vote runic\n',
                 header=TIGHT),
    "A2": simple('Ana: praeco staff, orb, wand; extract 1; draw item face-up @@"Heavy Censer" refill "Pilgrim\'s Orb"\n'),
    "A3": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff"; @@advance "Storm Staff" 3; extract 1\n'),
    "A4": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff"; advance "Storm Staff" 2; '
                 '@@activate "Storm Staff"; extract 1\n'),
    "A5": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle"; '
                 '@@install "Kindle" on "Storm Staff"; extract 1; vote staff\n'),
    "A6": a6_case(),
    "A7": simple('Ana: praeco staff, orb, wand; extract 1; @@draw resource "Bribe"\n'),
    "A8": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff"; @@play "Storm Staff"; extract 1\n'),
    "A9": simple("Ana: praeco staff, orb, wand; @@extract 2; vote staff\n"),
    "A10": simple("Ana: praeco staff, orb, wand; @@gather uncontested 2:1\n"),
    "A11": simple("Ana: praeco staff, orb, wand; @@gather contested 3 roll 6\n"),
    "A12": a12_case(),
    # ---- V: Vis and tokens
    "V1": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff"; vis -12 to regio; '
                 'advance @@"Storm Staff" 1; extract 1\n'),
    "V2": simple("Ana: praeco staff, orb, wand; @@extract 1; draw item \"Pilgrim's Orb\"\n", header=TIGHT),
    "V3": effect_votes_case(FEW_TOKENS),
    "V4": simple("Ana: praeco staff, orb, wand; extract 1; vote staff; @@vis +2\n"),
    # ---- K: cards
    "K1": simple('Ana: praeco staff, orb, wand; sanctum @@"Stormy Staff"; extract 1; vote staff\n'),
    "K2": simple('Ana: praeco staff, orb, wand; extract 1; draw item @@"Storm Staff"\n'),
    "K3": simple('Ana: praeco staff, orb, wand; extract 1; vote staff\n'
                 'Ben: sanctum "Levy"; play "Levy"; extract 1\n'
                 'Caro: extract 1; vote orb\n'
                 'round 2 praeco Ben\n'
                 'Ben: praeco staff, orb, wand; play @@"Levy"; extract 1\n'),
    "K4": simple("Ana: praeco staff, orb, wand; extract 1; vote staff; @@name ?zz \"Kindle\"\n"),
    "K5": simple('Ana: praeco staff, orb, wand; extract 1; vote staff\n'
                 'Ben: extract 1; vote orb\n'
                 'Caro: sanctum "Debt Collector"; @@play "Debt Collector"; extract 1\n'),
    # ---- R: the Tribunal
    "R1": one_item_case("scores @@Ana 0, Ben 0, Caro 0\n"),
    "R2": r2_case(),
    "R3": r3_case(),
    "R4": one_item_case("scores @@Ana 9, Ben 0, Caro 0\n"),
    "R5": r5_case(),
    "R6": r6_case(),
    "R7": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n@@winner Ana\n"),
    # ---- X: variants used without being turned on
    "X1": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle"; advance "Storm Staff" 2; '
                 '@@advance "Kindle" 2\n'),
    "X2": simple('Ana: praeco staff, orb, wand; extract 1; @@draw item "Pilgrim\'s Orb" to hand; '
                 'discard "Hidden Cache"\n'),
    "X3": simple("Ana: praeco staff, orb, wand; extract 1; draw item face-up @@?a refill \"Pilgrim's Orb\"\n"),
    "X4": simple('Ana: praeco staff, orb, wand; sanctum "Hidden Cache"; extract 1; vote staff; '
                 '@@play "Hidden Cache"\n'),
    # quick rotation made Kindle active on line 16; the log waits until round 2 to activate it
    "X5": simple('Ana: praeco staff, orb, wand; sanctum "Kindle"; advance "Kindle" 2; extract 1\n'
                 'Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n'
                 'round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n'
                 'Caro: extract 1; vote orb\n'
                 'Ana: @@activate "Kindle"; extract 1; vote healing\n', header=variant("quick-rotation")),
    # ---- more situations of one rule (CODE.what.gtl), one code each (issue 21)
    # no board profile: the sheets' 1 Vis in Tribunal 1
    "A9.no-board": simple("Ana: praeco staff, orb, wand; @@extract 2; vote staff\n", header=NO_BOARD),
    # six cards with X2, limit five: the second discard takes the hand below the limit
    "T4.below-limit": simple('Ana: praeco staff, orb, wand; draw item "Pilgrim\'s Orb" to hand; extract 1; '
                             'discard "Hidden Cache", @@"Kindle"\n', header=variant("hand-or-sanctum")),
    # five cards, limit five: not over it, nothing to discard
    "T4.not-over": simple('Ana: praeco staff, orb, wand; extract 1; vote staff; discard @@"Hidden Cache"\n'),
    "R1.at-tribunal": r1_at_tribunal_case(),
    "K3.drawn-again": k3_drawn_again_case(),
    "K4.row-handle": k4_row_handle_case(),
    # printed-fr with 60 Vis to each player at a new Tribunal (a house profile): neither the Regio
    # nor the Concilium covers Caro's; the finding is where Tribunal 1 ends, not at a later gain
    # two tokens left in the Concilium and the Praeco places three: P3 (the Praeco's rule), not V3 too
    "P3.two-left": simple("Ana: praeco staff, orb, wand; draw resource \"Bribe\"\n"
                          "Ben: extract 1; draw item \"Pilgrim's Orb\"\nCaro: extract 1; draw item \"Heavy Censer\"\n"
                          "round 2 praeco Ben\nBen: @@praeco potion, scroll, talisman; extract 1; "
                          "draw spell \"Kindle\"\n", header=FIVE_TOKENS),
    # a gather with no slot left: T1 only, though the tracker has moved on from the space written
    "T1.gather-twice": simple("Ana: praeco staff, orb, wand; gather uncontested 3:1; @@gather uncontested 3:1\n"),
    # a card of another deck: a face-up row's refill is A2 (the row's rule), an effect's draw K5 (the effect's)
    "A2.refill-deck": simple('Ana: praeco staff, orb, wand; extract 1; draw item face-up "Iron Amulet" '
                             'refill @@"Kindle"\n'),
    "K5.redraw-deck": redraw_case('@@"Kindle"'),
    # an effect's Vis goes on the caster's own cards only (sheet 001, Advance): Ben's Orb is K1,
    # as it is for Advance; an effect makes only the caster's own cards active (T5)
    "K1.put-vis-rival": rival_card_case("Apprentice's Help", "card"),
    "T5.activate-rival": rival_card_case("Sudden Insight", "item"),
    "V2.new-tribunal": GENEROUS_FR + SETUP + rounds(Filler(), 1, right=True) + "@@scores Ana 0, Ben 0, Caro 0\n",
    # ---- issue 43: each finding blames the right player, once
    # Ben rolls before Caro clockwise from Ana's left: the two are swapped, one finding at the first of them
    "A11.misordered": simple("Ana: praeco staff, orb, wand; gather contested 3 roll 4 others @@Caro 5, Ben 2\n"),
    # a refused Advance is the one finding: the activation after it is no A4 of its own
    "K1.advance-misspelt": simple('Ana: praeco staff, orb, wand; sanctum "Ember Wand"; advance @@"Ember Wnd" 2; '
                                  'activate "Ember Wand"; extract 1\n'),
    "V1.advance-short": simple('Ana: praeco staff, orb, wand; sanctum "Ember Wand"; vis -11 to regio; '
                               'advance @@"Ember Wand" 2; activate "Ember Wand"; extract 1\n'),
    "A3.advance-twice": simple('Ana: praeco staff, orb, wand; sanctum "Ember Wand"; advance "Ember Wand" 1, '
                               '@@"Ember Wand" 1; activate "Ember Wand"; extract 1\n'),
    "R4.votes-again": votes_again_case(),
}

LEGAL: dict[str, str] = {
    # ---- S: setup
    "S1": '[@@Players "Ana, Ben, Caro"]\n[Cards "sample"]\n\ntribunal 1\nround 1 praeco Ana\n'
          'Ana: praeco staff, orb, wand; extract 1; vote staff\n',
    "S2": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n",
                 setup=SETUP.replace("  praeco Ana\n", "  praeco Ana\n  vis @@Ana 12\n")),
    "S3": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n",
                 setup=SETUP.replace('  hand Ana "Storm Staff"', '  hand @@Ana "Storm Staff"')),
    "S4": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n",
                 setup=SETUP.replace('  row item "Orb of Tides", ', '  @@row item "Orb of Tides", ')),
    "S5": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n",
                 setup=SETUP + "  @@trackers 1, 1\n"),
    "S6": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n", start="\ntribunal 1\nround 1 praeco @@Ana\n"),
    # ---- P: Praeco and rounds
    "P1": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n"
                 "Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n"
                 "round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n"
                 "Caro: extract 1; vote orb\nAna: extract 1; vote wand\n"
                 "round 3 praeco @@Caro\n"),
    "P2": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n@@Ben: extract 1; vote orb\n"),
    "P3": simple("Ana: @@praeco staff, orb, wand; extract 1; vote runic\n"),
    "P4": simple("Ana: praeco staff, orb, wand; extract 1; vote staff\n"
                 "Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n"
                 "round 2 praeco @@Ben\n"),
    "P5": HEADER + SETUP + rounds(Filler(), 1) + "\ntribunal 2\nround 1 praeco @@Ana\n",
    # ---- T: a turn
    "T1": simple("Ana: praeco staff, orb, wand; extract 1; @@vote staff\n"),
    "T2": simple("Ana: praeco staff, orb, wand; vote staff; @@extract 1\n"),
    "T3": simple('Ana: praeco staff, orb, wand; sanctum @@"Storm Staff"; extract 1; vote staff\n'),
    "T4": simple('Ana: praeco staff, orb, wand; draw item "Pilgrim\'s Orb" to hand; extract 1; '
                 '@@discard "Hidden Cache"\n', header=variant("hand-or-sanctum")),
    "T5": simple('Ana: praeco staff, orb, wand; extract 1; vote staff\n'
                 'Ben: sanctum "Scroll of Ash"; advance "Scroll of Ash" 1; extract 1\n'
                 'Caro: extract 1; @@activate Ben "Scroll of Ash"; vote orb\n'),
    "T6": simple("@@Ana: praeco staff, orb, wand; extract 1; vote staff\n"),
    # ---- A: actions
    "A1": simple("Ana: praeco staff, orb, wand; extract 1; @@vote staff\n"),
    "A2": simple('Ana: praeco staff, orb, wand; extract 1; draw item face-up @@"Iron Amulet" refill "Pilgrim\'s Orb"\n'),
    "A3": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff"; @@advance "Storm Staff" 2; extract 1\n'),
    "A4": simple('Ana: praeco staff, orb, wand; sanctum "Ember Wand"; advance "Ember Wand" 2; '
                 '@@activate "Ember Wand"; extract 1\n'),
    "A5": a5_legal(),
    "A6": a6_legal(),
    "A7": simple('Ana: praeco staff, orb, wand; @@draw resource "Bribe"\n'),
    "A8": simple('Ana: praeco staff, orb, wand; sanctum "Hidden Cache"; @@play "Hidden Cache"; extract 1\n'),
    "A9": simple("Ana: praeco staff, orb, wand; @@extract 1; vote staff\n"),
    "A10": simple("Ana: praeco staff, orb, wand; @@gather uncontested 3:1\n"),
    "A11": simple("Ana: praeco staff, orb, wand; @@gather contested 3 roll 4 others Ben 2, Caro 5\n"),
    "A12": a12_legal(),
    # ---- V: Vis and tokens
    "V1": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff"; vis -10 to regio; '
                 'advance @@"Storm Staff" 2; extract 1\n'),
    "V2": simple("Ana: praeco staff, orb, wand; @@extract 1; draw item \"Pilgrim's Orb\"\n", header=SHORT),
    "V3": effect_votes_case(HEADER),
    "V4": simple("Ana: praeco staff, orb, wand; extract 1; vote staff; @@vis +2 from regio\n"),
    # ---- K: cards
    "K1": simple('Ana: praeco staff, orb, wand; sanctum @@"Storm Staff"; extract 1; vote staff\n'),
    "K2": simple('Ana: praeco staff, orb, wand; extract 1; draw item @@"Pilgrim\'s Orb"\n'),
    "K3": k3_legal(),
    "K4": simple("Ana: praeco staff, orb, wand; extract 1; draw spell ?s1\n"
                 "Ben: extract 1; vote orb\nCaro: extract 1; vote wand\n"
                 "round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n"
                 "Caro: extract 1; vote orb\n"
                 'Ana: advance ?s1 2; @@activate ?s1 "Shifting Winds"; extract 1\n'),
    "K5": simple('Ana: praeco staff, orb, wand; extract 1; vote staff\n'
                 'Ben: extract 1; vote orb\n'
                 'Caro: sanctum "Debt Collector"; @@play "Debt Collector" with $debtor=Ben; extract 1\n'),
    # ---- R: the Tribunal
    "R1": one_item_case("scores @@Ana 8, Ben 0, Caro 0\n"),
    "R2": r2_case().replace("scores @@Ana 20, Ben 6, Caro 0", "scores @@Ana 15, Ben 8, Caro 0"),
    "R3": r3_case().replace("scores Ana 8, Ben 0, @@Caro 4", "scores Ana 8, Ben 0, @@Caro 3"),
    "R4": one_item_case("scores Ana @@8, Ben 0, Caro 0\n"),
    "R5": r5_case().replace("scores @@Ana 8, Ben 0, Caro 0\n", "scores @@Ana 0, Ben 0, Caro 0\n"),
    "R6": r6_legal(),
    "R7": r7_legal(),
    # ---- X: variants turned on
    "X1": simple('Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle"; advance "Storm Staff" 2; '
                 '@@advance "Kindle" 2\n', header=variant("double-advance")),
    "X2": simple('Ana: praeco staff, orb, wand; extract 1; @@draw item "Pilgrim\'s Orb" to hand; '
                 'discard "Hidden Cache"\n', header=variant("hand-or-sanctum")),
    "X3": simple("Ana: praeco staff, orb, wand; extract 1; draw item face-up @@?a refill \"Pilgrim's Orb\"\n",
                 header=variant("secret-cards")),
    "X4": simple('Ana: praeco staff, orb, wand; sanctum "Hidden Cache"; extract 1; vote staff; '
                 '@@play "Hidden Cache"\n', header=variant("cheap-resources")),
    "X5": x5_legal(),
    # ---- more situations of one rule followed (legal/CODE.what.gtl)
    # an effect's face-up draw refills the row: the log names the refill in the effect's outcome
    "A2.effect-refill": simple('Ana: praeco staff, orb, wand; extract 1; vote staff\n'
                               'Ben: extract 1; vote orb\n'
                               'Caro: draw resource "Scout the Market"\n'
                               'round 2 praeco Ben\nBen: praeco staff, orb, wand; extract 1; vote staff\n'
                               'Caro: play "Scout the Market" draw "Iron Amulet" @@refill "Pilgrim\'s Orb"; extract 1\n'
                               'Ana: extract 1; draw item face-up "Pilgrim\'s Orb" refill "Heavy Censer"\n'),
}

SEVERITY = {"T6": "warning"}


def marked(text: str) -> tuple[list[str], int, int]:
    """The lines without the ``@@`` marker, and its line and column once a first line is added."""
    lines = text.splitlines()
    where = next((n, line.index("@@")) for n, line in enumerate(lines) if "@@" in line)
    lines[where[0]] = lines[where[0]].replace("@@", "", 1)
    return lines, where[0] + 2, where[1] + 1  # +1 for the first line written above


def write_all() -> None:
    for name, text in CASES.items():
        code = name.split(".")[0]  # "T4.not-over": another situation of T4, in T4.not-over.gtl
        lines, line, col = marked(text)
        head = f"# expect: {code} {line}:{col} {SEVERITY.get(code, 'error')}"
        (HERE / f"{name}.gtl").write_text(head + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
    (HERE / "legal").mkdir(exist_ok=True)
    for code, text in LEGAL.items():
        lines, line, col = marked(text)
        (HERE / "legal" / f"{code}.gtl").write_text(f"# shows: {line}:{col}\n" + "\n".join(lines) + "\n",
                                                    encoding="utf-8")


if __name__ == "__main__":
    write_all()
