"""Benchmark ``gt check`` of a folder of many empty logs (issue 30: "well under 30 s").

    python benchmarks/bench_empty_logs.py                  # 100,000 empty logs, --jobs 1 and the default
    python benchmarks/bench_empty_logs.py --logs 20000     # a quicker look

The logs are made once in ``benchmarks/out/empty-logs/`` (folders of 1,000), then one
whole ``gt check`` process is timed per setting (start-up, the
search of the folder, the configuration lookup, the check of every log, the output): the
human output with ``--jobs 1`` and with the default (every core), and ``--format json``.
Wall time and CPU time (of gt and its workers) are both kept: on a shared machine the
wall time says more about the neighbours than about gt.
An empty log is unusable (exit 2), so this measures what a run costs per file, not the
replay. Results are printed and saved to ``benchmarks/out/empty-logs.json``; timing
assertions never go in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"


def make(folder: Path, count: int) -> None:
    have = sum(1 for _ in folder.rglob("*.gtl")) if folder.exists() else 0
    if have == count:
        return
    if folder.exists():
        import shutil

        shutil.rmtree(folder)
    for n in range(count):
        sub = folder / f"{n // 1000:03d}"
        if n % 1000 == 0:
            sub.mkdir(parents=True)
        (sub / f"log-{n:06d}.gtl").touch()


def timed(folder: Path, options: list[str]) -> dict:
    """One whole gt process: wall time, and the CPU time of it and its workers (the figure that does not
    depend on what else the machine runs)."""
    import resource

    command = [sys.executable, "-m", "gtcli", "--isolated", "check", str(folder), *options]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"command": " ".join(["gt", *command[3:]]), "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
            "exit": done.returncode, "output_lines": done.stdout.count("\n")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=100_000)
    args = parser.parse_args()
    folder = OUT / "empty-logs"
    started = time.perf_counter()
    make(folder, args.logs)
    print(f"{args.logs} empty logs in {folder} ({time.perf_counter() - started:.1f} s to make)")
    results = []
    for options in (["--jobs", "1"], [], ["--jobs", "1", "--format", "json"]):
        result = timed(folder, options)
        results.append(result)
        print(f"{result['command']}: {result['seconds']} s wall, {result['cpu_seconds']} s CPU, exit {result['exit']}")
    OUT.mkdir(exist_ok=True)
    (OUT / "empty-logs.json").write_text(json.dumps({"logs": args.logs, "cpus": os.cpu_count(), "runs": results},
                                                    indent=2) + "\n")


if __name__ == "__main__":
    main()
