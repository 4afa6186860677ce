"""The card-set language: keyword tables, strict builds, the sample set, round trips."""

from __future__ import annotations

import json

import pytest

from gtcli.grand_tribunal.lang import keywords
from gtcli.grand_tribunal.lang.cards.check import SetChecker
from gtcli.grand_tribunal.lang.cards.exchange import raw_from_file, to_json, to_toml
from gtcli.grand_tribunal.lang.cards.format import format_set
from gtcli.grand_tribunal.lang.cards.sets import load, load_set, parse_gtc
from gtcli.grand_tribunal.lang.cards.syntax import detect_language
from gtcli.grand_tribunal.lang.loader import grammar_text, strict_parser
from gtcli.grand_tribunal.rules.cards import ANY
from gtcli.grand_tribunal.rules.effects import PRIMITIVES, TRIGGERS
from gtcli.grand_tribunal.shipped import cards_dir, published_vocabulary
from tests.conftest import ROOT, run, run_json

SAMPLE = cards_dir() / "sample.gtc"


@pytest.mark.parametrize("lang", keywords.LANGUAGES)
def test_strict_lalr_build_has_no_collisions(lang):
    strict_parser("cards", lang)


def test_strict_build_catches_a_keyword_collision(monkeypatch):
    from lark.exceptions import LexError

    table = dict(keywords.KEYWORDS)
    table["PUT"] = {**table["PUT"], "es": ("paga",)}  # "paga" already means PAY in Spanish
    monkeypatch.setattr(keywords, "KEYWORDS", table)
    grammar_text.cache_clear()
    try:
        with pytest.raises(LexError, match="Collision"):
            strict_parser("cards", "es")
    finally:
        grammar_text.cache_clear()


def test_sample_set_is_clean_and_about_forty_cards():
    loaded = load(SAMPLE)
    assert loaded.diagnostics == []
    assert 35 <= len(loaded.card_set.cards) <= 50


def test_sample_uses_every_type_category_slot_kind_trigger_and_primitive():
    cs = load_set(SAMPLE)
    vocab = published_vocabulary()
    assert {c.type for c in cs.cards if c.type} == {t.key for t in vocab.item_types}
    assert {c.category for c in cs.cards if c.category} == {t.key for t in vocab.spell_categories}
    slots = {s for c in cs.cards for s in c.slots}
    assert slots == {t.key for t in vocab.spell_categories} | {ANY}
    assert {e.trigger for c in cs.cards for e in c.effects} == set(TRIGGERS)
    assert {s.op for c in cs.cards for e in c.effects for s in e.steps} == set(PRIMITIVES)


def test_sample_says_it_is_invented():
    assert "NOT the published card list" in SAMPLE.read_text()


@pytest.mark.parametrize("lang", ["es", "fr", "it"])
def test_sample_translations_check_clean(lang):
    loaded = load(cards_dir() / f"sample.{lang}.gtc")
    assert loaded.diagnostics == []
    assert loaded.translation.language == lang
    assert len(loaded.translation.entries) == len(loaded.card_set.cards)


@pytest.mark.parametrize("lang", keywords.LANGUAGES)
def test_sample_written_in_each_language_reads_back_the_same(lang):
    cs = load_set(SAMPLE)
    text = format_set(cs, lang)
    assert detect_language(text) == lang
    checker = SetChecker(published_vocabulary())
    again = checker.check(parse_gtc(text, f"sample.{lang}.gtc"))
    assert checker.diagnostics == []
    assert again.cards == cs.cards


@pytest.mark.parametrize("fmt,dump", [("toml", to_toml), ("json", to_json)])
def test_export_load_round_trips_exactly(tmp_path, fmt, dump):
    cs = load_set(SAMPLE)
    text = dump(cs)
    path = tmp_path / f"sample.{fmt}"
    path.write_text(text, encoding="utf-8")
    again = load_set(path)
    assert again.cards == cs.cards
    assert dump(again) == text


def test_english_keywords_work_in_every_language():
    text = 'conjunto "Mixto" idioma es\nítem "A" type orb avance 2 base 1 slots runic\n'
    cs = SetChecker(published_vocabulary()).check(parse_gtc(text, "m.gtc"))
    assert cs.language == "es" and cs.cards[0].advance == 2


def test_keywords_ignore_case_and_accents():
    text = 'CONJUNTO "X" IDIOMA es\nITEM "A" TIPO Baston AVANCE 2 BASE 1 RANURAS runico, CUALQUIERA\n'
    cs = SetChecker(published_vocabulary()).check(parse_gtc(text, "x.gtc"))
    assert cs.cards[0].type == "staff" and cs.cards[0].slots == ("runic", ANY)


def test_french_accepts_vice_for_vis():
    text = 'ensemble "X" langue fr\nressource "R"\n  en jouant: gagne 2 VICE\n'
    cs = SetChecker(published_vocabulary()).check(parse_gtc(text, "x.gtc"))
    assert cs.cards[0].effects[0].steps[0].amount == 2


def test_language_detected_without_header():
    cs = SetChecker(published_vocabulary()).check(parse_gtc('oggetto "A" tipo globo studio 2 base 1\n', "x.gtc"))
    assert cs.cards[0].type == "orb" and cs.cards[0].advance == 2


