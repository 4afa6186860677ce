"""What :mod:`gtcli.core.parsing.fast_lalr` needs of a Lark LALR parser, as plain data, and
the two classes an inline transformer sees when Lark is not loaded.

:func:`describe` reads a parser Lark built (its LALR table, each parser state's scanner:
terminals in Lark's order with their regular expressions, the keywords Lark folds into a
wider terminal, the ignored and multi-line ones; and for each rule how Lark's wrappers shape
the children before the transformer's method sees them) into dicts, lists, strings and
numbers. :mod:`gtcli.core.parsing.tables` keeps it in the cache beside Lark's own tables,
so a later process parses valid text without importing Lark at all (Lark is imported only
to build tables and to report a syntax error: every error is still Lark's).

Only :func:`describe` touches Lark's internals; it returns None for anything it does not
know (another lexer, ``regex``, bytes), and then Lark's own objects are used.
"""

from __future__ import annotations

from functools import partial
from typing import Any

FORMAT = 1  # of the description; bump when what describe() writes changes


class Token(str):
    """A lexed word: the text, and Lark's token attributes (type, value, positions).

    What the fast engine hands an inline transformer when Lark is not loaded. A
    transformer that reads only these attributes (and the text) cannot tell it from
    ``lark.Token``; none ever reaches a parse result (they are read and turned into
    strings, numbers and positions).
    """

    __slots__ = ("type", "start_pos", "value", "line", "column", "end_line", "end_column", "end_pos")

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"


class InlineTransformer:
    """Base of a transformer run inline by the LALR parser (a method per rule, taking the
    list of children), without Lark's class: what Lark's ``Transformer`` does in that role.

    Lark calls ``__default__`` for a rule the transformer has no method for; as Lark's own
    ``Transformer.__default__``, it makes a ``lark.Tree`` (Lark is imported then, not before).
    """

    def __default__(self, data: Any, children: list, meta: Any) -> Any:
        from lark import Tree

        return Tree(data, children, meta)


def describe(lark: Any) -> dict | None:
    """The plain description of the LALR parser ``lark`` (made by Lark), or None if its layout
    or options are not the ones read here."""
    try:
        return _describe(lark)
    except Exception:  # another Lark layout: the caller uses Lark's objects
        return None


def _describe(lark: Any) -> dict | None:
    import re

    from lark import Tree
    from lark.lexer import BasicLexer, ContextualLexer, _create_unless
    from lark.parse_tree_builder import ParseTreeBuilder
    from lark.parsers.lalr_analysis import Shift

    frontend = lark.parser
    lexer = frontend.lexer
    if type(lexer) is not ContextualLexer or frontend.lexer_conf.postlex is not None:
        return None
    if lark.options.regex or lark.options.use_bytes:
        return None
    table = frontend.parser._parse_table
    (start,) = frontend.parser_conf.start
    rules = list(lark.rules)
    index = {rule: i for i, rule in enumerate(rules)}
    states = {state: {str(symbol): arg if action is Shift else -1 - index[arg] for symbol, (action, arg) in row.items()}
              for state, row in table.states.items()}
    builder = ParseTreeBuilder(rules, Tree, False, False, lark.options.maybe_placeholders)
    shapes = builder.create_callback(None)  # each rule's wrappers around Lark's default node
    described_rules = []
    for rule in rules:
        name = str(rule.alias or rule.options.template_source or rule.origin.name)  # the transformer's method
        described_rules.append([str(rule.origin.name), [str(s.name) for s in rule.expansion],
                               _shape(shapes[rule], name), name])
    terminals = {str(t.name): str(t.pattern.to_regexp()) for t in lark.terminals}
    lexers: list[dict] = []
    lexer_of: dict[int, int] = {}
    seen: dict[int, int] = {}
    flags = None
    for state, basic in lexer.lexers.items():
        if type(basic) is not BasicLexer or basic.re is not re:
            return None
        if id(basic) not in seen:
            if flags is None:
                flags = basic.g_regex_flags
            elif flags != basic.g_regex_flags:
                return None
            kept, unless = _create_unless(basic.terminals, basic.g_regex_flags, re, False)
            seen[id(basic)] = len(lexers)
            lexers.append({"terminals": [str(t.name) for t in kept],
                           "unless": {str(name): [str(t.name) for t in cb.scanner.terminals]
                                      for name, cb in unless.items()},
                           "ignore": sorted(map(str, basic.ignore_types)),
                           "newline": sorted(map(str, basic.newline_types))})
            if any(t.name not in terminals for t in kept):
                return None
        lexer_of[state] = seen[id(basic)]
    return {"format": FORMAT, "start": table.start_states[start], "end": table.end_states[start],
            "states": states, "rules": described_rules, "terminals": terminals, "flags": int(flags or 0),
            "lexers": lexers, "lexer_of": lexer_of}


def _shape(f: Any, name: str) -> list | None:
    """[children kept as [index, splice, Nones before] or None for all, Nones after, ``?rule``]
    of the wrappers Lark puts around ``rule``'s node builder; None for a wrapper not read here."""
    from lark.parse_tree_builder import ChildFilterLALR, ChildFilterLALR_NoPlaceholders, ExpandSingleChild

    include, after = None, 0
    if type(f) in (ChildFilterLALR, ChildFilterLALR_NoPlaceholders):
        include = [[i, bool(x), n[0] if n else 0] for i, x, *n in f.to_include]
        after, f = getattr(f, "append_none", 0), f.node_builder
    expand1 = type(f) is ExpandSingleChild
    if expand1:
        f = f.node_builder
    if not (isinstance(f, partial) and f.args == (name,) and not f.keywords):
        return None
    return [include, after, expand1]
