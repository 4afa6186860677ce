"""The scoresheet ``gt club index`` keeps (issue 38, point 12): ``gt club site`` renders a game's scoresheet
from what the index keeps instead of replaying the log, and the page is byte for byte the replay's
(known answers: the shipped scenario logs and generated games); what is kept but is not this file's (another
SHA-256, another judge) is never used; an index that keeps nothing (an older gt's) still gives every page."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS, run


def judged(path: Path):
    """(the index's row of ``path``, gt check's Job for it), as ``gt --isolated club index`` makes them."""
    from gtcli.club.work import Task, judge, settings_digest
    from gtcli.grand_tribunal.checking import job_for

    class NoConfig(dict):
        path, folder = None, "."

    job = job_for(str(path), NoConfig(), {}, {"cards": None, "board": None, "profile": None,
                                               "allow_outside": False}, noqa=False)
    return judge(Task(str(path), path.name, "log", job, settings_digest(job))), job


def page(row, job, kept: bool) -> str | None:
    from gtcli.club.site_games import GamePage, render

    return render(GamePage(row.path, row.path, "log", "x.html", row.verdict, job, (("Ana", "Ana María"),),
                           ("Club", "en"), "g.html", row.sheet if kept else None, (row.sha256, row.judge)))[1]


def logs(club_games: Path) -> list[Path]:
    return sorted(SCENARIOS.rglob("*.gtl")) + sorted(club_games.rglob("*.gtl"))[:12]


def test_a_scoresheet_from_the_index_is_the_replays_byte_for_byte(club_games, monkeypatch):
    from gtcli.club import site_games

    kept = 0
    for path in logs(club_games):
        row, job = judged(path)
        replayed = page(row, job, kept=False)
        if row.sheet is None:
            continue
        kept += 1
        monkeypatch.setattr(site_games, "_replayed", lambda _: pytest.fail("replayed a log the index keeps"))
        assert page(row, job, kept=True) == replayed, path
        monkeypatch.undo()
    assert kept >= 20  # the generated games and every complete scenario


def test_what_is_kept_is_used_only_for_the_same_bytes_and_the_same_judge(club_games):
    from gtcli.club.sheets import decode

    row, _ = judged(sorted(club_games.rglob("*.gtl"))[0])
    assert decode(row.sheet, row.path, row.sha256, row.judge) is not None
    assert decode(row.sheet, row.path, "0" * 64, row.judge) is None  # another file's bytes
    assert decode(row.sheet, row.path, row.sha256, "0" * 32) is None  # judged by another gt, other settings
    assert decode(b"not zlib", row.path, row.sha256, row.judge) is None
    assert decode(None, row.path, row.sha256, row.judge) is None


def test_a_log_whose_last_round_runs_to_its_end_is_not_kept_and_still_gets_its_page():
    row, job = judged(SCENARIOS / "play" / "first-turns.gtl")
    assert row.sheet is None and row.verdict == "incomplete"
    assert "Grand Tribunal scoresheet" in page(row, job, kept=False)


def test_an_index_that_keeps_no_scoresheet_still_gives_the_same_site(club_archive, tmp_path):
    first, second = tmp_path / "site1", tmp_path / "site2"
    assert run("club", "site", club_archive, "-o", first).exit_code == 0
    db = club_archive / ".gt-club" / "club.sqlite"
    with sqlite3.connect(db) as conn:  # as an index whose rows keep no scoresheet (the site replays each log)
        assert conn.execute("SELECT count(*) FROM files WHERE sheet IS NOT NULL").fetchone()[0] == 24
        conn.execute("UPDATE files SET sheet = NULL")
    report = json.loads(run("club", "site", club_archive, "-o", second, "--json").stdout)
    assert report["index"]["judged"] == 0
    pages = sorted(p.relative_to(first) for p in first.rglob("*.html"))
    assert pages == sorted(p.relative_to(second) for p in second.rglob("*.html"))
    assert all((first / p).read_bytes() == (second / p).read_bytes() for p in pages)


def test_an_index_of_the_previous_schema_is_rebuilt_and_the_site_made(club_archive, tmp_path):
    from gtcli.club import db

    assert run("club", "index", club_archive).exit_code == 0
    with sqlite3.connect(club_archive / ".gt-club" / "club.sqlite") as conn:
        conn.execute(f"PRAGMA user_version = {db.SCHEMA - 1}")
    report = json.loads(run("club", "site", club_archive, "-o", tmp_path / "site", "--json").stdout)
    assert any("cannot upgrade: it is rebuilt" in note for note in report["index"]["notes"])
    assert report["index"]["judged"] == 24 and report["written"] == report["pages"]


def test_the_kept_scoresheet_rebuilds_the_same_scoresheet(club_games):
    """Decoding gives back the very game, rounds and tags the replay gives (the results tallied again)."""
    from gtcli.club.sheets import decode
    from gtcli.grand_tribunal.checking import check_job
    from gtcli.grand_tribunal.lang.logs.report import scoresheet_of

    for path in sorted(club_games.rglob("*.gtl"))[:6]:
        row, job = judged(path)
        _, checked = check_job(replace(job, keep_text=False, first=False))
        assert decode(row.sheet, row.path, row.sha256, row.judge) == \
            replace(scoresheet_of(checked, job.options), source=row.path)


def test_the_site_scoresheets_share_one_stylesheet_and_look_the_same(club_archive, tmp_path):
    """A site's scoresheet links to one stylesheet written once (not ~5 KB of CSS in each of 10,000 pages) and
    is drawn exactly as the same page with its style inline (Chromium, a desktop and a phone)."""
    from tests import browser

    from gtcli.club.site_games import STYLE, STYLESHEET

    out = tmp_path / "site"
    assert run("club", "site", club_archive, "-o", out).exit_code == 0
    assert (out / "games" / STYLE).read_text() == STYLESHEET
    sheets = sorted((out / "games").glob("*-sheet-*.html"))
    assert len(sheets) == 24
    for sheet in sheets:
        html = sheet.read_text()
        assert "<style>" not in html and html.count(f'<link rel="stylesheet" href="{STYLE}">') == 1
    # gt replay --html keeps its style inline: a page on its own
    replayed = tmp_path / "replayed.html"
    log = sorted(club_archive.rglob("*.gtl"))[0]
    assert run("replay", log, "--html", "-o", replayed).exit_code == 0
    assert f"<style>\n{STYLESHEET}</style>" in replayed.read_text() and ".css" not in replayed.read_text()
    browser.chromium_or_skip()
    inline = sheets[0].with_name("inline.html")
    inline.write_text(sheets[0].read_text().replace(f'<link rel="stylesheet" href="{STYLE}">',
                                                   f"<style>\n{STYLESHEET}</style>"))
    for width in (1200, 390):
        shared = browser.png_pixels(browser.screenshot(sheets[0], tmp_path / f"shared-{width}.png", width, 1400))
        alone = browser.png_pixels(browser.screenshot(inline, tmp_path / f"inline-{width}.png", width, 1400))
        assert shared == alone, width


@pytest.mark.parametrize("few", [0, 1000])
def test_the_kept_scoresheets_are_read_one_by_one_or_in_one_pass_alike(club_archive, monkeypatch, few):
    from gtcli.club import store
    from gtcli.club.db import open_index

    assert run("club", "index", club_archive).exit_code == 0
    monkeypatch.setattr(store, "FEW", few)
    opened = open_index(club_archive / ".gt-club" / "club.sqlite", own_folder=True)
    try:
        paths = sorted(p for (p,) in opened.conn.execute("SELECT path FROM files"))
        found = store.sheets(opened.conn, paths[:5] + ["not/there.gtl"])
    finally:
        opened.conn.close()
    assert sorted(found) == paths[:5] and all(isinstance(v, bytes) and v for v in found.values())
