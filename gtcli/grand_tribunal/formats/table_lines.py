"""The table as lines: one Tribunal written as a scorekeeper reads it off the table.

::

    tribunal 2                          # optional, as are the next two lines
    players Ana, Ben, Caro, Dani        # seat order
    last praeco Caro
    votes staff 2, orb 3, elemental 2   # votes none: an empty track
    Ana: staff 4 elemental elemental runic
    Ana: "Storm Staff" staff 4 elemental
    Caro: wand 3 won                    # won at an earlier Tribunal: on the table, not competing

The grammar is ``grammar/table.lark`` (keywords in en, es, fr, it from
:mod:`gtcli.grand_tribunal.lang.keywords`); docs/tribunal-lines.md is the guide. The same
table as TOML (:mod:`gtcli.grand_tribunal.formats.table_file`) gives the same tally.

The stable API (``gt tally``, ``gt game tribunal``, the typed entry and ``gt game serve`` use it):

* :func:`parse_table_lines` ``(text, *, path, card_set=None, session_context=None, lang=None,
  profile=None) -> (Table | None, list[Diagnostic])``: the table, or None and EVERY mistake of
  every line (each with its file:line:col, a TAB code and a hint). ``session_context`` is the
  :class:`~gtcli.grand_tribunal.rules.game.Game` the table is the next Tribunal of (its players,
  profile, and what it would refuse: R5, the Tribunal's number); ``card_set`` a
  :class:`~gtcli.grand_tribunal.rules.cards.CardSet` whose card names fill in an Item's type and
  base (``Ana: "Storm Staff" elemental``) and a Spell's category (``Ben: orb 3 "Fireball"``).
* :func:`read_line` ``(text, context, number=1, path=None) -> Line``: one line read on its own
  (what the typed entry checks after each answer).
* :func:`format_table_lines` ``(table, lang="en", vocabulary=None) -> str``: the table in this
  form (``gt fmt``); :func:`item_line` one Item's line.
* :func:`looks_like_lines` ``(text) -> bool``: whether a text is this form rather than TOML.

Words are matched as everywhere in gt (case and accents ignored); a type, a category, a
Voting Track space, a player or a line's keyword may be cut to a prefix that fits only one
(``vot st 2, el 1``; ``an: orb 3 heal``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import fold
from gtcli.grand_tribunal.formats.line_words import (LINE_KEYWORDS, MAX_ITEMS, MAX_LINE, MAX_LINES, READERS, WORD,
                                                     Line, LinesContext, Reading, keyword_words, syntax_problem,
                                                     word_of)
from gtcli.grand_tribunal.lang.keywords import LANGUAGES, spelling
from gtcli.grand_tribunal.lang.strings import quote
from gtcli.grand_tribunal.rules.profiles import OFFICIAL, RuleProfile
from gtcli.grand_tribunal.rules.tribunal import Item, Table
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary

__all__ = ["Line", "LinesContext", "format_table_lines", "item_line", "looks_like_lines", "parse_table_lines",
           "reformat_table_lines", "read_lines", "context_for", "entry_text", "comment_of",
           "read_line", "votes_line", "word_of"]

# ---- parsing one line -------------------------------------------------------------------------------
def _parse(text: str, lang: str) -> Any:
    from gtcli.grand_tribunal.lang.loader import parser

    return parser("table", lang).parse(text)



def _expand_prefix(text: str, lang: str) -> str | None:
    """``text`` with its first word (a unique prefix of a line's keyword) spelled out, or None."""
    match = re.match(r"\s*([^\W\d_]+)", text)
    if not match:
        return None
    typed = fold(match.group(1))
    hits = {keyword for keyword in LINE_KEYWORDS for word in keyword_words(keyword, lang)
            if fold(word).split()[0].startswith(typed)}
    if len(hits) != 1:
        return None
    keyword = hits.pop()
    rest = text[match.end():]
    if keyword == "LAST_PRAECO":  # `last Caro`, `la pr Caro`
        second = re.match(r"\s+([^\W\d_]+)", rest)
        if second and any(fold(w).split()[1].startswith(fold(second.group(1))) for w in keyword_words(keyword, lang)):
            rest = rest[second.end():]
    return spelling(keyword, lang) + " " + rest.lstrip()


def _tree(text: str, lang: str) -> tuple[Any, str, Exception | None]:
    """(tree or None, the language that read it, the error in ``lang`` if none did)."""
    from lark.exceptions import UnexpectedInput

    first: Exception | None = None
    for attempt in (lang, *(other for other in LANGUAGES if other != lang)):
        try:
            return _parse(text, attempt), attempt, None
        except UnexpectedInput as exc:
            first = first or exc
        except InputError as exc:  # a number too long (the lexer's bound)
            return None, lang, exc
    for attempt in (lang, *(other for other in LANGUAGES if other != lang)):
        expanded = _expand_prefix(text, attempt)
        if expanded is not None:
            try:
                return _parse(expanded, attempt), attempt, None
            except UnexpectedInput:
                pass
    return None, lang, first


# ---- reading each kind of line --------------------------------------------------------------------------
def read_line(text: str, context: LinesContext, number: int = 1, path: str | None = None) -> Line:
    """One line of the form, read on its own (players and prefixes against ``context``)."""
    reading = Reading(number, path)
    if len(text) > MAX_LINE:
        reading.fail("TAB003", f"a line of {len(text):,} characters; a line has at most {MAX_LINE:,}", 1)
        return Line(number, "item", None, tuple(reading.problems))
    if not text.split("#")[0].strip() and '"' not in text:
        return Line(number, "blank")
    tree, lang, error = _tree(text, context.lang)
    if tree is None:
        syntax_problem(error, text, reading, context)
        return Line(number, "item", None, tuple(reading.problems))
    if not tree.children or tree.children[0] is None:
        return Line(number, "blank")
    entry = tree.children[0]
    kind = {"no_votes": "votes"}.get(entry.data, entry.data)
    value = getattr(READERS, entry.data)(entry, reading, context, lang)
    problems = tuple(reading.problems)
    return Line(number, kind, None if problems else value, problems)



# ---- a whole text -----------------------------------------------------------------------------------
def context_for(card_set: Any = None, session_context: Any = None, lang: str | None = None,
                profile: RuleProfile | None = None, seats: tuple[str, ...] = ()) -> LinesContext:
    """The context of a table's lines: a game's (``session_context``), else the given pieces."""
    if session_context is not None:
        seats, profile = session_context.players, session_context.profile
    return LinesContext(seats=tuple(seats), profile=profile or OFFICIAL,
                        vocabulary=card_set.vocabulary if card_set is not None else None, card_set=card_set,
                        lang=lang if lang in LANGUAGES else "en")


def read_lines(text: str, context: LinesContext, path: str | None = None) -> list[Line]:
    """Every line of ``text`` read; a players line is read first, so the items' owners are checked
    against it wherever it stands."""
    lines = text.split("\n")
    if len(lines) > MAX_LINES:
        raise InputError(Diagnostic("TAB003", f"{len(lines):,} lines; a table has at most {MAX_LINES:,}", path=path))
    read: dict[int, Line] = {}
    for number, raw in enumerate(lines, 1):
        line = read_line(raw, context, number, path)
        if line.kind == "players" and not context.seats and line.value:
            context = LinesContext(line.value, context.profile, context.vocabulary, context.card_set, context.lang)
            read = {n: read_line(lines[n - 1], context, n, path) for n in read}
        read[number] = line
    return [read[n] for n in sorted(read)]


def table_of(lines: Iterable[Line], context: LinesContext, path: str | None = None) -> tuple[Table | None, list[Diagnostic]]:
    """The table the read lines make, and every mistake (of a line, or of the whole)."""
    problems: list[Diagnostic] = []
    seen: dict[str, Line] = {}
    items: list[Item] = []
    for line in lines:
        problems.extend(line.problems)
        if line.kind == "blank" or line.problems:
            continue
        if line.kind == "item":
            items.append(line.value)
            continue
        if line.kind in seen:
            problems.append(Diagnostic("TAB003", f"a second {line.kind.replace('_', ' ')} line (the first is line "
                                       f"{seen[line.kind].number})", path=path, line=line.number, col=1,
                                       hint="one of each; fix the first or remove this one"))
            continue
        seen[line.kind] = line
    if len(items) > MAX_ITEMS:
        problems.append(Diagnostic("TAB003", f"{len(items)} items; the limit is {MAX_ITEMS}", path=path))
    if problems:
        return None, problems
    if not seen and not items:
        return None, [Diagnostic("TAB002", "the table is empty", path=path,
                                 hint="a votes line and a line per active Item: votes staff 2 / Ana: staff 4")]
    value = {kind: line.value for kind, line in seen.items()}
    players = value.get("players", ())
    return Table(items=tuple(items), votes=value.get("votes", {}), tribunal=value.get("tribunal", 1),
                 players=tuple(players), last_praeco=value.get("last_praeco")), []


def parse_table_lines(text: str, *, path: str | None = None, card_set: Any = None, session_context: Any = None,
                      lang: str | None = None, profile: RuleProfile | None = None
                      ) -> tuple[Table | None, list[Diagnostic]]:
    """The table ``text`` holds, or None and every mistake of every line (see the module's docstring)."""
    context = context_for(card_set, session_context, lang, profile)
    try:
        lines = read_lines(text, context, path)
    except InputError as exc:
        return None, list(exc.diagnostics)
    table, problems = table_of(lines, context, path)
    if table is None or session_context is None:
        return table, problems
    return table, game_problems(session_context, table, lines, path)


def game_problems(game: Any, table: Table, lines: list[Line], path: str | None) -> list[Diagnostic]:
    """Why ``table`` cannot be ``game``'s next Tribunal (R5, its number), each at its line."""
    from gtcli.grand_tribunal.rules.game import table_problems

    item_lines = [line for line in lines if line.kind == "item"]
    found = []
    for index, d in table_problems(game, table):
        line = item_lines[index].number if index is not None and index < len(item_lines) else None
        if d.code == "GAME005":
            d = replace(d, hint="write won at the end of its line, or leave it out")
        found.append(d.at(path, line, 1 if line else None))
    number = len(game.tables) + 1
    numbered = next((line for line in lines if line.kind == "tribunal"), None)
    if numbered is not None and table.tribunal != number:
        found.append(Diagnostic("GAME001", f"the table is for Tribunal {table.tribunal}, but the game's next is "
                                f"Tribunal {number}", path=path, line=numbered.number, col=1,
                                hint="leave the tribunal line out, or fix the number"))
    return found


# ---- writing -------------------------------------------------------------------------------------------
def _name_text(name: str, lang: str) -> str:
    """A player's name as the form writes it: bare if it reads back as itself, else in quotes."""
    keywords = {part for k in (*LINE_KEYWORDS, "NONE", "WON") for w in keyword_words(k, lang)
                for part in fold(w).split()}
    if name and all(WORD.fullmatch(w) and fold(w) not in keywords for w in name.split(" ")):
        return name
    return quote(name)


def votes_line(votes: dict[str, int], lang: str = "en", vocabulary: Vocabulary | None = None) -> str:
    words = vocabulary or LinesContext().words
    shown = [f"{words.display(space, lang)} {n}" for space, n in votes.items() if n]
    return f"{spelling('VOTES', lang)} " + (", ".join(shown) if shown else spelling("NONE", lang))


def item_line(item: Item, lang: str = "en", vocabulary: Vocabulary | None = None) -> str:
    """``Ana: "Storm Staff" staff 4 elemental runic won``: one Item as the form writes it."""
    words = vocabulary or LinesContext().words
    parts = [f"{_name_text(item.owner, lang)}:"]
    if item.name:
        parts.append(quote(item.name))
    parts += [words.display(item.type, lang), str(item.base)]
    parts += [words.display(s, lang) for s in item.spells]
    if item.won:
        parts.append(spelling("WON", lang))
    return " ".join(parts)


def format_table_lines(table: Table, lang: str = "en", vocabulary: Vocabulary | None = None,
                       number: bool = True) -> str:
    """The table in this form, as ``gt fmt`` writes it (``number``: with its tribunal line)."""
    out = []
    if number:
        out.append(f"{spelling('TRIBUNAL', lang)} {table.tribunal}")
    if table.players:
        out.append(f"{spelling('PLAYERS', lang)} " + ", ".join(_name_text(p, lang) for p in table.players))
    if table.last_praeco:
        out.append(f"{spelling('LAST_PRAECO', lang)} {_name_text(table.last_praeco, lang)}")
    out.append(votes_line(table.votes, lang, vocabulary))
    out += [item_line(item, lang, vocabulary) for item in table.items]
    return "\n".join(out) + "\n"


def comment_of(line: str) -> int | None:
    """Where a line's ``#`` comment starts (not inside a name in quotes), or None."""
    quoted = escaped = False
    for at, char in enumerate(line):
        if escaped:
            escaped = False
        elif char == "\\" and quoted:
            escaped = True
        elif char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return at
    return None


def entry_text(line: Line, lang: str = "en", vocabulary: Vocabulary | None = None) -> str:
    """A read line (without mistakes) as the form writes it."""
    if line.kind == "tribunal":
        return f"{spelling('TRIBUNAL', lang)} {line.value}"
    if line.kind == "players":
        return f"{spelling('PLAYERS', lang)} " + ", ".join(_name_text(p, lang) for p in line.value)
    if line.kind == "last_praeco":
        return f"{spelling('LAST_PRAECO', lang)} {_name_text(line.value, lang)}"
    if line.kind == "votes":
        return votes_line(line.value, lang, vocabulary)
    return item_line(line.value, lang, vocabulary) if line.kind == "item" else ""


def reformat_table_lines(text: str, *, path: str | None = None, lang: str = "en", card_set: Any = None) -> str:
    """``text`` laid out as ``gt fmt`` writes the form, line for line, every comment kept where it
    is (an :class:`InputError` with every mistake if a line cannot be read)."""
    context = context_for(card_set, None, lang)
    lines = read_lines(text, context, path)
    problems = [d for line in lines for d in line.problems]
    if problems:
        raise InputError(*problems)
    out = []
    for raw, line in zip(text.split("\n"), lines):
        cut = comment_of(raw)
        comment = raw[cut:].rstrip() if cut is not None else ""
        body = entry_text(line, lang, context.vocabulary)
        out.append(f"{body}  {comment}" if body and comment else (body or comment))
    return "\n".join(out).rstrip("\n") + "\n"


_TOML_LINE = re.compile(r"^\s*(\[|[\w\"'-]+\s*=)")


def looks_like_lines(text: str) -> bool:
    """Whether ``text`` is this form, not TOML: its first line with something on it is not a
    ``[table]`` header nor a ``key = value``. (An empty text is neither: TOML reads it.)"""
    for raw in text.split("\n"):
        line = raw.split("#")[0].strip() if not raw.lstrip().startswith('"') else raw.strip()
        if line:
            return not _TOML_LINE.match(raw)
    return False
