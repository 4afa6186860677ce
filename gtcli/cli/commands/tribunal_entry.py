"""Typing a Tribunal at the table (``gt game tribunal``, ``gt tally`` without a file).

The answers are the table's lines (:mod:`gtcli.grand_tribunal.typed_table` reads them and
knows nothing of terminals): the Voting Track as one answer, one line per Item, short edits
of the numbered Items carried from the last Tribunal, then an empty line and one
confirmation. On a terminal the line is read with readline, as at ``gt play``: history
(Up-arrow), line editing, Tab completing players, spaces, types, categories and the set's
card names; a line with mistakes is shown with a caret under each, every mistake with its
hint, and offered back for editing. After each accepted answer the places and scores as
they stand are shown. In a game, a draft is saved beside the session after every answer
(the line being typed too, on Ctrl-C), and offered for resuming the next time
(:mod:`gtcli.grand_tribunal.formats.draft_file`). Piped answers are read a line at a time
and echoed after their prompt, so a transcript reads as the terminal would.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from gtcli.cli.terminal.output import safe
from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.grand_tribunal.formats.table_lines import LinesContext
from gtcli.grand_tribunal.rules.game import Game
from gtcli.grand_tribunal.rules.tribunal import Table
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary
from gtcli.grand_tribunal.typed_table import TypedTable, completions, preview

MAX_TYPED_LINE = 2_000
TRACK_PROMPT = "Voting Track (staff 2, orb 3; Enter: none)> "


class LineReader:
    """Reads one answer: readline on a terminal (history, editing, Tab, a line offered back),
    else a line of standard input, echoed after its prompt."""

    def __init__(self, terminal: bool, err: bool = False) -> None:
        self.terminal = terminal
        self.err = err
        self.readline: Any = None
        self.words: Callable[[str, int, int], list[str]] = lambda buffer, begin, end: []

    def start(self, complete: Callable[[str, int, int], list[str]]) -> None:
        self.words = complete
        if not self.terminal:
            return
        try:
            import readline
        except ImportError:  # no readline (Windows without pyreadline): still usable
            return
        self.readline = readline
        matches: list[str] = []

        def completer(text: str, state: int) -> str | None:
            nonlocal matches
            if state == 0:
                buffer = readline.get_line_buffer()
                matches = self.words(buffer, readline.get_begidx(), readline.get_endidx())
            return matches[state] if state < len(matches) else None

        readline.set_completer_delims(" \t,")
        readline.set_completer(completer)
        readline.parse_and_bind("tab: complete")

    def buffer(self) -> str:
        """What was on the line when it was interrupted (Ctrl-C), if readline can tell."""
        try:
            return self.readline.get_line_buffer() if self.readline is not None else ""
        except Exception:  # never let the draft fail over it
            return ""

    def read(self, prompt: str, offer: str | None = None) -> str:
        """One line; ``offer`` is put on it for editing (a terminal), click.Abort at the end of input."""
        if self.terminal:
            if self.readline is not None and offer:
                self.readline.set_startup_hook(lambda: self.readline.insert_text(offer))
            try:
                line = input(prompt)
            except EOFError:
                click.echo(err=self.err)
                raise click.Abort() from EOFError()
            finally:
                if self.readline is not None:
                    self.readline.set_startup_hook(None)
            return line[:MAX_TYPED_LINE + 1]
        click.echo(prompt, nl=False, err=self.err)
        line = sys.stdin.readline(MAX_TYPED_LINE + 1)
        if not line:
            click.echo(err=self.err)
            raise click.Abort() from EOFError()
        if not line.endswith("\n") and len(line) > MAX_TYPED_LINE:
            while (rest := sys.stdin.readline(MAX_TYPED_LINE)) and not rest.endswith("\n"):
                pass
        line = line.rstrip("\n")
        click.echo(safe(line, newlines=False), err=self.err)
        return line


def show_problems(text: str, problems: list[Diagnostic], prompt_width: int) -> None:
    """The line with a caret under each mistake, then every mistake with its hint."""
    columns = sorted({d.col for d in problems if d.col})
    if columns and text.strip():
        marks = "".join("^" if n + 1 in columns else " " for n in range(max(columns)))
        click.echo(" " * prompt_width + safe(text, newlines=False), err=True)
        click.echo(" " * prompt_width + marks, err=True)
    for d in problems:
        hint = f" (hint: {d.hint})" if d.hint else ""
        click.echo(safe(f"  {d.code} {d.message}{hint}", newlines=False), err=True)


def type_table(typed: TypedTable, reader: LineReader, keep: Callable[[str | None], None] = lambda line: None,
               offer: str | None = None, err: bool = False) -> TypedTable:
    """Read answers until an empty line finishes the Tribunal; ``keep`` is told after each answer
    (with the line being fixed, if any), and on Ctrl-C with what was on the line."""
    width = _width()
    while True:
        prompt = TRACK_PROMPT if typed.votes is None else f"item {len(typed.items) + 1}> "
        try:
            text = reader.read(prompt, offer)
        except click.Abort as stop:
            if isinstance(stop.__cause__, KeyboardInterrupt) or isinstance(stop.__context__, KeyboardInterrupt):
                keep(reader.buffer() or offer)
            raise
        except KeyboardInterrupt:
            keep(reader.buffer() or offer)
            click.echo(err=True)
            raise click.Abort() from KeyboardInterrupt()
        if len(text) > MAX_TYPED_LINE:
            click.echo(f"  not taken: a line is limited to {MAX_TYPED_LINE:,} characters", err=True)
            offer = None
            continue
        reply = typed.answer(text)
        for line in reply.said:
            click.echo(safe("  " + line, newlines=False), err=err)
        if reply.problems:
            show_problems(text, reply.problems, len(prompt))
        if reply.done:  # an empty line changes nothing: the draft holds all of it already
            return typed
        offer = reply.offer
        keep(offer if not reply.ok else None)
        if reply.ok and reply.offer is None and text.strip() not in ("?", "help"):
            for line in preview(typed.result(), width):
                click.echo(safe(line, newlines=False), err=err)


def _width() -> int:
    import shutil

    return max(40, shutil.get_terminal_size((100, 24)).columns - 1)


def warm_up(typed: TypedTable) -> None:
    """Before the first question: the lines' parser loaded and the result's table drawn once
    (off screen), so that no answer waits for an import (about 250 ms on a cold start)."""
    import io

    from rich.console import Console

    from gtcli.cli.terminal.tribunal import render_result
    from gtcli.grand_tribunal.formats.table_lines import read_line

    read_line("votes none", typed.context)
    read_line("Ana: staff 1", typed.context)
    render_result(typed.result(), typed.context.profile, Console(file=io.StringIO(), width=100))


def reader_for(typed: TypedTable, err: bool) -> LineReader:
    from gtcli.cli.terminal.asking import stdin_is_terminal

    warm_up(typed)
    reader = LineReader(stdin_is_terminal() and sys.stdout.isatty(), err)
    cards = typed.context.card_set.names() if typed.context.card_set is not None else ()
    reader.start(lambda buffer, begin, end: completions(buffer, begin, end, typed.context, cards,
                                                                   track=typed.votes is None))
    return reader


def greet(typed: TypedTable, carried_from: int | None, err: bool) -> None:
    click.echo("Type the Tribunal as lines: the Voting Track, then one line per Item (Ana: staff 4 elemental), "
               "then Enter on an empty line. ? shows the rest.", err=err)
    if typed.items:
        click.echo(f"Carried from Tribunal {carried_from} (competed without placing); change one with "
                   "3 base 4, 3 won, 3 + runic, -3:" if carried_from else "Items so far:", err=err)
        for n in range(1, len(typed.items) + 1):
            click.echo(safe("  " + typed.numbered(n), newlines=False), err=err)


def type_one_off(profile, vocabulary: Vocabulary, card_set: Any = None, err: bool = False) -> Table:
    """``gt tally`` without a file: one Tribunal typed (a ``players`` line first is optional)."""
    typed = TypedTable(LinesContext(profile=profile, vocabulary=vocabulary, card_set=card_set))
    greet(typed, None, err)
    type_table(typed, reader_for(typed, err), err=err)
    return typed.table


def _draft_line(typing: dict[str, str] | None) -> str | None:
    """The line a draft kept (an older gt's answers of an Item made into one)."""
    if not typing:
        return None
    if "line" in typing:
        return typing["line"]
    parts = [f"{typing.get('owner', '')}:"]
    if typing.get("name"):
        parts.append('"' + typing["name"].replace('"', "'") + '"')
    parts += [typing.get("type", ""), typing.get("base", ""), typing.get("spells", "").replace(",", " ")]
    return " ".join(p for p in parts if p).strip() or None


def enter_tribunal(session: str, game: Game, vocabulary: Vocabulary, err: bool = False, card_set: Any = None) -> Table:
    """Ask for the game's next Tribunal, keeping a draft beside the session after every answer.

    A draft left by an interrupted entry for this Tribunal is offered for resuming first.
    """
    from gtcli.grand_tribunal.formats.draft_file import Draft, draft_path, load_draft, save_draft
    from gtcli.grand_tribunal.rules.game import carry_over, first_praeco_of
    from gtcli.grand_tribunal.wording import tribunal_title

    number = len(game.tables) + 1
    draft = Draft(number)
    try:
        found = load_draft(session, vocabulary, game.profile, game.players)
    except InputError as exc:
        if exc.diagnostics[0].code == "IO006":  # no draft could be kept: stop before asking anything
            raise
        click.echo(safe(f"The draft {draft_path(session).name} cannot be read ({exc.diagnostics[0].message}); "
                        "a new entry replaces it.", False), err=True)
        found = None
    if found is not None and found.tribunal != number:
        click.echo(safe(f"The draft {draft_path(session).name} is for Tribunal {found.tribunal}, but the game's "
                        f"next is Tribunal {number}; a new entry replaces it.", False), err=True)
    elif found is not None:
        click.echo(f"A draft of Tribunal {number} was left by an interrupted entry: {found.summary()}.", err=err)
        if click.confirm("Resume it?", default=True, err=err):
            draft = found
    opener = first_praeco_of(game, number)  # what `gt game show` calls the next first Praeco
    click.echo(safe(f"{tribunal_title(number, game.profile)} for {', '.join(game.players)}"
                    + (f", first Praeco {opener}" if opener else "")
                    + " (Ctrl-C keeps what you typed as a draft)", newlines=False), err=err)
    context = LinesContext(seats=game.players, profile=game.profile, vocabulary=vocabulary, card_set=card_set)
    resumed = draft is found
    typed = TypedTable(context, draft.votes if resumed else None,
                       list(draft.items) if resumed else list(carry_over(game)), game=game)
    greet(typed, number - 1 if typed.items and not resumed else None, err)

    def keep(line: str | None) -> None:
        draft.votes, draft.items = typed.votes, list(typed.items)
        draft.typing = {"line": line} if line else None
        save_draft(session, draft)

    offer = _draft_line(draft.typing) if resumed else None
    if offer:
        click.echo(safe(f"Being typed when it stopped: {offer}", newlines=False), err=err)
    reader = reader_for(typed, err)
    type_table(typed, reader, keep, offer, err)
    return Table(items=tuple(typed.items), votes=dict(typed.votes or {}), last_praeco=typed.last_praeco)

