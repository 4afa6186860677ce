"""``gt game report`` and ``gt replay --html``: the printable scoresheet.

The CLI tests read the page as text; the browser tests look at it in a real headless
Chromium (skipped with a reason where it is not installed): not blank, every player's
name and final total there, the chart's lines inside the chart, nothing wider than an A4
page's printable width.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from tests import browser
from tests.conftest import ROOT, SCENARIOS, run, run_json

GAMES = SCENARIOS / "games"
DOC_IMAGE = ROOT / "docs" / "game-report.png"
A4_PRINTABLE_PX = 703  # 210 mm less 12 mm margins each side, at 96 px to the inch

PROBE = """
var sheet = document.querySelector('.sheet').getBoundingClientRect(), problems = [];
document.querySelectorAll('.sheet *').forEach(function (el) {
  var r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return;
  if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') return;
  if (r.left < sheet.left - 0.5 || r.right > sheet.right + 0.5)
    problems.push(el.tagName + '.' + (el.className.baseVal !== undefined ? el.className.baseVal : el.className) +
                  ' ' + Math.round(r.left) + '..' + Math.round(r.right) + ' outside ' + Math.round(sheet.left) +
                  '..' + Math.round(sheet.right));
});
var charts = [];
document.querySelectorAll('svg.chart').forEach(function (svg) {
  var box = svg.getBoundingClientRect(), lines = [];
  if (!box.width) return;  // the chart drawn for a phone (or, on a phone, for a desktop): not shown
  svg.querySelectorAll('polyline, circle, text').forEach(function (el) {
    var r = el.getBoundingClientRect();
    lines.push({tag: el.tagName, inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 &&
                                        r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5,
                name: el.getAttribute('data-name'), points: (el.getAttribute('points') || '').split(' ').length});
  });
  charts.push({label: svg.getAttribute('aria-label'), w: box.width, h: box.height, parts: lines});
});
var players = [];
document.querySelectorAll('tr.player').forEach(function (tr) {
  players.push({name: tr.querySelector('.name').textContent, total: tr.querySelector('.total').textContent,
                winner: tr.classList.contains('winner')});
});
return {problems: problems, charts: charts, players: players,
        scroll: document.documentElement.scrollWidth, width: window.innerWidth,
        text: document.body.innerText.length, scripts: document.scripts.length};
"""


@pytest.fixture(scope="module")
def session(tmp_path_factory) -> Path:
    """A whole game (the five-player sample log's three Tribunals) as a gt game session."""
    path = tmp_path_factory.mktemp("report") / "game.toml"
    assert run("game", "from-log", GAMES / "five-players.gtl", path).exit_code == 0
    return path


def _report(tmp_path: Path, *args) -> Path:
    out = tmp_path / "report.html"
    result = run(*args, "-o", out)
    assert result.exit_code == 0, result.output
    assert f"Wrote {out}" in result.stderr
    return out


# ---- the page as text -------------------------------------------------------------------------------
def test_report_has_every_tribunal_total_and_the_winner(tmp_path, session):
    page = _report(tmp_path, "game", "report", session).read_text(encoding="utf-8")
    shown = run_json("game", "show", session)
    assert "<script" not in page.lower() and "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    for total in shown["totals"]:
        row = re.search(rf'<tr class="player[^"]*" data-player="{total["name"]}">.*?</tr>', page).group()
        assert f'data-total="{total["score"]}"' in row
    assert f"Winner: {shown['winners'][0]} with {shown['totals'][0]['score']} points" in page
    for title in ("Tribunal 1", "Tribunal 2", "Grand Tribunal"):
        assert f"<h2>{title}</h2>" in page
    assert page.count('<polyline class="series"') == 2 * len(shown["players"])  # drawn wide, and narrow for a phone


def test_report_to_stdout_and_json(session):
    page = run("game", "report", session)
    assert page.exit_code == 0 and page.stdout.startswith("<!doctype html>")
    assert run("game", "report", session, "-o", "-").stdout == page.stdout
    data = run_json("game", "report", session)
    assert data["file"] is None and data["html"] == page.stdout
    shown = run_json("game", "show", session)
    assert data["winners"] == shown["winners"] and data["tribunals"] == shown["tribunals"]
    assert data["running_totals"][-1]["totals"] == shown["totals"]
    assert [r["tribunal"] for r in data["running_totals"]] == [1, 2, 3]
    assert data["rounds"] == []


def test_report_json_with_a_file(tmp_path, session):
    out = tmp_path / "r.html"
    data = run_json("game", "report", session, "-o", out)
    assert data["file"] == str(out) and data["html"] is None and out.read_text(encoding="utf-8").startswith("<!doctype")


def test_report_writes_through_a_link(tmp_path, session):
    target = tmp_path / "real.html"
    target.write_text("old", encoding="utf-8")
    (tmp_path / "link.html").symlink_to(target)
    assert run("game", "report", session, "-o", tmp_path / "link.html").exit_code == 0
    assert (tmp_path / "link.html").is_symlink() and target.read_text(encoding="utf-8").startswith("<!doctype")


def test_a_game_in_progress_and_names_from_strangers(tmp_path):
    path = tmp_path / "g.toml"
    assert run("game", "new", path, "--players", '<b>Ana</b>,Ben & "Co",Caro', "--first-praeco", "caro").exit_code == 0
    empty = run("game", "report", path).stdout
    assert "No Tribunal has been recorded yet." in empty and "Tribunal 1 opens with Caro as first Praeco" in empty
    table = tmp_path / "t.toml"
    table.write_text('[votes]\nstaff = 2\n[[items]]\nowner = "<b>ana</b>"\nname = "<img src=x>"\ntype = "staff"\n'
                     'base = 3\n', encoding="utf-8")
    assert run("game", "tribunal", path, "--from", table, "-y").exit_code == 0
    page = run("game", "report", path).stdout
    assert "<b>" not in page and "<img" not in page
    assert "&lt;b&gt;Ana&lt;/b&gt;" in page and "Ben &amp; &quot;Co&quot;" in page and "&lt;img src=x&gt;" in page
    assert "1 of 3 Tribunals played" in page


def test_replay_html_has_vis_and_the_voting_track(tmp_path):
    page = _report(tmp_path, "replay", GAMES / "five-players.gtl", "--html").read_text(encoding="utf-8")
    assert "Vis at the end of each round" in page and "Voting Track at the end of each round" in page
    data = run_json("replay", GAMES / "five-players.gtl", "--html")
    assert len(data["rounds"]) == 15  # 3 Tribunals of 5 rounds
    assert [(r["tribunal"], r["round"]) for r in data["rounds"][:6]] == [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 1)]
    # the end of round 1.1 is the state just before "round 2" (line 37 of the log)
    lines = (GAMES / "five-players.gtl").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith("round 2 praeco "))
    state = run_json("replay", GAMES / "five-players.gtl", "--at", str(line - 1))["state"]
    assert data["rounds"][0]["vis"] == {p["name"]: p["vis"] for p in state["players"]}
    assert data["rounds"][0]["track"] == state["track"]
    assert data["running_totals"][-1]["totals"] == run_json("game", "show", _session_of(tmp_path))["totals"]
    assert f"Event: {lines[0].split(chr(34))[1]}" in page  # the log's [Event "..."] tag


