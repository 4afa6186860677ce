"""Each parser state's scanner, as :mod:`gtcli.core.parsing.fast_lalr` runs it: from the plain
description (:mod:`gtcli.core.parsing.plain`), Lark's terminals in Lark's order, Lark's
keyword folding and callbacks, and a dispatch on the first character of each token.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class _Lexers(dict):
    """Parser state -> (first-character dispatch, ignored types, those ignored without a
    callback, types that may hold a newline, callbacks), made when the state is first met.

    Lark compiles a state's scanner only when the state is used; so does this (most of a
    grammar's states never see a short text, and compiling them all costs 0.2 s). Each
    state's scanner is the description's: its terminals in Lark's order, and Lark's
    callbacks (a keyword folded into a wider terminal, then the user's, chained as Lark
    chains them).
    """

    def __init__(self, description: dict, user_callbacks: dict) -> None:
        super().__init__()
        self.lexer_of, self.described = description["lexer_of"], description["lexers"]
        self.regexps, self.flags = description["terminals"], description["flags"]
        self.user_callbacks = user_callbacks
        self.built: dict[int, tuple] = {}
        self.firsts: dict[str, frozenset[str] | None] = {}
        self.compiled: dict[tuple[str, ...], Callable] = {}

    def __missing__(self, state: int) -> tuple:
        index = self.lexer_of[state]
        entry = self.built.get(index)
        if entry is None:
            lexer = self.described[index]
            on_token: dict[str, Callable] = {name: _Unless(_alternations(names, self.regexps, self.flags))
                                             for name, names in lexer["unless"].items()}
            for kind, f in self.user_callbacks.items():
                on_token[kind] = _Chain(on_token[kind], f, kind) if kind in on_token else f
            ignore = frozenset(lexer["ignore"])
            dispatch = _Dispatch(lexer["terminals"], self.regexps, self.flags, self.firsts, self.compiled)
            entry = self.built[index] = (dispatch, ignore, ignore - set(on_token), frozenset(lexer["newline"]),
                                         on_token)
        self[state] = entry
        return entry


def _alternations(names: list[str], regexps: dict[str, str], flags: int, most: int | None = None) -> list:
    """The compiled alternations of terminals ``names`` in order, split as Lark splits them
    when Python refuses so many groups in one pattern."""
    import re

    most = most or len(names)
    compiled = []
    while names:
        pattern = "|".join(f"(?P<{name}>{regexps[name]})" for name in names[:most])
        try:
            compiled.append(re.compile(pattern, flags))
        except AssertionError:  # too many groups (as Lark's Scanner does)
            return _alternations(names, regexps, flags, most // 2)
        names = names[most:]
    return compiled


class _Unless:
    """Lark's keyword folding: a token of a wider terminal (a name) whose whole text is one of
    the keywords that terminal swallowed takes the keyword's type."""

    def __init__(self, alternations: list) -> None:
        self.fullmatches = [a.fullmatch for a in alternations]

    def __call__(self, token: Any) -> Any:
        for fullmatch in self.fullmatches:
            found = fullmatch(token.value)
            if found:
                token.type = found.lastgroup
                return token
        return token


class _Chain:
    """Lark's chain of a keyword folding and a user's callback: the user's runs if the type stayed."""

    def __init__(self, first: Callable, then: Callable, kind: str) -> None:
        self.first, self.then, self.kind = first, then, kind

    def __call__(self, token: Any) -> Any:
        folded = self.first(token)
        return self.then(token) if folded.type == self.kind else folded


