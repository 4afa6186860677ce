"""Issue 16's performance figures, each a section of one script (README, "Performance").

    pip install -e '.[bench]'                       # python-chess, for the side-by-side section
    python benchmarks/bench_perf.py                 # every section
    python benchmarks/bench_perf.py --only chess,length --repeats 5
    python benchmarks/bench_perf.py --list

Sections (each prints its figures and adds them to ``benchmarks/out/perf.json``):

* ``chess``: 500 simulated five-player games (``gtcli.grand_tribunal.play.simulation``, the corpus of
  ``bench_check.py``) checked in process (parse + replay + scoring, what ``gt check``
  does per file) against 500 random python-chess games of 80 plies (``read_game`` +
  replaying the moves on a board), in one run, round after round: events/s for both
  and their ratio. A gt event is a line of play: a Tribunal, a round, a turn or one
  move of a turn (scores and winner lines are not counted); a chess event is a move.
* ``length``: games of 1x, 4x and 16x the length (house profiles of 3, 12 and 48
  Tribunals on a board repeating the sample's areas): microseconds per event for the
  replay alone and for parse + replay. Flat numbers mean a move costs the same late in
  a game as early.
* ``play``: ``gt play``'s answer time, typing a 16x game line by line through the
  prompt's engine (``PlaySession``, files really written): the median answer around
  moves 10, 500 and 1,500, fsync excluded (it is the disk's time, not gt's; ``--fsync``
  keeps it).
* ``memory``: peak bytes allocated (tracemalloc) per byte of log for a corpus game, a
  16x game, a fixed log (``benchmarks/logs/``) and each ``--memory-log PATH``, and the
  peak resident size of a ``gt check`` process on a log of ~2 MB.
* ``startup``, ``process``, ``pipe``, ``callgrind``: whole processes of a regular install
  beside python-chess (issue 25), in ``perf_whole.py``: ``gt check tiny.gtl`` against
  python-chess's own start-up, ``gt check --jobs 1`` over 120 logs against one
  python-chess process, ``gt play`` with piped input, and instruction counts.

Every timing is repeated (``--repeats``) and given as the median with the spread
(min-max); the load average is printed with it, because the machine is shared. Timings
inside this process are CPU time (``time.process_time``): other programs on a shared
machine slow wall time far more than they slow this process's own work. Timings of
other processes (start-up) are wall time, what a user waits. To add a
section, write a function taking the parsed arguments and returning a dict, and
decorate it with ``@section("name")``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE))

SECTIONS: dict[str, Callable[[argparse.Namespace], dict]] = {}
clock = time.process_time  # CPU time of this process (see the module's docstring)


def section(name: str):
    def register(function: Callable[[argparse.Namespace], dict]) -> Callable[[argparse.Namespace], dict]:
        SECTIONS[name] = function
        return function
    return register


# ---- helpers ----------------------------------------------------------------------------------
def spread(values: list[float], digits: int = 1) -> dict:
    """Median and range of repeated measurements."""
    def r(x: float) -> float:
        return round(x, digits) if digits else round(x)

    return {"median": r(statistics.median(values)), "min": r(min(values)), "max": r(max(values)), "n": len(values)}


def shown(s: dict, unit: str = "") -> str:
    return f"{s['median']:,}{unit} ({s['min']:,}-{s['max']:,}, n={s['n']})"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def gt_events(log) -> int:
    """Lines of play: Tribunals, rounds, turns, and every move of every turn."""
    from gtcli.grand_tribunal.rules import log as L

    count = 0
    for event in log.events:
        if isinstance(event, L.Turn):
            count += 1 + len(event.moves)
        elif isinstance(event, (L.TribunalStart, L.RoundStart)):
            count += 1
    return count


# ---- side by side with python-chess -------------------------------------------------------------
def chess_games(games: int, plies: int = 80) -> list[str]:
    """``games`` random legal games of at most ``plies`` plies, as PGN text (seeded: always the same)."""
    import chess
    import chess.pgn

    texts = []
    for seed in range(games):
        rng = random.Random(seed)
        board = chess.Board()
        while len(board.move_stack) < plies and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Random game {seed}"
        texts.append(str(game) + "\n")
    return texts


def chess_round(texts: list[str]) -> tuple[float, int]:
    """Seconds to read and replay every game, and the moves replayed."""
    import chess.pgn

    moves = 0
    started = clock()
    for text in texts:
        game = chess.pgn.read_game(io.StringIO(text))
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            moves += 1
    return clock() - started, moves


def gt_round(games: list[tuple[str, str]]) -> float:
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file

    options = Options()
    started = clock()
    for path, text in games:
        check_file(path, options, text)
    return clock() - started


@section("chess")
def side_by_side(args: argparse.Namespace) -> dict:
    try:
        import chess
    except ImportError:
        raise SystemExit("the chess section needs python-chess: pip install -e '.[bench]'") from None
    from bench_check import corpus

    from gtcli.grand_tribunal.lang.logs.check import Options, check_file, parse_log

    paths = corpus(args.games, os.cpu_count() or 1)
    games = [(str(p), p.read_text(encoding="utf-8")) for p in paths]
    gt_count = sum(gt_events(parse_log(text, path)) for path, text in games)
    gt_bytes = sum(len(text.encode()) for _, text in games)
    texts = chess_games(args.games)
    chess_bytes = sum(len(t.encode()) for t in texts)
    check_file(games[0][0], Options(), games[0][1])  # warm-up: grammar tables and card set loaded
    chess_round(texts[:20])
    gt_rates, chess_rates, ratios, gt_games, chess_game_rates = [], [], [], [], []
    chess_count = 0
    for _ in range(args.repeats):
        gt_seconds = gt_round(games)
        chess_seconds, chess_count = chess_round(texts)
        gt_rate, chess_rate = gt_count / gt_seconds, chess_count / chess_seconds
        gt_rates.append(gt_rate)
        chess_rates.append(chess_rate)
        ratios.append(gt_rate / chess_rate)
        gt_games.append(len(games) / gt_seconds)
        chess_game_rates.append(len(texts) / chess_seconds)
    result = {
        "python_chess": chess.__version__,
        "gt": {"games": len(games), "events": gt_count, "bytes": gt_bytes, "events_per_s": spread(gt_rates, 0),
               "games_per_s": spread(gt_games), "mb_per_s": round(gt_bytes / 1e6 * statistics.median(gt_games)
                                                                   / len(games), 2)},
        "chess": {"games": len(texts), "events": chess_count, "bytes": chess_bytes,
                  "events_per_s": spread(chess_rates, 0), "games_per_s": spread(chess_game_rates),
                  "mb_per_s": round(chess_bytes / 1e6 * statistics.median(chess_game_rates) / len(texts), 2)},
        "ratio_per_event": spread(ratios, 2),
    }
    g, c = result["gt"], result["chess"]
    print(f"gt:           {g['games']} games, {g['events']:,} events; {shown(g['events_per_s'], ' events/s')}, "
          f"{shown(g['games_per_s'], ' games/s')}, {g['mb_per_s']} MB/s")
    print(f"python-chess: {c['games']} games, {c['events']:,} moves; {shown(c['events_per_s'], ' moves/s')}, "
          f"{shown(c['games_per_s'], ' games/s')}, {c['mb_per_s']} MB/s")
    print(f"gt / python-chess per event: {shown(result['ratio_per_event'], 'x')}")
    return result


# ---- cost per move against the length of the game ----------------------------------------------
def long_game(factor: int, seed: int = 0) -> Path:
    """A legal five-player game ``factor`` times the usual length (3 x factor Tribunals), made once."""
    folder = OUT / "long"
    path = folder / f"game-x{factor}-{seed}.gtl"
    if path.exists():
        return path
    import tomli_w

    from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in
    from gtcli.grand_tribunal.lang.logs.format import format_log
    from gtcli.grand_tribunal.shipped import cards_dir
    from gtcli.grand_tribunal.rules.board import Board
    from gtcli.grand_tribunal.rules.profiles import OFFICIAL, with_overrides
    from gtcli.grand_tribunal.play.bots import NAMES, Bot, sample_board

    folder.mkdir(parents=True, exist_ok=True)
    tribunals = 3 * factor
    profile = with_overrides(OFFICIAL, {"tribunals": tribunals}, name=f"long-x{factor}")
    (folder / f"long-x{factor}.toml").write_text(
        tomli_w.dumps({"name": profile.name, "base": "official", "parameters": {"tribunals": tribunals}}))
    sample = sample_board()
    board = Board(f"sample x{factor}", sample.tribunals * factor)
    (folder / f"long-x{factor}-board.toml").write_text(tomli_w.dumps({"name": board.name, "tribunals": [
        {"uncontested": [f"{a}:{b}" for a, b in area.uncontested], "contested": list(area.contested),
         "extract": area.extract} for area in board.tribunals]}))
    card_set = load_set(cards_dir() / "sample.gtc")
    seats = NAMES[:5]
    tags = (("Event", f"Generated game x{factor}", None), ("Players", ", ".join(seats), None),
            ("Cards", "sample", None), ("Board", f"long-x{factor}-board.toml", None),
            ("Profile", f"long-x{factor}.toml", None))
    log = Bot(card_set, seats, seed, board, profile).play(tags)
    text = format_log(log, "en", card_set.vocabulary, names_in(card_set, cards_dir() / "sample.gtc", "en"))
    path.write_text(text, encoding="utf-8")
    return path


def replay_parts(path: Path):
    """What ``check_file`` hands the referee for ``path``: (log, card set, profile, seats, board), and its result."""
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file, read_header
    from gtcli.grand_tribunal.formats.board_file import load_board

    checked = check_file(str(path), Options())
    header, _ = read_header(checked.log)
    board = load_board(str(path.parent / header.board)) if header.board else None
    state = checked.result.state
    return checked.log, checked.card_set, state.profile, state.seats, board, checked.result


@section("length")
def length(args: argparse.Namespace) -> dict:
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file
    from gtcli.grand_tribunal.lang.syntax import gc_paused
    from gtcli.grand_tribunal.rules.replay import Referee

    out = {}
    for factor in (1, 4, 16):
        path = long_game(factor)
        text = path.read_text(encoding="utf-8")
        log, card_set, profile, seats, board, first = replay_parts(path)
        if first.errors or not first.complete:
            raise SystemExit(f"{path} is not a legal complete game: {first.errors[:1]}")
        events = gt_events(log)
        runs = 16 // factor  # as many events per measurement at every length
        replay_us, total_us = [], []
        for _ in range(args.repeats):
            started = clock()
            for _ in range(runs):
                with gc_paused():
                    Referee(log, card_set, profile, seats, board).run()
            replay_us.append(1e6 * (clock() - started) / events / runs)
            started = clock()
            for _ in range(runs):
                check_file(str(path), Options(), text)
            total_us.append(1e6 * (clock() - started) / events / runs)
        out[f"x{factor}"] = {"events": events, "bytes": len(text.encode()), "replay_us_per_event": spread(replay_us, 2),
                             "check_us_per_event": spread(total_us, 2)}
        print(f"x{factor:<2} {events:>6,} events: replay {shown(out[f'x{factor}']['replay_us_per_event'], ' us')}"
              f" per event; parse + replay {shown(out[f'x{factor}']['check_us_per_event'], ' us')}")
    return out


# ---- gt play's answer time ------------------------------------------------------------------------
@section("play")
def play(args: argparse.Namespace) -> dict:
    from gtcli.grand_tribunal.lang.logs.check import Options, read_header
    from gtcli.grand_tribunal.play.script import answer, typed_lines
    from gtcli.grand_tribunal.play.session import PlaySession

    source = long_game(16)
    log, lines = typed_lines(source)
    header, _ = read_header(log)
    real_fsync = os.fsync
    if not args.fsync:
        os.fsync = lambda fd: None  # the disk's time, not gt's
    marks = (10, 500, 1500)
    try:
        with tempfile.TemporaryDirectory() as folder:
            for name in (header.board, header.profile):
                (Path(folder) / name).write_bytes((source.parent / name).read_bytes())
            path = str(Path(folder) / "live.gtl")
            session = PlaySession.create(path, header.players, Options(header.cards, header.board, header.profile),
                                         log.language, event=header.other.get("event"))
            answers: list[tuple[int, float]] = []  # (moves typed so far, ms)
            moves = 0
            for line in lines[: args.play_lines]:
                started = clock()
                reply = answer(session, line)
                elapsed = 1000 * (clock() - started)
                moves += line not in ("end", "y")
                answers.append((moves, elapsed))
                if not reply.accepted:
                    raise SystemExit(f"refused while replaying {source}: {line!r}: {reply.message}")
                if moves > marks[-1] + 10:
                    break
            started = clock()
            PlaySession(path)
            resume = 1000 * (clock() - started)
    finally:
        os.fsync = real_fsync
    out: dict = {"typed_lines": len(answers), "fsync": args.fsync, "resume_ms": round(resume, 1)}
    for mark in marks:
        window = [ms for n, ms in answers if mark - 10 <= n <= mark + 10]
        if window:
            out[f"move_{mark}"] = spread(window, 2)
            print(f"answer around move {mark:>5,}: {shown(out[f'move_{mark}'], ' ms')}")
    print(f"resuming the game after {answers[-1][0]:,} moves: {out['resume_ms']} ms")
    return out


# ---- memory --------------------------------------------------------------------------------------
@section("memory")
def memory(args: argparse.Namespace) -> dict:
    import tracemalloc

    from bench_big import make_log
    from bench_check import corpus

    from gtcli.grand_tribunal.lang.logs.check import Options, check_file

    out = {}
    check_file(str(corpus(1, 1)[0]), Options())  # grammar and card set loaded before measuring
    # The corpus game is made by the bots, so it is another game when they change (issue 24 changed
    # it: 8,960 -> 8,439 bytes, 19 -> 21 per byte for the same code). A fixed log, checked once
    # before it is measured as the corpus game is, compares one commit with another like with like.
    fixed = [("corpus game of issues 16-23 (benchmarks/logs)", HERE / "logs" / "corpus-0-issue16.gtl")]
    fixed += [(str(path), path) for path in args.memory_log]
    for name, path in (("corpus game", corpus(1, 1)[0]), ("x16 game", long_game(16)), *fixed):
        text = path.read_text(encoding="utf-8")
        if (name, path) in fixed:
            check_file(str(path), Options(), text)
        tracemalloc.start()
        check_file(str(path), Options(), text)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        size = len(text.encode())
        out[name] = {"bytes": size, "peak_bytes": peak, "peak_per_byte": round(peak / size, 1)}
        print(f"{name}: {size:,} bytes of log, peak {peak:,} bytes allocated: {peak / size:.1f} per byte")
    big = OUT / "big" / "turns-2mb.gtl"
    make_log(big, 75_000, notes=True)  # just under the 2 MB limit and the token budget
    size = big.stat().st_size
    code = ("import resource, sys\nfrom gtcli.cli.main import cli\ntry:\n    cli(['check', sys.argv[1], '--json'])"
            "\nexcept SystemExit:\n    pass\nprint(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, str(big)], capture_output=True, text=True)
    rss = int(done.stderr.strip().splitlines()[-1]) * 1024
    base = subprocess.run([sys.executable, "-c", "import resource, gtcli.cli.main, lark, rich\n"
                           "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"], capture_output=True, text=True)
    floor = int(base.stdout.strip()) * 1024
    out["2mb log"] = {"bytes": size, "max_rss": rss, "rss_of_imports": floor,
                      "rss_per_byte": round((rss - floor) / size, 1), "stdout_bytes": len(done.stdout)}
    print(f"gt check --json of a {size / 1e6:.1f} MB log: peak resident {rss / 1e6:.0f} MB "
          f"({floor / 1e6:.0f} MB of it the interpreter and imports: {(rss - floor) / size:.1f} bytes per byte of log)")
    return out


# ---- whole processes (issue 25): benchmarks/perf_whole.py --------------------------------------------
@section("process")
def whole_process(args: argparse.Namespace) -> dict:
    import perf_whole

    return perf_whole.process(args, spread, shown, gt_events)


@section("startup")
def startup(args: argparse.Namespace) -> dict:
    import perf_whole

    return perf_whole.startup(args, spread, shown)


@section("pipe")
def pipe(args: argparse.Namespace) -> dict:
    import perf_whole

    return perf_whole.pipe(args, spread, shown, long_game)


@section("callgrind")
def callgrind(args: argparse.Namespace) -> dict:
    import perf_whole

    return perf_whole.callgrind(args, gt_events, long_game)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(SECTIONS), help="sections, comma-separated")
    parser.add_argument("--list", action="store_true", help="list the sections and stop")
    parser.add_argument("--repeats", type=int, default=5, help="rounds per timing (median and spread)")
    parser.add_argument("--games", type=int, default=500, help="games per side in the chess section")
    parser.add_argument("--play-lines", type=int, default=10**9, help="typed lines at most in the play section")
    parser.add_argument("--fsync", action="store_true", help="keep fsync in the play section")
    parser.add_argument("--startup-runs", type=int, default=21, help="runs per command in the startup section")
    parser.add_argument("--memory-log", type=Path, action="append", default=[],
                        help="a log the memory section measures too (repeatable): the corpus game is made by the "
                             "bots, so it changes when they do")
    parser.add_argument("--report", type=Path, default=OUT / "perf.json", help="the JSON file the figures go to")
    args = parser.parse_args()
    if args.list:
        print("\n".join(SECTIONS))
        return
    OUT.mkdir(exist_ok=True)
    report_path = args.report
    report = json.loads(report_path.read_text()) if report_path.exists() else {}
    for name in args.only.split(","):
        if name not in SECTIONS:
            raise SystemExit(f"unknown section {name!r}; sections: {', '.join(SECTIONS)}")
        print(f"== {name} ({load()})")
        started = time.perf_counter()
        report[name] = SECTIONS[name](args)
        report[name]["load_after"] = load()
        print(f"   ({time.perf_counter() - started:.0f} s; {load()})")
    report["python"] = sys.version.split()[0]
    report_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
