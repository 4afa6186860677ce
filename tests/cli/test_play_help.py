"""`gt play`'s typed `help` (issue 33, conventions): at a terminal its lines are broken between
words to the terminal's width (the terminal itself would break them anywhere, mid-word);
piped, they are not wrapped at all, one line each, for a script to read."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from gtcli.grand_tribunal.play.typing_help import fitted
from tests.conftest import SCENARIOS, run
from tests.terminal import Terminal

PLAYING = SCENARIOS / "play" / "first-turns.gtl"  # Ben's turn is open
LAST = "A line starting with # is a note"


def _help_part(text: str) -> list[str]:
    start = text.index("> help") + len("> help")
    end = text.index("\nBen> ", start)
    return [line.rstrip() for line in text[start:end].strip("\n").split("\n")]


def test_piped_help_is_one_line_per_item(tmp_path):
    log = tmp_path / "g.gtl"
    shutil.copy(PLAYING, log)
    result = run("play", log, input="help\nquit\n", env={"COLUMNS": "40"})
    lines = _help_part(result.output)
    assert any(len(line) > 100 for line in lines)  # not wrapped to any width
    assert [line for line in lines if line.startswith("Commands: end (close")] and lines[-1].startswith(LAST)


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
def test_at_a_terminal_help_never_breaks_a_word(tmp_path):
    log = tmp_path / "g.gtl"
    shutil.copy(PLAYING, log)
    piped = _help_part(run("play", log, input="help\nquit\n").output)
    term = Terminal("play", log, columns=44)
    try:
        term.read_until("Ben> ")
        term.type("help\r")
        term.read_until(LAST)
        text = term.read_until("Ben> ")
        term.type("quit\r")
        assert term.wait() == 0
    finally:
        term.kill()
    shown = _help_part(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text))
    assert all(len(line) < 44 for line in shown), [line for line in shown if len(line) >= 44]
    assert " ".join(shown).split() == " ".join(piped).split()  # the same words, none cut in two
    assert len(shown) > len(piped)


def test_fitted_keeps_indents_and_long_words():
    lines = fitted(["  draw item|spell \"Card\"   or   draw spell face-up \"Card\"", "x" * 60], 30)
    assert lines[0].startswith("  draw") and all(line.startswith("      ") for line in lines[1:-1])
    assert lines[-1] == "x" * 60  # a word longer than the line stays whole
    assert fitted(["a b"], None) == ["a b"]
