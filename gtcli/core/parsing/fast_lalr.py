"""Run a Lark LALR parser's own tables in one tight loop: the same language, parsed faster.

Lark stays the only definition of the languages: nothing here reads a grammar. This
module takes what Lark compiled from it -- the contextual lexer's scanner for each
parser state (the grammar's terminals, in Lark's order, with its keyword handling and
the lexer callbacks), the LALR table, and the callbacks that build the result (the
transformer, run inline) -- and drives them in one function instead of Lark's chain of
objects. For every token Lark's loop makes a generator step, three calls to reach the
regular expression, a line counter update, a token built through a keyword-argument
constructor, and a ``feed_token`` call that unpacks table entries and compares rule
objects with state numbers; here that is a few local operations. Tokens are Lark's own
class with every attribute Lark sets (type, value, positions), so callbacks cannot tell
the difference.

Only valid input is parsed here. Where the text does not parse (no terminal matches, or
the table has no action for a token), the loop gives up and Lark parses the text again,
so every syntax error -- its position, the expected terminals, the parser state that
``match_examples`` compares -- is exactly Lark's. Errors raised by a callback (a number
too long, :func:`gtcli.grand_tribunal.lang.loader.bounded_int`) pass through unchanged. The tests parse
the shipped logs and generated ones with both engines and compare the results.

If the installed Lark is organised differently (another version), :func:`fast_parse`
returns Lark's own ``parse``: slower, never wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any


class _NoParse(Exception):
    """The text does not parse here; Lark's parser is asked for the exact error."""


def fast_parse(lark: Any) -> Callable[[str], Any]:
    """A ``parse(text)`` for the Lark LALR parser ``lark``: its tables in one loop where possible."""
    try:
        engine = _Engine(lark)
    except Exception:  # another Lark layout (or options this loop does not handle): Lark's own parse
        return lark.parse

    def parse(text: str) -> Any:
        try:
            return engine.parse(text)
        except _NoParse:
            return lark.parse(text)  # raises Lark's own exception for this text

    def attempt(text: str) -> Any:
        """What ``parse`` gives if ``text`` parses, else None: no error is worked out (no second parse)."""
        try:
            return engine.parse(text)
        except _NoParse:
            return None

    parse.engine = engine  # type: ignore[attr-defined]  # for the tests
    parse.attempt = attempt  # type: ignore[attr-defined]  # gtcli.grand_tribunal.lang.syntax.parses
    return parse


class _Engine:
    def __init__(self, lark: Any) -> None:
        from lark.lexer import BasicLexer, ContextualLexer, Token
        from lark.parsers.lalr_analysis import Shift

        frontend = lark.parser
        lexer = frontend.lexer
        if type(lexer) is not ContextualLexer or frontend.lexer_conf.postlex is not None:
            raise TypeError("only Lark's own contextual lexer is driven here")
        table = frontend.parser._parse_table
        callbacks = frontend.parser.parser.callbacks
        (start,) = frontend.parser_conf.start
        self.start_state = table.start_states[start]
        self.end_state = table.end_states[start]
        self.token = Token
        self.actions = _Actions(table.states, _Reducers(callbacks, lark.options), Shift)
        # callbacks run on a shifted terminal (a transformer method named after it)
        self.shifted = {name: f for name, f in callbacks.items() if isinstance(name, str)}
        if any(type(basic) is not BasicLexer for basic in lexer.lexers.values()):
            raise TypeError("a custom basic lexer")
        self.lexers = _Lexers(lexer.lexers)

    def parse(self, text: str) -> Any:
        if type(text) is not str:
            raise _NoParse
        actions, lexers, shifted = self.actions, self.lexers, self.shifted
        end_state = self.end_state
        Token = self.token
        new_str = str.__new__
        state = self.start_state
        state_stack = [state]
        value_stack: list = []
        push_state, push_value = state_stack.append, value_stack.append
        pos, end, line, line_start = 0, len(text), 1, 0
        token = None
        while True:
            # ---- the next token, lexed with the scanner of the current state
            dispatch, ignore, skip, newlines, on_token = lexers[state]
            while pos < end:
                found = dispatch[text[pos]](text, pos)
                if found is None:
                    raise _NoParse
                kind = found.lastgroup
                if kind in skip:  # ignored, and no callback wants to see it
                    stop = found.end()
                    if kind in newlines:
                        count = text.count("\n", pos, stop)
                        if count:
                            line += count
                            line_start = text.rindex("\n", pos, stop) + 1
                    pos = stop
                    continue
                value = found.group()
                start, start_line, column = pos, line, pos - line_start + 1
                if kind in newlines:
                    count = value.count("\n")
                    if count:
                        line += count
                        line_start = pos + value.rindex("\n") + 1
                pos += len(value)
                token = new_str(Token, value)
                token.type, token.value, token.start_pos = kind, value, start
                token.line, token.column = start_line, column
                token.end_line, token.end_column, token.end_pos = line, pos - line_start + 1, pos
                if kind in on_token:
                    token = on_token[kind](token)
                if kind in ignore:
                    continue
                break
            else:
                token = None  # the end of the text
            # ---- shift it, after every reduce it completes; at the end, reduce to the start rule
            kind = token.type if token is not None else "$END"
            while True:
                action = actions[state].get(kind)
                if action is None:
                    raise _NoParse
                if action.__class__ is int:
                    if token is None:
                        raise _NoParse
                    state = action
                    push_state(state)
                    push_value(token if kind not in shifted else shifted[kind](token))
                    break
                size, callback, name = action
                if size:
                    children = value_stack[-size:]
                    del state_stack[-size:]
                    del value_stack[-size:]
                else:
                    children = []
                value = callback(children)
                state = actions[state_stack[-1]][name]
                push_state(state)
                push_value(value)
                if token is None and state == end_state:
                    return value_stack[-1]


