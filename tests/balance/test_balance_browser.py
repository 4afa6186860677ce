"""The balance report in a real headless Chromium, at desktop and phone widths (tests/browser.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests import browser
from tests.balance.test_association import bots_study
from tests.balance.test_value_browser import SPLIT_WORDS
from tests.conftest import ROOT, run

HOSTILE = '<img src=x onerror="alert(1)">&amp;'
LONG = "The Extraordinarily Unpronounceable Reliquary of Seventeen Forgotten Archmagi"
DOC_IMAGE = ROOT / "docs" / "balance-report.png"

PROBE = """
var out = {width: window.innerWidth, scroll: document.documentElement.scrollWidth,
           scripts: document.scripts.length, images: document.images.length};
out.names = Array.from(document.querySelectorAll("table.cards td.name")).map(function (td) { return td.textContent; });
out.who = document.getElementById("played-by").textContent;
out.bars = Array.from(document.querySelectorAll("svg.bar")).map(function (svg) {
  var r = svg.getBoundingClientRect(); var ci = svg.querySelector("rect.ci").getBoundingClientRect();
  return {x: r.left, right: r.right, w: r.width, h: r.height, ciw: ci.width, inside: ci.left >= r.left - 0.5 && ci.right <= r.right + 0.5};
});
out.kinds = Array.from(document.querySelectorAll("#cards table.cards")).map(function (table) {
  return Array.from(table.querySelectorAll("svg.bar")).map(function (svg) {
    var r = svg.getBoundingClientRect(); var ci = svg.querySelector("rect.ci").getBoundingClientRect();
    return {ratio: ci.width / r.width, beyond: svg.querySelectorAll("path.beyond").length};
  });
});
out.tables = Array.from(document.querySelectorAll("table")).map(function (t) {
  return t.getBoundingClientRect().width - t.parentNode.getBoundingClientRect().width;
});
out.sections = Array.from(document.querySelectorAll("section")).map(function (s) { return s.id; });
out.text = document.body.textContent;
out.charts = Array.from(document.querySelectorAll("svg.chart")).filter(function (svg) {
  return svg.getBoundingClientRect().width > 0;  // each chart is drawn wide and narrow; one is shown
}).map(function (svg) {
  var r = svg.getBoundingClientRect(); return {w: r.width, h: r.height, right: r.right};
});
out.cells = Array.from(document.querySelectorAll("td.name")).map(function (td) {
  var r = td.getBoundingClientRect(); return {right: r.right, w: r.width};
});
""" + SPLIT_WORDS + """
return out;
"""


def renamed(game: dict, names: dict) -> dict:
    def name(card):
        return names.get(card, card)
    return dict(game, used={p: [name(c) for c in cs] for p, cs in game["used"].items()},
                played={p: {name(c): n for c, n in cs.items()} for p, cs in game["played"].items()},
                kinds={name(c): k for c, k in game["kinds"].items()})


@pytest.fixture
def page(tmp_path: Path) -> Path:
    """A mixed study (a search bot and three greedy ones) with a hostile and a long card name, and one
    Item that wins whenever it is used: an outlier whose interval must not flatten its kind's axis."""
    games = [renamed(g, {"Item 1": HOSTILE, "Item 2": LONG}) for g in bots_study(5, 300, "Item 3")]
    for g in games:
        users = [p for p in g["players"] if "Item 3" in g["used"][p]]
        if users:
            g["winners"] = users
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / "games.jsonl").write_text("".join(json.dumps({"summary": g}) + "\n" for g in games), encoding="utf-8")
    (folder / "study.json").write_text(json.dumps({"bot": "greedy"}), encoding="utf-8")
    out = tmp_path / "report.html"
    result = run("balance", folder, "-o", out)
    assert result.exit_code == 0, result.output
    return out


def test_every_name_is_escaped(page):
    html = page.read_text(encoding="utf-8")
    assert "<img" not in html and "<script" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;" in html


@pytest.mark.parametrize("width", [1200, 800, 390])
def test_the_report_in_chromium(page, width):
    browser.chromium_or_skip()
    data = browser.measure(page, PROBE, width=width, height=1400)
    assert data["scripts"] == 1 and data["images"] == 0  # the probe's own script; no image from a name
    assert data["scroll"] <= data["width"], data  # nothing wider than the window, on a phone too
    assert HOSTILE in data["names"] and LONG in data["names"]  # shown as text, not obeyed
    assert "greedy, mcts bots" in data["who"] and "Bots do not play like people" in data["who"]
    assert len(data["bars"]) >= 2 * (3 + 4 + 5) + 22  # seats and Praeco positions of 3 to 5 players, card rows
    assert {"seats", "cards", "bots"} <= set(data["sections"])
    assert max(data["tables"]) <= 0.5, data["tables"]  # no table scrolls in its box: a hostile name wraps anywhere
    assert "Association, not cause" in data["text"] and "fair share" in data["text"] and "<1e-16" in data["text"]
    items = data["kinds"][0]  # Items: the outlier runs off the axis (an arrow), the others stay readable
    assert sum(bar["beyond"] for bar in items) >= 1
    ordinary = sorted(bar["ratio"] for bar in items if not bar["beyond"])
    # an axis set by the outlier's far end (about +80 points) would leave them about 9% of the bar
    assert ordinary and ordinary[len(ordinary) // 2] > 0.13, items
    for bar in data["bars"]:
        assert bar["w"] > 60 and bar["h"] > 10 and bar["right"] <= data["width"] + 0.5, bar
        assert bar["ciw"] > 0 and bar["inside"], bar
    assert data["charts"] and all(c["w"] > 200 and c["right"] <= data["width"] + 0.5 for c in data["charts"])
    assert all(c["right"] <= data["width"] + 0.5 for c in data["cells"])
    assert data["split"] == [], data["split"]  # card names wrap between words, never inside one


def test_documentation_picture(tmp_path):
    """The README shows a report of 400 simulated games; GT_UPDATE_DOCS=1 draws it again."""
    if os.environ.get("GT_UPDATE_DOCS"):
        browser.chromium_or_skip()
        study = tmp_path / "study"
        assert run("simulate", "--games", "400", "--players", "4", "--bot", "greedy", "--stats-only",
                   "-o", study, "-q").exit_code == 0
        out = tmp_path / "report.html"
        assert run("balance", study, "-o", out, "-q").exit_code == 0
        out.write_text(out.read_text(encoding="utf-8").replace(str(study), "study"), encoding="utf-8")
        browser.screenshot(out, DOC_IMAGE, 900, 1250)
    assert DOC_IMAGE.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert DOC_IMAGE.stat().st_size < 400_000
    assert f"]({DOC_IMAGE.relative_to(ROOT)})" in (ROOT / "README.md").read_text(encoding="utf-8")
