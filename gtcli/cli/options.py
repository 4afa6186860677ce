"""Options shared by several commands, defined once."""

from __future__ import annotations

import functools

from collections.abc import Iterator
from contextlib import contextmanager

import click

from gtcli.cli import completing
from gtcli.cli.terminal.output import MAX_FINDINGS
from gtcli.core.diagnostics import InputError

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (schema in docs/json.md).")


def profile_help() -> str:
    """--profile's help, naming every built-in profile from the registry (so none is ever left out)."""
    from gtcli.grand_tribunal.rules.profiles import BUILTIN

    names = ", ".join(f"'{name}'" for name in BUILTIN)
    return f"Rule profile: a built-in one ({names}; 'official' is the default), or a TOML file of overrides."


class ProfileOption(click.Option):
    """``--profile``: its help is made when it is shown (the registry is not imported before)."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = profile_help()
        return super().get_help_record(ctx)


profile_option = click.option("--profile", "profile_spec", cls=ProfileOption, metavar="NAME|FILE.toml",
                              shell_complete=completing.profiles)
allow_outside_option = click.option(
    "--allow-outside",
    is_flag=True,
    help="Let the log's [Cards], [Board] and [Profile] name files outside its folder (only for logs you trust).",
)
serve_option = click.option(
    "--serve", "serve", metavar="[HOST:]PORT",
    help="Serve the table's screen: a read-only page that follows the log as it is written, on PORT of "
         "127.0.0.1 (HOST: another address, 0.0.0.0 for every device on your network; PORT 0: any free port).",
)
max_findings_option = click.option(
    "--max-findings",
    type=click.IntRange(min=0),
    default=MAX_FINDINGS,
    show_default=True,
    metavar="N",
    help="Show at most N findings per file, then how many more (0: all). The summary counts them all.",
)


@contextmanager
def option_errors(option: str, by_code: dict[str, str] | None = None) -> Iterator[None]:
    """Errors raised inside name the command-line option they are about (``--players: S1 ...``),
    not ``<input>``; ``by_code`` sends a code to another option (a count that does not match).

    The same convention as ``--profile``: a diagnostic's file is the option it came from.
    """
    try:
        yield
    except InputError as exc:
        raise InputError(*(d.at((by_code or {}).get(d.code, option)) for d in exc.diagnostics)) from None


def stops_on_signals(func):
    """A long command: SIGTERM and SIGHUP stop it as Ctrl-C does (:func:`gtcli.core.executor.signals_stop`),
    so it ends with one line and exit 128 + the signal, its pool stopped, what is complete kept."""
    @functools.wraps(func)
    def inner(*args, **kwargs):
        from gtcli.core.executor import signals_stop

        with signals_stop():
            return func(*args, **kwargs)

    return inner


def executor_options(func):
    """``--jobs N``, ``--executor processes|dask`` and ``--scheduler URL`` (:mod:`gtcli.core.executor`);
    a command that takes them is a long one (:func:`stops_on_signals`)."""
    func = stops_on_signals(func)
    func = click.option("--scheduler", metavar="tcp://HOST:8786",
                        help="Run on this running Dask cluster (implies --executor dask; docs/scale.md).")(func)
    func = click.option("--executor", "executor_kind", type=click.Choice(["processes", "dask"]), default="processes",
                        show_default=True,
                        help="Where the work runs: processes of this machine, or Dask (pip install 'gtcli[dask]').")(func)
    return click.option("--jobs", "-j", type=click.IntRange(min=1), metavar="N",
                        help="Processes (or local Dask workers) to use (default: every core). "
                             "Results do not depend on N.")(func)


def executor_argument(func):
    """:func:`executor_options`, handed to the command as one ``executor`` argument (an Executor)."""
    @functools.wraps(func)
    def inner(*args, jobs, executor_kind, scheduler, **kwargs):
        return func(*args, executor=executor_from(jobs, executor_kind, scheduler), **kwargs)

    return executor_options(inner)


def executor_from(jobs: int | None, kind: str, scheduler: str | None):
    """The :class:`gtcli.core.executor.Executor` the options ask for."""
    from gtcli.core.executor import Executor, default_jobs

    return Executor("dask" if scheduler else kind, jobs or default_jobs(), scheduler)


def start_map(work, items, executor):
    """:func:`gtcli.core.executor.map_ordered`, with an executor that cannot run as a usage error (exit 2)."""
    from gtcli.core.executor import ExecutorUnavailable, map_ordered

    try:
        return map_ordered(work, items, executor)
    except ExecutorUnavailable as exc:
        raise click.UsageError(str(exc)) from None
