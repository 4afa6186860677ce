"""Reading a games.jsonl faster changes nothing: the same games read, the same lines left out.

The reading of a summary (issue 41: at most 50 µs a game, benchmarks/bench_balance_read.py)
was rewritten: the file read in blocks, a line that is a summary of the shape gt writes taken
at once, every other line checked as before. A generated study of 3,000 games (3 to 5 players,
tiers of bots, copies and recycled Spells) mixed with every kind of line a stranger can write
-- blank lines, lines too long or too deep, numbers too long, bytes that are not UTF-8, brackets
inside names, unknown keys, floats and booleans where counts go, repeated games, a last line
without its end -- must give the games left out (with their ``file:line`` and reason), the
repeats and the number of games that the code before the change gave
(tests/data/balance/read.json, written by that code: its whole ``gt balance --json`` was the
same to the byte, before and after), and the report of exactly the other lines: the same
report as a clean file of those lines gives (compared so, the test holds when the report
itself changes).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gtcli.balance import sources
from tests.balance.synthetic import confounded, study
from tests.conftest import run

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "balance" / "read.json"
STUDY = "9b102f05e1d2809eba952348dc720e9b"
PARTS = ("excluded_count", "excluded_by_reason", "excluded", "repeats", "repeated")  # what the reading decided


def good(summary: dict, index: int, seed: int, **more) -> str:
    return json.dumps({"index": index, "seed": seed, "study": STUDY, "summary": summary, **more})


def hostile(rng: random.Random, base: dict) -> list[bytes]:
    """Lines a stranger may write, each about a summary like ``base``."""
    def line(record) -> bytes:
        return json.dumps(record).encode()

    deep = "[" * 40 + "]" * 40
    return [
        b"", b"   \t", b"\r", b"{oops", b"null", b"[]", b'"a summary"', b"1, 2", b"{} {}",
        line({"summary": None}), line({"summary": []}), line({"index": 1}),
        b'{"summary": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",  # deeper than json.loads can recurse
        ('{"summary": %s, "x": %s}' % (json.dumps(base), deep)).encode(),  # valid JSON, 41 deep
        ('{"summary": %s, "x": %s}' % (json.dumps(base), "[" * 20 + "]" * 20)).encode(),  # 40 brackets, 21 deep
        ('{"summary": %s, "n": %s}' % (json.dumps(base), "9" * 5000)).encode(),  # past int conversion
        ('{"summary": %s, "n": %s}' % (json.dumps(base), "9" * 200)).encode(),  # a long word, few brackets
        ('{"summary": %s, "n": %s, "x": %s}' % (json.dumps(base), "9" * 200, "[" * 10 + "]" * 10)).encode(),
        ('{"summary": %s, "n": %s, "x": %s}' % (json.dumps(base), "9" * 200, "[" * 11 + "]" * 11)).encode(),
        ('{"summary": %s, "n": %s}' % (json.dumps(base), "1." + "0" * 200)).encode(),
        ('{"index": 5, "seed": %s, "summary": %s}' % ("7" * 300, json.dumps(base))).encode(),
        ('{"index": 5, "seed": -0, "summary": %s}' % json.dumps(base)).encode(),
        b"\xff\xfe" + line({"summary": base}), line({"summary": base})[:-1] + b"\xe9}",
        line({"summary": base}).replace(b'"summary"', b'"summary"  ') + b"\r",
        line({"summary": base}) + b"   ",
        line({"summary": dict(base, players=base["players"] * 3)}),
        line({"summary": dict(base, winners=[["A"]])}), line({"summary": dict(base, winners="")}),
        line({"summary": dict(base, first_praeco=["B"])}), line({"summary": dict(base, first_praeco=None)}),
        line({"summary": dict(base, turns=40.0)}), line({"summary": dict(base, turns=True)}),
        line({"summary": dict(base, turns=-1)}), line({"summary": dict(base, turns=100_001)}),
        line({"summary": dict(base, totals={p: 1.5 for p in base["players"]})}),
        line({"summary": dict(base, totals={p: False for p in base["players"]})}),
        line({"summary": dict(base, totals={p: 2_000_000 for p in base["players"]})}),
        line({"summary": dict(base, vis={p: {"gathered": 1, "advanced": 1} for p in base["players"]})}),
        line({"summary": dict(base, vis=[])}), line({"summary": dict(base, played={})}),
        line({"summary": dict(base, played={p: {"[a] {b}": 1} for p in base["players"]})}),  # brackets in a name
        line({"summary": dict(base, played={p: {"x" * 201: 1} for p in base["players"]})}),
        line({"summary": dict(base, played={p: {"c": None} for p in base["players"]})}),
        line({"summary": dict(base, used={p: ["{" * 40] for p in base["players"]})}),  # 160 brackets in strings
        line({"summary": dict(base, used={p: [1] for p in base["players"]})}),
        line({"summary": dict(base, used={p: "abc" for p in base["players"]})}),
        line({"summary": dict(base, tribunals=[{"Q": 1}])}), line({"summary": dict(base, tribunals=[[]])}),
        line({"summary": dict(base, tribunals=[{p: 1 for p in base["players"]}] * 30)}),  # 30 Tribunals
        line({"summary": dict(base, tribunals=[{p: 1 for p in base["players"]}] * 101)}),
        line({"summary": dict(base, kinds={"Item 1": ["item"]})}), line({"summary": dict(base, kinds=[])}),
        line({"summary": dict(base, bots={p: None for p in base["players"]})}),
        line({"summary": dict(base, bots={p: "b" * 41 for p in base["players"]})}),
        line({"summary": dict(base, extra={"deep": [[[[1]]]]}), "more": 1.5}),
        line({"summary": base, "study": ["not", "a", "name"], "index": 3, "seed": 3}),
        line({"summary": base, "study": None, "index": 3.0, "seed": 3}),
        line({"summary": base, "index": True, "seed": 3}),
        line({"summary": base, "index": 0, "seed": 0}), line({"summary": base, "index": 0, "seed": 0}),  # a repeat
        json.dumps({"index": 9, "seed": 9, "study": STUDY, "summary": base}, separators=(",", ":")).encode(),
        json.dumps({"summary": base, "seed": 9, "index": 9, "study": STUDY}, indent=None, sort_keys=True).encode(),
        line({"summary": base, "pad": "x" * (sources.MAX_LINE_BYTES - len(line({"summary": base, "pad": ""})) - 1)}),
        line({"summary": base, "pad": "x" * (sources.MAX_LINE_BYTES - len(line({"summary": base, "pad": ""})))}),
        b'{"pad": "' + b"x" * 3_000_000 + b'"}',  # longer than a block
        b"[" * 300_000,
    ]


def games_file(path: Path) -> Path:
    """The study (module docstring), in a file of about 6 MB."""
    rng = random.Random(41)
    games = study(41, 3000, confounded, bots=["greedy", "random", "mcts"], copies=2, recycle=0.3)
    lines = [good(game, i, rng.getrandbits(63)).encode() for i, game in enumerate(games)]
    again = [lines[5], lines[17]]  # two games again (the same study, seed and index): counted once
    for extra in hostile(rng, games[0]):
        lines.insert(rng.randrange(len(lines)), extra)
    lines += again
    lines.insert(100, good(games[1], 10**6, 7).replace(f'"study": "{STUDY}", ', "").encode())  # no study: the folder's
    path.write_bytes(b"\n".join(lines[:-1]) + b"\n\r\n" + lines[-1])  # the last line without its end
    return path


def balance_json(tmp_path: Path, monkeypatch, name: str = "games.jsonl") -> str:
    monkeypatch.chdir(tmp_path)
    if name == "games.jsonl":
        games_file(tmp_path / name)
    result = run("balance", name, "--json")
    assert result.exit_code == 0, result.output
    return result.stdout


def reading(data: dict) -> dict:
    return {**{key: data[key] for key in PARTS}, "games": data["report"]["games"]}


def test_the_same_games_are_read_and_the_same_lines_left_out(tmp_path, monkeypatch):
    data = json.loads(balance_json(tmp_path, monkeypatch))
    assert set(data["excluded_by_reason"]) == {"not a game summary", "not JSON", "too long"} and data["repeats"] == 4
    assert reading(data) == json.loads(GOLDEN.read_text())
    # the report is that of the lines neither left out nor repeated, alone in a file of their own
    lines = (tmp_path / "games.jsonl").read_bytes().split(b"\n")
    skipped = {int(e["file"].rsplit(":", 1)[1]) for e in data["excluded"] + data["repeated"]}
    kept = [line for number, line in enumerate(lines, 1) if number not in skipped and line.strip()]
    assert len(kept) == data["report"]["games"]
    (tmp_path / "clean").mkdir()
    (tmp_path / "clean" / "games.jsonl").write_bytes(b"\n".join(kept) + b"\n")
    clean = json.loads(balance_json(tmp_path, monkeypatch, "clean/games.jsonl"))
    assert clean["excluded_count"] == 0 and clean["report"] == data["report"]


@pytest.mark.parametrize("limit", [1024, 1376])
def test_lines_longer_than_the_limit_are_the_same_lines(tmp_path, monkeypatch, limit):
    """With a limit near a summary's length (and a block's), the same lines are left out as too long."""
    monkeypatch.setattr(sources, "MAX_LINE_BYTES", limit)
    data = json.loads(balance_json(tmp_path, monkeypatch))
    expected = json.loads(GOLDEN.with_name(f"read-{limit}.json").read_text())
    assert {key: data[key] for key in expected} == expected


SMALL = {"players": ["A", "B"], "winners": ["A"], "first_praeco": "B", "turns": 40, "totals": {"A": 5, "B": 3},
         "tribunals": [{"A": 5, "B": 3}], "vis": {p: {"gathered": 1, "advanced": 1, "left": 1} for p in "AB"},
         "played": {p: {} for p in "AB"}, "used": {p: [] for p in "AB"}}


def test_a_line_longer_than_the_limit_is_one_line_left_out_whatever_it_holds(tmp_path, monkeypatch):
    """A line that begins with more blanks than the limit was read as several lines: its blank pieces
    skipped, the rest read as a line of its own (a game counted) and every later line numbered wrong."""
    monkeypatch.setattr(sources, "MAX_LINE_BYTES", 1000)
    monkeypatch.setattr(sources, "BLOCK", 700)  # the long line spans blocks too
    games = [dict(SMALL, turns=turns) for turns in (1, 2, 3)]
    path = tmp_path / "games.jsonl"
    path.write_text(good(games[0], 0, 0) + "\n" + " " * 2500 + good(games[1], 1, 1) + "\n" + good(games[2], 2, 2) + "\n")
    excluded = sources.Exclusions()
    assert list(sources.read_games(str(path), excluded)) == [games[0], games[2]]
    assert excluded.examples == [{"file": f"{path}:2", "reason": "a line longer than 1000 bytes"}]


@pytest.mark.parametrize("block", [1, 7, 4096])
def test_blocks_of_any_size_read_the_same_lines(tmp_path, monkeypatch, block):
    """Lines split across blocks (a block shorter than a line, one byte) are read whole, numbered alike."""
    monkeypatch.setattr(sources, "MAX_LINE_BYTES", 600)
    lines = [good(dict(SMALL, turns=i), i, i) for i in range(5)]
    lines[2] = lines[2] + " " * 700  # too long
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines[:4]) + "\n\n" + lines[4])  # a blank line, the last without its end
    excluded = sources.Exclusions()
    monkeypatch.setattr(sources, "BLOCK", block)
    assert [g["turns"] for g in sources.read_games(str(path), excluded)] == [0, 1, 3, 4]
    assert excluded.examples == [{"file": f"{path}:3", "reason": "a line longer than 600 bytes"}]


def write_golden(tmp: Path) -> None:  # run once, with the code before the change
    class Patch:
        def chdir(self, path):
            import os
            os.chdir(path)

        def setattr(self, obj, name, value):
            setattr(obj, name, value)

    GOLDEN.write_text(json.dumps(reading(json.loads(balance_json(tmp, Patch())))) + "\n")
    saved = sources.MAX_LINE_BYTES
    for limit in (1024, 1376):
        sources.MAX_LINE_BYTES = limit
        data = json.loads(balance_json(tmp, Patch()))
        GOLDEN.with_name(f"read-{limit}.json").write_text(json.dumps({key: data[key] for key in PARTS}) + "\n")
    sources.MAX_LINE_BYTES = saved


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        write_golden(Path(folder))
