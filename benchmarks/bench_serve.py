"""Benchmark the table's screen: does serving it, to 0 or 50 clients, slow ``gt play``'s answers?

    python benchmarks/bench_serve.py                 # the five-player sample game, 2 rounds of each mode
    python benchmarks/bench_serve.py --clients 50 --rounds 5 --log some-game.gtl
    python benchmarks/bench_serve.py --callgrind     # also: instructions of one screen update

A real ``gt play --new --json`` process is typed the whole game (its setup, every move,
``end`` after each turn, ``y`` at each Tribunal: :func:`gtcli.grand_tribunal.play.script.typed_lines`)
through a pipe, one line every :data:`PACE` seconds, and each answer is timed from the line
written to its reply read. Three
modes, interleaved round by round so a busy machine disturbs them alike: ``plain`` (no
``--serve``), ``serve`` (``--serve 0``, nobody watching) and ``watched`` (``--serve 0``
with N Server-Sent Event streams open and read). Reported per mode: the median and 95th
percentile answer over every line of the best round (the least disturbed), and for
``watched`` the time from an answer to the moment the last of the N streams received the
new screen (the "within a second" of issue 26). ``--callgrind`` counts (valgrind) the
instructions of one screen update in process: the follower reading and checking the log
after an entry was added (a turn, a round line), and the page, JSON and event made from it. Results go to
``benchmarks/out/serve.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
PACE = 0.3  # seconds from one answer to the next line typed, in every mode
sys.path.insert(0, str(ROOT))


class Streams:
    """N clients of /events, all read by one thread; when each last saw each version."""

    def __init__(self, port: int, n: int) -> None:
        import selectors

        self.selector = selectors.DefaultSelector()
        self.seen: dict[int, dict[int, float]] = {}  # version -> client -> when first seen
        self.socks = []
        for k in range(n):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ, [k, b""])
            self.socks.append(sock)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while not self.stop.is_set():
            for key, _ in self.selector.select(0.1):
                try:
                    chunk = key.fileobj.recv(1 << 16)
                except BlockingIOError:
                    continue
                if not chunk:
                    self.selector.unregister(key.fileobj)
                    continue
                data = key.data
                data[1] += chunk
                while b"\n\n" in data[1]:
                    block, data[1] = data[1].split(b"\n\n", 1)
                    for line in block.split(b"\n"):
                        if line.startswith(b"id: "):
                            self.seen.setdefault(int(line[4:]), {}).setdefault(data[0], time.monotonic())

    def all_saw_after(self, version: int, n: int) -> float | None:
        """When the last of the ``n`` clients first saw a screen newer than ``version`` (None: not all yet)."""
        first: dict[int, float] = {}
        for v, seen in list(self.seen.items()):
            if v > version:
                for client, when in list(seen.items()):
                    first[client] = min(when, first.get(client, when))
        return max(first.values()) if len(first) == n else None

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        for sock in self.socks:
            sock.close()


def play(log: Path, lines: list[str], mode: str, clients: int, players: str) -> dict:
    """One whole game typed into a real gt play; the answer times (and update times with clients)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.gtl"
        args = [sys.executable, "-m", "gtcli", "play", str(path), "--new", "--players", players, "--board", "sample",
                "--json", "--seed", "1"]
        if mode != "plain":
            args += ["--serve", "0"]
        proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                                cwd=tmp)
        port, streams, answers, updates = None, None, [], []

        def until(kind: str) -> dict:
            while True:
                line = proc.stdout.readline()
                if not line:
                    raise RuntimeError(f"gt play ended before a {kind!r} line")
                data = json.loads(line)
                if data["kind"] == kind:
                    return data

        try:
            if mode != "plain":
                port = int(until("serving")["url"].rstrip("/").rsplit(":", 1)[1])
            until("hello")
            if mode == "watched":
                streams = Streams(port, clients)
            for typed in lines:
                watched = streams is not None and typed not in ("end", "y")
                before = _version(port) if watched else None  # asked before the clock starts
                started = time.monotonic()
                proc.stdin.write(typed + "\n")
                reply = until("reply")
                answered = time.monotonic()
                answers.append(answered - started)
                if watched and reply["accepted"]:
                    deadline = answered + 10
                    while (when := streams.all_saw_after(before, clients)) is None and time.monotonic() < deadline:
                        time.sleep(0.002)
                    updates.append(when - answered if when is not None else float("inf"))
                # every mode at the same pace, as at a table (moves seconds apart, not back to back): a
                # process that waited answers a little slower than one kept busy, whatever it serves
                time.sleep(max(0.0, answered + PACE - time.monotonic()))
            proc.stdin.write("quit\n")
            proc.stdin.close()
            proc.wait(30)
        finally:
            if streams is not None:
                streams.close()
            proc.kill()
    result = {"lines": len(answers), "median_ms": 1000 * statistics.median(answers),
              "p95_ms": 1000 * statistics.quantiles(answers, n=20)[-1]}
    if updates:
        result["update_median_ms"] = 1000 * statistics.median(updates)
        result["update_max_ms"] = 1000 * max(updates)
    return result


