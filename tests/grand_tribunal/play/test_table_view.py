"""The table's screen as data and as a page (``gt play --serve``): what the whole table may see.

Golden cases written by hand from the logs: where the game stands, the standings with shared
places, the last moves with what is hidden written ``?``, the four languages, and every word
of a log escaped on the page.
"""

from __future__ import annotations

import json

import re
from pathlib import Path

import pytest

from gtcli.grand_tribunal.html.table_screen import REFRESH_SECONDS, SCRIPT, screen_fragment, screen_page
from gtcli.grand_tribunal.lang.logs.check import Options, check_file
from gtcli.grand_tribunal.play.follow import Follower
from gtcli.grand_tribunal.play.table_view import table_view
from tests.conftest import SCENARIOS
from tests.grand_tribunal.rules.test_rules_fidelity import _CASES

# the rule cases' table (scenarios/rules/cases.py), with the variant that lets a draw go to the hand (X2)
HEADER = (_CASES.HEADER + '[Variants "hand-or-sanctum"]\n' + _CASES.SETUP + _CASES.START)
ANA = ('Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle"; advance "Storm Staff" 2; '
       'draw item "Pilgrim\'s Orb" to hand\n')
BEN = 'Ben: draw item face-up "Iron Amulet" refill "Pilgrim\'s Orb"; vote staff\n'


def _view(tmp_path: Path, text: str) -> dict:
    path = tmp_path / "game.gtl"
    path.write_text(text, encoding="utf-8")
    return table_view(check_file(str(path), Options(live=True)), "game.gtl")


def test_where_the_game_stands_and_whose_turn(tmp_path):
    view = _view(tmp_path, HEADER + ANA + BEN)
    assert (view["phase"], view["tribunal"], view["tribunals"], view["round"], view["praeco"]) == ("play", 1, 3, 1, "Ana")
    assert (view["turn"], view["next"], view["slots_left"]) == ("Ben", "Caro", 0)
    assert view["track"] == [{"space": "staff", "name": "staff", "votes": 2},  # most votes first, then by name
                             {"space": "orb", "name": "orb", "votes": 1}, {"space": "wand", "name": "wand", "votes": 1}]
    assert [(s["place"], s["name"], s["total"]) for s in view["standings"]] == [(1, "Ana", 0), (1, "Ben", 0), (1, "Caro", 0)]
    assert view["findings"] == {"errors": 0, "warnings": 0, "first": None} and view["winners"] is None


def test_what_lies_hidden_stays_hidden(tmp_path):
    """Cards face down in a Sanctum and cards in a hand are not named, on the players nor in the moves."""
    view = _view(tmp_path, HEADER + ANA + BEN)
    ana, ben = view["players"][0], view["players"][1]
    assert ana["laboratory"] == [{"card": None, "face_up": False, "active": False, "vis": 2}]  # the Staff, its Vis shown
    assert ana["library"] == [{"card": None, "face_up": False, "active": False, "vis": 0}]  # Kindle
    assert (ana["hand"], ana["hand_limit"]) == (4, 5)  # five, two into the Sanctum, one drawn
    assert ben["laboratory"] == [{"card": "Iron Amulet", "face_up": True, "active": False, "vis": 0, "spells": []}]
    assert [(m["line"], m["player"], m["text"]) for m in view["moves"]] == [
        (14, None, "tribunal 1"),
        (15, None, "round 1 praeco Ana"),
        (16, "Ana", "praeco staff, orb, wand"),
        (16, "Ana", "sanctum ?, ?"),
        (16, "Ana", "advance ? 2"),
        (16, "Ana", "draw item ? to hand"),
        # face up, so public, refill too: that Ana drew the other copy blind into her hand changes nothing
        (17, "Ben", 'draw item face-up "Iron Amulet" refill "Pilgrim\'s Orb"'),
        (17, "Ben", "vote staff"),
    ]
    page = screen_page(view, 1)
    for secret in ("Storm Staff", "Kindle", "Hidden Cache", "Ember Wand", "Call the Gale", "Glass Orb"):
        assert secret not in page, secret  # Pilgrim's Orb was drawn to a hand, but lies face up in the row too
    assert "Iron Amulet" in page


def test_a_finding_shows_where_not_what(tmp_path):
    """A finding's message may name a card face down: the screen gives its line and code."""
    view = _view(tmp_path, HEADER + 'Ana: praeco staff, orb, wand; sanctum "Storm Staff"; sanctum "Storm Staff"\n')
    # gt check says: T3 Storm Staff is already in Ana's Sanctum; cards never go back to the hand
    assert view["findings"]["first"] == {"line": 16, "code": "T3"} and view["findings"]["errors"] == 1
    fragment = screen_fragment(view, 1)
    assert "This log breaks the rules (1): line 16, T3 (gt check game.gtl)" in fragment
    assert "Storm Staff" not in fragment


