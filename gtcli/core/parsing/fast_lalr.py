"""Run a Lark LALR parser's own tables in one tight loop: the same language, parsed faster.

Lark stays the only definition of the languages: nothing here reads a grammar. This
module takes what Lark compiled from it -- the contextual lexer's scanner for each
parser state (the grammar's terminals, in Lark's order, with its keyword handling and
the lexer callbacks), the LALR table, and the callbacks that build the result (the
transformer, run inline) -- and drives them in one function instead of Lark's chain of
objects. For every token Lark's loop makes a generator step, three calls to reach the
regular expression, a line counter update, a token built through a keyword-argument
constructor, and a ``feed_token`` call that unpacks table entries and compares rule
objects with state numbers; here that is a few local operations. Tokens carry every
attribute Lark sets (type, value, positions), so callbacks cannot tell the difference.

The engine runs from a plain description of those objects (:mod:`gtcli.core.parsing.plain`),
kept in the cache with Lark's tables: with an inline transformer that needs nothing of
Lark's (:func:`plain_parse`), a valid text is parsed without importing Lark at all, and
its tokens are :class:`gtcli.core.parsing.plain.Token`; otherwise (:func:`fast_parse`) the
reductions are Lark's own callbacks and the tokens Lark's class.

Only valid input is parsed here. Where the text does not parse (no terminal matches, or
the table has no action for a token), the loop gives up and Lark parses the text again,
so every syntax error -- its position, the expected terminals, the parser state that
``match_examples`` compares -- is exactly Lark's. Errors raised by a callback (a number
too long, :func:`gtcli.grand_tribunal.lang.loader.bounded_int`) pass through unchanged. The tests parse
the shipped logs and generated ones with both engines and compare the results.

If the installed Lark is organised differently (another version), :func:`fast_parse`
returns Lark's own ``parse``: slower, never wrong; where a text does not parse, Lark is
imported (if it was not) to parse it again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from gtcli.core.parsing.scanning import _Dispatch, _Lexers, first_characters  # noqa: F401 - the tests' way in


class _NoParse(Exception):
    """The text does not parse here; Lark's parser is asked for the exact error."""


def fast_parse(lark: Any) -> Callable[[str], Any]:
    """A ``parse(text)`` for the Lark LALR parser ``lark``: its tables in one loop where possible."""
    description = getattr(lark, "gt_description", None)
    if description is None:
        from gtcli.core.parsing.plain import describe

        description = describe(lark)
    try:
        engine = _Engine.from_lark(lark, description)
    except Exception:  # another Lark layout (or options this loop does not handle): Lark's own parse
        return lark.parse
    return _parse_functions(engine, lambda: lark)


def plain_parse(description: dict, transformer: Any, lexer_callbacks: dict,
                lark: Callable[[], Any]) -> Callable[[str], Any] | None:
    """``parse(text)`` from a plain description (:mod:`gtcli.core.parsing.plain`) and an inline
    transformer, without importing Lark; ``lark()`` gives the Lark parser of the same tables
    and options, asked only where a text does not parse (its error is the one raised). None
    if the transformer needs Lark's own classes (not a :class:`~gtcli.core.parsing.plain.InlineTransformer`,
    or a method with ``v_args``)."""
    try:
        engine = _Engine.from_plain(description, transformer, lexer_callbacks)
    except Exception:  # not runnable without Lark: the caller uses fast_parse
        return None
    return _parse_functions(engine, lark)


