"""Issue 25's figures: gt as whole processes on one core, beside python-chess (``bench_perf.py`` sections).

    python benchmarks/bench_perf.py --only process,startup,pipe --repeats 5
    python benchmarks/bench_perf.py --only callgrind

* ``process``: ``gt check --jobs 1 FOLDER`` over 120 five-player logs (the corpus of
  ``bench_check.py``) against one python-chess process reading and replaying 480 random
  games of 80 plies from one PGN file, run in turn: events per second of each (wall and
  CPU time of the whole process, start-up included) and their ratio.
* ``startup`` (in ``bench_perf.py``): ``gt check tiny.gtl`` against python-chess reading and
  replaying a one-game PGN file, in the same run.
* ``pipe``: ``gt play --new`` with a whole game's typed lines piped in (the five-player
  scenario and a game sixteen times longer): typed lines per second of the whole process.
* ``callgrind``: instructions (``valgrind --tool=callgrind``, ``PYTHONHASHSEED=0``) of
  ``check_file`` per corpus game (21 games less 1), python-chess per game the same way,
  the two start-ups, and ``gt play`` per typed line.

Whole processes run from a regular install (``pip install .``, as users get it: an
editable install adds an import hook to every start) in a temporary venv, with
python-chess installed beside it. Times come from ``wait4`` (CPU: user + system).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"

TINY_LOG = ('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n\ntribunal 1\nround 1 praeco Ana\n'
            'Ana: praeco staff, orb, wand; vote staff; extract 1\n')
TINY_PGN = '[Event "tiny"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n'

# python-chess's side of every comparison: read every game of a PGN file and replay its moves
CHESS_SCRIPT = """\
import sys
import chess.pgn
moves = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            moves += 1
print(moves, "moves")
"""


@contextlib.contextmanager
def installed() -> Iterator[tuple[Path, Path]]:
    """(python, gt) of a regular install of this checkout, with python-chess, in a temporary venv."""
    with tempfile.TemporaryDirectory() as folder:
        venv = Path(folder) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(ROOT), "chess>=1.10"],
                       check=True, capture_output=True)
        yield venv / "bin" / "python", venv / "bin" / "gt"


def run(command: list, stdin: Path | None = None, cwd: Path | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one whole process; its output is thrown away."""
    with open(stdin or os.devnull, "rb") as given:
        started = time.perf_counter()
        process = subprocess.Popen([str(c) for c in command], stdin=given, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, cwd=cwd)
        _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # 1: gt found warnings or errors, as it should
        raise SystemExit(f"{' '.join(map(str, command))} failed: {os.waitstatus_to_exitcode(status)}")
    return wall, usage.ru_utime + usage.ru_stime


def in_turn(commands: dict[str, dict], repeats: int) -> dict[str, dict[str, list[float]]]:
    """Each command (``{"argv": [...], "stdin": path, "cwd": path, "before": callable}``) run once to
    warm up, then ``repeats`` rounds in turn: their wall and CPU seconds."""
    times = {name: {"wall": [], "cpu": []} for name in commands}
    for round_ in range(repeats + 1):
        for name, c in commands.items():
            if c.get("before"):
                c["before"]()
            wall, cpu = run(c["argv"], c.get("stdin"), c.get("cwd"))
            if round_:
                times[name]["wall"].append(wall)
                times[name]["cpu"].append(cpu)
    return times


def median_ms(values: list[float]) -> float:
    return round(1000 * statistics.median(values), 1)


# ---- gt check against python-chess, whole processes -------------------------------------------------
def process(args, spread, shown, gt_events) -> dict:
    from bench_check import corpus
    from bench_perf import chess_games

    from gtcli.grand_tribunal.lang.logs.check import parse_log

    logs = corpus(120, os.cpu_count() or 1)
    events = sum(gt_events(parse_log(p.read_text(encoding="utf-8"), str(p))) for p in logs)
    with tempfile.TemporaryDirectory() as tmp, installed() as (python, gt):
        folder = Path(tmp) / "logs"
        folder.mkdir()
        for p in logs:
            shutil.copy(p, folder / p.name)
        pgn = Path(tmp) / "games.pgn"
        pgn.write_text("\n".join(chess_games(480)), encoding="utf-8")
        script = Path(tmp) / "chess_replay.py"
        script.write_text(CHESS_SCRIPT, encoding="utf-8")
        moves = int(subprocess.run([python, script, pgn], capture_output=True, text=True, check=True)
                    .stdout.split()[0])
        times = in_turn({"gt": {"argv": [gt, "check", "--jobs", "1", folder]},
                         "chess": {"argv": [python, script, pgn]}}, args.repeats)
    out: dict = {"gt": {"logs": len(logs), "events": events}, "chess": {"games": 480, "events": moves}}
    for what in ("wall", "cpu"):
        g, c = times["gt"][what], times["chess"][what]
        out["gt"][f"{what}_ms"] = spread([1000 * x for x in g])
        out["chess"][f"{what}_ms"] = spread([1000 * x for x in c])
        # per event: (gt events / gt seconds) / (chess moves / chess seconds), round by round
        out[f"ratio_{what}"] = spread([(events / a) / (moves / b) for a, b in zip(g, c)], 2)
    print(f"gt check --jobs 1: {len(logs)} logs, {events:,} events, wall {shown(out['gt']['wall_ms'], ' ms')}, "
          f"CPU {shown(out['gt']['cpu_ms'], ' ms')}")
    print(f"python-chess:      480 games, {moves:,} moves, wall {shown(out['chess']['wall_ms'], ' ms')}, "
          f"CPU {shown(out['chess']['cpu_ms'], ' ms')}")
    print(f"gt / python-chess per event, whole processes: wall {shown(out['ratio_wall'], 'x')}, "
          f"CPU {shown(out['ratio_cpu'], 'x')}")
    return out


