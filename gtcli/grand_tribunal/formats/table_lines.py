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
from dataclasses import dataclass, field, replace
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import did_you_mean, fold, one_of, repeated, unknown_hint
from gtcli.grand_tribunal.lang.keywords import LANGUAGES, KEYWORDS, spelling
from gtcli.grand_tribunal.lang.strings import quote, unquote
from gtcli.grand_tribunal.rules.profiles import OFFICIAL, RuleProfile
from gtcli.grand_tribunal.rules.tribunal import Item, Table
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary

__all__ = ["Line", "LinesContext", "format_table_lines", "item_line", "looks_like_lines", "parse_table_lines",
           "reformat_table_lines", "read_lines", "context_for", "entry_text", "comment_of",
           "read_line", "votes_line"]

MAX_BASE = 100
MAX_SPELLS = 20
MAX_ITEMS = 200
MAX_LINE = 2_000  # characters of one line
MAX_LINES = 1_000
LINE_KEYWORDS = ("TRIBUNAL", "PLAYERS", "LAST_PRAECO", "VOTES")
SHAPES = ("votes staff 2, orb 3 (or votes none)", "Ana: staff 4 elemental runic", "players Ana, Ben, Caro",
          "last praeco Caro", "tribunal 2")
_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
_WON_WORDS = frozenset(fold(w) for words in KEYWORDS["WON"].values() for w in words)


@dataclass(frozen=True)
class LinesContext:
    """What a line is read against: the players (seat order, may be empty), the rules, the words."""

    seats: tuple[str, ...] = ()
    profile: RuleProfile = OFFICIAL
    vocabulary: Vocabulary | None = None
    card_set: Any = None  # a CardSet, or None
    lang: str = "en"

    @property
    def words(self) -> Vocabulary:
        if self.vocabulary is not None:
            return self.vocabulary
        if self.card_set is not None:
            return self.card_set.vocabulary
        from gtcli.grand_tribunal.shipped import published_vocabulary

        return published_vocabulary()


@dataclass(frozen=True)
class Line:
    """One line read: its kind (``blank``, ``tribunal``, ``players``, ``last_praeco``, ``votes``,
    ``item``), what it says (an int, a tuple of names, a name, {space: tokens}, an :class:`Item`)
    and its mistakes (each located; ``value`` is None if there is any)."""

    number: int
    kind: str
    value: Any = None
    problems: tuple[Diagnostic, ...] = ()


@dataclass
class _Reading:
    """The mistakes found so far in one line."""

    number: int
    path: str | None
    problems: list[Diagnostic] = field(default_factory=list)

    def fail(self, code: str, message: str, col: int | None, hint: str | None = None) -> None:
        self.problems.append(Diagnostic(code, message, path=self.path, line=self.number, col=col, hint=hint))


# ---- parsing one line -------------------------------------------------------------------------------
def _parse(text: str, lang: str) -> Any:
    from gtcli.grand_tribunal.lang.loader import parser

    return parser("table", lang).parse(text)


def _keyword_words(keyword: str, lang: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(KEYWORDS[keyword].get(lang, ()) + KEYWORDS[keyword]["en"]))


def _expand_prefix(text: str, lang: str) -> str | None:
    """``text`` with its first word (a unique prefix of a line's keyword) spelled out, or None."""
    match = re.match(r"\s*([^\W\d_]+)", text)
    if not match:
        return None
    typed = fold(match.group(1))
    hits = {keyword for keyword in LINE_KEYWORDS for word in _keyword_words(keyword, lang)
            if fold(word).split()[0].startswith(typed)}
    if len(hits) != 1:
        return None
    keyword = hits.pop()
    rest = text[match.end():]
    if keyword == "LAST_PRAECO":  # `last Caro`, `la pr Caro`
        second = re.match(r"\s+([^\W\d_]+)", rest)
        if second and any(fold(w).split()[1].startswith(fold(second.group(1))) for w in _keyword_words(keyword, lang)):
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


