"""The official variants of the Spanish sheet (docs/rules.md X1-X5), off unless a log turns them on.

A variant is named by its code (``X4``), gtcli's name (``cheap-resources``) or the name the
Spanish sheet prints for it (``Recursos Baratos``: docs/logs.md promises every sheet's own
words), in any case, with or without accents, with spaces or hyphens. Every place that names
variants reads them here: a log's ``[Variants]`` tag, ``gt play --new --variant``, a profile
file's ``variants`` and a club's ``gt.toml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gtcli.core.diagnostics import Diagnostic, InputError
from gtcli.core.text import did_you_mean, fold


@dataclass(frozen=True)
class Variant:
    code: str
    name: str  # gtcli's name, what gt writes in a [Variants] tag
    sheet: str  # the name the Spanish sheet (000) prints
    summary: str


CATALOGUE: tuple[Variant, ...] = (
    Variant("X1", "double-advance", "Doble de Acciones de Avance", "Advance may be taken twice per turn"),
    Variant("X2", "hand-or-sanctum", "Elección de Mano/Sanctum", "drawn cards go to the hand or the Sanctum"),
    Variant("X3", "secret-cards", "Cartas Secretas", "cards going straight to the Sanctum go face down"),
    Variant("X4", "cheap-resources", "Recursos Baratos", "playing a Resource is a free action"),
    Variant("X5", "quick-rotation", "Rotación Rápida", "a card turns active the moment its cost is met"),
)
VARIANTS = {v.code: v.name for v in CATALOGUE}


def _key(word: str) -> str:
    """A variant's name for matching: folded (case, accents, hyphens), '/' and spacing ignored."""
    return " ".join(re.sub(r"[/_\s]+", " ", fold(word)).split())


_BY_KEY = {_key(spelling): v.code for v in CATALOGUE for spelling in (v.code, v.name, v.sheet)}


def variant_code(word: str) -> str | None:
    """The code (``X4``) of a variant named in any accepted way, or None."""
    return _BY_KEY.get(_key(word))


def parse_variants(text: str) -> frozenset[str]:
    """``"double-advance, X4, Rotación Rápida"`` -> {"X1", "X4", "X5"}; unknown names are an error with a hint."""
    return parse_variant_list(w for w in text.replace(";", ",").split(","))


def parse_variant_list(words) -> frozenset[str]:
    """The codes of the variants ``words`` name (blank words left out); PROF003 for an unknown one."""
    chosen = set()
    for word in filter(None, (w.strip() for w in words)):
        code = variant_code(word)
        if code is None:
            names = [v.name for v in CATALOGUE] + [v.sheet for v in CATALOGUE]
            raise InputError(Diagnostic("PROF003", f"unknown variant {word!r}",
                                        hint=did_you_mean(word, names) or
                                        f"variants: {', '.join(v.name for v in CATALOGUE)} (or X1-X5, or the "
                                        "names the Spanish sheet prints)"))
        chosen.add(code)
    return frozenset(chosen)