# ---- start-up: gt check tiny.gtl against python-chess, and gt --help against import click -------------
def startup(args, spread, shown) -> dict:
    with tempfile.TemporaryDirectory() as tmp, installed() as (python, gt):
        tiny, pgn, script = Path(tmp) / "tiny.gtl", Path(tmp) / "tiny.pgn", Path(tmp) / "chess_replay.py"
        tiny.write_text(TINY_LOG, encoding="utf-8")
        pgn.write_text(TINY_PGN, encoding="utf-8")
        script.write_text(CHESS_SCRIPT, encoding="utf-8")
        commands = {"gt check tiny.gtl": {"argv": [gt, "check", tiny]},
                    "python-chess tiny.pgn": {"argv": [python, script, pgn]},
                    "gt --help": {"argv": [gt, "--help"]},
                    "import click": {"argv": [python, "-c", "import click"]}}
        times = in_turn(commands, args.startup_runs)
    out: dict = {}
    for name, t in times.items():
        out[name] = {"wall_ms": spread([1000 * x for x in t["wall"]]), "cpu_ms": spread([1000 * x for x in t["cpu"]])}
        print(f"{name:<22} wall {shown(out[name]['wall_ms'], ' ms')}; CPU {shown(out[name]['cpu_ms'], ' ms')}")
    for key, a, b, goal in (("check_ratio", "gt check tiny.gtl", "python-chess tiny.pgn", 1.5),
                            ("help_ratio", "gt --help", "import click", 1.2)):
        out[key] = {what: round(statistics.median(times[a][what]) / statistics.median(times[b][what]), 2)
                    for what in ("wall", "cpu")}
        print(f"{a} / {b}: wall {out[key]['wall']}x, CPU {out[key]['cpu']}x (goal {goal}x)")
    return out


# ---- gt play with piped input ----------------------------------------------------------------------------
def pipe(args, spread, shown, long_game) -> dict:
    from gtcli.grand_tribunal.lang.logs.check import read_header
    from gtcli.grand_tribunal.play.script import typed_lines

    games = {"five-players": ROOT / "scenarios" / "games" / "five-players.gtl", "x16 game": long_game(16)}
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp, installed() as (_python, gt):
        for name, source in games.items():
            log, lines = typed_lines(source)
            header, _ = read_header(log)
            folder = Path(tmp) / name.replace(" ", "-")
            folder.mkdir()
            for extra in (header.board, header.profile):
                if extra and extra.endswith(".toml"):
                    shutil.copy(source.parent / extra, folder / extra)
            typed = folder / "typed.txt"
            typed.write_text("\n".join(lines) + "\n", encoding="utf-8")
            argv = [gt, "play", "live.gtl", "--new", "--players", ",".join(header.players),
                    "--board", header.board or "sample"] + (["--profile", header.profile] if header.profile else [])
            live = folder / "live.gtl"
            times = in_turn({name: {"argv": argv, "stdin": typed, "cwd": folder,
                                    "before": lambda live=live: live.unlink(missing_ok=True)}}, args.repeats)[name]
            written = [ln for ln in live.read_text(encoding="utf-8").splitlines() if not ln.startswith("[Date")]
            same = written == [ln for ln in source.read_text(encoding="utf-8").splitlines()
                               if not ln.startswith(("[Date", "[Event"))]
            out[name] = {"typed_lines": len(lines), "same_log": same,
                         "wall_ms": spread([1000 * x for x in times["wall"]]),
                         "cpu_ms": spread([1000 * x for x in times["cpu"]]),
                         "lines_per_s_wall": spread([len(lines) / x for x in times["wall"]], 0),
                         "lines_per_s_cpu": spread([len(lines) / x for x in times["cpu"]], 0)}
            print(f"gt play < {len(lines):,} typed lines ({name}; same log written: {same}): "
                  f"{shown(out[name]['lines_per_s_wall'], ' lines/s')} wall, "
                  f"{shown(out[name]['lines_per_s_cpu'], ' lines/s')} CPU (whole process)")
    return out


# ---- instruction counts --------------------------------------------------------------------------------
CHECK_CODE = """\
import sys
from gtcli.grand_tribunal.lang.logs.check import Options, check_file
for path in sys.argv[1:]:
    check_file(path, Options())
"""

