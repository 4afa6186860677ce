"""A club's configuration applied to a command: the command line first, then the file.

:mod:`gtcli.core.files.config` finds and checks the file, :mod:`gtcli.grand_tribunal.settings`
says what its settings mean for a game's log; this module decides what they mean for a
command. The order, from strongest: an option on the command line, then (for a
log's card set, board and profile) what the log's own header says, then the
configuration file, then gt's built-in default. ``gt --config FILE`` uses that file
instead of looking; ``gt --isolated`` uses none.

Paths in a configuration file are relative to the file. Like a command-line option, a
configuration file is the user's own choice, so the card set, board or profile it names
may lie outside a log's folder (docs/security.md, "Trust").
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any

import click
from click.core import ParameterSource

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.config import Config, find, load, start_folder


def _meta() -> dict[str, Any]:
    ctx = click.get_current_context(silent=True)
    return ctx.meta if ctx is not None else {}


@functools.cache
def config_keys() -> dict:
    """Every key a configuration file may hold: each game's and the club archive's (:mod:`gtcli.games`)."""
    from gtcli.games import config_keys as registered

    return registered()


def _given(path: str) -> Config:
    if not os.path.isfile(path):
        raise InputError(Diagnostic("CFG001", f"no such configuration file: {path}", path=path,
                                    hint="gt --config takes a gt.toml or a pyproject.toml with [tool.gtcli]"))
    config = load(path, config_keys())
    assert config is not None
    return config


def config_for(anchor: str | os.PathLike[str] | None) -> Config:
    """The configuration in force for a file or folder (``None`` or ``-``: the current folder).

    Found once per folder and run (``gt check`` of a thousand logs in one folder reads
    the file once).
    """
    meta = _meta()
    if meta.get("gt.config_file"):
        if "gt.given" not in meta:
            meta["gt.given"] = _given(meta["gt.config_file"])
        return meta["gt.given"]
    if meta.get("gt.isolated"):
        return Config()
    folder = start_folder(anchor)
    found = meta.setdefault("gt.found", {})
    if folder not in found:
        found[folder] = find(folder, config_keys)  # the keys are gathered only if a file is found
    return found[folder]


def club_options(anchor: str | None, config: Config | None = None, **options: Any):
    """:class:`gtcli.grand_tribunal.lang.logs.check.Options` for replaying a log: the command line's
    card set, board and profile, and the club's (found from ``anchor`` unless ``config`` is given) as
    defaults for a log whose header names none (:func:`gtcli.grand_tribunal.settings.log_options`)."""
    from gtcli.grand_tribunal.settings import log_options

    return log_options(config_for(anchor) if config is None else config, **options)


def from_command_line(name: str) -> bool:
    """Whether the user gave parameter ``name`` (on the command line or in its environment variable)."""
    ctx = click.get_current_context()
    return ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def taken_from_config(name: str) -> str | None:
    """The configuration file a parameter's value came from (:func:`club_defaults`), None if not from one."""
    return _meta().get("gt.from_config", {}).get(name)


def fail(exc: InputError, as_json: bool) -> None:
    """A configuration that cannot be used: its diagnostics, exit 2 (nothing was done)."""
    from gtcli.cli.terminal.output import EXIT_UNUSABLE, print_diagnostics

    print_diagnostics(exc.diagnostics, as_json=as_json)
    sys.exit(EXIT_UNUSABLE)


def club_defaults(anchor: str, only_if: str | None = None, **params: str) -> Callable:
    """Decorator: the options a command line left out, from the configuration found from ``anchor``.

    ``params`` maps a parameter of the command to a configuration key
    (``profile_spec="profile"``); ``anchor`` is the parameter holding the file (or files:
    the first counts) the search starts from; with ``only_if``, only when that parameter is
    set (``gt play --new``).
    """

    def wrap(func: Callable) -> Callable:
        @functools.wraps(func)
        def inner(*args: Any, **kwargs: Any) -> Any:
            if only_if is None or kwargs.get(only_if):
                where = kwargs.get(anchor)
                if isinstance(where, (tuple, list)):
                    where = where[0] if where else None
                try:
                    from gtcli.grand_tribunal.settings import setting

                    config = config_for(where)
                    for name, key in params.items():
                        if key in config.settings and not from_command_line(name):
                            kwargs[name] = setting(config, key)
                            _meta().setdefault("gt.from_config", {})[name] = str(config.path)
                except InputError as exc:
                    fail(exc, bool(kwargs.get("as_json")) or kwargs.get("fmt") == "json")
            return func(*args, **kwargs)

        return inner

    return wrap
