"""Benchmark the search bot: its strength against the greedy bot, and what it costs.

    python benchmarks/bench_bots.py                        # 100 games at the default budget
    python benchmarks/bench_bots.py --games 40 --budget 64 --jobs 2
    python benchmarks/bench_bots.py --games 200 --budget 16,32,64 --jobs 2   # strength against budget
    python benchmarks/bench_bots.py --callgrind 2                           # instructions, games 1-2
    python benchmarks/bench_bots.py --games 400 --seed 7 --jobs 2 --set MAX_MOVES=4   # a step tried

Four-player games, one ``mcts`` seat and three ``greedy`` seats (``--bot mcts,greedy,greedy,greedy``:
the search bot's seat rotates game by game). Reported:

* **strength**: the search bot's win share (a shared win counts 1/k) with its 95% interval (the
  game is the unit: one search seat per game), against the fair share of 25%. Goal: at least 40%.
* **cost per game**: CPU seconds of a whole game with one search seat, on one core (each game
  timed in the process that plays it), and its ratio to the same game index played by four
  greedy bots (timed in the same process, just after). Goal: at most 25x.
* **instructions** (``--callgrind K``, valgrind): games 1 to K played once with the search seat and
  once by four greedy bots, each under ``valgrind --tool=callgrind`` (``PYTHONHASHSEED=0``),
  counting only the game itself (inside ``itertools.starmap``); the ratio of the sums is the cost
  ratio a shared machine cannot move.
* **cost per decision**: CPU time per searched action, and per iteration (a fork, a
  determinization, a greedy rollout to the next Tribunal).

``--set NAME=VALUE`` (repeatable) changes one of the search's constants (``mcts.py``: ``MAX_MOVES``,
``COMMON_NUMBERS``, ``EXPLORATION``, ``VIS_WEIGHT``...) for the run, so a step is measured on the same games
before it is kept; the settings are saved with the results.

Results are printed and saved to ``benchmarks/out/bots.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
OUT = HERE / "out"

from gtcli.core.executor import Executor, map_ordered  # noqa: E402
from gtcli.core.statistics import wilson_fraction  # noqa: E402
from gtcli.grand_tribunal.play.mcts import DEFAULT_BUDGET  # noqa: E402


def greedy_game(seed: int, index: int) -> float:
    """CPU seconds of game ``index`` of the seed played by four greedy bots: the cost ratio's unit."""
    from gtcli.grand_tribunal.play import simulation as sim
    from gtcli.grand_tribunal.play.seating import seat_bots, seated

    study = sim.Study((4,), "greedy", seed, logs=False)
    players = sim.seats(study, index)
    started = time.process_time()
    bot = seated(seat_bots("greedy", players, index), sim.card_set_of(study), players, sim.game_seed(seed, index),
                 sim._board(study))
    bot.play(sim.tags(study, index))
    return time.process_time() - started


def one_game(budget: int, seed: int, index: int, greedy: bool = True) -> dict:
    """One game, timed on this process's CPU clock, with the search seat's counters."""
    from gtcli.grand_tribunal.play import simulation as sim
    from gtcli.grand_tribunal.play.mcts import SearchBot
    from gtcli.grand_tribunal.play.seating import seat_bots, seated
    from gtcli.grand_tribunal.play.summary import summarize

    study = sim.Study((4,), "mcts,greedy,greedy,greedy", seed, logs=False, budget=budget)
    players = sim.seats(study, index)
    kinds = seat_bots(study.bot, players, index)
    started = time.process_time()
    bot = seated(kinds, sim.card_set_of(study), players, sim.game_seed(seed, index), sim._board(study),
                 budget=budget)
    log = bot.play(sim.tags(study, index))
    seconds = time.process_time() - started
    summary = summarize(log, bot.state, bot.ref.winners())
    searcher = next(b for b in bot.table.seats.values() if isinstance(b, SearchBot))
    seat = next(p for p, k in zip(players, kinds) if k == "mcts")
    winners = summary["winners"]
    return {"index": index, "seat": seat, "share": (1 / len(winners)) if seat in winners else 0.0,
            "points": summary["totals"][seat], "seconds": seconds, "decisions": searcher.decisions,
            "iterations": searcher.iterations, "greedy_seconds": greedy_game(seed, index) if greedy else None}


