"""Benchmark ``gt check --jobs``: files per second with one process and with N.

    python benchmarks/bench_check_jobs.py                # 300 games, --jobs 1 and --jobs <cores>
    python benchmarks/bench_check_jobs.py --games 1000 --jobs 4

It uses the corpus of :mod:`benchmarks.bench_check` (legal five-player games, made once
under ``benchmarks/out/corpus-5p/``) and times whole ``gt check FOLDER --quiet --jobs N``
processes, as a club's CI runs them: start-up, the folder search, the pool and the output
included. Each setting runs ``--rounds`` times, alternating, and the best run counts
(the machine is shared; the best is the least disturbed). It also checks that the output
of every N is the output of ``--jobs 1``, byte for byte.

Results are printed and saved to ``benchmarks/out/check-jobs.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks.bench_check import OUT, corpus  # noqa: E402
from gtcli.core.executor import default_jobs  # noqa: E402


def gt() -> list[str]:
    found = shutil.which("gt", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-m", "gtcli"]


def timed(folder: Path, jobs: int) -> tuple[float, bytes]:
    started = time.perf_counter()
    done = subprocess.run([*gt(), "--isolated", "check", str(folder), "--format", "json", "--jobs", str(jobs)],
                          capture_output=True)
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"gt check failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="N (default: every core)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    paths = corpus(args.games, default_jobs())
    with tempfile.TemporaryDirectory() as tmp:  # exactly these games, as one folder
        folder = Path(tmp) / "archive"
        folder.mkdir()
        for path in paths:
            os.symlink(path, folder / path.name)
        timed(folder, 1)  # warm: the grammar cache and the page cache
        best: dict[int, float] = {}
        outputs: dict[int, bytes] = {}
        for _ in range(args.rounds):
            for jobs in (1, args.jobs):
                elapsed, out = timed(folder, jobs)
                best[jobs] = min(best.get(jobs, elapsed), elapsed)
                outputs[jobs] = out
    same = outputs[1] == outputs[args.jobs]
    result = {
        "games": len(paths), "cores": os.cpu_count(), "python": sys.version.split()[0],
        "runs": {str(j): {"seconds": round(t, 2), "files_per_s": round(len(paths) / t, 1)} for j, t in best.items()},
        "speed_up": round(best[1] / best[args.jobs], 2), "identical_output": same,
    }
    for jobs, t in best.items():
        print(f"gt check --jobs {jobs}: {len(paths)} logs in {t:.2f} s = {len(paths) / t:.1f} files/s")
    print(f"speed-up {result['speed_up']}x with {args.jobs} jobs; output identical: {same}")
    OUT.mkdir(exist_ok=True)
    (OUT / "check-jobs.json").write_text(json.dumps(result, indent=2) + "\n")
    if not same:
        raise SystemExit("the output of --jobs N differs from --jobs 1")


if __name__ == "__main__":
    main()
