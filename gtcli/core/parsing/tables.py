"""Lark LALR parsers built once and kept in the user's cache, for any grammar.

Building a parser takes about half a second, so the compiled tables are kept in the
user's private cache folder (:mod:`gtcli.core.files.cache`), never in the shared temporary
folder where Lark's own ``cache=True`` puts a pickle anyone could plant. The tables are
plain data (dicts, lists, strings, numbers), and they are unpickled by an unpickler that
refuses every class and function, so even a planted file could not run code. An entry is
named after the grammar's name and a digest of what the tables depend on; a new version
replaces the old entries of that name.

Beside Lark's tables an entry holds their plain description
(:mod:`gtcli.core.parsing.plain`): with it, :func:`cached_description` lets a warm cache
parse valid text without importing Lark at all.

A game's loader (:mod:`gtcli.grand_tribunal.lang.loader`) says which grammar text, and
with which options (an inline transformer, lexer callbacks); nothing here knows one.
"""

from __future__ import annotations

import functools
import hashlib
import io
import sys
from typing import Any

from gtcli.core.files import cache

_CACHE_FORMAT = "2"  # 2: the plain description of gtcli.core.parsing.plain beside Lark's tables
# Options given when a parser is made from its tables, so they are not part of the tables.
_RUNTIME_OPTIONS = ("transformer", "lexer_callbacks", "propagate_positions")


def cached_lalr(text: str, name: str, options: dict[str, Any]) -> Any:
    """The LALR parser of grammar ``text`` (cache entry ``name-DIGEST.lark``), with runtime ``options``.

    The parser carries the plain description of its tables as ``gt_description`` (None
    where :func:`gtcli.core.parsing.plain.describe` does not read it).
    """
    from lark import Lark

    entry = _entry(text, name)
    tables = _load_tables(cache.read_entry(entry))
    if tables is not None:
        try:
            loaded = Lark.__new__(Lark)._load(tables, **options)
            loaded.gt_description = tables["plain"]
            return loaded
        except Exception:  # damaged tables: build afresh below (and replace them)
            pass
    from gtcli.core.parsing.plain import describe

    built = Lark(text, parser="lalr", maybe_placeholders=True, **options)
    built.gt_description = describe(built)
    saved = io.BytesIO()
    built.save(saved, exclude_options=_RUNTIME_OPTIONS)
    kept = cache.load_data(saved.getvalue())  # Lark's own tables, as plain data
    if isinstance(kept, dict):
        cache.write_entry(entry, cache.dump_data({**kept, "plain": built.gt_description}), replaces=f"{name}-")
    return built


def cached_description(text: str, name: str) -> dict | None:
    """The plain description kept with the tables of grammar ``text`` (see :func:`cached_lalr`),
    read without importing Lark; None if there is none yet (or it is damaged)."""
    tables = _load_tables(cache.read_entry(_entry(text, name)))
    plain = tables["plain"] if tables is not None else None
    return plain if isinstance(plain, dict) else None


def _entry(text: str, name: str) -> str:
    return f"{name}-{_digest(text)}.lark"


def _digest(grammar: str) -> str:
    """What the tables depend on: the grammar, Lark's version, Python's, this format, and the
    code that writes the plain description (:mod:`gtcli.core.parsing.plain`, its bytes)."""
    key = "\0".join((grammar, _lark_version(), sys.version, _CACHE_FORMAT, _describer_stamp()))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


@functools.cache
def _describer_stamp() -> str:
    """A digest of the module that describes the tables (its source, or its compiled file): an
    edited describer never reads what another one wrote. By content, not modification time,
    so two installs of the same gt share their entries."""
    from gtcli.core.parsing import plain

    try:
        with open(plain.__file__, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()[:16] + f"-{plain.FORMAT}"
    except (OSError, TypeError):
        return f"unread-{plain.FORMAT}"


def _lark_version() -> str:
    """``lark.__version__``, read from the installed package's ``__init__.py`` when Lark is not
    imported yet (importing it costs more than the rest of a short check); imported if unread."""
    if "lark" not in sys.modules:
        import importlib.util
        import re

        try:
            spec = importlib.util.find_spec("lark")
            with open(spec.origin, encoding="utf-8") as f:  # type: ignore[union-attr, arg-type]
                found = re.search(r"""^__version__\s*(?::\s*str\s*)?=\s*["']([^"']+)["']""", f.read(), re.M)
            if found:
                return found.group(1)
        except (OSError, AttributeError, TypeError, ValueError, ImportError):
            pass
    import lark

    return lark.__version__


def _load_tables(data: bytes | None) -> dict | None:
    tables = cache.load_data(data)  # plain data only: any class or function is refused
    return tables if isinstance(tables, dict) and {"data", "memo", "plain"} <= tables.keys() else None
