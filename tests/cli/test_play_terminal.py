"""`gt play` at a real terminal (a pseudo-terminal, real SIGINT from Ctrl-C): the first
Ctrl-C clears the line being typed and asks again, as a shell does; a second one leaves
with exit 130, Ctrl-D on an empty line with exit 0, each on a line of its own (issue 20)."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.conftest import SCENARIOS
from tests.terminal import Terminal

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
PLAYING = SCENARIOS / "play" / "first-turns.gtl"  # Ben's turn is open


@pytest.fixture
def terminal(tmp_path):
    log = tmp_path / "g.gtl"
    shutil.copy(PLAYING, log)
    term = Terminal("play", log)
    yield term, log
    term.kill()


def _saved_on_its_own_line(text: str, log) -> None:
    assert re.search(rf"\nSaved: {re.escape(str(log))}\. Resume with", text), text[-500:]
    assert not re.search(r"> *Saved:", text)  # never after the prompt or the half-typed line


def test_ctrl_c_clears_the_line_and_a_second_one_leaves(terminal):
    term, log = terminal
    term.read_until("Ben> ")
    term.type("Caro: vo")
    term.type("\x03")  # Ctrl-C: SIGINT from the terminal
    term.read_until("line cleared")
    term.type("Caro: vote orb\r")
    term.read_until("ok: Caro: vote orb")
    term.read_until("Caro> ")
    term.type("\x03")
    term.type("\x03")
    assert term.wait() == 130
    _saved_on_its_own_line(term.text, log)
    text = log.read_text(encoding="utf-8")
    assert text.rstrip().endswith("Caro: vote orb") and "Caro: vo\n" not in text  # the cleared line went nowhere


def test_ctrl_d_on_an_empty_line_leaves_with_0(terminal):
    term, log = terminal
    term.read_until("Ben> ")
    term.type("\x04")
    assert term.wait() == 0
    _saved_on_its_own_line(term.text, log)
    assert log.read_bytes() == PLAYING.read_bytes()


def test_a_line_typed_after_one_ctrl_c_starts_the_count_again(terminal):
    term, log = terminal
    term.read_until("Ben> ")
    term.type("\x03")
    term.read_until("line cleared")
    term.type("state\r")
    term.read_until("Voting Track")
    term.read_until("Ben> ")  # the prompt again: Ctrl-C while a line is being answered ends gt (130)
    term.type("\x03")  # one Ctrl-C after a line: cleared again, not the second in a row
    term.read_until("line cleared", timeout=10)
    assert term.text.count("line cleared") == 2
    term.type("quit\r")
    assert term.wait() == 0
