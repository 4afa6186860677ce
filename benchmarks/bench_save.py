"""Benchmark what the file-safety promises cost per save (docs/files.md).

    python benchmarks/bench_save.py                 # the longest shipped log, 300 saves
    python benchmarks/bench_save.py --file F --n 1000

Three timings, interleaved so disk noise hits them alike, each the median of ``--n``:

* ``lock + check``: taking the advisory lock, reading the file again and comparing it with
  the stamp of the last read (size, mtime, hash), releasing the lock: the cost of "one
  writer at a time, and no stale writes", alone;
* ``atomic write``: the temp file + fsync + rename that every save already did;
* ``guarded save``: :func:`gtcli.core.files.guarded.save`, everything together (what commands use).

The issue's goal: lock + check under 5 ms per save. Results go to ``benchmarks/out/save.json``.
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


def longest_log() -> Path:
    logs = sorted((ROOT / "scenarios" / "games").glob("*.gtl"), key=lambda p: p.stat().st_size)
    return logs[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=None, help="the text to save (default: the longest shipped log)")
    parser.add_argument("--n", type=int, default=300, help="saves per timing")
    args = parser.parse_args()
    source = args.file or longest_log()
    text = source.read_text(encoding="utf-8")

    from gtcli.core.files.atomic import write_atomic
    from gtcli.core.files.guarded import changed_since, read_stamped, save
    from gtcli.core.files.lock import FileLock

    timings: dict[str, list[float]] = {"lock + check": [], "atomic write": [], "guarded save": []}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / source.name
        path.write_text(text, encoding="utf-8")
        _, stamp = read_stamped(path)
        for n in range(args.n):
            body = text + f"# save {n}\n"  # a real change every time
            started = time.perf_counter()
            with FileLock(path):
                assert changed_since(path, stamp) is None
            timings["lock + check"].append(time.perf_counter() - started)

            started = time.perf_counter()
            write_atomic(path, body)
            timings["atomic write"].append(time.perf_counter() - started)
            _, stamp = read_stamped(path)

            started = time.perf_counter()
            stamp = save(path, body + "\n", expect=stamp)
            timings["guarded save"].append(time.perf_counter() - started)
        leftovers = sorted(p.name for p in Path(folder).iterdir() if p.name != source.name)

    results = {"python": sys.version.split()[0], "file": source.name, "bytes": len(text.encode()), "saves": args.n,
               "leftover_files": leftovers}
    for name, values in timings.items():
        ms = sorted(1000 * v for v in values)
        results[name] = {"median_ms": round(statistics.median(ms), 3), "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 3)}
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    (out / "save.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"{results['file']} ({results['bytes']} bytes), {args.n} saves each; leftover files: {leftovers or 'none'}")
    for name in timings:
        print(f"  {name:13s} median {results[name]['median_ms']:.3f} ms, p95 {results[name]['p95_ms']:.3f} ms")


if __name__ == "__main__":
    main()
