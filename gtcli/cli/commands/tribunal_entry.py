"""Entering a Tribunal by hand at the table: the Voting Track on one line, then items.

The scorekeeper starts from the previous Tribunal's competing items and edits only what
changed. Every answer is validated at once and asked again if wrong, with the same
messages (and "did you mean") as a table file gets. An Item named like one that already
placed is caught as it is typed (R5): the scorekeeper says whether it is that Item, which
won earlier and stays on the table without competing, or another one (then its name is
asked again). Whatever the game would still refuse is shown when the scorekeeper says
"done", and the editor stays open to fix it: no mistake a person can fix ends the entry. ``<`` (or Enter on a question that
needs an answer) goes back one step; after every answer the caller saves a draft, so an
interrupted entry can be resumed (:mod:`gtcli.grand_tribunal.formats.draft_file`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import click

from gtcli.cli.terminal.output import safe
from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.grand_tribunal.rules.game import Game, seat_of
from gtcli.grand_tribunal.rules.tribunal import Item, Table
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary

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
    won = "; won earlier, not competing" if item.won else ""
    return safe(f"{item.owner}: {label}({item.type}, base {item.base}; {spells}{won})", newlines=False)


BACK = "<"  # typed at any question: back one step (as is Enter on a question that needs an answer)
GO_BACK = object()  # what :func:`ask` returns for it


def ask(prompt: str, convert: Callable[[str], Any], default: str | None = None, required: bool = False) -> Any:
    """Prompt until ``convert`` accepts the answer; errors are shown, not raised.

    Returns :data:`GO_BACK` for ``<``, and for an empty answer to a ``required`` question
    without a default (so a blank never asks the same thing forever).
    """
    while True:
        answer = click.prompt(prompt, default=default if default is not None else "", show_default=bool(default))
        if answer.strip() == BACK or (required and not answer.strip() and not default):
            return GO_BACK
        try:
            return convert(answer)
        except InputError as exc:
            for d in exc.diagnostics:
                click.echo(f"  {d.code} {d.message}" + (f" ({d.hint})" if d.hint else ""), err=True)


def _base(text: str) -> int:
    if not text.strip().isdecimal() or len(text.strip()) > 4 or int(text) > MAX_BASE:
        raise InputError(Diagnostic("TAB003", f"base must be a whole number from 0 to {MAX_BASE}"))
    return int(text)


def item_answers(item: Item) -> dict[str, str]:
    """An item as the answers that would enter it (the defaults when editing it)."""
    return {"owner": item.owner, "name": item.name or "", "type": item.type, "base": str(item.base),
            "spells": ", ".join(item.spells), **({"won": "yes"} if item.won else {})}


Placed = Callable[[str, str], "tuple[int, int] | None"]  # (owner, name) -> (Tribunal, place) it placed at, or None


def _won_earlier(owner: str, name: str, placed: Placed, answers: dict[str, str]) -> bool | None:
    """For an Item named like one that placed at an earlier Tribunal (R5): True if the scorekeeper
    says it is that Item (it won earlier: on the table, not competing), False if it is another one
    (its name is asked again), None if no Item of that name placed."""
    hit = placed(owner, name) if name else None
    if hit is None:
        answers.pop("won", None)
        return None
    if answers.get("won") == "yes":  # said so already (an item being edited, a draft)
        return True
    tribunal, place = hit
    click.echo(safe(f"  {name!r} ({owner}) placed {place} at Tribunal {tribunal}, so it cannot compete again (R5).",
                    False), err=True)
    if click.confirm("  Is it that Item, which won earlier (it stays on the table, not competing)?", default=True,
                     err=True):
        answers["won"] = "yes"
        return True
    click.echo("  Then it is another Item: give it a name of its own.", err=True)
    return False


def ask_item(players: tuple[str, ...], vocabulary: Vocabulary, start: dict[str, str] | None = None,
             keep: Callable[[dict[str, str] | None], None] = lambda answers: None,
             placed: Placed = lambda owner, name: None) -> Item | None:
    """Ask an item's fields one by one; None if the scorekeeper went back past the owner.

    ``start`` holds earlier answers (an item being edited, or resumed from a draft): they
    are the defaults. ``keep`` is told the answers after each step (for the draft).
    ``placed`` says whether an Item of an owner and name placed at an earlier Tribunal: such
    an Item is asked about as soon as its name is typed (:func:`_won_earlier`).
    """
    steps = [
        ("owner", "  Owner", lambda s: seat_of(players, s), True),
        ("name", "  Name (optional)", lambda s: s.strip(), False),
        ("type", "  Item type", vocabulary.item_type, True),
        ("base", "  Base score", _base, True),
        ("spells", "  Installed spells (categories, comma-separated; blank for none)",
         lambda s: parse_spells(s, vocabulary), False),
    ]
    answers = dict(start or {})
    values: dict[str, Any] = {}
    n = 0
    while n < len(steps):
        key, prompt, convert, required = steps[n]
        value = ask(prompt, convert, answers.get(key) or None, required)
        if value is GO_BACK:
            if n == 0:
                return None
            n -= 1
            continue
        if key == "name":
            won = _won_earlier(values["owner"], value, placed, answers)
            if won is False:
                answers["name"] = ""
                continue  # the same question again, without the name that clashed
            values["won"] = bool(won)
        values[key] = value
        answers[key] = ", ".join(value) if key == "spells" else str(value)
        keep(answers)
        n += 1
    return Item(owner=values["owner"], type=values["type"], base=values["base"], spells=values["spells"],
                name=values["name"] or None, won=values.get("won", False))


def edit_items(draft, players: tuple[str, ...], vocabulary: Vocabulary, ask_votes: Callable[[], Any],
               keep: Callable[[], None] = lambda: None, placed: Placed = lambda owner, name: None,
               problems: Callable[[list[Item]], list[tuple[int | None, Diagnostic]]] = lambda items: []) -> list[Item]:
    """A small line editor over ``draft.items``: Enter = done, a = add, e N = edit, d N = delete,
    v = the Voting Track again. ``keep`` is called after every change (the draft is saved).
    ``problems`` says what the game would refuse in the items (each with its item's index): on
    Enter they are shown and the editor stays open, so the scorekeeper fixes them here."""

    def typing(answers: dict[str, str] | None) -> None:
        draft.typing = dict(answers) if answers else None
        keep()

    items = draft.items
    if draft.typing:  # resumed in the middle of an item
        click.echo("Finishing the item that was being typed (Enter keeps each answer).")
        item = ask_item(players, vocabulary, draft.typing, typing, placed)
        if item is not None:
            items.append(item)
        typing(None)
    while True:
        click.echo("Items at this Tribunal:")
        if not items:
            click.echo("  (none yet)")
        for n, item in enumerate(items, 1):
            click.echo(f"  {n}. {describe(item)}")
        command = click.prompt("[Enter] done, a add, e N edit, d N delete, v votes", default="",
                               show_default=False).strip()
        if not command:
            found = problems(items)
            if not found:
                return items
            for index, d in found:
                where = f"item {index + 1}: " if index is not None else ""
                click.echo(safe(f"  {where}{d.code} error: {d.message}" + (f" ({d.hint})" if d.hint else ""), False),
                           err=True)
            click.echo("  Fix it with e N or d N, then Enter again.", err=True)
            continue
        verb, _, rest = command.partition(" ")
        verb = verb.lower()
        if verb == "a":
            item = ask_item(players, vocabulary, keep=typing, placed=placed)
            if item is not None:
                items.append(item)
            typing(None)
            continue
        if verb == "v":
            votes = ask_votes()
            if votes is not GO_BACK:
                draft.votes = votes
                keep()
            continue
        if verb in ("e", "d") and rest.strip().isdigit() and 1 <= int(rest) <= len(items):
            n = int(rest) - 1
            if verb == "d":
                click.echo(f"  removed {describe(items.pop(n))}")
            else:
                edited = ask_item(players, vocabulary, item_answers(items[n]), typing, placed)
                items[n] = edited or items[n]
                typing(None)
            keep()
            continue
        click.echo(f"  cannot read {command!r}: type a, e 2, d 2, v, or just Enter", err=True)


def votes_text(votes: dict[str, int]) -> str:
    return ", ".join(f"{space} {n}" for space, n in votes.items())


def enter_tribunal(session: str, game: Game, vocabulary: Vocabulary, err: bool = False) -> Table:
    """Ask for the game's next Tribunal, keeping a draft beside the session after every answer.

    A draft left by an interrupted entry for this Tribunal is offered for resuming first.
    """
    from gtcli.core.text import fold
    from gtcli.grand_tribunal.formats.draft_file import Draft, draft_path, load_draft, save_draft
    from gtcli.grand_tribunal.rules.game import carry_over, first_praeco_of, results, retired_items, table_problems
    from gtcli.grand_tribunal.wording import tribunal_title

    number = len(game.tables) + 1
    draft = Draft(number)
    try:
        found = load_draft(session, vocabulary, game.profile, game.players)
    except InputError as exc:
        if exc.diagnostics[0].code == "IO006":  # no draft could be kept: stop before asking anything
            raise
        click.echo(safe(f"The draft {draft_path(session).name} cannot be read ({exc.diagnostics[0].message}); "
                        "a new entry replaces it.", False), err=True)
        found = None
    if found is not None and found.tribunal != number:
        click.echo(safe(f"The draft {draft_path(session).name} is for Tribunal {found.tribunal}, but the game's "
                        f"next is Tribunal {number}; a new entry replaces it.", False), err=True)
    elif found is not None:
        click.echo(f"A draft of Tribunal {number} was left by an interrupted entry: {found.summary()}.", err=err)
        if click.confirm("Resume it?", default=True, err=err):
            draft = found
    opener = first_praeco_of(game, number)  # what `gt game show` calls the next first Praeco
    click.echo(safe(f"{tribunal_title(number, game.profile)} for {', '.join(game.players)}"
                    + (f", first Praeco {opener}" if opener else "")
                    + f" (`{BACK}` goes back a step; Ctrl-C keeps what you typed as a draft)", newlines=False), err=err)

    def keep() -> None:
        save_draft(session, draft)

    def ask_votes() -> Any:
        return ask('Voting Track, e.g. "staff 2, elemental 3" (blank for none)',
                   lambda s: parse_votes(s, vocabulary, game.profile.voting_tokens),
                   votes_text(draft.votes) if draft.votes else None)

    if draft is not found:
        draft.items = list(carry_over(game))
    while draft.votes is None:
        votes = ask_votes()
        if votes is GO_BACK:
            click.echo("  (this is the first question: nothing to go back to)", err=True)
            continue
        draft.votes = votes
        keep()
    if draft is not found and draft.items:
        click.echo(f"Starting from the {len(draft.items)} items that competed without placing last time.", err=err)
    retired = retired_items(results(game))

    def placed(owner: str, name: str) -> tuple[int, int] | None:
        return retired.get((owner, fold(name)))

    def problems(items: list[Item]) -> list[tuple[int | None, Diagnostic]]:
        return table_problems(game, Table(items=tuple(items), votes=draft.votes or {}))

    items = edit_items(draft, game.players, vocabulary, ask_votes, keep, placed, problems)
    keep()
    return Table(items=tuple(items), votes=draft.votes)
