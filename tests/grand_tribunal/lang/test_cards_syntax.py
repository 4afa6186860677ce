"""Reading a card file: words of every language, and every syntax error in one run.

* the word for "a slot of any category" is accepted in every language, with or without
  a ``language`` line;
* a keyword of another language is pointed out as such, naming the language;
* after a syntax error the file is read on from the next card: one run reports up to
  MAX_SYNTAX_ERRORS syntax errors and the problems of the cards read whole.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.core.diagnostics import InputError
from gtcli.grand_tribunal.lang.cards.sets import load, parse_gtc
from gtcli.grand_tribunal.lang.cards.syntax import MAX_SYNTAX_ERRORS, read_gtc
from gtcli.grand_tribunal.rules.cards import ANY
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, run, run_json


def _found(path) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.col) for d in load(path).diagnostics]


# ---- "any" in every language ----------------------------------------------------------------------
@pytest.mark.parametrize("word", ["any", "libre", "toute", "cualquiera", "qualsiasi", "LIBRE"])
@pytest.mark.parametrize("header", ["", 'set "S"\n', 'set "S" language en\n', 'set "S" language it\n'])
def test_the_any_word_of_every_language_is_accepted_everywhere(tmp_path, word, header):
    path = tmp_path / "s.gtc"
    path.write_text(f'{header}item "A" type staff advance 2 base 1 slots runic, {word}\n', encoding="utf-8")
    loaded = load(path)
    assert loaded.diagnostics == [] and loaded.card_set.cards[0].slots == ("runic", ANY)


def test_french_libre_and_spanish_cualquiera_without_a_language_line(tmp_path):
    fr, es = tmp_path / "fr.gtc", tmp_path / "es.gtc"
    fr.write_text('objet "A" type bâton avancement 2 base 1 emplacements libre\n', encoding="utf-8")
    es.write_text('ítem "A" tipo bastón avance 2 base 1 ranuras cualquiera\n', encoding="utf-8")
    for path in (fr, es):
        assert run("cards", "check", path).exit_code == 0


# ---- a keyword of another language -----------------------------------------------------------------
def test_a_keyword_of_another_language_names_both_languages(tmp_path):
    path = tmp_path / "f.gtc"
    path.write_text('set "F" language fr\noggetto "A" type bâton avancement 2 base 1\n', encoding="utf-8")
    (d,) = load(path).diagnostics
    assert (d.code, d.line, d.col) == ("SYN001", 2, 1)
    assert d.message == "unexpected 'oggetto': that is Italian for 'item'; this card file is French"
    assert d.hint == "in French: 'objet'"


def test_a_word_of_two_other_languages_and_a_keyword_of_two_words(tmp_path):
    path = tmp_path / "e.gtc"
    path.write_text('conjunto "E" idioma es\nhechizo "A" tipo rúnico\n  al lancio: gana 1 vis\n'
                    'hechizo "B" categoría rúnico\n  al lanzar: guadagna 1 vis\n', encoding="utf-8")
    messages = [d.message for d in load(path).diagnostics]
    assert messages == ["unexpected 'al lancio': that is Italian for 'on cast'; this card file is Spanish",
                        "unexpected 'guadagna': that is Italian for 'gain'; this card file is Spanish"]


def test_a_file_without_a_language_line_is_told_which_language_the_word_is(tmp_path):
    path = tmp_path / "g.gtc"
    path.write_text('objet "A" type bâton avancement 2 base 1 emplacements libre\n'
                    'oggetto "B" type bâton avancement 2 base 1\n', encoding="utf-8")
    (d,) = load(path).diagnostics
    assert (d.line, d.col) == (2, 1)  # read as French, the language that fits most of it
    assert d.message == "unexpected 'oggetto': that is Italian for 'item'; the rest of this card file reads as French"
    assert d.hint == "in French: 'objet'; or declare the language of the file in its header: set \"...\" language it"


def test_a_log_is_told_too():
    text = (SCENARIOS / "games" / "imprime-fr.gtl").read_text(encoding="utf-8").replace("; vote ", "; vota ", 1)
    from gtcli.grand_tribunal.lang.logs.check import parse_log

    with pytest.raises(InputError) as caught:
        parse_log(text, "game.gtl")
    (d,) = caught.value.diagnostics
    assert d.message == "unexpected 'vota': that is Spanish and Italian for 'vote'; this log is French"
    assert d.hint == "in French: 'vote'"


def test_a_word_this_language_has_is_not_called_foreign(tmp_path):
    path = tmp_path / "f.gtc"
    path.write_text('set "F" language fr\nobjet "A" type bâton a 2\n', encoding="utf-8")  # "à" in French too
    (d,) = load(path).diagnostics
    assert d.message == "unexpected 'a'" and "that is" not in d.message


# ---- every syntax error in one run --------------------------------------------------------------------
MANY = '''set "X" language en
item "A" type staff advnce 2 base 1
item "B" type staff advance 2 base 1 slots elemental
spell "C" category runic
  on cast: gain vis
resource "D"
  on play: manual "x" @
resource "G" copies 99
item H type staff
resource "I"
  on play: gain 2 vis
  while in vault: extra turn
spell "J" category runic
  on cast choose $x player: gain 1 vis
spell "K" category runic
  on cast: place 1 vote on
'''


def test_one_run_reports_every_syntax_error_and_the_problems_of_the_other_cards(tmp_path):
    path = tmp_path / "many.gtc"
    path.write_text(MANY, encoding="utf-8")
    assert _found(path) == [("SYN001", 2, 21), ("SYN001", 5, 17), ("SYN002", 7, 23), ("SYN001", 9, 6),
                            ("SYN001", 16, 25), ("CARD005", 8, 14), ("CARD012", 12, 19)]
    # the unused choice of "J" (CARD007) is a warning: left out while the file does not parse
    result = run("cards", "check", path, "--json")
    assert result.exit_code == 2 and len(json.loads(result.stdout)["files"][0]["diagnostics"]) == 7


def test_the_cards_read_whole_are_all_there(tmp_path):
    path = tmp_path / "many.gtc"
    path.write_text(MANY, encoding="utf-8")
    parsed = read_gtc(MANY, str(path))
    assert [c.name for c in parsed.raw.cards] == ["B", "G", "I", "J"]


def test_the_number_of_syntax_errors_is_capped(tmp_path):
    path = tmp_path / "bad.gtc"
    path.write_text("".join(f'item "A{n}" type staff advnce 2\n' for n in range(30)), encoding="utf-8")
    diagnostics = load(path).diagnostics
    assert [d.line for d in diagnostics] == list(range(1, MAX_SYNTAX_ERRORS + 1))
    assert diagnostics[-1].message.endswith("(the 10th syntax error: the rest of the file is not read)")


def test_a_translation_goes_on_at_the_next_entry_but_not_past_a_broken_header(tmp_path):
    (tmp_path / "mini.gtc").write_text('item "W" type wand advance 2 base 1\nspell "S" category runic\n'
                                       'resource "R"\n', encoding="utf-8")
    path = tmp_path / "mini.es.gtc"
    path.write_text('traducción de "mini.gtc" idioma es\nítem "W" como Varita\nhechizo "S" como "Runa"\n'
                    'recurso "R" como "Recurso" texto\n', encoding="utf-8")
    assert _found(path) == [("SYN001", 2, 15), ("SYN001", 4, 28)]
    path.write_text('traducción de mini.gtc idioma es\nítem "W" como "Varita"\nhechizo "S" como\n',
                    encoding="utf-8")
    assert [code for code, _, _ in _found(path)] == ["SYN001"]


def test_strict_parsing_raises_every_error_at_once():
    with pytest.raises(InputError) as caught:
        parse_gtc(MANY, "many.gtc")
    assert [d.line for d in caught.value.diagnostics] == [2, 5, 7, 9, 16]


# ---- properties: breaking one card reports that card only -------------------------------------------
SAMPLE_LINES = (cards_dir() / "sample.gtc").read_text(encoding="utf-8").splitlines()
CARD_STARTS = [n for n, line in enumerate(SAMPLE_LINES) if line.split(" ")[0] in ("item", "spell", "resource")]
BREAKS = ["@", '"', "advnce", "on cast gain", ": :", "choose", "vis vis", "item", "9 9", "$"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_breaking_cards_reports_those_cards_only_and_keeps_the_rest(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("broken")
    (folder / "sample-resources.gtc").write_text((cards_dir() / "sample-resources.gtc").read_text(encoding="utf-8"),
                                                 encoding="utf-8")
    lines = list(SAMPLE_LINES)
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    broken = sorted(rnd.sample(range(len(CARD_STARTS)), data.draw(st.integers(1, 6))))
    spans = []
    for index in broken:
        start = CARD_STARTS[index]
        end = CARD_STARTS[index + 1] if index + 1 < len(CARD_STARTS) else len(lines)
        n = rnd.randrange(start, end)
        cut = rnd.randrange(len(lines[n].split("#")[0]) + 1)
        lines[n] = lines[n][:cut] + " " + data.draw(st.sampled_from(BREAKS)) + " " + lines[n][cut:]
        spans.append((start + 1, end))
    path = folder / "sample.gtc"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded = load(path)
    for d in loaded.diagnostics:  # every finding is inside a broken card (or the card after it, for
        # a line that now starts like a card), and nothing is reported about the cards left alone
        assert any(first <= d.line <= last + 2 for first, last in spans), (d, spans)
        assert d.severity == "error"
    if loaded.card_set is not None:
        names = {c.name for c in loaded.card_set.cards}
        # a card is left out with its syntax error; so is the card above it when the error is
        # at the start of an indented line (read as part of that card)
        untouched = [SAMPLE_LINES[CARD_STARTS[i]].split('"')[1] for i in range(len(CARD_STARTS))
                     if not {i - 1, i, i + 1} & set(broken)]
        assert set(untouched) <= names


def test_recovery_parses_at_worst_a_few_times_per_error():
    """The hostile worst case: every line broken, in a file near the token budget."""
    text = "".join(f'item "A{n}" type staff advnce {n}\n' for n in range(5000))
    parsed = read_gtc(text, "big.gtc")
    assert len(parsed.errors) == MAX_SYNTAX_ERRORS and parsed.raw is None


def test_check_json_of_a_file_with_several_syntax_errors(tmp_path):
    path = tmp_path / "many.gtc"
    path.write_text(MANY, encoding="utf-8")
    data = run_json("cards", "check", path)
    codes = [d["code"] for d in data["files"][0]["diagnostics"]]
    assert codes.count("SYN001") == 4 and "CARD005" in codes
