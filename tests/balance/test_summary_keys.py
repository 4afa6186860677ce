"""A games.jsonl line is checked for a key twice by counting its colons (issue 41: reading a summary cheaper).

:func:`gtcli.balance.sources.summary_keys` bounds from below the keys of a parsed line (the dicts a
summary keeps its fields in); the core's bounded reader takes the line at once when the bound equals
its colons, and checks every object otherwise. Whatever a stranger hides in a line -- a key twice in
an unknown field, in a player's flow, in a Tribunal's scores, a colon in a card's name -- the line
is read or left out as the check of every object decides, for the same reason.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.balance.sources import Exclusions, Repeats, parse_line, read_games, summary_keys
from gtcli.core.files.json_source import JsonProblem, loads_bounded
from tests.balance.synthetic import record

GAME = record(random.Random(5), 4, bots=["greedy", "random", "greedy", "random"])
LINE = json.dumps({"index": 3, "seed": 9, "study": "s", "summary": GAME})


def checked(line: bytes):
    """The line as the reader without a bound decides it: its value, or its reason."""
    try:
        return loads_bounded(line, lines=False), None
    except JsonProblem as exc:
        return None, exc.why


def objects(text: str) -> list[int]:
    """Where each object of a JSON text opens (outside strings)."""
    found, inside, escaped = [], False, False
    for i, ch in enumerate(text):
        if inside:
            inside, escaped = (not (ch == '"' and not escaped)), (ch == "\\" and not escaped)
        elif ch == '"':
            inside = True
        elif ch == "{":
            found.append(i)
    return found


def test_a_line_gt_writes_is_taken_at_once():
    """Every colon of a summary gt writes is one of the keys the bound counts: the fast path is the usual one."""
    for seed in range(20):
        game = record(random.Random(seed), 3 + seed % 3, bots=["greedy", "mcts"] * 3)
        line = json.dumps({"index": seed, "seed": seed, "study": "s", "summary": game}).encode()
        assert summary_keys(json.loads(line)) == line.count(b":")


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_key_twice_anywhere_in_a_line_is_refused_as_before(data):
    """A pair given again in any object of a summary line (the one before it, repeated): the same reason."""
    starts = objects(LINE)
    start = data.draw(st.sampled_from(starts))
    body = LINE[start + 1:]
    if body.startswith("}"):
        return  # an empty object: nothing to repeat
    first = json.loads("{" + body[:_pair_end(body)] + "}")
    key, value = next(iter(first.items()))
    text = LINE[:start + 1] + json.dumps(key) + ": " + json.dumps(value) + ", " + body
    assert parse_line(text.encode()) == (None, "not JSON")
    assert checked(text.encode())[1] == f"not valid JSON (the key {json.dumps(key)[:80]} twice in one object)"


def _pair_end(body: str) -> int:
    """The end of the first pair of an object's body (before its comma or closing brace, at depth 0)."""
    depth, inside, escaped = 0, False, False
    for i, ch in enumerate(body):
        if inside:
            inside, escaped = (not (ch == '"' and not escaped)), (ch == "\\" and not escaped)
        elif ch == '"':
            inside = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            if depth == 0:
                return i
            depth -= 1
        elif ch == "," and depth == 0:
            return i
    raise AssertionError(body)


EXTRA = st.recursive(st.none() | st.integers() | st.text(alphabet="ab:", max_size=3),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text("ab:", max_size=3), inner,
                                                                                   max_size=3), max_leaves=8)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", "summary", "vis", "kinds", "played", "tribunals"]),
                          st.text("ab:", min_size=1, max_size=3), EXTRA, st.booleans()), max_size=3))
def test_unknown_fields_and_colons_in_names_are_read_as_before(changes):
    """Unknown fields (with objects the bound does not count, colons in names) added at several places,
    some given twice as text: the line's value or reason is the same as without the bound."""
    record_ = json.loads(LINE)
    again = []
    for place, key, value, twice in changes:
        parent = record_ if place == "" else record_["summary"] if place == "summary" else \
            record_["summary"][place] if place != "tribunals" else record_["summary"]["tribunals"][0]
        parent[key] = value
        if twice:
            again.append((key, value))
    text = json.dumps(record_)
    for key, value in again:  # the same key once more, at the top
        text = text[:-1] + f", {json.dumps(key)}: {json.dumps(value)}}}"
    line = text.encode()
    expected = checked(line)
    assert parse_line(line) == (expected[0], None if expected[1] is None else "not JSON")


@pytest.mark.parametrize("edit", [
    lambda t: t.replace('"summary": {', '"extra": {"n": {"a": 1, "a": 2}}, "summary": {', 1),  # an unknown field
    lambda t: t.replace('"gathered": ', '"left": 0, "gathered": ', 1),  # a player's flow
    lambda t: t.replace('"kinds": {', '"kinds": {"Item 1": "item", ', 1),  # a card's kind, given twice
    lambda t: t.replace('"tribunals": [{', '"tribunals": [{"x": {"y": 1, "y": 1}}, {', 1),  # deeper than counted
])
def test_a_key_twice_in_a_nested_or_unknown_object_is_left_out_as_before(tmp_path, edit):
    line = edit(LINE)
    assert line != LINE
    path = tmp_path / "games.jsonl"
    path.write_text(LINE + "\n" + line + "\n", encoding="utf-8")
    excluded = Exclusions()
    assert len(list(read_games(str(path), excluded, Repeats()))) == 1
    assert excluded.examples == [{"file": f"{path}:2", "reason": "not JSON"}]
    assert checked(line.encode())[1].endswith("twice in one object)")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"\n", b"\r\n", b"a", b"{}", b" ", b"\n\n", b"\xff"]), max_size=30).map(b"".join))
def test_a_block_is_split_at_its_line_ends_as_split_does(block):
    """The reader's split of a block at its line ends (by ``find``) gives what ``bytes.split`` gives."""
    from gtcli.balance.sources import _split

    assert _split(block) == block.split(b"\n")
