"""The table's screen never reveals a hidden card, and never hides a public one (issue 30).

What a move shows is decided by where the move found the card and where it put it, never by
its name: a face-down draw whose name the log misspells (K1) is ``?``; a face-up row card, a
refill, a face-up Sanctum card and a cast are named although another copy of the card lies
hidden (copies 2). Every move kind that hides or reveals, forced moves and free text, in the
data, on the page and in the stream's fragment; over HTTP in tests/cli/test_serve.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gtcli.grand_tribunal.html.table_screen import screen_fragment, screen_page
from gtcli.grand_tribunal.lang.logs.check import Options, check_file
from gtcli.grand_tribunal.play.table_view import table_view

TABLE = """\
[Players "Ana, Ben, Caro"]
[Cards "sample"]
[Board "sample"]
{variants}
setup
  hand Ana "Storm Staff", "Kindle", "Old Library Key", "Apprentice's Help", "Ember Wand"
  hand Ben "Glass Orb", "Kindle", "Forgotten Rite", "Sudden Insight", "Scout the Market"
  hand Caro "Bottled Dawn", "Hearthsong", "Debt Collector", "Ashwood Staff", "Sigil of Haste"
  row item "Orb of Tides", "Iron Amulet", "Codex Fragment"
  row spell "Rune of Binding", "Leaden Dream", "Time Unspooled"
  praeco Ana