def _syntax_problem(exc: Exception, text: str, reading: _Reading, context: LinesContext) -> None:
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(exc, InputError):
        for d in exc.diagnostics:
            reading.fail(d.code, d.message, d.col, d.hint)
        return
    col = getattr(exc, "column", None)
    col = col if isinstance(col, int) and col > 0 else None
    shapes = "a line is " + "; ".join(SHAPES)
    head = text.split("#")[0].strip()
    first = head.split()[0].rstrip(":,") if head.split() else ""
    if isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        if char == '"':
            reading.fail("TAB008", "a name in quotes is not closed", col, 'close it with " on the same line')
        else:
            reading.fail("TAB008", f"unexpected character {char!r}", col, shapes)
        return
    token = getattr(exc, "token", None)
    got = str(token) if token is not None and token.type != "$END" else None
    keyword_like = any(fold(w).split()[0].startswith(fold(first)) for k in LINE_KEYWORDS
                       for w in _keyword_words(k, context.lang)) if first else True
    if ":" not in head and first and (_player(first, context.seats) is not None
                                      or (not context.seats and not keyword_like)):
        reading.fail("TAB008", f"no ':' after the owner {first!r}", text.index(first) + len(first) + 1,
                     f"an Item's line is its owner, ':', then what is on it: {head.replace(first, first + ':', 1)}")
        return
    if fold(first) in {fold(w) for w in _keyword_words("VOTES", context.lang)}:
        reading.fail("TAB008", f"cannot read the Voting Track{f' at {got!r}' if got else ''}", col,
                     "each space with its tokens, separated by commas: votes staff 2, orb 3 (or votes none)")
        return
    if fold(first) in {fold(w) for w in _keyword_words("PLAYERS", context.lang)}:
        reading.fail("TAB008", f"cannot read the players{f' at {got!r}' if got else ''}", col,
                     "names separated by commas, in seat order: players Ana, Ben, Caro")
        return
    if got is None:
        reading.fail("TAB008", f"cannot read {head!r}", col, shapes)
        return
    keywords = [w for k in LINE_KEYWORDS for w in _keyword_words(k, context.lang)]
    close = did_you_mean(first, keywords) if ":" not in head else None
    reading.fail("TAB008", f"cannot read {got!r} here", col, close or shapes)


def _words_of(node: Any) -> tuple[str, int]:
    """A ``name`` node's text and column."""
    tokens = [t for t in node.children]
    if len(tokens) == 1 and tokens[0].type == "STRING":
        return unquote(str(tokens[0])).strip(), tokens[0].column
    return " ".join(str(t) for t in tokens), tokens[0].column


# ---- names: players, words of the vocabulary, cards ---------------------------------------------------
def _player(name: str, seats: tuple[str, ...]) -> str | None:
    """The seat ``name`` means: its name (case, accents ignored) or a prefix of only one."""
    folded = fold(name)
    exact = [s for s in seats if fold(s) == folded]
    if exact:
        return exact[0]
    starts = [s for s in seats if fold(s).startswith(folded)] if folded else []
    return starts[0] if len(starts) == 1 else None


def _names_of(vocabulary: Vocabulary, kinds: tuple[str, ...], lang: str) -> dict[str, str]:
    """folded name -> key of every term of ``kinds`` (``type``, ``category``), in ``lang`` and English."""
    out: dict[str, str] = {}
    for kind in kinds:
        for term in vocabulary.item_types if kind == "type" else vocabulary.spell_categories:
            for name in (term.key, *term.names.get(lang, ()), *term.names.get("en", ())):
                out.setdefault(fold(name), term.key)
            for name in term.all_names():  # every language's word is read, exactly spelled
                out.setdefault(fold(name), term.key)
    return out


