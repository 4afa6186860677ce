"""A whole game of five turns: running fame, coins and shards, and the final scoring.

A game stores only what the scorekeeper entered (the seating and each turn's entry);
every figure is recomputed from those, so a session cannot disagree with itself. A turn
runs in the order of the sheet's phases that move fame, coins and shards:

1. initiative (drawn for the first turn; by fame from the second, ties reversed);
2. advertising, in initiative order (coins equal to the slot, +2 fame);
3. the Placement phase's other net changes, as entered (market, bank, hiring...);
4. performances, Thursday to Sunday;
5. wages; characters hired this turn join the team afterwards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from gtcli.core.diagnostics import Diagnostic
from gtcli.core.text import repeated
from gtcli.trickerion.rules.actions import SHARD_POINTS
from gtcli.trickerion.rules.amounts import NOTHING, Amounts
from gtcli.trickerion.rules.initiative import (ADVERTISING_FAME, MAX_PLAYERS, MIN_PLAYERS, advertising_cost, next_order,
                                               slot_of, start_of, ties)
from gtcli.trickerion.rules.performance import (Payout, Performance, Theatre, in_day_order, payouts,
                                                performance_problems, schedule_problems, with_the_turns_days)
from gtcli.trickerion.rules.problems import Problem, Where, error, problem
from gtcli.trickerion.rules.scoring import FinalResult, Standing, final_scoring
from gtcli.trickerion.rules.wages import Crew, Wages, lose_fame, pay, wages_due
from gtcli.trickerion.rules.words import APPRENTICE, MAGICIAN, SPECIALIST, THEATRE, character_kind

TURNS = 5
MAX_NAME = 40
CHARACTER_DISCS = 8  # per player: the Magician and up to 7 Apprentices and Specialists
START_APPRENTICES = 1


@dataclass(frozen=True)
class PlayerTurn:
    """What the scorekeeper enters for one player in one turn."""

    name: str
    changes: Amounts = NOTHING  # the Placement phase's net changes (bank, market, hiring, shards spent)
    advertised: bool = False
    hired: tuple[str, ...] = ()  # apprentice or a Specialist's kind, once per character
    inactive: tuple[str, ...] = ()  # characters left on the player board: not paid
    shard_points: tuple[str, ...] = ()  # where a shard bought a character +1 action point, one per placement


@dataclass(frozen=True)
class Turn:
    players: tuple[PlayerTurn, ...] = ()
    theatre: Theatre = ()
    performances: tuple[Performance, ...] = ()  # each carries the turn's theatre


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]  # the first turn's initiative order, drawn at the table
    specialists: tuple[str, ...]  # each player's starting Specialist, in the same order
    turns: tuple[Turn, ...] = ()

    @property
    def finished(self) -> bool:
        return len(self.turns) >= TURNS


@dataclass(frozen=True)
class PlayerState:
    name: str
    fame: int
    coins: int
    shards: int
    apprentices: int
    specialists: tuple[str, ...]
    # the most fame the player has had in a Placement phase so far, when tricks are learnt (TRK020,
    # Decision 19): after advertising or after the phase's changes, never in a show or at the wages
    peak_fame: int = 0
    # an Apprentice on the Assistant's board extension, unpaid: the starting Assistant's (Decision 7);
    # None where only the team is known (a wages file): then any Assistant in it
    extension_apprentice: bool | None = None

    def gain(self, amounts: Amounts) -> "PlayerState":
        """Fame stops at 0; coins and shards are checked before they could go below it."""
        fame = self.fame + amounts.fame if amounts.fame >= 0 else lose_fame(self.fame, -amounts.fame)
        return replace(self, fame=fame, coins=self.coins + amounts.coins, shards=self.shards + amounts.shards)


@dataclass(frozen=True)
class Advert:
    name: str
    cost: int


@dataclass(frozen=True)
class WagePayment:
    name: str
    crew: Crew
    wages: Wages


@dataclass(frozen=True)
class TurnResult:
    number: int
    initiative: tuple[str, ...]
    ties: tuple[tuple[str, ...], ...]  # players on equal fame whose order was reversed
    adverts: tuple[Advert, ...]
    performances: tuple[tuple[Performance, tuple[Payout, ...]], ...]  # in day order
    wages: tuple[WagePayment, ...]  # in initiative order
    standings: tuple[PlayerState, ...]  # after the turn, in initiative order
    shard_points: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (player, locations): shards paid for action points


def new_game(players: tuple[str, ...], specialists: tuple[str, ...]) -> Game:
    names = tuple(" ".join(p.split()) for p in players if p.strip())
    odd = next((n for n in names if len(n) > MAX_NAME or not n.isprintable()), None)
    if odd is not None:
        raise error("TRK003", f"a player's name must be printable text of at most {MAX_NAME} "
                    f"characters, got {odd!r}")
    twice = repeated(names)
    if twice is not None:
        raise error("TRK007", f"player {twice!r} is listed twice",
                    "give each player once, in the first turn's initiative order")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise error("TRK008", f"{len(names)} players; Trickerion takes {MIN_PLAYERS} to {MAX_PLAYERS}",
                    "--players Ana,Ben,Caro (in the first turn's initiative order)")
    if len(specialists) != len(names):
        raise error("TRK002", f"{len(specialists)} starting Specialists for {len(names)} players",
                    "one Specialist per player, in the same order: --specialists manager,engineer,...")
    return Game(names, tuple(specialists))


def starting_states(game: Game) -> tuple[PlayerState, ...]:
    """Fame 5, coins by first-turn slot, 1 shard; an Apprentice and the chosen Specialist
    (a starting Assistant brings a second Apprentice, on its board extension: one hired
    later brings none, Decision 17)."""
    states = []
    for name, specialist in zip(game.players, game.specialists):
        start = start_of(slot_of(game.players, name))
        assistant = specialist == "assistant"
        apprentices = START_APPRENTICES + (1 if assistant else 0)
        states.append(PlayerState(name, start.fame, start.coins, start.shards, apprentices, (specialist,),
                                  peak_fame=start.fame, extension_apprentice=assistant))
    return tuple(states)


def _entry(turn: Turn, name: str) -> tuple[int, PlayerTurn]:
    for n, entry in enumerate(turn.players):
        if entry.name == name:
            return n, entry
    return -1, PlayerTurn(name)


def team_problems(state: PlayerState, entry: PlayerTurn, n: int = -1) -> list[Problem]:
    """Characters left inactive or hired that the team cannot have.

    ``state.specialists`` names each Specialist's kind, or says just ``specialist`` where
    a table file gave a count; an inactive ``specialist`` is any one of them.
    """
    found = []
    where = {"section": "players", "index": n}
    idle = Counter(entry.inactive)
    if idle[APPRENTICE] > state.apprentices:
        found.append(problem("TRK016", f"{state.name} has {state.apprentices} working Apprentice(s), not "
                             f"{idle[APPRENTICE]} to leave inactive", key="inactive", **where))
    idle_specialists = sum(count for kind, count in idle.items() if character_kind(kind) == SPECIALIST)
    if idle_specialists > len(state.specialists):
        found.append(problem("TRK016", f"{state.name} has {len(state.specialists)} working Specialist(s), not "
                             f"{idle_specialists} to leave inactive", key="inactive", **where))
    for kind, count in idle.items():
        if kind in (APPRENTICE, MAGICIAN, SPECIALIST):
            if kind == MAGICIAN and count > 1:
                found.append(problem("TRK016", f"{state.name} has one Magician", key="inactive", **where))
        elif kind not in state.specialists and SPECIALIST not in state.specialists:
            found.append(problem("TRK016", f"{state.name} has no {kind} to leave inactive",
                                 f"{state.name}'s Specialists: {', '.join(state.specialists) or 'none'}",
                                 key="inactive", **where))
        elif count > 1:
            found.append(problem("TRK016", f"{state.name}'s {kind} is listed inactive twice", key="inactive", **where))
    hired = Counter(entry.hired)
    for kind, count in hired.items():
        if kind == MAGICIAN:
            found.append(problem("TRK003", "a Magician cannot be hired", "hire an apprentice or a Specialist",
                                 key="hired", **where))
        elif kind not in (APPRENTICE, SPECIALIST) and (kind in state.specialists or count > 1):
            found.append(problem("TRK016", f"{state.name} would have two {kind}s",
                                 "each Specialist comes with one board extension: one of each per player",
                                 key="hired", **where))
    size = state.apprentices + len(state.specialists) + sum(hired.values())
    if size > CHARACTER_DISCS - 1:
        found.append(problem("TRK016", f"{state.name} would have {size} Apprentices and Specialists; a player has "
                             f"{CHARACTER_DISCS} character discs, one of them the Magician", key="hired", **where))
    return found


def working_crew(state: PlayerState, entry: PlayerTurn) -> Crew:
    """The team before this turn's hires, less the characters left inactive."""
    idle = Counter(entry.inactive)
    idle_specialists = sum(count for kind, count in idle.items() if character_kind(kind) == SPECIALIST)
    extension = state.extension_apprentice
    return Crew(apprentices=max(0, state.apprentices - idle[APPRENTICE]),
                specialists=max(0, len(state.specialists) - idle_specialists),
                assistant="assistant" in state.specialists if extension is None else extension)


