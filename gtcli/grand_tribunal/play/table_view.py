"""What the table's screen shows (``gt play --serve``, ``gt replay --serve``): a log's state as plain data.

A pure function of a checked log (no file, no network): where the game stands, whose turn
it is, the Voting Track, each player's Vis and Sanctum, the standings and the last few
moves, in the log's language. The page (:mod:`gtcli.grand_tribunal.html.table_screen`)
draws it, and the server sends it as JSON too (docs/json.md).

The screen is seen by the whole table, so it shows only what the table may see: hands
are counts; a card lying face down in a Sanctum is shown as face down, with its Vis but
not its name (T3, A2); and in the last moves, a card that is in a hand or face down now
is written ``?`` (a handle such as ``?a3`` stays: it names no card); a finding is shown by
its line and code only, as its message may name such a card. The log itself, which the
scorekeeper keeps, still has every name.
"""

from __future__ import annotations

from typing import Any

from gtcli.core.statistics import competition_ranks
from gtcli.grand_tribunal.lang.logs.format import LogWriter
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.state import HAND, INSTALLED, SANCTUM

MOVES_SHOWN = 8  # the last moves on the screen: a round of a five-player game and a little more
HIDDEN = "?"  # a card the table may not see, as the log writes a card it does not know


def private_names(state, card_set) -> set[str]:
    """The cards (as the set files them: :meth:`CardSet.key`) that are somewhere the table
    cannot see them now: a hand, or face down in a Sanctum or under an Item. A name with one
    such copy counts as private, whatever its other copies show."""
    names = set()
    for zone in (HAND, SANCTUM, INSTALLED):
        for card in state.in_zone(zone):
            if card.name and (zone == HAND or not (card.face_up or card.active)):
                names.add(card_set.key(card.name))
    return names


class PublicWriter(LogWriter):
    """The log's own writer, with the names of private cards written ``?`` (a name of the log
    in any language is matched through the card set, as the rules match it)."""

    def __init__(self, lang: str, card_set, private: set[str]) -> None:
        def shown(name: str) -> str:
            return HIDDEN if card_set.key(name) in private else name

        super().__init__(lang, card_set.vocabulary, shown)

    def card(self, ref: L.CardRef) -> str:
        if ref.name and self.card_name(ref.name) == HIDDEN:
            return ref.handle or HIDDEN
        return super().card(ref)


def _card(c: dict[str, Any], shown) -> dict[str, Any]:
    """A Sanctum card as the table sees it: a face-down card keeps its Vis, not its name."""
    public = bool(c.get("face_up") or c.get("active"))
    out = {"card": shown(c["card"]) if public else None, "face_up": public, "active": bool(c.get("active")),
           "vis": c["vis"]}
    if public and c.get("spells") is not None:
        out["spells"] = [shown(s) for s in c["spells"]]
    if c.get("won"):
        out["won"] = dict(c["won"])
    return out


def last_moves(log: L.Log, writer: LogWriter, count: int = MOVES_SHOWN) -> list[dict[str, Any]]:
    """The last ``count`` entries of the play: each move of a turn on its own, and the lines
    between turns (a round or Tribunal opening, scores), with the line each is written on."""
    entries: list[dict[str, Any]] = []
    for event in reversed(log.events):
        if isinstance(event, L.Turn):
            found = [(m.pos.line or event.pos.line, event.player.text, writer.move(m)) for m in reversed(event.moves)]
        else:
            found = [(event.pos.line, None, writer.event(event))]
        for line, player, text in found:
            if len(entries) == count:
                return entries[::-1]
            entries.append({"line": line, "player": player, "text": text})
    return entries[::-1]


def table_view(checked, file: str, names: dict[str, str] | None = None, moves: int = MOVES_SHOWN) -> dict[str, Any]:
    """The screen's data for a log checked live (``Options(live=True)``): see docs/json.md.

    ``names`` maps a folded card name to the name to show in the log's language
    (:func:`gtcli.grand_tribunal.lang.cards.sets.names_in`); the game state files cards under
    the set's own names.
    """
    from gtcli.core.text import fold
    from gtcli.grand_tribunal.wording import space_name

    result, log = checked.result, checked.log
    state, ahead = result.state, result.ahead
    snap = state.snapshot()
    lang = snap["language"]
    game_over = bool(ahead and ahead.game_over) or bool(result.complete)
    phase = "setup" if not log.events else ("over" if game_over else "play")
    standings = state.standings()
    errors = result.errors
    card_set = checked.card_set
    private = private_names(state, card_set)
    writer = PublicWriter(lang, card_set, private)

    def shown(name: str) -> str:
        return HIDDEN if card_set.key(name) in private else (names or {}).get(fold(name), name)

    return {
        "file": file,
        "language": lang,
        "phase": phase,
        "tribunal": snap["tribunal"],
        "tribunals": state.profile.tribunals,
        "round": snap["round"],
        "praeco": snap["praeco"],
        "turn": None if phase != "play" else (ahead.turn if ahead else snap["turn"]),
        "slots_left": snap["slots_left"] if phase == "play" else None,
        "next": ahead.next_player if ahead and phase == "play" else None,
        "tribunal_due": bool(ahead and ahead.tribunal_due),
        "players": [{
            "name": p["name"], "vis": p["vis"], "hand": p["hand"], "hand_limit": p["hand_limit"],
            "total": p["total"],
            "laboratory": [_card(c, shown) for c in p["laboratory"]],
            "library": [_card(c, shown) for c in p["library"]],
            "vault": [_card(c, shown) for c in p["vault"] + p["unknown"]],
        } for p in snap["players"]],
        "standings": [{"place": place, "name": p.name, "total": p.score}
                      for place, p in zip(competition_ranks([p.score for p in standings]), standings)],
        "track": [{"space": key, "name": space_name(key, lang), "votes": votes}
                  for key, votes in sorted(snap["track"].items(), key=lambda kv: (-kv[1], kv[0]))],
        "trackers": dict(snap["trackers"]),
        "regio": snap["regio"],
        "concilium": snap["concilium"],
        "rows": {deck: [shown(n) if n != HIDDEN else n for n in row] for deck, row in snap["rows"].items()},
        "moves": last_moves(log, writer, moves),
        "winners": list(result.winners) if result.complete and result.winners else None,
        "findings": {"errors": len(errors),
                     "warnings": sum(1 for d in result.diagnostics if d.severity == "warning"),
                     # where and which rule, not the message: it may name a card in a hand
                     "first": {"line": errors[0].line, "code": errors[0].code} if errors else None},
    }


__all__ = ["HIDDEN", "MOVES_SHOWN", "PublicWriter", "last_moves", "private_names", "table_view"]
