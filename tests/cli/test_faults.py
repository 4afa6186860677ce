"""Faults of the user's environment get one honest line and exit 2 (issue 20): a closed
stdout (``>&-``), a stdout that refuses writes (``> /dev/full``), a closed stdin at a
prompt (``<&-``); a closed pipe stays 141. Never "a bug in gt", never a traceback, nothing
lost. Real processes, with the redirections made by a real shell."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, SCENARIOS, run

pytestmark = pytest.mark.skipif(os.name != "posix" or shutil.which("sh") is None, reason="POSIX shell redirections")
LOG = SCENARIOS / "games" / "three-players.gtl"
PLAYING = SCENARIOS / "play" / "first-turns.gtl"
GAME3 = SCENARIOS / "trickerion" / "game" / "three-players"
FULL = Path("/dev/full")


def shell(redirect: str, *args, input: str | None = None) -> subprocess.CompletedProcess:
    """``python -m gtcli ARGS REDIRECT`` through ``sh`` (stdout and stderr captured unless redirected)."""
    script = f'"$0" -m gtcli "$@" {redirect}'
    return subprocess.run(["sh", "-c", script, sys.executable, *map(str, args)], capture_output=True, text=True,
                          input=input, timeout=60, cwd=ROOT)


def one_line(done: subprocess.CompletedProcess, *words: str) -> None:
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert len(lines) == 1 and all(w in lines[0] for w in words), done.stderr
    assert "Traceback" not in done.stderr and "bug in gt" not in done.stderr


@pytest.mark.parametrize("args", [("check", LOG), ("replay", LOG), ("rules", "codes"), ("--help",)])
def test_a_closed_stdout_is_one_line_and_exit_2(args):
    one_line(shell(">&-", *args), "standard output is closed")


def test_a_closed_stdout_does_nothing(tmp_path):
    log = tmp_path / "g.gtl"
    log.write_text(LOG.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")
    one_line(shell(">&-", "fmt", "--write", log), "nothing was done")
    assert log.read_text(encoding="utf-8").endswith("\n\n\n")  # not rewritten
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.gtl"]  # no lock left, nothing written as stdout


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [("check", LOG), ("check", LOG, "--json"), ("replay", LOG), ("rules", "codes")])
def test_stdout_on_a_full_disk_is_one_line_and_exit_2(args):
    one_line(shell("> /dev/full", *args), "standard output refused", "No space left on device")


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full")
def test_a_play_session_on_a_full_stdout_loses_no_move(tmp_path):
    log = tmp_path / "g.gtl"
    shutil.copy(PLAYING, log)
    done = shell("> /dev/full", "play", log, input="Caro: vote orb\n")
    one_line(done, "standard output refused")
    # it stops at its greeting, before a line is read: the move typed is not taken (nor half written)
    assert log.read_bytes() == PLAYING.read_bytes()


def test_a_closed_stdin_at_the_tribunal_prompt(tmp_path):
    session = tmp_path / "s.toml"
    assert run("game", "new", session, "--players", "Ana,Ben,Caro").exit_code == 0
    before = session.read_text(encoding="utf-8")
    one_line(shell("<&-", "game", "tribunal", session), "standard input is closed", "nothing was saved")
    assert session.read_text(encoding="utf-8") == before and sorted(p.name for p in tmp_path.iterdir()) == ["s.toml"]


def test_a_closed_stdin_at_gt_play(tmp_path):
    log = tmp_path / "g.gtl"
    shutil.copy(PLAYING, log)
    one_line(shell("<&-", "play", log), "standard input is closed")
    assert log.read_bytes() == PLAYING.read_bytes()


def test_a_closed_stdin_at_a_trickerion_question(tmp_path):
    session = tmp_path / "t.toml"
    assert run("trickerion", "game", "new", session, "--players", "Ana,Ben,Caro",
               "--specialists", "asistente,manager,ingeniero").exit_code == 0
    before = session.read_text(encoding="utf-8")
    one_line(shell("<&-", "trickerion", "game", "turn", session, GAME3 / "turn1.toml"), "standard input is closed")
    assert session.read_text(encoding="utf-8") == before


def test_a_closed_stdin_is_no_matter_where_nothing_is_asked():
    done = shell("<&-", "check", LOG)
    assert done.returncode == 0 and "clean" in done.stdout and done.stderr == ""
    done = shell("<&-", "check", "-")
    one_line(done, "standard input is closed")
    assert done.stderr.startswith("gt: ")  # no prompt was shown: no blank line sets the message apart from one


@pytest.mark.parametrize("json", [(), ("--json",)])
def test_a_closed_stdin_at_gt_tally_dash_is_its_one_line_and_no_blank_one(json):
    """No prompt was shown, so nothing sets the line apart: stderr is that one line, stdout empty."""
    done = shell("<&-", "tally", "-", *json)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "gt: the standard input is closed (<&-), but `gt tally -` reads the table from it.\n"


def test_a_closed_pipe_stays_141():
    """Through rich's console too (it exits 1, the code of findings, on a broken pipe of its own)."""
    with subprocess.Popen([sys.executable, "-m", "gtcli", "rules", "codes"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=ROOT) as proc:
        proc.stdout.close()  # before gt has written anything (it takes longer to start than this)
        err = proc.stderr.read()
        code = proc.wait(timeout=60)
    assert code == 141 and err == b""
