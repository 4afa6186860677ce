"""What a club's settings (``gt.toml``, ``[tool.gtcli]``) mean for Grand Tribunal.

:mod:`gtcli.core.files.config` finds and reads the file; this module knows the settings of
this game: a ``profile``, ``cards`` or ``board`` path is relative to the file
(:func:`path_value`), and a log is replayed with the club's card set, board and profile as
defaults for a header that names none (:func:`log_options`). Which file is in force for a
command, and what the command line overrides, is the shell's (:mod:`gtcli.cli.settings`).
"""

from __future__ import annotations

import os
from typing import Any

from gtcli.core.files.config import Config

PATH_KEYS = ("profile", "cards", "board")


def path_value(config: Config, key: str) -> str | None:
    """A ``profile``, ``cards`` or ``board`` setting as a command takes it: a path relative to the
    file made absolute (``~`` expanded); ``sample`` (cards, board) and a built-in profile's name
    kept as names, as on the command line."""
    from gtcli.core.text import fold
    from gtcli.grand_tribunal.lang.logs.check import SAMPLE_NAMES

    value = config.get(key)
    if value is None:
        return None
    if (key == "profile" and not value.endswith(".toml")) or (key != "profile" and fold(value) in SAMPLE_NAMES):
        return value
    return str(config.folder / os.path.expanduser(value))


def setting(config: Config, key: str) -> Any:
    return path_value(config, key) if key in PATH_KEYS else config.get(key)


def log_options(config: Config, *, cards: str | None = None, board: str | None = None, profile: str | None = None,
                **fields: Any):
    """:class:`gtcli.grand_tribunal.lang.logs.check.Options` for replaying a log: the card set, board and
    profile given (on the command line), and the club's ``config`` as defaults for a log whose header
    names none."""
    from gtcli.grand_tribunal.lang.logs.check import Options

    return Options(cards, board, profile, default_cards=setting(config, "cards"),
                   default_board=setting(config, "board"), default_profile=setting(config, "profile"), **fields)
