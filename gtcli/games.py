"""The games gt plays, and what each adds to the shared core: the registration.

A game is a package of its own (``gtcli/grand_tribunal/``, ``gtcli/trickerion/``) that
imports the core and nothing else of gtcli. What the rest of gt must know about it is one
:class:`Registration` in :data:`GAMES`, a line each:

* ``package``: importing it registers with the core what the core looks up without
  importing any game: the game's diagnostic codes (its ``codes`` module calls
  :func:`gtcli.core.codes.register`) and the kinds of file it reads back after saving them
  (:func:`gtcli.core.files.reading.register_read_back`);
* ``settings``: its keys of a club's ``gt.toml`` (:class:`gtcli.core.files.config.Key`),
  as ``"module:attribute"`` so nothing is imported until a configuration is read;
* ``commands``: its commands, which live in the shell (:mod:`gtcli.cli.commands`) and are
  listed in :data:`gtcli.cli.main.COMMANDS` so that ``gt --help`` imports no game;
  tests/test_architecture.py checks the two lists agree;
* ``suffixes``: the names of the files that are the game's own (its logs, its card sets).

The club archive is no game, but it adds a code family and a setting the same way
(:data:`ADD_ONS`). docs/architecture.md, "Adding a game", walks through a third game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from gtcli.core.codes import CORE, Code
from gtcli.core.files.config import Key


@dataclass(frozen=True)
class Registration:
    """What a package adds to gt (module docstring)."""

    key: str  # its name where gt stores it ("grand-tribunal" in the club archive's index)
    title: str
    package: str  # imported by load(): its __init__ registers its codes and read-back files with the core
    settings: str | None = None  # "module:attribute" of its tuple of gtcli.core.files.config.Key
    commands: tuple[str, ...] = ()  # its commands in gtcli.cli.main.COMMANDS
    suffixes: tuple[str, ...] = ()  # its own files' names (".gtl")


GAMES: tuple[Registration, ...] = (
    Registration("grand-tribunal", "Grand Tribunal", "gtcli.grand_tribunal", "gtcli.grand_tribunal.settings:KEYS",
                 ("tally", "game", "check", "replay", "fmt", "play", "cards", "simulate"), (".gtl", ".gtc")),
    Registration("trickerion", "Trickerion", "gtcli.trickerion", None, ("trickerion",)),
)

# Not games: registered the same way for their codes, settings and commands.
ADD_ONS: tuple[Registration, ...] = (
    Registration("club", "the club archive", "gtcli.club", "gtcli.club.settings:KEYS", ("club", "diff")),
)


def load() -> tuple[Registration, ...]:
    """Import every registered package (so every code and kind of file is known); the registrations."""
    for registration in (*GAMES, *ADD_ONS):
        importlib.import_module(registration.package)
    return (*GAMES, *ADD_ONS)


def codes() -> dict[str, Code]:
    """Every diagnostic code, in the order ``gt rules codes`` lists them: page by page of docs/ as
    each page first appears in the games' tables, then the core's, then the add-ons' (so the rule
    IDs, then docs/codes.md's Grand Tribunal files and the core's IO and CFG, then Trickerion's,
    then the club's); on a page, in that same order."""
    tables: list[tuple[dict[str, Code], str]] = []
    for registration in load():
        module = importlib.import_module(f"{registration.package}.codes")
        tables += module.TABLES
        if registration is GAMES[-1]:
            tables.append((CORE, "codes.md"))
    pages = list(dict.fromkeys(page for _, page in tables))
    return {code: entry for table, _ in sorted(tables, key=lambda t: pages.index(t[1])) for code, entry in table.items()}


def config_keys() -> dict[str, Key]:
    """Every key a club's configuration file may hold, in the order ``gt config`` shows them."""
    keys: dict[str, Key] = {}
    for registration in load():
        if registration.settings:
            module, attribute = registration.settings.split(":")
            for key in getattr(importlib.import_module(module), attribute):
                assert key.name not in keys, f"{key.name} is registered twice"
                keys[key.name] = key
    return keys


def __getattr__(name: str):
    """``gtcli.games.CODES``: :func:`codes`, computed when first asked for."""
    if name == "CODES":
        globals()["CODES"] = found = codes()
        return found
    raise AttributeError(name)
