"""Files gt makes beside a user's file (lock, temp, draft) are never opened through a link
(issue 20, docs/files.md "Files gt makes beside yours"): a shared folder holding
``.NAME.lock`` or ``NAME.draft.toml`` as a link to another file must not get that file
overwritten, nor a file created where a dangling link points, nor the link removed.

Every command runs as a real process (``python -m gtcli``).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from gtcli.core.files.atomic import host_name
from gtcli.core.files.lock import FileLock
from tests.conftest import ROOT, SCENARIOS, run
from tests.races import gt

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symbolic links and FIFOs")
WORKED = SCENARIOS / "tally" / "worked-example.toml"
GAME3 = SCENARIOS / "trickerion" / "game" / "three-players"
LOG = SCENARIOS / "games" / "three-players.gtl"
PLAYING = SCENARIOS / "play" / "first-turns.gtl"  # a game under way
SECRET = "the user's own file, elsewhere\n"


def _log(folder: Path) -> Path:
    """A log that `gt fmt --write` has something to change in (so it really saves)."""
    path = folder / "g.gtl"
    path.write_text(LOG.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")
    return path


def _session(folder: Path) -> Path:
    path = folder / "s.toml"
    assert run("game", "new", path, "--players", "Ana,Ben,Caro", "--first-praeco", "Ana").exit_code == 0
    return path


def _trickerion(folder: Path) -> Path:
    path = folder / "t.toml"
    assert run("trickerion", "game", "new", path, "--players", "Ana,Ben,Caro",
               "--specialists", "asistente,manager,ingeniero").exit_code == 0
    return path


# command -> (make the user's file in the folder, the command's arguments, the file the lock guards)
COMMANDS = {
    "fmt --write": (_log, lambda p: ("fmt", "--write", p)),
    "play (a move)": (lambda f: Path(shutil.copy(PLAYING, f / "g.gtl")), lambda p: ("play", p)),
    "play --new": (lambda f: f / "new.gtl", lambda p: ("play", p, "--new", "--players", "Ana,Ben,Caro")),
    "game tribunal": (_session, lambda p: ("game", "tribunal", p, "--from", WORKED, "-y")),
    "game report -o": (lambda f: f / "page.html", lambda p: ("game", "report", _session(p.parent), "-o", p)),
    "trickerion game turn": (_trickerion, lambda p: ("trickerion", "game", "turn", p, GAME3 / "turn1.toml", "-y")),
    "cards render -o": (lambda f: f / "cards.html", lambda p: ("cards", "render", ROOT / "cards" / "sample.gtc", "-o", p)),
}


def _state(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.exists() else None


@pytest.mark.parametrize("command", COMMANDS)
def test_a_lock_that_is_a_link_is_refused_and_left_alone(tmp_path, command):
    folder, outside = tmp_path / "shared", tmp_path / "home"
    folder.mkdir(), outside.mkdir()
    make, args = COMMANDS[command]
    path = make(folder)
    before = _state(path)
    target = outside / "anything"
    target.write_text(SECRET, encoding="utf-8")
    lock = folder / f".{path.name}.lock"
    lock.symlink_to(target)
    done = gt(*args(path), input="Caro: vote orb\n")
    said = done.stdout + done.stderr
    assert done.returncode == 2, said
    assert "IO006" in said and f".{path.name}.lock is a symbolic link" in said and "Traceback" not in said
    assert target.read_text(encoding="utf-8") == SECRET  # not truncated, not overwritten with the lock record
    assert lock.is_symlink() and os.readlink(lock) == str(target)  # the link is not removed
    assert _state(path) == before  # the user's file: nothing written


@pytest.mark.parametrize("kind", ["dangling link", "fifo", "folder", "hard link"])
def test_fmt_write_refuses_every_odd_lock(tmp_path, kind):
    folder, outside = tmp_path / "shared", tmp_path / "home"
    folder.mkdir(), outside.mkdir()
    log = _log(folder)
    before = log.read_text(encoding="utf-8")
    lock = folder / ".g.gtl.lock"
    target = outside / "would-be-created"
    if kind == "dangling link":
        lock.symlink_to(target)
    elif kind == "fifo":
        os.mkfifo(lock)
    elif kind == "folder":
        lock.mkdir()
    else:
        target.write_text(SECRET, encoding="utf-8")
        os.link(target, lock)
    done = gt("fmt", "--write", log)
    assert done.returncode == 2 and "IO006" in done.stdout + done.stderr, done.stdout + done.stderr
    assert log.read_text(encoding="utf-8") == before
    assert os.path.lexists(lock)  # still there, as found
    if kind == "dangling link":
        assert not target.exists()  # no file made outside the folder
    if kind == "hard link":
        assert target.read_text(encoding="utf-8") == SECRET


def test_a_draft_that_is_a_link_stops_the_entry_before_anything_is_asked(tmp_path):
    folder, outside = tmp_path / "shared", tmp_path / "home"
    folder.mkdir(), outside.mkdir()
    session = _session(folder)
    before = session.read_text(encoding="utf-8")
    for target in (outside / "anything", outside / "not-yet"):
        if target.name == "anything":
            target.write_text(SECRET, encoding="utf-8")
        draft = folder / "s.draft.toml"
        draft.symlink_to(target)
        done = gt("game", "tribunal", session, input="staff 2\n")
        said = done.stdout + done.stderr
        assert done.returncode == 2 and "IO006" in said and "s.draft.toml is a symbolic link" in said, said
        assert "Voting Track" not in said and "kept in" not in said  # nothing asked, no draft promised
        assert _state(target) == (SECRET if target.name == "anything" else None)
        assert draft.is_symlink() and session.read_text(encoding="utf-8") == before
        draft.unlink()


def test_a_link_named_like_a_stale_temp_file_is_not_removed(tmp_path):
    log = _log(tmp_path)
    target = tmp_path / "kept"
    target.write_text(SECRET, encoding="utf-8")
    fake = tmp_path / f".g.gtl.999999999-{host_name()}.abcd.tmp"  # a dead writer's name
    fake.symlink_to(target)
    stale = tmp_path / f".g.gtl.999999999-{host_name()}.efgh.tmp"
    stale.write_text("half a save\n")
    assert gt("fmt", "--write", log).returncode == 0
    assert fake.is_symlink() and target.read_text(encoding="utf-8") == SECRET
    assert not stale.exists()  # a real stale temp file is still cleared away


def test_a_released_lock_removes_only_its_own_file(tmp_path):
    """A lock file swapped for a link while held is not removed (nor written) on release."""
    path = tmp_path / "g.gtl"
    path.write_text("x\n")
    target = tmp_path / "elsewhere"
    target.write_text(SECRET)
    lock = FileLock(path)
    lock.acquire()
    os.unlink(lock.path)
    lock.path.symlink_to(target)
    lock.release()
    assert lock.path.is_symlink() and target.read_text() == SECRET


def test_holder_is_not_read_through_a_link(tmp_path):
    path = tmp_path / "g.gtl"
    path.write_text("x\n")
    target = tmp_path / "elsewhere.json"
    target.write_text('{"pid": 1, "command": "secret"}')
    lock = FileLock(path)
    lock.path.symlink_to(target)
    assert lock.holder() is None


@pytest.mark.skipif(shutil.which("mkfifo") is None and not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_fifo_draft_does_not_hang(tmp_path):
    session = _session(tmp_path)
    os.mkfifo(tmp_path / "s.draft.toml")
    done = gt("game", "tribunal", session, input="\n")
    assert done.returncode == 2 and "IO006" in done.stdout + done.stderr and "a FIFO" in done.stdout + done.stderr
