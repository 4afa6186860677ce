"""What the table's screen shows (``gt play --serve``, ``gt replay --serve``): a log's state as plain data.

A pure function of a checked log (no file, no network): where the game stands, whose turn
it is, the Voting Track, each player's Vis and Sanctum, the face-up rows, the standings and
the last few moves, in the log's language. The page
(:mod:`gtcli.grand_tribunal.html.table_screen`) draws it, and the server sends it as JSON
too (docs/json.md).

The screen is seen by the whole table, so it shows only what the table may see, decided by
where each card lies, never by its name: hands are counts; a card lying face down in a
Sanctum or under an Item is shown as face down, with its Vis but not its name (T3, A2);
the face-up rows and every face-up card are named, whatever other copy of the card lies
hidden; in the last moves a name is shown only if that card was public just before or
just after the move (:mod:`gtcli.grand_tribunal.play.public_moves`); a finding is shown by
its line and code only, as its message may name a hidden card. The log itself, which the
scorekeeper keeps, still has every name.
"""

from __future__ import annotations

from typing import Any

from gtcli.core.statistics import competition_ranks
from gtcli.grand_tribunal.play.public_moves import HIDDEN, PublicWriter, public, public_names
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.state import SANCTUM

MOVES_SHOWN = 8  # the last moves on the screen: a round of a five-player game and a little more


def _card(state, card, shown) -> dict[str, Any]:
    """A Sanctum card as the table sees it: a face-down card keeps its Vis, not its name; an
    Item's Spells each as it lies (a Spell installed face down by a forced move stays hidden)."""
    look = (card.zone, card.face_up, card.active)
    seen = public(look)
    out: dict[str, Any] = {"card": shown(card) if seen else None, "face_up": seen, "active": bool(card.active),
                           "vis": card.vis}
    if seen and card.deck == "item":
        spells = [state.cards[i] for i in state.installed_on(card.id)]
        out["spells"] = [shown(s) if public((s.zone, s.face_up, s.active)) else None for s in spells]
    if card.placed:
        out["won"] = {"tribunal": card.placed[0], "place": card.placed[1]}
    return out


def _entries(log: L.Log, count: int) -> list[tuple[int | None, str | None, Any]]:
    """(line, player, move or event) of the last ``count`` entries of the play."""
    entries: list[tuple[int | None, str | None, Any]] = []
    for event in reversed(log.events):
        if isinstance(event, L.Turn):
            found = [(m.pos.line or event.pos.line, event.player.text, m) for m in reversed(event.moves)]
        else:
            found = [(event.pos.line, None, event)]
        for entry in found:
            if len(entries) == count:
                return entries[::-1]
            entries.append(entry)
    return entries[::-1]


def last_moves(checked, count: int = MOVES_SHOWN, known: dict | None = None) -> list[dict[str, Any]]:
    """The last ``count`` entries of the play: each move of a turn on its own, and the lines
    between turns (a round or Tribunal opening, scores), with the line each is written on;
    a name the table may not see written ``?``. ``known``: what the screen judged before
    (:func:`~gtcli.grand_tribunal.play.public_moves.public_names`)."""
    entries = _entries(checked.log, count)
    watched = [item for _, player, item in entries if player is not None or isinstance(item, L.Activate)]
    verdicts = public_names(checked, watched, known)
    writer = PublicWriter(checked.log.language, checked.card_set.vocabulary, verdicts)
    return [{"line": line, "player": player, "text": writer.move(item) if player is not None else writer.event(item)}
            for line, player, item in entries]


