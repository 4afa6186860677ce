"""Shell completion of what gt's options and arguments take, through Click's protocol.

``gt completion bash`` prints Click's script; the shell then runs ``gt`` with
``_GT_COMPLETE`` set, and Click asks the option being typed for its completions. Commands,
options, choices and file names are Click's own; this module completes what the README
promises beyond them, each from where gt itself would read it:

* rule profiles (``--profile``, ``gt rules diff``): the built-in ones by name, with their
  descriptions, then files (a house profile is a ``.toml``);
* variants (``gt play --new --variant``, ``gt simulate --variants X1,X4``): codes and gtcli's
  names, the Spanish sheet's name as the help;
* rule codes (``--select``, ``--ignore``, ``gt rules explain``): every registered code with
  its title; in a comma-separated list, the word after the last comma;
* card sets and boards (``--cards``, ``--board``, ``gt cards ... SET``): ``sample``, then files;
* card names from the set in force (``gt cards show SET NAME``, ``gt balance compare OLD NEW
  --metric card:NAME``);
* player names from the command line or the archive (``gt game new --first-praeco`` from
  ``--players``, ``gt club stats --player`` from the archive's index, opened read-only).

A completer never fails and never writes: whatever goes wrong (a set that does not parse, no
index yet) completes nothing, and the shell falls back to nothing, as for an unknown word.
Every module a completer needs is imported when it runs, so declaring one costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # imported where a completion is made: every command imports this module
    from click.shell_completion import CompletionItem

Completer = Callable[[click.Context, click.Parameter, str], "list[CompletionItem]"]


def _item(value: str, help: str | None = None, type: str = "plain") -> CompletionItem:
    from click.shell_completion import CompletionItem

    return CompletionItem(value, type=type, help=help)


def _quiet(func: Completer) -> Completer:
    """A completer that completes nothing rather than fail (a traceback would land in the shell)."""

    def inner(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
        try:
            return func(ctx, param, incomplete)
        except Exception:
            return []

    inner.__name__ = func.__name__
    inner.__doc__ = func.__doc__
    return inner


def _matching(words: Iterable[tuple[str, str | None]], incomplete: str, before: str = "") -> list[CompletionItem]:
    """The ``words`` (value, help) that start with ``incomplete``, any case; ``before`` is put in front
    of each (the earlier items of a comma-separated list)."""
    start = incomplete.casefold()
    return [_item(before + word, text) for word, text in words if word.casefold().startswith(start)]


def _last_item(incomplete: str) -> tuple[str, str]:
    """(what comes before the item being typed, the item): ``"T6,X"`` -> ``("T6,", "X")``."""
    head, comma, tail = incomplete.rpartition(",")
    return (head + comma, tail) if comma else ("", incomplete)


@_quiet
def profiles(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from gtcli.grand_tribunal.rules.profiles import BUILTIN

    named = _matching(((name, p.description) for name, p in BUILTIN.items()), incomplete)
    return named + [_item(incomplete, type="file")]


@_quiet
def variants(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from gtcli.grand_tribunal.rules.variants import CATALOGUE

    before, item = _last_item(incomplete)
    words = [(v.code, f"{v.name}: {v.summary}") for v in CATALOGUE] + [(v.name, v.sheet) for v in CATALOGUE]
    return _matching(words, item, before)


@_quiet
def codes(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from gtcli.games import codes as every_code

    before, item = _last_item(incomplete)
    return _matching(((c.code, c.title) for c in every_code().values()), item.upper(), before)


@_quiet
def card_sets(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return _matching([("sample", "the card set gt ships")], incomplete) + [_item(incomplete, type="file")]


@_quiet
def boards(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return _matching([("sample", "the board gt ships")], incomplete) + [_item(incomplete, type="file")]


def _card_names(set_path: str | None) -> list[tuple[str, str]]:
    """(name, kind) of every card of the set at ``set_path`` (``sample``: the shipped one), if it loads."""
    if not set_path:
        return []
    from gtcli.grand_tribunal.lang.cards.sets import load_set
    from gtcli.grand_tribunal.shipped import shipped_or_given

    return [(card.name, card.kind) for card in load_set(shipped_or_given(set_path)).cards]


@_quiet
def card_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The cards of the SET given before (``gt cards show SET NAME``)."""
    return _matching(_card_names(ctx.params.get("path")), incomplete.strip('"'))


def _argument(ctx: click.Context, name: str, index: int) -> str | None:
    """An argument given before the option being completed. Click parses arguments after
    options, so while an option waits for its value they are still in ``ctx.args``."""
    value = ctx.params.get(name)
    if value is None and len(ctx.args) > index:
        value = ctx.args[index]
    return value


@_quiet
def metrics(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``praeco``, ``seat:N``, ``card:NAME`` with the names of the old set's cards."""
    fixed = [("praeco", "win rate of the first Praeco"), ("seat:1", "win rate of the first seat")]
    if incomplete.casefold().startswith("card:"):
        return _matching(((f"card:{name}", kind) for name, kind in _card_names(_argument(ctx, "old_set", 0))),
                         incomplete)
    return _matching(fixed + [("card:", "win-rate difference of a card")], incomplete)


@_quiet
def seated_players(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The names given to ``--players`` earlier on the line (``gt game new --first-praeco``), split on
    commas as the option splits them."""
    from gtcli.core.text import name_list

    return _matching(((name, None) for name in name_list(ctx.params.get("players") or "")), incomplete)


@_quiet
def archive_players(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The players of the archive's index (``gt club stats ARCHIVE --player``), read-only: completing
    never creates, updates or locks the index; without one, nothing."""
    import os
    import sqlite3
    import stat
    from pathlib import Path

    from gtcli.club.db import FOLDER, NAME

    db = ctx.params.get("db_path") or (Path(_argument(ctx, "archive", 0) or ".") / FOLDER / NAME)
    st = os.lstat(db)
    if not stat.S_ISREG(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
        return []
    conn = sqlite3.connect(f"{Path(db).resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT name, COUNT(*) FROM seats GROUP BY name ORDER BY name LIMIT 5000").fetchall()
    finally:
        conn.close()
    return _matching(((name, f"{n} game(s)") for name, n in rows), incomplete)