def test_last_moves_keep_the_last_eight(tmp_path):
    view = _view(tmp_path, HEADER + ANA + BEN + "Caro: vote orb; vote staff; extract 1\n")
    assert len(view["moves"]) == 8
    assert [m["text"] for m in view["moves"][-3:]] == ["vote orb", "vote staff", "extract 1"]
    assert [m["text"] for m in view["moves"][:3]] == ["sanctum ?, ?", "advance ? 2", "draw item ? to hand"]


def test_setup_and_a_finished_game(tmp_path):
    setup = _view(tmp_path, HEADER[:HEADER.index("tribunal 1")])
    assert setup["phase"] == "setup" and setup["moves"] == [] and setup["turn"] is None
    assert "No move yet." in screen_fragment(setup, 1)
    game = SCENARIOS / "games" / "five-players.gtl"  # a generated game: what it holds is in its expected.json
    want = json.loads(game.with_name("five-players.expected.json").read_text(encoding="utf-8"))
    lines = game.read_text(encoding="utf-8").splitlines()
    over = table_view(check_file(str(game), Options(live=True)), "five-players.gtl")
    assert over["phase"] == "over" and over["winners"] == want["winners"] and over["turn"] is None
    assert [s["total"] for s in over["standings"]] == sorted(want["totals"].values(), reverse=True)
    assert all(s["total"] == want["totals"][s["name"]] for s in over["standings"])
    assert (over["standings"][0]["place"], over["standings"][0]["name"]) == (1, want["winners"][0])
    assert over["moves"][-2:] == [{"line": len(lines) - 1, "player": None, "text": lines[-2]},
                                  {"line": len(lines), "player": None, "text": lines[-1]}]
    assert lines[-1] == f"winner {want['winners'][0]}"
    assert f"Winner: <b>{want['winners'][0]}</b>" in screen_fragment(over, 1)


@pytest.mark.parametrize("log, words", [
    ("cinco-jugadores.gtl", ["Clasificación", "Registro de Votación", "Últimas jugadas", "Gran Tribunal (3 de 3)",
                             "ronda 5", "Ganador", "Almacén de Vis", "Laboratorio", "alquímico", "Orbe de las Mareas"]),
    ("trois-joueurs.gtl", ["Classement", "Piste de vote", "Derniers coups", "Grande Assemblée (3 sur 3)", "Vainqueur"]),
    ("imprime-fr.gtl", ["Classement", "Piste de vote", "Joueur"]),
])
def test_the_screen_speaks_the_log_language(log, words):
    view = Follower(str(SCENARIOS / "games" / log), Options()).view  # card names in the log's language too
    page = screen_page(view, 1)
    assert f'<html lang="{view["language"]}">' in page
    for word in words:
        assert word in page, word
    assert "Standings" not in page and "Last moves" not in page


def test_italian_labels(tmp_path):
    text = (SCENARIOS / "games" / "three-players.gtl").read_text(encoding="utf-8")
    from gtcli.grand_tribunal.lang.logs.check import parse_log
    from gtcli.grand_tribunal.lang.logs.format import format_log

    italian = format_log(parse_log(text, "x.gtl"), "it")
    view = _view(tmp_path, italian)
    page = screen_page(view, 1)
    for word in ("Classifica", "Percorso dei Voti", "Ultime mosse", "Vincitore", "Giocatore"):
        assert word in page, word


def test_every_word_of_the_log_is_escaped(tmp_path):
    evil = "<img src=x onerror=alert(1)> & 'quotes'"
    view = _view(tmp_path, HEADER + f'Ana: praeco staff, orb, wand; draw item face-up "Iron Amulet" refill "{evil}"\n')
    page = screen_page(view, 7)
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt; &amp; &#x27;quotes&#x27;" in page
    assert len(re.findall(r"<script>", page)) == 1 and f"<script>{SCRIPT}</script>" in page


def test_the_page_works_without_javascript():
    """The whole state is in the page as served; without JavaScript it reloads itself."""
    view = table_view(check_file(str(SCENARIOS / "play" / "first-turns.gtl"), Options(live=True)), "first-turns.gtl")
    page = screen_page(view, 3)
    head = page[:page.index("</head>")]
    assert f'<noscript><meta http-equiv="refresh" content="{REFRESH_SECONDS}"></noscript>' in head
    assert screen_fragment(view, 3) in page and 'data-version="3"' in page
    assert "Turn of <b>Ben</b>" in page


