"""Property: whatever is typed at the `gt play` prompt, nothing crashes and the saved log stays legal."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.grand_tribunal.lang.logs.check import Options, check_file
from gtcli.grand_tribunal.play.session import PlaySession
from tests.grand_tribunal.play.test_play import SETUP

WORDS = ["praeco", "staff", "orb", "wand", "vote", "advance", "extract", "1", "2", "3", "gather", "contested",
         "uncontested", "3:1", "roll", "*", "others", "Caro", "Ben:", "Ana:", '"Storm Staff"', '"Kindle"', "sanctum",
         "draw", "item", "spell", "face-up", "refill", '"Orb of Tides"', "activate", "force", '"why"', ";", ",",
         "end", "undo", "#", "$x=", "?h", "name", "vis", "+2", "from", "regio", "pass", "discard", "tribunal"]

LEGAL_ISH = ["praeco staff, orb, wand", "vote staff", "extract 1", 'sanctum "Storm Staff"', 'advance "Storm Staff" 2',
             "end", "gather contested 3 roll *", "Ben: vote orb", "undo", "gather uncontested 3:1",
             'activate "Storm Staff"', "Caro: praeco runic, orb, staff", 'force "house rule" vote staff']
lines = st.one_of(st.sampled_from(LEGAL_ISH), st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(typed=st.lists(lines, min_size=1, max_size=12))
def test_typing_anything_keeps_the_log_legal(tmp_path_factory, typed):
    path = str(tmp_path_factory.mktemp("play") / "g.gtl")
    session = PlaySession.create(path, ("Ana", "Ben", "Caro"), Options(board="sample"))
    for line in SETUP:
        assert session.submit(line).accepted
    for line in typed:
        if line == "end":
            session.close_turn()
        elif line == "undo":
            session.undo()
        else:
            session.submit(line)
    result = check_file(path, Options(live=True)).result
    assert not result.errors, [d.format() for d in result.errors]
    assert PlaySession(path).text == session.text  # what is on disk is what the session holds
