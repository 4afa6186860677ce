"""Performance payouts: who gets what when a Magician performs a Performance card.

Every player with a trick marker on the card is paid the printed yields of each of their
tricks there, shifted by their own Theatre modifiers (Thursday -1, Sunday +1 to fame and
coins, both if they have characters on both days; a player with nobody in the Theatre
takes the performer's). A shifted yield stops at 0. The performer alone adds the card's
link bonus, the bonuses of their Specialists behind them, and the card's bonus box.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from gtcli.trickerion.rules.amounts import NOTHING, Amounts, total
from gtcli.trickerion.rules.problems import Problem, problem
from gtcli.trickerion.rules.words import DAYS, SUNDAY, THURSDAY

LINK_FAME = 1
SPECIALIST_BONUS = {
    "assistant": Amounts(fame=2),
    "manager": Amounts(coins=3),
    "engineer": Amounts(shards=1),
}

Theatre = tuple[tuple[str, tuple[str, ...]], ...]  # (player, days with a character of theirs), per turn


# The fame thresholds printed on trick cards (the star): 1 and 16 in the base game. A player
# learns a trick only with at least that much fame. The tricks of 36 are printed too, but the base
# game leaves them out (004, setup step 1), and gtcli scores the base game: 36 is refused.
THRESHOLDS = (1, 16)
LEFT_OUT_THRESHOLD = 36


@dataclass(frozen=True)
class Trick:
    owner: str
    name: str
    printed: Amounts  # the yields printed on the trick card
    threshold: int | None = None  # its fame threshold, when the entry gives it


@dataclass(frozen=True)
class Performance:
    day: str  # the performing Magician's slot
    performer: str
    tricks: tuple[Trick, ...]
    links: int = 0
    bonus: Amounts = NOTHING
    specialists: tuple[str, ...] = ()  # the performer's Specialists behind them in the Theatre
    theatre: Theatre = ()


@dataclass(frozen=True)
class Modifier:
    """A player's Theatre modifiers for one performance, and where they came from."""

    thursday: bool
    sunday: bool
    from_performer: bool  # the player had nobody in the Theatre and takes the performer's

    @property
    def per_trick(self) -> int:
        return int(self.sunday) - int(self.thursday)


@dataclass(frozen=True)
class TrickPayout:
    trick: Trick
    paid: Amounts


@dataclass(frozen=True)
class Payout:
    """One player's gains from one performance, with their breakdown."""

    name: str
    performer: bool
    modifier: Modifier
    tricks: tuple[TrickPayout, ...]
    links: Amounts = NOTHING
    specialists: Amounts = NOTHING
    card: Amounts = NOTHING

    @property
    def bonuses(self) -> Amounts:
        return self.links + self.specialists + self.card

    @property
    def total(self) -> Amounts:
        return total([t.paid for t in self.tricks]) + self.bonuses


def theatre_days(performance: Performance, player: str) -> frozenset[str]:
    """Days where ``player`` has a character this turn; the performer's Magician is on ``day``."""
    days = {d for name, ds in performance.theatre if name == player for d in ds}
    if player == performance.performer:
        days.add(performance.day)
    return frozenset(days)


def modifier_for(performance: Performance, player: str) -> Modifier:
    days = theatre_days(performance, player)
    if not days:
        own = modifier_for(performance, performance.performer)
        return Modifier(own.thursday, own.sunday, from_performer=True)
    return Modifier(THURSDAY in days, SUNDAY in days, from_performer=False)


def trick_yield(printed: Amounts, change: int) -> Amounts:
    """A trick's printed yields with the modifier applied to fame and coins, never below 0."""
    return Amounts(max(0, printed.fame + change), max(0, printed.coins + change), printed.shards)


def specialist_bonus(specialists: Iterable[str]) -> Amounts:
    """The performer's bonus for the Specialists behind them: each kind counts once."""
    return total([SPECIALIST_BONUS[kind] for kind in dict.fromkeys(specialists)])


def payout_of(performance: Performance, player: str) -> Payout:
    modifier = modifier_for(performance, player)
    tricks = tuple(TrickPayout(t, trick_yield(t.printed, modifier.per_trick))
                   for t in performance.tricks if t.owner == player)
    if player != performance.performer:
        return Payout(player, False, modifier, tricks)
    return Payout(player, True, modifier, tricks,
                  links=Amounts(fame=LINK_FAME * performance.links),
                  specialists=specialist_bonus(performance.specialists),
                  card=performance.bonus)


