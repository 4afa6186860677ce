"""Check a log that only grows at its end by replaying what is new (``gt play``'s answers).

``gt play`` adds a move, a turn or a scores line at every answer. Parsing and replaying
the whole game each time costs more the longer the game (100 ms at move 1,500); here
only the last entry and what follows it are parsed and replayed, on a copy of the
referee as it was before that entry (kept by the last replay: the open turn is played
again whole, so its moves and findings get the places its new layout gives them). The
copy is kept if the session accepts the move, dropped if not.

The result must be exactly what :func:`gtcli.dsl.logs.check_file` gives for the whole
text, or ``gt play`` and ``gt check`` could disagree: positions come from parsing the
tail after as many empty lines as precede it, so every line and column is where a full
parse puts them; the tests replay every answer of the shipped games both ways and
compare. Whatever is not a plain continuation (an earlier entry changed, the setup, a log
near the size limit) gets None, and the session checks the text whole.
"""

from __future__ import annotations

from dataclasses import replace

from gtcli.diagnostics import InputError
from gtcli.dsl.keywords import LANGUAGES
from gtcli.dsl.logs import Checked, declared_language, parse_log
from gtcli.play.editing import line_offset


def check_continued(checked: Checked, text: str) -> Checked | None:
    """:func:`~gtcli.dsl.logs.check_file` of ``text``, which continues ``checked.text``; None: check it whole."""
    from gtcli.dsl.syntax import MAX_TOKENS, gc_paused

    old = checked.log
    base = checked.referee.before_last if checked.referee is not None else None
    if base is None or not old.events or len(text) > MAX_TOKENS["transcript"]:
        return None  # (beyond that many characters the token budget is counted on the whole text)
    if declared_language(text) is None and old.language != LANGUAGES[0]:
        return None  # a full parse would try the languages in turn: let it
    last = old.events[-1]
    if last.pos.line is None:
        return None
    start = line_offset(checked.text, last.pos.line)
    if start is None or not text.startswith(checked.text[:start]):
        return None
    try:
        tail = parse_log("\n" * (last.pos.line - 1) + text[start:], old.path or "", old.language)
    except InputError:
        return None  # the whole text's parse gives the error (in the language that check_file would report)
    if tail.tags or tail.setup is not None or not tail.events:
        return None
    referee = base.fork()
    with gc_paused():
        referee.take_all(tail.events)
        result = referee.finish()
    log = replace(old, events=old.events[:-1] + tail.events)
    return Checked(log, result, text, checked.card_set, checked.cards_path, referee)


def closed(checked: Checked):
    """The result of ``checked``'s live log as if it ended now: the open turn over, a due Tribunal scored."""
    from gtcli.dsl.syntax import gc_paused

    referee = checked.referee.fork()
    referee.live = False
    with gc_paused():
        return referee.finish()

