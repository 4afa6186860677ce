"""Benchmark ``gt check`` of a folder of many empty logs (issue 30: "well under 30 s").

    python benchmarks/bench_empty_logs.py                  # 100,000 empty logs, --jobs 1 and the default
    python benchmarks/bench_empty_logs.py --logs 20000     # a quicker look

The logs are made once in ``benchmarks/out/empty-logs/`` (folders of 1,000), then one
whole ``gt check --format json`` process is timed per ``--jobs`` setting (start-up, the
search of the folder, the configuration lookup, the check of every log, the JSON out).
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


def timed(folder: Path, jobs: list[str]) -> dict:
    command = [sys.executable, "-m", "gtcli", "--isolated", "check", str(folder), "--format", "json", *jobs]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    summary = json.loads(done.stdout)["summary"]
    return {"command": " ".join(["gt", *command[3:]]), "seconds": round(seconds, 2), "exit": done.returncode,
            "files": summary["files"], "errors": summary["errors"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=100_000)
    args = parser.parse_args()
    folder = OUT / "empty-logs"
    started = time.perf_counter()
    make(folder, args.logs)
    print(f"{args.logs} empty logs in {folder} ({time.perf_counter() - started:.1f} s to make)")
    results = []
    for jobs in (["--jobs", "1"], []):
        result = timed(folder, jobs)
        results.append(result)
        print(f"{result['command']}: {result['seconds']} s, {result['files']} files, exit {result['exit']}")
    OUT.mkdir(exist_ok=True)
    (OUT / "empty-logs.json").write_text(json.dumps({"logs": args.logs, "cpus": os.cpu_count(), "runs": results},
                                                    indent=2) + "\n")


if __name__ == "__main__":
    main()