CHESS_CODE = """\
import sys
import chess.pgn
with open(sys.argv[1], encoding="utf-8") as f:
    for _ in range(int(sys.argv[2])):
        board = (game := chess.pgn.read_game(f)).board()
        for move in game.mainline_moves():
            board.push(move)
"""


def instructions(argv: list, stdin: Path | None = None, cwd: Path | None = None) -> int:
    """Instructions executed by ``argv`` under callgrind (fixed hash seed), children not followed."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        with open(stdin or os.devnull, "rb") as given:
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *map(str, argv)],
                           stdin=given, capture_output=True, cwd=cwd, env={**os.environ, "PYTHONHASHSEED": "0"})
        for line in out.read_text().splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit(f"no callgrind summary for {argv}")


def callgrind(args, gt_events, long_game) -> dict:
    from bench_check import corpus
    from bench_perf import chess_games

    from gtcli.grand_tribunal.lang.logs.check import parse_log

    if shutil.which("valgrind") is None:
        raise SystemExit("the callgrind section needs valgrind")
    logs = corpus(21, os.cpu_count() or 1)
    events = sum(gt_events(parse_log(p.read_text(encoding="utf-8"), str(p))) for p in logs[1:])
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp, installed() as (python, gt):
        tmp = Path(tmp)
        pgn = tmp / "games.pgn"
        pgn.write_text("\n".join(chess_games(81)), encoding="utf-8")
        chess_moves = int(subprocess.run([python, "-c", CHESS_SCRIPT, pgn], capture_output=True, text=True,
                                         check=True).stdout.split()[0])
        first = tmp / "first.pgn"
        first.write_text(chess_games(1)[0], encoding="utf-8")
        one_game_moves = int(subprocess.run([python, "-c", CHESS_SCRIPT, first], capture_output=True, text=True,
                                            check=True).stdout.split()[0])
        many = instructions([python, "-c", CHECK_CODE, *logs])
        one = instructions([python, "-c", CHECK_CODE, logs[0]])
        chess_many = instructions([python, "-c", CHESS_CODE, pgn, 81])
        chess_one = instructions([python, "-c", CHESS_CODE, pgn, 1])
        per_game = (many - one) / (len(logs) - 1)
        per_event = (many - one) / events
        chess_per_move = (chess_many - chess_one) / (chess_moves - one_game_moves)
        out["check_file"] = {"per_game": round(per_game), "per_event": round(per_event), "games": len(logs) - 1}
        out["chess"] = {"per_game": round((chess_many - chess_one) / 80), "per_move": round(chess_per_move),
                        "games": 80}
        out["ratio_per_event"] = round(chess_per_move / per_event, 3)
        print(f"check_file: {per_game / 1e6:.2f} M instructions per corpus game, {per_event / 1e3:.1f} K per event; "
              f"python-chess {chess_per_move / 1e3:.1f} K per move: gt / python-chess {out['ratio_per_event']}x")
        tiny, tiny_pgn, script = tmp / "tiny.gtl", tmp / "tiny.pgn", tmp / "chess_replay.py"
        tiny.write_text(TINY_LOG, encoding="utf-8")
        tiny_pgn.write_text(TINY_PGN, encoding="utf-8")
        script.write_text(CHESS_SCRIPT, encoding="utf-8")
        subprocess.run([gt, "check", tiny], capture_output=True)  # the grammar cache, made once
        out["startup"] = {"gt check tiny.gtl": instructions([gt, "check", tiny]),
                          "python-chess tiny.pgn": instructions([python, script, tiny_pgn]),
                          "gt --help": instructions([gt, "--help"]),
                          "import click": instructions([python, "-c", "import click"])}
        for name, count in out["startup"].items():
            print(f"start-up, {name}: {count / 1e6:.1f} M instructions")
        out["startup"]["check_ratio"] = round(out["startup"]["gt check tiny.gtl"]
                                              / out["startup"]["python-chess tiny.pgn"], 2)
        from gtcli.grand_tribunal.lang.logs.check import read_header
        from gtcli.grand_tribunal.play.script import typed_lines

        source = ROOT / "scenarios" / "games" / "five-players.gtl"
        log, lines = typed_lines(source)
        header, _ = read_header(log)
        typed = tmp / "typed.txt"
        typed.write_text("\n".join(lines) + "\n", encoding="utf-8")
        argv = [gt, "play", "live.gtl", "--new", "--players", ",".join(header.players), "--board", "sample"]
        played = instructions(argv, typed, tmp)
        (tmp / "live.gtl").unlink()
        empty = tmp / "empty.txt"
        empty.write_text("", encoding="utf-8")
        opened = instructions(argv, empty, tmp)
        out["play"] = {"typed_lines": len(lines), "whole": played, "opening": opened,
                       "per_line": round((played - opened) / len(lines))}
        print(f"gt play, five-player game piped: {played / 1e6:.1f} M instructions, {opened / 1e6:.1f} M of them "
              f"starting; {out['play']['per_line'] / 1e6:.2f} M per typed line")
    return out
