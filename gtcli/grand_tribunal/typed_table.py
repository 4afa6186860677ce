"""A Tribunal typed at the table: the table's lines one answer at a time, and short edits.

The scorekeeper types the Voting Track as one answer (``staff 2, orb 3``; Enter or ``none``
for an empty track), then one line per Item as the table's lines write it
(``Ana: staff 4 elemental``; :mod:`gtcli.grand_tribunal.formats.table_lines`), then an empty
line to finish. The Items carried from the last Tribunal are listed with a number and
changed by a short edit, never typed again:

* ``3 base 4`` (or ``3 4``): its base; ``3 orb``: its type; ``3 "Name"``: its name;
* ``3 won``: it won at an earlier Tribunal (again: it competes); ``3 + runic``: one more
  Spell, ``3 - runic``: one fewer;
* ``3 Ana: orb 3 healing``: the whole Item again; ``3`` alone offers its line for editing;
* ``-3`` (or ``d 3``): remove it, ``-3 -5``: both; ``votes ...``: the track again; ``?``: this help.

Every answer is read whole: all its mistakes are reported together, each with a hint,
and the answer is offered back for editing (:attr:`Reply.offer`). Nothing here reads or
writes a terminal or a file: :mod:`gtcli.cli.commands.tribunal_entry` does, and saves a
draft after every accepted answer. Nothing random happens anywhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from gtcli.core.diagnostics import Diagnostic
from gtcli.core.text import fold
from gtcli.grand_tribunal.formats.table_lines import (LinesContext, item_line, read_line, word_of,
                                                      votes_line)
from gtcli.grand_tribunal.lang.keywords import KEYWORDS, spelling
from gtcli.grand_tribunal.lang.strings import unquote
from gtcli.grand_tribunal.rules.tribunal import Item, Table, TribunalResult, tally

MAX_BASE = 100
_EDIT = re.compile(r"^\s*(?:(?P<drop>-|d\s+)\s*(?P<gone>\d{1,3})|(?P<n>\d{1,3})(?P<rest>(?:\s.*)?))\s*$", re.I)
_DROPS = re.compile(r"(?:-|d\s+)\s*\d{1,3}(?:[\s,]+-?\s*\d{1,3})+")  # -2 -5, -2,5, d 2 5: several at once
_PART = re.compile(r'"(?:[^"\\]|\\.)*"?|[+-]|\d+|[^\s,+"]+')
_NONE = frozenset(fold(w) for words in KEYWORDS["NONE"].values() for w in words)
_VOTES = frozenset(fold(w) for words in KEYWORDS["VOTES"].values() for w in words)
_WON = frozenset(fold(w) for words in KEYWORDS["WON"].values() for w in words)
_BASE = frozenset(fold(w) for words in KEYWORDS["BASE"].values() for w in words)

HELP = (
    "One line per Item: Ana: staff 4 elemental elemental runic  (a name in quotes is optional: "
    'Ana: "Storm Staff" staff 4; won: on the table, not competing)',
    "Change Item 3: 3 base 4 · 3 won · 3 + runic · 3 - runic · 3 orb · 3 Ana: orb 3 healing · "
    "3 (its line to edit) · -3 (remove; -3 -5 both)",
    "votes staff 2, orb 3 (or votes none): the Voting Track again · Enter on an empty line: done · "
    "Up-arrow: earlier lines · Tab: names and words",
)


@dataclass
class Reply:
    """What an answer did: accepted (``ok``), lines to show, its mistakes, a line to offer back."""

    ok: bool
    said: list[str] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    offer: str | None = None  # the answer given back for editing (a mistake, or ``3`` alone)
    done: bool = False  # an empty line, and nothing the game would refuse


@dataclass
class TypedTable:
    """The Tribunal being typed: the track (None until answered) and the Items, numbered from 1."""

    context: LinesContext
    votes: dict[str, int] | None = None
    items: list[Item] = field(default_factory=list)
    game: Any = None  # the Game whose next Tribunal this is, or None (gt tally)
    last_praeco: str | None = None

    # ---- what it holds --------------------------------------------------------------------------
    @property
    def table(self) -> Table:
        return Table(items=tuple(self.items), votes=dict(self.votes or {}), players=self.context.seats,
                     last_praeco=self.last_praeco)

    def result(self) -> TribunalResult:
        """The Tribunal as it stands (in a game: with its number and the awards held from earlier ones)."""
        if self.game is not None:
            from gtcli.grand_tribunal.rules.game import record, results

            try:
                return results(record(self.game, self.table))[-1]
            except Exception:  # something the game refuses (shown at the end): the bare tally meanwhile
                pass
        return tally(self.table, self.context.profile)

    def refused(self) -> list[tuple[int | None, Diagnostic]]:
        """What the game would refuse in the Items (R5), each with its Item's index."""
        if self.game is None:
            return []
        from gtcli.grand_tribunal.rules.game import table_problems

        return table_problems(self.game, self.table)

    def numbered(self, n: int) -> str:
        """``3. Ana: staff 4 elemental`` (Item ``n``, from 1)."""
        return f"{n}. {self.line_of(self.items[n - 1])}"

    def line_of(self, item: Item) -> str:
        return item_line(item, self.context.lang, self.context.vocabulary)

    def track_line(self) -> str:
        return votes_line(self.votes or {}, self.context.lang, self.context.vocabulary)

    # ---- answers ------------------------------------------------------------------------------------
    def answer(self, text: str) -> Reply:
        """Take one typed line (see the module's docstring)."""
        stripped = text.strip()
        if self.votes is None:
            return self._track(stripped)
        if not stripped:
            return self._finish()
        if stripped in ("?", "help"):
            return Reply(True, list(HELP))
        if _DROPS.fullmatch(stripped):
            return self._drop([int(n) for n in re.findall(r"\d+", stripped)], text)
        edit = _EDIT.match(stripped)
        if edit:
            return self._edit(edit, text)
        return self._line(text)

    def _track(self, text: str) -> Reply:
        """The first answer: the Voting Track, with or without its ``votes`` word."""
        words = text.split()
        if not text or (len(words) == 1 and fold(words[0]) in _NONE):
            self.votes = {}
            return Reply(True, [self.track_line()])
        if ":" in text:  # an Item first: the track is still to come
            return Reply(False, ["The Voting Track first: staff 2, orb 3 (Enter: none)."], offer=text)
        line = text if fold(words[0]) in _VOTES else f"{spelling('VOTES', 'en')} {text}"
        read = read_line(line, self.context)
        offset = len(line) - len(text)
        if read.problems:
            return Reply(False, problems=[_shift(d, offset) for d in read.problems], offer=text)
        if read.kind != "votes":
            return Reply(False, ["The Voting Track first: staff 2, orb 3 (Enter: none)."], offer=text)
        self.votes = read.value
        return Reply(True, [self.track_line()])

    def _line(self, text: str) -> Reply:
        read = read_line(text, self.context)
        if read.problems:
            return Reply(False, problems=list(read.problems), offer=text)
        if read.kind == "votes":
            self.votes = read.value
            return Reply(True, [self.track_line()])
        if read.kind == "item":
            self.items.append(read.value)
            problem = self._r5(len(self.items) - 1)
            if problem is not None:
                self.items.pop()
                return Reply(False, problems=[problem], offer=text.rstrip() + " won")
            return Reply(True, [self.numbered(len(self.items))])
        if read.kind == "last_praeco":
            self.last_praeco = read.value
            return Reply(True, [f"last Praeco {read.value}"])
        if read.kind == "players" and self.game is None and not self.context.seats:
            self.context = replace(self.context, seats=read.value)
            return Reply(True, ["players " + ", ".join(read.value)])
        what = {"players": "the players are the game's", "tribunal": "the Tribunal's number is the game's"}
        return Reply(False, [f"Not needed here: {what.get(read.kind, 'nothing to do')}."])

    def _r5(self, index: int) -> Diagnostic | None:
        for at, d in self.refused():
            if at == index:
                return replace(d, hint="if it is that Item, it won earlier: won at the end of its line (offered "
                                       "back); else give it a name of its own")
        return None

    def _finish(self) -> Reply:
        refused = self.refused()
        if refused:
            problems = [replace(d, message=(f"Item {at + 1}: " if at is not None else "") + d.message,
                                hint=f"{at + 1} won, or -{at + 1} to remove it" if d.code == "GAME005" and at is not None
                                else d.hint) for at, d in refused]
            return Reply(False, problems=problems)
        return Reply(True, done=True)

    # ---- short edits of a numbered Item ----------------------------------------------------------------
    def _edit(self, edit: re.Match, text: str) -> Reply:
        number = int(edit["gone"] or edit["n"])
        if not 1 <= number <= len(self.items):
            have = f"1 to {len(self.items)}" if self.items else "none yet"
            return Reply(False, problems=[Diagnostic("TAB003", f"there is no Item {number} (the Items are {have})",
                                                     col=1, hint="? shows how to change an Item")], offer=text)
        if edit["gone"]:
            gone = self.items.pop(number - 1)
            return Reply(True, [f"removed {number}. {self.line_of(gone)}"] + self._renumbered(number))
        rest = (edit["rest"] or "").strip()
        if not rest:
            return Reply(True, offer=f"{number} {self.line_of(self.items[number - 1])}")
        shift = len(text) - len(text.lstrip()) + edit.start("rest") + len(edit["rest"]) - len(edit["rest"].lstrip())
        if ":" in rest:  # the whole Item again
            read = read_line(rest, self.context)
            if read.problems or read.kind != "item":
                problems = [_shift(d, -shift) for d in read.problems] or [
                    Diagnostic("TAB008", "an Item's line after its number", col=1, hint=f"{number} Ana: orb 3")]
                return Reply(False, problems=problems, offer=text)
            return self._replace(number, read.value, text)
        return self._change(number, rest, text, shift)

    def _change(self, number: int, rest: str, text: str, start: int) -> Reply:
        """``rest`` (at ``start`` in ``text``) applied to Item ``number``: all of it, or nothing."""
        item = self.items[number - 1]
        problems: list[Diagnostic] = []
        spells = list(item.spells)
        sign = "+"
        changes: dict[str, Any] = {}
        for part in _PART.finditer(rest):
            word, col = part.group(), start + part.start() + 1
            folded = fold(word)
            if word in "+-":
                sign = word
            elif word.isdigit():
                if int(word) > MAX_BASE:
                    problems.append(Diagnostic("TAB003", f"base must be 0 to {MAX_BASE}, got {word}", col=col,
                                               hint="the base score printed on the Item"))
                else:
                    changes["base"] = int(word)
            elif word.startswith('"'):
                if len(word) < 2 or not word.endswith('"'):
                    problems.append(Diagnostic("TAB008", "a name in quotes is not closed", col=col,
                                               hint='close it with "'))
                else:
                    changes["name"] = unquote(word).strip() or None
            elif folded in _WON:
                changes["won"] = not item.won if sign == "+" else False
            elif folded in _BASE:
                continue
            else:
                key, what = word_of(word, self.context.words, ("type", "category"), self.context.lang)
                if key is None:
                    problems.append(Diagnostic("TAB004", f"unknown Item type or Spell category {word!r}", col=col,
                                               hint=what))
                elif what == "type":
                    changes["type"] = key
                elif sign == "+":
                    spells.append(key)
                elif key in spells:
                    spells.remove(key)
                else:
                    problems.append(Diagnostic("TAB003", f"Item {number} has no {key} Spell to take off", col=col,
                                               hint=f"its Spells: {', '.join(item.spells) or 'none'}"))
        if problems:
            return Reply(False, problems=problems, offer=text)
        return self._replace(number, replace(item, spells=tuple(spells), **changes), text)

    def _replace(self, number: int, item: Item, text: str) -> Reply:
        before = self.items[number - 1]
        self.items[number - 1] = item
        problem = self._r5(number - 1)
        if problem is not None:
            self.items[number - 1] = before
            return Reply(False, problems=[problem], offer=f"{number} won")
        return Reply(True, [self.numbered(number)])

    def _drop(self, numbers: list[int], text: str) -> Reply:
        """Several Items removed by one answer (``-2 -5``)."""
        wrong = [n for n in numbers if not 1 <= n <= len(self.items)]
        if wrong:
            return Reply(False, problems=[Diagnostic("TAB003", f"there is no Item {wrong[0]} (the Items are "
                                                     f"1 to {len(self.items)})", col=1)], offer=text)
        said = []
        for n in sorted(set(numbers), reverse=True):
            said.insert(0, f"removed {n}. {self.line_of(self.items.pop(n - 1))}")
        return Reply(True, said + self._renumbered(min(numbers)))

    def _renumbered(self, start: int) -> list[str]:
        return [f"  now {self.numbered(n)}" for n in range(start, len(self.items) + 1)][:3]


