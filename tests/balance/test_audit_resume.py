"""Audit of issue 38, point 6: a resumed study adopts only what it wrote.

``gt simulate --resume`` counted every name of a log of the study that existed as a game kept:
a symbolic link to a stranger's log elsewhere, a FIFO, a hard link, another user's file. The
resumed run then played nothing for those, said the study was finished, and ``gt balance``
counted the stranger's log as the study's game. A ``games.jsonl`` that is a link stopped the
resumed run only at its end, with "Too many levels of symbolic links" and a temporary file left.
Each is now IO006 before anything is played or written, and the file is left as it is.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from gtcli.core.files.atomic import host_name
from tests.balance.test_trust import dead_pid
from tests.conftest import run

GAMES = 6


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> dict[str, Path]:
    """A whole study with logs and one with --stats-only, each of 6 games (copied by each test)."""
    top = tmp_path_factory.mktemp("played")
    for name, extra in (("logs", ()), ("stats", ("--stats-only",))):
        assert run("simulate", "--games", GAMES, "-o", top / name, "-q", *extra).exit_code == 0
    return {"logs": top / "logs", "stats": top / "stats"}


def unfinished(played: dict[str, Path], kind: str, tmp_path: Path) -> Path:
    """A copy of the study as a killed run leaves it: study.json says unfinished."""
    folder = Path(shutil.copytree(played[kind], tmp_path / "study"))
    data = json.loads((folder / "study.json").read_text())
    (folder / "study.json").write_text(json.dumps({**data, "finished": False, "done": GAMES - 1}))
    return folder


def resume(folder: Path, *extra: str):
    return run("simulate", "--games", GAMES, "-o", folder, "-q", "--resume", *extra)


def test_a_resumed_study_plays_what_it_lacks_and_adopts_its_own_logs(played, tmp_path):
    folder = unfinished(played, "logs", tmp_path)
    (folder / "game-000003.gtl").unlink()
    result = resume(folder)
    assert result.exit_code == 0, result.output
    assert "resumed: 5 game(s) were kept already" in result.stdout
    assert (folder / "game-000003.gtl").is_file() and json.loads((folder / "study.json").read_text())["finished"]


def _plant(folder: Path, name: str, how: str, tmp_path: Path) -> Path:
    """Something other than the run's own log at ``name``; returns the stranger's file it involves."""
    stranger = tmp_path / "stranger.gtl"
    shutil.copyfile(folder / name, stranger)
    (folder / name).unlink()
    if how == "a symbolic link":
        (folder / name).symlink_to(stranger)
    elif how == "a FIFO (named pipe)":
        os.mkfifo(folder / name)
    elif how == "a file with another name too (a hard link)":
        os.link(stranger, folder / name)
    else:
        shutil.copyfile(stranger, folder / name)
        os.chown(folder / name, os.getuid() + 4242, -1)
    return stranger


@pytest.mark.parametrize("how", ["a symbolic link", "a FIFO (named pipe)", "a file with another name too (a hard link)",
                                 "another user's file"])
def test_a_resumed_study_never_adopts_a_log_it_did_not_write(played, tmp_path, how):
    if how == "another user's file" and os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    folder = unfinished(played, "logs", tmp_path)
    stranger = _plant(folder, "game-000003.gtl", how, tmp_path)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.is_fifo()}
    kept = stranger.read_bytes()
    said = f"cannot write {folder}: its game log game-000003.gtl is {how}; nothing was written"
    result = resume(folder)
    assert result.exit_code == 2, result.output
    assert f"{folder}: IO006 error: {said}" in result.stderr
    result = resume(folder, "--json")
    assert result.exit_code == 2
    assert [(e["code"], e["message"]) for e in json.loads(result.stdout)["errors"]] == [("IO006", said)]
    assert stranger.read_bytes() == kept
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.is_fifo()} == before
    assert not json.loads((folder / "study.json").read_text())["finished"]


@pytest.mark.parametrize("how", ["a symbolic link", "a FIFO (named pipe)"])
def test_a_resumed_stats_only_study_refuses_a_games_file_it_did_not_write_before_playing(played, tmp_path, how):
    folder = unfinished(played, "stats", tmp_path)
    elsewhere = tmp_path / "elsewhere.jsonl"
    shutil.move(folder / "games.jsonl", elsewhere)
    kept = elsewhere.read_bytes()
    if how == "a symbolic link":
        (folder / "games.jsonl").symlink_to(elsewhere)
    else:
        os.mkfifo(folder / "games.jsonl")
    result = resume(folder, "--stats-only")
    assert result.exit_code == 2, result.output
    assert f"{folder}: IO006 error: cannot write {folder}: its games file games.jsonl is {how}; nothing was written" \
           in result.stderr
    assert "game(s) played" not in result.stdout
    assert elsewhere.read_bytes() == kept
    assert sorted(p.name for p in folder.iterdir()) == ["games.jsonl", "study.json"]  # no temporary file left


@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="giving a file to another user needs root")
def test_a_killed_runs_temp_owned_by_another_user_is_left_alone_and_named(tmp_path):
    out = tmp_path / "study"
    out.mkdir()
    temp = out / f".games.jsonl.{dead_pid()}-{host_name()}.sim.tmp"
    temp.write_text('{"not": "yours"}\n')
    os.chown(temp, 4242, -1)
    data = json.loads(run("simulate", "--games", "2", "--stats-only", "-o", out, "-q", "--json").stdout)
    assert data["left_alone"] == [{"file": temp.name, "reason": "is owned by another user"}]
    assert temp.read_text() == '{"not": "yours"}\n' and os.stat(temp).st_uid == 4242
    assert data["recovered"] == []
