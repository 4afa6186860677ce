"""``gt balance compare``: two versions of a card set, played until a sequential test decides.

Game *i* of each version is played with the same per-game seed; the games are taken in
the order old 0, new 0, old 1, new 1, ... and the test (:class:`gtcli.balance.sprt.SPRT`) is
read after each pair, so the number of games it needed is the same whatever executor
played them, and however far ahead the workers got.

A metric is a proportion read off each game summary (:func:`observe`):

* ``praeco``: did the first Praeco win (one trial per game);
* ``seat:N``: did the player in seat N win;
* ``card:NAME``: did each player who used the card win (one trial per such player).

A metric the games cannot measure (``seat:5`` in 4-player games, a card no bot can play) is
refused before the first game (CFG006). :func:`run` plays the pairs and :func:`verdict_words`
says the result in the metric's own words ("Ember Wand's users win 94%, were 17%: H1 (+5
points) accepted after 22 pairs"). The order of the games is a lazy sequence
(:class:`Order`): a budget of a million pairs costs no memory before the first game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gtcli.balance.sprt import H0, H1, SPRT, UNDECIDED
from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.grand_tribunal.play.simulation import Study, play_game


@dataclass(frozen=True)
class Metric:
    kind: str  # praeco | seat | card
    value: str | int | None = None

    @property
    def text(self) -> str:
        return self.kind if self.value is None else f"{self.kind}:{self.value}"


def parse_metric(text: str) -> Metric:
    """``praeco``, ``seat:2`` or ``card:Storm Staff``; ValueError with the reason otherwise."""
    kind, _, value = text.partition(":")
    kind = kind.strip().lower()
    if kind == "praeco" and not value:
        return Metric("praeco")
    if kind == "seat":
        if not value.strip().isdecimal() or not 1 <= int(value) <= 5:
            raise ValueError(f"seat:N takes a seat from 1 to 5, not {value!r}")
        return Metric("seat", int(value))
    if kind == "card" and value.strip():
        return Metric("card", value.strip())
    raise ValueError(f"{text!r} is not a metric: praeco, seat:N or card:NAME")


def observe(game: dict[str, Any], metric: Metric) -> tuple[int, int]:
    """(successes, trials) of ``metric`` in one game's summary."""
    winners = set(game["winners"])
    players = game["players"]
    if metric.kind == "praeco":
        return (int(game["first_praeco"] in winners), 1) if game.get("first_praeco") else (0, 0)
    if metric.kind == "seat":
        seat = int(metric.value or 0)
        return (int(players[seat - 1] in winners), 1) if seat <= len(players) else (0, 0)
    users = [p for p in players if metric.value in game["used"].get(p, ())]
    return sum(p in winners for p in users), len(users)


def play_version(studies: tuple[Study, Study], item: tuple[int, int]) -> dict[str, Any]:
    """The summary of game ``item[1]`` of version ``item[0]`` (0 old, 1 new): pure, for the executor."""
    which, index = item
    return play_game(studies[which], index).summary


class Order(Sequence):
    """old 0, new 0, old 1, new 1, ...: the order the test reads the games in, made as it is read."""

    def __init__(self, games: int) -> None:
        self.games = games

    def __len__(self) -> int:
        return 2 * self.games

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        return (i % 2, i // 2)


def order(games: int) -> Order:
    return Order(games)


def problem(option: str, message: str, hint: str | None = None) -> InputError:
    """An option of the comparison the games cannot use: CFG006 at the option (JSON with --json)."""
    return InputError(Diagnostic("CFG006", message, path=option, hint=hint))


def choose_metric(text: str, d0: float, d1: float, alpha: float, beta: float,
                  players: tuple[int, ...]) -> tuple[Metric, SPRT]:
    """The metric and the test, checked before the first game (module docstring)."""
    try:
        metric = parse_metric(text)
    except ValueError as exc:
        raise problem("--metric", str(exc), "praeco, seat:N or card:NAME (docs/balance.md)") from None
    try:
        test = SPRT(d0, d1, alpha, beta)
    except ValueError as exc:
        raise problem("--h0", str(exc)) from None
    if metric.kind == "seat" and int(metric.value or 0) > max(players):
        raise problem("--metric", f"seat:{metric.value} cannot be measured in games of "
                                  f"{', '.join(map(str, sorted(set(players))))} players: no game would count",
                      f"--players {metric.value} plays games with a seat {metric.value}")
    return metric, test


def card_metric(metric: Metric, card_set, left_out, path: str) -> Metric:
    """``card:NAME`` as the set spells it; CFG006 if no bot can play such a card in ``path``'s set."""
    if metric.kind != "card":
        return metric
    found = card_set.find(str(metric.value))
    if found is None or found.name in left_out:
        raise problem("--metric", f"{path} has no card {str(metric.value)!r} a bot can play",
                      "a card the set holds whose effects the rules carry out")
    return Metric("card", found.name)


def run(studies: tuple[Study, Study], metric: Metric, test: SPRT, max_games: int, executor, start: Callable,
        advance: Callable[[], None] | None = None) -> tuple[str, int]:
    """Play the pairs until the test decides or the budget ends: (verdict, pairs played)."""
    from functools import partial

    results = start(partial(play_version, studies), order(max_games), executor)
    verdict, pairs, pending = UNDECIDED, 0, (0, 0)
    try:
        for n, summary in enumerate(results):
            if n % 2 == 0:
                pending = observe(summary, metric)
            else:
                verdict = test.add(new=observe(summary, metric), old=pending)
                pairs += 1
            if advance is not None:
                advance()
            if verdict != UNDECIDED:
                break
    finally:
        getattr(results, "close", lambda: None)()  # stops the pool or the cluster
    return verdict, pairs


def _points(d: float) -> str:
    return "no change" if d == 0 else f"{100 * d:+.0f} points" if abs(100 * d - round(100 * d)) < 1e-9 \
        else f"{100 * d:+.1f} points"


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.0f}%"


def subject(metric: Metric) -> tuple[str, str, str]:
    """Who the metric's rate is of, and its verbs now and before: ("Ember Wand's users", "win", "were")."""
    if metric.kind == "card":
        return f"{metric.value}'s users", "win", "were"
    if metric.kind == "seat":
        return f"Seat {metric.value}", "wins", "was"
    return "The first Praeco", "wins", "was"


def verdict_words(metric: Metric, verdict: str, d0: float, d1: float, pairs: int, max_games: int,
                  new_rate: float | None, old_rate: float | None) -> str:
    """The result in the metric's own words (module docstring)."""
    who, verb, before = subject(metric)
    rates = f"{who} {verb} {_pct(new_rate)}, {before} {_pct(old_rate)}"
    if verdict == H1:
        said = f"H1 ({_points(d1)}) accepted after {_pairs(pairs)}"
    elif verdict == H0:
        said = f"H0 ({_points(d0)}) accepted after {_pairs(pairs)}"
    else:
        said = f"undecided after the budget of {_pairs(max_games)} (H0 {_points(d0)}, H1 {_points(d1)})"
    return f"{rates}: {said}"


def _pairs(n: int) -> str:
    return f"{n} pair" if n == 1 else f"{n} pairs"
