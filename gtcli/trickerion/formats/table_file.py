"""Trickerion table files and turn entries (TOML), validated with a position for every problem.

Three kinds of entry are read here, each by one method of :class:`TrickerionReader`:

* a *players file* (``gt trickerion final``, ``wages``, ``initiative``): ``initiative``
  and ``[[players]]`` with fame, coins, shards and team;
* a *performance* (``gt trickerion performance``): the card, its tricks and the Theatre;
* a *turn* (``gt trickerion game turn``), also stored as the ``[[turns]]`` of a session,
  which holds the turn's Theatre, ``[[players]]`` changes and ``[[performances]]``.

The same reader serves a file of its own and a ``[[turns]]`` table of a session (its
:class:`~gtcli.trickerion.formats.entry_reader.Scope`), so both report ``file:line:col`` the
same way. Like ``gt tally``'s table reader, it reports every problem of an entry in one run:
a wrong value is noted (:meth:`~gtcli.trickerion.formats.entry_reader.EntryReader.attempt`),
the rest of the entry is still read, and the entry raises them all together at its end; only
a file whose shape is unusable (a table where a list must be) stops at once. Names of days,
characters and resources are read in any language :mod:`gtcli.trickerion.rules.words` knows,
and so are the fields named after a resource or a character (``fama = 3``).

The three kinds of entry are here, side by side; the groundwork they share (scopes, names,
problems noted and placed, the checks of a value) is :mod:`gtcli.trickerion.formats.entry_reader`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gtcli.core.files.fields import in_range, is_int
from gtcli.core.files.toml_source import read_toml
from gtcli.core.text import repeated
from gtcli.trickerion.formats.entry_reader import MAX_LIST, MAX_YIELD, EntryReader, Names, at_key
from gtcli.trickerion.rules.amounts import NOTHING, RESOURCE_KEYS, Amounts
from gtcli.trickerion.rules.game import TURNS, PlayerState, PlayerTurn, Turn, team_problems
from gtcli.trickerion.rules.initiative import MAX_PLAYERS, MIN_PLAYERS
from gtcli.trickerion.rules.performance import LEFT_OUT_THRESHOLD, THRESHOLDS, Performance, Theatre, Trick
from gtcli.trickerion.rules.problems import Where
from gtcli.trickerion.rules.words import (APPRENTICE, CHARACTERS, DAYS, LOCATIONS, SPECIALIST, SPECIALISTS,
                                          character_kind)

PARSE_ERROR = "TRK001"
MAX_TRICK_NAME = 80
MAX_FAME = 999
MAX_COINS = 999
MAX_SHARDS = 99
MAX_TEAM = 7
MAX_LINKS = 12
MAX_TRICKS = 24
MAX_CHANGE = 200

PLAYER_FIELDS = ("name", "fame", "coins", "shards", "apprentices", "specialists", "inactive", "hired",
                 "assistant_apprentice")
PLAYERS_FILE_FIELDS = ("initiative", "players")
PERFORMANCE_FIELDS = ("day", "performer", "links", "bonus", "specialists", "tricks")
PERFORMANCE_FILE_FIELDS = ("players", "theatre", *PERFORMANCE_FIELDS)
TRICK_FIELDS = ("owner", "name", "fame", "coins", "shards", "threshold")
TURN_FIELDS = ("turn", "theatre", "players", "performances")
TURN_PLAYER_FIELDS = ("name", "changes", "advertised", "hired", "inactive", "shard_points")


@dataclass(frozen=True)
class PlayerRecord:
    """One ``[[players]]`` entry of a players file."""

    name: str
    fame: int = 0
    coins: int = 0
    shards: int = 0
    apprentices: int = 0
    specialists: tuple[str, ...] = ()  # kinds, or "specialist" once per Specialist given as a count
    inactive: tuple[str, ...] = ()
    hired: tuple[str, ...] = ()
    assistant_apprentice: bool | None = None  # false: the Assistant came later, with no Apprentice

    def before_hiring(self) -> tuple[PlayerState, PlayerTurn] | None:
        """The team that could work this turn (this turn's hires taken out of it) and what
        the player did with it; None if a hire is not in the team at all."""
        specialists = list(self.specialists)
        for kind in (k for k in self.hired if character_kind(k) == SPECIALIST):
            gone = next((s for s in (kind, SPECIALIST) if s in specialists), None)
            if gone is None:
                gone = specialists[-1] if kind == SPECIALIST and specialists else None
            if gone is None:
                return None
            specialists.remove(gone)
        apprentices = self.apprentices - self.hired.count(APPRENTICE)
        if apprentices < 0:
            return None
        state = PlayerState(self.name, self.fame, self.coins, self.shards, apprentices, tuple(specialists),
                            extension_apprentice=self.assistant_apprentice and "assistant" in specialists
                            if self.assistant_apprentice is not None else None)
        return state, PlayerTurn(self.name, inactive=self.inactive, hired=self.hired)


@dataclass(frozen=True)
class PlayersFile:
    players: tuple[PlayerRecord, ...]
    initiative: tuple[str, ...]  # the file's initiative, or the players' order when it gives none
    initiative_given: bool


class TrickerionReader(EntryReader):
    """Read Trickerion entries from one TOML source; every error names its line.

    Values are checked by :class:`~gtcli.trickerion.formats.entry_reader.EntryReader` (types,
    ranges, names in any language); the rules an entry can break (a show without the
    performer's trick, spending coins one does not have) are the pure core's, and
    :meth:`check` / :meth:`place` put them at their line.
    """

    # -- players files ---------------------------------------------------------------------
    def players_file(self, data: dict[str, Any]) -> PlayersFile:
        if not data:
            raise self.fail("TRK002", "the file is empty", "list each player under [[players]] (see docs/trickerion.md)")
        top = self.fields(data, PLAYERS_FILE_FIELDS, "the file", Where())
        initiative = self.attempt(self.player_list, top["initiative"][1], "initiative") if "initiative" in top else None
        if "players" not in top:
            self.note(self.fail("TRK002", "the file has no [[players]]", "[[players]]\nname = \"Ana\"\nfame = 41"))
            return self.done(PlayersFile((), (), False))
        raw_players = top["players"][1]
        if not isinstance(raw_players, list) or not all(isinstance(p, dict) for p in raw_players):
            self.note(self.fail("TRK003", "players must be [[players]] tables", where=Where(key="players")))
            return self.done(PlayersFile((), (), False))
        self.names = Names(initiative)
        records = tuple(r for n, raw in enumerate(raw_players) if (r := self.attempt(self.player_record, raw, n)))
        if self.problems:  # the checks across entries would only repeat what is already said
            return self.done(PlayersFile(records, (), False))
        names = tuple(r.name for r in records)
        twice = repeated(names)
        if twice is not None:
            raise self.fail("TRK007", f"player {twice!r} has two [[players]] entries",
                            where=Where("players", names.index(twice, names.index(twice) + 1), "name"))
        if initiative is None:
            if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
                raise self.fail("TRK008", f"{len(names)} players; Trickerion takes {MIN_PLAYERS} to {MAX_PLAYERS}",
                                where=Where(key="players"))
        else:
            missing = [n for n in initiative if n not in names]
            if missing:
                raise self.fail("TRK009", f"{', '.join(missing)} in the initiative order but not under [[players]]",
                                "give every player a [[players]] entry", Where(key="initiative"))
        return self.done(PlayersFile(records, initiative or names, initiative is not None))

    def named_entry(self, raw: dict[str, Any], n: int, known: tuple[str, ...],
                    *unknown: str) -> tuple[Where, dict[str, tuple[str, Any]], str]:
        """The n-th ``[[players]]`` entry: where it is, its fields, and whose it is."""
        where = Where("players", n)
        fields = self.fields(raw, known, f"player {n + 1}", where)
        if "name" not in fields:
            raise self.fail("TRK002", f"player {n + 1} has no name", "name = \"Ana\"", where)
        return where, fields, self.player(fields["name"][1], at_key(where, fields["name"][0]), *unknown)

    def player_record(self, raw: dict[str, Any], n: int) -> PlayerRecord:
        where, fields, name = self.named_entry(raw, n, PLAYER_FIELDS, "TRK009", "in the initiative order")
        what = name
        apprentices = self.number(fields, "apprentices", 0, MAX_TEAM, what, where)
        specialists: tuple[str, ...] = ()
        if "specialists" in fields:
            key, value = fields["specialists"]
            if is_int(value):
                specialists = (SPECIALIST,) * self.number(fields, "specialists", 0, len(SPECIALISTS.keys), what, where)
            else:
                specialists = self.attempt(self.words, SPECIALISTS, value, f"{name}'s specialists", at_key(where, key),
                                           default=())
                if repeated(specialists):
                    self.note(self.fail("TRK016", f"{name} has one {repeated(specialists)}, not two",
                                        "each Specialist comes with one board extension", at_key(where, key)))
        lists = {k: self.attempt(self.words, CHARACTERS, fields[k][1], f"{name}'s {k}", at_key(where, fields[k][0]),
                                 default=()) for k in ("inactive", "hired") if k in fields}
        return PlayerRecord(
            name,
            fame=self.number(fields, "fame", 0, MAX_FAME, what, where),
            coins=self.number(fields, "coins", 0, MAX_COINS, what, where),
            shards=self.number(fields, "shards", 0, MAX_SHARDS, what, where),
            apprentices=apprentices, specialists=specialists,
            inactive=lists.get("inactive", ()), hired=lists.get("hired", ()),
            assistant_apprentice=self.flag(fields, "assistant_apprentice", name, where),
        )

    def team_before_hiring(self, record: PlayerRecord, n: int) -> tuple[PlayerState, PlayerTurn]:
        """``record``'s team as it worked this turn, or the first reason it cannot be."""
        team = record.before_hiring()
        if team is None:
            raise self.fail("TRK016", f"{record.name} hired characters that are not in their team",
                            "apprentices and specialists count the whole team, this turn's hires included",
                            Where("players", n, "hired"))
        self.check(team_problems(*team, n))
        return team

    # -- performances ----------------------------------------------------------------------
    def performance_file(self, data: dict[str, Any]) -> Performance:
        self.performance_at_top = True
        if not data:
            raise self.fail("TRK002", "the file is empty", "day = \"friday\"\nperformer = \"Ana\"\n[[tricks]] ...")
        top = self.fields(data, PERFORMANCE_FILE_FIELDS, "the performance", Where())
        if "players" in top:
            self.names = Names(self.attempt(self.player_list, top["players"][1], top["players"][0]))
        theatre = self.theatre(top["theatre"][1], Where(key=top["theatre"][0])) if "theatre" in top else ()
        rest = {k: v for k, v in data.items() if k not in ("players", "theatre")}
        return self.done(self.attempt(self.performance, rest, 0, theatre))

    def performance(self, raw: Any, n: int, theatre: Theatre) -> Performance:
        where = Where("performances", n)
        what = "the performance" if self.performance_at_top else f"performance {n + 1}"
        fields = self.fields(raw, PERFORMANCE_FIELDS, what, where)
        for key, example in (("day", "day = \"friday\""), ("performer", "performer = \"Ana\"")):
            if key not in fields:
                self.note(self.fail("TRK002", f"{what} has no {key}", example, where))
        day = self.attempt(self.word, DAYS, fields["day"][1], at_key(where, fields["day"][0])) if "day" in fields \
            else None
        performer = self.attempt(self.player, fields["performer"][1], at_key(where, fields["performer"][0])) \
            if "performer" in fields else None
        links = self.number(fields, "links", 0, MAX_LINKS, what, where)
        bonus = self.attempt(self.amounts, fields["bonus"][1], "the card's bonus", at_key(where, fields["bonus"][0]),
                             0, MAX_YIELD, default=NOTHING) if "bonus" in fields else NOTHING
        specialists = self.attempt(self.words, SPECIALISTS, fields["specialists"][1], "specialists",
                                   at_key(where, fields["specialists"][0]), default=()) \
            if "specialists" in fields else ()
        raw_tricks = fields.get("tricks", ("tricks", []))[1]
        if not isinstance(raw_tricks, list) or not all(isinstance(t, dict) for t in raw_tricks) \
                or len(raw_tricks) > MAX_TRICKS:
            raise self.fail("TRK003", f"tricks must be [[tricks]] tables, at most {MAX_TRICKS}",
                            where=at_key(where, "tricks"))
        self.tricks_next(len(raw_tricks))
        tricks = tuple(t for k, raw_trick in enumerate(raw_tricks) if (t := self.attempt(self.trick, raw_trick, n, k)))
        if day is None or performer is None:
            return None  # noted: the entry raises at its end
        return Performance(day, performer, tricks, links, bonus, specialists, theatre)

    def trick(self, raw: dict[str, Any], performance: int, n: int) -> Trick:
        where = Where("tricks", n, performance=performance)
        what = f"trick {n + 1}"
        fields = self.fields(raw, TRICK_FIELDS, what, where)
        if "owner" not in fields:
            raise self.fail("TRK002", f"{what} has no owner", "owner = \"Ana\"  # whose trick marker it is", where)
        owner = self.attempt(self.player, fields["owner"][1], at_key(where, fields["owner"][0]))
        name = self.attempt(self.text, fields["name"][1], MAX_TRICK_NAME, f"{what}'s name",
                            at_key(where, fields["name"][0]), default=what) if "name" in fields else what
        label = what if name == what else f"{what} ({name})"
        printed = Amounts(*(self.number(fields, r, 0, MAX_YIELD, label, where) for r in RESOURCE_KEYS))
        threshold = None
        if "threshold" in fields:
            key, threshold = fields["threshold"]
            if is_int(threshold) and threshold == LEFT_OUT_THRESHOLD:
                self.note(self.fail("TRK003", f"{label}: a trick of fame threshold 36 is not used in the base game",
                                    "the rule sheet's setup, step 1: the tricks of thresholds 1 and 16 are laid "
                                    "out; \"tricks with a fame threshold of 36 are not used in the base game\"",
                                    where=at_key(where, key)))
            elif not is_int(threshold) or threshold not in THRESHOLDS:
                self.note(self.fail("TRK003", f"{label}: a trick's fame threshold is "
                                    f"{' or '.join(map(str, THRESHOLDS))} (the number in its star), got {threshold!r}",
                                    where=at_key(where, key)))
        return Trick(owner, name, printed, threshold) if owner is not None else None

    def theatre(self, raw: Any, where: Where) -> Theatre:
        """``{ Ana = ["friday"], Ben = ["sunday", "thursday"] }``: days with a character, per player."""
        if not isinstance(raw, dict):
            raise self.fail("TRK003", "theatre must be a table of player = [days]",
                            "theatre = { Ana = [\"friday\"], Ben = [\"sunday\"] }", where)
        inside = Where(within=where.key)
        seen: dict[str, tuple[str, ...]] = {}
        for key, days in raw.items():
            name = self.attempt(self.player, key, at_key(inside, key))
            parsed = self.attempt(self.words, DAYS, days, f"{name or key}'s days in the theatre", at_key(inside, key))
            if name in seen:
                self.note(self.fail("TRK007", f"{name} is listed twice in the theatre", where=at_key(inside, key)))
            elif name is not None and parsed is not None:
                seen[name] = tuple(sorted(set(parsed), key=DAYS.keys.index))
        return tuple(seen.items())

    # -- turns -------------------------------------------------------------------------------
    def turn(self, data: dict[str, Any], number: int) -> Turn:
        """The ``number``-th turn of a game (the reader knows the game's players)."""
        where = Where()
        if not data and self.scope.turn is None:
            raise self.fail("TRK002", "the turn file is empty",
                            "give the turn's [[players]] changes and [[performances]] (see docs/trickerion.md)")
        fields = self.fields(data, TURN_FIELDS, "the turn", where)
        if "turn" in fields and fields["turn"][1] != number:
            if not in_range(fields["turn"][1], 1, TURNS):
                self.note(self.fail("TRK003", f"turn must be 1 to {TURNS}, got {fields['turn'][1]!r}",
                                    where=Where(key=fields["turn"][0])))
            else:
                self.note(self.fail("TRK015", f"this is turn {fields['turn'][1]}, but the game's next turn is {number}",
                                    "leave turn out, or fix the number", Where(key=fields["turn"][0])))
        theatre = self.attempt(self.theatre, fields["theatre"][1], Where(key=fields["theatre"][0]), default=()) \
            if "theatre" in fields else ()
        players = self.attempt(self._aot, fields, "players", "[[players]]", default=[])
        entries = tuple(e for n, raw in enumerate(players) if (e := self.attempt(self.player_turn, raw, n)))
        performances = self.attempt(self._aot, fields, "performances", "[[performances]]", default=[])
        if len(performances) > len(DAYS.keys):
            self.note(self.fail("TRK011", f"{len(performances)} performances; the Theatre has {len(DAYS.keys)} days",
                                where=Where(key="performances")))
        shows = tuple(self.attempt(self.performance, raw, n, theatre) for n, raw in enumerate(performances))
        return self.done(Turn(entries, theatre, shows))

    def _aot(self, fields: dict[str, tuple[str, Any]], name: str, what: str) -> list[dict[str, Any]]:
        raw = fields.get(name, (name, []))[1]
        if not isinstance(raw, list) or not all(isinstance(r, dict) for r in raw) or len(raw) > MAX_LIST:
            raise self.fail("TRK003", f"{name} must be {what} tables (at most {MAX_LIST})", where=Where(key=name))
        return raw

    def player_turn(self, raw: dict[str, Any], n: int) -> PlayerTurn:
        where, fields, name = self.named_entry(raw, n, TURN_PLAYER_FIELDS)
        changes = self.attempt(self.amounts, fields["changes"][1], f"{name}'s changes",
                               at_key(where, fields["changes"][0]), -MAX_CHANGE, MAX_CHANGE,
                               default=NOTHING) if "changes" in fields else NOTHING
        advertised = self.flag(fields, "advertised", name, where) or False
        lists = {k: self.attempt(self.words, CHARACTERS, fields[k][1], f"{name}'s {k}", at_key(where, fields[k][0]),
                                 default=()) for k in ("inactive", "hired") if k in fields}
        if SPECIALIST in lists.get("hired", ()):
            self.note(self.fail("TRK003", f"{name}: name the Specialist hired",
                                f"one of: {', '.join(SPECIALISTS.keys)}", at_key(where, fields["hired"][0])))
        # one location per placement that bought +1 action point (`gt trickerion action-points --shard`)
        points = self.attempt(self.words, LOCATIONS, fields["shard_points"][1], f"{name}'s shard_points",
                              at_key(where, fields["shard_points"][0]), default=()) if "shard_points" in fields else ()
        return PlayerTurn(name, changes, advertised, lists.get("hired", ()), lists.get("inactive", ()), points)


def load_players_file(path: str) -> tuple[TrickerionReader, PlayersFile]:
    source = read_toml(path, PARSE_ERROR, "players file")
    reader = TrickerionReader(source)
    return reader, reader.players_file(source.data)


def load_performance(path: str) -> tuple[TrickerionReader, Performance]:
    source = read_toml(path, PARSE_ERROR, "performance file")
    reader = TrickerionReader(source)
    return reader, reader.performance_file(source.data)
