"""The ``gt`` command group. Subcommands live in one module each.

Every run ends in :meth:`GtGroup.main`, so every way out has one exit code (the same
when a test calls the group through Click's CliRunner):

* 0 clean, 1 findings, 2 unusable input or usage -- decided by the commands;
* 2 also when the input ends at a prompt (EOF), with one line saying so;
* 3 an internal error: one line saying it is a bug in gt and how to report it; the
  traceback only with ``gt --debug`` or ``GT_DEBUG=1``. A crash never looks like a
  finding, so a club's CI can tell them apart;
* 130 Ctrl-C (128 + SIGINT), with one line;
* 141 the reader of the output went away (``gt check *.gtl | head``; 128 + SIGPIPE),
  silently.
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import Any

import click

from gtcli import __version__
from gtcli.cli.cards_cmd import cards
from gtcli.cli.game_cmd import game
from gtcli.cli.log_cmds import check, fmt_cmd, replay
from gtcli.cli.output import EXIT_BUG, EXIT_INTERRUPTED, EXIT_PIPE, EXIT_UNUSABLE, safe
from gtcli.cli.play_cmd import play
from gtcli.cli.rules_cmd import rules
from gtcli.cli.tally_cmd import tally
from gtcli.cli.trickerion_cmd import trickerion
from gtcli.text import new_run

REPORT_BUG = "please report it with the command you ran and its input files (README, 'Reporting a bug')"


def _debug_from_env() -> bool:
    return os.environ.get("GT_DEBUG", "").strip().lower() not in ("", "0", "no", "false")


def _flush_output() -> None:
    """Flush stdout now, so a reader that went away is noticed here (exit 141), not at interpreter exit."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_output()
        raise SystemExit(EXIT_PIPE) from None
    except (OSError, ValueError):
        pass


def _silence_output() -> None:
    """After a broken pipe: send what is left in stdout's buffer to /dev/null, not to an error at exit."""
    try:
        sys.stdout.flush()
    except (BrokenPipeError, OSError, ValueError):
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # CliRunner's stdout has no file descriptor
        pass


class GtGroup(click.Group):
    """The group that maps every way a run can end to a documented exit code (module docstring)."""

    debug = False

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # caught here: Click's own handler would exit 1, the code of findings
            _silence_output()
            raise SystemExit(EXIT_PIPE) from None

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        self.debug = _debug_from_env()
        new_run()
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            if not standalone_mode:
                return rv
            code = rv if isinstance(rv, int) and not isinstance(rv, bool) else 0  # click.Exit's code (--help)
        except click.ClickException as exc:
            if not standalone_mode:
                raise
            exc.show()
            code = exc.exit_code
        except click.Abort as exc:
            code = self._stopped(exc.__cause__ or exc.__context__)
        except (KeyboardInterrupt, EOFError) as exc:
            code = self._stopped(exc)
        except BrokenPipeError:
            _silence_output()
            code = EXIT_PIPE
        except SystemExit:
            _flush_output()
            raise
        except Exception as exc:  # a bug in gt: one line, exit 3; the traceback only on request
            self._bug(exc)
            code = EXIT_BUG
        _flush_output()
        sys.exit(code)

    @staticmethod
    def _stopped(cause: BaseException | None) -> int:
        """Ctrl-C (130) or the input ending at a prompt (2), each with one line on stderr."""
        if isinstance(cause, EOFError):
            click.echo("\ngt: the input ended before an answer was given; nothing was saved.", err=True)
            return EXIT_UNUSABLE
        click.echo("gt: interrupted." if isinstance(cause, KeyboardInterrupt) else "gt: stopped.", err=True)
        return EXIT_INTERRUPTED

    def _bug(self, exc: Exception) -> None:
        summary = safe(f"{type(exc).__name__}: {exc}", newlines=False)[:300]
        if self.debug:
            traceback.print_exception(exc, file=sys.stderr)
        click.echo(f"gt: internal error ({summary}). This is a bug in gt, not a problem with your files; "
                   f"{REPORT_BUG}." + ("" if self.debug else " Run it again as `gt --debug ...` (or with GT_DEBUG=1) for the details."),
                   err=True)


def _set_debug(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and isinstance(ctx.command, GtGroup):
        ctx.command.debug = True


@click.group(cls=GtGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gt")
@click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=_set_debug,
              help="On an internal error, print the traceback (also GT_DEBUG=1).")
def cli() -> None:
    """gt: the scorekeeper's tool for Grand Tribunal.

    Tally a Tribunal, keep a game's running totals, check game logs against the
    rules, replay them, check and translate card sets, and look up rule profiles.

    \b
    Exit codes:
      0    clean
      1    findings (illegal moves, card errors)
      2    unusable input or usage, or the input ended at a prompt
      3    internal error: a bug in gt (--debug shows the traceback)
      130  interrupted (Ctrl-C)
      141  the output was closed early (gt check ... | head)
    """


cli.add_command(tally)
cli.add_command(game)
cli.add_command(rules)
cli.add_command(cards)
cli.add_command(check)
cli.add_command(replay)
cli.add_command(fmt_cmd)
cli.add_command(play)
cli.add_command(trickerion)


def main() -> None:
    cli(prog_name="gt")