def word_of(word: str, vocabulary: Vocabulary, kinds: tuple[str, ...], lang: str) -> tuple[str | None, str | None]:
    """(key, kind) of a word of the vocabulary (exact, or a unique prefix), or (None, hint)."""
    folded = fold(word)
    for kind in kinds:
        names = _names_of(vocabulary, (kind,), lang)
        if folded in names:
            return names[folded], kind
    hits: dict[str, str] = {}
    for kind in kinds:
        for name, key in _names_of(vocabulary, (kind,), lang).items():
            own = {fold(n) for term in (vocabulary.item_types if kind == "type" else vocabulary.spell_categories)
                   if term.key == key for n in (term.key, *term.names.get(lang, ()), *term.names.get("en", ()))}
            if name in own and name.startswith(folded):
                hits[key] = kind
    if len(hits) == 1 and folded:
        key, kind = next(iter(hits.items()))
        return key, kind
    if len(hits) > 1:
        return None, f"{word!r} could be {' or '.join(sorted(hits))}: type more of it"
    shown = [vocabulary.display(t.key, lang) for kind in kinds
             for t in (vocabulary.item_types if kind == "type" else vocabulary.spell_categories)]
    return None, did_you_mean(word, list(_names_of(vocabulary, kinds, lang))) or f"one of: {one_of(shown)}"


def _what(kinds: tuple[str, ...]) -> str:
    return "Voting Track space" if len(kinds) > 1 else ("Item type" if kinds == ("type",) else "Spell category")


# ---- reading each kind of line --------------------------------------------------------------------------
def read_line(text: str, context: LinesContext, number: int = 1, path: str | None = None) -> Line:
    """One line of the form, read on its own (players and prefixes against ``context``)."""
    reading = _Reading(number, path)
    if len(text) > MAX_LINE:
        reading.fail("TAB003", f"a line of {len(text):,} characters; a line has at most {MAX_LINE:,}", 1)
        return Line(number, "item", None, tuple(reading.problems))
    if not text.split("#")[0].strip() and '"' not in text:
        return Line(number, "blank")
    tree, lang, error = _tree(text, context.lang)
    if tree is None:
        _syntax_problem(error, text, reading, context)
        return Line(number, "item", None, tuple(reading.problems))
    if not tree.children or tree.children[0] is None:
        return Line(number, "blank")
    entry = tree.children[0]
    kind = {"no_votes": "votes"}.get(entry.data, entry.data)
    value = getattr(_READERS, entry.data)(entry, reading, context, lang)
    problems = tuple(reading.problems)
    return Line(number, kind, None if problems else value, problems)


class _READERS:
    @staticmethod
    def tribunal(entry: Any, reading: _Reading, context: LinesContext, lang: str) -> int | None:
        token = entry.children[1]
        value = int(token)
        if not 1 <= value <= context.profile.tribunals:
            reading.fail("TAB003", f"tribunal must be 1 to {context.profile.tribunals}, got {value}", token.column,
                         "or leave the tribunal line out")
        return value

    @staticmethod
    def players(entry: Any, reading: _Reading, context: LinesContext, lang: str) -> tuple[str, ...]:
        names = [_words_of(n) for n in entry.children[1:] if n is not None and getattr(n, "data", None) == "name"]
        twice = repeated(n for n, _ in names)
        if twice is not None:
            col = [c for n, c in names if fold(n) == fold(twice)][-1]
            reading.fail("TAB007", f"player {twice!r} is listed twice", col, "each player once, in seat order")
        profile = context.profile
        if not profile.min_players <= len(names) <= profile.max_players:
            reading.fail("S1", f"{len(names)} players; the game takes {profile.min_players} to {profile.max_players}",
                         entry.children[0].column, "names separated by commas: players Ana, Ben, Caro")
        if context.seats and [fold(n) for n, _ in names] != [fold(s) for s in context.seats]:
            reading.fail("TAB005", f"the game's players are {', '.join(context.seats)}", entry.children[0].column,
                         "leave the players line out: the game knows them")
        return tuple(n for n, _ in names)

    @staticmethod
    def last_praeco(entry: Any, reading: _Reading, context: LinesContext, lang: str) -> str | None:
        name, col = _words_of(entry.children[1])
        return _owner(name, col, reading, context, "the last Praeco")

    @staticmethod
    def no_votes(entry: Any, reading: _Reading, context: LinesContext, lang: str) -> dict[str, int]:
        return {}

    @staticmethod
    def votes(entry: Any, reading: _Reading, context: LinesContext, lang: str) -> dict[str, int]:
        votes: dict[str, int] = {}
        limit = context.profile.voting_tokens
        for vote in (c for c in entry.children[1:] if getattr(c, "data", None) == "vote"):
            name, col = _words_of(vote.children[0])
            count = vote.children[1]
            key, hint = word_of(name, context.words, ("type", "category"), lang)
            if key is None:
                reading.fail("TAB004", f"unknown Voting Track space {name!r}", col, hint)
                continue
            if key in votes:
                reading.fail("TAB003", f"the {key} space is given twice", col, "add its tokens up: staff 3")
            elif int(count) > limit:
                reading.fail("TAB003", f"{name} must hold 0 to {limit} tokens, got {count}", count.column,
                             f"the game has {limit} Voting tokens in all")
            else:
                votes[key] = int(count)
        total = sum(votes.values())
        if total > limit:
            reading.fail("V3", f"{total} Voting tokens on the track; the game has {limit}", entry.children[0].column,
                         "count the tokens on each space again")
        return votes

    @staticmethod
    def item(entry: Any, reading: _Reading, context: LinesContext, lang: str) -> Item | None:
        name, col = _words_of(entry.children[0])
        owner = _owner(name, col, reading, context, "an Item's owner")
        return _item(owner, [t for t in entry.children[1:] if t is not None], reading, context, lang)


