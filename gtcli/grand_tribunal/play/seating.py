"""Who plays each seat: the bots by name, and one game's table seated with a bot per seat.

``random``, ``greedy`` and ``mcts`` are the three skill tiers (docs/balance.md, "Bots").
:func:`seated` builds the bots of one game: one per seat, sharing the seat-0 bot's
:class:`gtcli.grand_tribunal.play.bots.Table` (its referee, its log so far, its random numbers), each
playing its own seat's turns, each with the cards it is forbidden (restricted play).
A table of one kind of bot and no restriction is the single bot it always was, so the
games of ``--bot greedy`` are the same games as before seats had bots of their own.
"""

from __future__ import annotations

from gtcli.grand_tribunal.play.bots import Bot
from gtcli.grand_tribunal.play.greedy import GreedyBot
from gtcli.grand_tribunal.play.mcts import DEFAULT_BUDGET, SearchBot

BOTS: dict[str, type[Bot]] = {"random": Bot, "greedy": GreedyBot, "mcts": SearchBot}
TIERS = tuple(BOTS)  # from the weakest to the strongest
MAX_SEATS = 5


def parse_bots(text: str) -> tuple[str, ...]:
    """``greedy`` or ``mcts,greedy,greedy,greedy``: the bots in seat order; ValueError naming a bad one."""
    if len(text) > 200 or text.count(",") >= MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} bots, one per seat")
    names = tuple(part.strip().lower() for part in text.split(","))
    bad = [n for n in names if n not in BOTS]
    if not names or bad:
        raise ValueError(f"{', '.join(map(repr, bad)) or repr(text)} is not a bot: one of {', '.join(BOTS)}, "
                         "or a comma-separated list of them, one per seat")
    return names


def seat_bots(spec: str, players: tuple[str, ...], index: int) -> tuple[str, ...]:
    """The bot of each seat in game ``index``: the list shifted by ``index`` (seats rotate), repeated
    to fill the table if it is shorter."""
    names = parse_bots(spec)
    shift = index % len(names)
    rotated = names[shift:] + names[:shift]
    return tuple(rotated[seat % len(rotated)] for seat in range(len(players)))


def seated(kinds: tuple[str, ...], card_set, players: tuple[str, ...], seed: int, board=None, profile=None,
           variants: frozenset[str] = frozenset(), forbidden: dict[str, frozenset[str]] | None = None,
           budget: int = DEFAULT_BUDGET, watch: str | None = None) -> Bot:
    """The bot that plays one game (its :meth:`Bot.play`), with ``kinds[i]`` in seat ``i``; with ``watch``,
    that seat's bot notes every card its restriction would test (:meth:`Bot.allowed`)."""
    from gtcli.grand_tribunal.rules.profiles import OFFICIAL

    forbidden = forbidden or {}
    profile = profile or OFFICIAL
    if len(set(kinds)) == 1 and not any(forbidden.values()) and watch is None:
        return make(kinds[0], card_set, players, seed, board, profile, variants, frozenset(), budget)
    lead = None
    bots: dict[str, Bot] = {}
    for player, kind in zip(players, kinds):
        bot = make(kind, card_set, players, seed, board, profile, variants, forbidden.get(player, frozenset()), budget)
        if lead is None:
            lead = bot
        else:
            bot.table = lead.table
        bots[player] = bot
        if player == watch:
            bot.watch = set()
    assert lead is not None
    lead.table.seats = bots
    return lead


def make(kind: str, card_set, players, seed, board, profile, variants, forbidden, budget) -> Bot:
    cls = BOTS[kind]
    if cls is SearchBot:
        return SearchBot(card_set, players, seed, board, profile, variants, forbidden, budget=budget)
    return cls(card_set, players, seed, board, profile, variants, forbidden)