def _session_of(tmp_path: Path) -> Path:
    path = tmp_path / "from-log.toml"
    if not path.exists():
        assert run("game", "from-log", GAMES / "five-players.gtl", path).exit_code == 0
    return path


def test_replay_html_stops_at_a_line_and_needs_html_for_o(tmp_path):
    data = run_json("replay", GAMES / "five-players.gtl", "--html", "--at", "60")
    assert data["tribunals"] == [] and data["winners"] is None
    assert data["rounds"] and all(r["tribunal"] == 1 for r in data["rounds"])
    wrong = run("replay", GAMES / "five-players.gtl", "-o", tmp_path / "x.html")
    assert wrong.exit_code == 2 and "--html" in wrong.stderr and not (tmp_path / "x.html").exists()


def test_replay_html_of_an_illegal_log_says_so(tmp_path):
    text = (GAMES / "three-players.gtl").read_text(encoding="utf-8")
    bad = tmp_path / "bad.gtl"
    bad.write_text(text.replace("scores ", "scores Ana 99, ", 1) if "scores " in text else text + "\nscores Ana 99\n",
                   encoding="utf-8")
    result = run("replay", bad, "--html", "-o", tmp_path / "bad.html")
    assert result.exit_code == 1 and "This log breaks the rules" in result.stderr
    assert "This log breaks the rules" in (tmp_path / "bad.html").read_text(encoding="utf-8")


