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
_TERMINAL_UNSAFE = re.compile(f"{CONTROL.pattern[:-1]}{BIDI}]")
_JSON_RAW = re.compile(f"[\x7f-\x9f{BIDI}]")  # json.dumps escapes C0 itself, not DEL, C1 and bidi controls


def _escaped(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: str, newlines: bool = True) -> str:
    """``text`` with every control character a terminal would obey shown as ``\\x1b``,
    and every bidirectional control as ``\\u202e``.

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
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
