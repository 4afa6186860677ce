"""User text made safe for a terminal and for JSON: the one escaping function, and its two uses.

User text (card names, player names, a log's strings, lines of a file) comes from
strangers, so it never reaches the terminal raw: :func:`safe` shows control characters
as ``\\x1b`` escapes, and the Unicode bidirectional controls (which make a terminal draw
a line in another order than it is read: "Trojan Source") as ``\\u202e``. The shell applies
it once per way out (:mod:`gtcli.cli.terminal.output`); pages escape through it too
(:func:`gtcli.core.html.page.esc`), and so does every JSON document (:func:`json_text`).
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from gtcli.core.diagnostics import Diagnostic
from gtcli.core.text import CONTROL

# The bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): text
# between them is drawn in another order, so what a terminal shows is not what the file says.
BIDI = "\u202a-\u202e\u2066-\u2069"

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, Unicode 15): drawn as nothing.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
# Of those, the ones a name may need and that hide nothing: the zero-width non-joiner and joiner
# (Persian, Indic scripts, emoji sequences) and the variation selectors (emoji and CJK variants,
# Mongolian letter forms). Every other one, and the format characters drawn as nothing (Arabic
# number signs, interlinear annotation), is shown as ``\u200b``: a name that holds one is never
# drawn as if it did not ("B\u200ben" is not "Ben").
_KEPT = ((0x180B, 0x180D), (0x200C, 0x200D), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
_HIDDEN_FORMAT = ((0x0600, 0x0605), (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2),
                  (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0xFFF9, 0xFFFB), (0x13430, 0x1343F))


def _ranges(ranges) -> str:
    return "".join(f"{chr(a)}-{chr(b)}" if a != b else chr(a) for a, b in ranges)


def _invisible() -> str:
    """The character class body of the invisible characters :func:`safe` escapes (above)."""
    kept = {c for a, b in _KEPT for c in range(a, b + 1)}
    codes = sorted({c for a, b in (*DEFAULT_IGNORABLE, *_HIDDEN_FORMAT) for c in range(a, b + 1)} - kept)
    runs: list[tuple[int, int]] = []
    for c in codes:
        if runs and runs[-1][1] == c - 1:
            runs[-1] = (runs[-1][0], c)
        else:
            runs.append((c, c))
    return _ranges(runs)


INVISIBLE = _invisible()
_TERMINAL_UNSAFE = re.compile(f"{CONTROL.pattern[:-1]}{BIDI}{INVISIBLE}]")
_JSON_RAW = re.compile(f"[\x7f-\x9f{BIDI}{INVISIBLE}]")  # json.dumps escapes C0 itself, not DEL, C1, bidi...


def _escaped(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0xa0 else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def safe(text: str, newlines: bool = True) -> str:
    """``text`` with every control character a terminal would obey shown as ``\\x1b``,
    every bidirectional control as ``\\u202e``, and every invisible character that could hide in a
    name (:data:`INVISIBLE`) as ``\\u200b``.

    Tabs stay; new lines stay unless ``newlines=False`` (one-line output such as a
    diagnostic's message), where they are shown as ``\\n``.
    """
    text = _TERMINAL_UNSAFE.sub(_escaped, text)
    return text if newlines else text.replace("\n", "\\n")


def safe_diagnostic(d: Diagnostic) -> Diagnostic:
    """The diagnostic with its path, message and hint made :func:`safe` for a terminal."""
    return dataclasses.replace(d, path=d.path and safe(d.path, False), message=safe(d.message, False),
                               hint=d.hint and safe(d.hint, False))


def json_text(data: Any, indent: int | None = 2) -> str:
    """A JSON document with DEL, C1 and bidirectional controls escaped too (``\\u009b``): safe on a terminal."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return _JSON_RAW.sub(_json_escaped, text)


def _json_escaped(m: re.Match) -> str:
    """JSON's own escape: beyond U+FFFF, its UTF-16 pair (``\\udb40\\udc20``), which reads back as the character."""
    code = ord(m.group())
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
