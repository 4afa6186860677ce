"""The groundwork of reading a Trickerion entry from TOML (:class:`EntryReader`): where each
key sits (a file of its own, or a session's ``[[turns]]``: :class:`Scope`), every problem of
an entry noted and raised together at its end, a rule the entry breaks put at its line, and
the checks of one value: fields named in any language (:data:`FIELD_ALIASES`), whole numbers
in range, true or false, names and lists of names, players, tables of resources.

The entries themselves (a players file, a performance, a turn) are
:class:`gtcli.trickerion.formats.table_file.TrickerionReader`'s, on this groundwork.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.files.fields import in_range, is_int, unknown_field_hint
from gtcli.core.files.toml_source import TomlSource
from gtcli.core.text import fold, pick, repeated, unknown_hint
from gtcli.trickerion.rules.amounts import RESOURCE_KEYS, Amounts
from gtcli.trickerion.rules.game import MAX_NAME
from gtcli.trickerion.rules.initiative import MAX_PLAYERS, MIN_PLAYERS
from gtcli.trickerion.rules.problems import Problem, Where
from gtcli.trickerion.rules.words import APPRENTICE, CHARACTERS, RESOURCES, SPECIALIST, Words

T = TypeVar("T")
MAX_YIELD = 20
# An input limit, not a rule (docs/trickerion.md, Decision 13): the hint of a yield or bonus above it.
YIELD_LIMIT = (f"{MAX_YIELD} is gtcli's bound on what a trick or a Performance card prints, not a rule: the sheet "
               "gives no maximum (Decision 13)")
MAX_LIST = 16


def _spellings(words: Words, key: str, as_field: str) -> dict[str, str]:
    return {fold(s): as_field for s in (key, *words.names[key])}


# Fields named after a resource or a character may be written in any language too.
FIELD_ALIASES: dict[str, str] = {
    **{k: v for r in RESOURCE_KEYS for k, v in _spellings(RESOURCES, r, r).items()},
    **_spellings(CHARACTERS, APPRENTICE, "apprentices"),
    **_spellings(CHARACTERS, SPECIALIST, "specialists"),
}


@dataclass(frozen=True)
class Scope:
    """Where an entry sits: a file of its own, or the ``turn``-th ``[[turns]]`` of a session
    (with how many players, performances and tricks the turns before it hold); a turn that
    was undone sits in ``[[undone]]`` (``table``)."""

    turn: int | None = None
    players_before: int = 0
    performances_before: int = 0
    tricks_before: int = 0
    table: str = "turns"

    @property
    def prefix(self) -> str:
        return "" if self.turn is None else self.table + "."


@dataclass
class Names:
    """Player names of one entry: a fixed list, or (a performance without ``players``) the
    first spelling of each name, matched case- and accent-blind."""

    fixed: tuple[str, ...] | None
    seen: list[str] = field(default_factory=list)

    def known(self) -> tuple[str, ...]:
        return self.fixed if self.fixed is not None else tuple(self.seen)


class EntryReader:
    """The groundwork of reading entries from one TOML source; every error names its line.

    Values are checked here (types, ranges, names in any language); the rules an entry
    can break (a show without the performer's trick, spending coins one does not have)
    are the pure core's, and :meth:`check` / :meth:`place` put them at their line.
    """

    def __init__(self, source: TomlSource, scope: Scope = Scope(), players: tuple[str, ...] | None = None) -> None:
        self.source = source
        self.scope = scope
        self.names = Names(players)
        self.performance_at_top = False
        self._tricks_at: list[int] = []  # index of each performance's first trick, in the file
        self._next_trick = scope.tricks_before
        self.problems: list[Diagnostic] = []  # noted so far (every problem of an entry is reported)

    # -- every problem at once -------------------------------------------------------------
    def attempt(self, read: Callable[..., T], *args: Any, default: Any = None) -> T:
        """``read(*args)``, or ``default`` with its problems noted: a bad value does not hide the next."""
        try:
            return read(*args)
        except InputError as exc:
            self.problems.extend(exc.diagnostics)
            return default

    def note(self, exc: InputError) -> None:
        self.problems.extend(exc.diagnostics)

    def done(self, value: T) -> T:
        """``value``, once the entry is read, or every problem noted while reading it (in file order)."""
        if self.problems:
            raise InputError(*sorted(self.problems, key=lambda d: (d.line is None, d.line or 0, d.col or 0)))
        return value

    # -- positions -----------------------------------------------------------------------
    def locate(self, where: Where) -> tuple[int | None, int | None]:
        s, p = self.scope, self.scope.prefix
        if where.within is not None:
            return self.inner(where.within, where.key or "", Where(where.section, where.index, None, where.performance))
        if where.section == "players" and not self.performance_at_top:
            spot = self.source.locate(where.key, p + "players", s.players_before + where.index)
        elif where.section == "tricks":
            if self.performance_at_top:
                spot = self.source.locate(where.key, "tricks", where.index)
            else:
                first = self._tricks_at[where.performance] if where.performance < len(self._tricks_at) else 0
                spot = self.source.locate(where.key, p + "performances.tricks", first + where.index)
                if spot[0] is None:
                    spot = self.locate(Where("performances", where.performance, "tricks"))
        elif where.section == "performances" and not self.performance_at_top:
            spot = self.source.locate(where.key, p + "performances", s.performances_before + where.index)
        else:
            spot = self._top(where.key)
        if spot[0] is None and where.section is not None:  # e.g. a table written inline: its key at the top
            spot = self._top(where.section)
        return spot

    def tricks_next(self, count: int) -> None:
        """The next performance's ``count`` tricks come next in the file (where :meth:`locate` finds them)."""
        self._tricks_at.append(self._next_trick)
        self._next_trick += count

    def _top(self, key: str | None) -> tuple[int | None, int | None]:
        if self.scope.turn is None:
            spot = self.source.locate(key)
            if spot[0] is None and key:  # a table of the file's: its [key] or [[key]] header
                spot = self.source.locate(None, key)
            return spot
        return self.source.locate(key, self.scope.table, self.scope.turn)

    def inner(self, table: str, key: str, where: Where) -> tuple[int | None, int | None]:
        """A key of a sub-table (``theatre``, ``bonus``, ``changes``): in a ``[table]`` of a
        file's own, else (an inline table, or deeper) the line that names the table."""
        at_top = where.section is None or (self.performance_at_top and where.section == "performances")
        if at_top and self.scope.turn is None:
            spot = self.source.locate(key, table)
            if spot[0] is not None:
                return spot
        return self.locate(at_key(where, table))

    def fail(self, code: str, message: str, hint: str | None = None, where: Where = Where()) -> InputError:
        return self.relocate(InputError(Diagnostic(code, message, hint=hint)), where)

    def relocate(self, exc: InputError, where: Where, spot: tuple[int | None, int | None] | None = None) -> InputError:
        line, col = spot if spot is not None else self.locate(where)
        return exc.located(self.source.path, line, col)

    # -- values --------------------------------------------------------------------------
    def fields(self, raw: Any, known: tuple[str, ...], what: str, where: Where) -> dict[str, tuple[str, Any]]:
        """``raw``'s fields by their English name -> (the key as written, the value)."""
        if not isinstance(raw, dict):
            raise self.fail("TRK003", f"{what} must be a table", where=where)
        found: dict[str, tuple[str, Any]] = {}
        for key, value in raw.items():
            name = key if key in known else FIELD_ALIASES.get(fold(key))
            if name not in known:
                spellings = [k for k, v in FIELD_ALIASES.items() if v in known]
                self.note(self.fail("TRK006", f"unknown field {key!r} in {what}",
                                    unknown_field_hint(key, known, spellings), at_key(where, key)))
            elif name in found:
                self.note(self.fail("TRK003", f"{what} gives {name} twice ({found[name][0]!r} and {key!r})",
                                    where=at_key(where, key)))
            else:
                found[name] = (key, value)
        return found

    def number(self, fields: dict[str, tuple[str, Any]], name: str, low: int, high: int, what: str, where: Where,
               default: int = 0) -> int:
        if name not in fields:
            return default
        key, value = fields[name]
        if not in_range(value, low, high):
            kind = "a whole number from" if not is_int(value) else "from"
            above = is_int(value) and value > high and high == MAX_YIELD
            self.note(self.fail("TRK003", f"{what}: {key} must be {kind} {low} to {high}, got {value!r}",
                                YIELD_LIMIT if above else None, where=at_key(where, key)))
            return default
        return value

    def flag(self, fields: dict[str, tuple[str, Any]], name: str, who: str, where: Where) -> bool | None:
        """A true-or-false field (None when left out)."""
        if name not in fields:
            return None
        key, value = fields[name]
        if not isinstance(value, bool):
            self.note(self.fail("TRK003", f"{who}: {key} must be true or false, got {value!r}", where=at_key(where, key)))
            return None
        return value

    def text(self, value: Any, limit: int, what: str, where: Where) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail("TRK003", f"{what} must be a name in quotes, got {value!r}", where=where)
        text = " ".join(value.split())
        if len(text) > limit or not text.isprintable():
            raise self.fail("TRK003", f"{what} must be printable text of at most {limit} characters",
                            where=where)
        return text

    def word(self, words: Words, value: Any, where: Where) -> str:
        try:
            return words.resolve(value)
        except InputError as exc:
            raise self.relocate(exc, where) from None

    def words(self, words: Words, value: Any, what: str, where: Where) -> tuple[str, ...]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or len(value) > MAX_LIST:
            raise self.fail("TRK003", f"{what} must be a list of names (at most {MAX_LIST})", where=where)
        return tuple(self.word(words, v, where) for v in value)

    def player(self, value: Any, where: Where, code: str = "TRK005", among: str = "a player of this game") -> str:
        """A player's name as the entry knows it (case and accents do not matter)."""
        name = self.text(value, MAX_NAME, where.key or "a player's name", where)
        known = self.names.known()
        hit = pick(name, known)
        if hit is not None:
            return hit
        if self.names.fixed is None:
            self.names.seen.append(name)
            return name
        raise self.fail(code, f"{name!r} is not {among}", unknown_hint(name, known, "players"), where)

    def player_list(self, value: Any, key: str, where: Where = Where()) -> tuple[str, ...]:
        where = at_key(where, key)
        if not isinstance(value, list) or not value:
            raise self.fail("TRK003", f"{key} must be a list of player names", where=where)
        names = tuple(self.text(v, MAX_NAME, "a player's name", where) for v in value)
        twice = repeated(names)
        if twice is not None:
            raise self.fail("TRK007", f"player {twice!r} is listed twice in {key}", where=where)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise self.fail("TRK008", f"{len(names)} players; Trickerion takes {MIN_PLAYERS} to {MAX_PLAYERS}",
                            where=where)
        return names

    def amounts(self, raw: Any, what: str, where: Where, low: int, high: int) -> Amounts:
        """A table of resources (``{ fame = 1, monedas = 2 }``) in the field ``where.key``."""
        if not isinstance(raw, dict):
            raise self.fail("TRK003", f"{what} must be a table of resources", "{ fame = 1, coins = 2 }", where)
        within = Where(where.section, where.index, None, where.performance, within=where.key)
        fields = self.fields(raw, RESOURCE_KEYS, what, within)
        return Amounts(*(self.number(fields, name, low, high, what, within) for name in RESOURCE_KEYS))

    # -- the rules an entry breaks ---------------------------------------------------------
    def check(self, problems: Iterable[Problem]) -> None:
        """Raise every rule an entry breaks, each at its place in the file."""
        placed = [self.place(found) for found in problems]
        if placed:
            raise InputError(*placed)

    def place(self, found: Problem) -> Diagnostic:
        """A rule broken by the entry, as a diagnostic at its place in the file."""
        return found.diagnostic.at(self.source.path, *self.locate(found.where))


def at_key(where: Where, key: str) -> Where:
    """``where``, at its field ``key``."""
    return Where(where.section, where.index, key, where.performance, where.within)
