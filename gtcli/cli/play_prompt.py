"""The prompt of ``gt play``: one typed line at a time, from a terminal or a script.

It reads each line (bounded, echoed escaped; Ctrl-C and Ctrl-D as a shell takes them),
hands it to the engine (:class:`gtcli.grand_tribunal.play.session.PlaySession`), asks the
scorekeeper to record each Tribunal, and with piped input saves the accepted lines together
when no more input is ready, leaving after a last save on SIGINT, SIGTERM or SIGHUP. What it
shows is :mod:`gtcli.cli.terminal.play`'s; the command is :mod:`gtcli.cli.commands.play`.
"""

from __future__ import annotations

import io
import sys
from typing import Any

import click

from gtcli.cli.terminal.output import json_text, safe
from gtcli.cli.terminal.play import PlayView

LOOKS = ("help", "?", "state", "roll", "quit", "exit", "q")  # commands that change nothing
MAX_TYPED_LINE = 10_000  # characters of one typed line; a move is a few dozen
MAX_UNSAVED_SECONDS = 1.0  # piped input: accepted lines wait at most this long to be saved together
# signals that end a piped gt play, after a last save, with 128 + their number
STOPPING = {"SIGINT": 130, "SIGTERM": 143, "SIGHUP": 129}


class _Stopped(BaseException):
    """A stopping signal arrived while the prompt waited for input (piped input only)."""


