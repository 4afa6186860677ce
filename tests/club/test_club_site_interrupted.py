"""Interrupted means interrupted, never half (issue 38, point 2): ``gt club site`` stopped by a real SIGINT or
SIGTERM while it writes leaves the previous site exactly as it was (or, on a first run, no page at all), says
so in one line, and the next run goes on from the pages already made and ends with the whole new site. A
``kill -9`` inside the swap itself is finished by the next run (the manifest says ``swapping``)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.races import gt

pytestmark = pytest.mark.skipif(os.name != "posix", reason="signals of POSIX")

GAMES = 120  # enough scoresheets that the run is still writing when the signal comes


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Path:
    """A generated archive (benchmarks/club_archive.py), indexed once (in :data:`DB` beside it, which the
    copies share: its paths are relative), so a site run goes straight to its pages."""
    from benchmarks.club_archive import make_archive

    archive = tmp_path_factory.mktemp("big") / "archive"
    make_archive(archive, range(GAMES))
    assert gt("club", "index", archive, "--jobs", "1", "--db", db(archive)).returncode == 0
    return archive


def db(archive: Path) -> Path:
    return archive.parent / "club.sqlite"


def copy_of(archive: Path, tmp_path: Path) -> tuple[Path, str]:
    return Path(shutil.copytree(archive, tmp_path / "archive")), str(db(archive))


def published(out: Path) -> dict[str, str]:
    """What a club would publish: every file in the folder but gt's own staging, by hash."""
    if not out.exists():
        return {}
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.rglob("*"))
            if p.is_file() and ".gt-staging" not in p.parts and p.name != ".gt-written.json"
            and not p.name.endswith(".lock")}


def whole(out: Path) -> bool:
    """Every page the manifest lists is there with the bytes it lists, and nothing is missing from it."""
    manifest = json.loads((out / ".gt-written.json").read_text())
    pages = published(out)
    return "unfinished" not in manifest and manifest["files"] == pages and "index.html" in pages


def interrupt(archive: Path, index: str, out: Path, signum: int) -> subprocess.CompletedProcess:
    """``gt club site`` in a process of its own, sent ``signum`` once it has written its first pages anywhere
    in ``out``."""
    runner = subprocess.Popen([sys.executable, "-m", "gtcli", "club", "site", str(archive), "-o", str(out),
                               "--jobs", "1", "--db", index], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline, started = time.monotonic() + 120, time.time_ns()
    while runner.poll() is None and time.monotonic() < deadline:
        if out.exists() and sum(1 for p in out.rglob("*.html") if p.stat().st_mtime_ns >= started) >= 3:
            runner.send_signal(signum)
            break
        time.sleep(0.005)
    out_text, err_text = runner.communicate(timeout=120)
    return subprocess.CompletedProcess(runner.args, runner.returncode, out_text, err_text)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_first_site_stopped_midway_publishes_no_page_and_the_next_run_goes_on(indexed, tmp_path, signum):
    (archive, index), out = copy_of(indexed, tmp_path), tmp_path / "site"
    stopped = interrupt(archive, index, out, signum)
    assert stopped.returncode == 128 + signum, stopped.stderr
    assert published(out) == {}  # no half site: not one page where the club would publish it
    manifest = json.loads((out / ".gt-written.json").read_text())
    assert manifest["unfinished"]["state"] == "building"  # marked unfinished, for gt and for anyone who looks
    assert "stopped" in stopped.stderr and "Traceback" not in stopped.stderr
    assert len(stopped.stderr.strip().splitlines()) == 1, stopped.stderr
    staged = sum(1 for _ in (out / ".gt-staging").rglob("*.html"))
    assert staged >= 1
    again = gt("club", "site", archive, "-o", out, "--json", "--db", index)
    assert again.returncode == 0, again.stderr
    report = json.loads(again.stdout)
    assert report["resumed"] >= 1
    assert whole(out) and not (out / ".gt-staging").exists()
    fresh = tmp_path / "fresh"
    assert gt("club", "site", archive, "-o", fresh, "--db", index).returncode == 0
    assert published(out) == published(fresh)  # the resumed site is the site a run never stopped writes


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_site_stopped_midway_leaves_the_previous_site_exactly_as_it_was(indexed, tmp_path, signum):
    (archive, index), out = copy_of(indexed, tmp_path), tmp_path / "site"
    assert gt("club", "site", archive, "-o", out, "--db", index).returncode == 0
    before = published(out)
    assert whole(out)
    (archive / "gt.toml").write_text('[club]\nname = "Club de Lugo"\n')  # every page changes (the title)
    stopped = interrupt(archive, index, out, signum)
    assert stopped.returncode == 128 + signum, stopped.stderr
    assert published(out) == before  # byte for byte the previous site
    assert "still holds the previous site" in stopped.stderr
    assert gt("club", "site", archive, "-o", out, "--db", index).returncode == 0
    assert whole(out) and published(out) != before
    assert "Club de Lugo" in (out / "index.html").read_text()


def test_a_swap_killed_halfway_is_finished_by_the_next_run(tmp_path, monkeypatch):
    """A kill -9 between two renames of the swap (simulated: the rename fails after the first few): the
    manifest says swapping, and the next run moves the rest of the staged pages in before anything else."""
    from gtcli.core.files import written

    out = tmp_path / "site"
    out.mkdir()
    (out / "games").mkdir()
    first = written.WrittenFolder(out, "site", lambda name: True)
    first.claim()
    for i in range(6):
        first.write(f"games/p{i}.html", f"old {i}\n")
    first.write("index.html", "old index\n")
    first.finish()
    second = written.WrittenFolder(out, "site", lambda name: True)
    second.claim()
    for i in range(6):
        second.write(f"games/p{i}.html", f"new {i}\n")
    second.write("index.html", "new index\n")
    real, moved = os.replace, []

    def dies(source, target):
        if len(moved) == 3:
            raise SystemExit("killed")  # nothing after this runs, as with kill -9
        moved.append(target)
        real(source, target)

    monkeypatch.setattr(written.os, "replace", dies)
    with pytest.raises(SystemExit):
        second.finish()
    monkeypatch.setattr(written.os, "replace", real)
    manifest = json.loads((out / ".gt-written.json").read_text())
    assert manifest["unfinished"]["state"] == "swapping"
    assert (out / "index.html").read_text() == "old index\n"  # the front page moves last
    third = written.WrittenFolder(out, "site", lambda name: True)
    third.claim()
    assert third.finished_swap
    assert [(out / f"games/p{i}.html").read_text() for i in range(6)] == [f"new {i}\n" for i in range(6)]
    assert (out / "index.html").read_text() == "new index\n"
    after = json.loads((out / ".gt-written.json").read_text())  # the swap done, this run building afresh
    assert after["unfinished"]["state"] == "building" and after["unfinished"]["token"] != \
        manifest["unfinished"]["token"]
    assert after["files"] == manifest["unfinished"]["files"]  # the new site is the one listed


def test_a_staging_folder_gt_did_not_make_is_refused_and_left_alone(tmp_path):
    from gtcli.core.diagnostics import InputError
    from gtcli.core.files.written import WrittenFolder

    out = tmp_path / "site"
    (out / ".gt-staging").mkdir(parents=True)
    (out / ".gt-staging" / "mine.txt").write_text("mine\n")
    folder = WrittenFolder(out, "site", lambda name: True, overwrite=True)
    with pytest.raises(InputError) as caught:
        folder.claim()
    assert caught.value.diagnostics[0].code == "IO006"
    assert (out / ".gt-staging" / "mine.txt").read_text() == "mine\n"