def test_the_follower_reads_only_when_the_file_changes(tmp_path):
    path = tmp_path / "game.gtl"
    path.write_text(HEADER + ANA, encoding="utf-8")
    follower = Follower(str(path), Options())
    assert follower.version == 1 and follower.view["turn"] == "Ana" and follower.view["file"] == "game.gtl"
    assert follower.poll() is False  # nothing changed
    path.write_text(HEADER + ANA + BEN, encoding="utf-8")
    assert follower.poll() is True and follower.version == 2 and follower.view["turn"] == "Ben"
    path.write_text(HEADER + ANA + 'Ben: vote "unfinished', encoding="utf-8")  # an editor saving half a line
    assert follower.poll() is True and follower.version == 3
    assert follower.problem.startswith("game.gtl:17:") and str(tmp_path) not in follower.problem
    assert follower.view["turn"] == "Ben"  # the last good screen stays up
    assert "The log cannot be used now" in screen_fragment(follower.view, follower.version, follower.problem)
    path.write_text(HEADER + ANA + BEN, encoding="utf-8")  # put back as it was
    assert follower.poll() is True and follower.problem is None and follower.version == 4


# ---- the end of a turn, and the setup (issue 33) ----------------------------------------------------------
def test_a_blank_line_after_a_turn_shows_the_next_players_turn(tmp_path):
    """A log has no mark for the end of a turn; a scorekeeper in an editor leaves a blank line."""
    path = tmp_path / "game.gtl"
    path.write_text(HEADER + ANA, encoding="utf-8")
    follower = Follower(str(path), Options())
    assert (follower.view["turn"], follower.view["turn_closed"], follower.view["next"]) == ("Ana", False, "Ben")
    path.write_text(HEADER + ANA + "\n", encoding="utf-8")
    assert follower.poll() is True
    assert (follower.view["turn"], follower.view["turn_closed"], follower.view["slots_left"]) == ("Ben", True, None)
    assert "Turn of <b>Ben</b>" in screen_fragment(follower.view, follower.version)
    path.write_text(HEADER + ANA + "\n" + BEN, encoding="utf-8")  # Ben's first move: his turn, open
    assert follower.poll() is True and (follower.view["turn"], follower.view["turn_closed"]) == ("Ben", False)


def test_gt_plays_end_closes_the_turn_of_exactly_that_text(tmp_path):
    from gtcli.grand_tribunal.play.follow import digest

    path = tmp_path / "game.gtl"
    path.write_text(HEADER + ANA, encoding="utf-8")
    follower = Follower(str(path), Options())
    assert follower.close_turn(digest(HEADER)) is False and follower.view["turn"] == "Ana"  # another text
    assert follower.close_turn(digest(HEADER + ANA)) is True and follower.view["turn"] == "Ben"
    assert follower.view["turn_closed"] and follower.version == 2
    path.write_text(HEADER + ANA + BEN, encoding="utf-8")
    assert follower.poll() is True and (follower.view["turn"], follower.view["turn_closed"]) == ("Ben", False)


def test_end_before_the_save_closes_the_turn_once_it_is_saved(tmp_path):
    """Piped input saves lines together: `end` may reach the screen before the move it closes."""
    from gtcli.grand_tribunal.play.follow import digest

    path = tmp_path / "game.gtl"
    path.write_text(HEADER, encoding="utf-8")
    follower = Follower(str(path), Options())
    assert follower.close_turn(digest(HEADER + ANA)) is False
    path.write_text(HEADER + ANA, encoding="utf-8")
    assert follower.poll() is True and (follower.view["turn"], follower.view["turn_closed"]) == ("Ben", True)


def test_the_setup_screen_says_who_is_first_praeco(tmp_path):
    setup = _view(tmp_path, HEADER[:HEADER.index("tribunal 1")])
    assert setup["first_praeco"] == "Ana" and setup["phase"] == "setup"
    assert "First Praeco: <b>Ana</b>" in screen_fragment(setup, 1)
    assert _view(tmp_path, HEADER + ANA)["first_praeco"] is None
    spanish = _view(tmp_path, HEADER[:HEADER.index("tribunal 1")].replace("[Cards", '[Language "es"]\n[Cards'))
    assert "Primer Praeco" in screen_fragment(spanish, 1)


def test_the_face_up_rows_and_the_legend_are_on_the_page(tmp_path):
    page = screen_page(_view(tmp_path, HEADER + ANA + BEN), 1)
    assert "Face-up rows" in page and "<li>Orb of Tides</li>" in page and "<li>Rune of Binding</li>" in page
    assert "face up, not active" in page and "award won: place, Tribunal" in page


@pytest.mark.parametrize("text, closed", [
    ("Ana: vote staff\n", False), ("Ana: vote staff", False), ("Ana: vote staff\n\n", True),
    ("Ana: vote staff\n  \t\n", True), ("Ana: vote staff\r\n\r\n", True), ("Ana: vote staff \n ", False),
    ("\n" * 2_000_000, True),  # read from the end, once: a file of line ends costs one pass
])
def test_what_counts_as_a_blank_line_at_the_end(text, closed):
    from gtcli.grand_tribunal.play.follow import ends_turn

    assert ends_turn(text) is closed
