"""Names that look alike but are not the same text: look-alike letters and invisible characters.

"Аnа" written with Cyrillic letters, or "Ana" with a zero-width space in it, shows as a
second "Ana" in the standings. gt never merges such names (only the club's aliases do), but
flags them as probably one player (:func:`gtcli.club.names.probable_duplicates`) and never
shows an invisible character as if it were absent (:func:`visible`).

* **Look-alike letters.** :data:`LATIN_LOOKALIKES` maps every Cyrillic and Greek character
  whose prototype in Unicode's confusables data is one ASCII Latin letter to that letter:
  generated from ``confusables.txt`` of Unicode Technical Standard #39, *Unicode Security
  Mechanisms* (https://www.unicode.org/Public/security/latest/confusables.txt, the edition
  current in January 2024), the scripts a club's names mix with Latin in practice. Other
  scripts are left as they are (a name in Greek is its own name).
* **Invisible characters.** Unicode's default-ignorable code points (the
  ``Default_Ignorable_Code_Point`` property of DerivedCoreProperties.txt: :data:`DEFAULT_IGNORABLE`,
  which holds the soft hyphen, zero-width space and joiners, U+2060-U+206F, variation
  selectors, Hangul fillers, tags...) and every format character (category ``Cf``) that
  :mod:`unicodedata` knows.

Two names have the same :func:`skeleton` when they differ only by these; pure functions.
"""

from __future__ import annotations

import re
import unicodedata

from gtcli.core.escaping import DEFAULT_IGNORABLE  # Unicode's Default_Ignorable_Code_Point ranges

_IGNORABLE = re.compile("[" + "".join(f"{chr(a)}-{chr(b)}" if a != b else re.escape(chr(a))
                                      for a, b in DEFAULT_IGNORABLE) + "]")

# Cyrillic and Greek -> the ASCII Latin letter confusables.txt gives as their prototype (module docstring).
LATIN_LOOKALIKES = {
    "\u037a": "i", "\u037f": "J", "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0396": "Z",
    "\u0397": "H", "\u0399": "l", "\u039a": "K", "\u039c": "M", "\u039d": "N", "\u039f": "O",
    "\u03a1": "P", "\u03a4": "T", "\u03a5": "Y", "\u03a7": "X", "\u03b1": "a", "\u03b3": "y",
    "\u03b9": "i", "\u03bd": "v", "\u03bf": "o", "\u03c1": "p", "\u03c3": "o", "\u03c5": "u",
    "\u03d2": "Y", "\u03dc": "F", "\u03f1": "p", "\u03f2": "c", "\u03f3": "j", "\u03f9": "C",
    "\u03fa": "M", "\u0405": "S", "\u0406": "l", "\u0408": "J", "\u0410": "A", "\u0412": "B",
    "\u0415": "E", "\u041a": "K", "\u041c": "M", "\u041d": "H", "\u041e": "O", "\u0420": "P",
    "\u0421": "C", "\u0422": "T", "\u0423": "Y", "\u0425": "X", "\u042c": "b", "\u0430": "a",
    "\u0433": "r", "\u0435": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0443": "y",
    "\u0445": "x", "\u0455": "s", "\u0456": "i", "\u0458": "j", "\u0461": "w", "\u0474": "V",
    "\u0475": "v", "\u04ae": "Y", "\u04af": "y", "\u04bb": "h", "\u04bd": "e", "\u04c0": "l",
    "\u04cf": "i", "\u0501": "d", "\u050c": "G", "\u051b": "q", "\u051c": "W", "\u051d": "w",
    "\u1d26": "r", "\u1fbe": "i", "\ua647": "i", "\U0001d20d": "V", "\U0001d213": "F",
    "\U0001d216": "R", "\U0001d22a": "L",
}
# A key is folded (case-folded) before its skeleton is taken, so a capital's small letter stands
# for it there: "ТОМ" in Cyrillic capitals folds to "том", whose т and м look like no Latin
# letter, though Т and М are T and M. Each such small letter maps to its capital's Latin letter.
_TABLE = str.maketrans({**{ch.casefold(): latin for ch, latin in LATIN_LOOKALIKES.items()}, **LATIN_LOOKALIKES})


def ignorable(ch: str) -> bool:
    """Whether ``ch`` is drawn as nothing: a default-ignorable code point or a format character."""
    return _IGNORABLE.match(ch) is not None or unicodedata.category(ch) == "Cf"


def without_invisible(text: str) -> str:
    return "".join(ch for ch in text if not ignorable(ch))


def skeleton(key: str) -> str:
    """``key`` (a folded name) without invisible characters, its look-alike letters made Latin."""
    return " ".join(without_invisible(key).translate(_TABLE).casefold().split())


def visible(name: str) -> str:
    """``name`` with every invisible character shown as an escape (``Ana\\u200b``), as gt escapes
    control characters (:mod:`gtcli.core.escaping`): what is there is never shown as if absent."""
    if name.isascii():
        return name
    return "".join((f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}") if ignorable(ch) else ch
                   for ch in name)
