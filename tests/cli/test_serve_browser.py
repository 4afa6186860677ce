"""The table's screen in a real headless Chromium (tests/browser.py's ``Live``: skipped without Chromium).

A real ``gt play --serve`` process is typed into, and the page open in the browser shows
each move within a second, without reloading; the page reads on a phone and on a TV;
without JavaScript it still shows the state, and a reload shows the next. The README's
picture of the screen is drawn here (``GT_UPDATE_DOCS=1``).
"""

from __future__ import annotations

import json
import os
import re
import statistics
from pathlib import Path

import pytest

from gtcli.cli import serve
from gtcli.grand_tribunal.lang.logs.check import Options
from tests import browser
from tests.cli.test_serve import _first_json, _play, _port_of, _settles
from tests.conftest import ROOT, SCENARIOS
from tests.grand_tribunal.play.test_table_view import ANA, BEN, HEADER

DOC_IMAGE = ROOT / "docs" / "table-screen.png"  # a TV, 1920x1080, in the second Tribunal (the README's)
DOC_IMAGES = {DOC_IMAGE: (1920, 1080, "tribunal 2"), ROOT / "docs" / "table-screen-end.png": (1920, 1080, None),
              ROOT / "docs" / "table-screen-phone.png": (390, 844, "tribunal 2")}

# Lines typed at gt play after Ana's turn, and the last move each one puts on the screen; after `end`
# (which writes nothing to the log), whose turn the screen shows at once
TYPED = [
    ("end", "Turn of Ben"),
    ("Ben: draw item face-up \"Iron Amulet\" refill \"Pilgrim's Orb\"",
     "Ben: draw item face-up \"Iron Amulet\" refill \"Pilgrim's Orb\""),  # public, though Ana drew the other copy
    ("vote staff", "Ben: vote staff"),
    ("end", "Turn of Caro"),
    ("vote orb", "Caro: vote orb"),
    ("extract 1", "Caro: extract 1"),
    ("end", "Turn of Ben"),
    ("praeco runic, healing, scroll", "Ben: praeco runic, healing, scroll"),
]
LAST_MOVE = "(document.querySelector('.moves li:last-child') || {textContent: ''}).textContent"


@pytest.fixture
def log(tmp_path) -> Path:
    path = tmp_path / "game.gtl"
    path.write_text(HEADER + ANA, encoding="utf-8")
    return path


def test_a_typed_move_is_on_the_screen_within_a_second(log):
    """Typed into a real gt play, each move reaches the open page by itself (no reload): the
    median of five is well within a second (a move takes a few tenths: the log is looked at
    every POLL_SECONDS), and none takes more than a few seconds even on a busy machine."""
    browser.chromium_or_skip()
    proc = _play(log)
    try:
        url = _first_json(proc, "serving")["url"]
        _first_json(proc, "hello")
        with browser.Live(1280, 800) as page:
            page.open(url)
            page.wait_for("document.getElementById('live').className === 'live on'")
            page.evaluate("window.__sameDocument = 42")
            took = []
            for line, shown in TYPED:
                proc.stdin.write(line + "\n")
                reply = _first_json(proc, "reply")
                assert reply["accepted"], reply
                if line == "end":
                    page.wait_for(f"document.querySelector('.turn').textContent.startsWith({json.dumps(shown)})",
                                  timeout=10)
                    continue
                took.append(page.wait_for(f"{LAST_MOVE}.includes({json.dumps(shown)})", timeout=10))
            assert page.evaluate("window.__sameDocument") == 42  # the same page: nothing reloaded it
            assert page.evaluate("document.querySelector('.turn').textContent").startswith("Turn of Ben")
            assert page.evaluate("document.title").endswith("· 1.2")
        assert len(took) == 5 and statistics.median(took) < 1.0 and max(took) < 5, took
        assert serve.POLL_SECONDS * 2 < 1.0
        proc.stdin.write("quit\n")
        proc.stdin.close()
        assert proc.wait(30) == 0
    finally:
        proc.kill()


SHAPE = """
var box = function (sel) { var e = document.querySelector(sel); if (!e) return null;
  var r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
return {width: window.innerWidth, height: window.innerHeight, scroll: document.documentElement.scrollWidth,
        font: parseFloat(getComputedStyle(document.documentElement).fontSize),
        standing: parseFloat(getComputedStyle(document.querySelector('.standings td')).fontSize),
        smallest: Math.min.apply(null, Array.prototype.map.call(document.querySelectorAll('#screen *'),
          function (e) { return e.children.length || !e.textContent.trim() ? 99 : parseFloat(getComputedStyle(e).fontSize); })),
        standings: box('.standings-block'), track: box('.track-block'), moves: box('.moves-block'),
        players: box('.players-block'), names: Array.prototype.map.call(document.querySelectorAll('.player h3 span:first-child'),
          function (e) { return e.textContent; })};
"""


def _serving(tmp_path: Path, text: str) -> tuple[serve.Serving, Path]:
    path = tmp_path / "game.gtl"
    path.write_text(text, encoding="utf-8")
    return serve.Serving(str(path), Options(), "127.0.0.1", 0), path