class _Dispatch(dict):
    """First character -> the ``match`` of the scanner's terminals that can begin with it.

    Lark's scanner for a parser state is one alternation of the state's terminals, tried
    in order at every position: at a space or a quote, forty keyword patterns fail one
    by one before the right one matches. Here each ASCII character gets the alternation
    of only the terminals that may begin with it (in the same order, so the same one
    wins); other characters use the whole scanner. A terminal whose first characters
    cannot be worked out is kept for every character, so a match is never missed.

    Compiling costs more than it saves on a short text, so a character gets its own
    alternation once it has been met :data:`COMPILE_AFTER` times (over every text parsed).
    """

    COMPILE_AFTER = 100

    def __init__(self, names: list[str], regexps: dict[str, str], flags: int, firsts: dict, compiled: dict) -> None:
        super().__init__()
        self.names, self.regexps, self.flags, self.firsts, self.compiled = names, regexps, flags, firsts, compiled
        self.seen: dict[str, int] = {}
        key = tuple(names)
        if key not in compiled:
            mres = _alternations(names, regexps, flags) if names else []
            compiled[key] = (mres[0].match if len(mres) == 1 else
                             _first_of_many([m.match for m in mres]) if mres else _no_match)
        self.whole = compiled[key]

    def __missing__(self, char: str) -> Callable:
        match = self.whole
        if len(char) == 1 and char < "\x80":
            seen = self.seen[char] = self.seen.get(char, 0) + 1
            if seen < self.COMPILE_AFTER:
                return match
            names = []
            for name in self.names:
                first = self.firsts.get(name, ())
                if first == ():
                    first = self.firsts[name] = first_characters(self.regexps[name], self.flags)
                if first is None or char in first:
                    names.append(name)
            key = tuple(names)
            if key not in self.compiled:
                mres = _alternations(names, self.regexps, self.flags) if names else []
                self.compiled[key] = (mres[0].match if len(mres) == 1 else
                                      _first_of_many([m.match for m in mres]) if mres else _no_match)
            match = self.compiled[key]
        self[char] = match
        return match


def _no_match(text: str, pos: int) -> None:
    return None


def _first_of_many(matches: list[Callable]) -> Callable:
    def match(text: str, pos: int) -> Any:
        for one in matches:
            found = one(text, pos)
            if found is not None:
                return found
        return None
    return match


def first_characters(regexp: str, flags: int = 0) -> frozenset[str] | None:
    """The ASCII characters a match of ``regexp`` may begin with (perhaps a few more, never fewer).

    None when the pattern may match the empty string, or uses something this reading does
    not know (then it is tried at every character). Works on Python's parsed form of the
    pattern: a lookahead is ignored (it only narrows), a group or repeat is looked into.
    """
    try:
        from re import _compiler, _constants, _parser

        parsed = _parser.parse(regexp, flags)
        chars, empty = _first(list(parsed), parsed.state.flags | flags, parsed.state, _constants, _compiler, _parser)
    except Exception:  # another Python's private re modules, or a construct not read here
        return None
    return None if empty else frozenset(chars)


_ASCII = [chr(n) for n in range(128)]


def _first(items: list, flags: int, state: Any, C: Any, compiler: Any, parser: Any) -> tuple[set[str], bool]:
    """(first characters, may be empty) of a parsed pattern; raises on anything unknown."""
    chars: set[str] = set()
    for op, av in items:
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):  # zero width: what follows decides
            continue
        if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN):
            one = compiler.compile(parser.SubPattern(state, [(op, av)]), flags)
            return chars | {c for c in _ASCII if one.match(c)}, False
        if op is C.BRANCH:
            empty = False
            for alternative in av[1]:
                more, may_be_empty = _first(list(alternative), flags, state, C, compiler, parser)
                chars |= more
                empty = empty or may_be_empty
        elif op is C.SUBPATTERN:
            _, add, remove, sub = av
            more, empty = _first(list(sub), (flags | add) & ~remove, state, C, compiler, parser)
            chars |= more
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            low, _, sub = av
            more, empty = _first(list(sub), flags, state, C, compiler, parser)
            chars |= more
            empty = empty or low == 0
        elif op is C.ATOMIC_GROUP:
            more, empty = _first(list(av), flags, state, C, compiler, parser)
            chars |= more
        else:
            raise ValueError(f"not read here: {op}")
        if not empty:
            return chars, False
    return chars, True
