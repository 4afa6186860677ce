"""The quick reader of logs (gtcli.grand_tribunal.lang.logs.quick) against the LALR path it shortcuts.

For any text the quick reader gives exactly the Log the LALR path gives -- every field,
every position (which ``==`` does not compare: :func:`differences` walks the dataclasses),
the interned names, the SYN006 warnings -- or it declines (None) and the LALR path runs.
It must never accept a text the LALR path refuses. And the logs gt reads every day (the
shipped ones, generated games in the four languages, what ``gt play`` parses) must take
the quick path, or the speed silently goes.
"""

from __future__ import annotations

import dataclasses
import random
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in
from gtcli.grand_tribunal.lang.keywords import DEPRECATED, KEYWORDS, LANGUAGES, spelling, words
from gtcli.grand_tribunal.lang.logs import check, quick
from gtcli.grand_tribunal.lang.logs.ast import LogTransformer
from gtcli.grand_tribunal.lang.logs.check import declared_language, parse_log
from gtcli.grand_tribunal.lang.logs.format import format_log
from gtcli.grand_tribunal.lang.logs.quick_patterns import keyword_patterns
from gtcli.grand_tribunal.lang.syntax import parses
from gtcli.grand_tribunal.play.simulation import random_game
from gtcli.grand_tribunal.rules.log import CardRef, Word
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import ROOT

LOGS = sorted(p for folder in ("scenarios", "benchmarks/logs", "tests/hostile") for p in (ROOT / folder).rglob("*.gtl"))
SAMPLE = cards_dir() / "sample.gtc"
CARD_SET = load_set(SAMPLE)


