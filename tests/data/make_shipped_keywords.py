"""Write ``shipped_keywords.json``: every keyword spelling any commit of gtcli ever shipped.

Run it from the repository (it reads the history with git): ``python tests/data/make_shipped_keywords.py``.
For every commit of ``main`` that changed the keyword tables (:data:`KEYWORD_FILES`: the path of
``keywords.py`` now, and before issue 22 moved it) or the
grammars (grammar/*.lark), it takes the words each grammar accepted for each keyword it uses,
in each language, and records them as ``[grammar, keyword, language, word]``. A keyword a
grammar used under another name then is recorded under today's name (:data:`RENAMED`).
tests/grand_tribunal/lang/test_deprecated_spellings.py checks that today's parsers accept every one of them, and
that every word they accept today is recorded here (so a word added now is protected later).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
GRAMMARS = ("cards", "transcript")
# (grammar, keyword then) -> keyword now, where a grammar's rule changed the keyword it reads:
# the transcript's vote move read VOTES (the card effects' word) until it got VOTE of its own.
RENAMED = {("transcript", "VOTES"): "VOTE"}
TABLES = ("KEYWORDS", "ANY_CATEGORY")
# keywords.py where it is now, and where it was before issue 22 gave each game a package of its own
KEYWORD_FILES = ("gtcli/grand_tribunal/lang/keywords.py", "gtcli/dsl/keywords.py")


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().replace("_", " ").replace("-", " ").split())


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def _tables(source: str) -> dict:
    """KEYWORDS (and the any-slot words) of one version of keywords.py, run on its own."""
    for path in ("gtcli.core.text", "gtcli.text"):
        source = source.replace(f"from {path} import fold", "")
    scope = {"fold": _fold, "__name__": "builtins"}
    exec(compile(source, "keywords.py", "exec"), scope)  # noqa: S102 - the project's own history
    return {name: scope.get(name, {}) for name in TABLES}


def _used(grammar: str, keywords: dict) -> set[str]:
    code = "\n".join(line.split("//")[0] for line in grammar.splitlines())
    return {word for word in re.findall(r"\b[A-Z][A-Z_]+\b", code) if word in keywords}


def shipped(ref: str = "main") -> list[list[str]]:
    found: set[tuple[str, str, str, str]] = set()
    commits = _git("log", "--format=%H", ref, "--", *KEYWORD_FILES, "grammar").split()
    for commit in commits:
        tables = None
        for path in KEYWORD_FILES:
            try:
                tables = _tables(_git("show", f"{commit}:{path}"))
                break
            except subprocess.CalledProcessError:
                continue
        if tables is None:
            continue
        for grammar in GRAMMARS:
            try:
                rules = _git("show", f"{commit}:grammar/{grammar}.lark")
            except subprocess.CalledProcessError:
                continue
            for keyword in _used(rules, tables["KEYWORDS"]):
                now = RENAMED.get((grammar, keyword), keyword)
                for lang, spellings in tables["KEYWORDS"][keyword].items():
                    found.update((grammar, now, lang, w) for w in spellings)
        for lang, spellings in tables["ANY_CATEGORY"].items():
            found.update(("cards", "ANY_CATEGORY", lang, w) for w in spellings)
    return [list(row) for row in sorted(found)]


if __name__ == "__main__":
    rows = shipped(sys.argv[1] if len(sys.argv) > 1 else "main")
    text = "[\n" + ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\n]\n"
    (HERE / "shipped_keywords.json").write_text(text, encoding="utf-8")
    print(f"{len(rows)} spellings")