class _Actions(dict):
    """Parser state -> {symbol: next state (a shift or a goto) | (size, callback, rule's name)
    (a reduce)}: Lark's table row in the form the loop reads, made when the state is first met."""

    def __init__(self, states: dict, callbacks: dict | _Reducers, shift: Any) -> None:
        super().__init__()
        self.states, self.callbacks, self.shift = states, callbacks, shift

    def __missing__(self, state: int) -> dict[str, Any]:
        callbacks, shift = self.callbacks, self.shift
        row = self[state] = {
            symbol: arg if action is shift else (len(arg.expansion), callbacks[arg], arg.origin.name)
            for symbol, (action, arg) in self.states[state].items()
        }
        return row


class _Reducers(dict):
    """Rule -> a function of the rule's children doing what Lark's callback for it does, in one call.

    Lark wraps each rule's transformer method in objects that shape the children first:
    a filter that drops anonymous tokens (``":"``, ``","``), puts ``None`` where a ``[x]``
    matched nothing and splices in the children of ``_rules`` (the ``*`` repeats Lark
    adds are such rules, one reduction per item), and ``ExpandSingleChild`` for ``?rule``.
    Each reduction then costs a call per wrapper and a loop over the filter's plan, and
    every ``_rule`` builds a ``Tree`` only for its parent to take the children out again.
    Here the same plan, read from those objects, becomes one small generated function per
    rule (``lambda c: m([c[0], c[2], *c[3]])``), and a ``_rule`` that has no method of its
    own hands its parent the list of its children instead of a ``Tree`` around it: only
    its parent ever sees it, and the parent splices it in. The transformer's methods get
    the very children Lark's wrappers would give them.

    A wrapper of another kind (positions propagated, a transformer's own ``__default__``,
    another Lark version's classes) is called as it is; if one is met anywhere, every
    ``_rule`` keeps its ``Tree`` so that Lark's wrappers around it still find one.
    """

    def __init__(self, callbacks: dict, options: Any) -> None:
        super().__init__()
        from lark import Transformer
        from lark.parse_tree_builder import ChildFilterLALR, ChildFilterLALR_NoPlaceholders, ExpandSingleChild

        self.callbacks = callbacks
        self.filters = (ChildFilterLALR, ChildFilterLALR_NoPlaceholders)
        self.expand_single = ExpandSingleChild
        transformer = options.transformer
        defaults = {options.tree_class} if transformer is None else set()
        if transformer is not None and getattr(type(transformer), "__default__", None) is Transformer.__default__:
            defaults.add("default_callback")  # Lark's closure around Transformer.__default__: a Tree
        self.defaults = defaults
        plans = {rule: self.plan(rule, f) for rule, f in callbacks.items() if not isinstance(rule, str)}
        spliced: dict[str, bool] = {}
        for rule, plan in plans.items():
            name = rule.origin.name
            if name.startswith("_"):
                spliced[name] = spliced.get(name, True) and plan is not None and plan[2] and not plan[3]
        self.listed = set() if None in plans.values() else {name for name, ok in spliced.items() if ok}

    def plan(self, rule: Any, f: Any) -> tuple | None:
        """(children to keep as (index, splice, Nones before), Nones after, innermost is a plain
        Tree, ``?rule``, innermost callable) or None for a wrapper not read here."""
        include, after = None, 0
        if type(f) in self.filters:
            include = [(i, x, n[0] if n else 0) for i, x, *n in f.to_include]
            after, f = getattr(f, "append_none", 0), f.node_builder
        expand1 = type(f) is self.expand_single
        if expand1:
            f = f.node_builder
        if type(f).__module__.startswith("lark"):  # a wrapper of another kind
            return None
        default = (isinstance(f, partial) and f.args == (rule.origin.name,) and not f.keywords
                   and (f.func in self.defaults or getattr(f.func, "__name__", None) in self.defaults))
        return include, after, default, expand1, f

    def __missing__(self, rule: Any) -> Callable:
        callback = self.callbacks[rule]
        plan = self.plan(rule, callback)
        if plan is None:
            self[rule] = callback
            return callback
        include, after, default, expand1, method = plan
        if include is None and not after and not expand1 and not (default and rule.origin.name in self.listed):
            self[rule] = callback  # the method itself: nothing to shape
            return callback
        if include is None:
            include = [(i, False, 0) for i in range(len(rule.expansion))]
        parts, spliced = [], False
        for i, splice, nones in include:
            parts += ["None"] * nones
            if splice:
                spliced = True
                parts.append(f"*c[{i}]" if rule.expansion[i].name in self.listed else f"*c[{i}].children")
            else:
                parts.append(f"c[{i}]")
        parts += ["None"] * after
        if parts and parts[0].startswith("*"):  # Lark's left-recursion shortcut: extend the first list
            first, rest = parts[0][1:], parts[1:]
            body = [f"f = {first}"]
            if len(rest) == 1:
                body.append(f"f += {rest[0][1:]}" if rest[0].startswith("*") else f"f.append({rest[0]})")
            elif rest:
                body.append(f"f += [{', '.join(rest)}]")
        else:
            body = [f"f = [{', '.join(parts)}]"]
        if default and rule.origin.name in self.listed:
            body.append("return f")
        elif expand1 and not spliced and len(parts) == 1:
            body = [f"return {parts[0]}"]
        elif expand1:
            body.append("return f[0] if len(f) == 1 else m(f)")
        else:
            body.append("return m(f)")
        reducer = _make_reducer("\n".join(body), method)
        self[rule] = reducer
        return reducer


