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
  to the clone with ``play_moves``, what a search bot does for each move it tries.

Timings are CPU time (``time.process_time``), the median over the turns of each Tribunal of
the per-call minimum of ``--repeats`` rounds of ``--calls`` calls. With ``--callgrind``, each
Tribunal's middle turn is measured in instructions under ``valgrind --tool=callgrind``
(``PYTHONHASHSEED=0``): a process that reaches the turn and makes N clones (or clones and
moves) against one that reaches it and makes none, the difference divided by N. Only public
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


KINDS = {"clone": clone, "clone + move": clone_move}


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
import sys
sys.path.insert(0, sys.argv[1])
from bench_fork import KINDS, points
from pathlib import Path
want, kind, n = int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
for i, (tribunal, ref, player, move) in enumerate(points(Path(sys.argv[2]))):
    if i == want:
        for _ in range(n):
            KINDS[kind](ref, player, move)
        break
"""


def instructions(argv: list) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *map(str, argv)],
                       capture_output=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit(f"no callgrind summary for {argv}")


def callgrind(path: Path, n: int) -> dict:
    if shutil.which("valgrind") is None:
        raise SystemExit("--callgrind needs valgrind")
    turns: dict[int, list[int]] = {}
    for i, (tribunal, *_) in enumerate(points(path)):
        turns.setdefault(tribunal, []).append(i)
    out = {}
    for tribunal, found in sorted(turns.items()):
        middle = found[len(found) // 2]
        base = [sys.executable, "-c", CHILD, HERE, path, middle]
        zero = instructions([*base, "clone", 0])
        out[str(tribunal)] = {"turn": middle}
        for kind in KINDS:
            out[str(tribunal)][kind] = round((instructions([*base, kind, n]) - zero) / n)
        print(f"  Tribunal {tribunal} (turn {middle}): " + ", ".join(
            f"{k} {out[str(tribunal)][k] / 1e3:.1f} K instructions" for k in KINDS), flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path, default=GAME)
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--n", type=int, default=200, help="clones per callgrind process")
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
        results["instructions"] = callgrind(args.log, args.n)
    (HERE / "out").mkdir(exist_ok=True)
    (HERE / "out" / "fork.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
