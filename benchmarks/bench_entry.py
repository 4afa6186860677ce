"""Benchmark the typed Tribunal: answers, keystrokes and reply time of ``gt game tribunal`` (issue 39).

    python benchmarks/bench_entry.py --before ../gtcli-fb1df60   # 100 states, this checkout and an old one
    python benchmarks/bench_entry.py --states 20                 # this checkout only

The states are Tribunals of simulated games (random bots, seed 39, 3 to 5 players): each
game is replayed and every Tribunal it scores is a state, with the Tribunals before it
recorded in a session. Each state is typed into ``gt game tribunal SESSION`` through a
pseudo-terminal, the way a scorekeeper would answer that checkout's questions:

* after (this checkout): the Voting Track as one answer (``staff 2, orb 3``), a numbered Item
  carried from the last Tribunal changed by one short edit (``2 base 3 + runic``), those gone
  removed by one answer (``-2 -4``), every other Item as its line (``Ana: "Storm Staff" staff 3 elemental``), an empty
  line, ``y``;
* before (``--before``, the main checkout as it was): the Voting Track, then per Item ``a``,
  owner, name, type, base, Spells (and ``y`` when the name is one that placed earlier), a
  carried Item changed by ``e N`` and its five answers (Enter keeps one; Spells that are all
  gone cannot be cleared so, and such an Item is removed and entered again) or removed by ``d N``,
  an empty line, ``y``.

Counted: answers (lines typed, the confirmation too), keystrokes (every character typed, Enter
included) and, per answer, the time from its Enter to the next question on the screen. The
goal: answers <= Items + 3, keystrokes <= 1.3x the shortest text form of the state (its
``votes`` line and one line per Item, as ``gt fmt`` writes them, each with its Enter), each
reply under 100 ms. Every state typed is checked: the session then holds the Tribunal typed.
Results go to ``benchmarks/out/entry.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))


def states(count: int, seed: int = 39):
    """(game before, the next table) of ``count`` Tribunals of simulated games."""
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file
    from gtcli.grand_tribunal.lang.logs.report import game_of
    from gtcli.grand_tribunal.play.simulation import Study, play_game
    from gtcli.grand_tribunal.rules.game import Game

    study = Study(players=(4, 3, 5), bot="random", seed=seed)
    found, index = [], 0
    with tempfile.TemporaryDirectory() as folder:
        while len(found) < count:
            log = Path(folder) / f"g{index}.gtl"
            log.write_text(play_game(study, index).text, encoding="utf-8")
            index += 1
            game = game_of(check_file(str(log), Options()))
            for k, table in enumerate(game.tables):
                before = Game(game.players, game.profile, game.first_praeco, game.tables[:k])
                found.append((before, table))
    return found[:count]


def _track(votes: dict[str, int]) -> str:
    return ", ".join(f"{space} {n}" for space, n in votes.items() if n)


def _match(carried, items):
    """Pairs (number of a carried Item, the table's Item it is), carried numbers gone, new Items."""
    left, pairs, gone = list(items), [], []
    for n, old in enumerate(carried, 1):
        same = next((t for t in left if (t.owner, t.name, t.type) == (old.owner, old.name, old.type)), None)
        if same is None:
            gone.append(n)
        else:
            left.remove(same)
            pairs.append((n, old, same))
    return pairs, gone, left


def answers_after(before, table) -> list[str]:
    from gtcli.grand_tribunal.formats.table_lines import item_line
    from gtcli.grand_tribunal.rules.game import carry_over

    pairs, gone, new = _match(carry_over(before), table.items)
    out = [_track(table.votes)]
    for n, old, now in pairs:
        edit = []
        if now.base != old.base:
            edit.append(f"base {now.base}")
        added = Counter(now.spells) - Counter(old.spells)
        dropped = Counter(old.spells) - Counter(now.spells)
        if added:
            edit.append("+ " + " ".join(added.elements()))
        if dropped:
            edit.append("- " + " ".join(dropped.elements()))
        if now.won != old.won:
            edit.append("won")
        if edit:
            out.append(f"{n} " + " ".join(edit))
    if gone:
        out.append(" ".join(f"-{n}" for n in gone))  # one answer removes them all
    out += [item_line(item) for item in new]
    return out + ["", "y"]


def answers_before(before, table) -> list[str]:
    from gtcli.core.text import fold
    from gtcli.grand_tribunal.rules.game import carry_over, results, retired_items

    retired = retired_items(results(before))
    pairs, gone, new = _match(carry_over(before), table.items)
    cleared = [(n, now) for n, old, now in pairs if old.spells and not now.spells]  # Enter keeps the old Spells:
    gone = sorted(gone + [n for n, _ in cleared])  # such an Item is removed and entered again
    new = [now for _, now in cleared] + new
    pairs = [(n, old, now) for n, old, now in pairs if n not in {m for m, _ in cleared}]
    out = [_track(table.votes)]
    for n, old, now in pairs:
        if (now.base, sorted(now.spells)) != (old.base, sorted(old.spells)):
            out += [f"e {n}", "", "", "", str(now.base) if now.base != old.base else "",
                    ", ".join(now.spells) if now.spells != old.spells else ""]
    out += [f"d {n}" for n in reversed(gone)]
    for item in new:
        out += ["a", item.owner, item.name or ""]
        if item.name and (item.owner, fold(item.name)) in retired:
            out.append("y")  # it is that Item: it won earlier
        out += [item.type, str(item.base), ", ".join(item.spells)]
    return out + ["", "y"]


def shortest_text(table) -> int:
    from gtcli.grand_tribunal.formats.table_lines import item_line, votes_line

    lines = [votes_line(table.votes)] + [item_line(item) for item in table.items]
    return sum(len(line) + 1 for line in lines)


class Pty:
    """``gt game tribunal SESSION`` of a checkout in a pseudo-terminal, answered line by line."""

    PROMPTS = (b": ", b"> ")

    def __init__(self, checkout: Path, session: Path) -> None:
        import pty

        self.output = b""
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update({"PYTHONPATH": str(checkout), "COLUMNS": "120", "TERM": "xterm", "NO_COLOR": "1"})
            os.chdir(session.parent)
            os.execv(sys.executable, [sys.executable, "-m", "gtcli", "game", "tribunal", str(session)])

    def prompt(self, timeout: float = 30) -> float:
        """Wait for the next question (output ending ': ' or '> ', nothing more to read); its time."""
        start = time.perf_counter()
        while True:
            ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout - (time.perf_counter() - start)))
            if not ready:
                raise TimeoutError(self.output[-600:].decode("utf-8", "replace"))
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise EOFError(self.output[-600:].decode("utf-8", "replace"))
            self.output += chunk
            tail = self.output.rsplit(b"\n", 1)[-1]
            if tail.endswith(self.PROMPTS) and not select.select([self.fd], [], [], 0)[0]:
                return time.perf_counter() - start

    def answer(self, text: str, last: bool = False) -> float:
        self.output = self.output[-2000:]
        os.write(self.fd, (text + "\r").encode())
        if last:
            return self.finish()
        return self.prompt()

    def finish(self) -> float:
        start = time.perf_counter()
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.output += chunk
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(self.output[-800:].decode("utf-8", "replace"))
        return time.perf_counter() - start


