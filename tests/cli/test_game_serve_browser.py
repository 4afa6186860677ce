"""The scorekeeper's phone in a real headless Chromium at 390 CSS pixels (skipped without Chromium).

A whole four-player Tribunal entered by taps (mouse presses at the middle of each button,
as a finger would: a button hidden or covered would not take them), previewed live and
then on the preview page, and recorded; the session is then the one ``gt game tribunal
--from`` records from the same lines. The page fits a phone from 320 to 430 pixels: no
sideways scrolling, every button at least 44 pixels tall. The pictures in docs/ are drawn
here (``GT_UPDATE_DOCS=1``; otherwise into a temporary folder, and looked at all the same).
"""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import pytest

from gtcli.grand_tribunal.formats.session_file import load_game
from gtcli.grand_tribunal.shipped import published_vocabulary
from tests import browser
from tests.cli.phone_client import Server, new_session
from tests.conftest import ROOT, run, run_json

# What is tapped: the Voting Track's counters, then each Item (owner, type, base, Spells, a name)
TRACK = {"staff": 2, "orb": 3, "elemental": 2, "healing": 1}
ITEMS = [("Ana", "staff", 4, ["elemental", "elemental", "runic"], ""),
         ("Ben", "orb", 3, ["healing"], ""),
         ("Caro", "wand", 3, [], ""),
         ("Dani", "orb", 2, ["healing"], "Moon Orb")]

FITS = """(function () {
  var small = [];
  document.querySelectorAll('button, .button, summary, textarea, input[type=text]').forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width && r.height < 44) small.push(e.textContent + ' ' + r.height);
  });
  return {width: window.innerWidth, scroll: document.documentElement.scrollWidth, small: small,
          font: parseFloat(getComputedStyle(document.body).fontSize)};
})()"""