def test_custom_vocabulary():
    text = 'set "Custom" language en\ntypes ring, orb\ncategories fire\nitem "R" type ring advance 1 base 1 slots fire\n'
    cs = SetChecker(published_vocabulary()).check(parse_gtc(text, "c.gtc"))
    assert cs.custom_vocabulary and cs.cards[0].type == "ring" and cs.cards[0].slots == ("fire",)


def test_this_reference_and_its_kind():
    ok = 'item "A" type orb advance 2 base 1\nspell "S" category runic\n  on cast: activate this\n'
    checker = SetChecker(published_vocabulary())
    checker.check(parse_gtc(ok, "t.gtc"))
    assert checker.diagnostics == []
    bad = 'spell "S" category runic\n  on cast: burn this\n'
    checker = SetChecker(published_vocabulary())
    checker.check(parse_gtc(bad, "t.gtc"))
    assert [d.code for d in checker.diagnostics] == ["CARD006"]


@pytest.mark.parametrize(
    "effect,code",
    [("place 2 votes on $s", "CARD006"), ("place 2 votes on $s, $s different", "CARD006"),
     ("move 1 vote from $s to $s", "CARD006"), ("draw 1 resource face-up to hand", "CARD006"),
     ("gain 0 vis", "CARD005"), ("gain 99 vis", "CARD005")],
)
def test_effect_shapes(effect, code):
    text = f'resource "R"\n  on play choose $s space: {effect}\n'
    checker = SetChecker(published_vocabulary())
    checker.check(parse_gtc(text, "t.gtc"))
    assert code in [d.code for d in checker.diagnostics]


def test_lasting_effects_cannot_be_one_off_or_choose():
    text = 'item "A" type orb advance 2 base 1\n  while active: gain 1 vis\n'
    checker = SetChecker(published_vocabulary())
    checker.check(parse_gtc(text, "t.gtc"))
    assert [d.code for d in checker.diagnostics] == ["CARD012"]


def test_reference_page_documents_every_primitive():
    page = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    for primitive in PRIMITIVES.values():
        assert f"`{primitive.syntax}`" in page, primitive.op


# ---- export in another language's keywords: the names and texts keep theirs (issue 21) -----------
@pytest.mark.parametrize("lang", keywords.LANGUAGES)
def test_export_gtc_in_any_language_loads_back_the_same_set_and_translations(tmp_path, lang):
    """Texts, manual steps and translations present: the exported set, beside the sample's
    translations, is the same set, and every translation still fits it (no "not translated")."""
    import shutil

    original = load_set(SAMPLE)
    assert any(c.text for c in original.cards) and any(c.manual_texts() for c in original.cards)
    exported = tmp_path / "sample.gtc"
    result = run("cards", "export", SAMPLE, "--format", "gtc", "--lang", lang, "-o", exported)
    assert result.exit_code == 0, result.output
    for other in ("es", "fr", "it"):
        shutil.copy(cards_dir() / f"sample.{other}.gtc", tmp_path)
    again = load_set(exported)
    same = ("name", "version", "language", "cards", "vocabulary", "custom_vocabulary")
    assert [getattr(again, f) for f in same] == [getattr(original, f) for f in same]
    assert detect_language(exported.read_text(encoding="utf-8")) == lang
    checked = run("cards", "check", exported, "--format", "json")
    assert checked.exit_code == 0 and [d for f in json.loads(checked.stdout)["files"] for d in f["diagnostics"]] == []
    for shown in keywords.LANGUAGES:
        mine = run_json("cards", "show", exported, "--lang", shown)
        theirs = run_json("cards", "show", SAMPLE, "--lang", shown)
        assert mine["cards"] == theirs["cards"] and mine["language"] == theirs["language"] == shown
        assert "not translated" not in json.dumps(mine)
    assert run("cards", "export", exported, "--format", "gtc", "--lang", lang).stdout == \
        exported.read_text(encoding="utf-8")


def test_a_set_says_the_language_of_its_texts_apart_from_its_keywords():
    text = 'conjunto "Mixto" idioma es texto en\nítem "Storm Staff" tipo bastón avance 2 base 1\n'
    cs = SetChecker(published_vocabulary()).check(parse_gtc(text, "m.gtc"))
    assert cs.language == "en" and cs.cards[0].type == "staff"
    plain = SetChecker(published_vocabulary()).check(parse_gtc(text.replace(" texto en", ""), "m.gtc"))
    assert plain.language == "es"  # a file without it: the texts are in the keywords' language, as before


def test_fmt_lang_keeps_the_language_of_the_texts(tmp_path):
    path = tmp_path / "s.gtc"
    path.write_text('set "S" language en\nitem "Storm Staff" type staff advance 2 base 1\n'
                    '  text "Made of storms."\n', encoding="utf-8")
    result = run("fmt", path, "--lang", "fr")
    assert result.exit_code == 0 and result.stdout.splitlines()[0] == 'ensemble "S" langue fr texte en'
    path.write_text(result.stdout, encoding="utf-8")
    assert load_set(path).language == "en"
    back = run("fmt", path, "--lang", "en")
    assert back.stdout.splitlines()[0] == 'set "S" language en'  # the same language twice is said once
