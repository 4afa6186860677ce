"""Benchmark card files: checking and formatting a big set, and reading a broken one.

    python benchmarks/bench_cards.py

Three files under ``benchmarks/out/cards/``: a clean set of 500 cards (the checker's cap,
each with an effect, a comment every tenth card), the same set with a syntax error in
every card and no ``language`` line (the worst case of reading past errors: each of the
four languages is tried, each stops at the 10th error), and the same with an error only
in the last card. Each is timed end to end as its own process (``gt cards check``, ``gt
fmt``), best of three. Results are printed and saved to ``benchmarks/out/cards.json``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out" / "cards"
GT = [sys.executable, "-c", "from gtcli.cli.main import main; main()"]


def make_set(broken: str) -> str:
    lines = [] if broken == "every" else ['set "Big" version 1 language en', ""]
    for n in range(500):
        if n % 10 == 0:
            lines.append(f"# ---- block {n // 10}")
        advance = "advnce" if broken == "every" or (broken == "last" and n == 499) else "advance"
        lines.append(f'item "Item number {n}" type staff {advance} {n % 12 + 1} base {n % 20} slots runic, any')
        lines.append("  while active: hand limit +1")
    return "\n".join(lines) + "\n"


def timed(args: list[str]) -> dict:
    best = None
    for _ in range(3):
        start = time.perf_counter()
        done = subprocess.run(GT + args, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return {"command": "gt " + " ".join(Path(a).name if "/" in a else a for a in args), "seconds": round(best, 3),
            "exit": done.returncode}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    files = {}
    for broken in ("none", "every", "last"):
        files[broken] = OUT / f"big-{broken}.gtc"
        files[broken].write_text(make_set(broken), encoding="utf-8")
    timed(["cards", "check", str(OUT / "missing.gtc")])  # warm the grammar cache
    results = {"runs": [timed(["cards", "check", str(files["none"])]),
                        timed(["fmt", str(files["none"])]),
                        timed(["fmt", str(files["none"]), "--lang", "it"]),
                        timed(["cards", "check", str(files["last"])]),
                        timed(["cards", "check", str(files["every"])])]}
    (HERE / "out" / "cards.json").write_text(json.dumps(results, indent=2))
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
