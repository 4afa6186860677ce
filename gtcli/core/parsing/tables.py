"""Lark LALR parsers built once and kept in the user's cache, for any grammar.

Building a parser takes about half a second, so the compiled tables are kept in the
user's private cache folder (:mod:`gtcli.core.files.cache`), never in the shared temporary
folder where Lark's own ``cache=True`` puts a pickle anyone could plant. The tables are
plain data (dicts, lists, strings, numbers), and they are unpickled by an unpickler that
refuses every class and function, so even a planted file could not run code. An entry is
named after the grammar's name and a digest of what the tables depend on; a new version
replaces the old entries of that name.

A game's loader (:mod:`gtcli.grand_tribunal.lang.loader`) says which grammar text, and
with which options (an inline transformer, lexer callbacks); nothing here knows one.
"""

from __future__ import annotations

import hashlib
import io
import sys
from typing import Any

from gtcli.core.files import cache

_CACHE_FORMAT = "1"
# Options given when a parser is made from its tables, so they are not part of the tables.
_RUNTIME_OPTIONS = ("transformer", "lexer_callbacks", "propagate_positions")


def cached_lalr(text: str, name: str, options: dict[str, Any]) -> Any:
    """The LALR parser of grammar ``text`` (cache entry ``name-DIGEST.lark``), with runtime ``options``."""
    from lark import Lark

    entry = f"{name}-{_digest(text)}.lark"
    tables = _load_tables(cache.read_entry(entry))
    if tables is not None:
        try:
            return Lark.__new__(Lark)._load(tables, **options)
        except Exception:  # damaged tables: build afresh below (and replace them)
            pass
    built = Lark(text, parser="lalr", maybe_placeholders=True, **options)
    saved = io.BytesIO()
    built.save(saved, exclude_options=_RUNTIME_OPTIONS)
    cache.write_entry(entry, saved.getvalue(), replaces=f"{name}-")
    return built


def _digest(grammar: str) -> str:
    """What the tables depend on: the grammar, Lark's version, Python's, and this format."""
    import lark

    key = "\0".join((grammar, lark.__version__, sys.version, _CACHE_FORMAT))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


def _load_tables(data: bytes | None) -> dict | None:
    tables = cache.load_data(data)  # plain data only: any class or function is refused
    return tables if isinstance(tables, dict) and {"data", "memo"} <= tables.keys() else None
