"""Benchmark ``gt balance value``: the sample set's time budget, and the spread that sets the default.

    python benchmarks/bench_value.py                   # the whole run: every card, the default games, all cores
    python benchmarks/bench_value.py --games 100 --jobs 1   # a pilot: seconds per pair, the spread

Runs ``gt balance value`` on the shipped sample set with the greedy bot as a whole process
(wall time, ``--jobs`` processes; the goal: the default number of games in at most 10
minutes on a 2-core machine), then reads its JSON for

* **the time**: wall seconds, and the CPU seconds of every process of the run (so the time on
  two idle cores, CPU / 2, can be read on a busy machine too);
* **the spread**: the standard deviation of one pair's win-share difference, pooled over the
  cards, and the pairs it calls for to tell a card 5 points from its kind's median (Holm's
  strictest threshold over the cards tested, 80% power; ``gtcli.balance.value.required_pairs``);
* **the shortcut**: how many restricted games were played, against the pairs times the cards
  (a card the seat never weighed is not played again);
* the widest interval of a card's value, and of its difference from its kind's median.

Results are printed and saved to ``benchmarks/out/value.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
OUT = HERE / "out"

from gtcli.balance.value import DEFAULT_GAMES, required_pairs  # noqa: E402
from gtcli.core.executor import default_jobs  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    gt = [sys.executable, "-m", "gtcli"]
    command = [*gt, "balance", "value", "sample", "--games", str(args.games), "--bot", args.bot,
               "--jobs", str(args.jobs), "--seed", str(args.seed), "--json", "-q"]
    started, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "COLUMNS": "120"})
    seconds = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)  # every process of the run
    load = os.getloadavg()[0]
    if done.returncode != 0:
        sys.exit(f"gt balance value failed ({done.returncode}): {done.stderr[-2000:]}")
    data = json.loads(done.stdout)
    cards = data["cards"]
    # the spread of one pair's difference, from each card's interval: half-width = 1.96 sd / sqrt(n)
    n = data["pairs"]
    sds = [(c["interval"][1] - c["interval"][0]) / 2 / 1.959964 * n ** 0.5 for c in cards]
    pooled = statistics.mean(sd * sd for sd in sds) ** 0.5
    changed = sum(c["changed"] for c in cards)
    widest = max(c["interval"][1] - c["interval"][0] for c in cards)
    widest_kind = max((c["versus_kind"]["interval"][1] - c["versus_kind"]["interval"][0]) for c in cards
                      if c["versus_kind"])
    result = {"games": args.games, "jobs": args.jobs, "bot": args.bot, "cards": len(cards), "seconds": seconds,
              "cpu_seconds": cpu, "on_two_idle_cores": cpu / 2, "load_average": load,
              "seconds_per_pair": seconds / args.games, "pooled_sd": pooled,
              "pairs_for_5_points": required_pairs(pooled, 0.05, len(cards)),
              "widest_value_interval": widest, "widest_versus_kind_interval": widest_kind,
              "pairs_where_the_card_changed_the_result": changed, "flagged": data["flagged"],
              "flagged_cards": [(c["name"], c["direction"]) for c in cards if c["flagged"]],
              "goal_seconds": 600}
    print(f"gt balance value sample, {args.bot} bot, {args.games} pairs, {len(cards)} cards, --jobs {args.jobs}: "
          f"{seconds:.1f} s wall (load average {load:.1f}), {cpu:.1f} CPU seconds in all: {cpu / 2:.1f} s on two idle "
          f"cores (goal 600 s), {cpu / args.games:.3f} CPU s per pair")
    print(f"pooled sd of a pair's win-share difference {pooled:.3f}: {result['pairs_for_5_points']} pairs resolve "
          f"5 points (Holm over {len(cards)}, 80% power); widest value interval {100 * widest:.1f} points, "
          f"widest difference from the kind's median {100 * widest_kind:.1f} points")
    print(f"flagged: {result['flagged_cards']}")
    OUT.mkdir(exist_ok=True)
    (OUT / "value.json").write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
