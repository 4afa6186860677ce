"""Translations an author can trust: checked with their set, unambiguous, complete, not stale."""

from __future__ import annotations

import json
import shutil

import pytest

from gtcli.core.parsing.comments import texts
from gtcli.grand_tribunal.lang.cards.exchange import fingerprint
from gtcli.grand_tribunal.lang.cards.sets import load, load_set
from gtcli.grand_tribunal.rules.effects import PRIMITIVES
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import ROOT, run, run_json

BASE = ('set "Mini" version 1 language en\n'
        'item "Plain Wand" type wand advance 2 base 1 slots runic\n'
        'spell "Spark" category elemental\n  text "Gain one Vis."\n  on cast: gain 1 vis\n'
        'resource "Omen"\n  on play: manual "Look at the top card of any deck."\n')


@pytest.fixture
def mini(tmp_path):
    path = tmp_path / "mini.gtc"
    path.write_text(BASE, encoding="utf-8")
    return path


def _translation(path, body: str, lang: str = "es", target=None, of: str = "mini.gtc"):
    target = target or path.with_name(f"mini.{lang}.gtc")
    target.write_text(f'traducción de "{of}" idioma {lang}\n' + body, encoding="utf-8")
    return target


def _codes(data) -> dict[str, list[str]]:
    return {f["file"].rsplit("/", 1)[-1]: sorted(d["code"] for d in f["diagnostics"]) for f in data["files"]}


COMPLETE_ES = ('ítem "Plain Wand" como "Varita Simple"\nhechizo "Spark" como "Chispa"\n  texto "Gana un Vis."\n'
               'recurso "Omen" como "Presagio"\n  manual "Mira la primera carta de un mazo."\n')


# ---- checking a set checks its translations ------------------------------------------------

def test_checking_a_set_checks_the_translations_beside_it(mini):
    _translation(mini, COMPLETE_ES.replace('"Spark"', '"Sparks"'))
    result = run("cards", "check", mini, "--json")
    assert _codes(json.loads(result.stdout)) == {"mini.gtc": [], "mini.es.gtc": ["CARD013", "CARD014"]}
    assert result.exit_code == 1


def test_a_translation_named_on_the_command_line_too_is_checked_once(mini):
    _translation(mini, COMPLETE_ES)
    result = run("cards", "check", mini.with_name("mini.es.gtc"), mini)
    assert result.exit_code == 0 and result.stdout.strip().endswith("2 file(s) checked: clean")


def test_translations_listed_in_the_set(mini, tmp_path):
    _translation(mini, COMPLETE_ES.replace('"Chispa"', '"Chispa"\n  huella "0"'), target=tmp_path / "espanol.gtc")
    mini.write_text(BASE + 'translations "espanol.gtc"\n')
    data = json.loads(run("cards", "check", mini, "--json").stdout)
    # the listed file was found and checked (its fingerprint is wrong: a warning there)
    assert _codes(data) == {"mini.gtc": [], "espanol.gtc": ["CARD019"]}


def test_a_listed_translation_outside_the_folder_or_of_another_set(mini, tmp_path):
    other = tmp_path / "other.gtc"
    other.write_text('set "Other" language en\nresource "Omen"\n')
    (tmp_path / "other.es.gtc").write_text('traducción de "other.gtc" idioma es\nrecurso "Omen" como "Presagio"\n')
    mini.write_text(BASE + 'translations "../x.es.gtc", "missing.gtc", "other.es.gtc"\n')
    data = json.loads(run("cards", "check", mini, "--json").stdout)
    mini_report = next(f for f in data["files"] if f["file"].endswith("mini.gtc"))
    assert [(d["code"], d["line"], d["col"]) for d in mini_report["diagnostics"]] == [
        ("CARD009", 8, 14), ("CARD009", 8, 29), ("CARD009", 8, 44)]
    assert "translates 'other.gtc', not this set" in mini_report["diagnostics"][2]["message"]


def test_the_shipped_set_is_checked_with_its_three_translations():
    result = run("cards", "check", cards_dir() / "sample.gtc")
    assert result.exit_code == 0
    assert "sample.gtc: set 'Sample', 43 cards, 48 copies" in result.stdout
    for lang in ("es", "fr", "it"):
        assert f"sample.{lang}.gtc: {lang} translation of sample.gtc, 43 of 43 cards translated" in result.stdout
    assert result.stdout.strip().endswith("4 file(s) checked: clean")


# ---- one name, one card ---------------------------------------------------------------------