def _shift(d: Diagnostic, offset: int) -> Diagnostic:
    """A mistake of a line gt completed (``votes`` put before the track), placed in what was typed."""
    return replace(d, col=max(1, d.col - offset)) if d.col else d


def preview(result: TribunalResult, width: int = 100) -> list[str]:
    """The places and scores as they stand, in two or three short lines."""
    from gtcli.grand_tribunal.wording import ordinal

    placed = [f"{ordinal(r.place)} {r.item.owner} {r.item.label()} ({r.votes} votes) {r.score}"
              for r in result.items if r.place]
    others = [r for r in result.items if r.competing and not r.place]
    lines = ["  places: " + (" · ".join(placed) if placed else "none yet")
             + (f" · {len(others)} without a place" if others else "")]
    lines.append("  scores: " + ", ".join(f"{p.name} {p.score}" for p in result.players))
    return [line if len(line) <= width else line[:width - 1] + "…" for line in lines]


# ---- Tab completion (a pure function of the line: tested without a terminal) ------------------------
def _open_quote(text: str) -> int | None:
    """Where a name in quotes that is not closed yet starts in ``text``, or None."""
    at, escaped = None, False
    for n, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\" and at is not None:
            escaped = True
        elif char == '"':
            at = n if at is None else None
    return at