def tap(page: browser.Live, selector: str) -> None:
    """A finger on the middle of the element (scrolled into view first)."""
    where = page.evaluate(f"""(function () {{ var e = document.querySelector({json.dumps(selector)});
      if (!e) return null; e.scrollIntoView({{block: 'center'}}); var r = e.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
    assert where is not None, f"nothing to tap at {selector}"
    for kind in ("mousePressed", "mouseReleased"):
        page.call("Input.dispatchMouseEvent", session=True, type=kind, x=where[0], y=where[1], button="left",
                  clickCount=1)


def whole_page(page: browser.Live, png: Path) -> Path:
    """A picture of the whole page, as long as it is."""
    height = page.evaluate("document.documentElement.scrollHeight")
    width = page.evaluate("window.innerWidth")
    shot = page.call("Page.captureScreenshot", session=True, format="png", captureBeyondViewport=True,
                     clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1})
    png.write_bytes(base64.b64decode(shot["data"]))
    assert browser.ink_fraction(png) > 0.02, png  # something is drawn
    return png


def _pictures(tmp_path: Path) -> Path:
    return ROOT / "docs" if os.environ.get("GT_UPDATE_DOCS") else tmp_path


def _fits(page: browser.Live, width: int) -> None:
    shape = page.evaluate(FITS)
    assert shape["width"] == width and shape["scroll"] <= width, shape  # nothing wider than the phone
    assert shape["small"] == [], shape["small"]  # large touch targets
    assert shape["font"] >= 16


def test_a_whole_tribunal_entered_by_taps_previewed_and_recorded(tmp_path):
    browser.chromium_or_skip()
    session = new_session(tmp_path)
    server = Server(session)
    pictures = _pictures(tmp_path)
    try:
        with browser.Live(390, 844) as page:
            page.open(server.url)
            page.wait_for("!document.getElementById('taps').hidden")
            _fits(page, 390)
            for space, count in TRACK.items():
                for _ in range(count):
                    tap(page, f'[data-counter="{space}"] [data-step="1"]')
            for owner, kind, base, spells, name in ITEMS:
                tap(page, "[data-add]")
                tap(page, f'.card.current [data-chips="owner"] [data-value="{owner}"]')
                tap(page, f'.card.current [data-chips="type"] [data-value="{kind}"]')
                for _ in range(base):
                    tap(page, '.card.current [data-counter="base"] [data-step="1"]')
                for spell in spells:
                    tap(page, f'.card.current [data-chips="spell"] [data-value="{spell}"]')
                if name:
                    tap(page, ".card.current input[type=text]")
                    page.call("Input.insertText", session=True, text=name)
            lines = page.evaluate("document.getElementById('lines').value")
            assert lines == ("votes orb 3, staff 2, elemental 2, healing 1\n"
                             "Ana: staff 4 elemental elemental runic\nBen: orb 3 healing\nCaro: wand 3\n"
                             'Dani: "Moon Orb" orb 2 healing\n')
            page.wait_for("document.querySelectorAll('#live table tr').length === 5")  # the live preview
            live_scores = page.evaluate("document.querySelector('#live [data-scores]').textContent")
            _fits(page, 390)
            whole_page(page, pictures / "phone-entry.png")
            assert "[[tribunals]]\n" not in session.read_text(encoding="utf-8")
            tap(page, "#form button[type=submit]")
            page.wait_for("location.pathname.endsWith('/preview') && document.readyState === 'complete'"
                          " && !!document.getElementById('record')")
            _fits(page, 390)
            whole_page(page, pictures / "phone-preview.png")
            tap(page, "#record")
            page.wait_for("location.search === '?recorded=1' && document.readyState === 'complete'")
            assert "Tribunal 1 is recorded." in page.evaluate("document.querySelector('.banner').textContent")
            _fits(page, 390)
            whole_page(page, pictures / "phone-recorded.png")
    finally:
        server.close()
    other = new_session(tmp_path, "terminal.toml")
    table = tmp_path / "same.lines"
    table.write_text(lines, encoding="utf-8")
    assert run("game", "tribunal", other, "--from", table, "--yes").exit_code == 0
    assert session.read_text(encoding="utf-8") == other.read_text(encoding="utf-8")
    assert load_game(session, published_vocabulary()).tables[0].items[3].name == "Moon Orb"
    shown = run_json("game", "show", session)["tribunals"][0]["players"]  # what the live preview said
    assert live_scores == "Scores: " + ", ".join(f"{p['name']} {p['score']}" for p in shown)


@pytest.mark.parametrize("width", [320, 430])
def test_every_page_fits_a_phone(tmp_path, width):
    """The game's page with a Tribunal recorded, the mistakes, the preview, the conflict and the undo pages."""
    browser.chromium_or_skip()
    session = new_session(tmp_path)
    server = Server(session)
    try:
        server.preview_and_record("votes staff 2, orb 3\nAna: \"A very long Item name for a small phone\" staff 4"
                                  " elemental\nBen: orb 3\nCaro: wand 3\n")
        with browser.Live(width, 800) as page:
            page.open(server.url)
            page.wait_for("!document.getElementById('taps').hidden")
            _fits(page, width)
            tap(page, ".undo button")
            page.wait_for("!!document.getElementById('drop')")
            _fits(page, width)
            if width == 320:
                whole_page(page, _pictures(tmp_path) / "phone-undo.png")
            page.open(server.url)
            page.evaluate("document.getElementById('lines').value = 'votes stuff 2\\nZed: orb 3\\n'")
            tap(page, "#form button[type=submit]")
            page.wait_for("location.pathname.endsWith('/preview') && !!document.querySelector('.mistakes')")
            _fits(page, width)
            assert page.evaluate("document.querySelectorAll('.mistakes li').length") == 2
    finally:
        server.close()


def test_the_conflict_page_in_the_browser(tmp_path):
    """The terminal records while the phone taps: the live preview says so, Preview shows the conflict
    page with the lines kept; sent again, previewed; the terminal undoes before Record: the conflict
    page again, nothing written, the lines still there."""
    browser.chromium_or_skip()
    session = new_session(tmp_path)
    server = Server(session)
    try:
        with browser.Live(390, 844) as page:
            page.open(server.url)
            page.wait_for("!document.getElementById('taps').hidden")
            table = tmp_path / "t.lines"
            table.write_text("votes orb 1\nBen: orb 2\n", encoding="utf-8")
            assert run("game", "tribunal", session, "--from", table, "--yes").exit_code == 0
            tap(page, '[data-counter="staff"] [data-step="1"]')  # the live preview says so at once
            page.wait_for("!!document.querySelector('#live [data-changed]')")
            page.evaluate("document.getElementById('lines').value = 'votes staff 2\\nAna: staff 4\\n'")
            tap(page, "#form button[type=submit]")  # Preview: the conflict page, the lines kept
            page.wait_for("location.pathname.endsWith('/preview') && document.readyState === 'complete'")
            assert page.evaluate("document.querySelector('.banner.bad h2').textContent") == "The game changed meanwhile"
            tap(page, "#form button[type=submit]")  # sent again: previewed against the game as it is now
            page.wait_for("!!document.getElementById('record')")
            assert run("game", "undo", session, "--yes").exit_code == 0  # and the terminal changes it once more
            tap(page, "#record")
            page.wait_for("location.pathname.endsWith('/record') && document.readyState === 'complete'")
            assert page.evaluate("document.querySelector('.banner.bad h2').textContent") == "The game changed meanwhile"
            assert page.evaluate("document.getElementById('lines').value") == "votes staff 2\nAna: staff 4\n"
            _fits(page, 390)
            whole_page(page, _pictures(tmp_path) / "phone-conflict.png")
    finally:
        server.close()


def test_players_whose_names_need_quotes(tmp_path):
    """A name with a number or a space: the buttons write it as gt reads it back, and read it again."""
    browser.chromium_or_skip()
    session = tmp_path / "odd.toml"
    assert run("game", "new", session, "--players", "Ana Maria,Ben 2,Caro").exit_code == 0
    server = Server(session)
    try:
        with browser.Live(390, 844) as page:
            page.open(server.url)
            page.wait_for("!document.getElementById('taps').hidden")
            tap(page, '[data-counter="orb"] [data-step="1"]')
            for owner in ("Ben 2", "Ana Maria"):
                tap(page, "[data-add]")
                tap(page, f'.card.current [data-chips="owner"] [data-value="{owner}"]')
                tap(page, '.card.current [data-chips="type"] [data-value="orb"]')
                tap(page, '.card.current [data-counter="base"] [data-step="1"]')
            lines = page.evaluate("document.getElementById('lines').value")
            assert lines == 'votes orb 1\n"Ben 2": orb 1\nAna Maria: orb 1\n'
            page.wait_for("document.querySelectorAll('#live table tr').length === 3")  # read without a mistake
            page.reload()  # the lines read back into buttons: one card per Item
            page.evaluate(f"document.getElementById('lines').value = {json.dumps(lines)};"
                          "document.getElementById('lines').dispatchEvent(new Event('input'))")
            assert page.evaluate("document.querySelectorAll('[data-item]').length") == 2
            assert page.evaluate("document.querySelector('#taps .aside') === null")  # not "typed by hand"
    finally:
        server.close()


@pytest.mark.parametrize("lang", ["es", "fr", "it"])
def test_the_page_fits_a_small_phone_in_every_language(tmp_path, lang):
    """The sheets' longer words (Registro de Votación, alchimique...) still fit 320 pixels."""
    browser.chromium_or_skip()
    session = new_session(tmp_path)
    server = Server(session, lang)
    try:
        with browser.Live(320, 700) as page:
            page.open(server.url)
            page.wait_for("!document.getElementById('taps').hidden")
            tap(page, "[data-add]")
            assert page.evaluate("document.documentElement.lang") == lang
            _fits(page, 320)
            whole_page(page, tmp_path / f"phone-entry-{lang}.png")
    finally:
        server.close()


def test_without_javascript_the_plain_form_records_in_the_browser(tmp_path):
    """Scripts off: no buttons, the lines typed into the box, Preview, Record, as a plain HTML form."""
    browser.chromium_or_skip()
    session = new_session(tmp_path)
    server = Server(session)
    try:
        with browser.Live(390, 844, javascript=False) as page:
            page.open(server.url)
            assert page.evaluate("document.getElementById('taps').hidden")  # no buttons without the script
            _fits(page, 390)
            page.evaluate("document.getElementById('lines').value = ''")  # what the page started it with, cleared
            tap(page, "#lines")
            page.call("Input.insertText", session=True, text="votes staff 2\nAna: staff 4\nBen: orb 3\n")
            assert page.evaluate("document.getElementById('lines').value") == "votes staff 2\nAna: staff 4\nBen: orb 3\n"
            tap(page, "#form button[type=submit]")
            page.wait_for("location.pathname.endsWith('/preview') && !!document.getElementById('record')")
            tap(page, "#record")
            page.wait_for("location.search === '?recorded=1' && document.readyState === 'complete'")
    finally:
        server.close()
    items = load_game(session, published_vocabulary()).tables[0].items
    assert [(i.owner, i.type, i.base) for i in items] == [("Ana", "staff", 4), ("Ben", "orb", 3)]
