"""Property tests for logs: formatting round-trips, and no input produces a traceback."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in
from gtcli.grand_tribunal.lang.logs.check import Options, check_file, parse_log
from gtcli.grand_tribunal.lang.logs.format import format_log
from gtcli.grand_tribunal.play.simulation import random_game
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, mutate_lines, run

SAMPLE = cards_dir() / "sample.gtc"
CARD_SET = load_set(SAMPLE)
GAME_TEXT = (SCENARIOS / "games" / "three-players.gtl").read_text(encoding="utf-8")


def _summary(result):
    return (result.state.totals, result.winners, [(d.code, d.line, d.col) for d in result.diagnostics])


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from([3, 4, 5]), st.sampled_from(["en", "es", "fr", "it"]))
def test_generated_games_round_trip_through_the_formatter(seed, players, lang):
    log = random_game(CARD_SET, players, seed, language=lang)
    names = names_in(CARD_SET, SAMPLE, lang)
    text = format_log(log, lang, CARD_SET.vocabulary, names)
    with tempfile.TemporaryDirectory() as folder:
        first = Path(folder) / "a.gtl"
        first.write_text(text, encoding="utf-8")
        once = check_file(str(first), Options())
        again = format_log(parse_log(text, str(first)), lang, CARD_SET.vocabulary, names)
        assert again == text  # format -> parse -> format is stable
        second = Path(folder) / "b.gtl"
        second.write_text(again, encoding="utf-8")
        twice = check_file(str(second), Options())
    assert once.result.complete
    assert [d for d in once.result.diagnostics if d.severity == "error"] == []
    assert once.result.state.totals == twice.result.state.totals
    assert once.result.winners == twice.result.winners


def _check_text(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.gtl"
        path.write_text(text, encoding="utf-8")
        for args in (("check", path), ("replay", path), ("fmt", path)):
            result = run(*args)
            assert result.exit_code in (0, 1, 2), (args, result.output)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_mutated_logs_never_crash(data):
    lines = mutate_lines(GAME_TEXT, data, 5, ['"', "?x", "$a=", ";", "9", "-", "é", ":", "[", "force \"x\" "],
                         lambda line: line.replace("1", "7").replace("Ana", "Anna"))
    _check_text("\n".join(lines) + "\n")


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=300))
def test_random_text_never_crashes(text):
    _check_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n' + text)