tribunal 1
round 1 praeco Ana
"""
# Kindle and Pilgrim's Orb have two copies each in the sample set: one of each lies hidden
# (Ana's face-down Kindle, Ana's Orb drawn blind) while the other is public (Ben's active
# Kindle, the Orb that refills the row)
PLAY = """\
Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle", "Apprentice's Help", "Ember Wand"; \
play "Apprentice's Help" with $card="Storm Staff"; draw item "Pilgrim's Orb"
Ben: sanctum "Kindle", "Sudden Insight", "Scout the Market"; advance "Kindle" 2; activate "Kindle"; \
draw item face-up "Iron Amulet" refill "Pilgrim's Orb"
Caro: sanctum "Hearthsong", "Sigil of Haste"; draw item "Embr Wand"; advance "Hearthsong" 2; activate "Hearthsong"
round 2 praeco Ben
Ben: praeco potion, scroll, talisman; play "Sudden Insight" with $item="Iron Amulet"; draw spell ?s1
Caro: draw item "Ashwood Staf" to hand; extract 1
Ana: advance "Ember Wand" 2; activate "Ember Wand"; sanctum "Old Library Key"; \
play "Old Library Key" draw "Fog Bank", ?s2; discard "Kindle"; discard ?s2 "Quiet Recovery"
"""
# every name the table may not see: cards drawn blind (the misspelled ones as typed), cards in a
# hand or face down, and the free text a scorekeeper typed
SECRETS = ("Storm Staff", "Embr Wand", "Ashwood Staf", "Fog Bank", "Old Library Key\" draw \"Fog",
           "Glass Orb", "Bottled Dawn", "Sigil of Haste", "Debt Collector")


def _view(tmp_path: Path, text: str, moves: int = 100) -> dict:
    path = tmp_path / "game.gtl"
    path.write_text(text, encoding="utf-8")
    return table_view(check_file(str(path), Options(live=True)), "game.gtl", moves=moves)


def _moves(view: dict) -> list[tuple[str | None, str]]:
    return [(m["player"], m["text"]) for m in view["moves"]]


def test_every_move_kind_shows_what_it_reveals_and_hides_what_it_hides(tmp_path):
    view = _view(tmp_path, TABLE.format(variants='[Variants "hand-or-sanctum"]\n') + PLAY)
    assert _moves(view) == [
        (None, "tribunal 1"),
        (None, "round 1 praeco Ana"),
        ("Ana", "praeco staff, orb, wand"),
        ("Ana", "sanctum ?, ?, ?, ?"),  # hand to Sanctum: face down
        ("Ana", 'play "Apprentice\'s Help" with $card=?'),  # played, so public; its Vis went on a face-down card
        ("Ana", "draw item ?"),  # from the deck: face down, although a copy of it refills the row below
        ("Ben", "sanctum ?, ?, ?"),
        ("Ben", "advance ? 2"),  # face down while advanced
        ("Ben", 'activate "Kindle"'),  # turned face up, although Ana's copy lies face down
        ("Ben", 'draw item face-up "Iron Amulet" refill "Pilgrim\'s Orb"'),  # public, although Ana drew the other
        ("Caro", "sanctum ?, ?"),
        ("Caro", "draw item ?"),  # K1: a name the set lacks, face down all the same
        ("Caro", "advance ? 2"),
        ("Caro", 'activate "Hearthsong"'),
        (None, "round 2 praeco Ben"),
        ("Ben", "praeco potion, scroll, talisman"),
        ("Ben", 'play "Sudden Insight" with $item="Iron Amulet"'),  # a face-up card chosen: named
        ("Ben", "draw spell ?s1"),  # a handle names no card
        ("Caro", "draw item ? to hand"),  # K1 again, into the hand
        ("Caro", "extract 1"),
        ("Ana", "advance ? 2"),
        ("Ana", 'activate "Ember Wand"'),
        ("Ana", "sanctum ?"),
        ("Ana", 'play "Old Library Key" draw ?, ?s2'),  # an effect's draw into the hand: hidden
        ("Ana", "discard ?"),  # Kindle is not in her hand (K1): the move did nothing, so it names nothing
        ("Ana", 'discard ?s2 "Quiet Recovery"'),  # from the hand to the discard pile, face up: named
    ]
    players = {p["name"]: p for p in view["players"]}
    assert players["Ben"]["library"] == [{"card": "Kindle", "face_up": True, "active": True, "vis": 0},
                                         {"card": None, "face_up": False, "active": False, "vis": 0}]  # ?s1
    assert players["Ana"]["library"] == [{"card": None, "face_up": False, "active": False, "vis": 0}]
    assert view["rows"]["item"] == ["Orb of Tides", "Pilgrim's Orb", "Codex Fragment"]  # the refill, named
    text = json.dumps(view, ensure_ascii=False) + screen_page(view, 1) + screen_fragment(view, 1)
    for secret in SECRETS:
        assert secret not in text, secret
    for public in ("Quiet Recovery", "Kindle", "Pilgrim's Orb", "Iron Amulet", "Hearthsong", "Ember Wand", "Apprentice's Help"):
        assert public in text, public


def test_a_public_card_is_named_on_the_page_whatever_copy_lies_hidden(tmp_path):
    """Copies 2: Ana's Kindle face down and her Pilgrim's Orb drawn blind do not hide Ben's
    active Kindle, nor the Orb that refilled the row (which said "someone holds one")."""
    view = _view(tmp_path, TABLE.format(variants="") + PLAY.split("Caro:")[0])
    page = screen_page(view, 1)
    assert "<li class=\"active\">Kindle</li>" in page
    assert view["rows"] == {"item": ["Orb of Tides", "Pilgrim's Orb", "Codex Fragment"],
                            "spell": ["Rune of Binding", "Leaden Dream", "Time Unspooled"]}
    assert "draw item face-up &quot;Iron Amulet&quot; refill &quot;Pilgrim&#x27;s Orb&quot;" in page
    assert "?" not in [c["card"] for c in view["players"][1]["library"]]


def test_hidden_cards_named_advanced_or_paid_stay_hidden_and_free_text_is_left_out(tmp_path):
    text = TABLE.format(variants='[Variants "secret-cards"]\n') + (
        'Ana: praeco staff, orb, wand; sanctum "Storm Staff"; draw spell ?s1; vis -1 to "Storm Staff"; '
        'draw item face-up "Iron Amulet" refill "Pilgrim\'s Orb"\n'
        'Ben: draw item face-up ?b refill "Glass Orb"; name ?s1 "Fog Bank"; sanctum "Forgotten Rite"; '
        'play "Forgotten Rite" manual "Ana holds Kindle"\n'
        'Caro: force "Ana showed us her Storm Staff" advance "Storm Staff" 3; draw item "Ashwood Staf"\n')
    assert _moves(_view(tmp_path, text))[3:] == [
        ("Ana", "sanctum ?"),
        ("Ana", "draw spell ?s1"),
        ("Ana", "vis -1 to ?"),  # Vis onto a face-down card: which card is not said
        # X3: the card goes face down, but it lay face up in the row a moment ago: named as the row showed it
        ("Ana", 'draw item face-up "Iron Amulet" refill "Pilgrim\'s Orb"'),
        ("Ben", 'draw item face-up ?b refill "Glass Orb"'),
        ("Ben", "name ?s1 ?"),  # K4: a face-down card named for the log, not for the table
        ("Ben", "sanctum ?"),
        ("Ben", 'play "Forgotten Rite" manual "…"'),  # the scorekeeper's words may name any card
        ("Caro", 'force "…" advance ? 3'),  # a forced move: its reason is free text, its card face down
        ("Caro", "draw item ?"),
    ]


def test_a_card_named_when_it_turns_face_up_is_named(tmp_path):
    text = TABLE.format(variants="") + (
        'Ana: praeco staff, orb, wand; draw spell ?k; advance ?k 2; activate ?k "Kindle"; name ?k "Kindle"\n')
    assert _moves(_view(tmp_path, text))[-4:] == [
        ("Ana", "draw spell ?k"), ("Ana", "advance ?k 2"), ("Ana", 'activate ?k "Kindle"'), ("Ana", 'name ?k "Kindle"')]


@pytest.mark.parametrize("variant, drawn", [("", 'draw item ?'), ('[Variants "hand-or-sanctum"]\n', "draw item ? to hand")])
def test_a_misspelled_face_down_draw_is_never_printed(tmp_path, variant, drawn):
    """K1: the set has no such card, so no card of that name lies anywhere; the old screen
    printed it as typed."""
    move = drawn.replace("?", '"Emberr Wand"')
    view = _view(tmp_path, TABLE.format(variants=variant) + f"Ana: praeco staff, orb, wand; {move}; extract 1\n")
    assert ("Ana", drawn) in _moves(view)
    assert "Emberr" not in json.dumps(view) + screen_page(view, 1)


def test_a_log_followed_as_it_grows_names_the_same_cards(tmp_path):
    """The screen follows a growing log by replaying only what was added (gt play's incremental
    check): the last moves are judged on the whole log all the same."""
    from gtcli.grand_tribunal.play.follow import Follower

    path = tmp_path / "game.gtl"
    whole = TABLE.format(variants='[Variants "hand-or-sanctum"]\n') + PLAY
    first, rest = whole.split("Caro: sanctum")
    path.write_text(first, encoding="utf-8")
    follower = Follower(str(path), Options())
    path.write_text(whole, encoding="utf-8")
    assert follower.poll() is True
    assert follower.view["moves"] == _view(tmp_path, whole, moves=8)["moves"]
    assert follower.view["moves"][-1]["text"] == 'discard ?s2 "Quiet Recovery"'


def test_an_install_and_a_cast_are_named_while_the_other_copy_lies_face_down(tmp_path):
    """Copies 2 again: Ben keeps the other Kindle face down; Ana's install and cast are public."""
    text = TABLE.format(variants="").replace('"Old Library Key", "Apprentice\'s Help"', '"Hidden Cache", "Call the Gale"') + (
        'Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle", "Ember Wand"; advance "Kindle" 2; '
        'activate "Kindle"; extract 1\n'
        'Ben: sanctum "Kindle"; draw item face-up "Iron Amulet" refill "Pilgrim\'s Orb"; vote healing\n'
        "Caro: extract 1; vote healing\n"
        "round 2 praeco Ben\n"
        'Ben: praeco potion, scroll, talisman; advance "Iron Amulet" 2; advance "Kindle" 1\n'
        "Caro: extract 1; vote healing\n"
        'Ana: advance "Ember Wand" 2; activate "Ember Wand"; install "Kindle" on "Ember Wand"; extract 1\n'
        "round 3 praeco Caro\n"
        "Caro: praeco alchemical, elemental, runic; extract 1; vote healing\n"
        'Ana: cast "Kindle" from "Ember Wand"; extract 1\n')
    view = _view(tmp_path, text)
    moves = _moves(view)
    assert ("Ben", "sanctum ?") in moves
    assert ("Ben", 'advance "Iron Amulet" 2') in moves  # Vis onto a face-up card: public
    assert ("Ben", "advance ? 1") in moves  # onto his face-down Kindle
    assert ("Ana", 'activate "Kindle"') in moves
    assert ("Ana", 'install "Kindle" on "Ember Wand"') in moves and ("Ana", 'cast "Kindle" from "Ember Wand"') in moves
    ben = view["players"][1]
    assert ben["library"] == [{"card": None, "face_up": False, "active": False, "vis": 1}]


