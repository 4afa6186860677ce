"""Reading a log: the quick reader against the LALR path, per corpus game (issue 32, goal 2).

    python benchmarks/bench_parse.py                 # CPU time, in this process
    python benchmarks/bench_parse.py --callgrind     # and instructions (valgrind)
    python benchmarks/bench_parse.py --only quick    # one measure (or several, comma-separated)

The corpus is ``bench_check.py``'s (five-player games, made if missing). For games 1 to
``--games`` it prints, per game:

* ``quick``: :func:`gtcli.grand_tribunal.lang.logs.quick.read_log` alone;
* ``lalr``: the LALR path (:func:`gtcli.grand_tribunal.lang.syntax.parse`, Lark's tables
  driven by :mod:`gtcli.core.parsing.fast_lalr`), which ``parse_log`` runs when the quick
  reader declines;
* ``parse_log`` (the quick reader, or the LALR path) and ``check_file`` (parse and replay).

CPU time is the best of ``--repeats`` passes (``time.process_time``). Instructions are
counted as ``perf_whole.py`` counts them: a process reading games 0 to N, less one reading
game 0 alone, over N (start-up, imports and first-use work cancel out), ``PYTHONHASHSEED=0``.
Which modules are compiled is what ``gtcli.build()`` says of the package imported.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

CODE = {
    "quick": "from gtcli.grand_tribunal.lang.logs.quick import read_log as r\ndef one(t, p): r(t, p, 'en')",
    "lalr": "from gtcli.grand_tribunal.lang.syntax import parse\n"
            "from gtcli.grand_tribunal.lang.logs.ast import LogTransformer as T\n"
            "def one(t, p): parse(t, 'transcript', 'en', p, T)",
    "parse_log": "from gtcli.grand_tribunal.lang.logs.check import parse_log\ndef one(t, p): parse_log(t, p)",
    "check_file": "from gtcli.grand_tribunal.lang.logs.check import Options, check_file\n"
                  "def one(t, p): check_file(p, Options(), t)",
}
RUN = """
import sys
{code}
for path in sys.argv[1:]:
    one(open(path, encoding="utf-8").read(), path)
"""


def cpu(paths: list[Path], repeats: int) -> dict[str, float]:
    texts = [(p.read_text(encoding="utf-8"), str(p)) for p in paths]
    out = {}
    for name, code in CODE.items():
        space: dict = {}
        exec(code, space)
        one = space["one"]
        one(*texts[0])  # first use: patterns compiled, tables loaded
        best = float("inf")
        for _ in range(repeats):
            started = time.process_time()
            for text, path in texts[1:]:
                one(text, path)
            best = min(best, (time.process_time() - started) / (len(texts) - 1))
        out[name] = best
    return out


def instructions(paths: list[Path]) -> dict[str, float]:
    def count(code: str, files: list[Path]) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "cg.out"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                            RUN.format(code=code), *map(str, files)], capture_output=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": "0"}, cwd=HERE.parent)
            for line in out.read_text().splitlines():
                if line.startswith(("summary:", "totals:")):
                    return int(line.split()[1])
        raise SystemExit("no callgrind summary")

    return {name: (count(code, paths) - count(code, paths[:1])) / (len(paths) - 1) for name, code in CODE.items()}


def main() -> None:
    import gtcli
    from bench_check import corpus

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games measured (after game 0)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--callgrind", action="store_true", help="count instructions too (slow: valgrind)")
    parser.add_argument("--only", help="the measures taken, comma-separated (default: all of " + ", ".join(CODE) + ")")
    args = parser.parse_args()
    if args.only:
        unknown = set(args.only.split(",")) - set(CODE)
        if unknown:
            parser.error(f"unknown measures: {', '.join(sorted(unknown))}")
        for name in set(CODE) - set(args.only.split(",")):
            del CODE[name]
    paths = corpus(args.games + 1, 2)
    print(f"{gtcli.build()} build, {args.games} corpus games")
    times = cpu(paths, args.repeats)
    counts = instructions(paths) if args.callgrind and shutil.which("valgrind") else {}
    for name in CODE:
        line = f"  {name:10s} {times[name] * 1e3:6.2f} ms CPU per game"
        if name in counts:
            line += f", {counts[name] / 1e6:6.2f} M instructions"
        print(line)
    if "quick" not in times or "lalr" not in times:
        return
    print(f"  quick reader / LALR path: {times['quick'] / times['lalr']:.2f} of the CPU time"
          + (f", {counts['quick'] / counts['lalr']:.2f} of the instructions" if counts else ""))


if __name__ == "__main__":
    main()