def _vocabulary_words(context: LinesContext, kinds: tuple[str, ...]) -> list[str]:
    words = context.words
    terms = [t for kind in kinds for t in (words.item_types if kind == "type" else words.spell_categories)]
    return list(dict.fromkeys(name for t in terms for name in (t.display(context.lang), t.display("en"))))


def completions(buffer: str, begin: int, end: int, context: LinesContext, cards: tuple[str, ...] | list[str] = (),
                track: bool = False) -> list[str]:
    """What Tab offers for ``buffer[begin:end]``: players (with their ``:``) and ``votes`` at the start
    of a line, Voting Track spaces after ``votes`` (and at the track's prompt), types, categories and
    ``won`` in an Item's line or an edit, the set's card names after a ``"``; each with the space
    that follows it (Python's readline adds none)."""
    quote_at = _open_quote(buffer[:end])
    if quote_at is not None:
        typed = buffer[quote_at + 1:end]
        matching = [name for name in cards if fold(name).startswith(fold(typed))]
        if begin <= quote_at:  # readline replaces from before the quote: give it back
            return sorted({buffer[begin:quote_at + 1] + name + '" ' for name in matching})
        replaced = end - begin  # the part of the name after its last space
        return sorted({name[len(typed) - replaced:] + '" ' for name in matching})
    text, before = buffer[begin:end], buffer[:begin]
    head = before.split()
    lang = context.lang
    if ":" in before or (head and head[0].isdigit()):
        pool = (_vocabulary_words(context, ("type", "category")) + [spelling("WON", lang)]
                + (['"' + name + '"' for name in cards] if text.startswith('"') else []))
    elif track or (head and fold(head[0]) in _VOTES):
        pool = _vocabulary_words(context, ("type", "category")) + ([spelling("NONE", lang)] if not head else [])
    elif not head:
        pool = [f"{seat}:" for seat in context.seats] + [spelling("VOTES", lang)]
    else:
        pool = []
    return [word + " " for word in pool if fold(word).startswith(fold(text))]  # readline adds no space itself
