"""Every HTML report on a phone, in a real headless Chromium (issue 26: "HTML reports on a phone").

The scoresheet of ``gt replay --html`` and ``gt game report`` (long names too), the league
site's pages that share its chrome, and the balance report, at 320 and 360 CSS pixels:

* nothing makes the page wider than the screen;
* a table wider than its column scrolls inside a box that shows it (the shadow of
  :data:`gtcli.core.html.page.BASE_CSS`), never silently cut;
* every label of a chart is at least 10 CSS pixels (the narrow chart is the one shown);
* the scores table keeps the Grand Tribunal's column and the Total in view.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import browser
from tests.balance.test_balance_browser import page as balance_page  # noqa: F401  (a fixture)
from tests.club.test_club_site import site  # noqa: F401  (a fixture)
from tests.conftest import SCENARIOS, run
from tests.grand_tribunal.test_report_html import _long_names_session

PROBE = """(function () {
  var out = {width: window.innerWidth, scroll: document.documentElement.scrollWidth, tables: [], labels: [],
             charts: 0, grand: null, total: null};
  document.querySelectorAll('table').forEach(function (t) {
    var r = t.getBoundingClientRect();
    if (!r.width) return;
    var box = t.closest('.wide'), room = box ? box.clientWidth : t.parentElement.clientWidth;
    var cs = box ? getComputedStyle(box) : null;
    out.tables.push({cls: t.className.baseVal === undefined ? t.className : '', over: t.scrollWidth > room + 0.5,
                     cued: !!cs && /auto|scroll/.test(cs.overflowX) && cs.backgroundImage.indexOf('radial-gradient') >= 0
                           && cs.backgroundAttachment.indexOf('local') >= 0 && box.scrollWidth > box.clientWidth});
  });
  document.querySelectorAll('svg.chart').forEach(function (svg) {
    var r = svg.getBoundingClientRect();
    if (!r.width) return;
    out.charts += 1;
    var scale = r.width / svg.viewBox.baseVal.width;
    svg.querySelectorAll('text').forEach(function (t) { out.labels.push(parseFloat(getComputedStyle(t).fontSize) * scale); });
  });
  var box = function (sel) { var e = document.querySelector(sel); if (!e) return null;
    var r = e.getBoundingClientRect(); return {left: r.left, right: r.right}; };
  out.grand = box('table.scores th.grand');
  out.total = box('table.scores th.total');
  return out;
})()"""


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("phone")
    pages = {"replay": folder / "replay.html", "long-names": folder / "long.html"}
    assert run("replay", SCENARIOS / "games" / "five-players.gtl", "--html", "-o", pages["replay"]).exit_code == 0
    assert run("game", "report", _long_names_session(folder), "-o", pages["long-names"]).exit_code == 0
    return pages


@pytest.mark.parametrize("width", [320, 360])
def test_every_report_on_a_phone(reports, site, balance_page, width):  # noqa: F811
    _, out = site
    pages = {**reports, "standings": out / "index.html", "games": out / "games.html",
             "player": next((out / "players").glob("*.html")), "game": next((out / "games").glob("*.html")),
             "balance": balance_page}
    seen_over = 0
    with browser.Live(width, 800) as phone:
        for name, page in pages.items():
            phone.open(page.resolve().as_uri())
            data = phone.evaluate(PROBE)
            assert data["width"] == width
            assert data["scroll"] <= width, (name, data["scroll"])  # the page itself never scrolls sideways
            uncued = [t for t in data["tables"] if t["over"] and not t["cued"]]
            assert uncued == [], (name, uncued)
            seen_over += sum(t["over"] for t in data["tables"])
            if data["charts"]:
                assert min(data["labels"]) >= 10, (name, min(data["labels"]))
            if name in ("replay", "long-names"):
                assert data["charts"] >= 1
                for column in ("grand", "total"):  # in view, whatever scrolls between
                    assert 0 <= data[column]["left"] and data[column]["right"] <= width + 0.5, (name, column, data)
    assert seen_over >= 3  # the items of each Tribunal, at least: the cue is not a vacuous pass


def test_the_wide_chart_on_a_desktop_and_on_paper(reports):
    """Wider than a phone, the wide chart is shown and the narrow one is not (print: the wide one too)."""
    with browser.Live(1000, 900) as desktop:
        desktop.open(reports["replay"].resolve().as_uri())
        shown = desktop.evaluate("Array.prototype.map.call(document.querySelectorAll('svg.chart'), function (s) {"
                                 " return [s.getAttribute('class'), s.getBoundingClientRect().width > 0]; })")
    assert shown == [["chart chart-wide", True], ["chart chart-narrow", False]] * 2
