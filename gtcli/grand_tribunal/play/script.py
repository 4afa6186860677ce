"""A logged game as the lines a scorekeeper would type into ``gt play``.

Used to drive the prompt in tests and benchmarks: the setup lines, each move of each
turn (without the player's name: the prompt knows whose turn it is), ``end`` after every
turn, and ``y`` wherever the log records a Tribunal's scores (the scorekeeper confirms);
:func:`answer` gives such a line to a session as the prompt would.
"""

from __future__ import annotations

from pathlib import Path

from gtcli.core.files.toml_source import read_text
from gtcli.core.text import fold
from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in
from gtcli.grand_tribunal.lang.logs.check import SAMPLE_NAMES, parse_log, read_header, resolve_path
from gtcli.grand_tribunal.lang.logs.format import LogWriter
from gtcli.grand_tribunal.rules import log as L


def typed_lines(path: str | Path) -> tuple[L.Log, list[str]]:
    text = read_text(path, "log")
    log = parse_log(text, str(path))
    header, _ = read_header(log)
    cards_path = resolve_path(header.cards or SAMPLE_NAMES[0], str(path), "sample.gtc")
    card_set = load_set(cards_path)
    names = names_in(card_set, cards_path, log.language)
    writer = LogWriter(log.language, card_set.vocabulary, lambda n: names.get(fold(n), n))
    lines = [line.strip() for line in writer.setup(log.setup)[1:]] if log.setup else []
    for event in log.events:
        if isinstance(event, L.Turn):
            lines += [writer.move(m) for m in event.moves] + ["end"]
        elif isinstance(event, L.Scores):
            lines.append("y")
    return log, lines


def answer(session, line: str):
    """The session's :class:`~gtcli.grand_tribunal.play.typed.Reply` to one scripted line: ``end`` closes the
    turn, ``y`` writes the confirmed scores, ``undo`` takes the last entry back, anything
    else is typed as moves."""
    if line == "end":
        return session.close_turn()
    if line == "y":
        return session.record_tribunal()
    if line == "undo":
        return session.undo()
    return session.submit(line)
