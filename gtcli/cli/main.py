"""The ``gt`` command group. Subcommands live in one module each.

Every run ends in :meth:`GtGroup.main`, so every way out has one exit code (the same
when a test calls the group through Click's CliRunner):

* 0 clean, 1 findings, 2 unusable input or usage -- decided by the commands;
* 2 also when the input ends at a prompt (EOF), with one line saying so, and for faults of
  the environment, each with one line (:mod:`gtcli.cli.streams`): stdout closed or
  refusing writes (``> /dev/full``), stdin closed at a prompt (``<&-``);
* 3 an internal error: one line saying it is a bug in gt and how to report it; the
  traceback only with ``gt --debug`` or ``GT_DEBUG=1``. A crash never looks like a
  finding, so a club's CI can tell them apart;
* 130 Ctrl-C (128 + SIGINT), with one line;
* 141 the reader of the output went away (``gt check *.gtl | head``; 128 + SIGPIPE),
  silently.

Subcommands are loaded lazily (:class:`LazyGroup`): ``gt --help`` lists them from the
one-line helps kept here and imports none of their modules, so it starts about as fast
as Click itself (README, "Performance"); a command's module is imported only when it is
run, completed or its own help is shown.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from gtcli import __version__, build
from gtcli.cli.exits import EXIT_BUG, EXIT_INTERRUPTED, EXIT_PIPE, EXIT_UNUSABLE

# Imported by what needs them, not here: `gt --help` is timed against `import click` alone
# (traceback, json, difflib and the rest of gtcli.cli.terminal.output cost as much again).

# name -> (module, attribute, the one-line help `gt --help` shows without importing the module).
# tests/cli/test_startup.py checks that each line is the command's own short help.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "balance": ("gtcli.cli.commands.balance", "balance",
                "Balance statistics of many games, and tests between two versions of a card set."),
    "cards": ("gtcli.cli.commands.cards", "cards", "Card sets: check, show, render, format, export and translate them."),
    "check": ("gtcli.cli.commands.check", "check", "Replay game logs through the rules and report every illegal move."),
    "club": ("gtcli.cli.commands.club", "club", "A club's archive: every checked game remembered, statistics, ratings, a site."),
    "completion": ("gtcli.cli.commands.completion", "completion", "Print the shell completion script for bash, zsh or fish."),
    "config": ("gtcli.cli.commands.config", "config", "Show the settings in force for a file or folder, and where each comes from."),
    "diff": ("gtcli.cli.commands.diff", "diff", "Where two records of the same game first differ, move by move."),
    "fmt": ("gtcli.cli.commands.logs", "fmt_cmd", "Rewrite logs and card files in canonical layout (with --lang, in another language)."),
    "game": ("gtcli.cli.commands.game", "game", "Keep a game's Tribunals and running totals in a session file."),
    "play": ("gtcli.cli.commands.play", "play", "Play a game at the table: type each move, it is checked and saved at once."),
    "replay": ("gtcli.cli.commands.logs", "replay", "The whole table state at a point of a log, to settle disputes."),
    "rules": ("gtcli.cli.commands.rules", "rules", "Rule profiles and diagnostic codes."),
    "simulate": ("gtcli.cli.commands.simulate", "simulate",
                 "Play whole games with a bot and write each as a legal log, for balance studies."),
    "tally": ("gtcli.cli.commands.tally", "tally", "Places, tie-breaks and scores of one Tribunal from TABLE."),
    "trickerion": ("gtcli.cli.commands.trickerion", "trickerion",
                   "Trickerion: performances, wages, initiative, final scoring and whole games."),
}

REPORT_BUG = "please report it with the command you ran and its input files (README, 'Reporting a bug')"


def _debug_from_env() -> bool:
    return os.environ.get("GT_DEBUG", "").strip().lower() not in ("", "0", "no", "false")


def _flush_output() -> None:
    """Flush stdout now, so a reader that went away is noticed here (exit 141), not at interpreter
    exit, and an output that refuses writes (``> /dev/full``) is told (exit 2)."""
    from gtcli.cli.streams import OutputFailed

    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_output()
        raise SystemExit(EXIT_PIPE) from None
    except OutputFailed as exc:
        raise SystemExit(_output_failed(exc)) from None
    except (OSError, ValueError):
        pass


def _output_failed(exc: Exception) -> int:
    """Stdout refused a write (a full disk, an I/O error): one line on stderr, exit 2."""
    _silence_output()
    click.echo(f"gt: the standard output refused what gt wrote ({exc}); the output is incomplete.", err=True)
    return EXIT_UNUSABLE


def _silence_output() -> None:
    """After a broken pipe or a refused write: send what is left in stdout's buffer to /dev/null,
    not to an error at exit."""
    try:
        sys.stdout.flush()
    except Exception:
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # CliRunner's stdout has no file descriptor
        pass


def _new_run() -> None:
    """Start a run's "did you mean" budget (:func:`gtcli.core.text.new_run`) -- if a run before this
    one loaded it at all (tests run gt many times in one process); a first run starts fresh."""
    text = sys.modules.get("gtcli.core.text")
    if text is not None:
        text.new_run()


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when needed (``COMMANDS``).

    ``gt --help`` and completing a command's name use the one-line helps of ``COMMANDS``;
    running a command, completing its options or showing its help imports its module.
    """

    def __init__(self, *args: Any, lazy: dict[str, tuple[str, str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            module, attribute, _help = self.lazy[cmd_name]
            self.commands[cmd_name] = getattr(__import__(module, fromlist=[attribute]), attribute)
        return super().get_command(ctx, cmd_name)

    def one_line_help(self, cmd_name: str, limit: int = 45) -> str:
        """The line ``gt --help`` shows for a command, cut as Click cuts a command's own help."""
        if cmd_name in self.lazy:  # a stand-in with the same help, cut by Click's own rule
            return click.Command(cmd_name, help=self.lazy[cmd_name][2]).get_short_help_str(limit)
        return self.commands[cmd_name].get_short_help_str(limit)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = [n for n in self.list_commands(ctx) if n in self.lazy or not self.commands[n].hidden]
        if names:
            limit = formatter.width - 6 - max(map(len, names))
            with formatter.section("Commands"):
                formatter.write_dl([(name, self.one_line_help(name, limit)) for name in names])

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        items = [CompletionItem(name, help=self.one_line_help(name)) for name in self.list_commands(ctx)
                 if name.startswith(incomplete)]
        return items + click.Command.shell_complete(self, ctx, incomplete)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        known = name in self.commands or name in self.lazy
        if not known and not name.startswith("-") and not ctx.resilient_parsing:
            from gtcli.core.text import did_you_mean

            hint = did_you_mean(name, self.list_commands(ctx))
            raise click.UsageError(f"No such command {name!r}." + (f" {hint[:1].upper()}{hint[1:]}" if hint else ""), ctx)
        return super().resolve_command(ctx, args)


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it ($COLUMNS, then the
    terminal, then 80), without importing shutil (and bz2, lzma with it) for `gt --help`."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class GtContext(click.Context):
    def make_formatter(self) -> click.HelpFormatter:
        """Click's formatter, at the width Click would choose (CliRunner's forced width too)."""
        from click import formatting

        width = self.terminal_width or formatting.FORCED_WIDTH
        if width is None:
            width = max(min(_columns(), self.max_content_width or 80) - 2, 50)
        return self.formatter_class(width=width, max_width=self.max_content_width)


class _Interrupted(BaseException):
    """A command's Ctrl-C, SIGTERM or SIGHUP on its way to :meth:`GtGroup.main`, past Click's own handler
    (which writes an empty line first: the one line a stopped command prints would be two)."""


class GtGroup(LazyGroup):
    """The group that maps every way a run can end to a documented exit code (module docstring)."""

    context_class = GtContext
    debug = False

    def invoke(self, ctx: click.Context) -> Any:
        from gtcli.cli.terminal.output import colour_setting

        ctx.color = colour_setting()  # FORCE_COLOR / NO_COLOR, for every click.echo of the run
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # caught here: Click's own handler would exit 1, the code of findings
            _silence_output()
            raise SystemExit(EXIT_PIPE) from None
        except KeyboardInterrupt as exc:
            raise _Interrupted() from exc

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        """As Click's, with a closed pipe under ``gt --help`` or ``gt --version`` (printed while the
        arguments are parsed, before :meth:`invoke`) exit 141 too: Click's own handler would exit 1."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except BrokenPipeError:
            _silence_output()
            raise SystemExit(EXIT_PIPE) from None

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        self.debug = _debug_from_env()
        _new_run()
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
        except _Interrupted as exc:
            if not standalone_mode:
                raise exc.__cause__ from None
            code = self._stopped(exc.__cause__)
        except (KeyboardInterrupt, EOFError) as exc:
            code = self._stopped(exc)
        except BrokenPipeError:
            _silence_output()
            code = EXIT_PIPE
        except Exception as exc:
            code = self._environment(exc)
        except SystemExit:
            _flush_output()
            raise
        _flush_output()
        sys.exit(code)

    def _environment(self, exc: Exception) -> int:
        """A fault of the user's environment (stdout refusing writes, stdin closed at a prompt):
        one line, exit 2. Anything else is a bug in gt: one line, exit 3 (the traceback on request)."""
        from gtcli.cli.streams import InputClosed, OutputFailed

        if isinstance(exc, OutputFailed):
            return _output_failed(exc)
        if isinstance(exc, InputClosed):
            click.echo(("\n" if exc.at_prompt else "") +  # after a prompt's text, on a line of its own
                       "gt: the standard input is closed (<&-), but this command reads it; nothing was saved.",
                       err=True)
            return EXIT_UNUSABLE
        self._bug(exc)
        return EXIT_BUG

    @staticmethod
    def _stopped(cause: BaseException | None) -> int:
        """Ctrl-C (130), SIGTERM (143) or SIGHUP (129) in a long command (:func:`gtcli.cli.options.stops_on_signals`),
        or the input ending at a prompt (2), each with one line on stderr."""
        if isinstance(cause, EOFError):
            click.echo("\ngt: the input ended before an answer was given; nothing was saved.", err=True)
            return EXIT_UNUSABLE
        signum = getattr(cause, "signum", None)  # gtcli.core.executor.Stopped, not imported for every command
        if isinstance(cause, KeyboardInterrupt) and signum:
            import signal

            click.echo(f"gt: stopped by {signal.Signals(signum).name}.", err=True)
            return 128 + signum
        click.echo("gt: interrupted." if isinstance(cause, KeyboardInterrupt) else "gt: stopped.", err=True)
        return EXIT_INTERRUPTED

    def _bug(self, exc: Exception) -> None:
        import traceback

        from gtcli.cli.terminal.output import safe

        summary = safe(f"{type(exc).__name__}: {exc}", newlines=False)[:300]
        if self.debug:
            traceback.print_exception(exc, file=sys.stderr)
        click.echo(f"gt: internal error ({summary}). This is a bug in gt, not a problem with your files; "
                   f"{REPORT_BUG}." + ("" if self.debug else " Run it again as `gt --debug ...` (or with GT_DEBUG=1) for the details."),
                   err=True)


def _set_debug(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and isinstance(ctx.command, GtGroup):
        ctx.command.debug = True


def _set_config(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    """--config FILE / --isolated: kept in the run's meta (shared by every context) for :mod:`gtcli.cli.settings`."""
    if value:
        ctx.meta[f"gt.{param.name}"] = value


@click.group(cls=GtGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gt", message=f"%(prog)s, version %(version)s ({build()})")
@click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=_set_debug,
              help="On an internal error, print the traceback (also GT_DEBUG=1).")
@click.option("--config", "config_file", metavar="FILE", expose_value=False, callback=_set_config,
              help="Use this configuration file (gt.toml or pyproject.toml) instead of looking for one.")
@click.option("--isolated", is_flag=True, expose_value=False, callback=_set_config,
              help="Ignore every configuration file (gt.toml, [tool.gtcli]).")
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

    A club's defaults go in gt.toml or [tool.gtcli] of a pyproject.toml
    (`gt config` shows what is in force). Shell completion: `gt completion bash`.
    """


def main() -> None:
    from gtcli.cli.streams import guard_streams

    stop = guard_streams()  # a closed stdout, stdin or stderr (`>&-`): see gtcli.cli.streams
    if stop is not None:
        if sys.stderr is not None:
            print(stop, file=sys.stderr)
        sys.exit(EXIT_UNUSABLE)
    cli(prog_name="gt")
