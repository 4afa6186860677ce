"""Where ``gt balance`` finds games: logs (simulated or a club's), and ``gt simulate --stats-only`` files.

A folder is searched like ``gt check`` searches it (:mod:`gtcli.grand_tribunal.formats.log_files`): every
``*.gtl`` below it is checked with the same checker, and only a complete game without an
error counts (the others are listed as left out, with the reason). A study written by
``gt simulate`` also holds ``study.json`` (what was simulated: the bot above all) and,
with ``--stats-only``, ``games.jsonl``: one game summary per line, read as it streams,
each line checked for shape since such a file may come from anyone.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError

STUDY_FILE = "study.json"
GAMES_FILE = "games.jsonl"
MAX_STUDY_BYTES = 1_000_000
MAX_LINE_BYTES = 200_000  # one game's summary: a few KB
MAX_GAMES = 10_000_000
MAX_NAME = 200


@dataclass(frozen=True)
class LogJob:
    """One log to read (picklable, for the executor)."""

    path: str
    options: object  # gtcli.grand_tribunal.lang.logs.check.Options


def summary_of_log(job: LogJob) -> tuple[str, dict | None, str | None]:
    """(path, the game's summary, None) or (path, None, why it was left out)."""
    from gtcli.core.text import new_run
    from gtcli.grand_tribunal.lang.logs.check import check_file
    from gtcli.grand_tribunal.play.summary import summarize

    new_run()
    try:
        checked = check_file(job.path, job.options)
    except InputError as exc:
        first = exc.diagnostics[0] if exc.diagnostics else None
        return job.path, None, f"unusable: {first.code} {first.message}" if first else "unusable"
    result = checked.result
    errors = sorted({d.code for d in result.errors})
    if errors:
        return job.path, None, f"illegal: {', '.join(errors)}"
    if not result.complete:
        return job.path, None, "incomplete: it stops before the Grand Tribunal"
    return job.path, summarize(checked.log, result.state, result.winners), None


@dataclass
class Found:
    logs: list[str] = field(default_factory=list)
    game_files: list[str] = field(default_factory=list)
    studies: list[dict] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)


def find(arguments: tuple[str, ...]) -> Found:
    """Logs, summary files and study descriptions in the folders and files given."""
    from gtcli.grand_tribunal.formats.log_files import log_files

    found = Found()
    logs = log_files([a for a in arguments if not a.endswith(".jsonl")])
    found.logs, found.problems = logs.paths, logs.problems
    for argument in arguments:
        if argument.endswith(".jsonl"):
            found.game_files.append(argument)
            continue
        if not os.path.isdir(argument):
            continue
        for here, folders, files in os.walk(argument, followlinks=False):
            folders[:] = sorted(f for f in folders if not f.startswith("."))
            if GAMES_FILE in files:
                found.game_files.append(os.path.join(here, GAMES_FILE))
            if STUDY_FILE in files:
                found.studies.append(read_study(os.path.join(here, STUDY_FILE)))
    return found


def read_study(path: str) -> dict[str, Any]:
    """A study's description; an unreadable or odd one is a study of unknown bot, never an error."""
    from gtcli.core.files.reading import read_text

    try:
        data = json.loads(read_text(path, "study description", MAX_STUDY_BYTES))
    except (InputError, ValueError):
        return {"file": path, "bot": None}
    if not isinstance(data, dict):
        return {"file": path, "bot": None}
    bot = data.get("bot")
    return {"file": path, "bot": bot if isinstance(bot, str) and len(bot) <= MAX_NAME else None,
            "card_set": data.get("card_set") if isinstance(data.get("card_set"), str) else None,
            "left_out": [c for c in data.get("left_out", []) if isinstance(c, str)][:1000]
            if isinstance(data.get("left_out"), list) else []}


def summary_problem(game: Any) -> str | None:
    """Why ``game`` is not a game summary (:mod:`gtcli.grand_tribunal.play.summary`), or None."""
    if not isinstance(game, dict):
        return "not an object"
    players = game.get("players")
    if not (isinstance(players, list) and 1 <= len(players) <= 8 and all(isinstance(p, str) for p in players)
            and len(set(players)) == len(players)):
        return "players: a list of distinct names"
    if not (isinstance(game.get("winners"), list) and set(game["winners"]) <= set(players)):
        return "winners: some of the players"
    if not (isinstance(game.get("turns"), int) and 0 <= game["turns"] <= 100_000):
        return "turns: a count"
    if game.get("first_praeco") is not None and game["first_praeco"] not in players:
        return "first_praeco: one of the players"

    def per_player(key: str, check) -> bool:
        value = game.get(key)
        return isinstance(value, dict) and all(p in value and check(value[p]) for p in players)

    count = lambda v: isinstance(v, int) and not isinstance(v, bool) and -10**6 <= v <= 10**6  # noqa: E731
    if not per_player("totals", count):
        return "totals: a score per player"
    if not per_player("vis", lambda v: isinstance(v, dict) and all(count(v.get(k)) for k in ("gathered", "advanced", "left"))):
        return "vis: gathered, advanced and left per player"
    if not per_player("played", lambda v: isinstance(v, dict) and len(v) <= 1000
                      and all(isinstance(k, str) and len(k) <= MAX_NAME and count(n) for k, n in v.items())):
        return "played: card -> times, per player"
    if not per_player("used", lambda v: isinstance(v, list) and len(v) <= 1000
                      and all(isinstance(k, str) and len(k) <= MAX_NAME for k in v)):
        return "used: card names, per player"
    tribunals = game.get("tribunals")
    if not (isinstance(tribunals, list) and len(tribunals) <= 100 and all(
            isinstance(t, dict) and all(p in players and count(v) for p, v in t.items()) for t in tribunals)):
        return "tribunals: scores per player, per Tribunal"
    return None


def read_games(path: str, excluded: list[dict]) -> Iterator[dict]:
    """The summaries of a ``games.jsonl``, one line at a time; a bad line is listed in ``excluded``."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        excluded.append({"file": path, "reason": f"unreadable: {exc.strerror or exc}"})
        return
    handle = os.fdopen(fd, "rb")
    with handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InputError(Diagnostic("IO001", f"{path} is not a regular file: it was not read", path=path))
        for number, line in enumerate(iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""), 1):
            if number > MAX_GAMES:
                excluded.append({"file": f"{path}:{number}", "reason": f"more than {MAX_GAMES} games: the rest is not read"})
                return
            if not line.strip():
                continue
            if len(line) > MAX_LINE_BYTES:
                excluded.append({"file": f"{path}:{number}", "reason": f"a line longer than {MAX_LINE_BYTES} bytes"})
                while line and not line.endswith(b"\n"):  # skip the rest of it, a bounded piece at a time
                    line = handle.readline(MAX_LINE_BYTES)
                continue
            try:
                record = json.loads(line)
            except ValueError:
                excluded.append({"file": f"{path}:{number}", "reason": "not JSON"})
                continue
            game = record.get("summary") if isinstance(record, dict) else None
            problem = summary_problem(game)
            if problem:
                excluded.append({"file": f"{path}:{number}", "reason": f"not a game summary ({problem})"})
                continue
            yield game
