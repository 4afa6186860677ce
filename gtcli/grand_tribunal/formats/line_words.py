"""Reading one line of the table's lines: its words against the players, the vocabulary and the cards.

:mod:`gtcli.grand_tribunal.formats.table_lines` parses a line with ``grammar/table.lark`` and
hands the tree here: which word is a type, a category, a Spell's card, a player, and every
mistake of the line (each located, with a hint). An Item's words may come in any order; a
word may be cut to a prefix that fits only one thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import did_you_mean, fold, one_of, repeated, unknown_hint
from gtcli.grand_tribunal.lang.keywords import KEYWORDS
from gtcli.grand_tribunal.lang.strings import unquote
from gtcli.grand_tribunal.rules.profiles import OFFICIAL, RuleProfile
from gtcli.grand_tribunal.rules.tribunal import Item
from gtcli.grand_tribunal.rules.vocabulary import Vocabulary

MAX_BASE = 100
MAX_SPELLS = 20
MAX_ITEMS = 200
MAX_LINE = 500  # characters of one line (an Item with 20 Spells and a long name is 250)
MAX_LINES = 500
MAX_PROBLEMS = 20  # mistakes reported of one line
LINE_KEYWORDS = ("TRIBUNAL", "PLAYERS", "LAST_PRAECO", "VOTES")
SHAPES = ("votes staff 2, orb 3 (or votes none)", "Ana: staff 4 elemental runic", "players Ana, Ben, Caro",
          "last praeco Caro", "tribunal 2")
WORD = re.compile(r"[^\W\d_][\w'’.-]*")
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
class Reading:
    """The mistakes found so far in one line."""

    number: int
    path: str | None
    problems: list[Diagnostic] = field(default_factory=list)

    def fail(self, code: str, message: str, col: int | None, hint: str | None = None) -> None:
        self.problems.append(Diagnostic(code, message, path=self.path, line=self.number, col=col, hint=hint))



def keyword_words(keyword: str, lang: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(KEYWORDS[keyword].get(lang, ()) + KEYWORDS[keyword]["en"]))


def syntax_problem(exc: Exception, text: str, reading: Reading, context: LinesContext) -> None:
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
                       for w in keyword_words(k, context.lang)) if first else True
    if ":" not in head and first and (_player(first, context.seats) is not None
                                      or (not context.seats and not keyword_like)):
        reading.fail("TAB008", f"no ':' after the owner {first!r}", text.index(first) + len(first) + 1,
                     f"an Item's line is its owner, ':', then what is on it: {head.replace(first, first + ':', 1)}")
        return
    if fold(first) in {fold(w) for w in keyword_words("VOTES", context.lang)}:
        reading.fail("TAB008", f"cannot read the Voting Track{f' at {got!r}' if got else ''}", col,
                     "each space with its tokens, separated by commas: votes staff 2, orb 3 (or votes none)")
        return
    if fold(first) in {fold(w) for w in keyword_words("PLAYERS", context.lang)}:
        reading.fail("TAB008", f"cannot read the players{f' at {got!r}' if got else ''}", col,
                     "names separated by commas, in seat order: players Ana, Ben, Caro")
        return
    if got is None:
        reading.fail("TAB008", f"cannot read {head!r}", col, shapes)
        return
    keywords = [w for k in LINE_KEYWORDS for w in keyword_words(k, context.lang)]
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


_INDEXES: dict[tuple[int, str], tuple[Vocabulary, dict, list]] = {}  # a few vocabularies per process


def _index(vocabulary: Vocabulary, lang: str) -> tuple[dict[str, tuple[str, str]], list[tuple[str, str, str]]]:
    """Every name of the vocabulary (folded) -> (key, kind), and the names a prefix is matched
    against (those of ``lang``, English and the keys), worked out once per vocabulary and language."""
    found = _INDEXES.get((id(vocabulary), lang))
    if found is not None and found[0] is vocabulary:
        return found[1], found[2]
    exact: dict[str, tuple[str, str]] = {}
    prefixed: list[tuple[str, str, str]] = []
    for kind, terms in (("type", vocabulary.item_types), ("category", vocabulary.spell_categories)):
        for term in terms:
            own = (term.key, *term.names.get(lang, ()), *term.names.get("en", ()))
            for name in own + term.all_names():
                exact.setdefault(fold(name), (term.key, kind))
            prefixed += [(fold(name), term.key, kind) for name in dict.fromkeys(own)]
    if len(_INDEXES) > 16:
        _INDEXES.clear()
    _INDEXES[(id(vocabulary), lang)] = (vocabulary, exact, prefixed)
    return exact, prefixed


def names_of(vocabulary: Vocabulary, kinds: tuple[str, ...], lang: str) -> list[str]:
    """The folded names of every term of ``kinds`` (``type``, ``category``), in every language."""
    return [name for name, (_key, kind) in _index(vocabulary, lang)[0].items() if kind in kinds]


def word_of(word: str, vocabulary: Vocabulary, kinds: tuple[str, ...], lang: str) -> tuple[str | None, str | None]:
    """(key, kind) of a word of the vocabulary (exact, or a unique prefix), or (None, hint)."""
    folded = fold(word)
    exact, prefixed = _index(vocabulary, lang)
    hit = exact.get(folded)
    if hit is not None and hit[1] in kinds:
        return hit
    hits = {key: kind for name, key, kind in prefixed if kind in kinds and folded and name.startswith(folded)}
    if len(hits) == 1:
        return next(iter(hits.items()))
    if len(hits) > 1:
        return None, f"{word!r} could be {' or '.join(sorted(hits))}: type more of it"
    shown = [vocabulary.display(t.key, lang) for kind in kinds
             for t in (vocabulary.item_types if kind == "type" else vocabulary.spell_categories)]
    return None, did_you_mean(word, names_of(vocabulary, kinds, lang)) or f"one of: {one_of(shown)}"




class READERS:
    @staticmethod
    def tribunal(entry: Any, reading: Reading, context: LinesContext, lang: str) -> int | None:
        token = entry.children[1]
        value = int(token)
        if not 1 <= value <= context.profile.tribunals:
            reading.fail("TAB003", f"tribunal must be 1 to {context.profile.tribunals}, got {value}", token.column,
                         "or leave the tribunal line out")
        return value

    @staticmethod
    def players(entry: Any, reading: Reading, context: LinesContext, lang: str) -> tuple[str, ...]:
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
    def last_praeco(entry: Any, reading: Reading, context: LinesContext, lang: str) -> str | None:
        name, col = _words_of(entry.children[1])
        return _owner(name, col, reading, context, "the last Praeco")

    @staticmethod
    def no_votes(entry: Any, reading: Reading, context: LinesContext, lang: str) -> dict[str, int]:
        return {}

    @staticmethod
    def votes(entry: Any, reading: Reading, context: LinesContext, lang: str) -> dict[str, int]:
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
    def item(entry: Any, reading: Reading, context: LinesContext, lang: str) -> Item | None:
        name, col = _words_of(entry.children[0])
        owner = _owner(name, col, reading, context, "an Item's owner")
        return _item(owner, [t for t in entry.children[1:] if t is not None], reading, context, lang)


def _owner(name: str, col: int, reading: Reading, context: LinesContext, what: str) -> str | None:
    if not context.seats:
        return name
    seat = _player(name, context.seats)
    if seat is None:
        reading.fail("TAB005", f"{name!r} is not a player of this game", col,
                     unknown_hint(name, context.seats, "players"))
    return seat


def _item(owner: str | None, tokens: list[Any], reading: Reading, context: LinesContext, lang: str) -> Item | None:
    vocabulary, cards = context.words, context.card_set
    kind = base = card = None
    kind_col = base_col = None
    name: str | None = None
    spells: list[str] = []
    won = False
    i = 0
    longest = 6 if cards is not None else max(len(name.split()) for name in _index(vocabulary, lang)[0])
    while i < len(tokens):
        if len(reading.problems) >= MAX_PROBLEMS:
            reading.fail("TAB003", f"more than {MAX_PROBLEMS} mistakes on this line; the rest is not read",
                         tokens[i].column, "is it a line of the table?")
            break
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
            while i + len(run) < len(tokens) and tokens[i + len(run)].type == "WORD" and len(run) < longest:
                run.append(tokens[i + len(run)])
            taken = 0
            exact = _index(vocabulary, lang)[0]
            for size in range(len(run), 1, -1):
                phrase = " ".join(str(t) for t in run[:size])
                found = cards.find(phrase) if cards is not None else None
                if found is not None and found.kind in ("item", "spell"):
                    if found.kind == "spell":
                        spells.append(found.category)
                    elif card is None and name is None:
                        card, name = found, found.name
                    taken = size
                    break
                hit = exact.get(fold(phrase))  # a type or category of several words, spelled out
                if hit is not None:
                    kind, kind_col, spells, _ = _place(hit[0], hit[1], kind, kind_col, spells, token, reading)
                    taken = size
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
           reading: Reading) -> tuple[str | None, int | None, list[str], int]:
    """A word of the vocabulary put where it belongs: the Item's type, or one more Spell."""
    if what == "category":
        return kind, kind_col, spells + [key], 1
    if kind is not None and kind != key:
        reading.fail("TAB003", f"two types ({kind} and {key})", token.column,
                     "an Item has one type; its Spells are categories: Ana: staff 4 elemental")
        return kind, kind_col, spells, 1
    return key, token.column, spells, 1
