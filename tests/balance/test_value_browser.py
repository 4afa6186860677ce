"""``gt balance value``'s page in a real headless Chromium, at desktop and phone widths (tests/browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gtcli.balance.value import analyse
from gtcli.balance.value_html import value_html
from tests import browser

HOSTILE = '<img src=x onerror="alert(1)">&amp;'
LONG = "The Extraordinarily Unpronounceable Reliquary of Seventeen Forgotten Archmagi"

SPLIT_WORDS = """
out.split = [];  // a word (of at most 16 letters: a longer one may break) drawn on two lines
Array.from(document.querySelectorAll("td.name")).forEach(function (td) {
  var node = td.firstChild, text = node ? node.textContent : "", re = /(?<![^ ])[^ ]{1,16}(?![^ ])/g, m;
  while (node && node.nodeType === 3 && (m = re.exec(text))) {
    var range = document.createRange(); range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
    var tops = Array.from(range.getClientRects()).map(function (r) { return Math.round(r.top); });
    if (new Set(tops).size > 1) out.split.push(m[0]);
  }
});
"""

PROBE = """
var out = {width: window.innerWidth, scroll: document.documentElement.scrollWidth,
           scripts: document.scripts.length, images: document.images.length};
out.names = Array.from(document.querySelectorAll("td.name")).map(function (td) { return td.textContent; });
out.sections = document.querySelectorAll("h2").length;
out.bars = Array.from(document.querySelectorAll("svg.bar")).map(function (svg) {
  var r = svg.getBoundingClientRect(); var ci = svg.querySelector("rect.ci").getBoundingClientRect();
  var dot = svg.querySelector("circle"); var d = dot ? dot.getBoundingClientRect() : null;
  return {name: svg.getAttribute("aria-label"), w: r.width, h: r.height, right: r.right, ciw: ci.width,
          inside: ci.left >= r.left - 0.5 && ci.right <= r.right + 0.5,
          dot: d ? (d.left + d.width / 2 - r.left) / r.width : null, beyond: !!svg.querySelector(".beyond")};
});
out.file = (document.getElementById("set-file") || {}).textContent || null;
out.cells = Array.from(document.querySelectorAll("td")).map(function (td) { return td.getBoundingClientRect().right; });
""" + SPLIT_WORDS + """
return out;
"""


def rows_for(values: list[float], n: int = 40) -> list[dict]:
    """Pairs whose card differences average ``values`` (a card's value: the share of pairs it decided)."""
    rows = []
    for i in range(n):
        cards = [(0.0 if i < round(v * n) else 1.0, 10 - (i < round(v * n)) * 5) for v in values]
        rows.append({"index": i, "seat": "Ana", "base": (1.0, 10), "cards": cards})
    return rows


@pytest.fixture
def page(tmp_path: Path) -> Path:
    cards = [("Oak Staff", "item"), ("Elm Staff", "item"), ("Ash Staff", "item"), (HOSTILE, "item"),
             ("Broken Staff", "item"), ("Spark", "spell"), (LONG, "spell"), ("Balm", "spell"),
             ("Coin", "resource"), ("Bead", "resource")]
    values = [0.05, 0.075, 0.1, 0.05, 0.95, 0.025, 0.05, 0.075, 0.0, 0.025]
    report = analyse(cards, rows_for(values), "wins", 0, bootstrap=100)
    data = {"card_set": "Page test", "file": "sets/page-test.gtc", "version": 3, "bot": "greedy", "players": [4],
            "seed": 0, **report}
    out = tmp_path / "values.html"
    out.write_text(value_html(data), encoding="utf-8")
    return out


def test_every_name_is_escaped(page):
    html = page.read_text(encoding="utf-8")
    assert "<img" not in html and "<script" not in html and "&lt;img src=x" in html


@pytest.mark.parametrize("width", [1200, 390])
def test_the_values_page_in_chromium(page, width):
    browser.chromium_or_skip()
    data = browser.measure(page, PROBE, width=width, height=1400)
    assert data["scripts"] == 1 and data["images"] == 0  # the probe's own script; no image from a name
    assert data["scroll"] <= data["width"], data  # nothing wider than the window, on a phone too
    assert HOSTILE in data["names"] and LONG in data["names"] and data["sections"] == 3
    assert len(data["bars"]) == 10
    for bar in data["bars"]:
        assert bar["w"] > 60 and bar["h"] > 10 and bar["right"] <= data["width"] + 0.5, bar
        assert bar["ciw"] > 0 and bar["inside"], bar
    broken = [b for b in data["bars"] if b["name"].startswith("Broken Staff")]
    assert broken and broken[0]["beyond"]  # the outlier is an arrow at the edge
    staffs = [b["dot"] for b in data["bars"] if b["name"].split(":")[0] in ("Oak Staff", "Ash Staff")]
    # 5 points apart: over a tenth of the chart, twice what an axis stretched to the outlier (0 to 100) allows
    assert abs(staffs[0] - staffs[1]) > 0.1
    assert all(right <= data["width"] + 0.5 for right in data["cells"])
    assert data["split"] == [], data["split"]  # card names wrap between words, never inside one
    assert data["file"] == "Card set: sets/page-test.gtc, version 3"
