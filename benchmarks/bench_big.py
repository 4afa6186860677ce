"""Benchmark big but legal input: a 100,000-turn log through `gt check` and `gt play`.

    python benchmarks/bench_big.py              # 100,000 turns
    python benchmarks/bench_big.py --turns 20000

The log (``benchmarks/out/big/turns.gtl``) has a header, Tribunal 1 and one round, then
one turn per line, the three players in turn ("Ana: vote staff", ...), about 1.5 MB:
inside the 2 MB and 500,000-token limits, and nearly every turn a finding (300,000 of
them). Measured end to end, each as its own process: ``gt check`` (human and JSON
output: wall time, output size), and ``gt play`` opening the log and quitting. Results
are printed and saved to ``benchmarks/out/big.json``. Issue 11 asks for seconds, not
minutes, and bounded output.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
GT = [sys.executable, "-c", "from gtcli.cli.main import main; main()"]


def make_log(path: Path, turns: int, notes: bool = False) -> None:
    """One turn a line (with ``notes``, each with a comment: more bytes, as many tokens)."""
    players = ("Ana", "Ben", "Caro")
    moves = ("vote staff", "vote orb", "extract 1")
    lines = ['[Players "Ana, Ben, Caro"]', '[Cards "sample"]', "", "tribunal 1", "round 1 praeco Ana"]
    lines += [f"{players[n % 3]}: {moves[n % 3]}" + (f"  # t{n:06d}" if notes else "") for n in range(turns)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def timed(args: list[str], stdin: str | None = None) -> dict:
    start = time.perf_counter()
    done = subprocess.run(GT + args, input=stdin, capture_output=True, text=True)
    return {"command": "gt " + " ".join(args), "seconds": round(time.perf_counter() - start, 2),
            "exit": done.returncode, "stdout_bytes": len(done.stdout), "stdout_lines": done.stdout.count("\n")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=100_000)
    args = parser.parse_args()
    log = OUT / "big" / "turns.gtl"
    make_log(log, args.turns)
    play = OUT / "big" / "play.gtl"
    play.write_bytes(log.read_bytes())
    timed(["check", str(OUT / "big" / "missing.gtl")])  # warm the grammar cache
    results = {
        "turns": args.turns, "bytes": log.stat().st_size,
        "runs": [timed(["check", str(log)]), timed(["check", str(log), "--json"]),
                 timed(["play", str(play)], stdin="quit\n")],
    }
    (OUT / "big.json").write_text(json.dumps(results, indent=2))
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