def differences(a, b, where: str = "log") -> str | None:
    """Where ``a`` and ``b`` differ, positions included (dataclasses field by field), or None."""
    if type(a) is not type(b):
        return f"{where}: {type(a).__name__} {a!r} / {type(b).__name__} {b!r}"
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            found = differences(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
            if found:
                return found
        return None
    if isinstance(a, (tuple, list)):
        if len(a) != len(b):
            return f"{where}: {len(a)} items / {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            found = differences(x, y, f"{where}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{where}: {a!r} / {b!r}"


def lalr(text: str, lang: str, path: str = "test.gtl"):
    return parses(text, "transcript", lang, path, LogTransformer)


def same(text: str, lang: str, path: str = "test.gtl", quick_path: bool = False):
    """The quick reader's Log is the LALR path's, or it declines (never where the LALR path reads
    the text if ``quick_path``); returns the quick reader's Log."""
    mine = quick.read_log(text, path, lang)
    theirs = lalr(text, lang, path)
    if mine is None:
        assert not (quick_path and theirs is not None), f"declined a text the LALR path reads ({lang})"
        return None
    assert theirs is not None, f"read a text the LALR path refuses ({lang}):\n{text}"
    assert differences(mine, theirs) is None, differences(mine, theirs)
    assert all(name is sys.intern(name) for name in _names(mine))  # interned, as the LALR path's
    return mine


def _names(value):
    """Every player's, space's and (named) card's name in ``value``: the ones the LALR path interns."""
    if isinstance(value, Word):
        yield value.text
    elif isinstance(value, CardRef):
        if value.handle is None:
            yield value.name
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from _names(getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _names(item)


# ---- the logs gt reads ---------------------------------------------------------------------------------
@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_shipped_log_reads_as_the_lalr_path_reads_it(path):
    text = path.read_text(encoding="utf-8")
    declared = declared_language(text)
    for lang in LANGUAGES:
        same(text, lang, str(path), quick_path=lang == (declared or "en"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_games_in_every_language_take_the_quick_path(lang, seed):
    log = random_game(CARD_SET, 3 + seed % 3, seed, language=lang)
    text = format_log(log, lang, CARD_SET.vocabulary, names_in(CARD_SET, SAMPLE, lang))
    assert same(text, lang, quick_path=True) is not None
    assert same(text.replace("\n", "\r\n"), lang, quick_path=True) is not None


def test_gt_play_s_inputs_take_the_quick_path():
    """The tail of a log gt play parses again (after as many new lines as precede it) and a typed line."""
    text = (ROOT / "scenarios" / "games" / "three-players.gtl").read_text(encoding="utf-8")
    log = parse_log(text, "game.gtl")
    lines = text.split("\n")
    for event in log.events[::7]:
        start = sum(len(line) + 1 for line in lines[:event.pos.line - 1])
        tail = "\n" * (event.pos.line - 1) + text[start:]
        assert same(tail, log.language, "game.gtl", quick_path=True) is not None
    for typed in ("Ana: vote library\n", 'Ben: sanctum "Kindle", "Glass Orb"; advance "Kindle" 2\n', "Caro: pass\n"):
        assert same(typed, "en", "<typed>", quick_path=True) is not None


def test_parse_log_takes_the_quick_path(monkeypatch):
    """Declared or not, a shipped log is read without the LALR path (which is made to fail here)."""
    def refuse(*args, **kwargs):
        raise AssertionError("the LALR path ran")

    monkeypatch.setattr("gtcli.grand_tribunal.lang.syntax.parses", refuse)
    monkeypatch.setattr("gtcli.grand_tribunal.lang.syntax.parse", refuse)
    for name in ("three-players.gtl", "cinco-jugadores.gtl"):
        text = (ROOT / "scenarios" / "games" / name).read_text(encoding="utf-8")
        assert parse_log(text, name).events
    undeclared = (ROOT / "scenarios" / "games" / "three-players.gtl").read_text(encoding="utf-8")
    assert declared_language(undeclared) is None
    assert parse_log(undeclared, "x.gtl").language == "en"


def test_parse_log_falls_back_for_what_the_quick_reader_declines():
    text = '[Players "Ana, Ben"]\nface: pass\n'  # a player named as the first word of "face up"
    assert quick.read_log(text, "x.gtl", "en") is None
    assert parse_log(text, "x.gtl").events[0].player.text == "face"
    with pytest.raises(check.InputError) as caught:
        parse_log('[Players "Ana"]\nAna: vote\n', "x.gtl")
    assert caught.value.diagnostics[0].code == "SYN001"


def test_an_undeclared_log_gets_the_first_language_that_reads_it():
    text = "tour 1 praeco Ana\nAna: passe\n"  # French, undeclared: English and Spanish refuse it
    assert parse_log(text, "x.gtl").language == "fr"
    assert quick.read_log(text, "x.gtl", "fr") is not None


# ---- the keywords are Lark's ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_keywords_are_the_grammar_s_terminals(lang):
    from gtcli.grand_tribunal.lang.loader import parser

    terminals = {t.name: t.pattern.to_regexp() for t in parser("transcript", lang, LogTransformer).terminals}
    for name, regexp in keyword_patterns(lang).items():
        assert regexp.endswith(f"(?>{terminals[name]})"), name


def test_the_logged_keywords_are_the_grammar_s():
    from gtcli.grand_tribunal.lang import loader
    from gtcli.grand_tribunal.lang.logs import quick_patterns

    grammar = loader.grammar_text("transcript", "en")
    assert set(quick_patterns.LOGGED) == set(re.findall(r"^([A-Z_]+)\.2: ", grammar, re.M))
    assert quick_patterns.MAX_DIGITS == loader.MAX_DIGITS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guards_are_where_lark_s_own_patterns_overlap(lang):
    """The guards, worked out from the keywords' words, are where the compiled terminals match a
    start of another keyword's word."""
    from gtcli.grand_tribunal.lang.logs.quick_patterns import LOGGED

    terminals = {name: re.compile(keyword_patterns(lang)[name].split("(?>", 1)[1][:-1]) for name in LOGGED}
    for name in LOGGED:
        for other in LOGGED:
            overlap = other != name and (any(terminals[other].match(w) for w in words(name, lang))
                                         or any(terminals[name].match(w) for w in words(other, lang)))
            guarded = f"(?!{terminals[other].pattern})" in keyword_patterns(lang)[name]
            assert guarded <= overlap, (name, other)
            if overlap and not guarded:  # only a keyword of several words before one of one word
                assert r"\s+" in terminals[name].pattern and r"\s+" not in terminals[other].pattern


def test_keywords_where_another_may_match_are_guarded():
    """Italian TO (``a``) starts FACE_UP (``a faccia in su``): at a TO, Lark might read FACE_UP."""
    assert keyword_patterns("it")["TO"].startswith("(?!")
    assert not keyword_patterns("en")["TO"].startswith("(?!")


def test_only_vote_has_old_spellings_in_logs():
    """The quick reader reports SYN006 for VOTE only (quick.reader declines a language otherwise)."""
    logged = set(keyword_patterns("en"))
    assert {k for k in DEPRECATED if k in logged} == {"VOTE"}
    assert all(quick.patterns(lang) is not None for lang in LANGUAGES)


def test_old_spellings_warn_as_on_the_lalr_path():
    for lang in LANGUAGES:
        for old in DEPRECATED["VOTE"].get(lang, ()) + DEPRECATED["VOTE"]["en"]:
            text = f"round 1 praeco Ana\nAna: {old} x; vote y; {old.upper()} z\n"
            log = same(text, lang)
            if log is not None and fold_in(old, lang):
                assert [d.code for d in log.deprecated] == ["SYN006", "SYN006"]


def fold_in(word: str, lang: str) -> bool:
    from gtcli.grand_tribunal.lang.keywords import is_deprecated

    return is_deprecated("VOTE", word, lang)


# ---- texts that are almost logs ---------------------------------------------------------------------------
GAME = (ROOT / "scenarios" / "games" / "cinco-jugadores.gtl").read_text(encoding="utf-8")
TRIO = (ROOT / "scenarios" / "games" / "three-players.gtl").read_text(encoding="utf-8")
TOKEN = re.compile(r'#[^\n]*|"(?:[^"\\\n]|\\.)*"|[?$]?[\w\'-]+|[^\w\s]|\s+')
ODD = ["face", "up", "face up", "face\nup", "a faccia\nin su", "a", "round", "Round", "ROUND", "vote", "votes", "voto",
       "tribunal", "grand\t tribunal", "# note", "#", "\n", "\r\n", "\t", "  ", '"', '"\\"x"', "?a", '?a "B"', "$x=",
       "Ánа", "Zoë", "名前", "é", "e\u0301", "٣", "1" * 99, "1" * 101, "0", "-", "+", ";", ",", ":", "[", "]", "=",
       "item", "ítem", "ITEMS", "oggetto", "sanctum", "regio", "force \"x\"", "others", "each other player",
       "gather", "uncontested", "3:1", "pass", "name", "activate", "with $a=b", "draw", "refill", "to hand",
       "scoperta", "boca arriba", "mise en\nplace", "ronda", "tour", "manche", "Ana", "Ben"]


def _tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def _mutated(text: str, data) -> str:
    parts = _tokens(text)
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(1, 4))):
        n = rnd.randrange(len(parts))
        edit = data.draw(st.sampled_from(["delete", "duplicate", "swap", "case", "insert", "space", "accent"]))
        if edit == "delete":
            del parts[n]
        elif edit == "duplicate":
            parts.insert(rnd.randrange(len(parts)), parts[n])
        elif edit == "swap":
            m = rnd.randrange(len(parts))
            parts[n], parts[m] = parts[m], parts[n]
        elif edit == "case":
            parts[n] = rnd.choice([str.upper, str.lower, str.title, str.swapcase])(parts[n])
        elif edit == "insert":
            parts.insert(n, data.draw(st.sampled_from(ODD)))
        elif edit == "space":
            parts.insert(n, rnd.choice([" ", "\n", "\t", "\r\n", " # c\n", "\n\n", "\u00a0", "\u2003"]))
        else:
            parts[n] = parts[n].replace("e", "é").replace("a", "à").replace("o", "ó")
    return "".join(parts)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(LANGUAGES), st.sampled_from(["game", "trio"]))
def test_damaged_logs_read_as_the_lalr_path_reads_them_or_are_declined(data, lang, which):
    text = _mutated(GAME if which == "game" else TRIO, data)
    same(text, lang)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ODD + ["Ana:", 'vote staff', '"Kindle"', "12", "round 1 praeco Ana", "tribunal 1",
                                       "Ana: activate Ben \"Kindle\"", "Ben: draw item face up \"A\" refill \"B\"",
                                       'play "X" with $a=Ana, $b="Y" draw "Z" discard "W" manual "m"',
                                       "vis +2 from regio", 'vis -1 to "Kindle"', "gather contested 3 roll 2 others",
                                       "Ana 4", "setup", "hand Ana \"A\"", "trackers 1, 2", "row spell \"A\"",
                                       "scores Ana 3, Ben 4", "winner Ana", "[Players \"Ana\"]"]), max_size=25),
       st.sampled_from(LANGUAGES), st.sampled_from([" ", "\n", ""]))
