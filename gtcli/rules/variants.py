"""The official variants of the Spanish sheet (docs/rules.md X1-X5), off unless a log turns them on."""

from __future__ import annotations

from gtcli.diagnostics import Diagnostic, InputError
from gtcli.text import did_you_mean, fold

VARIANTS = {
    "X1": "double-advance",
    "X2": "hand-or-sanctum",
    "X3": "secret-cards",
    "X4": "cheap-resources",
    "X5": "quick-rotation",
}


def parse_variants(text: str) -> frozenset[str]:
    """``"double-advance, X4"`` -> {"X1", "X4"}; unknown names are an error with a hint."""
    chosen = set()
    by_name = {name: code for code, name in VARIANTS.items()}
    for word in filter(None, (w.strip() for w in text.replace(";", ",").split(","))):
        key = fold(word).replace(" ", "-")
        if key.upper() in VARIANTS:
            chosen.add(key.upper())
        elif key in by_name:
            chosen.add(by_name[key])
        else:
            raise InputError(Diagnostic("PROF003", f"unknown variant {word!r}",
                                        hint=did_you_mean(word, by_name) or f"variants: {', '.join(by_name)}"))
    return frozenset(chosen)
