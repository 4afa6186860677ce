"""What ``gt play`` shows: each answer, the status and the table, the whole state, help, on a
terminal (rich only where a table needs it), as plain text when piped, or as one JSON object a
line (``--json``). The prompt that reads the lines is :mod:`gtcli.cli.play_prompt`.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from gtcli.cli.terminal.output import json_text, safe
from gtcli.cli.terminal.plain import Output


class PlayView:
    """The prompt's output for one session: ``as_json`` lines, or text for a ``terminal`` or a pipe."""

    def __init__(self, session, as_json: bool, terminal: bool) -> None:
        self.session = session
        self.as_json = as_json
        self.terminal = terminal
        self.out = Output()  # rich only if a table needs it (gtcli.cli.terminal.plain)

    # ---- answers ----------------------------------------------------------------------------------------
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