def play_turn(game: Game, number: int, before: tuple[PlayerState, ...], previous: tuple[str, ...] | None,
              turn: Turn) -> tuple[TurnResult, tuple[Problem, ...]]:
    """Turn ``number`` from the standings ``before`` it; ``previous`` is the last turn's order.

    Returns the turn's result and the rules the entry breaks (computed as far as it goes).
    """
    states = {s.name: s for s in before}
    fame = {name: s.fame for name, s in states.items()}
    order = game.players if previous is None else next_order(previous, fame)
    tied = () if previous is None else ties(order, fame)
    turn = replace(turn, performances=with_the_turns_days(turn.theatre, turn.performances))
    found = _entry_problems(before, turn, number)
    adverts = _advertise(states, order, turn, found)
    advertised = {name: s.fame for name, s in states.items()}
    _placement(states, order, turn, found)
    for name, s in states.items():  # the Placement phase: where tricks are learnt (Decision 19)
        states[name] = replace(s, peak_fame=max(s.peak_fame, advertised[name], s.fame))
    found.extend(threshold_problems(states, turn))
    performances = _perform(states, turn)
    wages = _pay_wages(states, before, order, turn)
    bought = tuple((e.name, e.shard_points) for e in turn.players if e.shard_points)
    result = TurnResult(number, order, tied, adverts, performances, wages, tuple(states[name] for name in order),
                        bought)
    return result, tuple(found)


