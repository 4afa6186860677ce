"""gtcli.core.parsing.fast_lalr runs Lark's own tables: it must give Lark's answer for every text.

Valid text: the same result, positions included (compared through ``repr``, which shows
the positions that ``==`` ignores). Invalid text: the engine gives up and Lark's parser
raises its own error, so the only way to differ would be to accept a text Lark refuses,
or refuse one Lark accepts; both are checked on every shipped log and card file, and on
damaged copies of them.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Token, Tree

from gtcli.core.parsing.fast_lalr import _NoParse
from gtcli.grand_tribunal.lang.keywords import LANGUAGES
from gtcli.grand_tribunal.lang.loader import parse_function, parser
from gtcli.grand_tribunal.lang.logs.ast import LogTransformer
from tests.conftest import ROOT, SCENARIOS, mutate_lines

LOGS = sorted(SCENARIOS.rglob("*.gtl"))
CARD_FILES = sorted([*SCENARIOS.glob("cards/*.gtc"), *(ROOT / "cards").glob("*.gtc")])
FRAGMENTS = ['"', "?x", "$a=", ";", "9", "-", "é", ":", "[", "]", ",", "force \"x\" ", "grand tribunal", "face up",
             "#", "\n", "activate", "1" * 120, "each other player", "vote"]


def _shown(value) -> str:
    """A value with every position in it: trees with their meta, tokens with line and column."""
    if isinstance(value, Tree):
        meta = value.meta
        where = (getattr(meta, "line", None), getattr(meta, "column", None), getattr(meta, "end_line", None),
                 getattr(meta, "end_column", None))
        return f"{value.data}{where}[" + ", ".join(_shown(c) for c in value.children) + "]"
    if isinstance(value, Token):
        return f"{value.type}:{value!r}@{value.line}:{value.column}-{value.end_line}:{value.end_column}"
    return repr(value)


def _outcome(parse, text: str) -> str:
    try:
        return "ok " + _shown(parse(text))
    except _NoParse:
        return "gave up"  # fast_parse then asks Lark, whose error the user sees
    except Exception as exc:  # noqa: BLE001 - Lark's errors and the lexer's limits alike
        return "syntax error" if type(exc).__module__.startswith("lark") else f"raised {exc!r}"


def _engines(grammar: str, lang: str):
    transformer = LogTransformer if grammar == "transcript" else None
    lark = parser(grammar, lang, transformer)
    fast = parse_function(grammar, lang, transformer)
    if transformer is not None:
        lark.options.transformer.path = "test.gtl"
    return fast.engine.parse, lark.parse


def _same(grammar: str, lang: str, text: str) -> None:
    """The engine's result or error is Lark's; where it gives up, Lark finds an error too."""
    engine, lark = _engines(grammar, lang)
    mine, larks = _outcome(engine, text), _outcome(lark, text)
    if mine == "gave up":
        assert not larks.startswith("ok"), larks
    else:
        assert mine == larks


@pytest.mark.parametrize("grammar", ["transcript", "cards"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_engine_runs_with_the_installed_lark(grammar, lang):
    """Not Lark's own parse by a silent fallback: the tables are driven by fast_lalr."""
    fast = parse_function(grammar, lang, LogTransformer if grammar == "transcript" else None)
    assert hasattr(fast, "engine")


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_every_shipped_log_parses_as_lark_parses_it(path):
    text = path.read_text(encoding="utf-8")
    for lang in LANGUAGES:
        _same("transcript", lang, text)


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: p.name)
def test_every_shipped_card_file_parses_as_lark_parses_it(path):
    text = path.read_text(encoding="utf-8")
    for lang in LANGUAGES:
        _same("cards", lang, text)


