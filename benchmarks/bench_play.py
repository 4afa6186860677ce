"""Benchmark ``gt play``'s answer time: how long the prompt takes to answer one typed line.

    python benchmarks/bench_play.py                     # the longest shipped game
    python benchmarks/bench_play.py --log some-game.gtl
    python benchmarks/bench_play.py --big               # a log near the 2 MB limit: refused vs accepted

The game's log is played again, line by line, through the same engine the prompt uses
(:class:`gtcli.grand_tribunal.play.session.PlaySession`, in process, files written for real with fsync).
``bench_perf.py --only play`` measures a game sixteen times longer, at move 1,500. Reported: median, 95th percentile and worst answer over all lines, the
worst over the last 20 moves, and the time to resume (open) the finished log. The
issue's goal is "well under 100 ms". Results go to ``benchmarks/out/play.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def longest_game() -> Path:
    games = sorted((ROOT / "scenarios" / "games").glob("*.gtl"), key=lambda p: len(p.read_text(encoding="utf-8")))
    return games[-1]


def big(answers: int, memory_answers: int, fsync: bool) -> None:
    """``--big``: answers at a log near the 2 MB limit (issue 20).

    The log is ``bench_big.py``'s (one turn a line, 1.95 MB, every move of it an error
    already, so a typed vote adds one more and is refused); accepted answers are notes
    (``# ...``), which take the same path (checked, then saved with fsync). Reported: the
    median and worst time of ``answers`` refused and accepted answers, full checks of the
    whole log made meanwhile, and memory (tracemalloc) after 10 and after
    ``memory_answers`` refused answers. Without ``--fsync`` the disk's flush is left out, as
    in ``bench_perf.py --only play`` (a save of 2 MB spends 100-200 ms there on this VM).
    Results go to ``benchmarks/out/play-big.json``.
    """
    import gc
    import os
    import resource
    import tracemalloc

    if not fsync:
        os.fsync = lambda fd: None  # the disk's time, not gt's
    from bench_big import make_log

    from gtcli.grand_tribunal.play.script import answer
    from gtcli.grand_tribunal.play.session import PlaySession

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.gtl"
        make_log(path, 75_500, notes=True)  # near 2,000,000 bytes, 400,000 tokens: within both limits
        size = path.stat().st_size
        started = time.perf_counter()
        session = PlaySession(str(path))
        opened = time.perf_counter() - started
        full = []
        whole = session._check
        session._check = lambda text, live=True: full.append(1) or whole(text, live)

        def timed(line: str, accepted: bool) -> float:
            started = time.perf_counter()
            reply = answer(session, line)
            elapsed = time.perf_counter() - started
            if reply.accepted != accepted:
                raise SystemExit(f"{line!r}: expected {'accepted' if accepted else 'refused'}: {reply.message}")
            return 1000 * elapsed

        refused = [timed(("Ana: vote nothing", "Ben: gather contestd 2", "Caro: vote staff")[n % 3], False)
                   for n in range(answers)]
        accepted = [timed(f"# note {n}", True) for n in range(answers)]
        gc.collect()
        tracemalloc.start()
        for n in range(memory_answers):
            answer(session, "Ana: vote nothing")
            if n == min(9, memory_answers - 1):
                gc.collect()
                after_10 = tracemalloc.get_traced_memory()[0]
                rss_10 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        gc.collect()
        after_all, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        rss_all = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux
    results = {
        "python": sys.version.split()[0], "log_bytes": size, "open_s": round(opened, 2), "fsync": fsync,
        "refused_ms_median": round(statistics.median(refused), 1), "refused_ms_max": round(max(refused), 1),
        "accepted_ms_median": round(statistics.median(accepted), 1), "accepted_ms_max": round(max(accepted), 1),
        "full_checks": len(full), "memory_answers": memory_answers,
        "traced_kb_after_10": round(after_10 / 1024), f"traced_kb_after_{memory_answers}": round(after_all / 1024),
        "traced_peak_kb": round(peak / 1024), "max_rss_mb_after_10": round(rss_10 / 1024),
        f"max_rss_mb_after_{memory_answers}": round(rss_all / 1024),
    }
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    (out / "play-big.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"log of {size:,} bytes, opened in {results['open_s']} s")
    print(f"refused answer: median {results['refused_ms_median']} ms, worst {results['refused_ms_max']} ms; "
          f"accepted: median {results['accepted_ms_median']} ms, worst {results['accepted_ms_max']} ms; "
          f"full checks of the log meanwhile: {len(full)}")
    print(f"memory traced after 10 refused answers {results['traced_kb_after_10']:,} KB, after {memory_answers:,} "
          f"{results[f'traced_kb_after_{memory_answers}']:,} KB (peak {results['traced_peak_kb']:,} KB); "
          f"largest resident size {round(rss_10 / 1024)} MB after 10, {round(rss_all / 1024)} MB after {memory_answers:,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path, default=None, help="the game to play again (default: the longest shipped)")
    parser.add_argument("--big", action="store_true", help="answers at a log near the 2 MB limit (refused, accepted)")
    parser.add_argument("--answers", type=int, default=20, help="with --big: refused and accepted answers timed")
    parser.add_argument("--memory-answers", type=int, default=1000, help="with --big: refused answers for memory")
    parser.add_argument("--fsync", action="store_true", help="with --big: keep the disk's flush in the times")
    args = parser.parse_args()
    if args.big:
        sys.path.insert(0, str(HERE))
        sys.path.insert(0, str(ROOT))
        big(args.answers, args.memory_answers, args.fsync)
        return
    source = args.log or longest_game()

    from gtcli.grand_tribunal.lang.logs.check import Options, read_header
    from gtcli.grand_tribunal.play.script import answer, typed_lines
    from gtcli.grand_tribunal.play.session import PlaySession

    log, lines = typed_lines(source)
    header, _ = read_header(log)
    seats = header.players
    event = header.other.get("event")
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "live.gtl")
        session = PlaySession.create(path, seats, Options(header.cards, header.board), log.language,
                                     event=event)
        times: list[float] = []
        for line in lines:
            started = time.perf_counter()
            reply = answer(session, line)
            times.append(time.perf_counter() - started)
            if not reply.accepted:
                raise SystemExit(f"refused while replaying {source}: {line!r}: {reply.message}")
        same = Path(path).read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
        started = time.perf_counter()
        PlaySession(path)
        resume = time.perf_counter() - started
    ms = sorted(1000 * t for t in times)
    moves = [1000 * t for line, t in zip(lines, times) if line not in ("end", "y")]
    results = {
        "python": sys.version.split()[0],
        "log": str(source.relative_to(ROOT) if source.is_relative_to(ROOT) else source),
        "log_lines": source.read_text(encoding="utf-8").count("\n"),
        "typed_lines": len(lines),
        "same_log_written": same,
        "ms_median": round(statistics.median(ms), 1),
        "ms_p95": round(ms[int(0.95 * (len(ms) - 1))], 1),
        "ms_max": round(ms[-1], 1),
        "ms_max_last_20_moves": round(max(moves[-20:]), 1),
        "ms_resume": round(1000 * resume, 1),
    }
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    (out / "play.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"{results['log']}: {results['log_lines']} lines, {len(lines)} typed lines, same log written: {same}")
    print(f"answer per typed line: median {results['ms_median']} ms, p95 {results['ms_p95']} ms, "
          f"worst {results['ms_max']} ms; worst of the last 20 moves {results['ms_max_last_20_moves']} ms")
    print(f"resuming the finished game: {results['ms_resume']} ms")


if __name__ == "__main__":
    main()
