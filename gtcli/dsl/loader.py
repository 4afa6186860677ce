"""Build and cache the Lark parsers, one per grammar and natural language.

A grammar file holds the rules; the keyword terminals are generated per language
(:mod:`gtcli.dsl.keywords`). Parsers are LALR with positions on every node, and cached
on disk by Lark (``cache=True``), so only the first run of a language pays for building.
``strict=True`` is the collision check the tests run for every language.
"""

from __future__ import annotations

import functools
from typing import Any

from gtcli.dsl.keywords import LANGUAGES, terminal_definitions
from gtcli.files.resources import grammar_dir


@functools.cache
def grammar_text(name: str, lang: str) -> str:
    """The grammar's rules plus the keyword terminals it uses, spelled for ``lang``."""
    import re

    from gtcli.dsl.keywords import KEYWORDS

    rules = (grammar_dir() / f"{name}.lark").read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in rules.splitlines())
    used = {word for word in re.findall(r"\b[A-Z][A-Z_]+\b", code) if word in KEYWORDS}
    return rules + "\n" + terminal_definitions(lang, used)


@functools.cache
def parser(name: str, lang: str = "en", transformer_class: type | None = None) -> Any:
    """The cached LALR parser for one grammar and language.

    With ``transformer_class``, the transformer runs inline while parsing (Lark builds no
    tree): a log is parsed about twice as fast, which is most of ``gt check``'s time. Such
    a transformer must take positions from tokens, not from ``meta``; it is built once per
    parser with ``transformer_class(None, lang)`` and reachable as ``parser.options.transformer``.
    """
    from lark import Lark

    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    if transformer_class is not None:
        return Lark(grammar_text(name, lang), parser="lalr", maybe_placeholders=True, cache=True,
                    transformer=transformer_class(None, lang))
    return Lark(grammar_text(name, lang), parser="lalr", propagate_positions=True,
                maybe_placeholders=True, cache=True)


def strict_parser(name: str, lang: str) -> Any:
    """Build without cache in strict mode: keyword collisions and grammar conflicts raise."""
    from lark import Lark

    return Lark(grammar_text(name, lang), parser="lalr", lexer="basic", strict=True)
