"""``gt play``: the live table assistant's prompt (the engine is :mod:`gtcli.grand_tribunal.play.session`)."""

from __future__ import annotations

import io
import sys
from typing import Any

import click

from gtcli.cli import completing
from gtcli.cli.options import allow_outside_option, json_option, profile_option, serve_option
from gtcli.cli.settings import club_defaults
from gtcli.cli.terminal.output import handles_input_errors, json_text, safe
from gtcli.cli.terminal.plain import Output

LOOKS = ("help", "?", "state", "roll", "quit", "exit", "q")  # commands that change nothing


@click.command("play")
@click.argument("path", metavar="GAME.gtl", type=click.Path(dir_okay=False))
@click.option("--new", "is_new", is_flag=True, help="Start a new game in GAME.gtl (which must not exist).")
@click.option("--players", metavar="A,B,C", help="With --new: the players in seat order, clockwise.")
@click.option("--cards", metavar="SET", help="With --new: the card set (default: the shipped sample).",
              shell_complete=completing.card_sets)
@click.option("--board", metavar="FILE.toml", help="With --new: the board profile ('sample' for the shipped one).",
              shell_complete=completing.boards)
@profile_option
@click.option("--variant", "variants", multiple=True, metavar="NAME", shell_complete=completing.variants,
              help="With --new: an official variant to turn on (X1..X5 or its name); repeatable.")
@click.option("--lang", type=click.Choice(["en", "es", "fr", "it"], case_sensitive=False), default="en",
              help="With --new: the log's language (keywords and card names).")
@click.option("--event", metavar="TEXT", help="With --new: the [Event] tag.")
@click.option("--date", metavar="YYYY-MM-DD", help="With --new: the [Date] tag.")
@click.option("--seed", type=int, help="Seed the tool's die (to repeat a session exactly).")
@serve_option
@allow_outside_option
@json_option
@handles_input_errors()
@club_defaults("path", only_if="is_new", cards="cards", board="board", profile_spec="profile", lang="language",
               variants="variants")
