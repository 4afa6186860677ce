"""The referee as a forward model: the cost of a clone (``Referee.fork()``) and of a clone plus
one legal move, by stage of a five-player game (issue 32, goal 1).

    python benchmarks/bench_fork.py                  # time (CPU), every Tribunal of the game
    python benchmarks/bench_fork.py --callgrind      # also instructions (valgrind), one point a Tribunal
    python benchmarks/bench_fork.py --log some-five-player-game.gtl

The game is ``scenarios/games/five-players.gtl`` (the five-player sample game). It is replayed
event by event; at each turn that has moves, the turn is begun with all its moves but the
last, and there the referee is measured:

* ``clone``: ``fork()`` alone;
* ``clone + move``: ``fork()`` and then the turn's last move (a legal one: the log's) applied
  to the clone with ``play_moves``, what a search bot does for each move it tries;
* ``clone + move + clone``: and the clone that moved cloned in turn (a rollout's next step:
  the clone of a state that has just changed, which shares less than a fresh one).

Timings are CPU time (``time.process_time``), the median over the turns of each Tribunal of
the per-call minimum of ``--repeats`` rounds of ``--calls`` calls. With ``--callgrind``, every
turn is measured in instructions under ``valgrind --tool=callgrind`` (``PYTHONHASHSEED=0``),
``--n`` calls each, counting only the calls measured (see :func:`callgrind`); reported per
Tribunal: the median, the least and the most over its turns. Only public
API is used, so the same script measures any version of the package (put it first on
``PYTHONPATH``). Results go to ``benchmarks/out/fork.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GAME = ROOT / "scenarios" / "games" / "five-players.gtl"


def points(path: Path):
    """Yield (tribunal, referee, player, last move) at every turn with moves, the referee just
    before the turn's last move (the rest of the turn already taken)."""
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file
    from gtcli.grand_tribunal.rules import log as L
    from gtcli.grand_tribunal.rules.actions.setup import setup
    from gtcli.grand_tribunal.rules.replay import Referee

    checked = check_file(str(path), Options())  # the card set, profile and board, as gt check finds them
    done = checked.referee
    ref = Referee(checked.log, checked.card_set, done.profile, done.seats, done.board, done.variants)
    setup(ref, checked.log.setup)
    for event in checked.log.events:
        if isinstance(event, L.Turn) and event.moves:
            ref.take(L.Turn(event.player, event.moves[:-1], event.pos))
            player = ref.state.turn.player
            yield ref.state.tribunal, ref, player, event.moves[-1]
            ref.play_moves(player, event.moves[-1:])
        else:
            ref.take(event)


def clone(ref, player, move) -> None:
    ref.fork()


def clone_move(ref, player, move) -> None:
    ref.fork().play_moves(player, (move,))


def clone_move_clone(ref, player, move) -> None:
    """A search's rollout: the clone that made a move is cloned in turn (a clone of a changed state)."""
    child = ref.fork()
    child.play_moves(player, (move,))
    child.fork()


KINDS = {"clone": clone, "clone + move": clone_move, "clone + move + clone": clone_move_clone}


def per_call(fn, ref, player, move, calls: int, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(calls):
            fn(ref, player, move)
        best = min(best, (time.process_time() - start) / calls)
    return best


def timings(path: Path, calls: int, repeats: int) -> dict:
    by_tribunal: dict[int, dict[str, list[float]]] = {}
    for tribunal, ref, player, move in points(path):
        found = by_tribunal.setdefault(tribunal, {k: [] for k in KINDS})
        for kind, fn in KINDS.items():
            found[kind].append(per_call(fn, ref, player, move, calls, repeats) * 1e6)
    return {str(t): {k: round(statistics.median(v), 2) for k, v in found.items()} | {"turns": len(found["clone"])}
            for t, found in sorted(by_tribunal.items())}


CHILD = """\
import math, sys
from itertools import starmap
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from bench_fork import KINDS, points
kind, n = sys.argv[3], int(sys.argv[4])
if sys.argv[5] == "no-gc":
    import gc
    gc.disable()
for tribunal, ref, player, move in points(Path(sys.argv[2])):
    list(starmap(KINDS[kind], [(ref, player, move)] * n))  # counted: callgrind collects in starmap only
    math.lcm(tribunal, 1)  # callgrind writes what it counted since the last turn
"""


def callgrind(path: Path, n: int, gc: bool = True) -> dict:
    """Instructions per call at every turn: one process per kind under callgrind, collecting
    only inside ``itertools.starmap`` (the calls measured, nothing else) and writing a count
    out before each ``math.lcm`` (once a turn)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--callgrind needs valgrind")
    tribunals = [tribunal for tribunal, *_ in points(path)]
    counts: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        for kind in KINDS:
            out = Path(tmp) / kind.replace(" ", "").replace("+", "_")
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                            "--toggle-collect=starmap_next", "--dump-before=math_lcm",
                            sys.executable, "-c", CHILD, str(HERE), str(path), kind, str(n),
                            "gc" if gc else "no-gc"],
                           capture_output=True, env=env, check=True)
            found = []
            for number in range(1, len(tribunals) + 1):
                text = Path(f"{out}.{number}").read_text()
                found.append(next(int(line.split()[1]) for line in text.splitlines()
                                  if line.startswith(("summary:", "totals:"))) / n)
            counts[kind] = found
    by_tribunal: dict[str, dict] = {}
    for turn, tribunal in enumerate(tribunals):
        entry = by_tribunal.setdefault(str(tribunal), {k: [] for k in KINDS})
        for kind in KINDS:
            entry[kind].append(counts[kind][turn])
    result = {}
    for tribunal, entry in by_tribunal.items():
        result[tribunal] = {kind: {"median": round(statistics.median(v)), "min": round(min(v)), "max": round(max(v))}
                            for kind, v in entry.items()}
        print(f"  Tribunal {tribunal} ({len(entry['clone'])} turns), K instructions per call, median (min-max): "
              + ", ".join(f"{k} {statistics.median(v) / 1e3:.1f} ({min(v) / 1e3:.1f}-{max(v) / 1e3:.1f})"
                          for k, v in entry.items()), flush=True)
    return {"per_tribunal": result, "per_turn": counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path, default=GAME)
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--n", type=int, default=20, help="calls per turn under callgrind")
    parser.add_argument("--no-gc", action="store_true",
                        help="callgrind with the cyclic collector off (the work itself, no collection it triggers)")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import gtcli

    results = {"log": str(args.log), "build": gtcli.build(), "load": os.getloadavg()[0]}
    results["time_us"] = timings(args.log, args.calls, args.repeats)
    print(f"{args.log.name} ({results['build']}, load {results['load']:.2f}), CPU µs per call, median over the turns:")
    for tribunal, found in results["time_us"].items():
        print(f"  Tribunal {tribunal} ({found['turns']} turns): "
              + ", ".join(f"{k} {found[k]:.1f} µs" for k in KINDS))
    if args.callgrind:
        results["instructions" + ("_no_gc" if args.no_gc else "")] = callgrind(args.log, args.n, not args.no_gc)
    (HERE / "out").mkdir(exist_ok=True)
    (HERE / "out" / "fork.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
