"""`gt play` with piped input saves accepted lines together (issue 25), and loses none.

Real processes, real pipes and signals: the lines wait to be saved only while more input
is ready; the save happens when gt would wait for input, at the end of the input, on
`quit`, and on SIGTERM, SIGHUP or Ctrl-C (docs/files.md, "gt play with piped input").
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gtcli.grand_tribunal.lang.logs.check import parse_log
from gtcli.grand_tribunal.play.script import typed_lines
from gtcli.grand_tribunal.rules import log as L
from tests.conftest import ROOT, SCENARIOS

FIVE = SCENARIOS / "games" / "five-players.gtl"
NEW = ["play", "live.gtl", "--new", "--players", "Ana,Ben,Caro,Dora,Eli", "--board", "sample"]


def gt_play(folder: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.Popen([sys.executable, "-m", "gtcli", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=folder, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def moves_in(path: Path) -> int:
    log = parse_log(path.read_text(encoding="utf-8"), str(path))
    return sum(len(e.moves) for e in log.events if isinstance(e, L.Turn))


def setup_lines(lines: list[str]) -> int:
    """How many of the typed lines are the setup's: hands, rows and the first Praeco."""
    return next(n for n, x in enumerate(lines) if x.startswith("praeco") and len(x.split()) == 2) + 1


def wait_for(condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_whole_game_piped_in_is_saved_whole(tmp_path):
    _, lines = typed_lines(FIVE)
    proc = gt_play(tmp_path, *NEW)
    out, err = proc.communicate("\n".join(lines) + "\n", timeout=120)
    assert proc.returncode == 0, err
    written = [x for x in (tmp_path / "live.gtl").read_text(encoding="utf-8").splitlines()
               if not x.startswith("[Date")]
    assert written == [x for x in FIVE.read_text(encoding="utf-8").splitlines() if not x.startswith("[Event")]
    assert out.rstrip().endswith("Saved: live.gtl. Resume with: gt play live.gtl")


def test_lines_are_saved_when_gt_would_wait_for_input(tmp_path):
    """A script that pauses: what was accepted is on disk while gt waits, before any more comes."""
    _, lines = typed_lines(FIVE)
    setup = lines[:setup_lines(lines)]
    proc = gt_play(tmp_path, *NEW)
    try:
        proc.stdin.write("\n".join(setup + lines[len(setup):len(setup) + 3]) + "\n")
        proc.stdin.flush()
        log = tmp_path / "live.gtl"
        wait_for(lambda: log.exists() and moves_in(log) == 3)  # saved though the input is still open
        more = lines[len(setup) + 3:len(setup) + 5]  # a generated game: one of them may end the turn
        proc.stdin.write("\n".join(more) + "\n")
        proc.stdin.flush()
        wait_for(lambda: moves_in(log) == 3 + sum(x != "end" for x in more))
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert proc.returncode == 0


@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)])
def test_a_stopping_signal_saves_every_line_answered(tmp_path, signum, code):
    """Stopped while lines wait to be saved: every line answered `ok` is in the log, and nothing more."""
    _, lines = typed_lines(FIVE)
    proc = gt_play(tmp_path, *NEW)
    proc.stdin.write("\n".join(lines * 3) + "\n")  # more than gt answers before the signal
    proc.stdin.flush()
    seen = []
    while len([x for x in seen if x.startswith("ok: ")]) < 20:
        seen.append(proc.stdout.readline())
    proc.send_signal(signum)
    # read on through the same buffered reader: communicate() reads the pipe's descriptor and
    # would skip what readline() above had already buffered
    rest, err = proc.stdout.read(), proc.stderr.read()
    proc.wait(timeout=60)
    try:
        proc.stdin.close()
    except BrokenPipeError:
        pass
    assert proc.returncode == code, err
    moves = sum(len(m.group(1).split("; ")) for x in seen + rest.splitlines()
                if (m := re.match(r"ok: (?:Ana|Ben|Caro|Dora|Eli): (.*)$", x)))  # "ok: Ben: vote staff; extract 1"
    assert moves_in(tmp_path / "live.gtl") == moves
    assert "Saved: live.gtl" in rest
    assert "Traceback" not in err


def test_a_terminal_line_is_saved_before_the_next_prompt(tmp_path):
    """An input gt cannot ask whether more is ready (CliRunner's has no descriptor): each accepted
    line is saved at once, and answered after the save, as at a terminal."""
    from tests.conftest import run

    _, lines = typed_lines(FIVE)
    setup = lines[:setup_lines(lines)]
    path = tmp_path / "live.gtl"
    result = run("play", str(path), "--new", "--players", "Ana,Ben,Caro,Dora,Eli", "--board", "sample",
                 input="\n".join(setup + lines[len(setup):len(setup) + 2]) + "\n")
    assert result.exit_code == 0
    assert moves_in(path) == 2


def test_each_answer_is_worked_out_with_the_collector_paused(tmp_path, monkeypatch):
    """The cyclic collector is off while an answer is computed (a fork of the whole table: on a
    long game, full collections walked it again and again) and on again between answers."""
    import gc

    from gtcli.cli import play_prompt
    from tests.conftest import run

    seen = []
    real = play_prompt.Prompt.handle

    def handle(self, line, word):
        seen.append(("during", gc.isenabled()))
        real(self, line, word)
        seen.append(("after", gc.isenabled()))

    monkeypatch.setattr(play_prompt.Prompt, "handle", handle)
    monkeypatch.chdir(tmp_path)
    _, lines = typed_lines(FIVE)
    assert gc.isenabled()
    result = run(*NEW, input="\n".join(lines[:40]) + "\n")
    assert result.exit_code == 0, result.output
    assert len(seen) == 2 * 40 and set(seen[0::2]) == {("during", False)}
    assert gc.isenabled()  # and on again once gt play is done


PLAY_PROBE = """
import sys
from gtcli.cli.main import cli
try:
    cli(sys.argv[2:])
except SystemExit:
    pass
with open(sys.argv[1], "w") as f:
    f.write(repr(sorted(m for m in sys.modules if m == "lark" or m.endswith("lang.cards.ast"))))
"""


def test_gt_play_with_a_warm_cache_imports_neither_lark_nor_the_card_parser(tmp_path):
    """The log's lines are parsed from the cached tables (gtcli.core.parsing.plain) and the
    shipped set is kept: a piped game on the sample set needs neither Lark nor the card parser."""
    _, lines = typed_lines(FIVE)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    found = []
    for _ in range(2):  # the first run makes the cache entries
        (tmp_path / "live.gtl").unlink(missing_ok=True)
        subprocess.run([sys.executable, "-c", PLAY_PROBE, str(tmp_path / "mods.txt"), *NEW],
                       input="\n".join(lines[:40]) + "\n", text=True, cwd=tmp_path, env=env, check=True,
                       capture_output=True)
        found.append((tmp_path / "mods.txt").read_text())
    assert found[1] == "[]"