def _entry_problems(before: tuple[PlayerState, ...], turn: Turn, number: int) -> list[Problem]:
    """Rules turn ``number``'s entry breaks whatever the coins: entries, teams, shows."""
    names = [e.name for e in turn.players]
    found = [problem("TRK007", f"{name} has two [[players]] entries in one turn", section="players", index=n,
                     key="name") for n, name in enumerate(names) if name in names[:n]]
    seated = {s.name: s for s in before}
    for n, entry in enumerate(turn.players):
        found.extend(team_problems(seated[entry.name], entry, n))
        if THEATRE in entry.shard_points:
            found.append(problem("TRK013", f"{entry.name}: a shard cannot buy an action point in the Theatre",
                                 "leave the Theatre out of shard_points", section="players", index=n,
                                 key="shard_points"))
    found.extend(schedule_problems(turn.performances, len(before), number))
    for n, performance in enumerate(turn.performances):
        found.extend(performance_problems(performance, n))
        found.extend(_performer_problems(before, turn, performance, n))
    return found


def _advertise(states: dict[str, PlayerState], order: tuple[str, ...], turn: Turn,
               found: list[Problem]) -> tuple[Advert, ...]:
    adverts = []
    for name in order:
        n, entry = _entry(turn, name)
        if not entry.advertised:
            continue
        cost = advertising_cost(order, name)
        if states[name].coins < cost:
            found.append(problem("TRK014", f"{name} cannot advertise: slot {cost} costs {cost}, {name} has "
                                 f"{states[name].coins} coin(s)", section="players", index=n, key="advertised"))
        adverts.append(Advert(name, cost))
        states[name] = states[name].gain(Amounts(fame=ADVERTISING_FAME, coins=-cost))
    return tuple(adverts)