def _parse_functions(engine: _Engine, lark: Callable[[], Any]) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        try:
            return engine.parse(text)
        except _NoParse:
            return lark().parse(text)  # raises Lark's own exception for this text

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
    def __init__(self, description: dict, reduction: Callable[[int], tuple], shifted: dict,
                 lexer_callbacks: dict, token: type) -> None:
        self.start_state, self.end_state = description["start"], description["end"]
        self.token = token
        self.actions = _Actions(description["states"], reduction)
        self.shifted = shifted  # callbacks run on a shifted terminal (a transformer method named after it)
        self.lexers = _Lexers(description, lexer_callbacks)

    @classmethod
    def from_lark(cls, lark: Any, description: dict | None) -> _Engine:
        """Reductions by Lark's own callbacks (whatever its options), tokens of Lark's class."""
        from lark.lexer import Token

        if description is None:
            raise TypeError("a parser this engine does not read")
        frontend = lark.parser
        callbacks = frontend.parser.parser.callbacks
        by_key = {(r.origin.name, tuple(s.name for s in r.expansion)): r for r in lark.rules}
        rules = [by_key[(origin, tuple(expansion))] for origin, expansion, *_ in description["rules"]]
        reducers = _Reducers(callbacks, lark.options)

        def reduction(i: int) -> tuple:
            rule = rules[i]
            return len(rule.expansion), reducers[rule], rule.origin.name

        shifted = {name: f for name, f in callbacks.items() if isinstance(name, str)}
        return cls(description, reduction, shifted, dict(frontend.lexer_conf.callbacks or {}), Token)

    @classmethod
    def from_plain(cls, description: dict, transformer: Any, lexer_callbacks: dict) -> _Engine:
        """Reductions by ``transformer``'s methods shaped as the description says, no Lark."""
        from gtcli.core.parsing.plain import FORMAT, InlineTransformer, Token

        if description.get("format") != FORMAT or not isinstance(transformer, InlineTransformer):
            raise TypeError("not runnable without Lark")
        rules = description["rules"]
        methods = [getattr(transformer, name, None) for _origin, _expansion, _shape, name in rules]
        if any(shape is None for _origin, _expansion, shape, _name in rules) or any(
                getattr(m, "visit_wrapper", None) is not None for m in methods):
            raise TypeError("a wrapper read only by Lark")
        default_handler = transformer.__default__

        def default_callback(data: Any, children: list) -> Any:  # as Lark's, around __default__
            return default_handler(data, children, None)

        standard = getattr(type(transformer), "__default__", None) is InlineTransformer.__default__
        plans = []
        for (origin, expansion, (include, after, expand1), name), method in zip(rules, methods):
            default = method is None
            if default:
                method = partial(default_callback, name)
            plans.append((include, after, default and standard and name == origin, expand1, method))
        listed = _listed([(origin, plan) for (origin, *_), plan in zip(rules, plans)])
        made: dict[int, tuple] = {}

        def reduction(i: int) -> tuple:
            if i not in made:
                origin, expansion, *_ = rules[i]
                made[i] = (len(expansion), _reducer(plans[i], origin, expansion, listed), origin)
            return made[i]

        shifted = {name: getattr(transformer, name) for name in description["terminals"]
                   if getattr(transformer, name, None) is not None}
        return cls(description, reduction, shifted, lexer_callbacks, Token)

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
    (a reduce)}: the described table row in the form the loop reads, made when the state is
    first met. A reduce is written ``-1 - rule`` in the description."""

    def __init__(self, states: dict, reduction: Callable[[int], tuple]) -> None:
        super().__init__()
        self.states, self.reduction = states, reduction

    def __missing__(self, state: int) -> dict[str, Any]:
        reduction = self.reduction
        row = self[state] = {symbol: arg if arg >= 0 else reduction(-1 - arg)
                             for symbol, arg in self.states[state].items()}
        return row


def _listed(plans: list[tuple[str, tuple | None]]) -> set[str]:
    """The ``_rules`` that may hand their parent a list: every reduction of the name builds
    Lark's default node from all its children, shaped by a child filter (see :class:`_Reducers`)."""
    spliced: dict[str, bool] = {}
    for name, plan in plans:
        if name.startswith("_"):
            spliced[name] = spliced.get(name, True) and plan is not None and plan[2] and not plan[3]
    if any(plan is None for _name, plan in plans):
        return set()
    return {name for name, ok in spliced.items() if ok}


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
    (Without Lark, :meth:`_Engine.from_plain` reads the same plan from the description.)
    """

    def __init__(self, callbacks: dict, options: Any) -> None:
        super().__init__()
        from lark import Transformer
        from lark.parse_tree_builder import ChildFilterLALR, ChildFilterLALR_NoPlaceholders, ExpandSingleChild

        from gtcli.core.parsing.plain import InlineTransformer

        self.callbacks = callbacks
        self.filters = (ChildFilterLALR, ChildFilterLALR_NoPlaceholders)
        self.expand_single = ExpandSingleChild
        transformer = options.transformer
        defaults = {options.tree_class} if transformer is None else set()
        if transformer is not None and getattr(type(transformer), "__default__", None) in (
                Transformer.__default__, InlineTransformer.__default__):
            defaults.add("default_callback")  # Lark's closure around __default__: a Tree
        self.defaults = defaults
        self.listed = _listed([(rule.origin.name, self.plan(rule, f)) for rule, f in callbacks.items()
                               if not isinstance(rule, str)])

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
            reducer = callback
        else:
            reducer = _reducer(plan, rule.origin.name, [s.name for s in rule.expansion], self.listed, callback)
        self[rule] = reducer
        return reducer


def _reducer(plan: tuple, origin: str, expansion: list[str], listed: set[str],
             callback: Callable | None = None) -> Callable:
    """One rule's reduction as a generated function (:class:`_Reducers`); ``callback`` is
    Lark's wrapped callback, used as it is where there is nothing to shape."""
    include, after, default, expand1, method = plan
    if include is None and not after and not expand1 and not (default and origin in listed):
        return callback if callback is not None else method  # the method itself: nothing to shape
    if include is None:
        include = [(i, False, 0) for i in range(len(expansion))]
    parts, spliced = [], False
    for i, splice, nones in include:
        parts += ["None"] * nones
        if splice:
            spliced = True
            parts.append(f"*c[{i}]" if expansion[i] in listed else f"*c[{i}].children")
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
    if default and origin in listed:
        body.append("return f")
    elif expand1 and not spliced and len(parts) == 1:
        body = [f"return {parts[0]}"]
    elif expand1:
        body.append("return f[0] if len(f) == 1 else m(f)")
    else:
        body.append("return m(f)")
    return _make_reducer("\n".join(body), method)


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
