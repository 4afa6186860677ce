"""A log's moves by seat (gtcli.club.diff.by_seat): the same whatever the players are called."""

from __future__ import annotations

import re
import shutil

import pytest

from gtcli.club.diff import read_units
from gtcli.grand_tribunal.lang.logs.check import parse_log, read_header
from tests.conftest import SCENARIOS

GAMES = sorted((SCENARIOS / "games").glob("*.gtl"))


@pytest.mark.parametrize("log", GAMES, ids=lambda p: p.name)
def test_every_shipped_game_has_the_same_moves_by_seat_with_its_players_renamed(log, tmp_path):
    """Every place a log names a player (setup, turns, rounds, activations, rolls, choices such as
    ``$victim=Dora``, scores, winners) is renamed: only the seating tells the records apart."""
    text = log.read_text(encoding="utf-8")
    header, _ = read_header(parse_log(text, str(log)))
    for sibling in log.parent.iterdir():
        if sibling.suffix != ".gtl" and sibling.is_file():
            shutil.copy(sibling, tmp_path / sibling.name)
    for n, player in enumerate(header.players):
        text = re.sub(rf"(?<!\w){re.escape(player)}(?!\w)", f"Zed{n}x", text)
    renamed = tmp_path / log.name
    renamed.write_text(text, encoding="utf-8")
    written = [u.text for u in read_units(str(log), claims=False)]
    assert [u.text for u in read_units(str(renamed), claims=False)] != written
    seated = [u.text for u in read_units(str(log), claims=False, seated=True)]
    assert [u.text for u in read_units(str(renamed), claims=False, seated=True)] == seated
    assert seated[0] == "players " + ", ".join(f"#{n}" for n in range(1, len(header.players) + 1))
