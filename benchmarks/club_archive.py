"""A generated club archive: legal games of 3 to 5 players drawn from a pool of members, dated.

Used by ``benchmarks/bench_club.py`` (10,000 games) and by the tests of ``gt club`` (a few
dozen). Each game is played by the random bot of :mod:`gtcli.grand_tribunal.play.bots` (every move checked
as it is made), seated from :data:`POOL` and dated one day after the other from
:data:`START`, so a seed always makes the same game, the same names and the same date.
"""

from __future__ import annotations

import datetime as dt
import random
from functools import cache
from pathlib import Path

POOL = ("Ana", "Ben", "Caro", "Dora", "Eli", "Fede", "Gala", "Hugo", "Inés", "Jon", "Kira", "Lúa")
START = dt.date(2024, 1, 1)


@cache
def _sample():
    from gtcli.grand_tribunal.lang.cards.sets import load_set
    from gtcli.grand_tribunal.shipped import cards_dir

    return load_set(str(cards_dir() / "sample.gtc"))


def game_text(seed: int, pool: tuple[str, ...] = POOL, players: int | None = None) -> str:
    """The log of game ``seed``: a legal, complete game in gt fmt's layout."""
    from gtcli.grand_tribunal.lang.logs.format import format_log
    from gtcli.grand_tribunal.play.bots import Bot, sample_board

    rng = random.Random(seed)
    seats = tuple(rng.sample(pool, players or rng.choice((3, 4, 5))))
    tags = (("Event", f"League game {seed}", None), ("Date", (START + dt.timedelta(days=seed)).isoformat(), None),
            ("Players", ", ".join(seats), None), ("Cards", "sample", None), ("Board", "sample", None))
    card_set = _sample()
    return format_log(Bot(card_set, seats, seed, sample_board()).play(tags), "en", card_set.vocabulary)


def write_game(args: tuple[int, str]) -> Path:
    """Write game ``seed`` into ``folder`` as ``YEAR/MONTH/game-SEED.gtl`` (a worker's task)."""
    seed, folder = args
    date = START + dt.timedelta(days=seed)
    path = Path(folder) / f"{date.year}" / f"{date.month:02d}" / f"game-{seed:05d}.gtl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(game_text(seed), encoding="utf-8")
    return path


def make_archive(folder: str | Path, seeds: range, jobs: int = 1) -> list[Path]:
    if jobs <= 1:
        return [write_game((s, str(folder))) for s in seeds]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(write_game, [(s, str(folder)) for s in seeds], chunksize=16))
