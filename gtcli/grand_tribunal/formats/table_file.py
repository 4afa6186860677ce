"""Table files for ``gt tally``: one Tribunal as a scorekeeper reads it off the table.

Also used for the Tribunals stored inside a game session, so both share one validator.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.fields import is_int as _is_int
from gtcli.core.files.fields import unknown_field_hint
from gtcli.core.files.toml_source import TomlSource, read_toml
from gtcli.core.text import pick, repeated, unknown_hint
from gtcli.grand_tribunal.rules.game import Game, table_problems
from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.rules.tribunal import Item, Table
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary

TOP_KEYS = ("tribunal", "players", "last_praeco", "votes", "items")
ITEM_KEYS = ("owner", "name", "type", "base", "spells", "won")
MAX_BASE = 100
MAX_SPELLS = 20
MAX_ITEMS = 200


class TableReader:
    """Validate one table mapping; every problem points at its line in the source.

    The same reader serves a table file (``scope=None``) and the n-th ``[[tribunals]]``
    of a session file (``scope=(n, items_before)``), so both report the same way.

    A scorekeeper fixing a table by hand wants every mistake at once, not one per run
    (as ``gt check`` lists every illegal move): the reader notes each problem in
    :attr:`problems`, carries on with what it could read (an unreadable item is left
    out, a bad vote is not counted), and :meth:`read` raises them all together.
    """

    def __init__(self, source: TomlSource, vocabulary: Vocabulary, profile: RuleProfile,
                 seats: tuple[str, ...] = (), scope: tuple[int, int] | None = None) -> None:
        self.source = source
        self.vocabulary = vocabulary
        self.profile = profile
        self.seats = seats  # the game's players, when reading a session
        self.scope = scope
        self.problems: list[Diagnostic] = []

    def _where(self, key: str | None, section: str | None = None, n: int = 0) -> tuple[int | None, int | None]:
        """(line, col) of ``key`` at the table's top, in ``[votes]`` or in item ``n``."""
        if self.scope is None:
            if section is None:
                return self.source.locate(key)
            return self.source.locate(key, section, n if section == "items" else 0)
        tribunal, items_before = self.scope
        if section is None:
            return self.source.locate(key, "tribunals", tribunal)
        if section == "items":
            found = self.source.locate(key, "tribunals.items", items_before + n)
            return found if found[0] is not None else self._inline_item(key, tribunal, n)
        return self.source.locate(key, f"tribunals.{section}", tribunal)

    def _inline_item(self, key: str | None, tribunal: int, n: int) -> tuple[int | None, int | None]:
        """Item ``n`` of a session's Tribunal written as gt writes it: ``items = [{ ... }, ...]``,
        one inline table a line; else the Tribunal's own line."""
        header, _ = self.source.locate(None, "tribunals", tribunal)
        if header is None:
            return None, None
        lines = self.source.lines()
        seen = 0
        for number in range(header, len(lines)):
            text = lines[number].lstrip()
            if text.startswith("["):
                break
            if text.startswith("{"):
                if seen == n:
                    hit = re.search(rf"(?<![\w\"']){re.escape(key)}\s*=", lines[number]) if key else None
                    return number + 1, (hit.start() + 1 if hit else len(lines[number]) - len(text) + 1)
                seen += 1
        return header, 1

    def _fail(self, code: str, message: str, hint: str | None = None, key: str | None = None,
              section: str | None = None, n: int = 0) -> None:
        """Note a problem (located) and go on reading."""
        line, col = self._where(key, section, n)
        self.problems.append(Diagnostic(code, message, path=self.source.path, line=line, col=col, hint=hint))

    def _relocate(self, exc: InputError, key: str | None = None, section: str | None = None, n: int = 0) -> None:
        line, col = self._where(key, section, n)
        self.problems.extend(exc.located(self.source.path, line, col).diagnostics)

    # -- reading -------------------------------------------------------------------------
    def read(self, data: dict[str, Any]) -> Table:
        """The table, or an :class:`InputError` with every problem found in it."""
        table = self.read_all(data)
        if self.problems:
            raise InputError(*self.problems)
        return table

    def read_all(self, data: dict[str, Any]) -> Table:
        """The table as far as it can be read; what could not be is in :attr:`problems`."""
        if not data and self.scope is None:
            self._fail("TAB002", "the table file is empty",
                       "write the Voting Track and each active Item, as lines (votes staff 2, then "
                       "Ana: staff 4 elemental: docs/tribunal-lines.md) or in TOML ([votes], [[items]])")
            return Table(items=())
        for key in data:
            if key not in TOP_KEYS:
                self._fail("TAB006", f"unknown field {key!r} in the table", unknown_field_hint(key, TOP_KEYS), key=key)
        tribunal = data.get("tribunal", 1)
        if not _is_int(tribunal) or not 1 <= tribunal <= self.profile.tribunals:
            self._fail("TAB003", f"tribunal must be 1 to {self.profile.tribunals}, got {tribunal!r}", key="tribunal")
            tribunal = 1
        players = self._players(data.get("players", list(self.seats)))
        seats = players or self.seats
        last = data.get("last_praeco")
        if last is not None:
            last = self._player(last, seats, key="last_praeco")
        votes = self._votes(data.get("votes", {}))
        raw_items = data.get("items", [])
        if not isinstance(raw_items, list) or not all(isinstance(i, dict) for i in raw_items):
            self._fail("TAB003", "items must be a list of [[items]] tables", key="items")
            raw_items = []
        if len(raw_items) > MAX_ITEMS:
            self._fail("TAB003", f"{len(raw_items)} items; the limit is {MAX_ITEMS}", key="items")
            raw_items = []
        items = tuple(item for item in (self._item(raw, n, seats) for n, raw in enumerate(raw_items))
                      if item is not None)
        return Table(items=items, votes=votes, tribunal=tribunal, players=tuple(players), last_praeco=last)

    def _players(self, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(p, str) and p.strip() for p in value):
            self._fail("TAB003", "players must be a list of names, in seat order", key="players")
            return ()
        names = tuple(p.strip() for p in value)
        twice = repeated(names)
        if twice is not None:
            self._fail("TAB007", f"player {twice!r} is listed twice", key="players")
            return ()
        if names and not self.profile.min_players <= len(names) <= self.profile.max_players:
            self._fail("S1", f"{len(names)} players; the game takes {self.profile.min_players} "
                       f"to {self.profile.max_players}", key="players")
        return names

    def _player(self, name: Any, seats: tuple[str, ...], key: str, section: str | None = None,
                n: int = 0) -> str | None:
        if not isinstance(name, str) or not name.strip():
            self._fail("TAB003", f"{key} must be a player's name, got {name!r}", key=key, section=section, n=n)
            return None
        name = name.strip()
        if not seats:
            return name
        seat = pick(name, seats)
        if seat is None:
            self._fail("TAB005", f"{name!r} is not a player of this game",
                       unknown_hint(name, seats, "players"), key=key, section=section, n=n)
        return seat

    def _votes(self, value: Any) -> dict[str, int]:
        if not isinstance(value, dict):
            self._fail("TAB003", "votes must be a table of space = tokens", key="votes")
            return {}
        votes: dict[str, int] = {}
        for name, count in value.items():
            try:
                space = self.vocabulary.space(name)
            except InputError as exc:
                self._relocate(exc, key=name, section="votes")
                continue
            if space in votes:
                self._fail("TAB003", f"the {space} space is given twice (as {name!r} too)", key=name, section="votes")
            elif not _is_int(count) or not 0 <= count <= self.profile.voting_tokens:
                self._fail("TAB003", f"{name} must hold 0 to {self.profile.voting_tokens} tokens, got {count!r}",
                           key=name, section="votes")
            else:
                votes[space] = count
        total = sum(votes.values())
        if total > self.profile.voting_tokens:
            self._fail("V3", f"{total} Voting tokens on the track; the game has {self.profile.voting_tokens}",
                       section="votes")
        return votes

    def _item(self, raw: dict[str, Any], n: int, seats: tuple[str, ...]) -> Item | None:
        """Item ``n``, or None (its problems noted) if it cannot be read as one."""
        where = {"section": "items", "n": n}
        before = len(self.problems)
        for key in raw:
            if key not in ITEM_KEYS:
                self._fail("TAB006", f"unknown field {key!r} in item {n + 1}",
                           unknown_field_hint(key, ITEM_KEYS), key=key, **where)
        for key in ("owner", "type", "base"):
            if key not in raw:
                self._fail("TAB002", f"item {n + 1} has no {key!r}",
                           {"owner": "owner = \"Ana\"", "type": "type = \"staff\"", "base": "base = 4"}[key],
                           **where)
        owner = self._player(raw["owner"], seats, key="owner", **where) if "owner" in raw else None
        kind = None
        if "type" in raw:
            try:
                kind = self.vocabulary.item_type(raw["type"])
            except InputError as exc:
                self._relocate(exc, key="type", **where)
        base = raw.get("base")
        if "base" in raw and (not _is_int(base) or not 0 <= base <= MAX_BASE):
            self._fail("TAB003", f"item {n + 1}: base must be a whole number from 0 to {MAX_BASE}, got {base!r}",
                       key="base", **where)
        spells_raw = raw.get("spells", [])
        spells = []
        if not isinstance(spells_raw, list) or len(spells_raw) > MAX_SPELLS:
            self._fail("TAB003", f"item {n + 1}: spells must be a list of up to {MAX_SPELLS} spell categories",
                       "spells = [\"elemental\", \"runic\"]", key="spells", **where)
        else:
            for category in spells_raw:
                try:
                    spells.append(self.vocabulary.spell_category(category))
                except InputError as exc:
                    self._relocate(exc, key="spells", **where)
        name = raw.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 200):
            self._fail("TAB003", f"item {n + 1}: name must be text", key="name", **where)
        won = raw.get("won", False)
        if not isinstance(won, bool):
            self._fail("TAB003", f"item {n + 1}: won must be true or false, got {won!r}", key="won", **where)
        if len(self.problems) > before:
            return None
        return Item(owner=owner, type=kind, base=base, spells=tuple(spells), name=name or None, won=won)

    def game_problems(self, game: Game, table: Table) -> list[Diagnostic]:
        """Every reason ``table`` cannot be ``game``'s next Tribunal, each located."""
        located = []
        for index, diagnostic in table_problems(game, table):
            where = self._where("name", "items", index) if index is not None else self._where(None)
            located.extend(InputError(diagnostic).located(self.source.path, *where).diagnostics)
        return located

    def check_in_game(self, game: Game, table: Table) -> None:
        """Raise every reason ``table`` cannot be ``game``'s next Tribunal, located."""
        problems = self.game_problems(game, table)
        if problems:
            raise InputError(*problems)


