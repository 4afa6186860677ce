"""Where ``gt balance`` finds games: logs (simulated or a club's), and ``gt simulate --stats-only`` files.

A folder is searched like ``gt check`` searches it (:mod:`gtcli.grand_tribunal.formats.log_files`): every
``*.gtl`` below it is checked with the same checker, and only a complete game without an
error counts (the others are listed as left out, with the reason). A study written by
``gt simulate`` also holds ``study.json`` (what was simulated: the bot above all) and,
with ``--stats-only``, ``games.jsonl`` (and ``games.recovered-PID.jsonl``, a killed run's
games: :mod:`gtcli.balance.folder`): one game summary per line, read as it streams, each line
checked for shape since such a file may come from anyone -- its length, its nesting (the
core's bounded JSON check, :func:`gtcli.core.files.shape.json_problem`) and every field.

Whatever a folder holds costs bounded memory: the games left out are counted by reason and
only the first :data:`EXAMPLES` are kept (:class:`Exclusions`); folders are walked with a
list of folders to visit, not by recursion, so a folder 10,000 deep is searched like any.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from gtcli.balance.folder import RECOVERED
from gtcli.core.diagnostics import Diagnostic, InputError

try:
    import cython  # the compiled build (gtcli.HOT_MODULES): a summary's dicts and lists typed once checked
except ImportError:  # no Cython: the declarations mean nothing
    from gtcli.core.cython_stub import cython

STUDY_FILE = "study.json"
GAMES_FILE = "games.jsonl"
MAX_STUDY_BYTES = 1_000_000
MAX_LINE_BYTES = 200_000  # one game's summary: a few KB
MAX_GAMES = 10_000_000
MAX_NAME = 200
EXAMPLES = 100  # games left out kept by name; the rest are counted
NUMBERED = 4096  # studies whose games' identities are packed in an integer (Repeats), in 12 bits
INDEX_END, SEED_START, SEED_END = 1 << 32, -(1 << 63), 1 << 64  # an index and a seed packed there


class Exclusions:
    """The games left out, each counted under its kind of reason; the first :data:`EXAMPLES` kept whole."""

    def __init__(self) -> None:
        self.count = 0
        self.by_reason: Counter = Counter()
        self.examples: list[dict[str, str]] = []

    def add(self, where: str, reason: str, kind: str | None = None) -> None:
        self.count += 1
        self.by_reason[kind or reason.split(":", 1)[0].split(" (", 1)[0]] += 1
        if len(self.examples) < EXAMPLES:
            self.examples.append({"file": where, "reason": reason})

    def json(self) -> dict[str, Any]:
        return {"count": self.count, "by_reason": dict(self.by_reason.most_common()), "examples": self.examples}


class Repeats:
    """Each game once: a game is its study, seed and index (docs/balance.md, "Each game once").

    A line of ``games.jsonl`` gt writes names its study (``"study"``: :func:`gtcli.balance.study.study_id`,
    a digest of what decides the games), the game's seed and its index; a line without a study
    (written before it was recorded) is taken to be of the study of its folder. The same game read
    again -- the same command rerun after a kill -9 replays the same seeds, and the killed run's games
    are kept as ``games.recovered-PID.jsonl`` -- is counted once; each repeat is counted here and the
    first :data:`EXAMPLES` named. A line with no seed or index has no identity and is counted as it is.
    A game is kept as its identity itself, packed in one integer -- the study's number among the first
    :data:`NUMBERED` met, the seed and the index, while they fit in their bits (an index below 2 ** 32
    and a seed of 64 bits, as gt writes them) -- so no two games can be taken for one; any other as an
    8-byte digest (BLAKE2) of its identity, as bytes. About 70 bytes a game either way.
    """

    def __init__(self) -> None:
        from hashlib import blake2b

        self.seen: set[int | bytes] = set()
        self._digest = blake2b
        self.count = 0
        self.examples: list[dict[str, Any]] = []
        self._studies: dict[str, int] = {}  # a study's number, for its games' identities
        self._folders: dict[str, str] = {}  # a file's folder, for its lines that name no study

    def repeated(self, record: dict, path: str, number: int) -> bool:
        """Whether ``record`` (line ``number`` of ``path``) is a game read before; noted if so."""
        index, seed, study = record.get("index"), record.get("seed"), record.get("study")
        if not (type(index) is int and type(seed) is int):  # JSON's integers (a bool is not one: _whole)
            return False
        if not (type(study) is str and len(study) <= MAX_NAME):
            study = self._folders.get(path)
            if study is None:
                study = self._folders[path] = "folder " + os.path.dirname(os.path.abspath(path))
        studies = self._studies
        known = studies.get(study)
        if known is None and len(studies) < NUMBERED:
            known = studies[study] = len(studies)
        if known is not None and 0 <= index < INDEX_END and SEED_START <= seed < SEED_END:
            key: int | bytes = ((seed - SEED_START) << 32 | index) << 12 | known
        else:
            key = self._digest(f"{study}\0{seed}\0{index}".encode(), digest_size=8).digest()
        if key not in self.seen:
            self.seen.add(key)
            return False
        self.count += 1
        if len(self.examples) < EXAMPLES:
            self.examples.append({"file": f"{path}:{number}", "index": index, "seed": seed,
                                  "study": record.get("study") if isinstance(record.get("study"), str) else None})
        return True


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
    from gtcli.balance.bots import bots_from_event

    summary = summarize(checked.log, result.state, result.winners)
    bots = bots_from_event(((name, value) for name, value, _ in checked.log.tags), summary["players"])
    if bots is not None:  # the seats' bots, as gt simulate's own summary names them
        summary["bots"] = dict(zip(summary["players"], bots))
    return job.path, summary, None


@dataclass
class Found:
    logs: list[str] = field(default_factory=list)
    game_files: list[str] = field(default_factory=list)
    studies: list[dict] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)


def find(arguments: tuple[str, ...]) -> Found:
    """Logs, summary files and study descriptions in the folders and files given (one walk per folder)."""
    from gtcli.grand_tribunal.formats.log_files import SUFFIX, log_files

    found = Found()
    given: list[str] = []
    for argument in arguments:
        if argument.endswith(".jsonl") and not os.path.isdir(argument):
            found.game_files.append(argument)
        elif os.path.isdir(argument):
            logs = walk(argument, found, SUFFIX)
            given += logs
        else:
            given.append(argument)
    listed = log_files(given)  # each once, at most MAX_LOGS, as gt check takes them
    found.logs, found.problems = listed.paths, found.problems + listed.problems
    return found


def walk(folder: str, found: Found, suffix: str) -> list[str]:
    """The logs below ``folder`` (sorted as gt check sorts them); its games files and studies go in ``found``.

    Hidden folders and files are skipped, links to folders not followed; folders are searched
    without recursion (:func:`gtcli.core.files.walk.walk`, shared with gt check and the club).
    """
    from gtcli.core.files.walk import walk as walk_folders
    from gtcli.grand_tribunal.formats.log_files import MAX_LOGS

    def cannot(exc: OSError) -> None:
        where = exc.filename or folder
        found.problems.append(Diagnostic("IO001", f"cannot search {where}: {exc.strerror or exc}", path=where))

    logs: list[str] = []
    for here, inner, names in walk_folders(folder, cannot):
        inner[:] = [name for name in inner if not name.startswith(".")]  # links to folders are never entered
        for name in names:
            if name.startswith("."):
                continue
            path = os.path.join(here, name)
            if name == GAMES_FILE or RECOVERED.match(name):
                found.game_files.append(path)
            elif name == STUDY_FILE:
                found.studies.append(read_study(path))
            elif name.lower().endswith(suffix):
                logs.append(path)
        if len(logs) > MAX_LOGS:
            break
    return sorted(logs, key=lambda p: os.path.relpath(p, folder).split(os.sep))


def read_study(path: str) -> dict[str, Any]:
    """A study's description. One that is not JSON within the core's bounds (nested 5,000 deep, cut
    short) is IO001 at its line and column (:func:`gtcli.core.files.json_source.read_json`); one of
    another shape is a study of unknown bot."""
    from gtcli.core.files.json_source import read_json

    data = read_json(path, "study description", MAX_STUDY_BYTES)
    if not isinstance(data, dict):
        return {"file": path, "bot": None}
    bot = data.get("bot")
    count = lambda key: data[key] if _whole(data.get(key)) else None  # noqa: E731
    return {"file": path, "bot": bot if isinstance(bot, str) and len(bot) <= MAX_NAME else None,
            # unfinished: stopped by a signal or a full disk, or killed outright (it says so before the first game)
            "finished": data.get("finished") is not False and data.get("stopped") is not True,
            "done": count("done"), "games": count("games"),
            "signal": data.get("signal") if data.get("signal") in ("SIGINT", "SIGTERM", "SIGHUP") else None,
            "card_set": data.get("card_set") if isinstance(data.get("card_set"), str) else None,
            "cards": data.get("cards") if isinstance(data.get("cards"), str) and len(data["cards"]) <= 1000 else None,
            "left_out": [c for c in data.get("left_out", []) if isinstance(c, str)][:1000]
            if isinstance(data.get("left_out"), list) else []}


@cython.locals(summary=dict, players=list, winners=list, totals=dict, vis=dict, played=dict, used=dict, flow=dict,
               cards=dict, names=list, tribunals=list, scores=dict, seats=set, won=set)
def summary_problem(game: Any) -> str | None:
    """Why ``game`` (a value of JSON) is not a game summary (:mod:`gtcli.grand_tribunal.play.summary`), or None.

    Written as plain loops over JSON's own types, nothing called per value (no generator, no
    helper): it runs once per line of a games.jsonl (benchmarks/bench_balance_read.py). A player's
    card names are joined in C instead (a name that is not a string stops the join; names no longer
    than :data:`MAX_NAME` together need no look at each): on this Python the builtins cost more than
    a loop over a few values (a ``set`` of their types, ``max`` of their lengths: measured), but the
    join is one call for a list of names. Each group of fields is checked whole before the next, so
    the reason given is the first group that fails. Each value is given its typed name (the
    ``cython.locals`` above: the compiled build looks up a dict's keys in C) once its type is known."""
    if type(game) is not dict:
        return "not an object"
    summary = game
    value = summary.get("players")
    if type(value) is not list or not 1 <= len(value) <= 8:
        return "players: a list of distinct names"
    players = value
    for name in players:
        if type(name) is not str or len(name) > MAX_NAME:
            return "players: a list of distinct names"
    seats = set(players)
    if len(seats) != len(players):
        return "players: a list of distinct names"
    value = summary.get("winners")
    if type(value) is not list or len(value) > 8:
        return "winners: some of the players"
    winners = value
    for name in winners:
        if type(name) is not str or len(name) > MAX_NAME:
            return "winners: some of the players"
    won = set(winners)
    if len(won) != len(winners) or not won <= seats:
        return "winners: some of the players"
    turns = summary.get("turns")
    if not (type(turns) is int and 0 <= turns <= 100_000):
        return "turns: a count"
    praeco = summary.get("first_praeco")
    if praeco is not None and not (type(praeco) is str and praeco in seats):
        return "first_praeco: one of the players"
    value = summary.get("totals")
    if type(value) is not dict:
        return "totals: a score per player"
    totals = value
    for p in players:
        v = totals.get(p)  # None if missing
        if type(v) is not int or not -1_000_000 <= v <= 1_000_000:
            return "totals: a score per player"
    value = summary.get("vis")
    if type(value) is not dict:
        return "vis: gathered, advanced and left per player"
    vis = value
    for p in players:
        value = vis.get(p)
        if type(value) is not dict:
            return "vis: gathered, advanced and left per player"
        flow = value
        gathered, advanced, left = flow.get("gathered"), flow.get("advanced"), flow.get("left")
        if not (type(gathered) is int and type(advanced) is int and type(left) is int
                and -1_000_000 <= gathered <= 1_000_000 and -1_000_000 <= advanced <= 1_000_000
                and -1_000_000 <= left <= 1_000_000):
            return "vis: gathered, advanced and left per player"
    value = summary.get("played")
    if type(value) is not dict:
        return "played: card -> times, per player"
    played = value
    for p in players:
        value = played.get(p)
        if type(value) is not dict or len(value) > 1000:
            return "played: card -> times, per player"
        cards = value
        for card, times in cards.items():  # a JSON object's keys are strings
            if not (len(card) <= MAX_NAME and type(times) is int and -1_000_000 <= times <= 1_000_000):
                return "played: card -> times, per player"
    value = summary.get("used")
    if type(value) is not dict:
        return "used: card names, per player"
    used = value
    for p in players:
        value = used.get(p)
        if type(value) is not list or len(value) > 1000:
            return "used: card names, per player"
        names = value
        try:
            together = "".join(names)  # in C, a TypeError if one is not a string: half the cost of a loop
        except TypeError:
            return "used: card names, per player"
        if len(together) > MAX_NAME:  # names no longer than that together are each no longer
            for name in names:
                if len(name) > MAX_NAME:
                    return "used: card names, per player"
    value = summary.get("tribunals")
    if type(value) is not list or len(value) > 100:
        return "tribunals: scores per player, per Tribunal"
    tribunals = value
    for value in tribunals:
        if type(value) is not dict:
            return "tribunals: scores per player, per Tribunal"
        scores = value
        for p, v in scores.items():
            if p not in seats or type(v) is not int or not -1_000_000 <= v <= 1_000_000:
                return "tribunals: scores per player, per Tribunal"
    return None


def summary_keys(record: Any) -> int:
    """A lower bound of the number of keys in ``record``, a line of a games.jsonl as ``json`` parsed it:
    the keys of the dicts where a summary keeps its fields (the record, its summary, ``totals``,
    ``vis`` and each player's flow, ``played`` and each player's cards, ``used``, ``kinds``, ``bots``
    and each Tribunal's scores), whatever else the line holds. Given to the core's bounded reader
    (:func:`~gtcli.core.files.json_source.loads_bounded`'s ``keys``), it spares checking each object
    for a key twice when the line's colons are all accounted for: the bound is sound because it
    counts only dicts (``type(d) is dict``: never a list's or a string's length), each at its own
    place in the tree ``json`` made (a parsed value shares no dict), so none twice."""
    if type(record) is not dict:
        return 0
    game = record.get("summary")
    if type(game) is not dict:
        return len(record)
    count = len(record) + len(game)
    for name in ("totals", "used", "kinds", "bots"):
        found = game.get(name)
        if type(found) is dict:
            count += len(found)
    for name in ("vis", "played"):
        found = game.get(name)
        if type(found) is dict:
            count += len(found)
            for inner in found.values():
                if type(inner) is dict:
                    count += len(inner)
    tribunals = game.get("tribunals")
    if type(tribunals) is list:
        for scores in tribunals:
            if type(scores) is dict:
                count += len(scores)
    return count


BLOCK = 1 << 20  # a games.jsonl is read a block at a time, split at its line ends once


def read_games(path: str, excluded: Exclusions, repeats: Repeats | None = None) -> Iterator[dict]:
    """The summaries of a ``games.jsonl``, one line at a time; a bad line is counted in ``excluded``,
    a game read before (:class:`Repeats`) in ``repeats``.

    The file is read in blocks of :data:`BLOCK` bytes, each split at its line ends once
    (:func:`_split`; the piece after the last end waits for the next block). A line longer than
    :data:`MAX_LINE_BYTES` (its end included) is one line left out, whatever it holds, its bytes
    dropped as they come: memory stays bounded whatever the file. Each other line is read by the core's bounded JSON reader (a
    key given twice found by counting colons against :func:`summary_keys`) and its summary checked
    (:func:`summary_problem`)."""
    import stat

    from gtcli.core.files.json_source import JsonProblem, loads_bounded

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        excluded.add(path, f"unreadable: {exc.strerror or exc}", "unreadable")
        return
    handle = os.fdopen(fd, "rb", buffering=0)
    with handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InputError(Diagnostic("IO001", f"{path} is not a regular file: it was not read", path=path))
        limit = MAX_LINE_BYTES  # read once: a test sets it
        repeated = repeats.repeated if repeats is not None else None
        number = 0
        rest = b""  # the start of a line whose end is in a later block
        skipping = False  # within a line too long, already counted: its bytes up to its end are dropped
        while True:
            block = handle.read(BLOCK)
            end_of_file = not block
            if skipping and not end_of_file:
                end = block.find(b"\n")
                if end < 0:
                    continue
                skipping, block = False, block[end + 1:]
            if end_of_file:  # the last line, if it has no end
                lines, rest = [rest] if rest else [], b""
            else:
                lines = _split(rest + block)
                rest = lines.pop()
                if len(rest) > limit:  # too long already, whatever follows: counted now, the rest dropped
                    lines.append(None)
                    rest, skipping = b"", True
            for line in lines:
                number += 1
                if number > MAX_GAMES:
                    excluded.add(f"{path}:{number}", f"more than {MAX_GAMES} games: the rest is not read", "too many")
                    return
                if line is None or len(line) + (not end_of_file) > limit:  # its end counts
                    excluded.add(f"{path}:{number}", f"a line longer than {limit} bytes", "too long")
                    continue
                if not line or line.isspace():
                    continue
                try:
                    record = loads_bounded(line, lines=False, keys=summary_keys)
                except JsonProblem as exc:
                    excluded.add(f"{path}:{number}", _not_json(exc), "not JSON")
                    continue
                game = record.get("summary") if type(record) is dict else None
                problem = summary_problem(game)
                if problem:
                    excluded.add(f"{path}:{number}", f"not a game summary ({problem})", "not a game summary")
                    continue
                if repeated is not None and repeated(record, path, number):
                    continue
                yield game
            if end_of_file:
                return


def _split(data: bytes) -> list[bytes]:
    """``data.split(b"\n")``, each end found by ``find`` (``memchr``: a few bytes an instruction) where
    ``split`` looks at each byte in turn: a twelfth of the cost, on lines of a few KB."""
    lines: list[bytes] = []
    append, find, start = lines.append, data.find, 0
    while (end := find(b"\n", start)) >= 0:
        append(data[start:end])
        start = end + 1
    append(data[start:])
    return lines


def parse_line(line: bytes) -> tuple[Any, str | None]:
    """One line of JSON from anyone: (its value, None) or (None, why not), never an exception.

    The core's bounded reader (:func:`~gtcli.core.files.json_source.loads_bounded`: nesting,
    long numbers) parses it; the line's length is bounded by :func:`read_games`, not by the
    reader's limit on a line of text (a summary of a long 5-player game may pass it).
    """
    from gtcli.core.files.json_source import JsonProblem, loads_bounded

    try:
        return loads_bounded(line, lines=False, keys=summary_keys), None
    except JsonProblem as exc:
        return None, _not_json(exc)


def _not_json(exc: Any) -> str:
    """Why a line is left out, from the bounded reader's JsonProblem."""
    if exc.limit:
        return f"not JSON within gt's limits ({exc.why})"
    return "not JSON (not UTF-8)" if exc.why.startswith("not UTF-8") else "not JSON"
