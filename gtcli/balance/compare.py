"""``gt balance compare``: two versions of a card set, played until a sequential test decides.

Game *i* of each version is played with the same per-game seed; the games are taken in
the order old 0, new 0, old 1, new 1, ... and the test (:class:`gtcli.balance.sprt.SPRT`) is
read after each pair, so the number of games it needed is the same whatever executor
played them, and however far ahead the workers got.

A metric is a proportion read off each game summary (:func:`observe`):

* ``praeco``: did the first Praeco win (one trial per game);
* ``seat:N``: did the player in seat N win;
* ``card:NAME``: did each player who used the card win (one trial per such player).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


def order(games: int) -> list[tuple[int, int]]:
    """old 0, new 0, old 1, new 1, ...: the order the test reads the games in."""
    return [(which, index) for index in range(games) for which in (0, 1)]
