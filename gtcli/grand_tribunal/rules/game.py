"""A whole game as a sequence of Tribunals: running totals, next Praeco, winners (R5-R7).

The game stores only what the scorekeeper entered (one :class:`Table` per Tribunal);
every result is recomputed from those, so a session can never disagree with itself.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import fold, pick, repeated, unknown_hint
from gtcli.grand_tribunal.rules.profiles import OFFICIAL, RuleProfile
from gtcli.grand_tribunal.rules.tribunal import (Item, PlayerScore, Table, TribunalResult, awards_given, pass_order,
                                                 tally)


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    profile: RuleProfile = OFFICIAL
    first_praeco: str | None = None  # Tribunal 1's first Praeco, chosen freely (S6)
    tables: tuple[Table, ...] = ()

    @property
    def finished(self) -> bool:
        return len(self.tables) >= self.profile.tribunals


def new_game(players: tuple[str, ...], profile: RuleProfile = OFFICIAL, first_praeco: str | None = None) -> Game:
    names = tuple(p.strip() for p in players if p.strip())
    twice = repeated(names)
    if twice is not None:
        raise InputError(Diagnostic("TAB007", f"player {twice!r} is listed twice",
                                    hint="give each player once, in seat order (case and accents do not "
                                         "tell names apart)"))
    if not profile.min_players <= len(names) <= profile.max_players:
        raise InputError(
            Diagnostic("S1", f"{len(names)} players; the game takes {profile.min_players} to {profile.max_players}",
                       hint="--players Ana,Ben,Caro (in seat order, clockwise)")
        )
    if first_praeco is not None:
        first_praeco = seat_of(names, first_praeco)
    return Game(names, profile, first_praeco)


def seat_of(players: tuple[str, ...], name: str) -> str:
    """The seated player called ``name`` (case, accents and spacing ignored: ``jose`` is
    José, as in logs and table files), or a TAB005 error."""
    seat = pick(name, players)
    if seat is not None:
        return seat
    raise InputError(Diagnostic("TAB005", f"{name.strip()!r} is not a player of this game",
                                hint=unknown_hint(name, players, "players")))


def results(game: Game) -> list[TribunalResult]:
    """Every recorded Tribunal tallied in order; award tokens won earlier stay out of the box (R3)."""
    done: list[TribunalResult] = []
    for table in game.tables:
        done.append(tally(table, game.profile, awarded_before=awards_given(done)))
    return done


def first_praeco_of(game: Game, number: int, done: list[TribunalResult] | None = None) -> str | None:
    """Who opens Tribunal ``number``: S6's free choice for the first, P5 after that."""
    if number == 1:
        return game.first_praeco
    done = done if done is not None else results(game)
    return done[number - 2].next_praeco if len(done) >= number - 1 else None


def last_praeco_of(game: Game, number: int, done: list[TribunalResult] | None = None) -> str | None:
    """Everyone is Praeco once (P1), so the last Praeco sits just before the first one."""
    first = first_praeco_of(game, number, done)
    if first is None:
        return None
    return pass_order(game.players, first, game.profile)[-2]


def retired_items(done: list[TribunalResult]) -> dict[tuple[str, str], tuple[int, int]]:
    """(owner, folded name) of every named Item that placed -> (tribunal, place) (R5)."""
    retired = {}
    for result in done:
        for r in result.items:
            if r.place and r.item.name:
                retired.setdefault((r.item.owner, fold(r.item.name)), (result.tribunal, r.place))
    return retired


def carry_over(game: Game) -> tuple[Item, ...]:
    """The items that compete again at the next Tribunal: last time's, minus the placed ones."""
    if not game.tables:
        return ()
    last = tally(game.tables[-1], game.profile)
    return tuple(r.item for r in last.items if r.competing and not r.place)


def table_problems(game: Game, table: Table) -> list[tuple[int | None, Diagnostic]]:
    """Why ``table`` cannot be the game's next Tribunal, each with the item index at fault."""
    if game.finished:
        return [(None, Diagnostic("GAME002", f"the game already has its {game.profile.tribunals} Tribunals",
                                  hint="`gt game undo` drops the last one if it was entered wrong"))]
    problems: list[tuple[int | None, Diagnostic]] = []
    retired = retired_items(results(game))
    for n, item in enumerate(table.items):
        try:
            seat_of(game.players, item.owner)
        except InputError as exc:
            problems.append((n, exc.diagnostics[0]))
        hit = item.name and retired.get((item.owner, fold(item.name)))
        if hit and not item.won:
            problems.append((n, Diagnostic(
                "GAME005", f"{item.name!r} ({item.owner}) placed {hit[1]} at Tribunal {hit[0]} "
                "and cannot compete again (R5)", hint="mark it won = true, or leave it out")))
    return problems


def record(game: Game, table: Table) -> Game:
    """Add the next Tribunal, checking it belongs to this game (see :func:`table_problems`)."""
    problems = table_problems(game, table)
    if problems:
        raise InputError(problems[0][1])
    number = len(game.tables) + 1
    last = table.last_praeco or last_praeco_of(game, number)
    table = replace(table, tribunal=number, players=game.players, last_praeco=last)
    return replace(game, tables=game.tables + (table,))


def undo(game: Game) -> Game:
    if not game.tables:
        raise InputError(Diagnostic("GAME003", "the game has no Tribunal to undo"))
    return replace(game, tables=game.tables[:-1])


def totals(game: Game, done: list[TribunalResult] | None = None) -> tuple[PlayerScore, ...]:
    """Running totals over the recorded Tribunals, highest first (ties in seat order)."""
    done = done if done is not None else results(game)
    sums = {p: 0 for p in game.players}
    for result in done:
        for ps in result.players:
            sums[ps.name] = sums.get(ps.name, 0) + ps.score
    order = {p: i for i, p in enumerate(sums)}
    return tuple(PlayerScore(p, sums[p]) for p in sorted(sums, key=lambda p: (-sums[p], order[p])))


def running_totals(game: Game, done: list[TribunalResult] | None = None) -> list[tuple[PlayerScore, ...]]:
    """The totals after each recorded Tribunal in turn (what a scoresheet charts), each as :func:`totals`."""
    done = done if done is not None else results(game)
    return [totals(game, done[:n]) for n in range(1, len(done) + 1)]


def winners(game: Game, done: list[TribunalResult] | None = None) -> tuple[str, ...] | None:
    """R7: after the Grand Tribunal, every player with the highest total (a shared win)."""
    if not game.finished:
        return None
    board = totals(game, done)
    best = board[0].score
    return tuple(ps.name for ps in board if ps.score == best)


def game_from_tables(players: tuple[str, ...], profile: RuleProfile, first_praeco: str | None,
                     tables: list[Table] | tuple[Table, ...]) -> Game:
    """A session from the Tables a replayed log was scored from (``gt game from-log``).

    The interpreter labels items ``Name#card`` to keep equal cards apart; a session shows
    the plain name, numbered only where one player had two Items of that name.
    """
    ids: dict[tuple[str, str], list[str]] = {}
    for table in tables:
        for item in table.items:
            name, _, card = (item.name or item.type).partition("#")
            known = ids.setdefault((item.owner, name), [])
            if card not in known:
                known.append(card)

    def label(item: Item) -> str:
        name, _, card = (item.name or item.type).partition("#")
        known = ids[(item.owner, name)]
        return name if len(known) == 1 else f"{name} ({known.index(card) + 1})"

    renamed = tuple(replace(t, items=tuple(replace(i, name=label(i)) for i in t.items)) for t in tables)
    return Game(tuple(players), profile, first_praeco, renamed)
