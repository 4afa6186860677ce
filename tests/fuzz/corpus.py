"""Scenarios for the fuzzer: every input kind, every command, hostile and odd mutations.

``scenario(n)`` is a pure function of ``n`` (a seeded ``random.Random``), so a failing
input is found again from its number alone. A scenario is a few files (text, bytes, or
a special: a FIFO, a symlink to /dev/zero, a symlink loop, a folder), the ``gt``
arguments (``{d}`` stands for the scenario's folder) and what is typed on stdin.

Seeds are the project's own files: tables, the house profile, the sample board, the
sample card set in its three formats and its translations, the card fixtures, the
complete games and rule fixtures, and a session made from a game. Mutations are the
ways a hand-typed file goes wrong (lines lost, doubled, shuffled, cut) and the ways a
hostile one is built (deep nesting, 5,000-digit numbers, long dotted keys, long lines,
control characters, invalid UTF-8, includes of includes, tags naming other files).
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
CARDS = ROOT / "cards"

FIFO, ZERO, LOOP, FOLDER = "fifo", "zero", "loop", "folder"  # special files


@dataclass
class Scenario:
    number: int
    kind: str
    files: dict[str, bytes | str] = field(default_factory=dict)  # name -> bytes, or a special
    args: list[str] = field(default_factory=list)
    input: str | None = None

    def describe(self) -> str:
        return f"#{self.number} {self.kind}: gt {' '.join(self.args)}"


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@functools.cache
def seeds() -> dict[str, list[str]]:
    """The seed texts of each input kind."""
    from gtcli.grand_tribunal.lang.cards.exchange import to_json, to_toml
    from gtcli.grand_tribunal.lang.cards.sets import load_set

    sample = load_set(CARDS / "sample.gtc")
    tables = [_read(p) for p in sorted((SCENARIOS / "tally").glob("*.toml"))]
    logs = [_read(p) for p in sorted((SCENARIOS / "games").glob("*.gtl"))]
    logs += [_read(p) for p in sorted((SCENARIOS / "rules").glob("*.gtl"))[::6]]
    return {
        "table": tables,
        "session": [_session_text()],
        "profile": [_read(SCENARIOS / "profiles" / "house.toml"),
                    'name = "mine"\nbase = "printed-fr"\n[parameters]\nhand_limit = 6\nplace_colours = ["a", "b"]\n'],
        "board": [_read(CARDS / "sample-board.toml")],
        "gtc": [_read(CARDS / "sample.gtc")] + [_read(p) for p in sorted((SCENARIOS / "cards").glob("*.gtc"))[::3]],
        "translation": [_read(CARDS / f"sample.{lang}.gtc") for lang in ("es", "fr", "it")],
        "toml-set": [to_toml(sample)],
        "json-set": [to_json(sample)],
        "log": logs,
        "typed": [_read(SCENARIOS / "play" / "first-turns.in")],
    }


def _session_text() -> str:
    """A session file of a complete game (what `gt game from-log` writes)."""
    from gtcli.grand_tribunal.formats.session_file import game_to_toml
    from gtcli.grand_tribunal.lang.logs.check import Options, check_file
    from gtcli.grand_tribunal.rules.game import game_from_tables

    state = check_file(str(SCENARIOS / "games" / "three-players.gtl"), Options()).result.state
    return game_to_toml(game_from_tables(state.seats, state.profile, state.seats[0], state.tables))


# ---- mutations ------------------------------------------------------------------------------------------
CONTROLS = ["\x1b]0;pwned\x07", "\x1b[2J", "\x00", "\x9b31m", "\x7f", "\x0c", "\x0b", "\r", "\u2028", "\u202e"]
FRAGMENTS = ['"', "'", "[", "]", "{", "}", "=", ",", ";", ":", "#", "\\", "$a=", "?x", "-", "é", "\t", '"""', "'''",
             "include \"sample-resources.gtc\"", "force \"x\" ", "tribunal 2", "round 9 praeco Ana", "scores Ana 3",
             "Ana: pass", '[Cards "sample"]', '[Board "sample"]', '[Language "es"]', '[Profile "printed-fr"]',
             '[Cards "/etc/passwd"]', '[Cards "../outside.gtc"]', '[Cards "zero.gtc"]', '[Cards "fifo.gtc"]',
             '[Cards "loop.gtc"]', '[Board "fifo.toml"]', '[Profile "zero.toml"]', '[Cards "set.gtc"]',
             'include "zero.gtc"', 'include "fifo.gtc"', 'include "loop.gtc"', 'include "set.gtc"',
             'include "/etc/passwd"', "0", "-1", "99", "1e400", "nan", "inf", "true", "1979-05-27T07:32:00Z"]