def load_table(path: str, vocabulary: Vocabulary, profile: RuleProfile, seats: tuple[str, ...] = ()) -> Table:
    source = read_toml(path, "TAB001", "table file")
    return TableReader(source, vocabulary, profile, seats=seats).read(source.data)


def table_to_mapping(table: Table) -> dict[str, Any]:
    """The inverse of :meth:`TableReader.read`, for session files and ``--from`` copies."""
    data: dict[str, Any] = {"tribunal": table.tribunal}
    if table.last_praeco:
        data["last_praeco"] = table.last_praeco
    data["votes"] = {space: n for space, n in table.votes.items() if n}
    items = []
    for item in table.items:
        entry: dict[str, Any] = {"owner": item.owner}
        if item.name:
            entry["name"] = item.name
        entry.update(type=item.type, base=item.base, spells=list(item.spells))
        if item.won:
            entry["won"] = True
        items.append(entry)
    data["items"] = items
    return data


# ---- a table in either form (gt tally, gt game tribunal --from) --------------------------------------------
LINES = "lines"
TOML = "TOML"
_LOG_HEAD = re.compile(r'^\s*\[\s*[A-Za-zÀ-ÿ]+\s+"')  # a game log's header tag: [Players "Ana, Ben"]
_CARDS_HEAD = re.compile(r'^\s*set\s+"', re.IGNORECASE)


