"""The league site a club pins up: its name and language from gt.toml, the club's names (aliases
applied on game pages too) each a link on every page, a front page, each player's page with
every game of theirs, "left out" with the first finding and a command that works, each game
counted once, and paths relative to the archive. Phones in Chromium: no date or path broken
mid-word, the place and the rating in view."""

from __future__ import annotations

import ast
import html
import json
import re
import shutil
from pathlib import Path

import pytest

from tests import browser
from tests.conftest import ROOT, SCENARIOS, run

TITLE = "Club de Lugo & <Amigos>"
PLAYER_IMAGE = ROOT / "docs" / "club-site-player.png"


def data(*args) -> dict:
    result = run(*args, "--json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def league(tmp_path_factory, club_games) -> tuple[Path, Path, str]:
    """The generated archive with an illegal log, a mailed copy of a game, a log that writes Inés as
    "Ines" (an alias), the club's name and Spanish in gt.toml; its site, from the archive's absolute path."""
    root = tmp_path_factory.mktemp("lugo")
    archive = Path(shutil.copytree(club_games, root / "archive"))
    shutil.copy(SCENARIOS / "rules" / "A2.gtl", archive / "disputed.gtl")
    logs = sorted(archive.rglob("game-*.gtl"))
    (archive / "inbox").mkdir()
    shutil.copy(logs[0], archive / "inbox" / "mailed.gtl")
    renamed = next(p for p in logs if "Inés" in p.read_text(encoding="utf-8"))
    renamed.write_text(renamed.read_text(encoding="utf-8").replace("Inés", "Ines"), encoding="utf-8")
    (archive / "gt.toml").write_text(f'[club]\nname = "{TITLE.replace("&", "&")}"\nlang = "es"\n'
                                     '[club.aliases]\n"Inés" = ["Ines"]\n', encoding="utf-8")
    out = root / "site"
    result = run("club", "site", archive.resolve(), "-o", out, "--json")
    assert result.exit_code == 0, result.output
    return archive, out, str(renamed.relative_to(archive))


def text_of(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def site_pages(out: Path) -> list[Path]:
    """Every page of the site's own style (not the scoresheets)."""
    return [p for p in out.rglob("*.html") if "-sheet-" not in p.name]


def test_the_clubs_name_and_language_title_every_page(league):
    _, out, _ = league
    for page in site_pages(out):
        text = text_of(page)
        assert '<html lang="es">' in text and html.escape(TITLE, quote=True) in text, page
        assert TITLE not in text  # escaped, never raw
    front = text_of(out / "index.html")
    assert "Clasificación" in front and "Últimas partidas" in front and "Récords del club" in front
    assert "Standings" not in front.split("<footer>")[0]
    for sheet in (out / "games").glob("*-sheet-*.html"):  # the scoresheet is English, under the club's header
        assert html.escape(TITLE, quote=True) in text_of(sheet)


def test_every_text_the_pages_use_is_in_spanish():
    from gtcli.club.site_words import LANGUAGES

    spanish = LANGUAGES["es"]
    used = set()
    for module in ("site_pages", "site_player", "prediction"):
        tree = ast.parse((ROOT / "gtcli" / "club" / f"{module}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("t", "translate") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant):
                    used.add(arg.value)
                elif isinstance(arg, ast.Name) and arg.id.isupper():  # a module constant
                    used.add(next(n.value.value for n in tree.body if isinstance(n, ast.Assign)
                                  and getattr(n.targets[0], "id", None) == arg.id))
    assert len(used) > 40
    assert sorted(used - set(spanish)) == []


def test_aliases_apply_on_game_pages_and_every_name_is_a_link(league):
    archive, out, renamed = league
    players = {p["name"] for p in data("club", "stats", archive)["players"]}
    assert "Inés" in players and "Ines" not in players
    for page in site_pages(out):
        text = text_of(page)
        body = text.split("<main>", 1)[1]
        body = re.sub(r"<svg.*?</svg>", "", body, flags=re.S)  # the chart's own labels
        body = re.sub(r'<h1 class="player-name">.*?</h1>', "", body)  # a player's own page names them
        body = re.sub(r"<a [^>]*>.*?</a>", "", body, flags=re.S)
        words = set(re.findall(r"\w+", html.unescape(re.sub(r"<[^>]+>", " ", body))))
        assert words & players == set(), (page, words & players)  # every name shown is inside a link
        assert not re.search(r"\bInes\b", text), page
    slug = re.sub(r"[^a-z0-9]+", "-", renamed.lower()).strip("-")
    sheet = next((out / "games").glob(f"{slug}-sheet-*.html"))
    assert re.search(r"\bInés\b", text_of(sheet)) and not re.search(r"\bInes\b", text_of(sheet))
    for page in site_pages(out):
        for href in re.findall(r'href="([^"]+)"', text_of(page)):
            assert (page.parent / html.unescape(href).split("#")[0]).resolve().is_file(), (page, href)


def test_the_front_page(league):
    archive, out, _ = league
    rated = data("club", "ratings", archive)
    stats = data("club", "stats", archive)
    front = text_of(out / "index.html")
    leader = rated["players"][0]
    assert re.search(rf'Líder: <strong><a class="player" href="players/[^"]+">{leader["name"]}</a></strong> '
                     rf'\(nivel actual {leader["ordinal"]:.1f};', front)
    most = max(stats["players"], key=lambda p: p["wins"])["wins"]
    assert re.search(rf"Más victorias: <a [^>]+>[^<]+</a>, {most}</li>", front)
    streak = max(p["longest_streak"] for p in stats["players"])
    assert re.search(rf"Racha más larga: <a [^>]+>[^<]+</a>, {streak}</li>", front)
    best = max(row["total"] for row in (json.loads(line) for line in run(
        "club", "export", archive, "--format", "jsonl", "--table", "players").stdout.splitlines())
        if row["verdict"] == "legal" and row["file"] != "inbox/mailed.gtl")
    assert re.search(rf"Mejor puntuación: <a [^>]+>[^<]+</a>, {best} ", front)
    assert "Mesa más grande: 5 jugadores" in front
    assert "24 partida(s) contada(s)" in front and "1 excluida(s)" in front and "1 apartadas por repetidas" in front
    assert front.count('<tr>', front.index("Últimas partidas")) >= 10
    assert "no predicen mejor que lanzar una moneda" in front or "mejor que lanzar una moneda (50%)" in front


def test_a_players_page_lists_every_game_of_theirs(league):
    archive, out, _ = league
    rated = {p["name"]: p for p in data("club", "ratings", archive)["players"]}
    rows = [json.loads(line) for line in run("club", "export", archive, "--format", "jsonl", "--table",
                                             "players").stdout.splitlines()]
    page = next(p for p in (out / "players").iterdir() if '<h1 class="player-name">Inés</h1>' in text_of(p))
    text = text_of(page)
    games = text[text.index('class="player-games"'):]
    mine = [r for r in rows if r["player"] == "Inés"]
    body = games[games.index("<tbody>"):games.index("</tbody>")]
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", tr) for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body)]
    assert len(cells) == len(mine)
    newest = max((r for r in mine if r["verdict"] == "legal" and r["file"] != "inbox/mailed.gtl"),
                 key=lambda r: r["date"])
    date, place, rating, score, winner, event = cells[0]
    assert (re.sub(r"<[^>]+>", "", date), place, score) == (newest["date"], str(newest["place"]), str(newest["total"]))
    assert rating == f'{rated["Inés"]["ordinal"]:.1f}'  # the rating after the newest game is the rating now
    assert '<a class="player"' in winner and "<a href=" in event
    assert "Historial de nivel" in text and text.count('<polyline class="series"') == 2  # wide, narrow
    h2h = text[text.index('class="h2h"'):text.index("</table>", text.index('class="h2h"'))]
    assert h2h.count('<a class="player"') == h2h.count("<tr>") - 1  # each opponent linked (not the header)


def test_left_out_shows_the_first_finding_and_a_command_that_works_from_the_archives_parent(league, monkeypatch):
    archive, out, _ = league
    text = text_of(out / "excluded.html")
    finding = next(line for line in run("check", archive / "disputed.gtl").stdout.splitlines()
                   if " error: " in line)  # the first error: path:line:col: CODE error: message
    line, message = re.match(r".*?:(\d+):\d+: (.*)$", finding).groups()
    assert f'línea {line}</span>: {html.escape(message, quote=True)}' in text
    command = html.unescape(re.sub(r"<[^>]+>", "", re.search(r'<code class="command">(gt check .+?)</code>',
                                                             text).group(1)))
    assert command == "gt check archive/disputed.gtl"
    monkeypatch.chdir(archive.parent)
    assert finding.split(": ", 1)[1] in run(*command.split()[1:]).stdout
    assert str(archive.resolve()) not in text  # never the absolute path it was judged by
    assert "inbox</span>/<wbr>" in text and "la misma partida que" in text  # the repeat set aside, named


def test_the_export_reason_is_relative_to_the_archive(league):
    archive, _, _ = league
    games = {json.loads(line)["file"]: json.loads(line) for line in run(
        "club", "export", archive.resolve(), "--format", "jsonl").stdout.splitlines()}
    assert games["disputed.gtl"]["reason"].startswith("disputed.gtl:")
    assert all(str(archive.resolve()) not in g["reason"] for g in games.values())


PHONE = """
var out = {width: window.innerWidth, scroll: document.documentElement.scrollWidth, broken: [], hidden: []};
document.querySelectorAll('.date, .path .part').forEach(function (el) {
  if (el.getClientRects().length > 1 || el.getBoundingClientRect().height > 30) out.broken.push(el.textContent);
});
document.querySelectorAll('th').forEach(function (th) {
  var t = th.textContent;
  if (/^(Place|Rating|Rating after|Puesto|Nivel|Nivel después)$/.test(t) && th.getBoundingClientRect().right > window.innerWidth + 0.5)
    out.hidden.push(t);
});
return out;
"""


@pytest.mark.parametrize("width", [320, 400])
def test_on_a_phone_no_date_or_path_breaks_and_place_and_rating_are_in_view(league, width):
    browser.chromium_or_skip()
    _, out, _ = league
    pages = [out / "index.html", out / "games.html", out / "excluded.html",
             next(p for p in (out / "players").iterdir() if "Inés" in text_of(p)),
             next(p for p in (out / "games").iterdir() if "-sheet-" not in p.name)]
    for page in pages:
        found = browser.measure(page, PHONE, width=width, height=1000)
        assert found["scroll"] <= found["width"], (page.name, found)
        assert found["broken"] == [] and found["hidden"] == [], (page.name, found)


def test_documentation_picture_of_a_players_page(league):
    """docs/club-site-player.png: a player's page on a phone; GT_UPDATE_DOCS=1 draws it again."""
    if __import__("os").environ.get("GT_UPDATE_DOCS"):
        browser.chromium_or_skip()
        _, out, _ = league
        page = next(p for p in (out / "players").iterdir() if '<h1 class="player-name">Inés</h1>' in text_of(p))
        browser.screenshot(page, PLAYER_IMAGE, 400, 1500)
    assert PLAYER_IMAGE.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and PLAYER_IMAGE.stat().st_size < 300_000
    assert "(club-site-player.png)" in (ROOT / "docs" / "club.md").read_text(encoding="utf-8")