def _placement(states: dict[str, PlayerState], order: tuple[str, ...], turn: Turn, found: list[Problem]) -> None:
    """The entered net changes of the Placement phase, and a shard for each action point bought
    (``shard_points``, not counted again in ``changes``); nobody spends what they do not have."""
    for name in order:
        n, entry = _entry(turn, name)
        change = entry.changes + Amounts(shards=-SHARD_POINTS * len(entry.shard_points))
        after = states[name].gain(change)
        for resource in ("coins", "shards"):
            had, spent, left = (getattr(x, resource) for x in (states[name], change, after))
            if left < 0:
                found.append(problem("TRK014", f"{name} would have {left} {resource} after the Placement phase "
                                     f"({had} then {spent:+d})", "nobody can spend what they do not have: "
                                     "check the changes", section="players", index=n,
                                     key="changes" if getattr(entry.changes, resource) else "shard_points"))
        states[name] = after


def threshold_problems(states: dict[str, PlayerState], turn: Turn) -> list[Problem]:
    """TRK020: a trick in a show whose owner's fame never reached the trick's threshold when it
    could have been learnt.

    A trick is learnt by a character placed in a Placement phase, which comes before the shows
    and the wages (004's phase order), with at least its threshold in fame: its owner must have
    had that much at a Placement phase of this turn or an earlier one (after advertising, or
    after the phase's changes). When it was learnt is not entered: the most is taken.
    """
    found = []
    for n, performance in enumerate(turn.performances):
        for k, trick in enumerate(performance.tricks):
            peak = states[trick.owner].peak_fame
            if trick.threshold is not None and peak < trick.threshold:
                found.append(problem("TRK020", f"{trick.owner} has {trick.name!r}, a trick of fame threshold "
                                     f"{trick.threshold}, but had at most {peak} fame in a Placement phase",
                                     "a trick is learnt in a Placement phase with at least its threshold in "
                                     "fame (the star on the card); fame won in a show comes after it",
                                     section="tricks", index=k, key="threshold", performance=n))
    return found


def _perform(states: dict[str, PlayerState],
             turn: Turn) -> tuple[tuple[Performance, tuple[Payout, ...]], ...]:
    done = []
    for performance in in_day_order(turn.performances):
        paid = payouts(performance)
        for p in paid:
            states[p.name] = states[p.name].gain(p.total)
        done.append((performance, paid))
    return tuple(done)


def _pay_wages(states: dict[str, PlayerState], before: tuple[PlayerState, ...], order: tuple[str, ...],
               turn: Turn) -> tuple[WagePayment, ...]:
    """Wages of the team that could work this turn; this turn's hires join afterwards."""
    wages = []
    for name in order:
        _, entry = _entry(turn, name)
        state = states[name]
        crew = working_crew(next(s for s in before if s.name == name), entry)
        paid = pay(state.fame, state.coins, wages_due(crew))
        wages.append(WagePayment(name, crew, paid))
        specialists = tuple(k for k in entry.hired if k not in (APPRENTICE, MAGICIAN))
        states[name] = replace(state, fame=paid.fame, coins=paid.coins,
                               apprentices=state.apprentices + entry.hired.count(APPRENTICE),
                               specialists=state.specialists + specialists)
    return tuple(wages)


