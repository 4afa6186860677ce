"""Voting tokens onto the track: the Praeco's three (P3), a vote (A1), an effect's (V3)."""

from __future__ import annotations

from gtcli.core.diagnostics import Pos
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.slots import spend


def praeco_votes(ref, player: str, m: L.PraecoVotes) -> None:
    """P3: the Praeco's 3 tokens on 3 different spaces, before any action."""
    s = ref.state
    turn = s.turn
    if player != s.praeco:
        ref.error("P3", f"{player} is not the Praeco ({s.praeco} is)", m.pos)
        return
    if turn.praeco_voted:
        ref.error("P3", f"{player} already placed the Praeco's tokens", m.pos)
        return
    if turn.acted and not turn.praeco_late:
        ref.error("P3", "the Praeco places the tokens at the start of the turn, before any action", m.pos)
    turn.praeco_voted = True
    spaces = [ref.space(w, "P3") for w in m.spaces]
    wanted = turn.praeco_tokens
    if len(m.spaces) != wanted:
        ref.error("P3", f"the Praeco places {wanted} Voting tokens, not {len(m.spaces)}", m.pos,
                  None if wanted == 3 else f"the Concilium holds only {s.concilium}")
    known = [sp for sp in spaces if sp]
    if len(set(known)) != len(known):
        twice = next(sp for sp in known if known.count(sp) > 1)
        ref.error("P3", f"the Praeco's tokens go on 3 different spaces; {twice} is used twice", m.pos)
    # P3 already said how many tokens the Praeco places: the Concilium's last ones go on the
    # track, and the ones it lacks are not reported again under V3 (one move, one code)
    for space in known[:s.concilium]:
        place_token(ref, space, m.pos)

def place_token(ref, space: str, pos: Pos) -> None:
    """V3: a token from the Concilium onto a space (the Praeco's, a vote's, an effect's)."""
    s = ref.state
    if s.concilium <= 0:
        ref.error("V3", "the Concilium has no Voting token left", pos, tokens_gone(ref))
        return
    s.concilium -= 1
    s.track[space] = s.track.get(space, 0) + 1

def vote(ref, player: str, m: L.Vote) -> None:
    """A1: one token from the Concilium onto any space."""
    spend(ref, player, "vote", m.pos)
    space = ref.space(m.space, "A1")
    if space is None:
        return
    if ref.state.concilium <= 0:
        ref.error("A1", "a vote takes a Voting token from the Concilium, and the Concilium is empty", m.pos,
                  tokens_gone(ref))
        return
    place_token(ref, space, m.pos)

def tokens_gone(ref) -> str:
    """Where the box's Voting tokens are when the Concilium is empty (V3): on the board, or standing
    in for Vis (V2), which never come back (docs/rules.md, V2's Decision)."""
    s = ref.state
    on_board = sum(s.track.values())
    if not s.token_vis:
        return f"all {ref.profile.voting_tokens} tokens are on the board"
    return (f"of the {ref.profile.voting_tokens} tokens, {on_board} are on the board and {s.token_vis} stand in "
            "for Vis (V2): those never return to the Concilium")