def test_two_cards_translated_to_one_name_is_an_error(mini):
    path = _translation(mini, COMPLETE_ES.replace('"Presagio"', '"varita simple"'))
    data = json.loads(run("cards", "check", path, "--json").stdout)
    errors = [d for d in data["files"][0]["diagnostics"] if d["severity"] == "error"]
    assert [(d["code"], d["line"]) for d in errors] == [("CARD004", 5)]
    assert "like 'Plain Wand'" in errors[0]["message"] and "ambiguous" in errors[0]["hint"]


def test_names_equal_up_to_accents_collide_too(mini):
    path = _translation(mini, COMPLETE_ES.replace('"Chispa"', '"Varita Símple"'))
    assert "CARD004" in [d.code for d in load(path).diagnostics]


def test_a_translated_name_that_is_another_cards_name_is_an_error(mini):
    path = _translation(mini, COMPLETE_ES.replace('"Chispa"', '"omen"'))
    diagnostics = [d for d in load(path).diagnostics if d.code == "CARD004"]
    assert len(diagnostics) == 1 and "another card of the set" in diagnostics[0].message


def test_keeping_a_cards_own_name_is_fine(mini):
    path = _translation(mini, COMPLETE_ES.replace('"Chispa"', '"Spark"'))
    assert load(path).diagnostics == []


# ---- manual texts are translated -----------------------------------------------------------------

def test_manual_texts_are_translated_and_shown(mini):
    _translation(mini, COMPLETE_ES)
    card = run_json("cards", "show", mini, "Presagio", "--lang", "es")["card"]
    assert card["rules"] == ["Al jugarlo: Mira la primera carta de un mazo."]
    assert card["effects"] == 'al jugar: manual "Mira la primera carta de un mazo."'


def test_a_missing_manual_text_is_a_warning_and_an_extra_one_an_error(mini):
    missing = _translation(mini, COMPLETE_ES.replace('  manual "Mira la primera carta de un mazo."\n', ""))
    found = [(d.code, d.severity) for d in load(missing).diagnostics]
    assert found == [("CARD014", "warning")]
    extra = _translation(mini, COMPLETE_ES + '  manual "Otra."\n')
    assert [(d.code, d.line, d.col) for d in load(extra).diagnostics] == [("CARD013", 7, 3)]


def test_show_in_french_prints_no_english_inside_french_words():
    out = run("cards", "show", cards_dir() / "sample.gtc", "--lang", "fr").stdout
    for english in ("Effects", "Voting", "nobody", "Look"):  # words of the set's three manual texts
        assert english not in out
    assert "Nomme" in out and "Regarde" in out
    rules = [r for c in run_json("cards", "show", cards_dir() / "sample.gtc", "--lang", "fr")["cards"]
             for r in c["rules"]]
    assert "Quand tu le lances\u00a0: Nomme une case de la piste de vote ; jusqu'à ton prochain tour, " \
           "personne n'y vote." in rules


def test_untranslated_words_are_marked_not_mixed_in(mini):
    _translation(mini, 'ítem "Plain Wand" como "Varita Simple"\n')
    cards = run_json("cards", "show", mini, "--lang", "es")["cards"]
    omen = next(c for c in cards if c["original"] == "Omen")
    assert omen["rules"] == ["Al jugarlo: (sin traducir) Look at the top card of any deck."]


# ---- a translation remembers what it translated ------------------------------------------------

def test_template_writes_fingerprints_and_a_changed_card_is_stale(mini):
    assert run("cards", "template", mini, "--lang", "fr").exit_code == 0
    path = mini.with_name("mini.fr.gtc")
    text = path.read_text()
    spark = load_set(mini).find("Spark")
    assert f'empreinte "{fingerprint(spark)}"' in text
    path.write_text(text.replace('"Spark" comme ""', '"Spark" comme "Étincelle"')
                    .replace('texte ""', 'texte "Gagne un Vis."'))
    assert [d.code for d in load(path).diagnostics if d.code == "CARD019"] == []
    mini.write_text(BASE.replace("gain 1 vis", "gain 2 vis"))  # the card changes after translation
    stale = [d for d in load(path).diagnostics if d.code == "CARD019"]
    assert len(stale) == 1 and stale[0].severity == "warning" and "'Spark' has changed" in stale[0].message
    new = fingerprint(load_set(mini).find("Spark"))
    assert stale[0].hint.endswith(f'empreinte "{new}"')
    # rewriting the template keeps the translator's fingerprint: the warning stays until reviewed
    assert run("cards", "template", mini, "--lang", "fr", "--force").exit_code == 0
    assert [d.code for d in load(path).diagnostics if d.code == "CARD019"] == ["CARD019"]


