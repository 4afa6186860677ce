"""The quick reader of game logs: the very :class:`~gtcli.grand_tribunal.rules.log.Log` the LALR
parse makes, read with a few regular expressions and no Python object per token.

The LALR path (:mod:`gtcli.core.parsing.fast_lalr` driving Lark's tables, with
:mod:`gtcli.grand_tribunal.lang.logs.ast` run inline) makes a token object per word and a
call per token and per reduction: most of the time of ``gt check``. Here one compiled
pattern matches a whole header line, setup line, event head or move (a card list is one
pattern too, then each card is read where it starts), groups are read only where a value
is kept, and the dataclasses are built at once, with the same field values, positions,
interned names, ``deprecated`` list and language.

The contract: for any text, :func:`read_log` returns exactly what the LALR path returns,
or None (it *declines*) and the LALR path runs, so every syntax error stays Lark's. It
never has to prove a text wrong, only to be sure of the texts it accepts:

* Tokens are Lark's terminals, written as in the grammar (``grammar/transcript.lark``), made
  possessive so that a pattern never splits a token Lark's lexer reads whole; whitespace
  and comments (``%ignore``) may come between any two of them (:data:`SKIP`). Keywords are
  the grammar's own terminals for the language (:func:`keyword_patterns`: the very
  regular expressions Lark compiles, each matched whole, as Lark's lexer matches it).
* The grammar is LALR(1) and each pattern here is a piece of it, so a text read whole here
  has the parse Lark gives it. What could still differ is the lexing: Lark's contextual
  lexer tries the keywords of a parser state (priority 2) before ``NAME``. So a word read
  as a name (a player, a space, a tag) that is also a keyword of the language, or the first
  word of one written in several, is declined (:meth:`Reader.name`); and where two keywords
  can match at one place (Italian ``a`` and ``a faccia in su``), the one Lark may prefer is
  a negative lookahead of the other (:func:`keyword_patterns`).
* A number longer than :data:`~gtcli.grand_tribunal.lang.loader.MAX_DIGITS` (SYN004 on the
  LALR path), anything else not foreseen: declined. Deprecated spellings (only ``VOTE``
  has some in logs) give the same SYN006 warnings, at the same places, as
  :class:`~gtcli.grand_tribunal.lang.deprecated.DeprecatedSpellings`.

tests/grand_tribunal/lang/test_quick_reader.py compares both paths, positions included,
on every shipped log, generated games in the four languages and damaged copies of them.
"""

from __future__ import annotations

import functools
from dataclasses import replace
import re
from bisect import bisect_right
from sys import intern

from gtcli.core.diagnostics import Pos
from gtcli.core.parsing.plain import Token
from gtcli.grand_tribunal.lang.strings import unquote
from gtcli.grand_tribunal.rules.log import (Activate, Advance, CardRef, Cast, Discard, Draw, Extract, GatherContested,
                                            GatherUncontested, Install, Log, NameCard, Outcome, Pass, Play, PraecoVotes,
                                            RoundStart, Scores, Setup, ToSanctum, TribunalStart, Turn, VisChange, Vote,
                                            Winner, Word)

# ---- Lark's terminals of grammar/transcript.lark, possessive ----------------------------------------
SKIP = r"\s*+(?:#[^\n]*+\s*+)*+"  # %ignore WS and COMMENT
NAME = r"[^\W\d_][\w'-]*+"
STRING = r'"(?:[^"\\\n]|\\.)*+"'
HANDLE = r"\?[\w-]++"
CHOICE = r"\$[^\W\d][\w-]*+"
CARD = rf"(?:{STRING}|{HANDLE}(?:{SKIP}{STRING})?)"
LIST = rf"{CARD}(?:{SKIP},{SKIP}{CARD})*+"

DECKS = {"ITEM": "item", "SPELL": "spell", "RESOURCE": "resource", "HAND": "hand", "SANCTUM": "sanctum",
         "FROM": "from", "TO": "to"}
_CACHED = 4096  # names and card names remembered per language (a stranger's log may hold a million)


class Decline(Exception):
    """Not sure to read this as the LALR path does: let it."""