def type_state(checkout: Path, before, table, answers: list[str], folder: Path) -> dict:
    from gtcli.grand_tribunal.formats.session_file import game_to_toml, load_game
    from gtcli.grand_tribunal.rules.tribunal import tally
    from gtcli.grand_tribunal.shipped import published_vocabulary

    session = folder / "game.toml"
    session.write_text(game_to_toml(before), encoding="utf-8")
    for leftover in folder.glob("game.draft.toml"):
        leftover.unlink()
    term = Pty(checkout, session)
    term.prompt()
    replies = [term.answer(a, last=(n == len(answers) - 1)) for n, a in enumerate(answers)][:-1]
    kinds = ["track"] + ["finish" if not a else "edit" if a[:1].isdigit() or a[:1] in "-de" and a[1:2] in " 0123456789"
                         else "item" for a in answers[1:-1]]
    recorded = load_game(session, published_vocabulary()).tables[-1]
    typed = sorted(tally(recorded, before.profile).items, key=repr)
    wanted = sorted(tally(table.__class__(items=table.items, votes=table.votes, tribunal=recorded.tribunal,
                                          players=recorded.players, last_praeco=recorded.last_praeco),
                          before.profile).items, key=repr)
    if typed != wanted:
        raise AssertionError(f"{checkout}: the Tribunal recorded is not the one typed")
    return {"answers": len(answers), "keystrokes": sum(len(a) + 1 for a in answers),
            "replies": list(zip(kinds, replies))}