def run(budget: int, args) -> dict:
    """``args.games`` games at one budget: strength, cost, and the cost's ratio to all-greedy games."""
    games = []
    work = partial(one_game, budget, args.seed)
    for game in map_ordered(work, range(args.games), Executor(jobs=args.jobs)):
        games.append(game)
        if args.verbose:
            print(f"game {game['index'] + 1}: {game['seat']} (mcts) share {game['share']:.2f}, "
                  f"{game['seconds']:.2f} s, {game['decisions']} decisions", flush=True)
    n = len(games)
    share = sum(g["share"] for g in games) / n
    low, high = wilson_fraction(share, n)
    seconds = [g["seconds"] for g in games]
    greedy = [g["greedy_seconds"] for g in games]
    decisions = sum(g["decisions"] for g in games)
    iterations = sum(g["iterations"] for g in games)
    result = {"games": n, "budget": budget, "seed": args.seed, "settings": args.set,
              "win_share": share, "interval": [low, high], "fair_share": 0.25, "goal_share": 0.40,
              "seconds_per_game": {"mean": statistics.mean(seconds), "median": statistics.median(seconds),
                                   "max": max(seconds)},
              "greedy_seconds_per_game": statistics.mean(greedy),
              "cost_ratio": statistics.mean(seconds) / statistics.mean(greedy), "goal_ratio": 25,
              "seconds_per_decision": sum(seconds) / decisions if decisions else None,
              "ms_per_iteration": 1000 * sum(seconds) / iterations if iterations else None,
              "decisions_per_game": decisions / n, "load_average": os.getloadavg()[0]}
    print(f"budget {budget:>4}, {n} games: win share {100 * share:.1f}% "
          f"(Wilson 95% {100 * low:.1f}% - {100 * high:.1f}%; fair 25%, goal 40%); "
          f"{result['seconds_per_game']['mean']:.3f} s a game (max {max(seconds):.2f}), all-greedy "
          f"{1000 * result['greedy_seconds_per_game']:.1f} ms: {result['cost_ratio']:.1f}x (goal 25x); "
          f"{1000 * result['seconds_per_decision']:.1f} ms a searched decision, "
          f"{result['ms_per_iteration']:.2f} ms an iteration; load {result['load_average']:.1f}", flush=True)
    return result


CHILD = """
import itertools, sys
sys.path.insert(0, sys.argv[1])
import bench_bots
budget, seed, index, kind = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
from gtcli.grand_tribunal.play import simulation
simulation.card_set_of(simulation.Study((4,), "greedy", seed))  # the card set read before the count starts
if kind == "mcts":
    list(itertools.starmap(lambda: bench_bots.one_game(budget, seed, index, greedy=False), [()]))
else:
    list(itertools.starmap(lambda: bench_bots.greedy_game(seed, index), [()]))
"""


def callgrind(budget: int, seed: int, games: int) -> dict:
    """Instructions of games 1..``games`` with one search seat and with four greedy bots (module docstring)."""
    import subprocess
    import tempfile

    counts = {"mcts": [], "greedy": []}
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(games):
            for kind in counts:
                out = Path(tmp) / f"{kind}{index}"
                subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                                "--toggle-collect=starmap_next", sys.executable, "-c", CHILD, str(HERE), str(budget),
                                str(seed), str(index), kind], capture_output=True, check=True,
                               env={**os.environ, "PYTHONHASHSEED": "0"})
                counts[kind].append(next(int(line.split()[1]) for line in out.read_text().splitlines()
                                         if line.startswith(("summary:", "totals:"))))
    ratio = sum(counts["mcts"]) / sum(counts["greedy"])
    print(f"budget {budget}, games 1-{games}: {sum(counts['mcts']) / games / 1e6:.0f} M instructions a game with a "
          f"search seat, {sum(counts['greedy']) / games / 1e6:.1f} M all-greedy: {ratio:.1f}x", flush=True)
    return {"budget": budget, "seed": seed, "instructions": counts, "ratio": ratio}


def configure(settings: list[str]) -> None:
    """Change the search's module constants (``--set MAX_MOVES=4``) for this run: a step measured before it is kept.
    The pool's workers are forked after this, so they play with the same constants."""
    from gtcli.grand_tribunal.play import mcts

    for setting in settings:
        name, _, value = setting.partition("=")
        old = getattr(mcts, name)  # an unknown name fails here, before any game
        setattr(mcts, name, type(old)(value == "True" if isinstance(old, bool) else value))
        print(f"{name} = {getattr(mcts, name)!r} (default {old!r})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--budget", default=str(DEFAULT_BUDGET), help="iterations per action; a list: a curve")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="a line per game")
    parser.add_argument("--callgrind", type=int, default=0, metavar="K", help="instructions of games 1..K instead")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a search constant changed for this run (mcts.py: EXPLORATION, MAX_MOVES...)")
    args = parser.parse_args()
    configure(args.set)
    if args.callgrind:
        results = [callgrind(int(b), args.seed, args.callgrind) for b in args.budget.split(",")]
        OUT.mkdir(exist_ok=True)
        (OUT / "bots-callgrind.json").write_text(json.dumps(results, indent=2) + "\n")
        return
    results = [run(int(b), args) for b in args.budget.split(",")]
    OUT.mkdir(exist_ok=True)
    (OUT / "bots.json").write_text(json.dumps(results if len(results) > 1 else results[0], indent=2) + "\n")


if __name__ == "__main__":
    main()