def test_an_entry_not_translated_yet_is_never_stale(mini):
    path = _translation(mini, 'ítem "Plain Wand" como ""\n  huella "0"\n')
    assert "CARD019" not in [d.code for d in load(path).diagnostics]


def test_fingerprint_covers_name_text_and_effects_not_costs():
    cs = load_set(cards_dir() / "sample.gtc")
    from dataclasses import replace

    staff = cs.find("Heavy Censer")
    assert fingerprint(replace(staff, advance=1, base=1, copies=3)) == fingerprint(staff)
    assert fingerprint(replace(staff, text="Other.")) != fingerprint(staff)
    assert fingerprint(replace(staff, name="Other")) != fingerprint(staff)
    assert fingerprint(replace(staff, effects=())) != fingerprint(staff)


def test_the_shipped_translations_carry_fingerprints():
    for lang in ("es", "fr", "it"):
        entries = load(cards_dir() / f"sample.{lang}.gtc").translation.entries
        assert all(e.fingerprint for e in entries) and len(entries) == 43


# ---- gt cards template ------------------------------------------------------------------------

def test_template_to_stdout_writes_no_file(mini):
    result = run("cards", "template", mini, "--lang", "it", "-o", "-")
    assert result.exit_code == 0 and result.stdout.startswith("# Translation of 'Mini' into it")
    assert 'risorsa "Omen" come ""\n' in result.stdout and '  manuale ""\n' in result.stdout
    assert not mini.with_name("mini.it.gtc").exists()


def test_template_counts_what_is_left(mini):
    result = run("cards", "template", mini, "--lang", "es")
    assert result.stdout.strip().endswith("3 cards, 3 left to translate.")
    path = mini.with_name("mini.es.gtc")
    path.write_text(path.read_text().replace('"Plain Wand" como ""', '"Plain Wand" como "Varita"')
                    .replace('"Spark" como ""', '"Spark" como "Chispa"'))  # Spark's text is still to do
    data = run_json("cards", "template", mini, "--lang", "es", "--force")
    assert (data["cards"], data["left"], data["text"]) == (3, 2, None)
    assert data["file"] == str(path) and 'como "Varita"' in path.read_text()


def test_template_json_to_stdout(mini):
    data = run_json("cards", "template", mini, "--lang", "fr", "-o", "-")
    assert data["file"] is None and data["left"] == 3 and data["text"].startswith("# Translation")


def test_card014_hint_is_written_in_the_files_language(mini):
    path = _translation(mini, 'ítem "Plain Wand" como "Varita Simple"\n')
    hints = [d.hint for d in load(path).diagnostics if d.code == "CARD014"]
    assert 'add: hechizo "Spark" como "..."' in hints and 'add: recurso "Omen" como "..."' in hints


# ---- docs and behaviour agree -----------------------------------------------------------------

def test_a_slot_category_the_set_does_not_declare_is_card003(tmp_path):
    path = tmp_path / "c.gtc"
    path.write_text('set "C" language en\ncategories fire, water\n'
                    'item "A" type orb advance 2 base 1 slots fire, earth, watr\n')
    diagnostics = load(path).diagnostics
    assert [(d.code, d.col) for d in diagnostics] == [("CARD003", 48), ("CARD003", 55)]
    assert diagnostics[0].hint == "the set's categories: fire, water, or `any`"
    assert diagnostics[1].hint.startswith("did you mean 'water'?") and "fire, water" in diagnostics[1].hint


def test_an_unknown_slot_category_in_a_published_set_lists_the_categories(tmp_path):
    path = tmp_path / "c.gtc"
    path.write_text('item "A" type orb advance 2 base 1 slots earth\n')
    (d,) = load(path).diagnostics
    assert d.code == "CARD002" and "elemental" in d.hint and "`any`" in d.hint


def test_burn_and_transmute_take_a_chosen_item_only(tmp_path):
    page = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    for op in ("burn", "transmute"):
        assert "this" not in PRIMITIVES[op].syntax and f"`{op} $item | this`" not in page
        path = tmp_path / f"{op}.gtc"
        path.write_text(f'spell "S" category runic\n  on cast: {op} this\n')
        (d,) = load(path).diagnostics
        assert d.code == "CARD006" and d.hint == "let the player choose an item: choose $item item"


