"""Check a log that only grows at its end by replaying what is new (``gt play``'s answers).

``gt play`` adds a move, a turn or a scores line at every answer. Parsing and replaying
the whole game each time costs more the longer the game (100 ms at move 1,500); here
only the last entry and what follows it are parsed and replayed, on a copy of the
referee as it was before that entry (kept by the last replay: the open turn is played
again whole, so its moves and findings get the places its new layout gives them). The
copy is kept if the session accepts the move, dropped if not.

The result must be exactly what :func:`gtcli.grand_tribunal.lang.logs.check.check_file` gives for the whole
text, or ``gt play`` and ``gt check`` could disagree: positions come from parsing the
tail after as many empty lines as precede it, so every line and column is where a full
parse puts them; the tests replay every answer of the shipped games both ways and
compare. Whatever is not a plain continuation (an earlier entry changed, the setup) gets
None, and the session checks the text whole.

The token budget of a log (SYN005) is counted on the whole text, as a full check counts
it, but without reading the whole text at each answer: tokens never span a line, so the
count of the text before the replayed entry is kept (:attr:`Checked.prefix_tokens`) and
only what follows it is counted again. A long log's answer, accepted or refused, costs
what its tail costs, not a parse of the whole file.
"""

from __future__ import annotations

from dataclasses import replace

from gtcli.core.diagnostics import InputError
from gtcli.grand_tribunal.lang.keywords import LANGUAGES
from gtcli.grand_tribunal.lang.logs.check import Checked, declared_language, parse_log
from gtcli.grand_tribunal.play.editing import line_offset


def check_continued(checked: Checked, text: str) -> Checked | None:
    """:func:`~gtcli.grand_tribunal.lang.logs.check.check_file` of ``text``, which continues ``checked.text``; None: check it whole."""
    from gtcli.grand_tribunal.lang.syntax import MAX_TOKENS, count_tokens, gc_paused

    old = checked.log
    base = checked.referee.before_last if checked.referee is not None else None
    if base is None or not old.events:
        return None
    if old.language != LANGUAGES[0] and declared_language(text) is None:
        return None  # a full parse would try the languages in turn: let it
    last = old.events[-1]
    if last.pos.line is None:
        return None
    start = line_offset(checked.text, last.pos.line)
    if start is None or not text.startswith(checked.text[:start]):
        return None
    prefix = None
    if len(text) > MAX_TOKENS["transcript"]:  # fewer characters than the budget: fewer tokens too
        prefix = prefix_tokens(checked, start)
        if prefix[1] + count_tokens(text[start:]) > MAX_TOKENS["transcript"]:
            return None  # over the budget: the whole text's check reports it (SYN005)
    try:
        tail = parse_log("\n" * (last.pos.line - 1) + text[start:], old.path or "", old.language)
    except InputError:
        return None  # the whole text's parse gives the error (in the language that check_file would report)
    if tail.tags or tail.setup is not None or not tail.events:
        return None
    referee = base.fork()
    with gc_paused():
        referee.take_all(tail.events, before=base)  # base is only ever forked: shared, not copied again
        result = referee.finish()
    log = replace(old, events=old.events[:-1] + tail.events)
    return Checked(log, result, text, checked.card_set, checked.cards_path, referee, prefix)


def prefix_tokens(checked: Checked, start: int) -> tuple[int, int]:
    """``(start, tokens of checked.text before start)``, counted on from what ``checked`` kept
    (and kept there: a refused answer, and the next one, count nothing twice)."""
    at, count = checked.prefix_tokens if checked.prefix_tokens and checked.prefix_tokens[0] <= start else (0, 0)
    if at != start:
        from gtcli.grand_tribunal.lang.syntax import count_tokens

        checked.prefix_tokens = (start, count + count_tokens(checked.text[at:start]))
    return checked.prefix_tokens


def closed(checked: Checked):
    """The result of ``checked``'s live log as if it ended now: the open turn over, a due Tribunal scored."""
    from gtcli.grand_tribunal.lang.syntax import gc_paused

    referee = checked.referee.fork()
    referee.live = False
    with gc_paused():
        return referee.finish()

