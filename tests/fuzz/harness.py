"""Run one fuzz scenario in process (Click's CliRunner) and judge it.

A run fails if it ends in a traceback (exit 3, or an exception CliRunner caught), an exit
code outside the documented set, more than :data:`MAX_SECONDS` of CPU time, or growth of
the process's peak memory by more than :data:`MAX_MEGABYTES`. A run that blocks is
stopped by an alarm after :data:`STOP_SECONDS` of wall time (a blocking ``open`` of a
FIFO is interrupted by the signal too) and counts as a hang.

CPU time, not wall time, is what the limit measures: the fuzzer shares its machine
(``nice -n 19``, other jobs), and a run that blocks is caught by the alarm. Interactive
commands (``gt play``, ``gt game tribunal`` without ``--from``) are judged per answer:
each typed line replays the whole log, so a session of 200 lines is 200 runs.
"""

from __future__ import annotations

import os
import resource
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.fuzz.corpus import FIFO, FOLDER, LOOP, ZERO, Scenario

MAX_SECONDS = 5.0
STOP_SECONDS = 30
MAX_MEGABYTES = 500
ALLOWED_EXITS = (0, 1, 2)  # in process nobody presses Ctrl-C (130) or closes the pipe (141)


class Stopped(BaseException):
    """Raised by the alarm: a BaseException, so gt's handler of internal errors lets it through."""


@dataclass
class Outcome:
    number: int
    exit_code: int | None
    seconds: float  # CPU seconds, per answer for interactive commands
    wall: float
    megabytes: float  # growth of the process's peak resident memory during this run
    output: str
    problem: str | None  # None, "traceback", "exit", "hang", "memory"


def peak_megabytes() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 if sys.platform != "darwin" else peak / 2**20


def materialize(s: Scenario, folder: Path) -> None:
    for name, content in s.files.items():
        path = folder / name
        if content == FIFO:
            os.mkfifo(path)
        elif content == ZERO:
            path.symlink_to("/dev/zero")
        elif content == LOOP:
            path.symlink_to(name + ".again")
            (folder / (name + ".again")).symlink_to(name)
        elif content == FOLDER:
            path.mkdir()
        else:
            path.write_bytes(content)


def _stop(_signum, _frame):
    raise Stopped


def run_scenario(s: Scenario) -> Outcome:
    from click.testing import CliRunner

    from gtcli.cli.main import cli
    from gtcli.core.files import memo

    memo.forget()  # a long run makes thousands of sets; the cache would only grow
    with tempfile.TemporaryDirectory(prefix="gt-fuzz-") as tmp:
        folder = Path(tmp)
        materialize(s, folder)
        args = [a.replace("{d}", tmp) for a in s.args]
        before = peak_megabytes()
        old = signal.signal(signal.SIGALRM, _stop)
        signal.setitimer(signal.ITIMER_REAL, STOP_SECONDS)
        start, cpu = time.perf_counter(), time.process_time()
        try:
            result = CliRunner().invoke(cli, args, input=s.input, env={"GT_DEBUG": "1", "NO_COLOR": "1"})
            code, output, exc = result.exit_code, result.output, result.exception
        except Stopped:
            code, output, exc = None, "", None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
        wall = time.perf_counter() - start
        seconds = (time.process_time() - cpu) / answers(s)
        grown = peak_megabytes() - before
    problem = None
    if exc is not None and not isinstance(exc, SystemExit):
        import traceback

        problem = "traceback"
        output += "".join(traceback.format_exception(exc))
    elif code == 3 or "Traceback" in output:
        problem = "traceback"
    elif code is None or seconds > MAX_SECONDS:
        problem = "hang"
    elif code not in ALLOWED_EXITS:
        problem = "exit"
    elif grown > MAX_MEGABYTES:
        problem = "memory"
    return Outcome(s.number, code, seconds, wall, grown, output, problem)


def answers(s: Scenario) -> int:
    """How many times an interactive command answers (each typed line, plus opening)."""
    interactive = "play" in s.args or (s.args[:2] == ["game", "tribunal"] and "--from" not in s.args)
    return 1 + (s.input or "").count("\n") if interactive else 1


def keep(s: Scenario, outcome: Outcome, folder: Path) -> Path:
    """Write a failing scenario where it can be run again: its files, command and output."""
    import json

    target = folder / f"{outcome.problem}-{s.number:06d}"
    target.mkdir(parents=True, exist_ok=True)
    specials = {}
    for name, content in s.files.items():
        if isinstance(content, bytes):
            (target / name).write_bytes(content)
        else:
            specials[name] = content
    (target / "scenario.json").write_text(json.dumps({
        "number": s.number, "kind": s.kind, "args": s.args, "input": s.input, "special_files": specials,
        "exit_code": outcome.exit_code, "cpu_seconds": round(outcome.seconds, 3), "wall_seconds": round(outcome.wall, 3),
        "megabytes": round(outcome.megabytes, 1),
        "again": f"python -m tests.fuzz.long_run --only {s.number}",
    }, indent=2, ensure_ascii=False))
    (target / "output.txt").write_text(outcome.output, encoding="utf-8", errors="replace")
    return target
