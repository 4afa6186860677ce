"""The quick reader of game logs: the very :class:`~gtcli.grand_tribunal.rules.log.Log` the LALR
parse makes, read with a few regular expressions and no Python object per token.

The LALR path (:mod:`gtcli.core.parsing.fast_lalr` driving Lark's tables, with
:mod:`gtcli.grand_tribunal.lang.logs.ast` run inline) makes a token object per word and a
call per token and per reduction: most of the time of ``gt check``. Here one compiled
pattern matches a whole header line, setup line, event head or move (a card list is one
pattern too, then each card is read where it starts), groups are read only where a value
is kept, and the dataclasses are built at once, with the same field values, positions,
interned names, ``deprecated`` list and language (the patterns: :mod:`.quick_patterns`).

The contract: for any text, :func:`read_log` returns exactly what the LALR path returns,
or None (it *declines*) and the LALR path runs, so every syntax error stays Lark's. It
never has to prove a text wrong, only to be sure of the texts it accepts:

* Tokens are Lark's terminals, written as in the grammar (``grammar/transcript.lark``), made
  possessive so that a pattern never splits a token Lark's lexer reads whole; whitespace
  and comments (``%ignore``) may come between any two of them. Keywords are the grammar's
  own terminals for the language (the very regular expressions Lark compiles, each matched
  whole, as Lark's lexer matches it).
* The grammar is LALR(1) and each pattern here is a piece of it, so a text read whole here
  has the parse Lark gives it. What could still differ is the lexing: Lark's contextual
  lexer tries the keywords of a parser state (priority 2) before ``NAME``. So a word read
  as a name (a player, a space, a tag) that is also a keyword of the language, or the first
  word of one written in several, is declined (:meth:`Reading.name`); and where two keywords
  can match at one place (Italian ``a`` and ``a faccia in su``), the one Lark may prefer is
  a negative lookahead of the other (:func:`.quick_patterns.keyword_patterns`).
* A number longer than :data:`~gtcli.grand_tribunal.lang.loader.MAX_DIGITS` (SYN004 on the
  LALR path), anything else not foreseen: declined. Deprecated spellings (only ``VOTE``
  has some in logs) give the same SYN006 warnings, at the same places, as
  :class:`~gtcli.grand_tribunal.lang.deprecated.DeprecatedSpellings`.

tests/grand_tribunal/lang/test_quick_reader.py compares both paths, positions included,
on every shipped log, generated games in the four languages and damaged copies of them.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from dataclasses import fields, replace
from sys import intern

from gtcli.core import diagnostics as D

try:
    import cython  # the compiled build: typed attributes and positions (pure Python: no effect)
except ImportError:  # no Cython: the declarations mean nothing
    from gtcli.core.cython_stub import cython
from gtcli.core.parsing.plain import Token
from gtcli.grand_tribunal.lang.logs.quick_patterns import _CACHED, EVENTS, KINDS, MOVES, SETUP_LINES, Patterns
from gtcli.grand_tribunal.lang.strings import unquote
from gtcli.grand_tribunal.rules import log as L


class Decline(Exception):
    """Not sure to read this as the LALR path does: let it."""


def quick_init(cls: type):
    """A function called as ``cls`` is (same parameters, same defaults) making the same object,
    without ``__init__``: a frozen dataclass sets each field through ``object.__setattr__``, which
    costs about as much again as the object; here each slot is set by its descriptor. ``cls``
    itself where that cannot be done as its ``__init__`` would (a ``__post_init__``, a field
    left out of ``__init__``, a default factory, a field that is not a slot)."""
    import inspect
    from dataclasses import MISSING
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
    body = "".join(f"\n    s_{f.name}(o, {f.name})" for f in found)
    env.update({f"s_{f.name}": slot.__set__ for f, slot in zip(found, slots)})
    exec(f"def make({', '.join(params)}):\n    o = new(cls){body}\n    return o", env)
    make = env["make"]
    make.__name__ = make.__qualname__ = cls.__name__
    return make


def _setters(cls: type, *names: str) -> tuple | None:
    """The slot setters of ``cls``'s fields, which must be ``names`` (in order): the commonest
    objects of a log are built inline with them. None if ``cls`` has other fields."""
    if [f.name for f in fields(cls)] != list(names) or hasattr(cls, "__post_init__"):
        return None
    return tuple(getattr(cls, name).__set__ for name in names)


_new = object.__new__
_POS, _CARD, _WORD = _setters(D.Pos, "path", "line", "col"), _setters(L.CardRef, "name", "handle", "pos"), \
    _setters(L.Word, "text", "pos")
(Activate, Advance, Cast, Discard, Draw, Extract, GatherContested, GatherUncontested, Install, Log, NameCard, Outcome,
 Pass, Play, PraecoVotes, RoundStart, Scores, Setup, ToSanctum, TribunalStart, Turn, VisChange, Vote, Winner) = map(
    quick_init, (L.Activate, L.Advance, L.Cast, L.Discard, L.Draw, L.Extract, L.GatherContested, L.GatherUncontested,
                 L.Install, L.Log, L.NameCard, L.Outcome, L.Pass, L.Play, L.PraecoVotes, L.RoundStart, L.Scores,
                 L.Setup, L.ToSanctum, L.TribunalStart, L.Turn, L.VisChange, L.Vote, L.Winner))
FORCE = len(MOVES)  # the group of FORCE in Patterns.move (the last)
# the slot setters as globals (the hot paths build positions, words and cards inline with them)
_pos_path, _pos_line, _pos_col = _POS or (None, None, None)
_card_name, _card_handle, _card_pos = _CARD or (None, None, None)
_word_text, _word_pos = _WORD or (None, None)
_Pos, _CardRef, _Word = D.Pos, L.CardRef, L.Word
# the commonest moves and events, built inline too (where the interpreter would run Activate's ``make``)
_TURN = _setters(L.Turn, "player", "moves", "pos")
_ACTIVATE = _setters(L.Activate, "pos", "forced", "card", "player")
_ADVANCE = _setters(L.Advance, "pos", "forced", "parts")
_EXTRACT = _setters(L.Extract, "pos", "forced", "amount")
_VOTE = _setters(L.Vote, "pos", "forced", "space")
_INSTALL = _setters(L.Install, "pos", "forced", "spell", "item")
_INLINE = (_POS, _CARD, _WORD, _TURN, _ACTIVATE, _ADVANCE, _EXTRACT, _VOTE, _INSTALL)
_Turn, _Activate, _Advance, _Extract, _Vote, _Install = L.Turn, L.Activate, L.Advance, L.Extract, L.Vote, L.Install


@cython.cclass
class Reading:
    """One text being read: its lines' starts, and what builds its objects."""

    cython.declare(p=object, text=str, path=object, starts=list, deprecated=list, names=dict, card_names=dict,
                   line=cython.Py_ssize_t, line_start=cython.Py_ssize_t, next_line=cython.Py_ssize_t)
    __slots__ = ("p", "text", "path", "starts", "deprecated", "names", "card_names", "line", "line_start", "next_line")

    def __init__(self, patterns: Patterns, text: str, path: str | None) -> None:
        self.p, self.text, self.path = patterns, text, path
        self.starts = [0]
        self.starts += [m.end() for m in patterns.newline.finditer(text)]
        self.deprecated: list = []
        self.line, self.line_start, self.next_line = 1, 0, 0
        self.names, self.card_names = patterns.names, patterns.card_names

    # ---- positions and the pieces every line has (the commonest objects: built inline)
    @cython.locals(at=cython.Py_ssize_t)
    @cython.ccall
    def where(self, at: int) -> D.Pos:
        """The position of ``text[at]``: Lark's line (counting ``\\n``) and column."""
        if not self.line_start <= at < self.next_line:  # positions come mostly in order: seek rarely
            self.seek(at)
        pos = _new(_Pos)
        _pos_path(pos, self.path)
        _pos_line(pos, self.line)
        _pos_col(pos, at - self.line_start + 1)
        return pos

    @cython.locals(at=cython.Py_ssize_t, line=cython.Py_ssize_t)
    @cython.ccall
    def seek(self, at: int) -> None:
        starts = self.starts
        line = self.line
        if line < len(starts) and starts[line] <= at:  # mostly the next line, or the one after it
            line += 1
            if line < len(starts) and starts[line] <= at:
                line = bisect_right(starts, at)
        else:
            line = bisect_right(starts, at)
        self.line = line
        self.line_start = starts[line - 1]
        self.next_line = starts[line] if line < len(starts) else len(self.text) + 1

    @cython.ccall
    def name(self, a: int, b: int) -> str:
        """The interned name ``text[a:b]``; declined if Lark's lexer may read it as a keyword."""
        raw = self.text[a:b]
        name = self.names.get(raw)
        if name is None:
            if self.p.first_words.fullmatch(raw):
                raise Decline
            if len(self.names) >= _CACHED:
                self.names.clear()
            name = self.names[raw] = intern(raw)
        return name

    @cython.locals(a=cython.Py_ssize_t, b=cython.Py_ssize_t, start=cython.Py_ssize_t)
    @cython.ccall
    def word(self, a: int, b: int) -> L.Word:
        name = self.names.get(self.text[a:b])
        if name is None:
            name = self.name(a, b)
        word = _new(_Word)
        _word_text(word, name)
        start = self.line_start
        if start <= a < self.next_line:  # where(a), inline
            pos = _new(_Pos)
            _pos_path(pos, self.path)
            _pos_line(pos, self.line)
            _pos_col(pos, a - start + 1)
        else:
            pos = self.where(a)
        _word_pos(word, pos)
        return word

    @cython.locals(a=cython.Py_ssize_t, b=cython.Py_ssize_t, start=cython.Py_ssize_t)
    @cython.ccall
    def card(self, a: int, b: int) -> L.CardRef:
        text = self.text
        if text[a] != '"':
            m = self.p.hidden.match(text, a)
            named = m.group(2)
            return L.CardRef(unquote(named) if named is not None else None, m.group(1), self.where(a))
        name = self.card_name(text[a:b])
        card = _new(_CardRef)
        _card_name(card, name)
        _card_handle(card, None)
        start = self.line_start
        if start <= a < self.next_line:  # where(a), inline
            pos = _new(_Pos)
            _pos_path(pos, self.path)
            _pos_line(pos, self.line)
            _pos_col(pos, a - start + 1)
        else:
            pos = self.where(a)
        _card_pos(card, pos)
        return card

    @cython.ccall
    def card_name(self, raw: str) -> str:
        """The interned name of the quoted card ``raw``."""
        names = self.card_names
        name = names.get(raw)
        if name is None:
            if len(names) >= _CACHED:
                names.clear()
            name = names[raw] = intern(unquote(raw))
        return name

    @cython.locals(a=cython.Py_ssize_t, b=cython.Py_ssize_t, line=cython.Py_ssize_t, start=cython.Py_ssize_t,
                   stop=cython.Py_ssize_t, at=cython.Py_ssize_t)
    @cython.ccall
    def cards(self, a: int, b: int) -> tuple[L.CardRef, ...]:
        """The cards of ``text[a:b]``: quoted ones (the commonest) built here, on the current line or not."""
        found = []
        text, path, names = self.text, self.path, self.card_names
        line, start, stop = self.line, self.line_start, self.next_line
        for m in self.p.cards_in.finditer(text, a, b):
            kind = m.lastindex
            if kind is None:  # a comment
                continue
            at = m.start()
            if kind == 2 or not start <= at < stop:  # a handle, or another line
                found.append(self.card(at, m.end()))
                line, start, stop = self.line, self.line_start, self.next_line
                continue
            raw = m.group()
            name = names.get(raw)
            if name is None:
                name = self.card_name(raw)
            card = _new(_CardRef)
            _card_name(card, name)
            _card_handle(card, None)
            pos = _new(_Pos)
            _pos_path(pos, path)
            _pos_line(pos, line)
            _pos_col(pos, at - start + 1)
            _card_pos(card, pos)
            found.append(card)
        return tuple(found)

    def items(self, a: int, b: int) -> list:
        """(kind, start, end) of the cards (1), names (2), choices (3) and numbers (4) of ``text[a:b]``."""
        return [(m.lastindex, m.start(), m.end()) for m in self.p.items_in.finditer(self.text, a, b) if m.lastindex]

    def words(self, a: int, b: int) -> tuple[L.Word, ...]:
        word = self.word
        return tuple([word(s, e) for _, s, e in self.items(a, b)])

    def pairs(self, a: int, b: int) -> tuple:
        """The (Word, number) pairs of ``text[a:b]`` (scores, rolls)."""
        found, text = self.items(a, b), self.text
        return tuple([(self.word(n[1], n[2]), int(text[v[1]:v[2]])) for n, v in zip(found[::2], found[1::2])])

    def kind(self, word: str) -> str:
        """``item``, ``spell``, ``resource``, ``hand``, ``sanctum``, ``from`` or ``to``: what a keyword says."""
        known = self.p.kind_of
        found = known.get(word)
        if found is None:
            found = next(KINDS[k] for k, pattern in self.p.kinds.items() if pattern.fullmatch(word))
            if len(known) < _CACHED:
                known[word] = found
        return found

    # ---- a whole log
    @cython.locals(at=cython.Py_ssize_t, end=cython.Py_ssize_t, start=cython.Py_ssize_t)
    def read(self) -> L.Log:
        p, text, path = self.p, self.text, self.path
        end = len(text)
        at = p.skip.match(text).end()
        tags = []
        while at < end and text[at] == "[":
            m = p.tag.match(text, at)
            if m is None:
                raise Decline
            a, b = m.span(1)
            self.name(a, b)
            tags.append((text[a:b], unquote(m.group(2)), self.where(a)))
            at = m.end()
        setup = None
        m = p.setup.match(text, at)
        if m is not None:
            setup, at = self.setup(m)
        events = []
        event, event_bodies = p.event.match, p.event_bodies
        move, move_bodies, handlers = p.move.match, p.move_bodies, self.handlers()
        while at < end:
            m = event(text, at)
            if m is None:
                raise Decline
            kind = m.lastindex
            if kind != 1:
                body = event_bodies[kind].match(text, m.end())
                if body is None:
                    raise Decline
                events.append(self.event(EVENTS[kind - 2], m.start(), body))
                at = body.end()
                continue
            a, b = m.span(1)
            player = self.word(a, b)  # a turn: its moves, each but the last followed by ';'
            moves = []
            at = m.end()
            while True:
                k = move(text, at)
                if k is None:
                    raise Decline
                kind = k.lastindex
                reason = None
                if kind == FORCE:
                    k, reason = self.forced(k)
                    kind = k.lastindex
                body = move_bodies[kind].match(text, k.end())
                if body is None:
                    raise Decline
                at = k.start()
                start = self.line_start
                if start <= at < self.next_line:  # where(at), inline
                    pos = _new(_Pos)
                    _pos_path(pos, path)
                    _pos_line(pos, self.line)
                    _pos_col(pos, at - start + 1)
                else:
                    pos = self.where(at)
                found = handlers[kind](k, body, pos)
                moves.append(found if reason is None else replace(found, forced=reason))
                at = body.end()
                if body.lastindex != body.re.groups:  # the last group: a ';' after the move
                    break
            turn = _new(_Turn)
            set_player, set_moves, set_pos = _TURN
            set_player(turn, player)
            set_moves(turn, tuple(moves))
            set_pos(turn, player.pos)
            events.append(turn)
        return Log(self.path, tuple(tags), setup, tuple(events), p.lang, tuple(self.deprecated))

    def setup(self, head) -> tuple[L.Setup, int]:
        hands, rows, vis, praeco, trackers, dealer = [], [], [], None, None, None
        p, text = self.p, self.text
        at, end = head.end(), len(text)
        while at < end:
            m = p.setup_line.match(text, at)
            if m is None:
                break
            kind = SETUP_LINES[m.lastindex - 1]
            body = p.setup_bodies[m.lastindex].match(text, m.end())
            if body is None:
                raise Decline
            if kind == "HAND":
                hands.append((self.word(*body.span(1)), self.cards(*body.span(2))))
            elif kind == "ROW":
                rows.append((self.kind(body.group(1)), self.cards(*body.span(2)), self.where(m.start())))
            elif kind == "VIS":
                vis.append((self.word(*body.span(1)), int(body.group(2))))
            elif kind == "TRACKERS":
                trackers = (int(body.group(1)), int(body.group(2)), self.where(m.start()))
            elif kind == "PRAECO":
                praeco = self.word(*body.span(1))
            else:
                dealer = self.word(*body.span(1))
            at = body.end()
        setup = Setup(tuple(hands), tuple(rows), tuple(vis), praeco, trackers, self.where(head.start()), dealer)
        return setup, at

    def event(self, kind: str, start: int, m):
        pos = self.where(start)
        if kind == "TRIBUNAL":
            return TribunalStart(int(m.group(1)), pos)
        if kind == "ROUND":
            return RoundStart(int(m.group(1)), self.word(*m.span(2)), pos)
        if kind == "SCORES":
            return Scores(self.pairs(*m.span(1)), pos)
        if kind == "WINNER":
            return Winner(self.words(*m.span(1)), pos)
        if kind == "GRAND_TRIBUNAL":
            return TribunalStart(0, pos, grand=True)
        return Activate(pos, card=self.card(*m.span(2)), player=self.word(*m.span(1)))  # activate_aside

    def forced(self, k) -> tuple:
        """``force "reason"``: (the match of the move after it, the reason)."""
        p = self.p
        m = p.move_bodies[FORCE].match(self.text, k.end())
        after = p.plain.match(self.text, m.end()) if m is not None else None
        if after is None:
            raise Decline
        return after, unquote(m.group(1))

    def outcome(self, m, first: int) -> L.Outcome:
        """The outcome whose five groups start at ``first``: choices, drawn, refills, discarded, manual."""
        choices, lists, text = [], [], self.text
        a, b = m.span(first)
        if a >= 0:
            found = self.items(a, b)
            for (_, s, e), (value, vs, ve) in zip(found[::2], found[1::2]):
                if value == 2:  # a word, kept as written (not interned, as the LALR path's)
                    self.name(vs, ve)
                    choices.append((text[s + 1:e], text[vs:ve], self.where(s)))
                else:
                    choices.append((text[s + 1:e], self.card(vs, ve), self.where(s)))
        for group in (first + 1, first + 2, first + 3):
            a, b = m.span(group)
            lists.append(self.cards(a, b) if a >= 0 else ())
        manual = m.group(first + 4)
        return Outcome(tuple(choices), lists[0], lists[2], unquote(manual) if manual is not None else None, lists[1])

    def handlers(self) -> list:
        return [None, self.sanctum, self.advance, self.activate, self.extract, self.draw, self.vote, self.install,
                self.cast, self.praeco, self.play, self.gather, self.discard, self.name_card, self.vis, self.pass_]

    # ---- one method per move, in the order of quick_patterns.MOVES: (keyword's match, the rest's, position)
    def sanctum(self, k, m, pos):
        a, b = m.span(1)
        return ToSanctum(pos, cards=self.cards(a, b))

    def advance(self, k, m, pos):
        c, d = m.span(1)
        first = (self.card(c, d), int(m.group(2)))
        a, b = m.span(3)
        if a == b:  # one card (the commonest)
            move = _new(_Advance)
            set_pos, set_forced, set_parts = _ADVANCE
            set_pos(move, pos)
            set_forced(move, None)
            set_parts(move, (first,))
            return move
        parts = [first]
        if a < b:
            found, text = self.items(a, b), self.text
            parts += [(self.card(c[1], c[2]), int(text[n[1]:n[2]])) for c, n in zip(found[::2], found[1::2])]
        return Advance(pos, parts=tuple(parts))

    def activate(self, k, m, pos):
        a, b = m.span(1)
        player = self.word(a, b) if a >= 0 else None
        a, b = m.span(2)
        move = _new(_Activate)
        set_pos, set_forced, set_card, set_player = _ACTIVATE
        set_pos(move, pos)
        set_forced(move, None)
        set_card(move, self.card(a, b))
        set_player(move, player)
        return move

    def extract(self, k, m, pos):
        move = _new(_Extract)
        set_pos, set_forced, set_amount = _EXTRACT
        set_pos(move, pos)
        set_forced(move, None)
        set_amount(move, int(m.group(1)))
        return move

    def draw(self, k, m, pos):
        deck, zone = self.kind(m.group(1)), m.group(6)
        zone = self.kind(zone) if zone is not None else None
        if m.start(2) >= 0:
            a, b = m.span(3)
            card = self.card(a, b)
            a, b = m.span(4)
            return Draw(pos, deck=deck, card=card, face_up=True, refill=self.card(a, b) if a >= 0 else None, zone=zone)
        a, b = m.span(5)
        return Draw(pos, deck=deck, card=self.card(a, b), zone=zone)

    def vote(self, k, m, pos):
        if self.p.old_votes:
            self.old_spelling(k, pos)
        a, b = m.span(1)
        move = _new(_Vote)
        set_pos, set_forced, set_space = _VOTE
        set_pos(move, pos)
        set_forced(move, None)
        set_space(move, self.word(a, b))
        return move

    def install(self, k, m, pos):
        a, b = m.span(1)
        spell = self.card(a, b)
        a, b = m.span(2)
        move = _new(_Install)
        set_pos, set_forced, set_spell, set_item = _INSTALL
        set_pos(move, pos)
        set_forced(move, None)
        set_spell(move, spell)
        set_item(move, self.card(a, b))
        return move

    def cast(self, k, m, pos):
        a, b = m.span(1)
        spell = self.card(a, b)
        a, b = m.span(2)
        return Cast(pos, spell=spell, item=self.card(a, b), keep=m.start(3) >= 0, outcome=self.outcome(m, 4))

    def praeco(self, k, m, pos):
        return PraecoVotes(pos, spaces=self.words(*m.span(1)))

    def play(self, k, m, pos):
        a, b = m.span(1)
        return Play(pos, card=self.card(a, b), outcome=self.outcome(m, 2))

    def gather(self, k, m, pos):
        if m.start(1) >= 0:
            return GatherUncontested(pos, mine=int(m.group(1)), others=int(m.group(2)))
        rolls = self.pairs(*m.span(5)) if m.start(5) >= 0 else ()
        return GatherContested(pos, value=int(m.group(3)), roll=int(m.group(4)), rolls=rolls)

    def discard(self, k, m, pos):
        a, b = m.span(1)
        return Discard(pos, cards=self.cards(a, b))

    def name_card(self, k, m, pos):
        return NameCard(pos, handle=m.group(1), name=unquote(m.group(2)))

    def vis(self, k, m, pos):
        amount = int(m.group(2)) * (-1 if m.group(1) == "-" else 1)
        direction, party, kind = None, None, None
        if m.start(3) >= 0:
            direction = self.kind(m.group(3))
            if m.start(4) >= 0:
                party, kind = "regio", "regio"
            elif m.start(5) >= 0:
                party, kind = unquote(m.group(5)), "card"
            else:
                self.name(*m.span(6))
                party, kind = m.group(6), "player"
        return VisChange(pos, amount=amount, direction=direction, party=party, party_kind=kind)

    def pass_(self, k, m, pos):
        return Pass(pos)

    def old_spelling(self, k, pos: D.Pos) -> None:
        """SYN006 for a vote spelled the old way, as the LALR path's transformer gives it."""
        word = k.group(k.lastindex)
        known = self.p.old_spelling
        old = known.get(word)
        if old is None:
            from gtcli.core.text import fold

            old = fold(word) in self.p.old_votes
            if len(known) < _CACHED:
                known[word] = old
        if old:
            from gtcli.grand_tribunal.lang.deprecated import deprecation

            token = Token(word)
            token.line, token.column = pos.line, pos.col
            self.deprecated.append(deprecation("VOTE", token, pos.path, self.p.lang))


@functools.cache
def patterns(lang: str) -> Patterns | None:
    """The patterns of ``lang``, or None where this module cannot read that language's logs."""
    from gtcli.grand_tribunal.lang.keywords import LANGUAGES, deprecated_words
    from gtcli.grand_tribunal.lang.logs.quick_patterns import keyword_patterns

    if lang not in LANGUAGES or None in _INLINE:
        return None  # (the dataclasses' fields changed: Reading must learn them)
    if any(deprecated_words(k, lang) for k in keyword_patterns(lang) if k != "VOTE"):
        return None  # an old spelling Reading does not report: the LALR path's transformer does
    return Patterns(lang)


def read_log(text: str, path: str | None, lang: str) -> L.Log | None:
    """The :class:`~gtcli.grand_tribunal.rules.log.Log` of ``text`` in ``lang``, exactly as the LALR
    parse gives it, or None: then parse it."""
    from gtcli.grand_tribunal.lang.syntax import gc_paused

    found = patterns(lang)
    if found is None or type(text) is not str:
        return None
    try:
        with gc_paused():
            return Reading(found, text, path).read()
    except Decline:
        return None
