"""Value checks shared by every TOML reader (table files of both games, sessions).

Readers differ in what a file holds but not in what "a whole number" or "a field the
format does not know" means; those checks live here once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gtcli.core.text import did_you_mean, one_of


def is_int(value: Any) -> bool:
    """A TOML integer (``true`` is a bool in TOML, not the number 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def in_range(value: Any, low: int, high: int) -> bool:
    return is_int(value) and low <= value <= high


def unknown_field_hint(key: str, known: tuple[str, ...], spellings: Iterable[str] = ()) -> str:
    """"did you mean 'coins'?" for a misspelt field (among ``known`` and other accepted
    ``spellings`` of them), else the list of the fields there are."""
    return did_you_mean(key, (*known, *spellings)) or f"fields: {one_of(known)}"