# ---- the page in a real browser -----------------------------------------------------------------------
LONG = ["Maximiliana-Concepción", "Bartholomew", "Anastasiaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "Dora", "Eli"]


def _long_names_session(tmp_path: Path) -> Path:
    path = tmp_path / "long.toml"
    assert run("game", "new", path, "--players", ",".join(LONG)).exit_code == 0
    for n in range(3):
        table = tmp_path / f"t{n}.toml"
        items = "".join(f'[[items]]\nowner = "{p}"\nname = "The {"Unpronounceable" * (k % 3 + 1)} Staff {n}"\n'
                        f'type = "staff"\nbase = {k + n}\nspells = ["elemental", "runic", "healing"]\n'
                        for k, p in enumerate(LONG))
        table.write_text(f"[votes]\nstaff = {n + 2}\nelemental = 3\nrunic = 1\n{items}", encoding="utf-8")
        assert run("game", "tribunal", path, "--from", table, "-y").exit_code == 0, n
    return path


@pytest.mark.parametrize("kind", ["session", "log", "long-names"])
def test_the_scoresheet_in_chromium(tmp_path, session, kind):
    browser.chromium_or_skip()
    if kind == "session":
        page, source = _report(tmp_path, "game", "report", session), session
    elif kind == "log":
        page, source = _report(tmp_path, "replay", GAMES / "five-players.gtl", "--html"), _session_of(tmp_path)
    else:
        source = _long_names_session(tmp_path)
        page = _report(tmp_path, "game", "report", source)
    totals = run_json("game", "show", source)["totals"]
    # the page is never wider than A4's printable width (wider windows only add margin)
    for width in (A4_PRINTABLE_PX,):
        data = browser.measure(page, PROBE, width=width, height=1200)
        assert data["scripts"] == 1  # the probe's own: the page has none
        assert data["text"] > 500
        assert data["problems"] == [], (width, data["problems"][:5])
        assert data["scroll"] <= data["width"], (width, data["scroll"])
        assert [(p["name"], int(p["total"])) for p in data["players"]] == [(t["name"], t["score"]) for t in totals]
        assert [p["winner"] for p in data["players"]][0]
        charts = data["charts"]
        assert len(charts) == (2 if kind == "log" else 1)
        for chart in charts:
            assert chart["w"] > 300 and chart["h"] > 100
            outside = [p for p in chart["parts"] if not p["inside"]]
            assert outside == [], (chart["label"], outside[:5])
            lines = [p for p in chart["parts"] if p["tag"] == "polyline"]
            assert sorted(p["name"] for p in lines) == sorted(t["name"] for t in totals)  # one line a player
            assert all(p["points"] >= 2 for p in lines)
    if kind == "log":  # one picture is enough to see the page is drawn (each launch costs seconds)
        shot = browser.screenshot(page, tmp_path / "page.png", 900, 1400)
        assert browser.ink_fraction(shot) > 0.3  # the grey desk and a drawn sheet, not a blank page


def test_the_scoresheet_prints(tmp_path, session):
    browser.chromium_or_skip()
    pdf = browser.print_pdf(_report(tmp_path, "game", "report", session), tmp_path / "report.pdf")
    assert 1 <= browser.pdf_pages(pdf) <= 4


def test_documentation_picture(tmp_path, session):
    """The README shows the scoresheet of the five-player sample log; GT_UPDATE_DOCS=1 draws it again."""
    if os.environ.get("GT_UPDATE_DOCS"):
        browser.chromium_or_skip()
        page = _report(tmp_path, "replay", GAMES / "five-players.gtl", "--html")
        text = page.read_text(encoding="utf-8").replace(str(GAMES / "five-players.gtl"), "five-players.gtl")
        page.write_text(text, encoding="utf-8")
        browser.screenshot(page, DOC_IMAGE, 820, 1100)
    assert DOC_IMAGE.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert DOC_IMAGE.stat().st_size < 300_000
    assert f"]({DOC_IMAGE.relative_to(ROOT)})" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_json_schema_is_documented():
    doc = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    section = doc[doc.index("## `gt game report"):]
    for key in json.loads(json.dumps(["file", "source", "running_totals", "winners", "rounds", "html"])):
        assert f'"{key}"' in section, key


def test_rounds_of_a_long_log_are_sampled(monkeypatch):
    """A log claiming many rounds (or a very long one) is sampled: the work stays bounded."""
    from gtcli.grand_tribunal.lang.logs import report as log_report
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file

    checked = check_file(str(GAMES / "five-players.gtl"), Options())
    assert len(log_report.round_points(checked, Options())) == 15
    monkeypatch.setattr(log_report, "MAX_POINTS", 6)
    points = log_report.round_points(checked, Options())
    assert [p.label for p in points] == ["1.1", "1.4", "2.2", "2.4", "3.2", "3.5"]  # evenly spaced, first and last
    monkeypatch.setattr(log_report, "MAX_LINES", 100)  # a 188-line log as if it were a very long one
    assert [p.label for p in log_report.round_points(checked, Options())] == ["1.1", "3.5"]


def test_a_file_name_with_escape_bytes_is_escaped_on_stdout_and_in_the_page(tmp_path):
    """Issue 20: `gt game report` and `gt replay --html` printed such a name raw (stdout and page)."""
    evil = "ev\x1b[2J\x1b]0;owned\x07il"
    session = tmp_path / f"{evil}.toml"
    assert run("game", "new", session, "--players", "Ana,Ben,Caro").exit_code == 0
    log = tmp_path / f"{evil}.gtl"
    log.write_text((SCENARIOS / "games" / "three-players.gtl").read_text(encoding="utf-8"), encoding="utf-8")
    shown = "ev\\x1b[2J\\x1b]0;owned\\x07il"
    for args in (("game", "report", session), ("replay", "--html", log)):
        page = run(*args, env={"FORCE_COLOR": "1"})  # colour forced: click strips no escape sequence
        assert "\x1b" not in page.output and "\x07" not in page.output and shown in page.output, args
        out = tmp_path / f"{evil}.html"
        written = run(*args, "-o", out, env={"FORCE_COLOR": "1"})
        assert written.exit_code == 0 and "\x1b" not in written.output and shown in written.output
        text = out.read_text(encoding="utf-8")
        assert "\x1b" not in text and "\x07" not in text and shown in text
