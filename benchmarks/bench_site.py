"""Benchmark ``gt club site`` on a generated archive (issue 38, point 12).

    python benchmarks/bench_site.py                    # 10,000 games, --jobs <cores>
    python benchmarks/bench_site.py --games 1000
    python benchmarks/bench_site.py --callgrind 200    # instructions of the second run, N games and N/2

The archive is :mod:`benchmarks.bench_club`'s (``benchmarks/out/club-N/``, made once by
:mod:`benchmarks.club_archive`), copied and indexed first (``gt club index``, timed apart: it keeps
each log's scoresheet for the site). Then,
whole ``gt --isolated club site ARCHIVE -o SITE --jobs N --json`` processes, timed by wall clock and
CPU (the process and its pool's children, user + system):

1. the first run into an empty folder (every scoresheet made on the pool, every page written);
2. the second run on the unchanged archive (goal: under 5 s at 10,000 games: it must write nothing);
3. one new game, then a third run (writes that game's pages and the summary pages it changes).

``--callgrind N`` counts, with ``valgrind --tool=callgrind`` (``PYTHONHASHSEED=0``), the instructions
of the second run on archives of N and N/2 games: their difference over N/2 is the cost of one more game
in a run that has nothing to write. The machine is shared: the load average before and after is saved
with the figures. Results are printed and saved to ``benchmarks/out/site.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks.bench_club import ENV, OUT, archive_of, gt, timed  # noqa: E402
from benchmarks.club_archive import make_archive, write_game  # noqa: E402
from gtcli.core.executor import default_jobs  # noqa: E402


def site_runs(source: Path, games: int, jobs: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        archive, site = Path(tmp) / "archive", Path(tmp) / "site"
        shutil.copytree(source, archive, ignore=shutil.ignore_patterns(".gt-club", ".complete"))
        wall, cpu, _ = timed("club", "index", str(archive), "--jobs", jobs)
        found = {"index": {"wall": wall, "cpu": cpu}}  # from an empty index (it keeps each log's scoresheet)
        for step in ("first", "second"):
            wall, cpu, out = timed("club", "site", str(archive), "-o", str(site), "--jobs", jobs, "--json")
            report = json.loads(out)
            found[step] = {"wall": wall, "cpu": cpu, "pages": report["pages"], "written": report["written"],
                           "load": os.getloadavg()[0]}
        assert found["second"]["written"] == 0, found
        write_game((games + 1, str(archive)))
        wall, cpu, out = timed("club", "site", str(archive), "-o", str(site), "--jobs", jobs, "--json")
        report = json.loads(out)
        found["one_new_game"] = {"wall": wall, "cpu": cpu, "pages": report["pages"], "written": report["written"]}
        return found


def second_run_instructions(games: int) -> dict:
    """Instructions (callgrind) of a second ``gt club site`` on N and N/2 games; per game, the difference."""
    def count(n: int) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            archive, site, out = Path(tmp) / "archive", Path(tmp) / "site", Path(tmp) / "callgrind.out"
            make_archive(archive, range(n))
            subprocess.run([*gt(), "--isolated", "club", "site", str(archive), "-o", str(site), "--jobs", "1"],
                           check=True, capture_output=True, env=ENV)
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *gt(), "--isolated",
                            "club", "site", str(archive), "-o", str(site), "--jobs", "1"], check=True,
                           capture_output=True, env={**ENV, "PYTHONHASHSEED": "0"})
            for line in out.read_text().splitlines():
                if line.startswith(("summary:", "totals:")):
                    return int(line.split()[1])
        raise RuntimeError("no callgrind summary")

    whole, half = count(games), count(games // 2)
    return {"games": games, "second_run": whole, "second_run_half": half,
            "per_game": (whole - half) / (games - games // 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--callgrind", type=int, default=0, metavar="N")
    parser.add_argument("--no-runs", action="store_true", help="only the callgrind figures")
    args = parser.parse_args()
    results: dict = {"games": args.games, "jobs": args.jobs, "load_before": os.getloadavg()}
    if not args.no_runs:
        results["runs"] = site_runs(archive_of(args.games, args.jobs), args.games, str(args.jobs))
    if args.callgrind:
        results["instructions"] = second_run_instructions(args.callgrind)
    results["load_after"] = os.getloadavg()
    OUT.mkdir(exist_ok=True)
    (OUT / "site.json").write_text(json.dumps(results, indent=2))
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
