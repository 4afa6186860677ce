"""Drafts: a Tribunal being typed into ``gt game tribunal``, kept beside the session.

Typing a Tribunal by hand takes minutes; Ctrl-C, a closed terminal or a dead battery
must not cost the scorekeeper that work. After every answer the entry so far is written
(atomically) to ``NAME.draft.toml`` beside the session (the real file, links followed),
and the next ``gt game tribunal`` offers to resume it. A saved Tribunal removes its draft.
The draft's name is gt's choice in the user's folder: it is never read or written through a
link, and a link, FIFO or folder in its place stops the entry before anything is asked
(IO006, :mod:`gtcli.core.files.beside`).

A draft is a table file (``tribunal``, ``[votes]``, ``[[items]]``, as ``gt tally`` reads)
plus ``[typing]``: ``line``, the line being typed or fixed when the entry stopped (on
Ctrl-C, what was on the prompt), offered back on resuming. (An older gt kept the answers of
the Item being typed, ``owner``, ``name``, ...: they are resumed as that Item's line.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from gtcli.core.files.atomic import real_path, write_atomic
from gtcli.core.files.beside import check_place, remove_place
from gtcli.core.files.toml_source import read_toml
from gtcli.grand_tribunal.formats.table_file import TableReader, table_to_mapping
from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.rules.tribunal import Item, Table
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary


@dataclass
class Draft:
    """A Tribunal being entered: the Voting Track once answered, the items, the item being typed."""

    tribunal: int
    votes: dict[str, int] | None = None
    items: list[Item] = field(default_factory=list)
    typing: dict[str, str] | None = None  # answers so far of the item being typed (step -> text)

    @property
    def empty(self) -> bool:
        return self.votes is None and not self.items and not self.typing

    def summary(self) -> str:
        votes = ", ".join(f"{space} {n}" for space, n in (self.votes or {}).items()) or "none"
        text = f"Voting Track {votes}; {len(self.items)} item(s)"
        return text + (" and one being typed" if self.typing else "")


def draft_path(session: str | Path) -> Path:
    real = real_path(session)
    return real.with_name(f"{real.stem}.draft{real.suffix or '.toml'}")


def save_draft(session: str | Path, draft: Draft) -> Path:
    """Write (or replace) the session's draft; an empty draft is not written."""
    path = draft_path(session)
    if draft.empty:
        return path
    data: dict[str, Any] = table_to_mapping(Table(items=tuple(draft.items), votes=draft.votes or {},
                                                  tribunal=draft.tribunal))
    if draft.typing:
        data["typing"] = dict(draft.typing)
    name = Path(session).name
    head = (f"# Draft of Tribunal {draft.tribunal} for {name}: what was typed into `gt game tribunal`\n"
            f"# before it was interrupted. `gt game tribunal {name}` offers to resume it.\n\n")
    write_atomic(path, head + tomli_w.dumps(data), follow_links=False, role="draft")
    return path


def load_draft(session: str | Path, vocabulary: Vocabulary, profile: RuleProfile,
               seats: tuple[str, ...]) -> Draft | None:
    """The session's draft, or None if there is none. An unusable one raises :class:`InputError`
    (IO006 if its place holds a link or anything but a plain file: no draft could be kept)."""
    path = draft_path(session)
    check_place(path, str(session), "draft")
    if not path.exists():
        return None
    source = read_toml(path, "TAB001", "draft")
    data = dict(source.data)
    typing = data.pop("typing", None)
    table = TableReader(source, vocabulary, profile, seats=seats).read(data)
    if typing is not None and not (isinstance(typing, dict) and all(isinstance(v, str) for v in typing.values())):
        typing = None
    return Draft(table.tribunal, dict(table.votes) if "votes" in data else None, list(table.items), typing)


def draft_kept(session: str | Path) -> bool:
    """Whether the session has a draft gt kept: a plain file (not a link someone put there)."""
    from gtcli.core.files.beside import is_plain

    return is_plain(draft_path(session))


def drop_draft(session: str | Path) -> None:
    """Remove the draft once its Tribunal is saved (gone already, or cannot go: only clutter)."""
    remove_place(draft_path(session))
