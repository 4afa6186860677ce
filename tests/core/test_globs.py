"""per-file-ignores globs are matched in linear time (issue 30): the same answers as before, as
fnmatch's for a name, and a pattern of many ``*`` against a long name that does not match ends."""

from __future__ import annotations

import fnmatch
import json
import re
import warnings

from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.core.suppressions import glob_matches
from tests.conftest import SCENARIOS
from tests.races import gt

TOKENS = st.sampled_from(["a", "b", ".", "*", "?", "[ab]", "[!a]", "[^b]", "**", "**/", "/", "["])
PATTERN = st.lists(TOKENS, min_size=1, max_size=7).map("".join)
NAME = st.text(alphabet="ab./^", max_size=8)


def reference(pattern: str, relative: str) -> bool:
    """The documented semantics, as the regular expression gt matched with before (fine on small inputs)."""
    pattern = pattern.replace("\\", "/").removeprefix("./")
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
            continue
        if pattern.startswith("**", i) and i + 2 == len(pattern):
            out.append(".*")
            break
        ch = pattern[i]
        if ch == "*":
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "[" and pattern.find("]", i + 2) != -1:
            end = pattern.find("]", i + 2)
            inside = pattern[i + 1:end].replace("\\", "\\\\")
            inside = "^" + inside[1:] if inside.startswith("!") else ("\\" + inside if inside.startswith("^") else inside)
            out.append(f"[{inside}]")
            i = end
        else:
            out.append(re.escape(ch))
        i += 1
    target = relative if "/" in pattern else relative.rsplit("/", 1)[-1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # "possible nested set": a literal [ either way
        return re.match("".join(out) + r"\Z", target, re.DOTALL) is not None


@settings(max_examples=400, deadline=None)
@given(PATTERN, NAME)
def test_globs_match_as_the_documented_semantics(pattern, name):
    assert glob_matches(pattern, name) == reference(pattern, name), (pattern, name)


@settings(max_examples=400, deadline=None)
@given(PATTERN.filter(lambda p: "/" not in p), NAME.filter(lambda n: "/" not in n))
def test_a_pattern_of_one_name_matches_as_fnmatch(pattern, name):
    assert glob_matches(pattern, name) == fnmatch.fnmatchcase(name, pattern), (pattern, name)


def test_many_stars_against_a_long_name_that_does_not_match_is_linear(tmp_path):
    """On the old regular expression this ran for minutes (14 ``*``, 25 characters); now it ends, in a real gt."""
    (tmp_path / "gt.toml").write_text(f'[per-file-ignores]\n"{"*a" * 30}*b.gtl" = ["T6"]\n', encoding="utf-8")
    log = tmp_path / f"{'a' * 40}.gtl"
    log.write_text((SCENARIOS / "rules" / "T2.gtl").read_text(encoding="utf-8"), encoding="utf-8")
    result = gt("check", log, "--json")  # judged, not stuck (the process's own timeout is 60 s)
    assert result.returncode == 1 and json.loads(result.stdout)["summary"]["errors"] == 1, result.stderr
    name = "a" * 60
    assert not glob_matches("*a" * 40 + "*b", name) and glob_matches("*a" * 40 + "*", name)
    assert not glob_matches("**/" * 30 + "*a" * 30 + "b", "a/" * 30 + name)

