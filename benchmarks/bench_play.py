"""Benchmark ``gt play``'s answer time: how long the prompt takes to answer one typed line.

    python benchmarks/bench_play.py                     # the longest shipped game
    python benchmarks/bench_play.py --log some-game.gtl

The game's log is played again, line by line, through the same engine the prompt uses
(:class:`gtcli.play.session.PlaySession`, in process, files written for real with fsync).
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path, default=None, help="the game to play again (default: the longest shipped)")
    args = parser.parse_args()
    source = args.log or longest_game()

    from gtcli.dsl.logs import Options, read_header
    from gtcli.play.script import answer, typed_lines
    from gtcli.play.session import PlaySession

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
