"""Benchmark ``gt balance`` reading game summaries: time and instructions per game.

    python benchmarks/bench_balance_read.py                  # time and instructions
    python benchmarks/bench_balance_read.py --no-callgrind   # time only

What is measured is what ``gt balance DIR`` does with each line of a ``games.jsonl`` once it
has found it: the line read and checked (:func:`gtcli.balance.sources.read_games`: the
bounded JSON check, the summary's shape, the game's identity looked up among those read,
:class:`~gtcli.balance.sources.Repeats`) and counted (:meth:`gtcli.balance.stats.Tally.add`),
per game, and the reading alone; and, apart, the report made once at the end
(:meth:`~gtcli.balance.stats.Tally.report`: the card figures, their second reading without the
cards found associated, the figures per bot), in milliseconds for the study.

Two studies of four-player games of the sample set, made once with ``gt simulate
--stats-only`` under ``benchmarks/out/balance-read/`` (seed 0): ``greedy`` (one bot) and
``greedy,random,random,random`` (a study of tiers: wins per bot, the per-bot tables).

* time: the best of ``--rounds`` in-process readings, per game (CPU time of this process),
  and the report's time (the best of the rounds too: Student's t quantiles, cached within a
  process, are computed in the first);
* instructions (``valgrind --tool=callgrind``): a reading of the file less a run that
  imports the same modules and reports on no game, per game, so Python's start-up and
  imports cancel out (both runs first read and count a file of the study's first game, so
  that what is imported or compiled on first use -- the bounded JSON reader, its regular
  expressions, hashlib -- is not charged to the 400 games). (Not the file read twice: the same games twice make every figure
  look surer, and the report then takes more rounds.)

Results are printed and saved to ``benchmarks/out/balance-read.json``. The figures are those of
the build the checkout holds: an editable install is pure Python; for the compiled build's
(``gtcli.HOT_MODULES``, what ``pip install .`` gives where a C compiler is), compile the checkout
in place first (``python setup.py build_ext --inplace``, Cython installed, as CI does).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
OUT = HERE / "out"
STUDIES = {"greedy": "greedy", "tiers": "greedy,random,random,random"}

READ_CODE = """
import os, sys, tempfile
from gtcli.balance.sources import Exclusions, Repeats, read_games
from gtcli.balance.stats import Tally
path, copies, count = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "count"
tally = Tally()
with tempfile.TemporaryDirectory() as tmp:  # a file of one game first: what is imported on first use
    one = os.path.join(tmp, "games.jsonl")
    with open(path, "rb") as games, open(one, "wb") as first:
        first.write(games.readline())
    for game in read_games(one, Exclusions(), Repeats()):
        Tally().add(game)
for _ in range(copies):  # 0: start-up only
    for game in read_games(path, Exclusions(), Repeats()):
        if count:
            tally.add(game)
"""


def study_file(name: str, games: int) -> Path:
    """The study's games.jsonl, simulated once (``gt simulate --stats-only``, seed 0)."""
    folder = OUT / "balance-read" / f"{name}-{games}"
    path = folder / "games.jsonl"
    if not path.exists():
        folder.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "gtcli", "simulate", "--bots", STUDIES[name], "--players", "4",
                        "--games", str(games), "--seed", "0", "--stats-only", "-q", "-o", str(folder)],
                       check=True, cwd=HERE.parent)
    return path


def read_once(path: Path) -> tuple[float, float, float]:
    """(CPU seconds of reading and counting every game, of the report, of reading alone) of one reading."""
    from gtcli.balance.sources import Exclusions, Repeats, read_games
    from gtcli.balance.stats import Tally

    started = time.process_time()
    for _ in read_games(str(path), Exclusions(), Repeats()):
        pass
    alone = time.process_time() - started
    started = time.process_time()
    tally = Tally()
    for game in read_games(str(path), Exclusions(), Repeats()):
        tally.add(game)
    read = time.process_time()
    tally.report()
    return read - started, time.process_time() - read, alone


def instructions(path: Path, copies: int, count: bool = True) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                        READ_CODE, str(path), str(copies), "count" if count else "read"], capture_output=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": "0"}, cwd=HERE.parent)
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit("no callgrind summary")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games simulated per study (once)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--no-callgrind", action="store_true")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()}; {os.cpu_count()} cores; Python {sys.version.split()[0]}", flush=True)
    results: dict = {"load": os.getloadavg()}
    for name in STUDIES:
        path = study_file(name, args.games)
        rounds = [read_once(path) for _ in range(args.rounds)]
        row = {"games": args.games, "bytes_per_game": path.stat().st_size // args.games,
               "us_per_game": round(1e6 * min(r[0] for r in rounds) / args.games, 1),
               "us_reading_alone": round(1e6 * min(r[2] for r in rounds) / args.games, 1),
               "report_ms": round(1e3 * min(r[1] for r in rounds), 1),
               "report_ms_first": round(1e3 * rounds[0][1], 1)}
        if not args.no_callgrind:
            start = instructions(path, 0)
            row["instructions_per_game"] = (instructions(path, 1) - start) // args.games
            row["instructions_reading_alone"] = (instructions(path, 1, count=False) - start) // args.games
        results[name] = row
        print(f"{name}: {row}", flush=True)
    results["load_after"] = os.getloadavg()
    OUT.mkdir(exist_ok=True)
    (OUT / "balance-read.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
