"""The yes/no questions commands ask before they save or drop something, asked one way.

``gt game undo`` and ``gt trickerion game undo`` drop what a scorekeeper entered, so they
ask first, and refuse to guess where nobody can answer (a script, a pipe): they name the
flag that answers for them. An answer that never comes is not a "no" said by a person:
end of input exits 2 and Ctrl-C exits 130, the project's exit codes, and neither changes
anything.
"""

from __future__ import annotations

import sys

import click

from gtcli.cli.terminal.output import EXIT_UNUSABLE


def stdin_is_terminal() -> bool:
    """Whether a question can be asked (tests replace this, where a command imported it, to answer one)."""
    return sys.stdin.isatty()


def confirm(question: str, default: bool = True, err: bool = False, unchanged: str = "nothing saved") -> bool:
    """Ask yes/no; end of input is unusable input (exit 2), Ctrl-C exits 130; neither changes anything."""
    try:
        return click.confirm(question, default=default, err=err)
    except click.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):
            raise SystemExit(130) from None
        click.echo(f"\nNo answer (end of input): {unchanged}.", err=True)
        raise SystemExit(EXIT_UNUSABLE) from None


def confirm_drop(command: str, what: str, details: str, session: str, redo: str, yes: bool, terminal: bool,
                 err: bool = False) -> bool:
    """Whether ``command`` may drop ``what`` from ``session``: ``--yes``, or "y" on a terminal.

    Without a terminal and without ``--yes`` this is a usage error (exit 2) that names the
    flag; a "no" says nothing was dropped.
    """
    if yes:
        return True
    if not terminal:
        raise click.UsageError(f"`{command}` asks before dropping {what}; add --yes (-y) to drop it without asking")
    if confirm(f"Drop {what} ({details}) from {session}? `{redo}` brings it back", default=False, err=err,
               unchanged="nothing dropped"):
        return True
    click.echo("Nothing dropped.", err=err)
    return False
