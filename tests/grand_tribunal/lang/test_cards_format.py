"""``gt fmt`` on card files, and ``gt cards template --force``: a person's words survive.

Properties, over every shipped card file and over sets with comments sprinkled in:
formatting is idempotent, keeps every comment (same texts, same order) and every
include, and the formatted set checks to the same cards and the same findings.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.core.parsing.comments import scan, texts
from gtcli.grand_tribunal.lang.cards.ast import RawSet
from gtcli.grand_tribunal.lang.cards.format import reformat
from gtcli.grand_tribunal.lang.cards.sets import load, load_set
from gtcli.grand_tribunal.lang.cards.syntax import detect_language, read_gtc
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, run, run_json
from tests.core.test_fmt_comments import COMMENT_TEXT, lark_comments

SHIPPED = sorted([*cards_dir().glob("*.gtc"), *(SCENARIOS / "cards").rglob("*.gtc")])
PARSING = [p for p in SHIPPED if not read_gtc(p.read_text(encoding="utf-8"), str(p)).errors]

MESSY = '''# Our club's set
SET "Club"   language fr   # the header

INCLUDE "extra.gtc"
objet "Bâton"  type bâton advance 3 base 2 slots élémentaire, any   # English words in a French file
objet "Orbe de Verre" type   orbe avancement 2 base 1
  # a comment alone, between two cards' lines
sort "Étincelle" catégorie runique text "Gagne deux Vis."
  on cast: gagne 2 vis  ;  pioche 1 sorts à main # steps
sort "Brume" catégorie élémentaire
  au lancement choisir $a case, # first space
     $b case : place 2 votes sur $a, $b différents


# the end
'''

FORMATTED = '''# Our club's set
ensemble "Club" langue fr  # the header

inclure "extra.gtc"
objet "Bâton"         type bâton développement 3 base 2 emplacements élémentaire, libre  # English words in a French file
objet "Orbe de Verre" type orbe  développement 2 base 1
# a comment alone, between two cards' lines
sort "Étincelle" catégorie runique
  texte "Gagne deux Vis."
  au lancement: gagne 2 vis; pioche 1 sort à main  # steps
sort "Brume" catégorie élémentaire
  au lancement choisir $a case,  # first space
    $b case: place 2 votes sur $a, $b différents

# the end
'''


@pytest.fixture
def club(tmp_path):
    (tmp_path / "extra.gtc").write_text('ressource "Cache"\n', encoding="utf-8")
    path = tmp_path / "club.gtc"
    path.write_text(MESSY, encoding="utf-8")
    return path


def _verdict(path: Path):
    """What ``gt cards check`` concludes: the checked cards (none if the file is unusable), the findings."""
    loaded = load(path)
    cards = loaded.card_set.cards if loaded.card_set else None
    entries = loaded.translation.entries if loaded.translation else None
    return cards, entries, sorted((d.code, d.severity) for d in loaded.diagnostics)


# ---- the layout ---------------------------------------------------------------------------------------
def test_a_messy_file_gets_the_canonical_layout_with_its_comments_and_include(club):
    result = run("fmt", club)
    assert result.exit_code == 0, result.output
    assert result.stdout == FORMATTED
    assert reformat(FORMATTED, str(club))[0] == FORMATTED  # idempotent
    before = _verdict(club)
    club.write_text(FORMATTED, encoding="utf-8")
    assert _verdict(club) == before


def test_the_shipped_sample_is_formatted_already():
    files = [*cards_dir().glob("*.gtc")]
    result = run("fmt", *files, "--check")
    assert result.exit_code == 0, result.output


def test_items_written_as_a_table_line_up_and_a_blank_line_ends_the_table(tmp_path):
    path = tmp_path / "t.gtc"
    path.write_text('item "A" type orb advance 2 base 1\nitem "Longer name" type talisman advance 3 base 2\n\n'
                    'item "B" type orb advance 1 base 1\nspell "S" category runic\nspell "Longer spell" '
                    'category runic\n', encoding="utf-8")
    assert run("fmt", path).stdout == (
        'item "A"           type orb      advance 2 base 1\n'
        'item "Longer name" type talisman advance 3 base 2\n\n'
        'item "B" type orb advance 1 base 1\nspell "S" category runic\nspell "Longer spell" category runic\n')
    path.write_text('item "A" type orb advance 2 base 1\n  # about its effect\n  while active: hand limit +1\n'
                    'item "Longer" type talisman advance 3 base 2\n# the next table\nitem "B" type orb advance 1 base 1\n',
                    encoding="utf-8")  # a comment inside a card does not end the table; one between cards does
    assert run("fmt", path).stdout == (
        'item "A"      type orb      advance 2 base 1\n  # about its effect\n  while active: hand limit +1\n'
        'item "Longer" type talisman advance 3 base 2\n# the next table\nitem "B" type orb advance 1 base 1\n')


def test_a_translation_file_is_formatted_too(tmp_path):
    shutil.copy(cards_dir() / "sample.gtc", tmp_path)
    shutil.copy(cards_dir() / "sample-resources.gtc", tmp_path)
    path = tmp_path / "sample.es.gtc"
    path.write_text('# mine\ntraducción  de "sample.gtc" idioma ES\n\nITEM "Storm Staff"   como "Bastón"  # ok\n'
                    '   huella "x"\n\n\nspell "Kindle" as "Prender"\n', encoding="utf-8")
    assert run("fmt", path).stdout == ('# mine\ntraducción de "sample.gtc" idioma es\n\nítem "Storm Staff" como '
                                       '"Bastón"  # ok\n  huella "x"\n\nhechizo "Kindle" como "Prender"\n')
    refused = run("fmt", path, "--lang", "it")
    assert refused.exit_code == 2 and "CARD016" in refused.stderr and "its keywords stay in it" in refused.stderr
    assert run("fmt", path, "--lang", "es").exit_code == 0


# ---- the command ---------------------------------------------------------------------------------------
def test_card_files_and_logs_in_one_run(tmp_path, club):
    log = tmp_path / "game.gtl"
    shutil.copy(SCENARIOS / "games" / "three-players.gtl", log)
    checked = run("fmt", club, log, "--check")
    assert checked.exit_code == 1 and f"{club} would be reformatted" in checked.stderr
    assert "1 of 2 file(s) would be reformatted." in checked.stderr and club.read_text() == MESSY
    diff = run("fmt", club, log, "--diff")
    assert diff.stdout.startswith(f"--- {club}\n+++ {club} (formatted)\n") and '-SET "Club"   language fr' in diff.stdout
    written = run("fmt", club, log, "--write")
    assert written.exit_code == 0 and f"Formatted {club}." in written.stderr
    assert club.read_text() == FORMATTED
    assert run("fmt", club, log, "--check").exit_code == 0
    assert run("cards", "fmt", club, "--check").exit_code == 0  # the same command under gt cards


def test_fmt_json_says_what_kind_of_file(tmp_path, club):
    broken = tmp_path / "broken.gtc"
    broken.write_text('item "A" type orb advnce 2\nitem "B" type orb advance\n', encoding="utf-8")
    log = tmp_path / "game.gtl"
    shutil.copy(SCENARIOS / "games" / "three-players.gtl", log)
    result = run("fmt", club, broken, log, "--check", "--json")
    assert result.exit_code == 2
    files = json.loads(result.stdout)["files"]
    assert files[0] == {"file": str(club), "kind": "cards", "card_file": "set", "language": "fr", "changed": True,
                        "written": False, "text": None}
    assert files[1]["kind"] == "cards" and [d["code"] for d in files[1]["diagnostics"]] == ["SYN001", "SYN001"]
    assert files[2]["kind"] == "log" and files[2]["changed"] is False
    one = run_json("fmt", club)["files"][0]
    assert one["text"] == FORMATTED and one["card_file"] == "set"


def test_fmt_says_it_does_not_format_data_files():
    result = run("fmt", cards_dir() / "sample-board.toml")
    assert result.exit_code == 2 and "IO001" in result.stderr and "not a card file or a log" in result.stderr


def test_fmt_lists_every_syntax_error_of_a_card_file_and_writes_nothing(tmp_path):
    path = tmp_path / "bad.gtc"
    text = 'item "A" type orb advnce 2\nitem "B"   type orb advance 2 base 1\nspell "C" category\n'
    path.write_text(text, encoding="utf-8")
    result = run("fmt", path, "--write")
    assert result.exit_code == 2 and result.stderr.count("SYN001") == 2 and path.read_text() == text


def test_lang_rewrites_keywords_and_the_vocabulary_and_keeps_the_cards(tmp_path):
    for name in ("sample.gtc", "sample-resources.gtc"):
        shutil.copy(cards_dir() / name, tmp_path / name)
    before = load_set(tmp_path / "sample.gtc")
    for lang in ("it", "es", "fr", "en"):
        assert run("fmt", tmp_path / "sample.gtc", tmp_path / "sample-resources.gtc", "--lang", lang,
                   "--write").exit_code == 0
        after = load_set(tmp_path / "sample.gtc")
        # the keywords change language; the names and texts stay English, and the header says so
        assert after.cards == before.cards and after.language == "en"
        assert detect_language((tmp_path / "sample.gtc").read_text(encoding="utf-8")) == lang
    text = (tmp_path / "sample.gtc").read_text()
    original = (cards_dir() / "sample.gtc").read_text(encoding="utf-8")
    changed = [(a, b) for a, b in zip(original.splitlines(), text.splitlines()) if a != b]
    assert changed == [('spell "Quiet Recovery" category curative', 'spell "Quiet Recovery" category healing')]  # back in English: the canonical word
    italian = run("fmt", tmp_path / "sample.gtc", "--lang", "it").stdout
    assert 'insieme "Sample" versione 1 lingua it testo en' in italian and 'includi "sample-resources.gtc"' in italian
    assert 'oggetto "Storm Staff"       tipo bastone   studio 4' in italian and "qualsiasi" in italian
    assert texts(italian) == texts(text)


def test_export_stays_a_flattening_export():
    result = run("cards", "export", cards_dir() / "sample.gtc", "--format", "gtc")
    assert "include" not in result.stdout and "#" not in result.stdout and '"Hidden Cache"' in result.stdout
    assert "flattened" in run("cards", "export", "--help").stdout


# ---- properties -------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", PARSING, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_card_file_formats_idempotently_keeping_comments_includes_and_verdict(path, tmp_path):
    text = path.read_text(encoding="utf-8")
    out, _, _ = reformat(text, str(path))
    assert texts(out) == texts(text)
    assert reformat(out, str(path))[0] == out
    raw, again = read_gtc(text, str(path)).raw, read_gtc(out, str(path)).raw
    if isinstance(raw, RawSet):
        assert [i for i, _ in again.includes] == [i for i, _ in raw.includes]
    copy = tmp_path / path.parent.name
    shutil.copytree(path.parent, copy)
    cards, entries, findings = _verdict(copy / path.name)
    (copy / path.name).write_text(out, encoding="utf-8")
    # the same, but for old keyword spellings (SYN006): gt fmt writes today's words
    assert _verdict(copy / path.name) == (cards, entries, [f for f in findings if f[0] != "SYN006"])


SOURCES = [cards_dir() / "sample.gtc", cards_dir() / "sample-resources.gtc", SCENARIOS / "cards" / "base.gtc"]
BLOCKS = []  # every card of the sources, as the lines written for it
for source in SOURCES:
    block: list[str] = []
    for line in source.read_text(encoding="utf-8").splitlines():
        if line.split(" ")[0] in ("item", "spell", "resource"):
            if block:
                BLOCKS.append(block)
            block = [line]
        elif block and line.startswith("  "):
            block.append(line)
    BLOCKS.append(block)
SPELLINGS = {"item": ["ITEM", "Item"], "spell": ["Spell"], "resource": ["RESOURCE"], "vis": ["VIS"],
             "advance": ["Advance"], "votes": ["vote"]}
FRENCH = {"item": ["objet", "OBJET"], "spell": ["sort"], "resource": ["ressource"], "vis": ["vice"],
          "advance": ["développement", "developpement"], "base": ["BASE"]}


def _messy(line: str, rnd: random.Random, french: bool) -> str:
    """A line as a hurried person types it: extra spaces, other spellings of its keywords."""
    words = line.split(" ")
    for i, word in enumerate(words):
        choices = SPELLINGS.get(word, []) + (FRENCH.get(word, []) if french else [])
        if choices and rnd.random() < 0.3:
            words[i] = rnd.choice(choices)
    return (" " * rnd.randrange(3) if line.startswith("  ") else "") + (" " * rnd.randrange(1, 3)).join(words)


def _sprinkle(lines: list[str], data, rnd: random.Random) -> list[str]:
    """Comments where people write them: line ends, lines of their own, between two parts of a line."""
    for _ in range(data.draw(st.integers(1, 10))):
        note = "#" + data.draw(COMMENT_TEXT).replace("\r", "")
        n = rnd.randrange(len(lines) + 1)
        kind = rnd.randrange(5)
        if kind == 4 and n < len(lines) and "#" not in lines[n]:  # between any two words, if that still parses
            spaces = [i for i, ch in enumerate(lines[n]) if ch == " " and lines[n][:i].count('"') % 2 == 0
                      and lines[n][:i].strip()]
            if spaces:
                at = rnd.choice(spaces)
                tried = lines[:n] + [lines[n][:at] + " " + note, "   " + lines[n][at:].lstrip()] + lines[n + 1:]
                if not read_gtc("\n".join(tried) + "\n", "x.gtc").errors:
                    lines = tried
            continue
        if kind == 0 and n < len(lines) and lines[n].strip() and "#" not in lines[n]:
            lines[n] += " " * rnd.randrange(1, 4) + note
        elif kind == 1:
            lines[n:n] = [" " * rnd.randrange(0, 6) + note] + ([""] if rnd.random() < 0.3 else [])
        elif kind == 2 and n < len(lines) and "#" not in lines[n]:
            cuts = [i + 1 for i, ch in enumerate(lines[n]) if ch in ";," and lines[n][:i].count('"') % 2 == 0]
            cuts += [i for i in range(1, len(lines[n])) if lines[n][i - 1] == " " and lines[n][i:].split(" ")[0]
                     in ("type", "advance", "base", "slots", "copies", "category") and lines[n][:i].count('"') % 2 == 0]
            if cuts:
                at = rnd.choice(cuts)
                lines[n:n + 1] = [lines[n][:at] + " " + note, "   " + lines[n][at:].lstrip()]
        else:
            lines.insert(n, "")
    return lines


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.data())
def test_random_sets_with_comments_keep_them_in_order_and_check_the_same(tmp_path, data):
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    cards = rnd.sample(BLOCKS, data.draw(st.integers(1, 12)))
    lines = [data.draw(st.sampled_from(['set "Random" language fr', 'set "Random" version 2', ""]))]
    if rnd.random() < 0.3:
        lines.append('include "sample-resources.gtc"')
    for block in cards:
        lines.extend(_messy(line, rnd, "fr" in lines[0]) for line in block)
    text = "\n".join(_sprinkle(lines, data, rnd)) + "\n"
    path = tmp_path / "random.gtc"
    shutil.copy(cards_dir() / "sample-resources.gtc", tmp_path / "sample-resources.gtc")
    path.write_text(text, encoding="utf-8")
    parsed = read_gtc(text, str(path))
    assert not parsed.errors, (text, parsed.errors)
    assert [(c.line, c.col, c.text) for c in scan(text)] == lark_comments(text, "cards", parsed.lang)
    lang = data.draw(st.sampled_from([None, "en", "es", "fr", "it"]))
    out, _, _ = reformat(text, str(path), lang)
    assert texts(out) == texts(text)  # the same comments, in the same order
    assert reformat(out, str(path), lang)[0] == out  # idempotent
    before = _verdict(path)
    path.write_text(out, encoding="utf-8")
    after = _verdict(path)
    assert after[0] == before[0] and after[2] == before[2]  # the same cards, the same findings


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["es", "fr", "it"]), st.data())
def test_translations_with_comments_keep_them_in_order_and_mean_the_same(tmp_path, lang, data):
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    source = cards_dir() / f"sample.{lang}.gtc"
    lines = source.read_text(encoding="utf-8").splitlines()
    start = rnd.choice([n for n in range(2, len(lines)) if lines[n] and not lines[n].startswith(" ")])
    lines = lines[:2] + lines[start:start + rnd.randrange(1, 30)]  # the header and some entries
    text = "\n".join(_sprinkle(lines, data, rnd)) + "\n"
    path = tmp_path / source.name
    for name in ("sample.gtc", "sample-resources.gtc"):
        shutil.copy(cards_dir() / name, tmp_path / name)
    path.write_text(text, encoding="utf-8")
    out, kind, language = reformat(text, str(path))
    assert (kind, language) == ("translation", lang)
    assert texts(out) == texts(text) and reformat(out, str(path))[0] == out
    before = _verdict(path)
    path.write_text(out, encoding="utf-8")
    assert _verdict(path)[1:] == before[1:]