def _first_line(text: str) -> str:
    return next((line for line in text.split("\n") if line.strip() and not line.lstrip().startswith("#")), "")


def wrong_kind(path: str, text: str) -> InputError | None:
    """A game log, a card set or a game session given where a table is read: named for what it is,
    with the commands that read it (None: it may be a table)."""
    first, name = _first_line(text), path.lower()
    what = None
    if name.endswith(".gtl") or _LOG_HEAD.match(first):
        what = "a game log, not a table: gt check, gt replay and gt play read it"
    elif name.endswith(".gtc") or _CARDS_HEAD.match(first):
        what = "a card set, not a table: gt cards reads it"
    elif re.search(r"^\s*\[\[\s*tribunals\s*\]\]|^\s*format\s*=", text, re.MULTILINE):
        what = ("a game session, not a table: gt game show reads it, and gt game tribunal SESSION records "
                "its next Tribunal")
    if what is None:
        return None
    return InputError(Diagnostic("TAB001", f"{path} is {what}", path=path,
                                 hint="a table is a votes line and a line per Item (docs/tribunal-lines.md)"))


def is_table_lines(text: str) -> bool:
    """Whether ``text`` is a table as lines (for ``gt fmt``): not TOML, no log's header tag, and
    its first line one of the table's own (``votes``, ``players``, ...) or every line one of the
    form's shapes (a wrong word is still the form's mistake)."""
    from gtcli.grand_tribunal.formats.table_lines import LinesContext, looks_like_lines, read_line

    if not looks_like_lines(text) or _LOG_HEAD.match(_first_line(text)) or _CARDS_HEAD.match(_first_line(text)):
        return False
    lines = text.split("\n")
    if len(lines) > 1_000:
        return False
    context = LinesContext()
    first = read_line(_first_line(text), context)
    if first.kind in ("tribunal", "players", "last_praeco", "votes"):  # a table's line: its mistakes are the table's
        return True
    return all(not any(d.code == "TAB008" for d in read_line(line, context).problems) for line in lines)


