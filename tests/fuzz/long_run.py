"""The long fuzz run: many scenarios on every core; what fails is kept to run again.

    nice -n 19 python -m tests.fuzz.long_run                  # 100,000 inputs, all cores
    python -m tests.fuzz.long_run --inputs 2000 --start 50000  # a short run elsewhere in the space
    python -m tests.fuzz.long_run --only 1452                  # one scenario again, its output shown

Each worker is a separate process running scenarios in process (CliRunner), numbered
from ``--start``; scenario N is always the same input (:func:`tests.fuzz.corpus.scenario`).
A worker whose peak memory passes the limit is restarted, so one input's growth is never
blamed on the next; a worker that does not answer within ``--kill-after`` seconds (stuck
where no signal reaches it) is killed, its input counted as a hang and the worker
replaced. Failing inputs go to ``--out`` (default ``benchmarks/out/fuzz-crashes/``): their
files, ``scenario.json`` (command, typed input, figures) and ``output.txt``. The figures
are printed at the end and saved as ``summary.json`` there.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import resource
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKER_MEMORY_LIMIT = 3 * 2**30  # address space of a worker: a runaway input cannot take the machine down
RESTART_ABOVE_MB = 250  # a worker whose peak passed this restarts, so the next input's growth is measured in full


def _worker(conn) -> None:
    from tests.fuzz.corpus import scenario
    from tests.fuzz.harness import keep, peak_megabytes, run_scenario

    try:
        resource.setrlimit(resource.RLIMIT_AS, (WORKER_MEMORY_LIMIT, WORKER_MEMORY_LIMIT))
    except (ValueError, OSError):
        pass
    while True:
        job = conn.recv()
        if job is None:
            return
        number, out = job
        s = scenario(number)
        outcome = run_scenario(s)
        kept = str(keep(s, outcome, Path(out))) if outcome.problem else None
        restart = peak_megabytes() > RESTART_ABOVE_MB  # start afresh: the next input is measured from a low peak
        conn.send((number, outcome.problem, outcome.exit_code, outcome.seconds, outcome.wall, outcome.megabytes, kept,
                   restart))
        if restart:
            return


class Pool:
    def __init__(self, size: int) -> None:
        self.ctx = mp.get_context("fork")
        self.workers = [self._start() for _ in range(size)]

    def _start(self):
        parent, child = self.ctx.Pipe()
        proc = self.ctx.Process(target=_worker, args=(child,), daemon=True)
        proc.start()
        child.close()
        return {"proc": proc, "conn": parent, "job": None, "since": 0.0}

    def replace(self, i: int) -> None:
        w = self.workers[i]
        if w["proc"].is_alive():
            w["proc"].kill()
        w["proc"].join()
        self.workers[i] = self._start()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "out" / "fuzz-crashes")
    parser.add_argument("--kill-after", type=float, default=120.0)
    parser.add_argument("--only", type=int, help="run one scenario here and print everything")
    args = parser.parse_args()
    if args.only is not None:
        from tests.fuzz.corpus import scenario
        from tests.fuzz.harness import run_scenario

        s = scenario(args.only)
        outcome = run_scenario(s)
        print(s.describe(), f"\ninput: {s.input!r}" if s.input else "")
        print(outcome.output)
        print(f"exit {outcome.exit_code}, {outcome.seconds:.2f} CPU s, {outcome.wall:.2f} s, "
              f"+{outcome.megabytes:.0f} MB: {outcome.problem or 'fine'}")
        return
    args.out.mkdir(parents=True, exist_ok=True)
    pool = Pool(args.jobs)
    todo = iter(range(args.start, args.start + args.inputs))
    counts: Counter = Counter()
    exits: Counter = Counter()
    slowest: list[tuple[float, int]] = []
    biggest = 0.0
    failures: list[dict] = []
    started = time.time()
    done = 0
    busy = True
    while busy:
        busy = False
        for i, w in enumerate(pool.workers):
            if w["job"] is None:
                number = next(todo, None)
                if number is not None:
                    try:
                        w["conn"].send((number, str(args.out)))
                    except (BrokenPipeError, OSError):
                        pool.replace(i)
                        pool.workers[i]["conn"].send((number, str(args.out)))
                        w = pool.workers[i]
                    w["job"], w["since"] = number, time.time()
            if w["job"] is None:
                continue
            busy = True
            if w["conn"].poll(0.01):
                try:
                    number, problem, code, seconds, wall, megabytes, kept, restart = w["conn"].recv()
                except (EOFError, OSError):  # the worker died (memory limit, a crash of Python itself)
                    number, problem, code, seconds, wall, megabytes, kept, restart = (w["job"], "died", None, 0, 0, 0,
                                                                                     None, True)
                if restart:  # a worker that ends on purpose is replaced before it is given a job
                    pool.replace(i)
                w = pool.workers[i]
                w["job"] = None
                done += 1
                counts[problem] += 1
                exits[code] += 1
                slowest = sorted(slowest + [(seconds, number)])[-5:]
                biggest = max(biggest, megabytes)
                if problem:
                    failures.append({"number": number, "problem": problem, "exit": code, "kept": kept})
                if not w["proc"].is_alive():
                    pool.replace(i)
                if done % 1000 == 0:
                    print(f"{done} inputs, {time.time() - started:.0f} s: {dict(counts)}", flush=True)
            elif time.time() - w["since"] > args.kill_after:
                counts["hang"] += 1
                failures.append({"number": w["job"], "problem": "hang", "exit": None, "kept": None,
                                 "note": f"no answer in {args.kill_after:.0f} s; worker killed"})
                done += 1
                pool.replace(i)
    for w in pool.workers:
        try:
            w["conn"].send(None)
        except (BrokenPipeError, OSError):
            pass
    elapsed = time.time() - started
    summary = {
        "inputs": done, "start": args.start, "jobs": args.jobs, "seconds": round(elapsed, 1),
        "tracebacks": counts["traceback"], "hangs_over_5s": counts["hang"], "over_500MB": counts["memory"],
        "bad_exit_codes": counts["exit"], "workers_died": counts["died"],
        "exit_codes": {str(k): v for k, v in sorted(exits.items(), key=lambda kv: str(kv[0]))},
        "slowest_cpu_seconds": [[round(s, 2), n] for s, n in reversed(slowest)],
        "largest_memory_growth_mb": round(biggest, 1),
        "failures": failures[:200],
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2))
    print(json.dumps({k: v for k, v in summary.items() if k != "failures"}, indent=2))
    if failures:
        print(f"{len(failures)} failing input(s) kept under {args.out}")


if __name__ == "__main__":
    main()
