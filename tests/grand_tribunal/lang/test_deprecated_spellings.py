"""A spelling gt once read is never dropped (issue 21): old keyword spellings still parse.

``tests/data/shipped_keywords.json`` lists every word any commit accepted for each keyword
of each grammar, in each language (made from the history by make_shipped_keywords.py).
Today's parsers read all of them; the ones no longer today's are the deprecated spellings
(:data:`gtcli.grand_tribunal.lang.keywords.DEPRECATED`), read with a SYN006 warning that names today's word,
and rewritten by ``gt fmt``.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

from gtcli.core.text import fold
from gtcli.grand_tribunal.lang.keywords import ANY_CATEGORY, DEPRECATED, KEYWORDS, LANGUAGES, spelling, words
from gtcli.grand_tribunal.lang.loader import grammar_text
from tests.conftest import ROOT, run

SHIPPED = [tuple(row) for row in json.loads((Path(__file__).parents[2] / "data" / "shipped_keywords.json")
                                            .read_text(encoding="utf-8"))]


@functools.cache
def used(grammar: str) -> frozenset[str]:
    """The keywords a grammar reads today."""
    return frozenset(k for k in KEYWORDS if re.search(rf"^{k}\.2:", grammar_text(grammar, "en"), re.M))


@functools.cache
def accepted(keyword: str, lang: str) -> frozenset[str]:
    if keyword == "ANY_CATEGORY":
        return frozenset(fold(w) for ws in ANY_CATEGORY.values() for w in ws)
    return frozenset(fold(w) for w in words(keyword, lang))


def test_every_spelling_ever_shipped_is_read_today():
    assert len(SHIPPED) > 500
    lost = [row for row in SHIPPED if fold(row[3]) not in accepted(row[1], row[2])
            or (row[1] != "ANY_CATEGORY" and row[1] not in used(row[0]))]
    assert lost == []


def test_every_spelling_read_today_is_recorded():
    """A word added to the tables is added to the record too (make_shipped_keywords.py), so that
    dropping it later is caught by the test above."""
    recorded = set(SHIPPED)
    missing = []
    for grammar in ("cards", "transcript"):
        for keyword in used(grammar):
            for lang in LANGUAGES:
                for word in KEYWORDS[keyword].get(lang, ()) + DEPRECATED.get(keyword, {}).get(lang, ()):
                    if (grammar, keyword, lang, word) not in recorded:
                        missing.append((grammar, keyword, lang, word))
    assert missing == []


def test_the_deprecated_spellings_are_exactly_the_shipped_words_no_longer_today():
    gone = {(row[1], row[2], row[3]) for row in SHIPPED if row[1] != "ANY_CATEGORY"
            and fold(row[3]) not in {fold(w) for w in KEYWORDS[row[1]].get(row[2], ()) + KEYWORDS[row[1]]["en"]}}
    listed = {(k, lang, w) for k, table in DEPRECATED.items() for lang, ws in table.items() for w in ws}
    assert gone == listed
    assert ("WHILE_IN_VAULT", "fr", "si en réserve") in listed  # the French Vault keyword of the first sets


# One file per deprecated keyword, in the language of the spelling: (file name, text).
def card_file(lang: str, word: str) -> tuple[str, str]:
    text = (f'{spelling("SET", lang)} "Old" {spelling("LANGUAGE", lang)} {lang}\n'
            f'{spelling("RESOURCE", lang)} "R"\n  {word}: {spelling("HAND_LIMIT", lang)} +1\n')
    return "old.gtc", text


def log_file(lang: str, word: str) -> tuple[str, str]:
    text = (f'[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Language "{lang}"]\n\n'
            f'{spelling("TRIBUNAL", lang)} 1\n{spelling("ROUND", lang)} 1 praeco Ana\n'
            f'Ana: praeco staff, orb, wand; {spelling("EXTRACT", lang)} 1; {word} staff\n')
    return "old.gtl", text


SAMPLES = {"WHILE_IN_VAULT": card_file, "VOTE": log_file}
CASES = [(k, lang, w) for k, table in DEPRECATED.items() for lang, ws in table.items() for w in ws]


def test_every_deprecated_keyword_has_a_sample_here():
    assert set(SAMPLES) == set(DEPRECATED)


@pytest.mark.parametrize("keyword,lang,word", CASES, ids=lambda v: str(v))
def test_a_deprecated_spelling_is_read_with_a_warning_and_fmt_writes_todays(tmp_path, keyword, lang, word):
    name, text = SAMPLES[keyword](lang, word)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    command = ("cards", "check") if name.endswith(".gtc") else ("check",)
    result = run(*command, path, "--format", "json")
    found = [d for f in json.loads(result.stdout)["files"] for d in f["diagnostics"] if d["severity"] != "note"]
    line = next(n for n, t in enumerate(text.splitlines(), 1) if word in t)
    col = text.splitlines()[line - 1].index(word) + 1
    new = spelling(keyword, lang)
    assert [(d["code"], d["severity"], d["line"], d["col"]) for d in found] == [("SYN006", "warning", line, col)]
    assert f"{word!r} is an old spelling of {new!r}" in found[0]["message"] and result.exit_code == 0
    formatted = run(*(("cards", "fmt") if name.endswith(".gtc") else ("fmt",)), path, "--write")  # both spellings
    assert formatted.exit_code == 0, formatted.output
    after = path.read_text(encoding="utf-8")
    assert new in after and not re.search(rf"(?<![\w'-]){re.escape(word)}(?![\w'-])", after, re.I)
    again = run(*command, path, "--format", "json")
    assert not any(d["code"] == "SYN006" for f in json.loads(again.stdout)["files"] for d in f["diagnostics"])


def test_a_deprecated_spelling_in_an_english_file_too(tmp_path):
    """English old spellings are read in every language, as English keywords are."""
    name, text = log_file("es", "votes")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    found = json.loads(run("check", path, "--format", "json").stdout)["files"][0]["diagnostics"]
    assert [d["message"] for d in found if d["code"] == "SYN006"] == [
        "'votes' is an old spelling of 'vota'; it is still read"]


def test_the_docs_list_every_deprecated_spelling():
    for page in ("cards.md", "logs.md"):
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        section = text.split("## Deprecated spellings", 1)[1].split("\n## ", 1)[0]
        for keyword, lang, word in CASES:
            if (SAMPLES[keyword] is card_file) == (page == "cards.md"):
                assert f"`{word}`" in section and f"`{spelling(keyword, lang)}`" in section, (page, word)
