"""gt club site: the league site's files, links and escaping, and the pages in a real headless Chromium
at a desktop's and a phone's width (skipped with a reason where Chromium is not installed)."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tests import browser
from tests.conftest import ROOT, SCENARIOS, run

DOC_IMAGE = ROOT / "docs" / "club-site.png"
WIDTHS = (1200, 390)  # a desktop, a phone held upright

PROBE = """
var out = {scroll: document.documentElement.scrollWidth, width: window.innerWidth,
           scripts: document.scripts.length, text: document.body.innerText.length, rows: [], charts: []};
document.querySelectorAll('table.standings tbody tr').forEach(function (tr) {
  out.rows.push([tr.cells[1].textContent, tr.cells[2].textContent]);
});
document.querySelectorAll('svg.chart').forEach(function (svg) {
  var box = svg.getBoundingClientRect(), outside = 0, points = 0;
  if (!box.width) return;  // the chart drawn for the other width (wide or narrow), not shown
  svg.querySelectorAll('polyline, circle').forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
      outside += 1;
    if (el.tagName === 'polyline') points = el.getAttribute('points').split(' ').length;
  });
  out.charts.push({w: box.width, outside: outside, points: points});
});
var main = document.querySelector('main, .sheet').getBoundingClientRect();
out.main = [main.left, main.right];
return out;
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory, club_games) -> tuple[Path, Path]:
    """The generated archive, an illegal log, a Trickerion game; its site."""
    root = tmp_path_factory.mktemp("league")
    archive = Path(shutil.copytree(club_games, root / "archive"))
    shutil.copy(SCENARIOS / "rules" / "A2.gtl", archive / "disputed.gtl")  # names no file beside it
    game = SCENARIOS / "trickerion" / "game" / "three-players"
    session = archive / "trickerion.toml"
    assert run("trickerion", "game", "new", session, *(game / "new.args").read_text().split()).exit_code == 0
    for turn in range(1, 6):
        assert run("trickerion", "game", "turn", session, game / f"turn{turn}.toml", "-y").exit_code == 0
    out = root / "site"
    result = run("club", "site", archive, "-o", out, "--json")
    assert result.exit_code == 0, result.output
    return archive, out


def test_the_site_has_every_page_and_no_broken_link(site):
    archive, out = site
    assert {p.name for p in out.iterdir()} == {"index.html", "games.html", "excluded.html", "games", "players",
                                               ".gt-written.json"}  # the manifest of the pages gt wrote
    assert len(list((out / "games").glob("*-sheet-*.html"))) == 24 + 2  # every game's scoresheet, none unusable
    assert len(list((out / "games").iterdir())) == 2 * (24 + 2) + 1  # every game's own page, the sheets' style
    assert len(list((out / "players").iterdir())) == 12  # the pool; Trickerion's Ana, Ben, Caro are members
    ana = next(p for p in (out / "players").iterdir() if '<h1 class="player-name">Ana</h1>' in p.read_text())
    assert [m for m in re.findall(r'<section data-game="([^"]+)"', ana.read_text())] == ["grand-tribunal", "trickerion"]
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "<script" not in text and "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
        for href in re.findall(r'href="([^"]+)"', text):
            assert (page.parent / href).resolve().is_file(), (page, href)
    excluded = (out / "excluded.html").read_text()
    assert "disputed.gtl" in excluded and "illegal: A2" in excluded


def test_a_second_run_writes_only_what_changed(site, tmp_path):
    archive, out = site
    again = json.loads(run("club", "site", archive, "-o", out, "--json").stdout)
    assert (again["kept"], again["removed"], again["written"]) == (again["pages"], 0, 0)  # nothing changed
    (archive / "disputed.gtl").unlink()
    (out / "games" / "notes.html").write_text("the club's own page")  # not gt's: left alone
    after = json.loads(run("club", "site", archive, "-o", out, "--json").stdout)
    assert after["removed"] == 2 and (out / "games" / "notes.html").exists()  # its page and its scoresheet
    assert "disputed.gtl" not in (out / "excluded.html").read_text()


def test_the_standings_in_chromium_at_desktop_and_phone_width(site):
    browser.chromium_or_skip()
    archive, out = site
    ratings = json.loads(run("club", "ratings", archive, "--json").stdout)["players"]
    for width in WIDTHS:
        data = browser.measure(out / "index.html", PROBE, width=width, height=1200)
        assert data["scripts"] == 1  # the probe's own: the page has none
        assert data["text"] > 300
        assert data["scroll"] <= data["width"], (width, data["scroll"])  # nothing wider than the screen
        shown = data["rows"][:len(ratings)]
        assert shown == [[p["name"], f"{p['ordinal']:.1f}"] for p in ratings]


def test_a_players_page_and_a_games_page_on_a_phone(site):
    browser.chromium_or_skip()
    archive, out = site
    stats = {p["name"]: p for p in json.loads(run("club", "stats", archive, "--json").stdout)["players"]}
    page = next(p for p in (out / "players").iterdir() if '<h1 class="player-name">Inés</h1>' in p.read_text())
    for width in WIDTHS:
        data = browser.measure(page, PROBE, width=width, height=1400)
        assert data["scroll"] <= data["width"], (width, data["scroll"])
        [chart] = data["charts"]
        assert chart["outside"] == 0 and chart["points"] == stats["Inés"]["games"] + 1  # the start, then each game
    scoresheet = sorted((out / "games").iterdir())[0]
    data = browser.measure(scoresheet, PROBE, width=390, height=1400)
    assert data["scroll"] <= data["width"] and data["main"][1] <= 390.5
    shot = browser.screenshot(out / "index.html", out.parent / "phone.png", 390, 900)
    assert browser.ink_fraction(shot) > 0.2


def test_documentation_picture(site, tmp_path):
    """The README shows the generated league's standings; GT_UPDATE_DOCS=1 draws it again."""
    if os.environ.get("GT_UPDATE_DOCS"):
        browser.chromium_or_skip()
        browser.screenshot(site[1] / "index.html", DOC_IMAGE, 900, 1000)
    assert DOC_IMAGE.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert DOC_IMAGE.stat().st_size < 300_000
    assert f"]({DOC_IMAGE.relative_to(ROOT)})" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("place", ["index.html", "games", "players"])
def test_a_link_in_the_site_folder_is_refused_and_what_it_points_to_is_untouched(site, tmp_path, place):
    """Every page is a name gt chose: a link a shared folder left in its place is never written through."""
    archive, _ = site
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("precious\n")
    out = tmp_path / "site"
    out.mkdir()
    (out / place).symlink_to(mine / "notes.txt" if place.endswith(".html") else mine)
    result = run("club", "site", archive, "-o", out, "--overwrite")  # a folder not gt's, and even so
    assert result.exit_code == 2 and "IO006" in result.output and "symbolic link" in result.output
    assert [p.name for p in mine.iterdir()] == ["notes.txt"] and (mine / "notes.txt").read_text() == "precious\n"
    assert (out / place).is_symlink()
