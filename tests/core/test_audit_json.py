"""Audit of issue 38, point 8 (bounded JSON): what Python's ``json`` reads beyond JSON itself.

``json.loads`` takes ``NaN``, ``Infinity`` and ``-Infinity`` (no JSON numbers: a NaN seed is never
equal to itself, so "the same study, seed and index" could never be told), and a key twice in one
object, keeping the last (another reader keeps the first: a file could say one thing to gt and
another to whoever checked it). The one bounded reader refuses both, as a problem, never a bug.
"""

from __future__ import annotations

import json
import shutil

import pytest

from gtcli.core.files.json_source import JsonProblem, loads_bounded
from tests.conftest import run


@pytest.mark.parametrize("text, why", [
    ('{"bot": "random", "bot": "greedy"}', 'the key "bot" twice in one object'),
    ('{"a": {"b": 1, "b": 1}}', 'the key "b" twice in one object'),  # nested, and even with the same value
    ("[NaN]", "NaN is not a JSON number"),
    ('{"seed": Infinity}', "Infinity is not a JSON number"),
    ('{"seed": -Infinity}', "-Infinity is not a JSON number"),
])
def test_the_bounded_reader_refuses_what_is_not_json(text, why):
    with pytest.raises(JsonProblem) as found:
        loads_bounded(text)
    assert found.value.why == f"not valid JSON ({why})" and not found.value.limit
    with pytest.raises(JsonProblem):
        loads_bounded(text, lines=False)


def test_the_bounded_reader_still_reads_json():
    assert loads_bounded('{"a": [1, 2.5, -3e2, null, true, "NaN"], "b": {"a": 1}}') == \
        {"a": [1, 2.5, -300.0, None, True, "NaN"], "b": {"a": 1}}


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    folder = tmp_path_factory.mktemp("study") / "s"
    assert run("simulate", "--games", "3", "--stats-only", "-o", folder, "-q").exit_code == 0
    return folder


@pytest.mark.parametrize("edit, why", [
    (lambda t: t.replace('"bot": "random",', '"bot": "random", "bot": "greedy",', 1), 'the key "bot" twice'),
    (lambda t: t.replace('"seed": 0,', '"seed": NaN,', 1), "NaN is not a JSON number"),
])
@pytest.mark.parametrize("command", [("balance",), ("balance", "diff")])
def test_a_study_json_that_python_reads_but_json_does_not_is_refused(study, tmp_path, edit, why, command):
    folder = tmp_path / "s"
    shutil.copytree(study, folder)
    text = (folder / "study.json").read_text(encoding="utf-8")
    (folder / "study.json").write_text(edit(text), encoding="utf-8")
    assert (folder / "study.json").read_text(encoding="utf-8") != text
    args = (*command, folder, study) if command[-1] == "diff" else (*command, folder)
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert f"{folder}/study.json: IO001 error: not a usable study description: not valid JSON ({why}" in result.stderr


def test_a_games_line_with_a_key_twice_is_left_out_and_counted(study, tmp_path):
    folder = tmp_path / "s"
    shutil.copytree(study, folder)
    lines = (folder / "games.jsonl").read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace('"index": 0', '"index": 0, "index": 2', 1)
    (folder / "games.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("balance", folder, "--json")
    data = json.loads(result.stdout)
    assert data["report"]["games"] == 2 and data["excluded_count"] == 1
