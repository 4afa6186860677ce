"""Entering a Tribunal by hand at the table: the Voting Track on one line, then items.

The scorekeeper starts from the previous Tribunal's competing items and edits only what
changed. Every answer is validated at once and asked again if wrong, with the same
messages (and "did you mean") as a table file gets.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import click

from gtcli.cli.output import safe
from gtcli.diagnostics import Diagnostic, InputError
from gtcli.rules.game import seat_of
from gtcli.rules.tribunal import Item
from gtcli.rules.vocabulary import Vocabulary

_VOTE_PART = re.compile(r"^\s*(?P<name>[^\d=:]+?)\s*[=:]?\s*(?P<count>\d{1,4})\s*$")
MAX_BASE = 100


def parse_votes(text: str, vocabulary: Vocabulary, limit: int) -> dict[str, int]:
    """``"staff 2, elemental 3"`` (also ``staff=2; bâton: 1``) -> {space: tokens}."""
    votes: dict[str, int] = {}
    for part in filter(str.strip, re.split(r"[,;]", text)):
        match = _VOTE_PART.match(part)
        if not match:
            raise InputError(Diagnostic("TAB003", f"cannot read {part.strip()!r}", hint='write it as "staff 2"'))
        space = vocabulary.space(match["name"])
        votes[space] = votes.get(space, 0) + int(match["count"])
    if sum(votes.values()) > limit:
        raise InputError(Diagnostic("V3", f"{sum(votes.values())} Voting tokens; the game has {limit}"))
    return votes


def parse_spells(text: str, vocabulary: Vocabulary) -> tuple[str, ...]:
    return tuple(vocabulary.spell_category(p) for p in re.split(r"[,;]", text) if p.strip())


def describe(item: Item) -> str:
    spells = ", ".join(item.spells) if item.spells else "no spells"
    label = f"{item.name} " if item.name else ""
    return safe(f"{item.owner}: {label}({item.type}, base {item.base}; {spells})", newlines=False)


def ask(prompt: str, convert: Callable[[str], Any], default: str | None = None) -> Any:
    """Prompt until ``convert`` accepts the answer; errors are shown, not raised."""
    while True:
        answer = click.prompt(prompt, default=default if default is not None else "", show_default=bool(default))
        try:
            return convert(answer)
        except InputError as exc:
            for d in exc.diagnostics:
                click.echo(f"  {d.code} {d.message}" + (f" ({d.hint})" if d.hint else ""), err=True)


def _base(text: str) -> int:
    if not text.strip().isdecimal() or len(text.strip()) > 4 or int(text) > MAX_BASE:
        raise InputError(Diagnostic("TAB003", f"base must be a whole number from 0 to {MAX_BASE}"))
    return int(text)


def ask_item(players: tuple[str, ...], vocabulary: Vocabulary, start: Item | None = None) -> Item:
    owner = ask("  Owner", lambda s: seat_of(players, s), start.owner if start else None)
    name = click.prompt("  Name (optional)", default=(start.name or "") if start else "", show_default=False).strip()
    kind = ask("  Item type", vocabulary.item_type, start.type if start else None)
    base = ask("  Base score", _base, str(start.base) if start else None)
    spells = ask("  Installed spells (categories, comma-separated; blank for none)",
                 lambda s: parse_spells(s, vocabulary), ", ".join(start.spells) if start and start.spells else None)
    return Item(owner=owner, type=kind, base=base, spells=spells, name=name or None)


def edit_items(items: list[Item], players: tuple[str, ...], vocabulary: Vocabulary) -> list[Item]:
    """A small line editor: Enter = done, a = add, e N = edit, d N = delete."""
    while True:
        click.echo("Items at this Tribunal:")
        if not items:
            click.echo("  (none yet)")
        for n, item in enumerate(items, 1):
            click.echo(f"  {n}. {describe(item)}")
        command = click.prompt("[Enter] done, a add, e N edit, d N delete", default="", show_default=False).strip()
        if not command:
            return items
        verb, _, rest = command.partition(" ")
        verb = verb.lower()
        if verb == "a":
            items.append(ask_item(players, vocabulary))
            continue
        if verb in ("e", "d") and rest.strip().isdigit() and 1 <= int(rest) <= len(items):
            n = int(rest) - 1
            if verb == "d":
                click.echo(f"  removed {describe(items.pop(n))}")
            else:
                items[n] = ask_item(players, vocabulary, items[n])
            continue
        click.echo(f"  cannot read {command!r}: type a, e 2, d 2, or just Enter", err=True)
