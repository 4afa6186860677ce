"""Results as plain JSON-ready dicts: the stable ``--json`` schemas (docs/json.md).

Kept apart from rendering so every command that prints a Tribunal prints the same shape.
"""

from __future__ import annotations

from typing import Any

from gtcli.grand_tribunal.rules.game import Game, first_praeco_of, totals, winners
from gtcli.grand_tribunal.rules.tribunal import TribunalResult


def tribunal_json(result: TribunalResult) -> dict[str, Any]:
    return {
        "tribunal": result.tribunal,
        "items": [
            {
                "owner": r.item.owner,
                "name": r.item.name,
                "type": r.item.type,
                "base": r.item.base,
                "spells": len(r.item.spells),
                "votes": r.votes,
                "competing": r.competing,
                "place": r.place,
                "score": r.score,
            }
            for r in result.items
        ],
        "players": [{"name": p.name, "score": p.score} for p in result.players],
        "next_praeco": result.next_praeco,
    }


def game_json(game: Game, done: list[TribunalResult]) -> dict[str, Any]:
    won = winners(game, done)
    return {
        "players": list(game.players),
        "profile": game.profile.name,
        "tribunals": [tribunal_json(r) for r in done],
        "totals": [{"name": p.name, "score": p.score} for p in totals(game, done)],
        "next_praeco": None if game.finished else first_praeco_of(game, len(done) + 1, done),
        "winners": list(won) if won is not None else None,
    }


def outcome_json(result) -> dict[str, Any]:
    """A replayed log's running totals (seat order), whether it is complete, and its winners."""
    state = result.state
    return {
        "complete": result.complete,
        "totals": [{"name": p, "score": state.totals.get(p, 0)} for p in state.seats],
        "winners": list(result.winners) if result.winners else None,
    }


def replay_json(path: str, at_line: int | None, result) -> dict[str, Any]:
    """``gt replay --json``: the state, the Tribunals held so far, totals and winners."""
    state = result.state
    return {
        "file": path,
        "at": at_line,
        "state": state.snapshot(),
        "tribunals": [tribunal_json(r) for r in state.results],
        **outcome_json(result),
        "findings": {"errors": len(result.errors),
                     "warnings": sum(1 for d in result.diagnostics if d.severity == "warning")},
    }


def report_json(sheet, file: str | None, html: str | None) -> dict[str, Any]:
    """``gt game report --json`` and ``gt replay --html --json``: the scoresheet's numbers
    (and the page itself when it was not written to a file)."""
    return {
        "file": file,
        "source": sheet.source,
        "players": list(sheet.players),
        "profile": sheet.game.profile.name,
        "tribunals": [tribunal_json(r) for r in sheet.results],
        "running_totals": [{"tribunal": n, "totals": [{"name": p.name, "score": p.score} for p in board]}
                           for n, board in enumerate(sheet.running, 1)],
        "winners": list(sheet.winners) if sheet.winners is not None else None,
        "next_praeco": sheet.next_praeco,
        "rounds": [{"tribunal": r.tribunal, "round": r.round, "vis": r.vis, "track": r.track} for r in sheet.rounds],
        "html": html,
    }