def play(path, is_new, players, cards, board, profile_spec, variants, lang, event, date, seed, serve, allow_outside,
         as_json) -> None:
    """Play a game at the table: type each move, it is checked and saved at once.

    Moves are typed in the log language (docs/logs.md), for the player whose turn it is
    or after a name (`Ben: vote staff`). A legal move is saved to GAME.gtl at once; an
    illegal one is refused with the same diagnostic `gt check` gives. Type `help` for
    what can be typed now, `end` to close a turn, `undo`, `state`, `roll`, `quit`;
    a line starting with `#` is written to the log as a note.
    Resume a game by running `gt play GAME.gtl` again: the log is the whole state.
    With --serve, a read-only page shows the table to everyone (a TV, phones) as you type.
    """
    import random

    from gtcli.grand_tribunal.lang.logs.check import Options
    from gtcli.grand_tribunal.play.session import PlaySession

    rng = random.Random(seed)
    if serve is not None and is_new:  # a taken address is said before the new log exists, not after
        from gtcli.cli.serve import free_address

        free_address(serve)
    if is_new:
        from gtcli.cli.commands.play_new import new_session

        session = new_session(path, players, cards, board, profile_spec, tuple(variants), lang.lower(), event, date,
                              rng)
    else:
        given = [name for name, value in (("--players", players), ("--cards", cards), ("--board", board),
                                          ("--variant", variants), ("--event", event), ("--date", date)) if value]
        if given:
            raise click.UsageError(f"{', '.join(given)} only go with --new; a resumed game reads its log's header")
        session = PlaySession(path, Options(profile=profile_spec, allow_outside=allow_outside), rng)
    screen = None
    if serve is not None:  # the table's screen: a process of its own, following the log (gtcli.cli.serve)
        from gtcli.cli.serve import serve_for_play

        screen = serve_for_play(session, serve, as_json)
    try:
        Prompt(session, as_json, screen.turn_closed if screen is not None else None).run()
    finally:
        if screen is not None:
            screen.stop()


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
        self.out = Output()  # rich only if a table needs it (gtcli.cli.terminal.plain)
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
            from gtcli.grand_tribunal.play.session import Reply

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
        self.say(f"Saved: {self.session.path}. Resume with: gt play {self.session.path}", kind="bye")
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
            self.tell_outside(reply.outside)

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
            self.greet()
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
            self.tell_outside(outside)
            if outside and word not in LOOKS:
                from gtcli.grand_tribunal.play.session import Reply

                self.answer(Reply(False, f"not written: {line.strip()}: the game changed; "
                                  "type it again if it still applies"))
                return
        if word in ("help", "?"):
            self.show_help()
        elif word == "state":
            self.show_state()
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

            self.say(f"die: {roll(s.rng)}", kind="roll")
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

    # ---- output ----------------------------------------------------------------------------------------
    def say(self, message: str, kind: str = "message", **extra: Any) -> None:
        if self.as_json:
            click.echo(json_text({"kind": kind, "message": message, **extra}, indent=None))
        else:
            click.echo(safe(message))

    def tell_outside(self, changes: list[str]) -> None:
        """What changed in the log outside gt play (an editor, another gt play), for the table."""
        if self.as_json:
            self.say("the log was changed outside gt play", kind="outside", changes=changes)
            return
        if not changes:
            click.echo("(the log was edited outside gt play: comments or layout only; kept)")
            return
        click.echo("The log was changed outside gt play (an editor or another gt play):")
        for change in changes:
            click.echo(f"  {safe(change)}")

    def answer(self, reply) -> None:
        from gtcli.cli.terminal.diagnostics_view import Lines, diagnostic_lines
        from gtcli.cli.terminal.output import use_colour

        if reply.outside is not None:
            self.tell_outside(reply.outside)
        if reply.accepted and self.session.unsaved == 1:
            import time

            self.unsaved_since = time.monotonic()
        if self.as_json:
            click.echo(json_text({
                "kind": "reply", "accepted": reply.accepted, "message": reply.message, "rolled": reply.rolled,
                "diagnostics": [d.to_json() for d in reply.diagnostics], "status": self.session.status(),
            }, indent=None))
            return
        lines = ["die: " + ", ".join(map(str, reply.rolled))] if reply.rolled else []
        if reply.diagnostics:
            sources, colour = Lines(reply.sources), use_colour(sys.stdout)
            lines += [line for d in reply.diagnostics for line in diagnostic_lines(d, sources, colour)]
        if reply.message:
            lines.append(("ok: " if reply.accepted else "") + safe(reply.message))
        if reply.accepted and not self.terminal:
            lines.append(self.status_line(self.session.status()))
        if lines:  # the answer in one write (each echo flushes), the brief status line with it
            click.echo("\n".join(lines))
        if reply.accepted and self.terminal:
            self.show_status(brief=False)

    def greet(self) -> None:
        s = self.session
        if self.as_json:
            self.say(f"gt play {s.path}", kind="hello", status=s.status())
            return
        click.echo(safe(f"gt play {s.path}: {len(s.log.events)} event(s) in the log. Type `help` for what can be typed.", False))
        if s.result.errors:
            click.echo(safe(f"(the log already has {len(s.result.errors)} rule finding(s); `gt check {s.path}` lists them)", False))
        if s.open_turn and s.log.events:
            click.echo(f"The log ends in {s.open_turn}'s turn: go on typing it, or type `end` to close it.")
        self.show_status(brief=False)

    def show_status(self, brief: bool) -> None:
        from gtcli.cli.terminal.output import RIGHT_ALIGNED, table

        st = self.session.status()
        line = self.status_line(st)
        if brief:
            click.echo(line)
            return
        out = self.out
        out.print(line)
        headers = ("Player", "Vis", "Hand", "Total")
        rows = [(p["name"], str(p["vis"]), str(p["hand"]), str(p["total"])) for p in st["players"]]
        if not out.print_table(headers, [h in RIGHT_ALIGNED for h in headers], rows):  # rich draws it
            t = table(*headers, terminal=out.is_terminal)
            for row in rows:
                t.add_row(*row)
            out.print(t)
        track = ", ".join(f"{k} {v}" for k, v in st["track"].items()) or "empty"
        out.print(f"Voting Track: {track} | trackers {st['trackers']['uncontested']}/{st['trackers']['contested']}"
                  f" | Regio {st['regio']} | Concilium {st['concilium']}")

    @staticmethod
    def status_line(st: dict) -> str:
        """Where the game stands, on one line (above the table, or alone off a terminal)."""
        if st["phase"] == "setup":
            line = "Setup: type each hand, the face-up rows and `praeco NAME` (the first Praeco)."
        elif st["phase"] == "over":
            line = "The game is over."
        elif st["round"] == 0:
            line = f"Tribunal {st['tribunal']} opens" + (f": {st['next']} is the first Praeco" if st["next"] else "")
        else:
            line = f"Tribunal {st['tribunal']}, round {st['round']}, Praeco {st['praeco'] or '-'}"
            if st["turn"]:
                line += f" | {st['turn']}'s turn, {st['slots_left']} slot(s) left"
            elif st["next"]:
                line += f" | next: {st['next']}"
            if st["tribunal_due"]:
                line += " | the Tribunal is due"
        return line

    def show_state(self) -> None:
        """The whole table, as the prompt sees it: after `end` (or an undo back to a closed
        turn) no turn is open, and the next player is the prompt's."""
        s = self.session
        if self.as_json:
            self.say("state", kind="state", state=s.snapshot(), next=s.next_player)
            return
        from gtcli.cli.terminal.state import render_snapshot

        render_snapshot(s.snapshot(), self.out.rich, s.next_player)

    def show_help(self) -> None:
        from gtcli.grand_tribunal.play.typing_help import COMMANDS, free_templates, templates

        s = self.session
        legal = s.legal_now()
        forms = templates(s.language)
        lines = []
        if s.in_setup:
            lines.append("Setup lines: hand NAME \"Card\", ... | row item|spell \"Card\", ... | praeco NAME")
        who = s.open_turn or s.next_player
        if who and not s.ahead.game_over:
            lines.append(f"{who} may take: " + (", ".join(legal) if legal else "no more actions (free moves only)"))
            lines += [f"  {forms[k]}" for k in legal if k in forms]
            lines.append("Free moves: " + " | ".join(free_templates(s.language)))
        lines.append("Commands: " + "; ".join(f"{k} ({v})" for k, v in COMMANDS.items()))
        lines.append("A line starting with # is a note: written to the log as typed (# disputed, ruled legal)")
        if self.as_json:
            self.say("help", kind="help", legal=legal, lines=lines)
        else:
            import shutil

            from gtcli.grand_tribunal.play.typing_help import fitted

            for line in fitted(lines, shutil.get_terminal_size().columns if self.terminal else None):
                click.echo(line)

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

            self.say("tribunal", kind="tribunal", tribunal=tribunal_json(result))
        else:
            render_result(result, s.profile, self.out)
            render_players(state.standings(), "Running totals", self.out)
        answer = self.read("Record these scores in the log? [y/n] ")
        if answer is None or answer.strip().lower() not in ("y", "yes", "s", "si", "sí", "o", "oui"):
            self.say("Not recorded. Fix the table with `undo`, or type `end` to see the tally again.")
            return False
        reply = s.record_tribunal()
        self.answer(reply)
        if reply.accepted and s.ahead.game_over:
            winners = s.result.winners or ()
            self.say(winners_line(winners), kind="winner", winners=list(winners))
        return reply.accepted


__all__ = ["play"]
