"""The referee's cost per corpus game and per event, the parse left out (issue 32, goal 2).

    python benchmarks/bench_replay.py                    # CPU time, 120 corpus games
    python benchmarks/bench_replay.py --callgrind        # also instructions (valgrind)
    python benchmarks/bench_replay.py --games 40 --only replay --callgrind --repeats 1   # a quicker look
    python benchmarks/bench_replay.py --games 40 --profile   # cProfile of check_file, the parse left out

Each log of the corpus of ``bench_check.py`` (``benchmarks/out/corpus-5p/``, made if missing)
is parsed once, outside what is measured. Two figures per game and per event (the log's
events, turns, rounds, Tribunals, scores and asides, and the moves of its turns: ~313 a game):

* ``replay``: a :class:`~gtcli.grand_tribunal.rules.replay.Referee` built and run over the
  parsed log (setup, every event, the scoring) with the card set, profile and board
  ``check_file`` found for it;
* ``check_file``: :func:`~gtcli.grand_tribunal.lang.logs.check.check_file` with the text
  given and its parse replaced by the log already parsed: the header, the card set, board
  and profile lookups, the diagnostics and the replay; everything but reading and parsing.

CPU time (``time.process_time``) is the best of ``--repeats`` rounds over the corpus, after a
warm-up round. With ``--callgrind``, each figure is counted in instructions under ``valgrind
--tool=callgrind`` (``PYTHONHASHSEED=0``), one round after the warm-up, counting only the
measured region (collecting only inside ``itertools.starmap``, which runs it and nothing
else). Results go to ``benchmarks/out/replay.json``. To measure another version of the
package, put its folder first: ``PYTHONPATH=/some/checkout python benchmarks/bench_replay.py``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def load(games: int):
    """(path, text, log, events) per corpus game, each log parsed once."""
    from bench_check import corpus
    from gtcli.grand_tribunal.lang.logs.check import parse_log

    out = []
    for path in corpus(games, 2):
        text = path.read_text(encoding="utf-8")
        log = parse_log(text, str(path))
        out.append((str(path), text, log, count_events(log)))
    return out


def count_events(log) -> int:
    from gtcli.grand_tribunal.rules import log as L

    n = 0
    for event in log.events:
        n += 1
        if isinstance(event, L.Turn):
            n += len(event.moves)
    return n


def referees(games):
    """What each replay needs: (log, card set, profile, seats, board, variants), as check_file finds it."""
    from gtcli.grand_tribunal.lang.logs import check

    out = []
    for path, text, log, _ in games:
        ref = _check_parsed(games, path, text)
        out.append((log, ref.card_set, ref.profile, ref.seats, ref.board, ref.variants))
    return out


_PARSED: dict[str, object] = {}


def _check_parsed(games, path, text):
    from gtcli.grand_tribunal.lang.logs import check

    if not _PARSED:
        _PARSED.update((p, log) for p, _, log, _ in games)
        real = check.parse_log
        check.parse_log = lambda text, path, lang=None: _PARSED.get(path) or real(text, path, lang)
    return check.check_file(path, check.Options(), text=text).referee


def measured_replay(setups) -> int:
    """Build and run a referee per game; the number of diagnostics (so nothing is optimised away)."""
    from gtcli.grand_tribunal.lang.syntax import gc_paused
    from gtcli.grand_tribunal.rules.replay import Referee

    n = 0
    for log, card_set, profile, seats, board, variants in setups:
        with gc_paused():
            n += len(Referee(log, card_set, profile, seats, board, variants).run().diagnostics)
    return n


def measured_check(games) -> int:
    """check_file per game, its parse replaced by the log parsed beforehand."""
    n = 0
    for path, text, _, _ in games:
        n += len(_check_parsed(games, path, text).diagnostics)
    return n


def cpu(fn, arg, repeats: int) -> float:
    fn(arg)  # warm-up
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        fn(arg)
        best = min(best, time.process_time() - started)
    return best


def callgrind(which: str, games: int) -> int:
    """Instructions of one round of ``which`` (replay | check) after a warm-up, under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        env = dict(os.environ, PYTHONHASHSEED="0")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--toggle-collect=starmap_next",
               sys.executable, __file__, "--games", str(games), "--inner", which]
        subprocess.run(cmd, env=env, check=True, capture_output=True)
        text = out.read_text()
    found = re.search(r"^summary:\s+(\d+)", text, re.M) or re.search(r"^totals:\s+(\d+)", text, re.M)
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--only", choices=("replay", "check"), help="measure only this figure")
    parser.add_argument("--inner", choices=("replay", "check"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    games = load(args.games)
    setups = referees(games)
    if args.inner:  # under callgrind: a warm-up, then the round counted (inside starmap)
        fn, arg = (measured_replay, setups) if args.inner == "replay" else (measured_check, games)
        fn(arg)
        list(itertools.starmap(fn, [(arg,)]))
        return
    events = sum(g[3] for g in games)
    if args.profile:
        import cProfile
        import pstats

        measured_replay(setups)
        profiler = cProfile.Profile()
        profiler.runcall(measured_check, games)
        pstats.Stats(profiler).sort_stats(os.environ.get("SORT", "tottime")).print_stats(int(os.environ.get("TOP", "30")))
        return
    result = {"games": len(games), "events": events}
    for which, fn, arg in (("replay", measured_replay, setups), ("check", measured_check, games)):
        if args.only not in (None, which):
            continue
        seconds = cpu(fn, arg, args.repeats)
        result[which] = {"ms_per_game": 1e3 * seconds / len(games), "us_per_event": 1e6 * seconds / events}
        if args.callgrind:
            if not shutil.which("valgrind"):
                sys.exit("valgrind is not installed")
            instructions = callgrind(which, args.games)
            result[which]["instructions_per_game"] = instructions / len(games)
            result[which]["instructions_per_event"] = instructions / events
    print(json.dumps(result, indent=2))
    (HERE / "out").mkdir(exist_ok=True)
    (HERE / "out" / "replay.json").write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