def tribunal_awards(checked, phase: str, shown_name) -> dict[str, Any] | None:
    """The Tribunal's awards for the screen: as they will be given while it is due (the last
    round played, the scorekeeper yet to confirm: the log scored as if it ended now, on a copy
    of the referee), or as given once the scores are written and until the next round opens;
    None otherwise. Each Item's place, votes and score, each player's score and total, and
    the next first Praeco (P5). An Item is named only if it lies face up in its owner's
    Laboratory (what the table sees); its type always."""
    from gtcli.grand_tribunal.wording import space_name

    state, ahead = checked.result.state, checked.result.ahead
    if phase != "play":
        return None
    if ahead is not None and ahead.tribunal_due:
        from gtcli.grand_tribunal.play.incremental import closed

        after, recorded = closed(checked).state, False
    elif state.round == 0 and state.results:
        after, recorded = state, True
    else:
        return None
    if not after.results:
        return None
    result, lang = after.results[-1], checked.log.language
    public_items = {c.name for p in state.seats for c in state.cards_of(p, SANCTUM)
                    if c.deck == "item" and c.name and public((c.zone, c.face_up, c.active))}
    return {
        "tribunal": result.tribunal, "grand": result.tribunal == state.profile.tribunals, "recorded": recorded,
        "items": [{"owner": r.item.owner, "name": shown_name(r.item.name) if r.item.name in public_items else None,
                   "type": space_name(r.item.type, lang), "votes": r.votes, "competing": r.competing,
                   "place": r.place, "score": r.score} for r in result.items],
        "players": [{"name": p.name, "score": p.score, "total": after.totals.get(p.name, 0)} for p in result.players],
        "next_praeco": result.next_praeco,
    }


def table_view(checked, file: str, names: dict[str, str] | None = None, moves: int = MOVES_SHOWN,
               closed: bool = False, known: dict | None = None) -> dict[str, Any]:
    """The screen's data for a log checked live (``Options(live=True)``): see docs/json.md.

    ``closed``: the turn the log ends in is over (``gt play``'s ``end``, or a blank line after
    it: :mod:`gtcli.grand_tribunal.play.follow`), so the screen shows the next player's turn.
    ``known``: the last moves' verdicts kept from the screen before, to replay less (:func:`last_moves`).

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
    turn = None if phase != "play" else (ahead.turn if ahead else snap["turn"])
    closed = closed and turn is not None
    if closed:  # the next player's turn, before its first move is written
        turn = ahead.next_player if ahead and not ahead.tribunal_due else None
    errors = result.errors

    def shown(card) -> str:  # a public card: its name in the log's language, else its handle
        return (names or {}).get(fold(card.name), card.name) if card.name else (card.handle or HIDDEN)

    def sanctum(player: str, *decks: str | None) -> list[dict[str, Any]]:
        return [_card(state, c, shown) for c in state.cards_of(player, SANCTUM) if c.deck in decks]

    return {
        "file": file,
        "language": lang,
        "phase": phase,
        "tribunal": snap["tribunal"],
        "tribunals": state.profile.tribunals,
        "round": snap["round"],
        "praeco": snap["praeco"],
        "turn": turn,
        "turn_closed": closed,
        "slots_left": snap["slots_left"] if phase == "play" and not closed else None,
        "next": ahead.next_player if ahead and phase == "play" and not closed else None,
        "first_praeco": ahead.round_start[1] if phase == "setup" and ahead and ahead.round_start else None,
        "tribunal_due": bool(ahead and ahead.tribunal_due),
        "tribunal_awards": tribunal_awards(checked, phase, lambda name: (names or {}).get(fold(name), name)),
        "players": [{
            "name": p["name"], "vis": p["vis"], "hand": p["hand"], "hand_limit": p["hand_limit"],
            "total": p["total"],
            "laboratory": sanctum(p["name"], "item"),
            "library": sanctum(p["name"], "spell"),
            "vault": sanctum(p["name"], "resource", None),
        } for p in snap["players"]],
        "standings": [{"place": place, "name": p.name, "total": p.score}
                      for place, p in zip(competition_ranks([p.score for p in standings]), standings)],
        "track": [{"space": key, "name": space_name(key, lang), "votes": votes}
                  for key, votes in sorted(snap["track"].items(), key=lambda kv: (-kv[1], kv[0]))],
        "trackers": dict(snap["trackers"]),
        "regio": snap["regio"],
        "concilium": snap["concilium"],
        # the face-up rows are public: every card named (an empty place, or one the log never named: "?")
        "rows": {deck: [shown(state.cards[i]) if i else HIDDEN for i in row] for deck, row in state.rows.items()},
        "moves": last_moves(checked, moves, known),
        "winners": list(result.winners) if result.complete and result.winners else None,
        "findings": {"errors": len(errors),
                     "warnings": sum(1 for d in result.diagnostics if d.severity == "warning"),
                     # where and which rule, not the message: it may name a card in a hand
                     "first": {"line": errors[0].line, "code": errors[0].code} if errors else None},
    }


__all__ = ["HIDDEN", "MOVES_SHOWN", "last_moves", "table_view", "tribunal_awards"]