def test_a_log_typed_move_by_move_is_judged_as_a_whole_check_judges_it(tmp_path, monkeypatch):
    """The screen keeps the verdicts of moves it judged before and replays only the log's last
    entry when that alone is new: at every step of a game typed move by move, the last moves
    are those of a whole check, and a move added to the open turn never replays the whole
    log (only a new line may: the turn before it is then read anew)."""
    from gtcli.grand_tribunal.play import public_moves
    from gtcli.grand_tribunal.play.follow import Follower

    whole = []
    run = public_moves._Recorder.run
    monkeypatch.setattr(public_moves._Recorder, "run", lambda self: (whole.append(1), run(self))[1])
    head = TABLE.format(variants='[Variants "hand-or-sanctum"]\n')
    typed: list[list[str]] = []  # the log's lines as gt play would have written them so far, step by step
    lines: list[str] = []
    for line in PLAY.splitlines():
        if ": " not in line:
            lines.append(line)
            typed.append(list(lines))
            continue
        who, moves = line.split(": ", 1)
        parts = moves.split("; ")
        lines.append("")
        for n in range(1, len(parts) + 1):
            lines[-1] = f"{who}: " + "; ".join(parts[:n])
            typed.append(list(lines))
    path = tmp_path / "game.gtl"
    path.write_text(head, encoding="utf-8")
    follower = Follower(str(path), Options())
    lines_before, whole_on_a_move = 0, []
    for step in typed:
        text = head + "".join(line + "\n" for line in step)
        path.write_text(text, encoding="utf-8")
        whole.clear()
        assert follower.poll() is True
        if len(step) == lines_before and whole:
            whole_on_a_move.append(step[-1])
        lines_before = len(step)
        expected = table_view(check_file(str(path), Options(live=True)), "game.gtl")["moves"]
        assert follower.view["moves"] == expected, step[-1]
    assert whole_on_a_move == []


def test_a_resource_drawn_is_hidden_and_a_card_activated_between_turns_is_named(tmp_path):
    text = TABLE.format(variants="") + (
        'Ana: praeco staff, orb, wand; draw resource "Bribe"\n'
        'Ben: sanctum "Kindle", "Glass Orb"; advance "Kindle" 2; advance "Glass Orb" 1\n'
        'activate Ben "Kindle"\n'
        'activate Ben "Glass Orb"\n'  # T5/A4: its cost is not met; refused, so not turned face up
        'Caro: extract 1; vote staff\n')
    moves = _moves(_view(tmp_path, text))
    assert ("Ana", "draw resource ?") in moves
    assert (None, 'activate Ben "Kindle"') in moves
    assert (None, "activate Ben ?") in moves
    assert "Bribe" not in json.dumps(_view(tmp_path, text)) and "Glass Orb" not in json.dumps(_view(tmp_path, text))
