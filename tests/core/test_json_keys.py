"""The bounded reader's cheaper check of keys (issue 41: a game summary read in at most 50 µs).

``loads_bounded(text, keys=bound)`` parses with ``json``'s own decoder and takes the value when a
lower bound of its keys equals the text's colons; otherwise it parses again with the check of every
object. These properties hold it to that: for any text -- keys with and without ``:`` inside,
a key twice at any depth, objects the bound does not count, texts that are not JSON -- the reader
with a bound decides exactly as the reader without one (the same value, or the same refusal at the
same place for the same reason), whatever the bound counts, as long as it counts only dicts, each once.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.core.files.json_source import JsonProblem, loads_bounded

KEYS = st.sampled_from(["a", "b", "bot", "a:b", ":", "x: y", "é", "{", "[", ""])
GOOD = (st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(alphabet="ab:{[ é", max_size=4)).map(json.dumps)
LEAF = GOOD | st.sampled_from(["NaN", "-Infinity", "01", "tru"])  # and some that are not JSON


def _object(pairs: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{json.dumps(key)}: {value}" for key, value in pairs) + "}"


# JSON texts written as text, so that an object may give a key twice (a dict cannot)
def texts(leaf):
    return st.recursive(leaf, lambda inner: st.lists(st.tuples(KEYS, inner), max_size=4).map(_object)
                        | st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]"), max_leaves=12)


TEXT = texts(LEAF)


def every_dict(value) -> int:
    """The exact number of keys of a parsed value: the bound at its highest."""
    if type(value) is dict:
        return len(value) + sum(every_dict(inner) for inner in value.values())
    if type(value) is list:
        return sum(every_dict(inner) for inner in value)
    return 0


def top_only(value) -> int:
    """A bound that counts one dict only: the fast path is taken only for flat objects."""
    return len(value) if type(value) is dict else 0


def outcome(text: str | bytes, **keys):
    try:
        return "value", loads_bounded(text, lines=False, **keys)
    except JsonProblem as exc:
        return "problem", (exc.line, exc.col, exc.why, exc.limit)


def same(a, b) -> bool:  # a value compared through its text: a float's NaN cannot come back, -0.0 is told from 0
    return a[0] == b[0] and json.dumps(a[1], sort_keys=True) == json.dumps(b[1], sort_keys=True)


@settings(max_examples=1500, deadline=None)
@given(TEXT, st.sampled_from([every_dict, top_only, lambda value: 0]), st.sampled_from(["", " ", "\r\n", " x"]),
       st.booleans())
def test_a_bound_of_the_keys_decides_as_the_check_of_every_object(text, bound, tail, as_bytes):
    text += tail
    data = text.encode() if as_bytes else text
    assert same(outcome(data, keys=bound), outcome(data))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(KEYS, texts(GOOD)), min_size=1, max_size=5))
def test_a_key_twice_anywhere_is_refused_for_the_same_reason(pairs):
    """A key given twice in an object one level down (or more, in the pairs): refused, with or without a bound,
    in the same words."""
    key, value = pairs[0]
    text = _object([("wrap", _object(pairs + [(key, value)]))])  # the first key again, one level down
    with_bound, without = outcome(text, keys=every_dict), outcome(text)
    assert with_bound == without and with_bound[0] == "problem" and "twice in one object" in with_bound[1][2]


def test_a_bound_too_high_for_the_colons_changes_nothing():
    """A colon in a string: the colons outnumber the keys, and the checking parse decides (the same value)."""
    assert loads_bounded('{"a": "b:c", "d": {"e": 1}}', keys=every_dict) == {"a": "b:c", "d": {"e": 1}}
    with pytest.raises(JsonProblem, match='the key "e" twice'):
        loads_bounded('{"a": "b:c", "d": {"e": 1, "e": 1}}', keys=every_dict)
