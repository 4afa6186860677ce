"""Build and cache the Lark parsers, one per grammar and natural language.

A grammar file holds the rules; the keyword terminals are generated per language
(:mod:`gtcli.grand_tribunal.lang.keywords`). Parsers are LALR with positions on every node.
``strict=True`` is the collision check the tests run for every language.

Building a parser takes about half a second, so the compiled tables are kept in the
user's private cache folder (:func:`gtcli.core.parsing.tables.cached_lalr`, which knows no
grammar).

Every ``INT`` token of both grammars passes :func:`bounded_int` as it is lexed: a number
longer than :data:`MAX_DIGITS` digits is a ``SYN004`` diagnostic there, before any
``int()`` in a transformer could raise ValueError (Python refuses over 4,300 digits).
"""

from __future__ import annotations

import functools
from typing import Any

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.parsing.tables import cached_description, cached_lalr
from gtcli.grand_tribunal.lang.keywords import LANGUAGES, terminal_definitions
from gtcli.grand_tribunal.shipped import grammar_dir

MAX_DIGITS = 100


@functools.cache
def grammar_text(name: str, lang: str) -> str:
    """The grammar's rules plus the keyword terminals it uses, spelled for ``lang``."""
    import re

    from gtcli.grand_tribunal.lang.keywords import KEYWORDS

    rules = (grammar_dir() / f"{name}.lark").read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in rules.splitlines())
    used = {word for word in re.findall(r"\b[A-Z][A-Z_]+\b", code) if word in KEYWORDS}
    return rules + "\n" + terminal_definitions(lang, used)


def bounded_int(token: Any) -> Any:
    """Lexer callback for ``INT``: refuse a number too long to be meant (and to convert)."""
    if len(token) > MAX_DIGITS:
        raise InputError(Diagnostic("SYN004", f"a number of {len(token)} digits; numbers here have at most "
                                    f"{MAX_DIGITS}", line=token.line, col=token.column))
    return token


@functools.cache
def transformer(lang: str, transformer_class: type) -> Any:
    """The one inline transformer of ``transformer_class`` for ``lang``, shared by every parser of it."""
    return transformer_class(None, lang)


@functools.cache
def parser(name: str, lang: str = "en", transformer_class: type | None = None) -> Any:
    """The cached LALR parser for one grammar and language (Lark is imported here).

    With ``transformer_class``, the transformer runs inline while parsing (Lark builds no
    tree): a log is parsed about twice as fast, which is most of ``gt check``'s time. Such
    a transformer must take positions from tokens, not from ``meta``; it is built once per
    language (:func:`transformer`) and reachable as ``parser.options.transformer``.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    options: dict[str, Any] = {"lexer_callbacks": {"INT": bounded_int}}
    if transformer_class is not None:
        options["transformer"] = transformer(lang, transformer_class)
    else:
        options["propagate_positions"] = True
    return cached_lalr(grammar_text(name, lang), f"{name}-{lang}", options)


@functools.cache
def parse_function(name: str, lang: str = "en", transformer_class: type | None = None) -> Any:
    """``parse(text)`` with :func:`parser`'s tables, run by :mod:`gtcli.core.parsing.fast_lalr` (Lark's errors kept).

    With an inline transformer and the tables' description in the cache, Lark is not even
    imported unless a text does not parse (then Lark parses it and raises its own error).
    """
    from gtcli.core.parsing.fast_lalr import fast_parse, plain_parse

    if transformer_class is not None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        description = cached_description(grammar_text(name, lang), f"{name}-{lang}")
        if description is not None:
            fast = plain_parse(description, transformer(lang, transformer_class), {"INT": bounded_int},
                               lambda: parser(name, lang, transformer_class))
            if fast is not None:
                return fast
    return fast_parse(parser(name, lang, transformer_class))


def strict_parser(name: str, lang: str) -> Any:
    """Build without cache in strict mode: keyword collisions and grammar conflicts raise."""
    from lark import Lark

    return Lark(grammar_text(name, lang), parser="lalr", lexer="basic", strict=True)
