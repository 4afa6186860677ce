"""Every move of a log to its function: :func:`apply` is what the referee calls for each move."""

from __future__ import annotations

from collections.abc import Callable

from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.actions.casting import cast, play
from gtcli.grand_tribunal.rules.actions.draws import draw
from gtcli.grand_tribunal.rules.actions.hand import discard, to_sanctum
from gtcli.grand_tribunal.rules.actions.records import name, vis
from gtcli.grand_tribunal.rules.actions.sanctum import activate, advance, install
from gtcli.grand_tribunal.rules.actions.sources import extract, gather_contested, gather_uncontested
from gtcli.grand_tribunal.rules.actions.votes import praeco_votes, vote

MOVES: dict[type, Callable] = {
    L.PraecoVotes: praeco_votes, L.Vote: vote, L.Draw: draw, L.Advance: advance, L.Activate: activate,
    L.Install: install, L.Cast: cast, L.Play: play, L.Extract: extract, L.GatherUncontested: gather_uncontested,
    L.GatherContested: gather_contested, L.ToSanctum: to_sanctum, L.Discard: discard, L.NameCard: name,
    L.VisChange: vis, L.Pass: lambda ref, player, move: None,
}


def apply(ref, player: str, move: L.Move) -> None:
    MOVES[type(move)](ref, player, move)
