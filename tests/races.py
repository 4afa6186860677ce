"""Real processes for the tests of docs/files.md's promises: two writers racing on one file,
a process holding a file's lock, the real ``gt`` command in a process of its own.

Shared by the tests of both games' sessions (and of logs), so that a race is set up one
way. The races fork (``FORK``): the test files that use them skip where there is no fork.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from gtcli.core.files.lock import FileLock
from tests.conftest import run

FORK = multiprocessing.get_context("fork") if os.name == "posix" else None


def leftovers(folder: Path) -> list[str]:
    """Temp and lock files a save left in ``folder`` (there should be none)."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith((".tmp", ".lock")))


def gt(*args, env: dict[str, str] | None = None, input: str | None = None) -> subprocess.CompletedProcess:
    """The real command, in a process of its own."""
    return subprocess.run([sys.executable, "-m", "gtcli", *map(str, args)], capture_output=True, text=True,
                          input=input, env={**os.environ, **(env or {})}, timeout=60)


def _hold_lock(path: str, held, stop) -> None:
    with FileLock(path):
        held.set()
        stop.wait(30)


def holding(path: Path):
    """Another process that holds ``path``'s lock until ``stop`` is set: (process, stop)."""
    path.write_text("x\n")
    held, stop = FORK.Event(), FORK.Event()
    holder = FORK.Process(target=_hold_lock, args=(str(path), held, stop))
    holder.start()
    assert held.wait(10)
    return holder, stop


def _run_when_ready(args: Sequence[str], barrier, results) -> None:
    barrier.wait(10)
    result = run(*args)
    results.put((result.exit_code, result.stdout))


def race_cli(*commands: Sequence[str]) -> list[tuple[int, str]]:
    """Run each ``gt`` command line in a forked process of its own, all let go at once
    (a barrier); their (exit code, stdout), in the order they finished."""
    barrier, results = FORK.Barrier(len(commands)), FORK.Queue()
    racers = [FORK.Process(target=_run_when_ready, args=([str(a) for a in c], barrier, results)) for c in commands]
    for p in racers:
        p.start()
    outcomes = [results.get(timeout=60) for _ in racers]
    for p in racers:
        p.join(10)
    return outcomes


def race_real(*commands: Sequence[str]) -> list[tuple[int, str, str]]:
    """Run each command line as ``python -m gtcli`` at the same time (no barrier: as close as
    two people pressing Enter); their (exit code, stdout, stderr), in the order given."""
    racers = [subprocess.Popen([sys.executable, "-m", "gtcli", *map(str, c)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True) for c in commands]
    said = [p.communicate(timeout=60) for p in racers]
    return [(p.returncode, out, err) for p, (out, err) in zip(racers, said)]