@pytest.mark.parametrize("width, height", [(360, 740), (1920, 1080)])
def test_the_screen_on_a_phone_and_on_a_tv(tmp_path, width, height):
    browser.chromium_or_skip()
    s, _ = _serving(tmp_path, HEADER + ANA + BEN)
    try:
        with browser.Live(width, height) as page:
            page.open(s.url)
            shape = page.evaluate(f"(function () {{ {SHAPE} }})()")
    finally:
        s.stop()
    assert shape["width"] == width and shape["scroll"] <= width, shape  # nothing wider than the screen
    assert shape["names"] == ["Ana", "Ben", "Caro"]
    assert shape["smallest"] >= 12, shape  # no text smaller than 12 CSS px, even the line numbers
    if width < 500:  # a phone: one column, the standings first, then the track and the moves
        assert shape["font"] >= 16
        assert shape["standings"]["bottom"] <= shape["track"]["top"] <= shape["moves"]["top"] <= shape["players"]["top"]
    else:  # a TV across the table: large type, and everything on one screen without scrolling
        assert shape["font"] >= 24 and shape["standing"] >= 30, shape
        for block in ("standings", "track", "moves", "players"):
            assert shape[block]["bottom"] <= height and shape[block]["right"] <= width, (block, shape[block])


def test_without_javascript_the_page_still_shows_the_state(tmp_path):
    browser.chromium_or_skip()
    s, path = _serving(tmp_path, HEADER + ANA)
    try:
        with browser.Live(1200, 900, javascript=False) as page:
            page.open(s.url)
            assert page.evaluate("document.querySelector('.turn').textContent").startswith("Turn of Ana")
            assert page.evaluate("document.getElementById('live').hidden")  # no claim to be live
            refresh = page.evaluate("(document.querySelector('meta[http-equiv=refresh]') || {}).content")
            assert refresh == "5"  # the browser sees the refresh: scripts are off, so <noscript> is markup
            path.write_text(HEADER + ANA + BEN, encoding="utf-8")
            assert _settles(lambda: s.follower.version == 2)
            page.reload()
            assert page.evaluate("document.querySelector('.turn').textContent").startswith("Turn of Ben")
    finally:
        s.stop()


def _five_players(until: str | None) -> str:
    """The five-player sample log: whole (None), or cut in the third round after ``until``."""
    lines = (SCENARIOS / "games" / "five-players.gtl").read_text(encoding="utf-8").splitlines(keepends=True)
    if until is None:
        return "".join(lines)
    cut = next(n for n, line in enumerate(lines) if line.startswith("round 3 praeco")
               and any(x.startswith(until) for x in lines[:n]))
    end = cut + 3  # the Praeco's line, its turn and the next player's turn, with its continued lines
    while end < len(lines) and lines[end].startswith(" "):
        end += 1
    return "".join(lines[:end])


END = """
var box = function (e) { var r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, right: r.right}; };
return {height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth,
        winner: box(document.querySelector('.player.winner')), players: document.querySelectorAll('.player').length,
        rows: document.querySelector('.rows-block') ? box(document.querySelector('.rows-block')) : null,
        legend: box(document.querySelector('.legend')), status: document.querySelector('.turn').textContent};
"""


def test_five_players_at_the_end_of_a_game_fit_a_tv(tmp_path):
    """Issue 33: at 1920x1080 the whole screen of a finished five-player game is in view (no one
    scrolls a TV): the winner's card, the face-up rows and the legend too."""
    browser.chromium_or_skip()
    s, _ = _serving(tmp_path, _five_players(None))
    try:
        with browser.Live(1920, 1080) as page:
            page.open(s.url)
            shape = page.evaluate(f"(function () {{ {END} }})()")
    finally:
        s.stop()
    [winner] = json.loads((SCENARIOS / "games" / "five-players.expected.json").read_text(encoding="utf-8"))["winners"]
    assert shape["players"] == 5 and shape["status"] == f"Winner: {winner}", shape
    assert shape["height"] <= 1080 and shape["width"] <= 1920, shape
    for block in ("winner", "rows", "legend"):
        assert shape[block] is not None and shape[block]["bottom"] <= 1080 and shape[block]["right"] <= 1920, block


def test_documentation_pictures(tmp_path):
    """The README shows the screen of the five-player sample log in its second Tribunal on a TV;
    beside it the end of that game on a TV and the second Tribunal on a phone.
    GT_UPDATE_DOCS=1 draws them again."""
    if os.environ.get("GT_UPDATE_DOCS"):
        browser.chromium_or_skip()
        for image, (width, height, until) in DOC_IMAGES.items():
            s, _ = _serving(tmp_path, _five_players(until))
            try:
                with browser.Live(width, height) as live:
                    live.open(s.url)
                    live.wait_for("document.getElementById('live').className === 'live on'")
                    live.screenshot(image)
            finally:
                s.stop()
    for image in DOC_IMAGES:
        assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert image.stat().st_size < 400_000
        assert browser.png_pixels(image)[:2] == DOC_IMAGES[image][:2]
    assert f"]({DOC_IMAGE.relative_to(ROOT)})" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_setup_screen_on_a_tv_names_the_first_praeco_and_spans_the_players(tmp_path):
    browser.chromium_or_skip()
    text = _five_players(None)
    s, _ = _serving(tmp_path, text[:text.index("tribunal 1")])
    try:
        with browser.Live(1920, 1080) as page:
            page.open(s.url)
            shape = page.evaluate("""(function () {
              return {turn: document.querySelector('.turn').textContent,
                      widths: Array.prototype.map.call(document.querySelectorAll('.player'),
                        function (e) { return e.getBoundingClientRect().width; }),
                      height: document.documentElement.scrollHeight}; })()""")
    finally:
        s.stop()
    first = re.search(r"^  praeco (\w+)$", text, re.M).group(1)  # the setup's first Praeco
    assert shape["turn"] == f"First Praeco: {first}" and shape["height"] <= 1080, shape
    assert len(shape["widths"]) == 5 and max(shape["widths"]) - min(shape["widths"]) < 2, shape  # none squeezed
    assert min(shape["widths"]) > 1920 / 7, shape