def test_one_count_of_cards_everywhere(tmp_path):
    sample = cards_dir() / "sample.gtc"
    check = json.loads(run("cards", "check", sample, "--json").stdout)["files"][0]
    assert (check["cards"], check["copies"]) == (43, 48)
    assert "(en, 43 cards, 48 copies)" in run("cards", "show", sample).stdout
    assert run_json("cards", "show", sample)["count"] == {"cards": 43, "copies": 48}
    assert "<title>Sample — 43 cards, 48 copies</title>" in run("cards", "render", sample).stdout
    assert "43 cartes, 48 exemplaires" in run("cards", "render", sample, "--lang", "fr").stdout


def test_too_many_copies_says_cards_and_copies(tmp_path):
    path = tmp_path / "many.gtc"
    path.write_text("".join(f'resource "R{n}" copies 10\n' for n in range(51)))
    (d,) = [d for d in load(path).diagnostics if d.code == "CARD017"]
    assert d.message == "the set holds 51 cards, 510 copies; the limit is 500 copies"


def test_the_workflow_in_the_docs_runs(tmp_path):
    """docs/cards.md walks write -> check -> render -> translate -> check on cards/sample.gtc."""
    for name in ("sample.gtc", "sample-resources.gtc"):
        shutil.copy(cards_dir() / name, tmp_path / name)
    sample = tmp_path / "sample.gtc"
    assert run("cards", "check", sample).exit_code == 0
    assert run("fmt", *sorted(tmp_path.glob("*.gtc")), "--write").exit_code == 0
    assert run("cards", "render", sample, "-o", tmp_path / "cards.html").exit_code == 0
    assert run("cards", "template", sample, "--lang", "it").exit_code == 0
    result = run("cards", "check", sample)
    assert result.exit_code == 0 and "sample.it.gtc: it translation of sample.gtc, 0 of 43 cards translated" \
        in result.stdout
    assert run("fmt", *sorted(tmp_path.glob("*.gtc")), "--check").exit_code == 0  # a template is formatted


# ---- gt cards template --force: the translator's work and comments stay ---------------------------

FOUR = ('set "Four" language en\n'
        'item "Wand" type wand advance 2 base 1 slots runic\n'
        'spell "Spark" category elemental\n  text "Gain one Vis."\n  on cast: gain 1 vis\n'
        'resource "Omen"\n  on play: manual "Look at the top card."\n'
        'resource "Relic"\n')


def test_template_force_keeps_comments_beside_their_entries_when_the_set_changes(tmp_path):
    base = tmp_path / "four.gtc"
    base.write_text(FOUR, encoding="utf-8")
    assert run("cards", "template", base, "--lang", "es").exit_code == 0
    path = tmp_path / "four.es.gtc"
    done = (path.read_text()
            .replace('ítem "Wand" como ""', '# Ana checked the box\nítem "Wand" como "Varita"  # as on the box')
            .replace('hechizo "Spark" como ""', 'hechizo "Spark" como "Chispa"')
            .replace('  texto ""', '  # literal, not "ganar"\n  texto "Gana un Vis."  # short')
            .replace('recurso "Relic" como ""', '# the old one\nrecurso "Relic" como "Reliquia"  # sure?')
            + "# to do: ask Maria\n")
    path.write_text(done, encoding="utf-8")
    # the set changes: Spark moves first, Relic goes, a new card comes
    base.write_text(FOUR.replace('resource "Relic"\n', 'item "Staff" type staff advance 3 base 2\n')
                    .replace('item "Wand" type wand advance 2 base 1 slots runic\n', '')
                    + 'item "Wand" type wand advance 2 base 1 slots runic\n', encoding="utf-8")
    result = run("cards", "template", base, "--lang", "es", "--force")
    assert result.exit_code == 0 and result.stderr == ""  # nothing moved to the end
    text = path.read_text()
    assert ('hechizo "Spark" como "Chispa"\n  huella "cbd2bdc35fc9"\n  # literal, not "ganar"\n  # Gain one Vis.\n'
            '  texto "Gana un Vis."  # short\n') in text
    assert '\n# Ana checked the box\nítem "Wand" como "Varita"  # as on the box\n  huella "' in text
    assert text.index('"Spark"') < text.index('"Omen"') < text.index('"Staff"') < text.index('"Wand"')
    assert text.endswith('\n\n# Entries for cards four.gtc no longer has, or given twice (kept so that no work is '
                         'lost):\n'
                         '# the old one\n# recurso "Relic" como "Reliquia"\n# sure?\n#   huella "bcd25ca8a6c9"\n'
                         '# to do: ask Maria\n')
    assert texts(text).count("# Gain one Vis.") == 1
    again = run("cards", "template", base, "--lang", "es", "--force")
    assert again.exit_code == 0 and path.read_text() == text  # a second rewrite changes nothing
    assert run("fmt", path, "--check").exit_code == 0  # and the file is formatted


