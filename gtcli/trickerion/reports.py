"""Trickerion results as JSON-ready dicts: the stable ``--json`` schemas of
``gt trickerion`` (documented in docs/trickerion.md). Kept apart from rendering so a
turn's performance prints the same shape as ``gt trickerion performance``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gtcli.trickerion.rules.actions import ActionPoints
from gtcli.trickerion.rules.game import Game, PlayerState, TurnResult, WagePayment
from gtcli.trickerion.rules.initiative import advertising_cost, slot_of
from gtcli.trickerion.rules.performance import Payout, Performance
from gtcli.trickerion.rules.scoring import FinalResult
from gtcli.trickerion.rules.wages import Crew, Wages


def final_json(result: FinalResult) -> dict[str, Any]:
    return {
        "players": [
            {
                "name": p.name,
                "fame": p.fame,
                "before": p.standing.fame,
                "gained": {"shards": p.gained.shards, "coins": p.gained.coins,
                           "apprentices": p.gained.apprentices, "specialists": p.gained.specialists},
                "place": p.place,
                "tied": p.tied,
            }
            for p in result.players
        ],
        "winner": result.winner,
        "decided_by": "initiative" if result.decided_by_initiative else "fame",
        "initiative": list(result.initiative),
    }


def payout_json(p: Payout) -> dict[str, Any]:
    return {
        "name": p.name,
        "role": "performer" if p.performer else "guest",
        **p.total.as_dict(),
        "modifier": {"thursday": p.modifier.thursday, "sunday": p.modifier.sunday,
                     "from_performer": p.modifier.from_performer, "per_trick": p.modifier.per_trick},
        "tricks": [{"name": t.trick.name, "printed": t.trick.printed.as_dict(), **t.paid.as_dict(),
                    **({"threshold": t.trick.threshold} if t.trick.threshold is not None else {})}
                   for t in p.tricks],
        "bonuses": {"links": p.links.as_dict(), "specialists": p.specialists.as_dict(), "card": p.card.as_dict()},
    }


def performance_json(performance: Performance, paid: Sequence[Payout]) -> dict[str, Any]:
    return {"day": performance.day, "performer": performance.performer, "links": performance.links,
            "players": [payout_json(p) for p in paid]}


def wages_json(name: str, crew: Crew, wages: Wages) -> dict[str, Any]:
    return {
        "name": name,
        "working": {"apprentices": crew.apprentices, "specialists": crew.specialists},
        "assistant_apprentice": crew.assistant and crew.apprentices > 0,
        "due": wages.due, "paid": wages.paid, "unpaid": wages.unpaid, "fame_lost": wages.fame_lost,
        "fame": wages.fame, "coins": wages.coins,
    }


def initiative_json(order: Sequence[str], previous: Sequence[str], fame: Mapping[str, int],
                    ties: Sequence[Sequence[str]]) -> dict[str, Any]:
    return {
        "order": list(order),
        "players": [{"name": name, "fame": fame[name], "slot": slot_of(order, name),
                     "previous_slot": slot_of(previous, name), "advertising_cost": advertising_cost(order, name)}
                    for name in order],
        "ties": [list(t) for t in ties],
    }


def state_json(s: PlayerState) -> dict[str, Any]:
    return {"name": s.name, "fame": s.fame, "coins": s.coins, "shards": s.shards,
            "apprentices": s.apprentices, "specialists": list(s.specialists)}


def wage_payment_json(w: WagePayment) -> dict[str, Any]:
    return wages_json(w.name, w.crew, w.wages)


def turn_json(result: TurnResult) -> dict[str, Any]:
    data = {
        "turn": result.number,
        "initiative": list(result.initiative),
        "ties": [list(t) for t in result.ties],
        "advertising": [{"name": a.name, "cost": a.cost} for a in result.adverts],
        "performances": [performance_json(p, paid) for p, paid in result.performances],
        "wages": [wage_payment_json(w) for w in result.wages],
        "standings": [state_json(s) for s in result.standings],
    }
    if result.shard_points:  # only in a turn where shards bought action points
        data["shard_points"] = [{"name": name, "at": list(at), "shards": len(at)} for name, at in result.shard_points]
    return data


def game_json(game: Game, done: Sequence[TurnResult], standings: Sequence[PlayerState],
              final: FinalResult | None, order: Sequence[str] | None) -> dict[str, Any]:
    return {
        "players": list(game.players),
        "turns": [turn_json(r) for r in done],
        "standings": [state_json(s) for s in standings],
        "next_initiative": list(order) if order else None,
        "final": final_json(final) if final else None,
        "winner": final.winner if final else None,
    }


def action_points_json(points: ActionPoints) -> dict[str, Any]:
    return {"character": points.character, "base": points.base, "slot": points.slot, "shard": points.shard,
            "total": points.total, "location": points.location}
