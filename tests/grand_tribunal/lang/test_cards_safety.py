"""Card sets from strangers: bounds, includes, and fuzzing for tracebacks."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.grand_tribunal.lang.cards.sets import load
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import mutate_lines, run

SAMPLE_TEXT = (cards_dir() / "sample.gtc").read_text(encoding="utf-8")


def codes(path):
    return [d.code for d in load(path).diagnostics]


def test_include_cycle(tmp_path):
    (tmp_path / "a.gtc").write_text('include "b.gtc"\n')
    (tmp_path / "b.gtc").write_text('include "a.gtc"\n')
    assert codes(tmp_path / "a.gtc") == ["CARD009"]


def test_include_depth_is_bounded(tmp_path):
    for n in range(12):
        (tmp_path / f"f{n}.gtc").write_text(f'include "f{n + 1}.gtc"\n')
    (tmp_path / "f12.gtc").write_text('resource "Deep"\n')
    assert codes(tmp_path / "f0.gtc") == ["CARD017"]


def test_include_missing_and_absolute(tmp_path):
    (tmp_path / "a.gtc").write_text('include "nope.gtc"\ninclude "/etc/passwd"\n')
    assert codes(tmp_path / "a.gtc") == ["CARD009", "CARD009"]


def test_file_size_is_bounded(tmp_path):
    path = tmp_path / "big.gtc"
    path.write_text("# " + "x" * 1_100_000 + "\n")
    result = run("cards", "check", path)
    assert result.exit_code == 1 and "CARD017" in result.stdout


def test_too_many_cards(tmp_path):
    path = tmp_path / "many.gtc"
    path.write_text("".join(f'resource "R{n}" copies 10\n' for n in range(51)))
    assert "CARD017" in codes(path)


def test_huge_numbers_are_range_errors_not_crashes(tmp_path):
    path = tmp_path / "n.gtc"
    path.write_text('item "A" type orb advance 99999999999999999999 base 1\n')
    assert codes(path) == ["CARD005"]


def _check_text(text: str, suffix: str = ".gtc") -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz{suffix}"
        path.write_text(text, encoding="utf-8")
        result = run("cards", "check", path, "--format", "json")
        assert result.exit_code in (0, 1, 2)
        json.loads(result.stdout)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_random_text_never_crashes(text):
    _check_text(text)


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_mutated_sample_never_crashes(data):
    lines = mutate_lines(SAMPLE_TEXT, data, 4, ['"', "$", ":", ";", "99", "-", "é", "\\"])
    _check_text("\n".join(lines).replace('include "sample-resources.gtc"', ""))


@settings(max_examples=40, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=12))
def test_random_json_sets_never_crash(value):
    card = {"kind": "item", "name": "A", "type": "orb", "advance": 2, "base": 1, "effects": [value]}
    _check_text(json.dumps({"name": "F", "cards": [card, value]}), ".json")
