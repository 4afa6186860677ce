"""Benchmark ``gt check`` on a corpus of long, legal five-player games, and ``gt --help``.

    python benchmarks/bench_check.py                 # 1,000 games (made once, then reused)
    python benchmarks/bench_check.py --games 200     # a quicker look

The corpus is played by the random bot of :mod:`gtcli.grand_tribunal.play.bots` (every move checked as it
is made) and written with ``gt fmt``'s formatter to ``benchmarks/out/corpus-5p/``; making
1,000 games takes a few minutes once, on every core. Each game is checked once before it
is kept: a corpus game with an error would be a bug, and the benchmark stops on it.

Three figures, all on one core (the checker is single-threaded):

* in process: ``check_file`` on every game after one warm-up (parse + replay + scoring);
  logs/s, lines/s and the time per game (mean, median, 95th percentile);
* end to end: one ``gt check --format json`` process over the whole corpus, start-up and
  output included;
* start-up: the median wall time of ``gt --help`` over 21 runs.

Results are printed and saved to ``benchmarks/out/check.json``. Timing assertions never
go in the tests: machines differ, so the README quotes what this command measured.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"


def make_game(args: tuple[int, str]) -> tuple[int, int]:
    """Play game ``seed`` and write it; returns (seed, lines). Runs in a worker process."""
    seed, folder = args
    from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in
    from gtcli.grand_tribunal.lang.logs.format import format_log
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file
    from gtcli.grand_tribunal.shipped import cards_dir
    from gtcli.grand_tribunal.play.simulation import random_game

    sample = cards_dir() / "sample.gtc"
    card_set = load_set(sample)
    log = random_game(card_set, 5, seed)
    text = format_log(log, "en", card_set.vocabulary, names_in(card_set, sample, "en"))
    path = Path(folder) / f"game-{seed:05d}.gtl"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    result = check_file(str(tmp), Options()).result
    errors = result.errors  # warnings (a turn of one action, T6) are legal play
    if errors or not result.complete:
        raise RuntimeError(f"game {seed} is not a legal complete game: {errors[:1]}")
    tmp.replace(path)
    return seed, text.count("\n")


def corpus(games: int, jobs: int) -> list[Path]:
    folder = OUT / "corpus-5p"
    folder.mkdir(parents=True, exist_ok=True)
    missing = [seed for seed in range(games) if not (folder / f"game-{seed:05d}.gtl").exists()]
    if missing:
        print(f"making {len(missing)} games in {folder} with {jobs} processes ...", file=sys.stderr)
        started = time.perf_counter()
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for done, _ in enumerate(pool.map(make_game, [(s, str(folder)) for s in missing], chunksize=8), 1):
                if done % 100 == 0:
                    print(f"  {done}/{len(missing)}", file=sys.stderr)
        print(f"  done in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return [folder / f"game-{seed:05d}.gtl" for seed in range(games)]


def in_process(paths: list[Path]) -> dict:
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file

    options = Options()
    check_file(str(paths[0]), options)  # warm-up: grammar and card set loaded once per process
    times, lines = [], 0
    for path in paths:
        text = path.read_text(encoding="utf-8")
        lines += text.count("\n")
        started = time.perf_counter()
        check_file(str(path), options, text)
        times.append(time.perf_counter() - started)
    total = sum(times)
    times.sort()
    return {
        "games": len(paths),
        "lines": lines,
        "lines_per_game": round(lines / len(paths), 1),
        "logs_per_s": round(len(paths) / total, 1),
        "lines_per_s": round(lines / total),
        "ms_per_game_mean": round(1000 * total / len(paths), 2),
        "ms_per_game_median": round(1000 * statistics.median(times), 2),
        "ms_per_game_p95": round(1000 * times[int(0.95 * (len(times) - 1))], 2),
    }


def gt_command() -> list[str]:
    found = shutil.which("gt", path=str(Path(sys.executable).parent)) or shutil.which("gt")
    return [found] if found else [sys.executable, "-m", "gtcli"]


def end_to_end(paths: list[Path]) -> dict:
    started = time.perf_counter()
    done = subprocess.run([*gt_command(), "check", "--format", "json", *map(str, paths)],
                          capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"gt check found something in the corpus (exit {done.returncode}):\n{done.stdout[:2000]}")
    return {"seconds": round(seconds, 2), "logs_per_s": round(len(paths) / seconds, 1)}


def startup(runs: int = 21) -> dict:
    command = [*gt_command(), "--help"]
    subprocess.run(command, capture_output=True, check=True)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return {"runs": runs, "ms_median": round(1000 * statistics.median(times), 1), "ms_min": round(1000 * min(times), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="corpus size (default 1000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes used to make the corpus")
    args = parser.parse_args()
    paths = corpus(args.games, args.jobs)
    results = {
        "python": sys.version.split()[0],
        "check_in_process": in_process(paths),
        "check_end_to_end": end_to_end(paths),
        "gt_help_startup": startup(),
    }
    OUT.mkdir(exist_ok=True)
    (OUT / "check.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    c, e, s = results["check_in_process"], results["check_end_to_end"], results["gt_help_startup"]
    print(f"corpus: {c['games']} five-player games, {c['lines']} lines ({c['lines_per_game']} per game)")
    print(f"gt check, in process: {c['logs_per_s']} logs/s, {c['lines_per_s']} lines/s; per game "
          f"mean {c['ms_per_game_mean']} ms, median {c['ms_per_game_median']} ms, p95 {c['ms_per_game_p95']} ms")
    print(f"gt check, one process over the corpus: {e['seconds']} s, {e['logs_per_s']} logs/s")
    print(f"gt --help: median {s['ms_median']} ms, fastest {s['ms_min']} ms ({s['runs']} runs)")


if __name__ == "__main__":
    main()