def _performer_problems(before: tuple[PlayerState, ...], turn: Turn, performance: Performance,
                        n: int) -> list[Problem]:
    state = next(s for s in before if s.name == performance.performer)
    _, entry = _entry(turn, performance.performer)
    found = []
    if MAGICIAN in entry.inactive:
        found.append(problem("TRK016", f"{state.name}'s Magician performs but is listed inactive",
                             section="performances", index=n, key="performer"))
    for kind in performance.specialists:
        if kind not in state.specialists:
            found.append(problem("TRK016", f"{state.name} has no {kind} behind them",
                                 f"{state.name}'s Specialists: {', '.join(state.specialists) or 'none'}",
                                 section="performances", index=n, key="specialists"))
        elif kind in entry.inactive:
            found.append(problem("TRK016", f"{state.name}'s {kind} is behind them but listed inactive",
                                 section="performances", index=n, key="specialists"))
    return found


def results(game: Game) -> tuple[TurnResult, ...]:
    """Every recorded turn, played from the start (the entries were checked when recorded)."""
    done: list[TurnResult] = []
    states, previous = starting_states(game), None
    for number, turn in enumerate(game.turns, start=1):
        result, _ = play_turn(game, number, states, previous, turn)
        done.append(result)
        states, previous = result.standings, result.initiative
    return tuple(done)


def standings(game: Game, done: tuple[TurnResult, ...]) -> tuple[PlayerState, ...]:
    return done[-1].standings if done else starting_states(game)


def next_initiative(game: Game, done: tuple[TurnResult, ...]) -> tuple[str, ...] | None:
    """The order of the next turn, or None once the game is over."""
    if game.finished:
        return None
    if not done:
        return game.players
    last = done[-1]
    return next_order(last.initiative, {s.name: s.fame for s in last.standings})


def check_turn_left(game: Game) -> None:
    if game.finished:
        raise error("TRK017", f"the game already has its {TURNS} turns",
                    "`gt trickerion game show` has the final scoring; "
                    "`gt trickerion game undo` drops the last turn")


def turn_problems(game: Game, turn: Turn) -> tuple[Problem, ...]:
    """Why ``turn`` cannot be ``game``'s next turn (empty if it can)."""
    check_turn_left(game)
    strangers = _strangers(game, turn)
    if strangers:
        return strangers
    done = results(game)
    previous = done[-1].initiative if done else None
    _, found = play_turn(game, len(done) + 1, standings(game, done), previous, turn)
    return found


def _strangers(game: Game, turn: Turn) -> tuple[Problem, ...]:
    """Names that are not the game's players (the readers never let one through; a turn
    built by other code might, and nothing else can be checked before they are fixed)."""
    named = [(Where("players", n, "name"), e.name) for n, e in enumerate(turn.players)]
    named += [(Where("performances", n, "performer"), p.performer) for n, p in enumerate(turn.performances)]
    named += [(Where("tricks", k, "owner", n), t.owner)
              for n, p in enumerate(turn.performances) for k, t in enumerate(p.tricks)]
    named += [(Where(key="theatre"), name) for name, _ in turn.theatre]
    return tuple(Problem(Diagnostic("TRK005", f"{name!r} is not a player of this game"), where)
                 for where, name in named if name not in game.players)


def record(game: Game, turn: Turn) -> Game:
    """``game`` with ``turn`` added; the caller has checked :func:`turn_problems`."""
    check_turn_left(game)
    return replace(game, turns=game.turns + (turn,))


def undo(game: Game) -> Game:
    if not game.turns:
        raise error("TRK018", "no turn to undo", "the game has no recorded turn yet")
    return replace(game, turns=game.turns[:-1])


def final(game: Game, done: tuple[TurnResult, ...]) -> FinalResult | None:
    """The final scoring once five turns are recorded, in the fifth turn's initiative order."""
    if len(done) < TURNS:
        return None
    last = done[-1]
    return final_scoring([Standing(s.name, s.fame, s.coins, s.shards, s.apprentices, len(s.specialists))
                          for s in last.standings], last.initiative)
