"""What a study plays, from the options ``gt simulate`` and ``gt balance compare`` share.

:func:`load_study` turns the options into a :class:`~gtcli.grand_tribunal.play.simulation.Study`
(card set, board, profile, players, bot, seed, variants, names, dates), checked before the
first game: an unusable option is an :class:`InputError` or a :class:`ValueError` naming it.
The parsers here are pure and bounded: ``--players 3..20000000`` is refused from its two
ends, without building the range; ``--names`` takes at most :data:`MAX_NAMES` names of at
most :data:`MAX_NAME_CHARS` characters, each a name a log can hold.
:func:`companion_files` are the files a study folder holds beside its logs, :func:`describe`
is its ``study.json``.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError

MIN_PLAYERS, MAX_PLAYERS = 3, 5
MAX_NAMES = 1000
MAX_NAME_CHARS = 40
MAX_SIZES = 100  # --players 3,4,5,4,3...: the sizes taken in turn
_NAME = re.compile(r"[^\W\d_][\w'-]*")  # a player's name in a log (grammar/transcript.lark, NAME)


class OptionProblem(ValueError):
    """An option's value cannot be used: ``option`` names it, the message says why."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


def parse_players(value: str) -> tuple[int, ...]:
    """``4``, ``3,4,5`` or ``3..5``: the game sizes, taken in turn; ValueError if not 3 to 5 players.

    A range is checked from its two ends before it is built, so no value costs memory.
    """
    text = value.strip()
    parts = text.split(",")
    if len(parts) > MAX_SIZES:
        raise ValueError(f"at most {MAX_SIZES} sizes taken in turn")
    try:
        if ".." in text:
            low, high = (int(x) for x in text.split("..", 1))
            if not MIN_PLAYERS <= low <= high <= MAX_PLAYERS:
                raise ValueError(f"{value[:40]!r}: Grand Tribunal takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
            return tuple(range(low, high + 1))
        counts = tuple(int(x) for x in parts if x.strip())
    except ValueError as exc:
        if "Grand Tribunal" in str(exc):
            raise
        raise ValueError(f"{value[:40]!r} is not a number of players (4, 3,4,5 or 3..5)") from None
    if not counts or any(not MIN_PLAYERS <= n <= MAX_PLAYERS for n in counts):
        raise ValueError(f"{value[:40]!r}: Grand Tribunal takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
    return counts


def parse_names(value: str | None, players: tuple[int, ...], language: str = "en") -> tuple[str, ...]:
    """``--names "José, Marta, ..."``: the names games draw their players from (empty: Ana, Ben, ...).

    Each must be a name a log in ``language`` can hold: a word of the log language (``round``,
    ``ronda``) would be read as the keyword, so it is refused too.
    """
    from gtcli.core.text import fold, name_list
    from gtcli.grand_tribunal.lang.keywords import KEYWORDS, words

    if value is None:
        return ()
    if len(value) > MAX_NAMES * (MAX_NAME_CHARS + 2):
        raise ValueError(f"at most {MAX_NAMES} names of at most {MAX_NAME_CHARS} characters")
    names = name_list(value)
    if len(names) > MAX_NAMES:
        raise ValueError(f"at most {MAX_NAMES} names, not {len(names)}")
    for name in names:
        if len(name) > MAX_NAME_CHARS or not _NAME.fullmatch(name):
            raise ValueError(f"{name[:MAX_NAME_CHARS]!r} cannot be a player's name in a log: a letter, then "
                             f"letters, digits, ' or -, at most {MAX_NAME_CHARS} characters")
    reserved = {fold(part) for keyword in KEYWORDS for word in words(keyword, language) for part in word.split()}
    for name in names:
        if fold(name) in reserved:
            raise ValueError(f"{name!r} is a word of the log language ({language}): a log would read it as "
                             "that word, not as a player")
    seen: dict[str, str] = {}
    for name in names:
        first = seen.setdefault(fold(name), name)
        if first is not name:
            raise ValueError(f"{name!r} is given twice" + (f" (as {first!r})" if first != name else ""))
    if len(names) < max(players):
        raise ValueError(f"{len(names)} name(s) for games of {max(players)} players")
    return names


def parse_dates(value: str | None) -> tuple[str, str] | None:
    """``--dates 2024-01-01..2024-12-31``: the (first, last) ISO dates games are spread over."""
    if value is None:
        return None
    first, sep, last = value.strip().partition("..")
    try:
        if not sep:
            raise ValueError
        low, high = dt.date.fromisoformat(first.strip()), dt.date.fromisoformat(last.strip())
    except ValueError:
        raise ValueError(f"{value[:60]!r} is not FROM..TO, two dates as 2024-01-31") from None
    if low > high:
        raise ValueError(f"{value[:60]!r}: the first date comes after the last")
    return low.isoformat(), high.isoformat()


def check_metric_measurable(metric, players: tuple[int, ...]) -> None:
    """``seat:N`` when no game has N players can never be observed: refused before the first game."""
    if metric.kind == "seat" and int(metric.value) > max(players):
        raise OptionProblem("--metric", f"seat:{metric.value} cannot be measured in games of "
                                        f"{', '.join(map(str, sorted(set(players))))} players")


def load_study(cards: str | None, board: str, profile_spec: str | None, players: tuple[int, ...], seed: int,
               bot: str, variants: str, logs: bool, language: str = "en", names: tuple[str, ...] = (),
               dates: tuple[str, str] | None = None):
    """(Study, card set, names of the cards left out) for the options given.

    InputError if a file is unusable, :class:`OptionProblem` if an option does not fit the rest.
    """
    from gtcli.grand_tribunal.formats.board_file import load_board
    from gtcli.grand_tribunal.formats.profile_file import load_profile
    from gtcli.grand_tribunal.lang.cards.sets import load_set
    from gtcli.grand_tribunal.play.bots import playable_cards, playable_problem
    from gtcli.grand_tribunal.play.simulation import SAMPLE, Study, card_set_of
    from gtcli.grand_tribunal.rules.profiles import BUILTIN
    from gtcli.grand_tribunal.rules.variants import parse_variants
    from gtcli.grand_tribunal.shipped import is_sample

    cards = None if is_sample(cards) else cards  # the shipped sample: what no --cards plays
    card_set = load_set(cards) if cards else None
    profile = load_profile(profile_spec)
    for n in players:
        if not profile.min_players <= n <= profile.max_players:
            raise OptionProblem("--players", f"the profile takes {profile.min_players} to {profile.max_players} "
                                             f"players, not {n}")
    board_path = None
    if board not in ("sample", "none"):
        load_board(board)
        board_path = str(Path(board).resolve())
    chosen = tuple(sorted(parse_variants(variants)))
    if card_set is None:
        card_set = card_set_of(Study(players))
    problem = playable_problem(card_set, max(players))
    if problem:
        raise InputError(Diagnostic("CARD025", f"the card set cannot be simulated: {problem}", path=cards or SAMPLE,
                                    hint="bots cannot play cards whose effect is manual; add cards or give them "
                                         "effects the rules carry out (docs/cards.md)"))
    study = Study(players, bot, seed,
                  cards="cards/" + Path(cards).name if cards else SAMPLE,
                  cards_path=str(Path(cards).resolve()) if cards else None,
                  board=None if board == "none" else ("board.toml" if board_path else SAMPLE), board_path=board_path,
                  profile=None if not profile_spec else (profile_spec if profile_spec in BUILTIN else "profile.toml"),
                  profile_path=None if not profile_spec or profile_spec in BUILTIN else str(Path(profile_spec).resolve()),
                  variants=chosen, language=language, logs=logs, names=names, dates=dates)
    return study, card_set, playable_cards(card_set)[1]


def companion_files(study) -> dict[str, str]:
    """The files the logs name beside them: the card set (every file it includes), board, profile."""
    from gtcli.core.files.reading import read_text, resolved
    from gtcli.grand_tribunal.lang.cards.sets import load

    files: dict[str, str] = {}
    if study.cards_path:
        root = resolved(study.cards_path).parent
        for path, text in load(study.cards_path).texts.items():
            relative = resolved(path).relative_to(root)
            files["cards/" + relative.as_posix()] = text
    if study.board_path:
        files["board.toml"] = read_text(study.board_path, "board")
    if study.profile_path:
        files["profile.toml"] = read_text(study.profile_path, "profile")
    return files


def study_id(study) -> str:
    """What identifies a study's games: a digest of all that decides them (players, bots and their budget,
    the seed, variants, names, dates, and the text of the card set, board and profile played), so game
    *i* of seed *S* of one study is one game wherever its line is (:class:`gtcli.balance.sources.Repeats`)."""
    import hashlib
    import json

    decides = {"players": list(study.players), "bot": study.bot, "budget": study.budget, "seed": study.seed,
               "variants": list(study.variants), "names": list(study.names), "dates": study.dates,
               "cards": study.cards, "board": study.board, "profile": study.profile,
               "files": sorted(companion_files(study).items())}
    return hashlib.sha256(json.dumps(decides, sort_keys=True).encode("utf-8")).hexdigest()[:32]


def describe(study, games: int, done: int, stopped: bool, left_out, card_set, executor, seconds: float,
             signal: str | None = None, ident: str | None = None, finished: bool = True) -> dict[str, Any]:
    """``study.json``: what was simulated, so a report can name the bot (docs/balance.md)."""
    from gtcli import __version__

    return {"gt": __version__, "id": ident, "bot": study.bot, "seed": study.seed, "players": list(study.players),
            "games": games, "done": done, "finished": finished, "stopped": stopped, "signal": signal,
            "card_set": card_set.name,
            "cards": study.cards, "board": study.board, "profile": study.profile, "variants": list(study.variants),
            "language": study.language, "logs": study.logs, "left_out": list(left_out),
            "names": list(study.names), "dates": list(study.dates) if study.dates else None,
            "executor": executor.describe(), "seconds": round(seconds, 3)}
