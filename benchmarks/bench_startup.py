"""Benchmark ``gt --help`` against ``python -c "import click"`` on a regular install.

    python benchmarks/bench_startup.py              # 60 runs of each, alternating
    python benchmarks/bench_startup.py --runs 200

An editable install (``pip install -e``) adds an import hook to every start, so this
installs the project the way users get it (``pip install .``) into a temporary venv, then
runs the two commands alternately and reports the median and the fastest run of each,
in wall time and in CPU time (user + system, from ``wait4``: less disturbed by other
processes on a shared machine), and their ratio. The goal (README, "Performance"):
``gt --help`` within 1.2 times Click's own import.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(command: list[str]) -> tuple[float, float]:
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        raise SystemExit(f"{' '.join(command)} failed")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(ROOT)], check=True)
        commands = {"python -c 'import click'": [str(venv / "bin" / "python"), "-c", "import click"],
                    "gt --help": [str(venv / "bin" / "gt"), "--help"]}
        for command in commands.values():
            run(command)  # warm the page cache and the .pyc files
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(run(command))
    summary = {}
    for name, runs in times.items():
        wall, cpu = [w for w, _ in runs], [c for _, c in runs]
        summary[name] = (statistics.median(wall), min(wall), statistics.median(cpu), min(cpu))
        print(f"{name:26s} wall median {summary[name][0] * 1000:6.1f} ms, fastest {summary[name][1] * 1000:6.1f} ms;"
              f" CPU median {summary[name][2] * 1000:6.1f} ms, least {summary[name][3] * 1000:6.1f} ms")
    click_, gt = summary["python -c 'import click'"], summary["gt --help"]
    print("gt --help / import click: " + ", ".join(f"{what} {g / c:.2f}x" for what, g, c in zip(
        ("wall median", "wall fastest", "CPU median", "CPU least"), gt, click_)))


if __name__ == "__main__":
    main()