def _hostile(rnd: random.Random) -> str:
    n = rnd.choice([10, 40, 200, 600, 2_000, 5_000])  # a few KB to 50 KB: shapes, not sizes (those: test_hostile)
    return rnd.choice([
        lambda: "[" * n + "]" * rnd.choice([0, n]),
        lambda: "{a=" * n + "1" + "}" * rnd.choice([0, n]),
        lambda: "9" * n,
        lambda: "x" + ".a" * n + " = 1",
        lambda: '"' + "k" * n + '" = 1',
        lambda: "x" * (n * 10),
        lambda: rnd.choice(CONTROLS) * rnd.randint(1, 3),
        lambda: "include \"l.gtc\"\n" * rnd.randint(2, 30),
        lambda: ("Ana: vote staff\n" if rnd.random() < 0.5 else "Ana: pass\n") * n,
        lambda: '"' + "\\" * n,
        lambda: chr(rnd.choice([0x10FFFF, 0xFEFF, 0x0301, 0x1F600, 0x4E00, 0xFFFD])) * rnd.randint(1, 50),
    ])()


NUMBERS = ["0", "1", "2", "3", "5", "12", "20", "21", "99", "-1", "+4", "1000", "4294967296", "9" * 30, "9" * 99,
           "0.5", "1e400", "nan", "-0"]
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
_STRING = re.compile(r'"[^"\n]*"')


def tweak(text: str, rnd: random.Random) -> str:
    """A copy of ``text`` that still parses, mostly: one number or one quoted name changed."""
    for _ in range(rnd.randint(1, 3)):
        spots = list((_NUMBER if rnd.random() < 0.6 else _STRING).finditer(text))
        if not spots:
            continue
        spot = rnd.choice(spots)
        if spot.group().startswith('"'):
            other = rnd.choice(spots).group()
            new = rnd.choice([other, '""', '"' + other[1:-1][::-1] + '"', '"' + other[1:-1].upper() + '"'])
        else:
            new = rnd.choice(NUMBERS)
        text = text[:spot.start()] + new + text[spot.end():]
    return text


def hand_edit(lines: list[str], n: int, rnd: random.Random, which: int) -> None:
    """One of the edits hands make to line ``n``: 0 delete it, 1 copy another line there, 2 shuffle its words.

    Shared with the property tests' ``mutate_lines`` (tests/conftest.py).
    """
    if which == 0:
        if len(lines) > 1:
            del lines[n]
    elif which == 1:
        lines.insert(n, lines[rnd.randrange(len(lines))])
    else:
        words = lines[n].split(" ")
        rnd.shuffle(words)
        lines[n] = " ".join(words)


def mutate(text: str, rnd: random.Random, rounds: int = 4) -> bytes:
    """A damaged or hostile copy of ``text`` (as bytes: some mutations are not UTF-8)."""
    if rnd.random() < 0.4:
        return tweak(text, rnd).encode("utf-8")
    lines = text.split("\n") or [""]
    raw_edits: list[tuple[int, bytes]] = []
    for _ in range(rnd.randint(1, rounds)):
        n = rnd.randrange(len(lines))
        choice = rnd.randrange(11)
        if choice < 3:
            hand_edit(lines, n, rnd, choice)
        elif choice in (3, 4):
            cut = rnd.randint(0, len(lines[n]))
            lines[n] = lines[n][:cut] + rnd.choice(FRAGMENTS) + lines[n][cut:]
        elif choice in (5, 6):
            cut = rnd.randint(0, len(lines[n]))
            lines[n] = lines[n][:cut] + _hostile(rnd) + lines[n][cut:]
        elif choice == 7:
            lines = lines[:rnd.randint(0, len(lines))] or [""]
        elif choice == 8:
            lines[n:n + 1] = [lines[n]] * rnd.choice([2, 50, 500, 3_000])
        elif choice == 9:
            lines[n] = "".join(chr(rnd.randint(1, 0x2FF)) if rnd.random() < 0.2 else c for c in lines[n])
        else:
            raw_edits.append((rnd.randint(0, 1_000_000), bytes([rnd.choice([0x80, 0xC3, 0xFF, 0xED, 0xF4])])))
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    for at, byte in raw_edits:
        at = at % (len(data) + 1)
        data = data[:at] + byte + data[at:]
    return data[:2_500_000]


# ---- scenarios ------------------------------------------------------------------------------------------------
LOG_COMMANDS = [["check", "{f}"], ["check", "{f}", "--json"], ["check", "{f}", "--format", "github"],
                ["check", "{f}", "--strict", "--first"], ["replay", "{f}"], ["replay", "{f}", "--json", "--at", "40"],
                ["fmt", "{f}"], ["fmt", "{f}", "--lang", "es"], ["fmt", "{f}", "--check"], ["play", "{f}"],
                ["play", "{f}", "--json"], ["game", "from-log", "{f}", "{d}/out.toml"],
                ["check", "{f}", "--allow-outside"], ["diff", "{f}", "{d}/game.gtl", "--json"],
                ["club", "stats", "{d}", "--jobs", "1"]]  # gt club: a folder of one mutated log among good files