def payouts(performance: Performance) -> tuple[Payout, ...]:
    """The performer first, then each guest in the order their first trick is listed."""
    names = dict.fromkeys([performance.performer, *(t.owner for t in performance.tricks)])
    return tuple(payout_of(performance, name) for name in names)


def with_the_turns_days(theatre: Theatre, performances: Iterable[Performance]) -> tuple[Performance, ...]:
    """A turn's performances, each with the Theatre of the whole turn: the days the turn's
    table gives, and each performer's own day (their Magician stands on that slot), so a
    performer's Thursday or Sunday counts for their tricks in every show of the turn, also
    where they are a guest (Decision 16, docs/trickerion.md)."""
    performances = tuple(performances)
    days = {name: set(ds) for name, ds in theatre}
    for p in performances:
        days.setdefault(p.performer, set()).add(p.day)
    whole = tuple((name, tuple(sorted(ds, key=DAYS.keys.index))) for name, ds in days.items())
    return tuple(replace(p, theatre=whole) for p in performances)


def in_day_order(performances: Iterable[Performance]) -> tuple[Performance, ...]:
    """Performances happen Thursday to Sunday, whatever order they were written in."""
    return tuple(sorted(performances, key=lambda p: DAYS.keys.index(p.day)))


def performance_problems(performance: Performance, index: int = 0) -> tuple[Problem, ...]:
    """Rules one performance breaks on its own."""
    found = []
    if not any(t.owner == performance.performer for t in performance.tricks):
        found.append(problem("TRK010", f"{performance.performer} performs a card without a trick marker of theirs",
                             "a Magician can only perform a card that carries one of their own tricks",
                             section="performances", index=index, key="performer"))
    twice = next((s for n, s in enumerate(performance.specialists) if s in performance.specialists[:n]), None)
    if twice:
        found.append(problem("TRK012", f"the {twice} behind {performance.performer} is listed twice",
                             "each Specialist is hired once; their bonus counts once",
                             section="performances", index=index, key="specialists"))
    return tuple(found)


def theatre_cards(players: int, turn: int) -> int:
    """How many Performance cards the Theatre holds in turn ``turn`` (1 to 5) of a game of
    ``players`` (Decision 20, docs/trickerion.md).

    004: the setup lays out players - 1 Riverside Theatre cards; at each end of turn the cards
    move one slot, "from the third turn on" the last one is discarded, and the Performance
    deck's top card fills the leftmost empty slot, so that 2/3/4 players "always have 3/4/5
    cards during turns 3-5". So one more card after turn 1 and after turn 2 (the deck's four
    cards last exactly to the end of turn 4), then one out and one in: players - 1, players,
    then players + 1.
    """
    return players - 1 + min(max(turn, 1) - 1, 2)


def schedule_problems(performances: tuple[Performance, ...], players: int | None = None,
                      turn: int = 1) -> tuple[Problem, ...]:
    """Rules a turn's performances break together: one Magician a day, one show a Magician
    (TRK011), and, given the game's ``players`` and the ``turn``'s number, one show a
    Performance card in the Theatre (TRK021).

    A show needs a card carrying one of the performer's trick markers, and once it is over
    every marker on the card goes back: so each card serves one show a turn. The shows that
    find no card are the last ones in day order; a show already refused by TRK011 is not
    counted again (one fault, one finding)."""
    found = []
    kept = []
    for n, p in enumerate(performances):
        earlier = performances[:n]
        if any(e.day == p.day for e in earlier):
            found.append(problem("TRK011", f"two performances on {p.day.capitalize()}",
                                 "the Theatre has one performance slot a day",
                                 section="performances", index=n, key="day"))
        elif any(e.performer == p.performer for e in earlier):
            found.append(problem("TRK011", f"{p.performer} performs twice in one turn",
                                 "a player has one Magician", section="performances", index=n, key="performer"))
        else:
            kept.append(n)
    if players is None:
        return tuple(found)
    cards = theatre_cards(players, turn)
    by_day = sorted(kept, key=lambda n: DAYS.keys.index(performances[n].day))
    for n in by_day[cards:]:
        p = performances[n]
        found.append(problem("TRK021", f"{p.performer}'s {p.day.capitalize()} show has no Performance card left: "
                             f"{len(kept)} shows in turn {turn}, and the Theatre holds {cards} card(s) "
                             f"with {players} players", THEATRE_HINT,
                             section="performances", index=n, key="day"))
    return tuple(found)


THEATRE_HINT = ("each Performance card serves one show a turn (its trick markers go back after it); the "
                "Theatre holds players - 1 cards in turn 1, players in turn 2 and players + 1 from turn 3: "
                "a show too many was entered, or one belongs to another turn")