def quick_init(cls: type):
    """A function called as ``cls`` is (same parameters, same defaults) making the same object,
    without ``__init__``: a frozen dataclass sets each field through ``object.__setattr__``, which
    costs about as much again as the object; here each slot is set by its descriptor. ``cls``
    itself where that cannot be done as its ``__init__`` would (a ``__post_init__``, a field
    left out of ``__init__``, a default factory, a field that is not a slot)."""
    import inspect
    from dataclasses import MISSING, fields
    from types import MemberDescriptorType

    found = fields(cls)
    slots = [getattr(cls, f.name, None) for f in found]
    if (hasattr(cls, "__post_init__") or any(not f.init or f.default_factory is not MISSING for f in found)
            or not all(isinstance(s, MemberDescriptorType) for s in slots)):
        return cls
    env: dict = {"new": object.__new__, "cls": cls}
    params: list[str] = []
    for i, p in enumerate(inspect.signature(cls).parameters.values()):
        if p.kind is p.KEYWORD_ONLY and "*" not in params:
            params.append("*")
        if p.default is p.empty:
            params.append(p.name)
        else:
            env[f"d{i}"] = p.default
            params.append(f"{p.name}=d{i}")
    body = ""
    for f, slot in zip(found, slots):
        env[f"s_{f.name}"] = slot.__set__
        body += f"\n    s_{f.name}(o, {f.name})"
    exec(f"def make({', '.join(params)}):\n    o = new(cls){body}\n    return o", env)
    make = env["make"]
    make.__name__ = make.__qualname__ = cls.__name__
    return make


Pos = quick_init(Pos)
(Activate, Advance, CardRef, Cast, Discard, Draw, Extract, GatherContested, GatherUncontested, Install, Log, NameCard,
 Outcome, Pass, Play, PraecoVotes, RoundStart, Scores, Setup, ToSanctum, TribunalStart, Turn, VisChange, Vote, Winner,
 Word) = map(quick_init, (Activate, Advance, CardRef, Cast, Discard, Draw, Extract, GatherContested, GatherUncontested,
                         Install, Log, NameCard, Outcome, Pass, Play, PraecoVotes, RoundStart, Scores, Setup, ToSanctum,
                         TribunalStart, Turn, VisChange, Vote, Winner, Word))


@functools.cache
def keyword_patterns(lang: str) -> dict[str, str]:
    """Keyword -> the regular expression Lark compiles for its terminal in ``lang``'s parser
    (``(?i:...)`` around the grammar's ``/.../i``), matched whole (atomic), with a negative
    lookahead for each other keyword Lark might read at the same place instead."""
    from gtcli.grand_tribunal.lang.loader import grammar_text

    bodies = dict(re.findall(r"^([A-Z_]+)\.2: /(.*)/i$", grammar_text("transcript", lang), re.M))
    lark = {name: f"(?i:{body})" for name, body in bodies.items()}
    compiled = {name: re.compile(regexp) for name, regexp in lark.items()}
    spelled = _spellings(lang, bodies)
    out = {}
    for name, regexp in lark.items():
        guards = []
        for other, pattern in compiled.items():
            if other == name:
                continue
            # Where ``name`` is expected, ``other`` may match too if one of them is the start of a
            # word of the other (Italian ``a`` and ``a faccia in su``); Lark reads the one its order
            # puts first, which is the longer only if that one has several words and the other one.
            other_shorter = any(pattern.match(w) for w in spelled[name])
            name_shorter = any(compiled[name].match(w) for w in spelled[other])
            if name_shorter or (other_shorter and not (_several(bodies[name]) and not _several(bodies[other]))):
                guards.append(f"(?!{lark[other]})")
        out[name] = "".join(guards) + f"(?>{regexp})"
    return out


def _several(body: str) -> bool:
    return r"\s+" in body


def _spellings(lang: str, bodies: dict[str, str]) -> dict[str, list[str]]:
    from gtcli.grand_tribunal.lang.keywords import words

    return {name: list(words(name, lang)) for name in bodies}