class Prompt:
    """The read-answer loop: one typed line at a time, from a terminal or a script."""

    def __init__(self, session, as_json: bool, turn_closed=None) -> None:
        self.session = session
        self.turn_closed = turn_closed  # tells the table's screen (gt play --serve) that `end` closed a turn
        self.as_json = as_json
        self.terminal = sys.stdin.isatty() and sys.stdout.isatty()
        self.view = PlayView(session, as_json, self.terminal)  # what the prompt shows (gtcli.cli.terminal.play)
        self.interrupted = False  # the last read ended with Ctrl-C
        # piped input: lines are saved together, when no more input is ready (session.defer_saves);
        # an input gt cannot ask that (no descriptor: a test's runner) is saved line by line
        self.batched = not sys.stdin.isatty() and self._input_ready() is not None
        self.unsaved_since = 0.0  # when the oldest line waiting to be saved was accepted
        self.waiting = False  # blocked reading input: a stopping signal may leave at once
        self.stop: int | None = None  # the exit code of a stopping signal met while answering
        self.handlers: dict[int, Any] = {}  # the signal handlers the prompt replaced, restored as it ends
        # accepted lines a refused save left out of the log (piped input), and why: the prompt then
        # ends with "Not saved: ...", exit 2, never "Saved"
        self.unwritten: list[str] = []
        self.refusal: Any = None

    # ---- input -----------------------------------------------------------------------------------------
    def read(self, prompt: str) -> str | None:
        """The next typed line (None at the end of the input); one too long is refused, as blank.

        A script piped in may come from anywhere: a line is read up to
        :data:`MAX_TYPED_LINE` characters (the rest of it is skipped, not held in memory),
        and echoed escaped, like every other text gt prints.

        At a terminal, Ctrl-C clears the line being typed and asks again, as a shell does;
        a second Ctrl-C in a row leaves (exit 130, :meth:`leave`), and so does Ctrl-D on an
        empty line (exit 0, as ``quit``): each on a line of its own, never after the prompt.
        """
        self.save_if_idle()
        while True:
            try:
                self.waiting = True
                if self.stop is not None:
                    raise _Stopped
                line = self._read_line(prompt)
            except _Stopped:
                self.leave(stopped=self.stop)
            except KeyboardInterrupt:
                if not self.terminal or self.interrupted:
                    self.leave(interrupted=True)
                self.interrupted = True
                click.echo("\n(line cleared; Ctrl-C again or `quit` leaves)", err=self.as_json)
                continue
            except EOFError:
                if self.terminal:
                    click.echo()  # Ctrl-D leaves the cursor after the prompt
                return None
            finally:
                self.waiting = False
            self.interrupted = False
            break
        if line is None:
            return None
        if len(line) > MAX_TYPED_LINE:
            from gtcli.grand_tribunal.play.typed import Reply

            self.answer(Reply(False, f"not taken: a typed line is limited to {MAX_TYPED_LINE:,} characters"))
            return ""
        return line

    def _read_line(self, prompt: str) -> str | None:
        if self.terminal:
            return input(prompt)
        line = sys.stdin.readline(MAX_TYPED_LINE + 1)
        if not line:
            return None
        too_long = len(line.rstrip("\n")) > MAX_TYPED_LINE
        if too_long and not line.endswith("\n"):
            while (rest := sys.stdin.readline(MAX_TYPED_LINE)) and not rest.endswith("\n"):
                pass  # the rest of the over-long line
        line = line.rstrip("\n")
        if not self.as_json:
            click.echo(safe(prompt + (line[:80] + " ..." if too_long else line.rstrip())))
        return line

    def leave(self, interrupted: bool = False, stopped: int | None = None) -> None:
        """Say where the game is kept, on a line of its own; Ctrl-C's exit code is 130 (every move
        typed before it is already saved), a stopping signal's with piped input 128 + its number."""
        from gtcli.cli.exits import EXIT_INTERRUPTED

        if interrupted and not self.as_json:
            click.echo()  # after the ^C the terminal echoed
        self.save_now(last=True)
        if self.unwritten:
            self.not_saved()
        self.view.say(f"Saved: {self.session.path}. Resume with: gt play {self.session.path}", kind="bye")
        if interrupted or stopped is not None:
            raise SystemExit(stopped if stopped is not None else EXIT_INTERRUPTED)

    # ---- saving piped input in batches ------------------------------------------------------------
    def save_if_idle(self) -> None:
        """Before reading: save the lines waiting if gt would wait for input now, or if the
        oldest of them has waited :data:`MAX_UNSAVED_SECONDS` (what a crash could lose)."""
        import time

        if not self.session.unsaved:
            return
        if self._input_ready() is not True or time.monotonic() - self.unsaved_since >= MAX_UNSAVED_SECONDS:
            self.save_now()

    def save_now(self, last: bool = False) -> None:
        """Write the lines accepted and not yet saved; say so if they could not be (the ``last``
        save's refusal is said by :meth:`not_saved` alone, with every line left out)."""
        if not self.session.unsaved:
            return
        reply = self.session.flush()
        if reply is None:
            return
        from gtcli.core.diagnostics import Diagnostic

        self.unwritten += reply.unwritten
        self.refusal = reply.diagnostics[0] if reply.diagnostics else Diagnostic(
            "IO004", "the log was changed outside gt play meanwhile", path=self.session.path)
        if not last:
            self.answer(reply)
        elif reply.outside:
            self.view.tell_outside(reply.outside)

    def not_saved(self) -> None:
        """End with the lines the table saw accepted that are not in the log: one line with the
        refusal's code, exit 2 (docs/files.md, point 6): a script feeding the moves sees it."""
        from gtcli.cli.exits import EXIT_UNUSABLE

        path, lines, d = self.session.path, self.unwritten, self.refusal
        shown = "; ".join(lines[:5]) + (f"; and {len(lines) - 5} more" if len(lines) > 5 else "")
        message = (f"Not saved: {len(lines)} line(s) accepted were not written to {path}, which has none of them "
                   f"({d.code}: {d.message}): {shown}")
        hint = (f"{d.hint}; then " if d.hint else "") + f"type them again after `gt play {path}`"
        if self.as_json:
            click.echo(json_text({"kind": "not-saved", "message": message, "lines": lines,
                                  "diagnostics": [d.to_json()]}, indent=None))
        else:
            click.echo(safe(message), err=True)
            click.echo(safe(f"  hint: {hint}"), err=True)
        raise SystemExit(EXIT_UNUSABLE)

    @staticmethod
    def _input_ready() -> bool | None:
        """Whether a read would not wait: more input, or its end, is there already (None: cannot tell)."""
        import select

        try:
            ready, _, _ = select.select([sys.stdin], [], [], 0)
        except (OSError, ValueError, TypeError, io.UnsupportedOperation):  # no descriptor
            return None
        return bool(ready)

    def _on_signal(self, signum: int, _frame: Any) -> None:
        """Ctrl-C, SIGTERM or SIGHUP with piped input: leave after saving what waits. While an
        answer is worked out (a save may be under way) the prompt leaves at its next read."""
        import signal

        self.stop = STOPPING[signal.Signals(signum).name]
        if self.waiting:
            raise _Stopped

    def _catch_signals(self, on: bool) -> None:
        """Take the stopping signals (``on``), or give them back to whoever had them."""
        import signal

        try:
            if on:
                for name in STOPPING:
                    if hasattr(signal, name):
                        number = getattr(signal, name)
                        self.handlers[number] = signal.signal(number, self._on_signal)
            else:
                for number, handler in self.handlers.items():
                    signal.signal(number, handler)
                self.handlers = {}
        except ValueError:  # not the main thread (gt run from another program's thread): save each line
            if on:
                self.session.deferred = False

    def setup_readline(self) -> None:
        try:
            import readline
        except ImportError:  # Windows without pyreadline: no completion, still usable
            return
        from gtcli.grand_tribunal.play.typing_help import Words, complete

        s = self.session
        words = Words.for_game(s.language, s.seats, s.checked.card_set.vocabulary, s.card_names.values())
        matches: list[str] = []

        def completer(text: str, state: int) -> str | None:
            nonlocal matches
            if state == 0:
                buffer = readline.get_line_buffer()[:readline.get_endidx()]
                matches = complete(buffer, readline.get_begidx(), words)
            return matches[state] if state < len(matches) else None

        readline.set_completer_delims(" \t;,")
        readline.set_completer(completer)
        readline.parse_and_bind("tab: complete")

    # ---- the loop ----------------------------------------------------------------------------------------
    def run(self) -> None:
        from gtcli.grand_tribunal.lang.syntax import gc_paused

        if self.terminal:
            self.setup_readline()
        if self.batched:
            self.session.defer_saves()
            self._catch_signals(True)
        try:
            self.view.greet()
            while True:
                line = self.read(self.prompt_text())
                if line is None:
                    break
                word = line.strip().lower()
                if word in ("quit", "exit", "q"):
                    break
                with gc_paused():
                    self.handle(line, word)
            self.leave()
        finally:  # leaving any other way (a closed output, a bug): what was accepted is saved
            if self.session.unsaved:
                self.session.flush()
            if self.handlers:
                self._catch_signals(False)

    def handle(self, line: str, word: str) -> None:
        s = self.session
        if not word:
            return
        # an editor or a second laptop may have changed the log meanwhile; while accepted lines
        # wait to be saved, their save checks that instead (and says which were not written)
        outside = s.refresh() if not s.unsaved else None
        if outside is not None:
            self.view.tell_outside(outside)
            if outside and word not in LOOKS:
                from gtcli.grand_tribunal.play.typed import Reply

                self.answer(Reply(False, f"not written: {line.strip()}: the game changed; "
                                  "type it again if it still applies"))
                return
        if word in ("help", "?"):
            self.view.show_help()
        elif word == "state":
            self.view.show_state()
        elif word == "undo":
            self.answer(s.undo())
        elif word in ("end", "done", "next"):
            reply = s.close_turn()
            if reply.accepted and self.turn_closed is not None:
                self.turn_closed(s.text)
            self.answer(reply)
            if reply.tribunal_due:
                self.tribunal()
        elif word == "roll":
            from gtcli.grand_tribunal.play.dice import roll

            self.view.say(f"die: {roll(s.rng)}", kind="roll")
        else:
            reply = s.submit(line)
            if reply.tribunal_due and self.tribunal():
                reply = s.submit(line)
            self.answer(reply)

    def prompt_text(self) -> str:
        s = self.session
        who = s.open_turn or s.next_player
        if s.in_setup:
            return "setup> "
        if s.ahead.game_over:
            return "game over> "
        return f"{who}> " if who else "> "

    def answer(self, reply) -> None:
        """Show a reply; an accepted line that now waits to be saved starts the clock of :meth:`save_if_idle`."""
        if reply.accepted and self.session.unsaved == 1:
            import time

            self.unsaved_since = time.monotonic()
        self.view.answer(reply)

    def tribunal(self) -> bool:
        """Show the Tribunal the rules compute, ask the scorekeeper, record it. True if recorded."""
        from gtcli.cli.terminal.tribunal import render_players, render_result
        from gtcli.grand_tribunal.wording import winners_line

        s = self.session
        state = s.closed().state
        if not state.results:
            return False
        result = state.results[-1]
        if self.as_json:
            from gtcli.grand_tribunal.reports import tribunal_json

            self.view.say("tribunal", kind="tribunal", tribunal=tribunal_json(result))
        else:
            render_result(result, s.profile, self.view.out)
            render_players(state.standings(), "Running totals", self.view.out)
        answer = self.read("Record these scores in the log? [y/n] ")
        if answer is None or answer.strip().lower() not in ("y", "yes", "s", "si", "sí", "o", "oui"):
            self.view.say("Not recorded. Fix the table with `undo`, or type `end` to see the tally again.")
            return False
        reply = s.record_tribunal()
        self.answer(reply)
        if reply.accepted and s.ahead.game_over:
            winners = s.result.winners or ()
            self.view.say(winners_line(winners), kind="winner", winners=list(winners))
        return reply.accepted