def run(label: str, checkout: Path, cases, make) -> dict:
    rows, replies = [], []
    with tempfile.TemporaryDirectory() as folder:
        for before, table in cases:
            row = type_state(checkout, before, table, make(before, table), Path(folder))
            row.update(items=len(table.items), shortest=shortest_text(table))
            replies += row.pop("replies")
            rows.append(row)
    ratio = [r["keystrokes"] / r["shortest"] for r in rows]
    by_kind = {kind: [t for k, t in replies if k == kind] for kind in dict.fromkeys(k for k, _ in replies)}
    replies = [t for _, t in replies]
    return {
        "checkout": str(checkout), "states": len(rows), "items": sum(r["items"] for r in rows),
        "answers": sum(r["answers"] for r in rows), "keystrokes": sum(r["keystrokes"] for r in rows),
        "shortest_text": sum(r["shortest"] for r in rows),
        "answers_over_items_plus_3": sum(r["answers"] > r["items"] + 3 for r in rows),
        "keystrokes_ratio_median": statistics.median(ratio), "keystrokes_ratio_max": max(ratio),
        "states_over_1.3": sum(x > 1.3 for x in ratio),
        "reply_ms_median": 1000 * statistics.median(replies),
        "reply_ms_p95": 1000 * statistics.quantiles(replies, n=20)[-1], "reply_ms_max": 1000 * max(replies),
        "replies_over_100ms": sum(r > 0.1 for r in replies), "replies": len(replies), "label": label,
        "by_answer": {kind: {"replies": len(times), "median_ms": 1000 * statistics.median(times),
                             "max_ms": 1000 * max(times), "over_100ms": sum(t > 0.1 for t in times)}
                      for kind, times in by_kind.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=100)
    parser.add_argument("--before", default="", help="a checkout of the old entry (a worktree of fb1df60), to type the same states there too")
    args = parser.parse_args()
    cases = states(args.states)
    report = {"after": run("after", ROOT, cases, answers_after)}
    if args.before and Path(args.before, "gtcli").is_dir():
        report["before"] = run("before", Path(args.before), cases, answers_before)
    for label, figures in report.items():
        print(f"{label}: {figures['states']} states, {figures['items']} Items; "
              f"answers {figures['answers']} ({figures['answers'] / figures['states']:.1f} a state; "
              f"{figures['answers_over_items_plus_3']} states over Items + 3); "
              f"keystrokes {figures['keystrokes']:,} = {figures['keystrokes'] / figures['shortest_text']:.2f}x "
              f"the shortest text ({figures['shortest_text']:,}), worst state {figures['keystrokes_ratio_max']:.2f}x; "
              f"reply median {figures['reply_ms_median']:.1f} ms, 95th {figures['reply_ms_p95']:.1f} ms, "
              f"worst {figures['reply_ms_max']:.1f} ms ({figures['replies_over_100ms']} of {figures['replies']} "
              "over 100 ms)")
        for kind, row in figures["by_answer"].items():
            print(f"  {kind}: {row['replies']} replies, median {row['median_ms']:.1f} ms, worst {row['max_ms']:.1f} ms, "
                  f"{row['over_100ms']} over 100 ms")
    out = HERE / "out"
    out.mkdir(exist_ok=True)
    (out / "entry.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
