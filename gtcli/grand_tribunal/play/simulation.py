"""Whole games played by a bot through the referee: a log and its summary per game.

A :class:`Study` says what every game of a run shares (card set, board, profile, number of
players, bot, seed); :func:`play_game` plays game ``index`` of it. Game *i* of seed *S*
draws its random numbers from its own generator, seeded by :func:`game_seed` (a SHA-256
of the seed and the index), never from a stream shared with other games: so it is the
same game whatever ``--jobs``, executor, order or machine played it, and
:func:`play_game` is a pure function (``gtcli.core.executor.map_ordered`` maps it).

Every game is played by a bot of :mod:`gtcli.grand_tribunal.play.bots`, every move checked as it is made,
and written as an ordinary ``.gtl`` log (``gt check`` and ``gt replay`` read it). Its
summary (:mod:`gtcli.grand_tribunal.play.summary`) is read off the same referee.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from gtcli.core.diagnostics import ERROR
from gtcli.grand_tribunal.play.bots import NAMES, sample_board
from gtcli.grand_tribunal.play.mcts import DEFAULT_BUDGET
from gtcli.grand_tribunal.play.seating import seat_bots, seated
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.profiles import OFFICIAL, RuleProfile

SAMPLE = "sample"


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a study seeded ``seed``: 64 bits of SHA-256, independent per game."""
    digest = hashlib.sha256(f"gtcli simulate {seed} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Study:
    """What every game of a run shares; picklable (it travels to worker processes and machines).

    ``cards``, ``board`` and ``profile`` are what the logs' tags say (``"sample"``, a path
    relative to the logs' folder, a built-in profile's name) and ``*_path`` where this
    process reads them (None: the shipped sample, or no board).
    """

    players: tuple[int, ...]  # game i has players[i % len(players)] players
    bot: str = "random"  # one bot for every seat, or one per seat ("mcts,greedy,greedy,greedy"), rotating
    seed: int = 0
    cards: str = SAMPLE
    cards_path: str | None = None
    board: str | None = SAMPLE
    board_path: str | None = None
    profile: str | None = None  # a built-in name or a file, as the log's tag says; None: official
    profile_path: str | None = None
    variants: tuple[str, ...] = ()
    language: str = "en"
    logs: bool = True  # False: --stats-only, no log text
    event: str = "Simulated game"
    names: tuple[str, ...] = ()  # --names: each game draws its players from these (by its seed); () Ana, Ben...
    dates: tuple[str, str] | None = None  # --dates: each game's [Date], drawn by its seed between the two
    budget: int = DEFAULT_BUDGET  # the search bot's iterations per action
    extra: dict[str, Any] = field(default_factory=dict, compare=False)  # not used by the games


@dataclass(frozen=True)
class Game:
    index: int
    seed: int
    summary: dict[str, Any]
    text: str | None  # the log, unless the study keeps statistics only
    errors: tuple[str, ...] = ()  # codes of rule errors: a bot bug if ever non-empty


def card_set_of(study: Study):
    from gtcli.grand_tribunal.lang.cards.sets import load_set
    from gtcli.grand_tribunal.shipped import cards_dir

    return load_set(study.cards_path or cards_dir() / "sample.gtc")


def _profile(study: Study) -> RuleProfile:
    from gtcli.grand_tribunal.formats.profile_file import load_profile

    return load_profile(study.profile_path or study.profile) if (study.profile_path or study.profile) else OFFICIAL


def _board(study: Study):
    if study.board is None:
        return None
    if study.board_path is None:
        return sample_board()
    from gtcli.grand_tribunal.formats.board_file import load_board

    return load_board(study.board_path)


def seats(study: Study, index: int) -> tuple[str, ...]:
    count = study.players[index % len(study.players)]
    if not study.names:
        return NAMES[:count]
    return tuple(_drawn(study, index, "names").sample(study.names, count))


def _drawn(study: Study, index: int, what: str):
    """A generator of its own for what game ``index`` draws besides its play (names, date), by the seed."""
    import random

    return random.Random(hashlib.sha256(f"gtcli simulate {what} {study.seed} {index}".encode()).digest())


def game_date(study: Study, index: int) -> str | None:
    """Game ``index``'s date (ISO) between ``study.dates``, drawn by the seed; None without dates."""
    if study.dates is None:
        return None
    import datetime as dt

    first, last = (dt.date.fromisoformat(d) for d in study.dates)
    return dt.date.fromordinal(_drawn(study, index, "date").randint(first.toordinal(), last.toordinal())).isoformat()


def tags(study: Study, index: int) -> tuple:
    from gtcli.grand_tribunal.rules.variants import VARIANTS

    seats_ = seats(study, index)
    kinds = seat_bots(study.bot, seats_, index)
    budget = f", budget {study.budget}" if "mcts" in kinds else ""
    if len(set(kinds)) == 1:
        who = f"bot {kinds[0]}{budget}, "
    else:
        who = "bots " + ", ".join(f"{p}={k}" for p, k in zip(seats_, kinds)) + f"{budget}; "
    out = [("Event", f"{study.event} {index + 1} ({who}seed {study.seed})", None)]
    if study.dates:
        out.append(("Date", game_date(study, index), None))
    out += [("Players", ", ".join(seats_), None), ("Cards", study.cards, None)]
    if study.board:
        out.append(("Board", study.board, None))
    if study.profile:
        out.append(("Profile", study.profile, None))
    if study.variants:
        out.append(("Variants", ", ".join(VARIANTS[v] for v in sorted(study.variants)), None))
    if study.language != "en":
        out.append(("Language", study.language, None))
    return tuple(out)


def restricted_seat(study: Study, index: int) -> str:
    """The seat forbidden a card in game ``index`` of a restricted-play study: seats rotate."""
    seats_ = seats(study, index)
    return seats_[index % len(seats_)]


def play_game(study: Study, index: int, forbid: str | None = None, watch: bool = False) -> Game:
    """Game ``index`` (from 0) of ``study``: the same game wherever and whenever it is played.

    With ``forbid``, the card of that name is forbidden to the bot of seat
    :func:`restricted_seat` (restricted play); everything else is the same game. With
    ``watch``, the summary's ``considered`` lists the folded names of every card that seat's bot
    weighed (forbidding any other card gives this very game: :meth:`Bot.allowed`).
    """
    from gtcli.grand_tribunal.play.summary import summarize

    card_set = card_set_of(study)
    seed = game_seed(study.seed, index)
    players = seats(study, index)
    kinds = seat_bots(study.bot, players, index)
    forbidden = {restricted_seat(study, index): frozenset((forbid,))} if forbid else {}
    watched = restricted_seat(study, index) if watch else None
    bot = seated(kinds, card_set, players, seed, _board(study), _profile(study), frozenset(study.variants),
                 forbidden, study.budget, watched)
    log = replace(bot.play(tags(study, index)), language=study.language)
    errors = tuple(d.code for d in bot.ref.diagnostics if d.severity == ERROR)
    summary = summarize(log, bot.state, bot.ref.winners())
    summary["bots"] = dict(zip(players, kinds))
    if watched:
        summary["considered"] = sorted(bot.seat(watched).watch or ())
    if forbid:
        summary["restricted"] = {"player": restricted_seat(study, index), "card": forbid}
    return Game(index, seed, summary, log_text(study, log, card_set) if study.logs else None, errors)


def log_text(study: Study, log: L.Log, card_set) -> str:
    from gtcli.grand_tribunal.lang.cards.sets import names_in
    from gtcli.grand_tribunal.lang.logs.format import format_log
    from gtcli.grand_tribunal.shipped import cards_dir

    names = names_in(card_set, study.cards_path or cards_dir() / "sample.gtc", study.language)
    return format_log(log, study.language, card_set.vocabulary, names)


def games(study: Study):
    """The pure function of a game's index that an executor maps (picklable)."""
    return partial(play_game, study)


def random_game(card_set, players: int, seed: int, cards_tag: str = SAMPLE, board_tag: str | None = SAMPLE,
                language: str = "en", profile: RuleProfile = OFFICIAL, variants: frozenset[str] = frozenset(),
                bot: str = "random") -> L.Log:
    """A complete legal game of ``players`` players as a log (no positions), its bot seeded ``seed``.

    For benchmarks and the example games of ``scenarios/games``; ``gt simulate`` uses :func:`play_game`.
    """
    study = Study((players,), bot, seed, cards_tag, None, board_tag, None,
                  None if profile is OFFICIAL else profile.name, None, tuple(sorted(variants)), language)
    log = seated(seat_bots(bot, NAMES[:players], 0), card_set, NAMES[:players], seed,
                 sample_board() if board_tag else None, profile, frozenset(variants)).play((("Event", f"Generated game {seed}", None), *tags(study, 0)[1:]))
    return replace(log, language=language)