SET_COMMANDS = [["cards", "check", "{f}"], ["cards", "check", "{f}", "--json"], ["cards", "show", "{f}"],
                ["cards", "show", "{f}", "--lang", "fr"], ["cards", "export", "{f}", "--format", "json"],
                ["cards", "export", "{f}", "--format", "gtc", "--lang", "it"],
                ["cards", "template", "{f}", "--lang", "es", "-o", "{d}/t.gtc"],
                ["check", "{d}/game.gtl", "--cards", "{f}"], ["check", "{d}/uses-set.gtl"]]
COMMANDS = {
    "table": [["tally", "{f}"], ["tally", "{f}", "--json"], ["tally", "{f}", "--profile", "printed-fr"],
              ["game", "tribunal", "{d}/session.toml", "--from", "{f}", "--yes"]],
    "session": [["game", "show", "{f}"], ["game", "show", "{f}", "--json"], ["game", "undo", "{f}"],
                ["game", "tribunal", "{f}", "--from", "{d}/table.toml", "--yes"], ["game", "tribunal", "{f}"],
                ["club", "export", "{d}", "--jobs", "1", "--json"]],
    "profile": [["tally", "{d}/table.toml", "--profile", "{f}"], ["rules", "diff", "official", "{f}"],
                ["check", "{d}/game.gtl", "--profile", "{f}"], ["check", "{d}/uses-profile.gtl"]],
    "board": [["check", "{d}/game.gtl", "--board", "{f}"], ["check", "{d}/uses-board.gtl"]],
    "gtc": SET_COMMANDS, "translation": [["cards", "check", "{f}"], ["cards", "show", "{d}/sample.gtc", "--lang", "es"]],
    "toml-set": SET_COMMANDS, "json-set": SET_COMMANDS,
    "log": LOG_COMMANDS,
    "typed": [["play", "{d}/new.gtl", "--new", "--players", "Ana,Ben,Caro", "--board", "sample"],
              ["game", "tribunal", "{d}/session.toml"]],
}
NAMES = {"table": "table.toml", "session": "session.toml", "profile": "profile.toml", "board": "board.toml",
         "gtc": "set.gtc", "translation": "sample.es.gtc", "toml-set": "set.toml", "json-set": "set.json",
         "log": "game.gtl", "typed": None}
MAX_TYPED_LINES = 200  # a long evening at the table; each answer replays the whole log
TYPED_WORDS = ["state", "help", "end", "undo", "roll", "y", "n", "", "e 1", "d 1", "staff 2, elemental 3",
               "Ana: vote staff", "praeco staff, orb, wand", "advance \"Storm Staff\" 3", "force \"x\" extract 9"]


def scenario(number: int) -> Scenario:
    rnd = random.Random(number)
    kind = rnd.choice(list(COMMANDS))
    texts = seeds()
    s = Scenario(number, kind)
    # the files every command may refer to, unmutated
    s.files["table.toml"] = _read(SCENARIOS / "tally" / "worked-example.toml").encode()
    s.files["session.toml"] = texts["session"][0].encode()
    s.files["sample.gtc"] = _read(CARDS / "sample.gtc").encode()
    s.files["sample-resources.gtc"] = _read(CARDS / "sample-resources.gtc").encode()
    log = _read(SCENARIOS / "games" / "three-players.gtl")
    s.files["game.gtl"] = log.encode()
    set_name = NAMES[kind] if kind in ("toml-set", "json-set") else "set.gtc"
    for name, tag in (("set", f'[Cards "{set_name}"]'), ("profile", '[Cards "sample"]\n[Profile "profile.toml"]'),
                      ("board", '[Cards "sample"]\n[Board "board.toml"]')):
        s.files[f"uses-{name}.gtl"] = log.replace('[Board "sample"]\n', "").replace('[Cards "sample"]', tag).encode()
    target = NAMES[kind]
    if target is not None:
        s.files[target] = mutate(rnd.choice(texts[kind]), rnd)
    if rnd.random() < 0.15:  # files a mutated input may name: devices, FIFOs, loops, folders
        for name in ("zero.gtc", "zero.toml"):
            s.files[name] = ZERO
        for name in ("fifo.gtc", "fifo.toml"):
            s.files[name] = FIFO
        s.files["loop.gtc"] = LOOP
        s.files["l.gtc"] = mutate(texts["gtc"][0], rnd, 2)
    if target is not None and rnd.random() < 0.03:
        s.files[target] = rnd.choice([FIFO, ZERO, LOOP, FOLDER])
    command = rnd.choice(COMMANDS[kind])
    s.args = [a.replace("{f}", "{d}/" + (target or "")) for a in command]
    if "play" in s.args or (kind in ("typed", "session") and "--from" not in s.args):
        s.input = "\n".join(rnd.choice(TYPED_WORDS + texts["typed"][0].split("\n")) for _ in range(rnd.randint(0, 12)))
        if kind == "typed" and rnd.random() < 0.7:
            typed = mutate(s.input, rnd, 3).decode("utf-8", "replace").split("\n")
            s.input = "\n".join(typed[:MAX_TYPED_LINES])
        s.input += "\nquit\n" if rnd.random() < 0.8 else ""
    return s