@functools.cache
def first_words(lang: str) -> re.Pattern[str]:
    """A name this fully matches is a keyword of ``lang``, or the first word of one: Lark's lexer
    may read it as that keyword where a name is expected. Case as Lark's ``/i`` compares it."""
    from gtcli.grand_tribunal.lang.keywords import words

    bodies = re.findall(r"^([A-Z_]+)\.2: ", _grammar(lang), re.M)
    firsts = {re.escape(w.split()[0]) for name in bodies for w in words(name, lang)}
    return re.compile("(?i:" + "|".join(sorted(firsts, key=len, reverse=True)) + ")")


def _grammar(lang: str) -> str:
    from gtcli.grand_tribunal.lang.loader import grammar_text

    return grammar_text("transcript", lang)


def _compile(template: str, kw: dict[str, str]) -> re.Pattern[str]:
    """``template`` with ``{K}`` standing for the keyword K, ``{_}`` for :data:`SKIP`, ``{INT}``..."""
    from gtcli.grand_tribunal.lang.loader import MAX_DIGITS

    pieces = {"_": SKIP, "NAME": NAME, "STRING": STRING, "HANDLE": HANDLE, "CHOICE": CHOICE, "CARD": CARD,
              "LIST": LIST, "INT": rf"\d{{1,{MAX_DIGITS}}}+(?!\d)", **kw}
    return re.compile(re.sub(r"\{([A-Z_]+)\}", lambda m: pieces[m.group(1)], template))


TAIL = r"{_}(?:(;){_})?"  # after a move: its ';' (the pattern's last group), then the next token
OUTCOME = (r"(?:{_}{WITH}{_}({CHOICE}{_}={_}(?:{NAME}|{CARD})(?:{_},{_}{CHOICE}{_}={_}(?:{NAME}|{CARD}))*+))?"
           r"(?:{_}{DRAW}{_}({LIST}))?(?:{_}{REFILL}{_}({LIST}))?(?:{_}{DISCARD}{_}({LIST}))?"
           r"(?:{_}{MANUAL}{_}({STRING}))?")
DECK = r"((?:{ITEM}|{SPELL}|{RESOURCE}))"
MOVE_BODIES = {  # after the keyword and what follows it
    "SANCTUM": r"({LIST})" + TAIL,
    "ADVANCE": r"({CARD}){_}({INT})((?:{_},{_}{CARD}{_}{INT})*+)" + TAIL,
    "ACTIVATE": r"(?:({NAME}){_})?({CARD})" + TAIL,
    "EXTRACT": r"({INT})" + TAIL,
    "DRAW": DECK + r"{_}(?:({FACE_UP}){_}({CARD})(?:{_}{REFILL}{_}({CARD}))?|({CARD}))"
                   r"(?:{_}{TO}{_}((?:{HAND}|{SANCTUM})))?" + TAIL,
    "VOTE": r"({NAME})" + TAIL,
    "INSTALL": r"({CARD}){_}{ON}{_}({CARD})" + TAIL,
    "CAST": r"({CARD}){_}{FROM}{_}({CARD})(?:{_}({KEEP}))?" + OUTCOME + TAIL,
    "PRAECO": r"({NAME}(?:{_},{_}{NAME})*+)" + TAIL,
    "PLAY": r"({CARD})" + OUTCOME + TAIL,
    "GATHER": r"(?:{UNCONTESTED}{_}({INT}){_}:{_}({INT})|{CONTESTED}{_}({INT}){_}{ROLL}{_}({INT})"
              r"(?:{_}{OTHERS}{_}({NAME}{_}{INT}(?:{_},{_}{NAME}{_}{INT})*+))?)" + TAIL,
    "DISCARD": r"({LIST})" + TAIL,
    "NAME_CARD": r"({HANDLE}){_}({STRING})" + TAIL,
    "VIS": r"([+-]){_}({INT})(?:{_}((?:{FROM}|{TO})){_}(?:({REGIO})|({STRING})|({NAME})))?" + TAIL,
    "PASS": TAIL,
    "FORCE": r"({STRING}){_}",
}
EVENT_BODIES = {
    "TRIBUNAL": r"({INT}){_}",
    "ROUND": r"({INT}){_}{PRAECO}{_}({NAME}){_}",
    "SCORES": r"({NAME}{_}{INT}(?:{_},{_}{NAME}{_}{INT})*+){_}",
    "WINNER": r"({NAME}(?:{_},{_}{NAME})*+){_}",
    "GRAND_TRIBUNAL": "",
    "ACTIVATE": r"({NAME}){_}({CARD}){_}",
}
SETUP_BODIES = {
    "HAND": r"({NAME}){_}({LIST}){_}",
    "ROW": DECK + r"{_}({LIST}){_}",
    "VIS": r"({NAME}){_}({INT}){_}",
    "PRAECO": r"({NAME}){_}",
    "TRACKERS": r"({INT}){_},{_}({INT}){_}",
    "DEALER": r"({NAME}){_}",
}
MOVES = tuple(MOVE_BODIES)  # FORCE last: the moves it may stand before have the same group numbers
EVENTS = tuple(EVENT_BODIES)
SETUP_LINES = tuple(SETUP_BODIES)