GAME = (SCENARIOS / "games" / "cinco-jugadores.gtl").read_text(encoding="utf-8")
CARDS = (ROOT / "cards" / "sample.gtc").read_text(encoding="utf-8")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(LANGUAGES))
def test_damaged_logs_get_lark_s_answer(data, lang):
    lines = mutate_lines(GAME, data, 4, FRAGMENTS)
    _same("transcript", lang, "\n".join(lines) + "\n")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_damaged_card_files_get_lark_s_answer(data):
    lines = mutate_lines(CARDS, data, 4, FRAGMENTS)
    _same("cards", "en", "\n".join(lines) + "\n")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS + ["Ana", ":", "vote staff", '"Kindle"', "12", "round 1 praeco Ana",
                                             "tribunal 1", "\n", " "]), max_size=30))
def test_word_salad_gets_lark_s_answer(words):
    _same("transcript", "en", " ".join(words))


def test_an_error_raised_by_a_callback_passes_through():
    """A number too long is the lexer callback's InputError, from the engine as from Lark."""
    engine, lark = _engines("transcript", "en")
    text = '[Players "Ana"]\ntribunal ' + "9" * 200 + "\n"
    assert _outcome(engine, text) == _outcome(lark, text)
    assert _outcome(engine, text).startswith("raised InputError")
    fast = parse_function("transcript", "en", LogTransformer)
    text = '[Players "Ana"]\ntribunal 1 ' + "9" * 200 + "\n"  # a number where none may be: Lark's lexer
    assert _outcome(engine, text) == "gave up"  # tells it apart with its limits applied
    assert _outcome(fast, text) == _outcome(lark, text) != "syntax error"


@pytest.mark.parametrize("regexp, starts", [
    (r"\s+", None), (r'"(?:[^"\\\n]|\\.)*"', '"'), (r"\d+", "0123456789"), (r"(?i:(?:items|item)(?![\w'-]))", "Ii"),
    (r"[^\W\d_][\w'-]*", None), (r"a*b", "ab"), (r"(?:x|)y", "xy"), (r"#[^\n]*", "#"), (r"a?", None),
])
def test_first_characters_never_leaves_one_out(regexp, starts):
    """What the dispatch relies on: every ASCII character a match can begin with is listed."""
    import re

    from gtcli.core.parsing.fast_lalr import first_characters

    found = first_characters(regexp)
    if regexp == "a?":
        assert found is None  # may match the empty string: tried everywhere
        return
    able = {c for c in map(chr, range(128)) if re.match(regexp, c + "b" * 3) or re.match(regexp, c + '"')}
    assert able <= found
    if starts is not None:
        assert found == frozenset(starts)


def test_the_first_character_dispatch_gives_lark_s_tokens(monkeypatch):
    """With every character's alternation compiled at once (not after 100 uses), same results."""
    from gtcli.core.parsing import fast_lalr

    monkeypatch.setattr(fast_lalr._Dispatch, "COMPILE_AFTER", 1)
    for lang in LANGUAGES:
        lark = parser("transcript", lang, LogTransformer)
        lark.options.transformer.path = "test.gtl"
        engine = fast_lalr._Engine.from_lark(lark, lark.gt_description)
        for path in LOGS:
            text = path.read_text(encoding="utf-8")
            mine, larks = _outcome(engine.parse, text), _outcome(lark.parse, text)
            assert mine == larks or (mine == "gave up" and not larks.startswith("ok")), path
        assert any(len(d.compiled) for d, *_ in engine.lexers.values())


def test_a_broken_log_without_a_language_is_parsed_by_lark_once(monkeypatch):
    """Each language is tried by the engine alone; Lark parses again only for the error reported."""
    from gtcli.core.diagnostics import InputError
    from gtcli.grand_tribunal.lang.logs.check import parse_log

    text = (SCENARIOS / "games" / "three-players.gtl").read_text(encoding="utf-8") + "Ana: vote nowhere-at-all ;;\n"
    calls = []
    for lang in LANGUAGES:
        lark = parser("transcript", lang, LogTransformer)
        monkeypatch.setattr(lark, "parse", lambda text, lang=lang, real=lark.parse: calls.append(lang) or real(text))
    parse_function.cache_clear()  # the engines are made again around the counting parsers
    try:
        with pytest.raises(InputError) as raised:
            parse_log(text, "g.gtl")
        assert calls == ["en"]  # the error is the first language's, as when every language was tried whole
        (d,) = raised.value.diagnostics
        assert (d.code, d.line) == ("SYN001", text.count("\n"))
        assert parse_log(text.replace(";;", ""), "g.gtl").events  # a log that parses needs no Lark parse
        assert calls == ["en"]
    finally:
        parse_function.cache_clear()