def _owner(name: str, col: int, reading: _Reading, context: LinesContext, what: str) -> str | None:
    if not context.seats:
        return name
    seat = _player(name, context.seats)
    if seat is None:
        reading.fail("TAB005", f"{name!r} is not a player of this game", col,
                     unknown_hint(name, context.seats, "players"))
    return seat


def _item(owner: str | None, tokens: list[Any], reading: _Reading, context: LinesContext, lang: str) -> Item | None:
    vocabulary, cards = context.words, context.card_set
    kind = base = card = None
    kind_col = base_col = None
    name: str | None = None
    spells: list[str] = []
    won = False
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "COMMA":
            i += 1
            continue
        if token.type == "OTHER":
            hint = ("a base score is a whole number from 0 to 100" if str(token) in "+-"
                    else "an Item's line is its owner, ':', its type, base score and Spells: Ana: staff 4 elemental")
            reading.fail("TAB003", f"unexpected {str(token)!r}", token.column, hint)
        elif token.type == "WON":
            won = True
        elif token.type == "INT":
            if base is not None:
                reading.fail("TAB003", f"two base scores ({base} and {token})", token.column,
                             "an Item has one base score: Ana: staff 4 elemental")
            elif int(token) > MAX_BASE:
                reading.fail("TAB003", f"base must be a whole number from 0 to {MAX_BASE}, got {token}", token.column,
                             "the base score printed on the Item")
            else:
                base, base_col = int(token), token.column
        elif token.type == "STRING":
            text = unquote(str(token)).strip()
            found = cards.find(text) if cards is not None and text else None
            if found is not None and found.kind == "spell":
                spells.append(found.category)
            elif found is not None and found.kind == "item" and card is None and name is None:
                card, name = found, found.name
            elif found is not None and found.kind not in ("item", "spell"):
                reading.fail("TAB004", f"{text!r} is a {found.kind} card, not an Item or a Spell", token.column)
            elif name is None and text and len(text) <= 200:
                name = text
            elif not text or len(text) > 200:
                reading.fail("TAB003", "an Item's name is 1 to 200 characters", token.column)
            else:
                reading.fail("TAB004", f"a second name {text!r}: an Item has one name",
                             token.column, "a Spell is given by its category" +
                             (", or by its card's name" if cards is not None else ""))
        elif fold(str(token)) in _WON_WORDS:  # "won" of another language than the one that read the line
            won = True
        else:  # WORD: a type, a category, or a card named without quotes (the longest run of words that is one)
            run = [token]
            while i + len(run) < len(tokens) and tokens[i + len(run)].type == "WORD" and len(run) < 6:
                run.append(tokens[i + len(run)])
            taken = 0
            for size in range(len(run), 1, -1):
                phrase = " ".join(str(t) for t in run[:size])
                found = cards.find(phrase) if cards is not None else None
                key, what = word_of(phrase, vocabulary, ("type", "category"), lang) if found is None else (None, None)
                if found is not None and found.kind in ("item", "spell"):
                    if found.kind == "spell":
                        spells.append(found.category)
                    elif card is None and name is None:
                        card, name = found, found.name
                    taken = size
                    break
                if key is not None and fold(phrase) in _names_of(vocabulary, ("type", "category"), lang):
                    kind, kind_col, spells, taken = _place(key, what, kind, kind_col, spells, token, reading)
                    break
            if not taken:
                word = str(token)
                found = cards.find(word) if cards is not None else None
                key, what = word_of(word, vocabulary, ("type", "category"), lang)
                if key is not None:
                    kind, kind_col, spells, _ = _place(key, what, kind, kind_col, spells, token, reading)
                elif found is not None and found.kind == "item" and card is None and name is None:
                    card, name = found, found.name
                elif found is not None and found.kind == "spell":
                    spells.append(found.category)
                else:
                    is_player = context.seats and _player(word, context.seats) is not None
                    hint = ("one Item a line: the owner is written once, before ':'" if is_player
                            else what)
                    reading.fail("TAB004", f"unknown Item type or Spell category {word!r}", token.column, hint)
                taken = 1
            i += taken
            continue
        i += 1
    if card is not None:
        if kind is not None and card.type and kind != card.type:
            reading.fail("TAB003", f"{card.name!r} is {vocabulary.display(card.type, lang)} in the card set, "
                         f"not {vocabulary.display(kind, lang)}", kind_col, "leave the type out: the card says it")
        if base is not None and card.base is not None and base != card.base:
            reading.fail("TAB003", f"{card.name!r} has base {card.base} in the card set, not {base}", base_col,
                         "leave the base out: the card says it")
        kind = kind or card.type
        base = base if base is not None else card.base
    where = tokens[-1].column + len(str(tokens[-1])) if tokens else None
    example = f"{owner or 'Ana'}: staff 4 elemental"
    unknown = any(d.code == "TAB004" for d in reading.problems)
    if kind is None and not unknown:
        reading.fail("TAB002", "the Item has no type", where, f"its type and base score, then its Spells: {example}")
    if base is None:
        reading.fail("TAB002", "the Item has no base score", where, f"the number printed on it: {example}")
    if len(spells) > MAX_SPELLS:
        reading.fail("TAB003", f"{len(spells)} Spells; an Item holds at most {MAX_SPELLS}", where)
    if owner is None or kind is None or base is None:
        return None
    return Item(owner=owner, type=kind, base=base, spells=tuple(spells), name=name, won=won)


def _place(key: str, what: str | None, kind: str | None, kind_col: int | None, spells: list[str], token: Any,
           reading: _Reading) -> tuple[str | None, int | None, list[str], int]:
    """A word of the vocabulary put where it belongs: the Item's type, or one more Spell."""
    if what == "category":
        return kind, kind_col, spells + [key], 1
    if kind is not None and kind != key:
        reading.fail("TAB003", f"two types ({kind} and {key})", token.column,
                     "an Item has one type; its Spells are categories: Ana: staff 4 elemental")
        return kind, kind_col, spells, 1
    return key, token.column, spells, 1


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
    keywords = {part for k in (*LINE_KEYWORDS, "NONE", "WON") for w in _keyword_words(k, lang)
                for part in fold(w).split()}
    if name and all(_WORD.fullmatch(w) and fold(w) not in keywords for w in name.split(" ")):
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
