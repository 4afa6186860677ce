"""``gt club site``'s work grows with what changed, not with the folder (issue 38, point 12): a second run on
an unchanged archive writes no file at all (every page keeps its inode and its time), the club's names are
worked out once a run (not once a game), the folder's stale temporary files are looked for once a run (not
once a page), and a page whose bytes are already there is never rewritten, whatever the manifest says. The
times are in benchmarks/bench_site.py (no timed assertion here)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import run


@pytest.fixture
def archive(club_games, tmp_path) -> Path:
    return Path(shutil.copytree(club_games, tmp_path / "archive"))


def stamps(out: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(out)): (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(out.rglob("*.html"))}


def test_a_second_run_on_an_unchanged_archive_writes_nothing(archive, tmp_path):
    out = tmp_path / "site"
    first = json.loads(run("club", "site", archive, "-o", out, "--json").stdout)
    before = stamps(out)
    second = json.loads(run("club", "site", archive, "-o", out, "--json").stdout)
    assert (second["written"], second["kept"], second["removed"]) == (0, first["pages"], 0)
    assert stamps(out) == before  # not one page replaced: same inode, same modification time


def test_one_new_game_writes_only_the_pages_it_changes(archive, tmp_path):
    from benchmarks.club_archive import write_game

    out = tmp_path / "site"
    first = json.loads(run("club", "site", archive, "-o", out, "--json").stdout)
    write_game((999, str(archive)))
    second = json.loads(run("club", "site", archive, "-o", out, "--json").stdout)
    assert second["pages"] == first["pages"] + 2  # its game page and its scoresheet
    assert second["written"] < first["pages"] // 2  # not every page again


def test_the_clubs_names_are_worked_out_once_a_run_not_once_a_game(archive, tmp_path, monkeypatch):
    from gtcli.club.names import Names

    calls = []
    real = Names.display

    def counted(self, spellings):
        calls.append(1)
        return real(self, spellings)

    monkeypatch.setattr(Names, "display", counted)
    assert run("club", "site", archive, "-o", tmp_path / "site").exit_code == 0
    games = sum(1 for _ in archive.rglob("*.gtl"))
    assert len(calls) < games // 2, len(calls)  # a handful, whatever the number of games


def test_stale_temporary_files_are_looked_for_once_a_run(archive, tmp_path, monkeypatch):
    from gtcli.core.files import atomic

    out = tmp_path / "site"
    assert run("club", "site", archive, "-o", out).exit_code == 0
    (archive / "gt.toml").write_text('[club]\nname = "Club de Lugo"\n')  # every page changes
    # an older gt's killed save on this machine, its writer gone
    stale = out / "games" / f".index.html.99999999-{atomic.host_name()}.abc.tmp"
    stale.write_text("half")
    looks = []
    real = os.scandir

    def scandir(path="."):
        looks.append(str(path))
        return real(path)

    monkeypatch.setattr(atomic.os, "scandir", scandir)
    assert run("club", "site", archive, "-o", out).exit_code == 0
    looks = [p for p in looks if p.startswith(str(out))]  # the archive's own walk aside
    assert len(looks) <= 6, looks  # the site's folders once each (and the manifest's), not once a page
    assert not stale.exists()


def test_a_page_changed_behind_gts_back_is_written_again_even_with_the_same_hash_in_the_manifest(archive, tmp_path):
    out = tmp_path / "site"
    assert run("club", "site", archive, "-o", out).exit_code == 0
    page = out / "games.html"
    right = page.read_bytes()
    page.write_bytes(right.replace(b"<", b"[", 1))  # the manifest still lists the hash of the right bytes
    again = json.loads(run("club", "site", archive, "-o", out, "--json").stdout)
    assert page.read_bytes() == right and again["written"] == 1


def test_staged_pages_are_made_durable_by_one_barrier_before_the_swap(archive, tmp_path, monkeypatch):
    """No fsync a page (two per page, then one: 0.33 ms each, 20,000 pages): the pages are staged, then one
    ``sync`` puts them on the disk before the manifest says the swap begins."""
    from gtcli.core.files import written

    events: list[str] = []
    real_fsync, real_save = os.fsync, written.WrittenFolder._save
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "sync", lambda: events.append("sync"))

    def save(self, files, unfinished):
        events.append(f"manifest {unfinished['state'] if unfinished else 'done'}")
        return real_save(self, files, unfinished)

    monkeypatch.setattr(written.WrittenFolder, "_save", save)
    report = json.loads(run("club", "site", archive, "-o", tmp_path / "site", "--json", "--jobs", "1").stdout)
    assert report["written"] == report["pages"] > 40
    assert events.count("sync") == 1
    assert events.index("sync") < events.index("manifest swapping") < events.index("manifest done")
    assert events.count("fsync") < 20  # the manifests' and the folders', not one a page
    events.clear()
    run("club", "site", archive, "-o", tmp_path / "site", "--jobs", "1")
    assert "sync" not in events  # nothing staged, nothing to wait for


def test_a_scoresheet_that_cannot_be_made_is_not_linked_though_the_other_pages_were_made_meanwhile(
        archive, tmp_path, monkeypatch):
    """The site's other pages are made while the pool renders the scoresheets; a game whose scoresheet comes
    back unmade after all (its log changed unreadable since it was indexed) gets no link to it."""
    import re

    from gtcli.club import site

    real = site.render
    lost = sorted(archive.rglob("*.gtl"))[3].name.replace(".", "-")
    monkeypatch.setattr(site, "render", lambda page: (page.name, None) if lost in page.name else real(page))
    out = tmp_path / "site"
    report = json.loads(run("club", "site", archive, "-o", out, "--json", "--jobs", "1").stdout)
    sheets = sorted((out / "games").glob("*-sheet-*.html"))
    assert len(sheets) == 23 and not any(lost in p.name for p in sheets)
    assert report["pages"] == report["written"] == len(list(out.rglob("*.html"))) + 1  # and the stylesheet
    for page in out.rglob("*.html"):
        for href in re.findall(r'href="([^"]+)"', page.read_text(encoding="utf-8")):
            assert (page.parent / href).resolve().is_file(), (page, href)
