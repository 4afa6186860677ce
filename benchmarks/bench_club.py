"""Benchmark ``gt club`` on a generated archive (issue 23's goals).

    python benchmarks/bench_club.py                  # 10,000 games, --jobs <cores>
    python benchmarks/bench_club.py --games 1000 --rounds 1
    python benchmarks/bench_club.py --callgrind 50   # instructions per file: gt check's work and the index's

The archive is made once under ``benchmarks/out/club-N/`` by :mod:`benchmarks.club_archive`
(dated games of 3 to 5 players from a pool of 12 members). Every figure is a whole ``gt``
process, as a club runs it (start-up, the folder search, the pool, the output, the index's
writes), timed by wall clock and by CPU (the children's user + system time):

1. ``gt --isolated check ARCHIVE --format json --jobs N`` against ``gt --isolated club index
   ARCHIVE --jobs N`` from an empty index (goal: at most 10 % more);
2. ``gt club stats ARCHIVE`` a second time on the unchanged archive, against the first
   (which indexes everything; goal: at most 5 % of it);
3. 100 new games, then ``gt club index``: it must judge exactly those 100.

Each pair runs ``--rounds`` times, alternating; the best of each counts (the machine is
shared; the best run is the least disturbed). ``--callgrind N`` also counts, with
``valgrind --tool=callgrind``, the instructions of N files judged in one process through
``check_one`` (gt check's per-file work) and through ``gtcli.club.work.judge`` (the
index's: the same check, plus hashing, the date, the fingerprint for duplicates),
minus a run of N/3 files each (start-up and one-time costs). Results are printed and saved to
``benchmarks/out/club.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks.club_archive import make_archive, write_game  # noqa: E402
from gtcli.core.executor import default_jobs  # noqa: E402

OUT = HERE / "out"


# As users run gt: modules compiled once and cached (a session may have turned that off).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def gt() -> list[str]:
    found = shutil.which("gt", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-m", "gtcli"]


def timed(*args: str) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds of the process and its workers, standard output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([*gt(), "--isolated", *args], capture_output=True, env=ENV)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"gt {' '.join(args)} failed ({done.returncode}): {done.stderr.decode()[-800:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def archive_of(games: int, jobs: int) -> Path:
    folder = OUT / f"club-{games}"
    marker = folder / ".complete"
    if not marker.exists():
        shutil.rmtree(folder, ignore_errors=True)
        print(f"making {games} games in {folder} with {jobs} processes ...", file=sys.stderr)
        started = time.perf_counter()
        make_archive(folder, range(games), jobs)
        marker.write_text("")
        print(f"  done in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return folder


def best(runs: list[tuple[float, float]]) -> dict[str, float]:
    return {"wall": min(r[0] for r in runs), "cpu": min(r[1] for r in runs)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--callgrind", type=int, default=0, metavar="N")
    args = parser.parse_args()
    source = archive_of(args.games, args.jobs)
    jobs = str(args.jobs)
    results: dict = {"games": args.games, "jobs": args.jobs, "load": os.getloadavg()}
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "archive"
        shutil.copytree(source, archive, ignore=shutil.ignore_patterns(".gt-club", ".complete"))
        check, index = [], []
        for _ in range(args.rounds):
            wall, cpu, _ = timed("check", str(archive), "--format", "json", "--jobs", jobs)
            check.append((wall, cpu))
            shutil.rmtree(archive / ".gt-club", ignore_errors=True)
            wall, cpu, out = timed("club", "index", str(archive), "--jobs", jobs, "--json")
            index.append((wall, cpu))
            assert json.loads(out)["judged"] == args.games
        results["check"], results["index"] = best(check), best(index)
        first, second = [], []
        for _ in range(args.rounds):
            shutil.rmtree(archive / ".gt-club", ignore_errors=True)
            first.append(timed("club", "stats", str(archive), "--jobs", jobs, "--json")[:2])
            second.append(timed("club", "stats", str(archive), "--jobs", jobs, "--json")[:2])
        results["stats_first"], results["stats_second"] = best(first), best(second)
        for seed in range(args.games, args.games + 100):
            write_game((seed, str(archive)))
        wall, cpu, out = timed("club", "index", str(archive), "--jobs", jobs, "--json")
        added = json.loads(out)
        assert (added["judged"], added["added"]) == (100, 100), added
        results["add_100"] = {"wall": wall, "cpu": cpu, "judged": added["judged"]}
        results["database_bytes"] = (archive / ".gt-club" / "club.sqlite").stat().st_size
    if args.callgrind:
        results["instructions"] = instructions(source, args.callgrind)
    results["index_over_check"] = {k: results["index"][k] / results["check"][k] for k in ("wall", "cpu")}
    results["second_stats_over_first"] = {k: results["stats_second"][k] / results["stats_first"][k]
                                          for k in ("wall", "cpu")}
    OUT.mkdir(exist_ok=True)
    (OUT / "club.json").write_text(json.dumps(results, indent=2))
    print(json.dumps(results, indent=2))


PROGRAM = """
import sys
from pathlib import Path
from gtcli.grand_tribunal.checking import check_one, job_for
from gtcli.club.work import Task, judge, settings_digest
from gtcli.core.files.config import Config
paths = sorted(Path(sys.argv[2]).rglob("*.gtl"))[: int(sys.argv[3])]
base = {"cards": None, "board": None, "profile": None, "allow_outside": False}
for path in map(str, paths):
    job = job_for(path, Config(), {}, base)
    if sys.argv[1] == "check":
        check_one(job)
    else:
        judge(Task(path, path, "log", job, settings_digest(job)))
"""


def instructions(archive: Path, files: int) -> dict[str, float]:
    """Instructions per file (callgrind), gt check's per-file work and the index's, start-up subtracted."""
    def count(kind: str, n: int) -> int:
        subprocess.run([sys.executable, "-c", PROGRAM, kind, str(archive), str(n)], check=True, env=ENV)  # .pyc
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "callgrind.out"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                            PROGRAM, kind, str(archive), str(n)], check=True, capture_output=True,
                           env={**ENV, "PYTHONHASHSEED": "0"})
            for line in out.read_text().splitlines():
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
        raise RuntimeError("no callgrind summary")

    base = max(1, files // 3)  # past the one-time costs (imports, a parser state compiled after 100 uses)
    found = {}
    for kind in ("check", "index"):
        found[kind] = (count(kind, files) - count(kind, base)) / (files - base)
    found["index_over_check"] = found["index"] / found["check"]
    return found


if __name__ == "__main__":
    main()