def test_word_salad_reads_as_the_lalr_path_reads_it_or_is_declined(parts, lang, glue):
    same(glue.join(parts), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_keywords_as_player_names_are_declined_or_read_right(lang):
    for keyword in KEYWORDS:
        for word in words(keyword, lang):
            name = word.split()[0]
            if not re.fullmatch(r"[^\W\d_][\w'-]*", name):
                continue
            for text in (f"{name}: pass\n", f"round 1 praeco {name}\nAna: vote {name}\n",
                         f"Ana: praeco a, {name}\nscores {name} 3\n", f"winner Ana, {name}\n",
                         f"Ana: {spelling('VIS', lang)} +1 {spelling('TO', lang)} {name}\n"):
                same(text, lang)


def test_huge_numbers_and_odd_names():
    for text in ("tribunal " + "9" * 100 + "\n", "tribunal " + "9" * 101 + "\n", "Zoë: extract ٣\n",
                 "名前: vote 場所\n", "Ana: vis -0\n", 'Ana: name ?a "B\\"c"\n', "Ana: advance ?a 1, \"B\" 2\n",
                 "Ana: extract 1abc: pass\n", "Ana:extract 1;pass", "  # only a comment", ""):
        for lang in LANGUAGES:
            same(text, lang)


def _respaced(text: str, data) -> str:
    """``text`` with other spacing, comments at line ends, CRLF, keywords in other cases and without
    accents: the same log to Lark (a formatted log breaks no keyword over two lines)."""
    import unicodedata

    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    out = []
    for part in _tokens(text):
        if part.isspace():
            if "\n" in part:
                part = rnd.choice(["\n", "\r\n", " # note\n", "\n\n  ", "\t\n", "\n#\n", part])
            else:
                part = rnd.choice([" ", "\t", "  ", "\n", " \n ", part])
        elif part[0].isalpha() and rnd.random() < 0.3:
            part = rnd.choice([str.upper, str.lower, str.title])(part)
            if rnd.random() < 0.5:
                part = "".join(c for c in unicodedata.normalize("NFD", part) if not unicodedata.combining(c))
        elif part in (",", ";", ":", "=") and rnd.random() < 0.3:
            part = rnd.choice([" ", "\n", "\t"]) + part + rnd.choice(["", " ", "\n"])
        out.append(part)
    return "".join(out)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(LANGUAGES), st.integers(0, 1000))
