"""A refused save is never followed by "Saved" (issue 38, point 1).

Piped `gt play` saves the lines it accepted together (docs/files.md, point 6). When that
save is refused, the lines answered `ok:` are not in the log: gt must end with one
"Not saved: N line(s) ..." naming the code, no "Saved: ..." line, and exit 2, so that a
script feeding the moves sees the failure. Real processes, and refusals that hold for
root too (these tests run as root): a log marked read-only (gt checks the mode bits,
not only access(2)), a file-size limit (RLIMIT_FSIZE: Python ignores SIGXFSZ, so the
write fails with EFBIG), and a full file system (a small tmpfs in a mount namespace of
its own, where the machine allows one).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, SCENARIOS

FIRST_TURNS = SCENARIOS / "play" / "first-turns.gtl"
TYPED = "end\nCaro: vote staff\nquit\n"  # two accepted lines: the end of Ben's turn, Caro's vote


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}


def play(folder: Path, typed: str = TYPED, *args: str, preexec=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gtcli", "play", "c.gtl", *args], input=typed, capture_output=True,
                          text=True, cwd=folder, env=env(), timeout=120, preexec_fn=preexec)


def log_in(tmp_path: Path) -> Path:
    path = tmp_path / "c.gtl"
    shutil.copyfile(FIRST_TURNS, path)
    return path


def assert_not_saved(proc: subprocess.CompletedProcess, code: str, lines: int = 2) -> None:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Saved:" not in proc.stdout + proc.stderr
    said = [x for x in proc.stderr.splitlines() if x.startswith("Not saved:")]
    assert len(said) == 1, proc.stderr
    assert said[0].startswith(f"Not saved: {lines} line(s) ")
    assert code in said[0]
    assert "Traceback" not in proc.stderr


def test_a_read_only_log_ends_with_not_saved_and_exit_2(tmp_path):
    path = log_in(tmp_path)
    before = path.read_bytes()
    path.chmod(0o444)
    proc = play(tmp_path)
    assert "ok: Caro: vote staff" in proc.stdout  # the line was accepted...
    assert_not_saved(proc, "IO002")  # ...and the end says it is not in the log
    assert "read-only" in proc.stderr
    assert path.read_bytes() == before


def test_a_file_size_limit_ends_with_not_saved_and_exit_2(tmp_path):
    """`ulimit -f`: the save's write fails with EFBIG (as root too)."""
    path = log_in(tmp_path)
    before = path.read_bytes()
    limit = len(before) + 8  # the log as it is fits; with the two lines it does not

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    proc = play(tmp_path, preexec=limited)
    assert "ok: Caro: vote staff" in proc.stdout
    assert_not_saved(proc, "IO002")
    assert "File too large" in proc.stderr
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []  # the half-written temp is gone


def test_a_refused_save_while_waiting_is_still_not_saved_at_the_end(tmp_path):
    """The save refused while gt waits for the next line ("not written: ..." then), then more typing
    and `quit`: the end still says the lines are not saved, and exits 2."""
    path = log_in(tmp_path)
    path.chmod(0o444)
    proc = subprocess.Popen([sys.executable, "-m", "gtcli", "play", "c.gtl"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env(),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    proc.stdin.write("end\n")
    proc.stdin.flush()
    seen = []
    while not seen or not seen[-1].startswith("not written: 1 line(s)"):  # the save gt made before waiting
        line = proc.stdout.readline()
        assert line, "gt play ended early"
        seen.append(line)
    rest, err = proc.communicate("Caro: vote staff\nstate\nquit\n", timeout=120)
    done = subprocess.CompletedProcess(proc.args, proc.returncode, "".join(seen) + rest, err)
    assert_not_saved(done, "IO002")


def test_every_line_saved_still_ends_with_saved_and_exit_0(tmp_path):
    path = log_in(tmp_path)
    proc = play(tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip().endswith("Saved: c.gtl. Resume with: gt play c.gtl")
    assert "Not saved" not in proc.stdout + proc.stderr
    assert "Caro: vote staff" in path.read_text(encoding="utf-8")


def test_not_saved_in_json(tmp_path):
    path = log_in(tmp_path)
    path.chmod(0o444)
    proc = play(tmp_path, TYPED, "--json")
    assert proc.returncode == 2, proc.stderr
    objects = [json.loads(x) for x in proc.stdout.splitlines()]
    kinds = [o["kind"] for o in objects]
    assert "bye" not in kinds
    last = objects[-1]
    assert last["kind"] == "not-saved"
    assert last["lines"] == ["the end of Ben's turn", "Caro: vote staff"]
    assert [d["code"] for d in last["diagnostics"]] == ["IO002"]


FULL_DISK = r"""
import os, subprocess, sys, shutil, json
folder = sys.argv[1]
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", folder], check=True)
shutil.copyfile(sys.argv[2], os.path.join(folder, "c.gtl"))
before = open(os.path.join(folder, "c.gtl"), "rb").read()
try:
    with open(os.path.join(folder, "filler"), "wb") as f:
        while True:
            f.write(b"x" * 512)
            f.flush()
except OSError:
    pass
proc = subprocess.run([sys.executable, "-m", "gtcli", "play", "c.gtl"], input=sys.argv[3], capture_output=True,
                      text=True, cwd=folder)
after = open(os.path.join(folder, "c.gtl"), "rb").read()
print(json.dumps({"code": proc.returncode, "out": proc.stdout, "err": proc.stderr, "same": before == after}))
"""


def _mount_namespace() -> bool:
    if not sys.platform.startswith("linux") or shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _mount_namespace(), reason="needs a mount namespace (unshare -m) for a small tmpfs")
def test_a_full_disk_ends_with_not_saved_and_exit_2(tmp_path):
    """No space left: the small file system is filled before gt play saves (ENOSPC)."""
    folder = tmp_path / "disk"
    folder.mkdir()
    done = subprocess.run(["unshare", "-m", sys.executable, "-c", FULL_DISK, str(folder), str(FIRST_TURNS), TYPED],
                          capture_output=True, text=True, env=env(), timeout=180)
    if done.returncode != 0 and "mount" in done.stderr:
        pytest.skip(f"no tmpfs here: {done.stderr.strip()[-200:]}")
    result = json.loads(done.stdout)
    proc = subprocess.CompletedProcess([], result["code"], result["out"], result["err"])
    assert "ok: Caro: vote staff" in proc.stdout
    assert_not_saved(proc, "IO002")
    assert "No space left" in proc.stderr
    assert result["same"]
