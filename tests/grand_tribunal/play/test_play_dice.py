"""Fair at the table (issue 20): `gt play` rolls no die before a typed line is accepted up to
its roll, a refused line shows no dice and costs no roll, and with ``--seed`` the log is the
same whether or not mistakes were typed on the way."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import SCENARIOS, run

PLAYING = SCENARIOS / "play" / "first-turns.gtl"  # Ben's turn is open, Caro and Ana follow
TO_ANA = ["Caro: vote orb", "end"]
GATHER = "Ana: gather contested 2 roll * others Ben *"
MISTAKES = [
    "Ana: gather contestd 2 roll * others Ben *",          # a typo: refused by the parser
    "Ana: gather contested 5 roll *",                       # the tracker shows 2: refused by the rules
    "Ana: gather contested 2 roll * others Ana *",          # the gatherer rolls again: A11
    "Ana: gather contested 2 roll * others Ben *; vote nothing",  # fine up to the roll, not after it
    "Ana: gather contested 2 roll * others Ben *; gather uncontested 4:1",  # a second gather
]


def _play(tmp_path, name: str, lines: list[str], *more: str):
    log = tmp_path / name
    shutil.copy(PLAYING, log)
    result = run("play", log, "--seed", "7", *more, input="\n".join(lines) + "\nquit\n")
    assert result.exit_code == 0, result.output
    return log.read_bytes(), result.output


def test_mistakes_typed_on_the_way_do_not_change_the_seeded_log(tmp_path):
    clean, _ = _play(tmp_path, "clean.gtl", TO_ANA + [GATHER])
    typos, output = _play(tmp_path, "typos.gtl", TO_ANA + MISTAKES + [GATHER])
    assert typos == clean  # byte for byte: no refused line spent a roll
    assert output.count("die: ") == 1 and output.count("not written") >= 4


@pytest.mark.parametrize("mistake", MISTAKES)
def test_a_refused_line_shows_no_dice(tmp_path, mistake):
    _, output = _play(tmp_path, "g.gtl", TO_ANA + [mistake], "--json")
    replies = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    refused = [r for r in replies if r["kind"] == "reply" and not r["accepted"]]
    assert len(refused) == 1 and refused[0]["rolled"] == []
    shown = json.dumps(refused[0])
    assert "roll *" in refused[0]["message"] or not refused[0]["message"]
    assert "roll 2" not in shown and "roll 3" not in shown and "roll 4" not in shown and "roll 5" not in shown


def test_a_line_refused_after_its_roll_keeps_the_roll_for_the_next_line(tmp_path):
    """The part after the roll is checked with the real roll; refused, the die is wound back."""
    first, _ = _play(tmp_path, "a.gtl", TO_ANA + [GATHER])
    again, output = _play(tmp_path, "b.gtl", TO_ANA + [GATHER + "; vote nothing", GATHER])
    assert again == first and "not written: Ana: gather contested 2 roll * others Ben *; vote nothing" in output


def test_a_typed_caret_shows_the_star_not_a_placeholder(tmp_path):
    _, output = _play(tmp_path, "g.gtl", TO_ANA + ["Ana: gather contested 5 roll *"])
    assert "A11 error: the contested tracker's space shows 2, not 5" in output
    assert "not written: Ana: gather contested 5 roll *" in output and "die:" not in output
