"""The table's screen shows the Tribunal (issue 39): its awards as they will be given while it is
due and waits for the scorekeeper's confirmation, and as given once the scores are written,
with no "round 0" in the header between the scores and the next round.

Known answers from the three-player sample game (scenarios/games/three-players.gtl): its
line 50, ``scores Ana 9, Caro 8, Ben 4``, is what the screen must show before it is written,
and its line 53, ``round 1 praeco Caro``, the next first Praeco. Hidden stays hidden: Ana's
Storm Staff, drawn blind in the last round, is named nowhere on the screen.
"""

from __future__ import annotations

import re
from pathlib import Path

from gtcli.grand_tribunal.html.table_screen import screen_fragment, screen_page, title
from gtcli.grand_tribunal.lang.logs.check import Options, check_file
from gtcli.grand_tribunal.play.table_view import table_view
from tests.conftest import SCENARIOS

GAME = (SCENARIOS / "games" / "three-players.gtl").read_text(encoding="utf-8").splitlines(keepends=True)
DUE = "".join(GAME[:49])  # the last turn of Tribunal 1's last round is written
SCORED = "".join(GAME[:51])  # ... and its scores (what gt play writes once the scorekeeper confirms)
HIDDEN = "Storm Staff"  # drawn blind by Ana in round 3: in her hand, face down


def view_of(tmp_path: Path, text: str, closed: bool = False) -> dict:
    path = tmp_path / "game.gtl"
    path.write_text(text, encoding="utf-8")
    return table_view(check_file(str(path), Options(live=True)), "game.gtl", closed=closed)


def recorded_scores() -> dict[str, int]:
    line = next(x for x in GAME if x.startswith("scores "))
    return {m[0]: int(m[1]) for m in re.findall(r"(\w+) (\d+)", line[len("scores "):])}


def test_a_due_tribunal_shows_its_awards_as_they_will_be_given(tmp_path):
    for closed in (False, True):  # the last turn still open, or closed with `end` (the confirmation asked)
        view = view_of(tmp_path, DUE, closed)
        assert view["tribunal_due"]
        awards = view["tribunal_awards"]
        assert awards["tribunal"] == 1 and awards["recorded"] is False and awards["grand"] is False
        assert {p["name"]: p["score"] for p in awards["players"]} == recorded_scores()
        assert {p["name"]: p["total"] for p in awards["players"]} == recorded_scores()  # the first Tribunal
        assert awards["next_praeco"] == "Caro"  # line 53: round 1 praeco Caro
        places = [(i["place"], i["owner"]) for i in awards["items"] if i["place"]]
        assert places == [(1, "Caro"), (2, "Ana"), (3, "Ben")]
        assert [i["name"] for i in awards["items"]] == ["Bottled Dawn", "Pilgrim's Orb", "Satchel Talisman"]
        assert all(i["type"] for i in awards["items"])


def test_the_page_of_a_due_tribunal_shows_places_scores_and_the_next_praeco(tmp_path):
    view = view_of(tmp_path, DUE, closed=True)
    page = screen_page(view, 1)
    block = re.search(r'<section class="awards-block".*?</section>', page, re.S).group(0)
    for name, score in recorded_scores().items():
        assert re.search(rf'data-player="{name}".*?<td class="num score">{score}</td>', block, re.S), name
    assert "Bottled Dawn" in block and "First Praeco" in block and "<b>Caro</b>" in block
    assert "to be confirmed" in block
    assert HIDDEN not in page and HIDDEN not in str(view)


def test_after_the_scores_the_header_reads_the_next_tribunal_not_round_0(tmp_path):
    view = view_of(tmp_path, SCORED)
    assert view["round"] == 0 and view["tribunal"] == 2  # between the scores and the next round
    fragment = screen_fragment(view, 1)
    header = re.search(r'<header class="status">.*?</header>', fragment, re.S).group(0)
    assert "round 0" not in header and "· round" not in header, header
    assert "Tribunal 2" in header and "First Praeco: <b>Caro</b>" in header, header
    assert not title(view).endswith(".0"), title(view)
    awards = view["tribunal_awards"]  # the awards as given, until the next round begins
    assert awards["recorded"] is True and awards["tribunal"] == 1
    assert {p["name"]: p["score"] for p in awards["players"]} == recorded_scores()
    assert "awards-block" in fragment and "to be confirmed" not in fragment


def test_once_the_next_round_begins_the_awards_give_way(tmp_path):
    view = view_of(tmp_path, "".join(GAME[:53]))  # tribunal 2, round 1 praeco Caro: the round is open
    assert view["tribunal_awards"] is None and view["round"] == 1
    assert "awards-block" not in screen_fragment(view, 1)


def test_the_awards_in_the_logs_language(tmp_path):
    french = (SCENARIOS / "games" / "trois-joueurs.gtl").read_text(encoding="utf-8").splitlines(keepends=True)
    cut = next(n for n, line in enumerate(french) if line.startswith(("scores", "points", "score")))
    view = view_of(tmp_path, "".join(french[:cut]), closed=True)
    assert view["tribunal_awards"] is not None
    fragment = screen_fragment(view, 1)
    assert "à confirmer" in fragment and "Premier Praeco" in fragment