_REDUCER_CODE: dict[str, Any] = {}


def _make_reducer(body: str, method: Callable) -> Callable:
    """``def r(c): <body>`` with ``m`` bound to ``method``; each distinct body is compiled once."""
    code = _REDUCER_CODE.get(body)
    if code is None:
        namespace: dict[str, Any] = {}
        lines = "".join(f"\n        {line}" for line in body.split("\n"))
        exec(f"def make(m):\n    def r(c):{lines}\n    return r", namespace)
        code = _REDUCER_CODE[body] = namespace["make"]
    return code(method)


class _Lexers(dict):
    """Parser state -> (first-character dispatch, ignored types, those ignored without a
    callback, types that may hold a newline, callbacks), made when the state is first met.

    Lark compiles a state's scanner only when the state is used; so does this (most of a
    grammar's states never see a short text, and compiling them all costs 0.2 s).
    """

    def __init__(self, basic_lexers: dict) -> None:
        super().__init__()
        self.basic_lexers = basic_lexers
        self.built: dict[int, tuple] = {}
        self.firsts: dict[str, frozenset[str] | None] = {}
        self.compiled: dict[tuple[str, ...], Callable] = {}

    def __missing__(self, state: int) -> tuple:
        basic = self.basic_lexers[state]
        entry = self.built.get(id(basic))
        if entry is None:
            scanner = basic.scanner  # built by Lark on first use; sets basic.callback too
            if any(not hasattr(mre, "groupindex") for mre in scanner._mres):
                raise _NoParse  # an older scanner layout: Lark parses
            on_token = dict(basic.callback)
            skip = frozenset(basic.ignore_types - set(on_token))
            entry = self.built[id(basic)] = (_Dispatch(scanner, self.firsts, self.compiled), basic.ignore_types,
                                             skip, basic.newline_types, on_token)
        self[state] = entry
        return entry


class _Dispatch(dict):
    """First character -> the ``match`` of the scanner's terminals that can begin with it.

    Lark's scanner for a parser state is one alternation of the state's terminals, tried
    in order at every position: at a space or a quote, forty keyword patterns fail one
    by one before the right one matches. Here each ASCII character gets the alternation
    of only the terminals that may begin with it (in the same order, so the same one
    wins); other characters use Lark's own scanner. A terminal whose first characters
    cannot be worked out is kept for every character, so a match is never missed.

    Compiling costs more than it saves on a short text, so a character gets its own
    alternation once it has been met :data:`COMPILE_AFTER` times (over every text parsed).
    """

    COMPILE_AFTER = 100

    def __init__(self, scanner: Any, firsts: dict, compiled: dict) -> None:
        super().__init__()
        self.scanner, self.firsts, self.compiled = scanner, firsts, compiled
        self.seen: dict[str, int] = {}
        mres = scanner._mres
        self.whole = mres[0].match if len(mres) == 1 else _first_of_many([m.match for m in mres])

    def __missing__(self, char: str) -> Callable:
        match = self.whole
        if len(char) == 1 and char < "\x80":
            seen = self.seen[char] = self.seen.get(char, 0) + 1
            if seen < self.COMPILE_AFTER:
                return match
            terminals = []
            for terminal in self.scanner.terminals:
                first = self.firsts.get(terminal.name, ())
                if first == ():
                    first = self.firsts[terminal.name] = first_characters(terminal.pattern.to_regexp(),
                                                                          self.scanner.g_regex_flags)
                if first is None or char in first:
                    terminals.append(terminal)
            names = tuple(t.name for t in terminals)
            if names not in self.compiled:
                pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals)
                self.compiled[names] = (self.scanner.re_.compile(pattern, self.scanner.g_regex_flags).match
                                        if terminals else _no_match)
            match = self.compiled[names]
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