LARK_PROBE = """
import json, sys
from gtcli.core.diagnostics import InputError
from gtcli.grand_tribunal.lang.logs.check import parse_log
found = []
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    try:
        log = parse_log(text, path)
        found.append(["ok", repr(log), "lark" in sys.modules])
    except InputError as exc:
        found.append(["error", [d.to_json() for d in exc.diagnostics], "lark" in sys.modules])
print(json.dumps(found))
"""


def _probe(tmp_path, *paths) -> list:
    """What a fresh interpreter makes of each log in turn, and whether Lark was imported by then."""
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", LARK_PROBE, *map(str, paths)], capture_output=True, text=True,
                          env=env, check=True)
    return json.loads(done.stdout)


def test_a_warm_cache_parses_a_clean_log_without_importing_lark(tmp_path):
    """The cached tables' plain description runs without Lark; a syntax error is still Lark's own.

    The log is one the quick reader (gtcli.grand_tribunal.lang.logs.quick) declines, a player
    being named as the first word of a keyword, so that the LALR path reads it."""
    from gtcli.grand_tribunal.lang.logs.quick import read_log

    game = SCENARIOS / "games" / "three-players.gtl"
    clean, broken = tmp_path / "clean.gtl", tmp_path / "broken.gtl"
    clean.write_text(game.read_text(encoding="utf-8") + "face: pass\n", encoding="utf-8")
    assert read_log(clean.read_text(encoding="utf-8"), str(clean), "en") is None
    broken.write_text(game.read_text(encoding="utf-8") + "Ana: vote nowhere-at-all ;;\n", encoding="utf-8")
    (quick,) = _probe(tmp_path, game)  # the quick reader needs no tables: Lark is not imported even now
    assert quick[0] == "ok" and quick[2] is False
    (cold_clean, cold_broken) = _probe(tmp_path, clean, broken)  # the tables built (Lark imported) and kept
    assert cold_clean[0] == "ok" and cold_clean[2] is True
    (warm_clean, warm_broken) = _probe(tmp_path, clean, broken)
    assert warm_clean == ["ok", cold_clean[1], False]  # same result, positions included; Lark never imported
    assert warm_broken == cold_broken  # Lark imported to parse it again: the very same SYN diagnostic
    assert warm_broken[0] == "error" and warm_broken[1][0]["code"] == "SYN001" and warm_broken[2] is True


def test_the_engine_without_lark_gives_the_tokens_of_lark_s_engine():
    """Every shipped log, every language: the plain engine (own tokens, no Lark objects) and the
    engine over Lark's objects give the same result, or both give up."""
    from gtcli.core.parsing import fast_lalr, plain

    for lang in LANGUAGES:
        lark = parser("transcript", lang, LogTransformer)
        lark.options.transformer.path = "test.gtl"
        with_lark = fast_lalr._Engine.from_lark(lark, lark.gt_description)
        without = fast_lalr._Engine.from_plain(lark.gt_description, lark.options.transformer,
                                               lark.lexer_conf.callbacks)
        assert without.token is plain.Token and with_lark.token is Token
        for path in LOGS:
            text = path.read_text(encoding="utf-8")
            assert _outcome(without.parse, text) == _outcome(with_lark.parse, text), path


def test_the_plain_token_reads_as_lark_s():
    from gtcli.core.parsing.plain import Token as PlainToken

    mine = str.__new__(PlainToken, "vote")
    mine.type, mine.value, mine.line, mine.column = "VOTE", "vote", 3, 7
    theirs = Token("VOTE", "vote", line=3, column=7)
    assert mine == theirs == "vote" and hash(mine) == hash(theirs) and str(mine) == "vote"
    assert (mine.type, mine.line, mine.column) == (theirs.type, theirs.line, theirs.column)