def _version(port: int) -> int:
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(1 << 16):
            data += chunk
    return json.loads(data.split(b"\r\n\r\n", 1)[1])["version"]


PROGRAM = """
import json, sys
from pathlib import Path
from gtcli.cli.serve import screen_of
from gtcli.grand_tribunal.lang.logs.check import Options
from gtcli.grand_tribunal.play.follow import Follower
path, texts = Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
path.write_text(texts[0], encoding="utf-8")
follower = Follower(str(path), Options())
screen_of(follower)
for text in texts[1:]:
    path.write_text(text, encoding="utf-8")
    follower._read_at = 0  # read now, whatever the clock says
    assert follower.poll() and follower.problem is None
    screen_of(follower)
"""


def instructions(log: Path) -> float:
    """Instructions (callgrind) of one screen update as at a table: the log grown by one entry
    (a turn, a round line) from the middle of the game on, read, checked (only what was added)
    and drawn again."""
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    starts = [n for n, line in enumerate(lines) if n and not line[:1].isspace()] + [len(lines)]
    middle = len(starts) // 2
    texts = ["".join(lines[:end]) for end in starts[middle:middle + 13]]

    def count(updates: int) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out, game, given = Path(tmp) / "callgrind.out", Path(tmp) / "game.gtl", Path(tmp) / "texts.json"
            given.write_text(json.dumps(texts[:updates + 1]), encoding="utf-8")
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                            PROGRAM, str(game), str(given)], check=True, capture_output=True,
                           env={**os.environ, "PYTHONHASHSEED": "0"})
            for line in out.read_text().splitlines():
                if line.startswith(("summary:", "totals:")):
                    return int(line.split()[1])
        raise RuntimeError("no callgrind summary")

    return (count(12) - count(2)) / 10


def main() -> None:
    from gtcli.grand_tribunal.lang.logs.check import read_header
    from gtcli.grand_tribunal.play.script import typed_lines

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", type=Path, default=ROOT / "scenarios" / "games" / "five-players.gtl")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--callgrind", action="store_true")
    args = parser.parse_args()
    log, lines = typed_lines(args.log)
    players = ",".join(read_header(log)[0].players)
    runs: dict[str, list[dict]] = {"plain": [], "serve": [], "watched": []}
    for _ in range(args.rounds):
        for mode in runs:
            runs[mode].append(play(args.log, lines, mode, args.clients, players))
    results: dict = {"log": str(args.log.relative_to(ROOT)) if args.log.is_relative_to(ROOT) else str(args.log),
                     "clients": args.clients, "rounds": args.rounds, "load": os.getloadavg()}
    for mode, found in runs.items():
        results[mode] = min(found, key=lambda r: r["median_ms"])
    results["watched_over_plain"] = results["watched"]["median_ms"] / results["plain"]["median_ms"]
    results["serve_over_plain"] = results["serve"]["median_ms"] / results["plain"]["median_ms"]
    if args.callgrind:
        results["instructions_per_update"] = instructions(args.log)
    OUT.mkdir(exist_ok=True)
    (OUT / "serve.json").write_text(json.dumps(results, indent=2))
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