def test_template_force_counts_what_is_left_per_card(tmp_path):
    base = tmp_path / "four.gtc"
    base.write_text(FOUR, encoding="utf-8")
    path = tmp_path / "four.es.gtc"
    path.write_text('traducción de "four.gtc" idioma es\n'
                    'ítem "Wand" como "Varita"\n'  # done
                    'hechizo "Spark" como "Chispa"\n'  # its text is left
                    'recurso "Omen" como "Presagio"\n  manual ""\n'  # its manual text is left
                    'recurso "Relic" como "Varita"\n', encoding="utf-8")  # done (though a duplicate: CARD004)
    data = run_json("cards", "template", base, "--lang", "es", "--force")
    assert (data["cards"], data["left"]) == (4, 2)
    shown = run_json("cards", "template", base, "--lang", "es", "-o", "-")
    assert shown["left"] == 2 and 'recurso "Relic" como "Varita"' in shown["text"]


def test_template_force_keeps_the_work_of_the_file_it_rewrites_whatever_its_name(tmp_path):
    base = tmp_path / "four.gtc"
    base.write_text(FOUR, encoding="utf-8")
    mine = tmp_path / "mine.gtc"
    mine.write_text('traducción de "four.gtc" idioma es\nítem "Wand" como "Varita"  # mine\n', encoding="utf-8")
    assert run("cards", "template", base, "--lang", "es", "-o", mine, "--force").exit_code == 0
    assert 'ítem "Wand" como "Varita"  # mine\n' in mine.read_text()
    other = tmp_path / "other.gtc"  # a translation into another language: nothing of it is taken over
    other.write_text('traduction de "four.gtc" langue fr\nobjet "Wand" comme "Baguette"  # fr\n', encoding="utf-8")
    result = run("cards", "template", base, "--lang", "es", "-o", other, "--force")
    assert result.exit_code == 0 and "1 comment(s)" in result.stderr and "Baguette" not in other.read_text()
    assert other.read_text().endswith("could not be kept:\n# fr\n")


def test_template_force_refuses_a_file_that_does_not_parse_or_is_a_set(tmp_path):
    base = tmp_path / "four.gtc"
    base.write_text(FOUR, encoding="utf-8")
    path = tmp_path / "four.es.gtc"
    broken = 'traducción de "four.gtc" idioma es\nítem "Wand" como Varita\nhechizo "Spark" como\n'
    path.write_text(broken, encoding="utf-8")
    result = run("cards", "template", base, "--lang", "es", "--force")
    assert result.exit_code == 2 and result.stderr.count("SYN001") == 2 and "nothing was written" in result.stderr
    assert path.read_text() == broken
    refused = run("cards", "template", base, "--lang", "es", "-o", base, "--force")
    assert refused.exit_code == 2 and "is a card set, not a translation" in refused.stderr
    assert base.read_text() == FOUR


def test_a_template_of_the_old_layout_does_not_get_its_notes_twice(tmp_path):
    base = tmp_path / "four.gtc"
    base.write_text(FOUR, encoding="utf-8")
    path = tmp_path / "four.es.gtc"  # as gt wrote templates before: the set's words below the line
    path.write_text("# Translation of 'Four' into es. Fill in each name after 'como' (and every 'texto' and "
                    "'manual'), then run: gt cards check four.gtc\ntraducción de \"four.gtc\" idioma es\n\n"
                    'hechizo "Spark" como "Chispa"\n  texto ""\n  # Gain one Vis.\n'
                    'recurso "Omen" como ""\n  manual ""\n  # Look at the top card.\n', encoding="utf-8")
    assert run("cards", "template", base, "--lang", "es", "--force").exit_code == 0
    text = path.read_text()
    assert texts(text).count("# Gain one Vis.") == 1 and texts(text).count("# Look at the top card.") == 1
    assert texts(text)[0].startswith("# Translation of 'Four'") and len(texts(text)) == 3
