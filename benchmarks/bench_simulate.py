"""Benchmark the balance lab: games simulated per second, against checking them, across executors.

    python benchmarks/bench_simulate.py                     # every section
    python benchmarks/bench_simulate.py --only rate,ratio   # in-process sections only
    python benchmarks/bench_simulate.py --only callgrind    # instruction counts (valgrind)

Sections:

* ``rate``: games per second on one core (CPU time of ``play_game``, log text included) for
  3, 4 and 5 players and each bot; ``--games`` games each, ``--repeats`` times, median.
* ``ratio``: the same games' logs checked by ``check_file`` (parse + replay + scoring),
  and simulating a game as a multiple of checking its log (the aim: at most 3x).
* ``jobs``: whole ``gt simulate --stats-only`` processes with ``--jobs 1`` and ``--jobs N``
  (wall time, alternating rounds, best of each), and that their ``games.jsonl`` are identical.
* ``dask``: the same with ``--executor dask --jobs N`` (a LocalCluster started by gt), and
  the Dask executor's overhead against ``--jobs N`` on this machine.
* ``callgrind``: instructions (``valgrind --tool=callgrind``) of simulating 10 four-player
  games and of checking their logs, minus a run that only starts up and does one of each.

Results are printed and saved to ``benchmarks/out/simulate.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
OUT = HERE / "out"

from gtcli.core.executor import default_jobs  # noqa: E402


def cpu() -> float:
    return time.process_time()


def rate_and_ratio(games: int, repeats: int) -> dict:
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file
    from gtcli.grand_tribunal.play.simulation import Study, play_game

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for bot in ("random", "greedy"):
            for players in (3, 4, 5):
                study = Study((players,), bot, 2024)
                play_game(study, 10_000)  # warm: grammar tables, card set, board
                sim, chk = [], []
                for _ in range(repeats):
                    started = cpu()
                    texts = [play_game(study, i).text for i in range(games)]
                    sim.append((cpu() - started) / games)
                    paths = []
                    for i, text in enumerate(texts):
                        path = Path(tmp) / f"{bot}-{players}-{i}.gtl"
                        path.write_text(text, encoding="utf-8")
                        paths.append(str(path))
                    started = cpu()
                    for path in paths:
                        check_file(path, Options())
                    chk.append((cpu() - started) / games)
                s, c = statistics.median(sim), statistics.median(chk)
                out[f"{bot}/{players}"] = {"simulate_ms": round(1000 * s, 2), "games_per_second_per_core": round(1 / s, 1),
                                           "check_ms": round(1000 * c, 2), "ratio": round(s / c, 2),
                                           "simulate_range_ms": [round(1000 * min(sim), 2), round(1000 * max(sim), 2)]}
                print(f"{bot:6} {players} players: {1 / s:6.1f} games/s per core ({1000 * s:.1f} ms; "
                      f"{1000 * min(sim):.1f}-{1000 * max(sim):.1f}); check {1000 * c:.1f} ms; "
                      f"simulate/check {s / c:.2f}x", flush=True)
    return out


def gt() -> list[str]:
    return [sys.executable, "-m", "gtcli"]


def whole(games: int, *options: str) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds of gt and every process it started, games.jsonl) of one run."""
    import resource

    with tempfile.TemporaryDirectory() as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run([*gt(), "--isolated", "simulate", "--games", str(games), "--players", "4",
                               "--stats-only", "-o", tmp + "/s", "-q", *options], capture_output=True)
        elapsed = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(f"gt simulate failed: {done.stderr.decode()[-800:]}")
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return elapsed, used, Path(tmp, "s", "games.jsonl").read_bytes()


def executors(games: int, jobs: int, rounds: int, with_dask: bool) -> dict:
    """Wall time (best of the rounds: the least disturbed) and CPU time (every process, best too)."""
    settings = {"jobs 1": ("-j", "1"), f"jobs {jobs}": ("-j", str(jobs))}
    if with_dask:
        settings[f"dask {jobs}"] = ("--executor", "dask", "-j", str(jobs))
    best: dict[str, float] = {}
    cpu_best: dict[str, float] = {}
    outputs: dict[str, bytes] = {}
    for _ in range(rounds):
        for name, options in settings.items():
            elapsed, used, output = whole(games, *options)
            best[name] = min(best.get(name, elapsed), elapsed)
            cpu_best[name] = min(cpu_best.get(name, used), used)
            outputs[name] = output
            print(f"  {name}: {elapsed:.2f} s wall, {used:.2f} s CPU", flush=True)
    result: dict = {name: {"seconds": round(s, 3), "games_per_second": round(games / s, 1),
                           "cpu_seconds": round(cpu_best[name], 3)} for name, s in best.items()}
    result["identical_output"] = len(set(outputs.values())) == 1
    result[f"speedup jobs {jobs}"] = round(best["jobs 1"] / best[f"jobs {jobs}"], 2)
    if with_dask:
        result["dask_overhead_seconds"] = round(best[f"dask {jobs}"] - best[f"jobs {jobs}"], 2)
        result["dask_overhead_cpu_seconds"] = round(cpu_best[f"dask {jobs}"] - cpu_best[f"jobs {jobs}"], 2)
    for name, data in result.items():
        print(f"{name}: {data}")
    return result


CALLGRIND_CODE = """
import sys
from pathlib import Path
from gtcli.grand_tribunal.lang.logs.check import Options, check_file
from gtcli.grand_tribunal.play.simulation import Study, play_game
n, what, folder = int(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
if what == "simulate":
    for i in range(n):
        play_game(Study((4,), "random", 7), i)
else:
    for i in range(n):
        check_file(str(folder / f"{i}.gtl"), Options())
"""


def instructions(n: int, what: str, folder: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                        CALLGRIND_CODE, str(n), what, folder], capture_output=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": "0"})
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit("no callgrind summary")


def callgrind() -> dict:
    """Instructions per game of simulating (log text included) and of checking the log, net of start-up:
    (11 games - 1 game) / 10, the same four-player games."""
    from gtcli.grand_tribunal.play.simulation import Study, play_game

    with tempfile.TemporaryDirectory() as folder:
        for i in range(11):
            Path(folder, f"{i}.gtl").write_text(play_game(Study((4,), "random", 7), i).text, encoding="utf-8")
        simulate = (instructions(11, "simulate", folder) - instructions(1, "simulate", folder)) / 10
        check = (instructions(11, "check", folder) - instructions(1, "check", folder)) / 10
    result = {"simulate_per_game": int(simulate), "check_per_game": int(check), "ratio": round(simulate / check, 2)}
    print(f"callgrind: simulate {simulate / 1e6:.1f} M instructions per game, check {check / 1e6:.1f} M, "
          f"ratio {simulate / check:.2f}x")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="rate,jobs,dask")
    parser.add_argument("--games", type=int, default=40, help="games per setting, in process")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--process-games", type=int, default=400, help="games per whole gt simulate run")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    only = set(args.only.split(","))
    print(f"load average {os.getloadavg()}; {os.cpu_count()} cores; Python {sys.version.split()[0]}", flush=True)
    results: dict = {"load": os.getloadavg()}
    if only & {"rate", "ratio"}:
        results["rate"] = rate_and_ratio(args.games, args.repeats)
    if only & {"jobs", "dask"}:
        results["executors"] = executors(args.process_games, args.jobs, args.rounds, "dask" in only)
    if "callgrind" in only:
        results["callgrind"] = callgrind()
    results["load_after"] = os.getloadavg()
    OUT.mkdir(exist_ok=True)
    (OUT / "simulate.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