def read_any_table(text: str, path: str, vocabulary: Vocabulary, profile: RuleProfile, *,
                   seats: tuple[str, ...] = (), card_set: Any = None, game: Game | None = None) -> tuple[Table, str]:
    """The table a text holds, TOML or lines, and which form it took; every mistake raised together.

    A name ending in ``.toml``, or a first line that is a ``[table]`` or a ``key = value``, is TOML;
    any other text is the table as lines (:mod:`gtcli.grand_tribunal.formats.table_lines`). With
    ``game``, what it would refuse as the game's next Tribunal is raised too.
    """
    from gtcli.core.files.toml_source import parse_toml
    from gtcli.grand_tribunal.formats.table_lines import looks_like_lines, parse_table_lines

    refused = wrong_kind(path, text)
    if refused is not None:
        raise refused
    if path.lower().endswith(".toml") or not looks_like_lines(text):
        try:
            source = parse_toml(text, path, "TAB001")
        except InputError as exc:
            if path.lower().endswith(".toml"):
                raise
            raise InputError(*(replace(d, hint=(d.hint + "; " if d.hint else "") + "read as TOML: its first line "
                                       "is a [table] or a key = value") for d in exc.diagnostics)) from None
        reader = TableReader(source, vocabulary, profile, seats=seats)
        table = reader.read(source.data)
        if game is not None:
            reader.check_in_game(game, table)
            number = len(game.tables) + 1
            if "tribunal" in source.data and table.tribunal != number:
                raise source.error("GAME001", f"the table is for Tribunal {table.tribunal}, but the game's next "
                                   f"is Tribunal {number}", "leave tribunal out, or fix the number", key="tribunal")
        return table, TOML
    table, problems = parse_table_lines(text, path=path, card_set=card_set, session_context=game,
                                        profile=profile if game is None else None)
    if problems or table is None:
        if any(d.code == "TAB008" for d in problems):
            problems.append(Diagnostic("TAB008", "read as the table's lines, since it is not TOML", path=path,
                                       hint="the form is docs/tribunal-lines.md; a TOML table starts with "
                                            "[votes] or key = value", severity="note"))
        raise InputError(*problems)
    if seats and not table.players:
        table = replace(table, players=seats)
    return table, LINES


def load_any_table(path: str, vocabulary: Vocabulary, profile: RuleProfile, *, card_set: Any = None,
                   game: Game | None = None) -> tuple[Table, str]:
    """:func:`read_any_table` of a file, or of standard input for ``-``."""
    import sys

    from gtcli.core.files.reading import read_stream, read_text

    if path == "-":
        text = read_stream(sys.stdin.buffer, "<stdin>", "table")
        path = "<stdin>"
    else:
        text = read_text(path, "table file")
    seats = game.players if game is not None else ()
    return read_any_table(text, path, vocabulary, profile, seats=seats, card_set=card_set, game=game)