class Reader:
    """The compiled patterns of one language, and the names met in it so far."""

    def __init__(self, lang: str) -> None:
        kw = keyword_patterns(lang)
        self.lang = lang

        def compiled(template: str) -> re.Pattern[str]:
            return _compile(template, kw)

        def heads(names) -> str:  # group i + 1: names[i]
            return "(?:" + "|".join("({" + name + "})" for name in names) + ")"

        self.skip = compiled("{_}")
        self.tag = compiled(r"\[{_}({NAME}){_}({STRING}){_}\]{_}")
        self.setup = compiled("{SETUP}{_}")
        self.setup_line = compiled(heads(SETUP_LINES) + "{_}")
        self.setup_bodies = [None] + [compiled(SETUP_BODIES[k]) for k in SETUP_LINES]
        self.event = compiled(r"(?:({NAME}){_}:|" + "|".join("({" + k + "})" for k in EVENTS) + "){_}")  # 1: a turn
        self.event_bodies = [None, None] + [compiled(EVENT_BODIES[k]) for k in EVENTS]
        self.move = compiled(heads(MOVES) + "{_}")
        self.plain = compiled(heads(MOVES[:-1]) + "{_}")
        self.move_bodies = [None] + [compiled(MOVE_BODIES[k]) for k in MOVES]
        self.ends = [None] + [p.groups for p in self.move_bodies[1:]]  # the group of a move's ';'
        self.handlers = [None] + [getattr(self, "move_" + k.lower(), None) for k in MOVES]
        self.cards_in = compiled(r"#[^\n]*+|({CARD})")
        self.items_in = compiled(r"#[^\n]*+|({CARD})|({NAME})|({CHOICE})|(\d++)")
        self.hidden = compiled(r"({HANDLE})(?:{_}({STRING}))?")
        self.kinds = {name: re.compile(kw[name]) for name in DECKS}
        self.first_words = first_words(lang)
        from gtcli.grand_tribunal.lang.keywords import _deprecated_words

        self.old_votes = _deprecated_words("VOTE", lang)
        self.names: dict[str, str] = {}
        self.card_names: dict[str, str] = {}
        self.words: dict[str, str] = {}
        self.old_spelling: dict[str, bool] = {}

    # ---- the pieces every line has
    def name(self, text: str, a: int, b: int) -> str:
        """The interned name ``text[a:b]``; declined if Lark's lexer may read it as a keyword."""
        raw = text[a:b]
        name = self.names.get(raw)
        if name is None:
            if self.first_words.fullmatch(raw):
                raise Decline
            if len(self.names) >= _CACHED:
                self.names.clear()
            name = self.names[raw] = intern(raw)
        return name

    def card(self, text: str, a: int, b: int, where) -> CardRef:
        if text[a] == '"':
            raw = text[a:b]
            name = self.card_names.get(raw)
            if name is None:
                if len(self.card_names) >= _CACHED:
                    self.card_names.clear()
                name = self.card_names[raw] = intern(unquote(raw))
            return CardRef(name, None, where(a))
        m = self.hidden.match(text, a)
        named = m.group(2)
        return CardRef(unquote(named) if named is not None else None, m.group(1), where(a))

    def cards(self, text: str, a: int, b: int, where) -> tuple[CardRef, ...]:
        card = self.card
        return tuple(card(text, m.start(), m.end(), where) for m in self.cards_in.finditer(text, a, b) if m.lastindex)

    def items(self, text: str, a: int, b: int) -> list:
        """(kind, start, end) of the cards (1), names (2), choices (3) and numbers (4) in ``text[a:b]``."""
        return [(m.lastindex, m.start(), m.end()) for m in self.items_in.finditer(text, a, b) if m.lastindex]

    def kind(self, word: str) -> str:
        """``item``, ``spell``, ``resource``, ``hand``, ``sanctum``, ``from`` or ``to``: what a keyword says."""
        found = self.words.get(word)
        if found is None:
            found = next(DECKS[k] for k, pattern in self.kinds.items() if pattern.fullmatch(word))
            if len(self.words) < _CACHED:
                self.words[word] = found
        return found

    def pairs(self, text: str, a: int, b: int, where) -> tuple:
        """The (Word, number) pairs of ``text[a:b]`` (scores, rolls)."""
        found = self.items(text, a, b)
        return tuple((Word(self.name(text, n[1], n[2]), where(n[1])), int(text[v[1]:v[2]]))
                     for n, v in zip(found[::2], found[1::2]))

    def words_in(self, text: str, a: int, b: int, where) -> tuple[Word, ...]:
        return tuple(Word(self.name(text, s, e), where(s)) for _, s, e in self.items(text, a, b))

    # ---- a whole log
    def read(self, text: str, path: str | None) -> Log:
        starts = [0]
        starts += [m.end() for m in _NEWLINE.finditer(text)]

        def where(p: int) -> Pos:
            line = bisect_right(starts, p)
            return Pos(path, line, p - starts[line - 1] + 1)

        self.deprecated: list = []
        end = len(text)
        at = self.skip.match(text).end()
        tags = []
        while at < end and text[at] == "[":
            m = self.tag.match(text, at)
            if m is None:
                raise Decline
            a, b = m.span(1)
            self.name(text, a, b)
            tags.append((text[a:b], unquote(m.group(2)), where(a)))
            at = m.end()
        setup = None
        m = self.setup.match(text, at)
        if m is not None:
            setup, at = self.read_setup(text, m, where)
        events = []
        event, bodies, move = self.event.match, self.event_bodies, self.read_move
        while at < end:
            m = event(text, at)
            if m is None:
                raise Decline
            kind = m.lastindex
            if kind == 1:
                a, b = m.span(1)
                player = Word(self.name(text, a, b), where(a))
                moves = []
                at = m.end()
                more = True
                while more:
                    found, at, more = move(text, at, where)
                    moves.append(found)
                events.append(Turn(player, tuple(moves), player.pos))
                continue
            body = bodies[kind].match(text, m.end())
            if body is None:
                raise Decline
            events.append(self.read_event(EVENTS[kind - 2], text, m.start(), body, where))
            at = body.end()
        return Log(path, tuple(tags), setup, tuple(events), self.lang, tuple(self.deprecated))

    def read_setup(self, text: str, head: re.Match, where) -> tuple[Setup, int]:
        hands, rows, vis, praeco, trackers, dealer = [], [], [], None, None, None
        at, end = head.end(), len(text)
        while at < end:
            m = self.setup_line.match(text, at)
            if m is None:
                break
            kind = SETUP_LINES[m.lastindex - 1]
            body = self.setup_bodies[m.lastindex].match(text, m.end())
            if body is None:
                raise Decline
            if kind == "HAND":
                a, b = body.span(1)
                hands.append((Word(self.name(text, a, b), where(a)), self.cards(text, *body.span(2), where)))
            elif kind == "ROW":
                rows.append((self.kind(body.group(1)), self.cards(text, *body.span(2), where), where(m.start())))
            elif kind == "VIS":
                a, b = body.span(1)
                vis.append((Word(self.name(text, a, b), where(a)), int(body.group(2))))
            elif kind == "TRACKERS":
                trackers = (int(body.group(1)), int(body.group(2)), where(m.start()))
            else:
                a, b = body.span(1)
                word = Word(self.name(text, a, b), where(a))
                if kind == "PRAECO":
                    praeco = word
                else:
                    dealer = word
            at = body.end()
        setup = Setup(tuple(hands), tuple(rows), tuple(vis), praeco, trackers, where(head.start()), dealer)
        return setup, at

    def read_event(self, kind: str, text: str, start: int, m: re.Match, where):
        if kind == "TRIBUNAL":
            return TribunalStart(int(m.group(1)), where(start))
        if kind == "ROUND":
            a, b = m.span(2)
            return RoundStart(int(m.group(1)), Word(self.name(text, a, b), where(a)), where(start))
        if kind == "SCORES":
            return Scores(self.pairs(text, *m.span(1), where), where(start))
        if kind == "WINNER":
            return Winner(self.words_in(text, *m.span(1), where), where(start))
        if kind == "GRAND_TRIBUNAL":
            return TribunalStart(0, where(start), grand=True)
        a, b = m.span(1)  # ACTIVATE: activate_aside
        pos = where(start)
        return Activate(pos, card=self.card(text, *m.span(2), where), player=Word(self.name(text, a, b), where(a)))

    def read_move(self, text: str, at: int, where) -> tuple:
        """(the move at ``at``, where what follows it starts, whether a ';' follows it)."""
        m = self.move.match(text, at)
        if m is None:
            raise Decline
        kind = m.lastindex
        forced = None
        if kind == len(MOVES):  # FORCE "reason" move
            body = self.move_bodies[kind].match(text, m.end())
            if body is None:
                raise Decline
            forced = unquote(body.group(1))
            m = self.plain.match(text, body.end())
            if m is None:
                raise Decline
            kind = m.lastindex
        body = self.move_bodies[kind].match(text, m.end())
        if body is None:
            raise Decline
        move = self.handlers[kind](text, m, body, where(m.start()), where)
        if forced is not None:
            move = replace(move, forced=forced)
        return move, body.end(), body.lastindex == self.ends[kind]

    def outcome(self, text: str, m: re.Match, first: int, where) -> Outcome:
        """The outcome whose five groups start at ``first``: choices, drawn, refills, discarded, manual."""
        choices, lists = [], []
        a, b = m.span(first)
        if a >= 0:
            found = self.items(text, a, b)
            for (_, s, e), (value, vs, ve) in zip(found[::2], found[1::2]):
                word = text[vs:ve] if value == 2 else self.card(text, vs, ve, where)
                if value == 2:
                    self.name(text, vs, ve)
                choices.append((text[s + 1:e], word, where(s)))
        for group in (first + 1, first + 2, first + 3):
            a, b = m.span(group)
            lists.append(self.cards(text, a, b, where) if a >= 0 else ())
        manual = m.group(first + 4)
        return Outcome(tuple(choices), lists[0], lists[2], unquote(manual) if manual is not None else None, lists[1])

    # ---- one method per move: (text, the keyword's match, the rest's, the move's position, where)
    def move_sanctum(self, text, k, m, pos, where):
        return ToSanctum(pos, cards=self.cards(text, *m.span(1), where))

    def move_discard(self, text, k, m, pos, where):
        return Discard(pos, cards=self.cards(text, *m.span(1), where))

    def move_advance(self, text, k, m, pos, where):
        parts = [(self.card(text, *m.span(1), where), int(m.group(2)))]
        a, b = m.span(3)
        if a < b:
            found = self.items(text, a, b)
            parts += [(self.card(text, c[1], c[2], where), int(text[n[1]:n[2]]))
                      for c, n in zip(found[::2], found[1::2])]
        return Advance(pos, parts=tuple(parts))

    def move_activate(self, text, k, m, pos, where):
        a, b = m.span(1)
        player = Word(self.name(text, a, b), where(a)) if a >= 0 else None
        return Activate(pos, card=self.card(text, *m.span(2), where), player=player)

    def move_extract(self, text, k, m, pos, where):
        return Extract(pos, amount=int(m.group(1)))

    def move_draw(self, text, k, m, pos, where):
        deck = self.kind(m.group(1))
        zone = m.group(6)
        zone = self.kind(zone) if zone is not None else None
        if m.start(2) >= 0:
            refill = self.card(text, *m.span(4), where) if m.start(4) >= 0 else None
            return Draw(pos, deck=deck, card=self.card(text, *m.span(3), where), face_up=True, refill=refill, zone=zone)
        return Draw(pos, deck=deck, card=self.card(text, *m.span(5), where), zone=zone)

    def move_vote(self, text, k, m, pos, where):
        if self.old_votes:
            self.deprecation(text, k, pos)
        a, b = m.span(1)
        return Vote(pos, space=Word(self.name(text, a, b), where(a)))

    def move_install(self, text, k, m, pos, where):
        return Install(pos, spell=self.card(text, *m.span(1), where), item=self.card(text, *m.span(2), where))

    def move_cast(self, text, k, m, pos, where):
        return Cast(pos, spell=self.card(text, *m.span(1), where), item=self.card(text, *m.span(2), where),
                    keep=m.start(3) >= 0, outcome=self.outcome(text, m, 4, where))

    def move_praeco(self, text, k, m, pos, where):
        return PraecoVotes(pos, spaces=self.words_in(text, *m.span(1), where))

    def move_play(self, text, k, m, pos, where):
        return Play(pos, card=self.card(text, *m.span(1), where), outcome=self.outcome(text, m, 2, where))

    def move_gather(self, text, k, m, pos, where):
        if m.start(1) >= 0:
            return GatherUncontested(pos, mine=int(m.group(1)), others=int(m.group(2)))
        a, b = m.span(5)
        rolls = self.pairs(text, a, b, where) if a >= 0 else ()
        return GatherContested(pos, value=int(m.group(3)), roll=int(m.group(4)), rolls=rolls)

    def move_name_card(self, text, k, m, pos, where):
        return NameCard(pos, handle=m.group(1), name=unquote(m.group(2)))

    def move_vis(self, text, k, m, pos, where):
        amount = int(m.group(2)) * (-1 if m.group(1) == "-" else 1)
        direction, party, kind = None, None, None
        if m.start(3) >= 0:
            direction = self.kind(m.group(3))
            if m.start(4) >= 0:
                party, kind = "regio", "regio"
            elif m.start(5) >= 0:
                party, kind = unquote(m.group(5)), "card"
            else:
                self.name(text, *m.span(6))
                party, kind = m.group(6), "player"
        return VisChange(pos, amount=amount, direction=direction, party=party, party_kind=kind)

    def move_pass(self, text, k, m, pos, where):
        return Pass(pos)

    def deprecation(self, text: str, k: re.Match, pos: Pos) -> None:
        """SYN006 for a vote spelled the old way, as the LALR path's transformer gives it."""
        from gtcli.core.text import fold
        from gtcli.grand_tribunal.lang.deprecated import deprecation

        word = k.group(k.lastindex)
        old = self.old_spelling.get(word)
        if old is None:
            old = fold(word) in self.old_votes
            if len(self.old_spelling) < _CACHED:
                self.old_spelling[word] = old
        if old:
            token = Token(word)
            token.line, token.column = pos.line, pos.col
            self.deprecated.append(deprecation("VOTE", token, pos.path, self.lang))


_NEWLINE = re.compile("\n")


@functools.cache
def reader(lang: str) -> Reader | None:
    """The reader of ``lang``, or None where this module cannot read that language's logs."""
    from gtcli.grand_tribunal.lang.keywords import LANGUAGES, _deprecated_words

    if lang not in LANGUAGES:
        return None
    if any(_deprecated_words(k, lang) for k in keyword_patterns(lang) if k != "VOTE"):
        return None  # an old spelling this reader does not report: the LALR path's transformer does
    return Reader(lang)


def read_log(text: str, path: str | None, lang: str) -> Log | None:
    """The :class:`Log` of ``text`` in ``lang``, exactly as the LALR parse gives it, or None: then parse it."""
    from gtcli.grand_tribunal.lang.syntax import gc_paused

    quick = reader(lang)
    if quick is None or type(text) is not str:
        return None
    try:
        with gc_paused():
            return quick.read(text, path)
    except Decline:
        return None
