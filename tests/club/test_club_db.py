"""The archive's index when things go wrong: links, damage, other gts, two commands, kill -9.

Races and signals are tested with real ``gt`` processes; the files of the archive are
compared byte for byte before and after, since gt club never writes them.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gtcli.club import db
from tests.conftest import run

GT = [sys.executable, "-m", "gtcli"]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and ".gt-club" not in p.parts}


def stats(archive, *extra) -> dict:
    result = run("club", "stats", archive, "--json", *extra)
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    found.pop("index")
    return found


def test_the_index_lives_in_a_private_folder_of_the_archive(club_archive):
    files = snapshot(club_archive)
    stats(club_archive)
    folder = club_archive / ".gt-club"
    assert (folder / "club.sqlite").is_file() and oct(folder.stat().st_mode & 0o777) == "0o700"
    assert snapshot(club_archive) == files  # the club's files are never touched
    assert "club.sqlite" not in run("check", club_archive, "--quiet").output  # a hidden folder: not an archive's file


@pytest.mark.parametrize("which", ["", "-journal", "-wal"])
def test_a_link_in_place_of_the_index_or_its_journal_is_refused(club_archive, tmp_path, which):
    target = tmp_path / "elsewhere"
    target.write_bytes(b"precious")
    db_path = tmp_path / "index.sqlite"
    if which:
        stats(club_archive, "--db", db_path)
    Path(f"{db_path}{which}").symlink_to(target)
    result = run("club", "stats", club_archive, "--db", db_path)
    assert result.exit_code == 2 and "CLUB001" in result.output and "is a symbolic link" in result.output
    assert target.read_bytes() == b"precious"


def test_a_link_in_place_of_gts_folder_is_refused(club_archive, tmp_path):
    (tmp_path / "other").mkdir()
    (club_archive / ".gt-club").symlink_to(tmp_path / "other")
    result = run("club", "index", club_archive)
    assert result.exit_code == 2 and "CLUB001" in result.output and list((tmp_path / "other").iterdir()) == []


def test_a_file_that_is_not_gts_index_is_never_changed(club_archive, tmp_path):
    for content in (b"a spreadsheet, not a database\n" * 10, None):
        path = tmp_path / "mine.sqlite"
        if content is None:  # another program's SQLite database
            path.unlink()
            other = sqlite3.connect(path)
            other.execute("CREATE TABLE notes (text TEXT)")
            other.commit()
            other.close()
        else:
            path.write_bytes(content)
        before = path.read_bytes()
        result = run("club", "index", club_archive, "--db", path)
        assert result.exit_code == 2 and "CLUB001" in result.output and "not changed" in result.output
        assert path.read_bytes() == before


def test_a_damaged_index_in_gts_folder_is_moved_aside_and_rebuilt(club_archive):
    first = stats(club_archive)
    index = club_archive / ".gt-club" / "club.sqlite"
    data = bytearray(index.read_bytes())
    data[0:16] = b"not sqlite at all"[:16]  # the header gone
    index.write_bytes(bytes(data))
    result = run("club", "stats", club_archive)
    assert result.exit_code == 0 and "was not readable as a database: it was moved aside" in " ".join(result.stderr.split())
    assert stats(club_archive) == first
    assert [p.name.startswith("club.sqlite.damaged-") for p in (club_archive / ".gt-club").iterdir()].count(True) == 1


def test_a_malformed_index_elsewhere_is_refused_not_replaced(club_archive, tmp_path):
    path = tmp_path / "index.sqlite"
    stats(club_archive, "--db", path)
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the first page's b-tree destroyed, the header kept
    path.write_bytes(bytes(data))
    result = run("club", "stats", club_archive, "--db", path)
    assert result.exit_code == 2 and "CLUB001" in result.output and "damaged" in result.output
    assert path.read_bytes() == bytes(data)


def test_an_index_made_by_a_newer_gt_is_left_alone_unless_rebuild_is_asked(club_archive):
    first = stats(club_archive)
    index = club_archive / ".gt-club" / "club.sqlite"
    conn = sqlite3.connect(index)
    conn.execute(f"PRAGMA user_version = {db.SCHEMA + 1}")
    conn.commit()
    conn.close()
    before = index.read_bytes()
    result = run("club", "stats", club_archive)
    assert result.exit_code == 2 and "CLUB002" in result.output and "made by a newer gt" in result.output
    assert "--rebuild" in result.output and index.read_bytes() == before
    rebuilt = run("club", "index", club_archive, "--rebuild")
    assert rebuilt.exit_code == 0 and "moved aside" in " ".join(rebuilt.stderr.split())
    kept = [p for p in index.parent.iterdir() if p.name.startswith("club.sqlite.replaced-")]
    assert len(kept) == 1 and kept[0].read_bytes() == before  # the newer gt's index is kept, not destroyed
    assert stats(club_archive) == first


def test_an_older_schema_is_upgraded_or_rebuilt(tmp_path, monkeypatch):
    path, now = tmp_path / "club.sqlite", db.SCHEMA
    db.open_index(path, own_folder=True).conn.close()
    monkeypatch.setattr(db, "SCHEMA", now + 1)
    monkeypatch.setattr(db, "MIGRATIONS", {now: "ALTER TABLE files ADD COLUMN note TEXT"})
    opened = db.open_index(path, own_folder=True)
    assert opened.notes == [f"the index {path} was upgraded from schema {now} to {now + 1}"]
    assert "note" in [c[1] for c in opened.conn.execute("PRAGMA table_info(files)")]
    assert opened.conn.execute("PRAGMA user_version").fetchone() == (now + 1,)
    opened.conn.close()
    monkeypatch.setattr(db, "SCHEMA", now + 2)
    monkeypatch.setattr(db, "MIGRATIONS", {})
    opened = db.open_index(path, own_folder=True)
    assert opened.notes == [f"the index {path} had schema {now + 1}, which this gt cannot upgrade: it is rebuilt"]
    assert "note" not in [c[1] for c in opened.conn.execute("PRAGMA table_info(files)")]


def test_two_gt_club_commands_at_once(club_archive, club_games, tmp_path):
    env = {**os.environ, "GT_CLUB_BATCH": "3"}
    procs = [subprocess.Popen([*GT, "club", cmd, str(club_archive), "--jobs", "1", "--json"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for cmd in ("index", "stats", "ratings")]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [o[1][-500:] for o in outs]
    fresh = tmp_path / "fresh"
    import shutil

    shutil.copytree(club_games, fresh)
    assert stats(club_archive) == {**stats(fresh), "archive": str(club_archive)}
    conn = sqlite3.connect(club_archive / ".gt-club" / "club.sqlite")
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_kill_9_while_indexing_keeps_the_index_consistent(club_archive, club_games, tmp_path):
    files = snapshot(club_archive)
    index = club_archive / ".gt-club" / "club.sqlite"
    proc = subprocess.Popen([*GT, "club", "index", str(club_archive), "--jobs", "1"],
                            env={**os.environ, "GT_CLUB_BATCH": "2"}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    stored = 0
    while time.monotonic() < deadline and proc.poll() is None:  # once some batches are in, mid-way
        try:
            conn = sqlite3.connect(f"file:{index}?mode=ro", uri=True, timeout=0.1)
            stored = conn.execute("SELECT count(*) FROM files").fetchone()[0]
            conn.close()
        except sqlite3.Error:
            stored = 0
        if stored >= 4:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert 4 <= stored < 24, "the kill came too late to test anything"
    conn = sqlite3.connect(index)
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    stored = conn.execute("SELECT count(*) FROM files").fetchone()[0]
    seated = conn.execute("SELECT count(DISTINCT path) FROM seats").fetchone()[0]
    assert stored < 24 and stored == seated  # whole batches: every stored game with its seats
    conn.close()
    assert snapshot(club_archive) == files
    again = json.loads(run("club", "index", club_archive, "--json").stdout)
    assert again["judged"] == 24 - stored  # what the killed run finished is kept
    import shutil

    fresh = tmp_path / "fresh"
    shutil.copytree(club_games, fresh)
    assert stats(club_archive) == {**stats(fresh), "archive": str(club_archive)}
