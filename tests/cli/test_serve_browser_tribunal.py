"""The table's screen while a Tribunal is due, in a real headless Chromium (issue 39).

The five-player sample game at the end of its second Tribunal's last round (the last turn
closed, as gt play's `end` leaves it while it asks the scorekeeper to confirm): the screen
shows the awards as they will be given, the scores the log's next line records, and the
next first Praeco, in view on a TV (1920x1080) and within the width of a phone (390 px).
After the scores, the header names the next Tribunal and its first Praeco, not "round 0".
The pictures in docs are drawn here (``GT_UPDATE_DOCS=1``).
"""

from __future__ import annotations

import os
import re

import pytest

from gtcli.cli import serve
from gtcli.grand_tribunal.lang.logs.check import Options
from tests import browser
from tests.conftest import ROOT, SCENARIOS

LINES = (SCENARIOS / "games" / "five-players.gtl").read_text(encoding="utf-8").splitlines(keepends=True)
SCORES_AT = [n for n, line in enumerate(LINES) if line.startswith("scores ")][1]  # the second Tribunal's scores
DUE = "".join(LINES[:SCORES_AT]) + "\n"  # its last turn closed with a blank line (gt play's `end`)
SCORED = "".join(LINES[:SCORES_AT + 1])
PICTURES = {ROOT / "docs" / "table-screen-tribunal.png": (1920, 1080),
            ROOT / "docs" / "table-screen-tribunal-phone.png": (390, 844)}

SHAPE = """(function () {
  var box = function (e) { if (!e) return null; var r = e.getBoundingClientRect();
                           return {top: r.top, bottom: r.bottom, right: r.right}; };
  var scores = {};
  document.querySelectorAll('.awards-block .award-players tr[data-player]').forEach(function (tr) {
    scores[tr.getAttribute('data-player')] = Number(tr.querySelector('.score').textContent); });
  return {width: document.documentElement.scrollWidth, awards: box(document.querySelector('.awards-block')),
          standings: box(document.querySelector('.standings-block')), scores: scores,
          next: (document.querySelector('.awards-block .next b') || {}).textContent,
          heading: (document.querySelector('.awards-block h2') || {}).textContent,
          where: document.querySelector('.where').textContent,
          turn: document.querySelector('.turn').textContent, title: document.title};
})()"""


def expected_scores() -> dict[str, int]:
    return {m[0]: int(m[1]) for m in re.findall(r"(\w+) (\d+)", LINES[SCORES_AT][len("scores "):])}


def next_first_praeco() -> str:
    return next(re.match(r"round 1 praeco (\w+)", line).group(1) for line in LINES[SCORES_AT:]
                if line.startswith("round 1 praeco"))


def shape_of(tmp_path, text: str, width: int, height: int, picture=None) -> dict:
    path = tmp_path / "game.gtl"
    path.write_text(text, encoding="utf-8")
    s = serve.Serving(str(path), Options(), "127.0.0.1", 0)
    try:
        with browser.Live(width, height) as page:
            page.open(s.url)
            page.wait_for("document.getElementById('live').className === 'live on'")
            if picture is not None:
                page.screenshot(picture)
            return page.evaluate(SHAPE)
    finally:
        s.stop()


@pytest.mark.parametrize("width, height", [(1920, 1080), (390, 844)])
def test_a_due_tribunal_shows_its_awards_on_a_tv_and_a_phone(tmp_path, width, height):
    browser.chromium_or_skip()
    shape = shape_of(tmp_path, DUE, width, height)
    assert shape["scores"] == expected_scores(), shape
    assert shape["next"] == next_first_praeco(), shape
    assert "to be confirmed" in shape["heading"] and "Tribunal 2" in shape["heading"], shape
    assert shape["width"] <= width, shape  # nothing wider than the screen
    assert shape["awards"]["top"] < shape["standings"]["top"], shape  # the Tribunal first
    assert shape["awards"]["right"] <= width, shape
    if width > 1000:  # a TV: the awards in view without scrolling
        assert shape["awards"]["bottom"] <= height, shape


def test_after_the_scores_the_header_names_the_next_tribunal(tmp_path):
    browser.chromium_or_skip()
    shape = shape_of(tmp_path, SCORED, 1920, 1080)
    assert "round" not in shape["where"] and "Tribunal (3 of 3)" in shape["where"], shape  # the Grand Tribunal
    assert shape["turn"] == f"First Praeco: {next_first_praeco()}", shape
    assert not shape["title"].endswith(".0"), shape
    assert "given" in shape["heading"] and shape["scores"] == expected_scores(), shape


def test_documentation_pictures_of_a_due_tribunal(tmp_path):
    """docs/table-screen-tribunal.png (a TV) and -phone.png; GT_UPDATE_DOCS=1 draws them again."""
    if os.environ.get("GT_UPDATE_DOCS"):
        browser.chromium_or_skip()
        for picture, (width, height) in PICTURES.items():
            shape_of(tmp_path, DUE, width, height, picture)
    for picture, (width, height) in PICTURES.items():
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert picture.stat().st_size < 400_000
        assert browser.png_pixels(picture)[:2] == (width, height)
        assert picture.name in (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