def test_respaced_logs_take_the_quick_path(data, lang, seed):
    log = random_game(CARD_SET, 3, seed, language=lang)
    text = format_log(log, lang, CARD_SET.vocabulary, names_in(CARD_SET, SAMPLE, lang))
    assert same(_respaced(text, data), lang, quick_path=True) is not None


def test_card_lists_over_several_lines_with_handles_and_comments():
    """A card list's quoted cards are built inline while on the current line: lists spread over lines,
    with comments and handles between them, read as the LALR path reads them."""
    text = ('setup\n  hand Ana "Kindle", # first\n  ?a, ?b "Glass Orb",\n\n "Ember Wand" # last\n'
            '  row item "Glass Orb",\r\n ?c,"Kindle"\nAna: sanctum "Kindle",\n ?a "Glass Orb" , "Ember Wand";\n'
            '  discard ?x, # a comment\n  "Kindle"\n')
    assert same(text, "en", quick_path=True) is not None
    assert same(text.replace("\n", "\n\n"), "en", quick_path=True) is not None


def test_reads_the_same_without_cython(monkeypatch):
    """The compiled build's declarations need Cython only to compile: the source, imported where there
    is no cython module, reads logs as it does with one."""
    import importlib.util

    from pathlib import Path

    monkeypatch.setitem(sys.modules, "cython", None)  # import cython: ImportError
    source = Path(quick.__file__).with_name("quick.py")  # (the source, even next to a compiled module)
    spec = importlib.util.spec_from_file_location("quick_without_cython", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.cython.__module__ == "gtcli.core.cython_stub"  # the stand-in, not Cython's
    for path in LOGS[:40]:
        text = path.read_text(encoding="utf-8")
        lang = declared_language(text) or "en"
        mine, theirs = module.read_log(text, str(path), lang), quick.read_log(text, str(path), lang)
        assert (mine is None) == (theirs is None), path
        assert mine is None or differences(mine, theirs) is None, differences(mine, theirs)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='"\\\nab é\'', max_size=12))
def test_strings_match_as_the_grammar_s_strings(text):
    """quick_patterns.STRING is the grammar's STRING with its loop unrolled: the same matches."""
    from gtcli.grand_tribunal.lang.logs.quick_patterns import STRING

    grammar = (ROOT / "grammar" / "transcript.lark").read_text(encoding="utf-8")
    theirs = re.search(r"^STRING: /(.*)/$", grammar, re.M).group(1)
    for at in range(len(text) + 1):
        mine, lark = re.compile(STRING).match(text, at), re.compile(theirs).match(text, at)
        assert (mine and mine.end()) == (lark and lark.end()), (text, at)
