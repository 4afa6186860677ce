"""Round 5 of the balance lab's trust (issue 38, points 6-10 and 2): a study's files from anyone,
a run killed and rerun, every signal."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gtcli.core.files.atomic import host_name
from tests.balance.test_trust import GOOD, dead_pid, gt_process, record, temp_written, wait_for
from tests.conftest import run


def study_folder(path: Path, study: dict | str, games: int = 3) -> Path:
    path.mkdir()
    (path / "games.jsonl").write_text("".join(record(GOOD, i) + "\n" for i in range(games)))
    (path / "study.json").write_text(study if isinstance(study, str) else json.dumps(study))
    return path


# ---- point 8: every JSON gt reads is bounded ---------------------------------------------------------

DEEP = "[" * 5000 + "\n" + "]" * 5000  # on two lines: the nesting is what breaks a bound, not a line's length


@pytest.mark.parametrize("command", [("balance",), ("balance", "--json"), ("balance", "diff")])
def test_a_study_json_nested_5000_deep_is_a_refusal_not_a_bug(tmp_path, command):
    old = study_folder(tmp_path / "old", {"bot": "random"})
    new = study_folder(tmp_path / "new", '{"bot": "random", "left_out": ' + DEEP + "}")
    args = (*command, old, new) if "diff" in command else (*command, new)
    result = run(*args)
    assert result.exit_code == 2, result.output
    if "--json" in command:
        error = json.loads(result.stdout)["errors"][0]
        assert (error["code"], error["file"], error["line"], error["col"]) == ("IO001", str(new / "study.json"), 1, 62)
        return
    assert f"{new / 'study.json'}:1:62: IO001" in result.output  # where the 33rd level opens
    assert "more than 32 nested arrays" in result.output and "hint:" in result.output


def test_a_study_json_that_is_not_json_names_its_line_and_column(tmp_path):
    new = study_folder(tmp_path / "new", '{\n  "bot": "random",\n  "seed": 01\n}')
    result = run("balance", new)
    assert result.exit_code == 2
    assert f"{new / 'study.json'}:3:" in result.output and "not valid JSON" in result.output
    assert "hint: " in result.output


@pytest.mark.parametrize("text", [DEEP, '{"a": ' + "9" * 5000 + "}", '"' + "[" * 5000 + '"', "[" * 31 + "]" * 31])
def test_the_bounded_reader_refuses_what_json_cannot_read_and_reads_the_rest(text):
    from gtcli.core.diagnostics import InputError
    from gtcli.core.files.json_source import loads_bounded, parse_json

    if text.startswith('"') or text.startswith("[" * 31 + "]"):  # brackets in a string do not nest; 31 is in bounds
        assert parse_json(text, "x.json") == json.loads(text)
        return
    with pytest.raises(InputError) as caught:
        parse_json(text, "x.json")
    found = caught.value.diagnostics[0]
    assert found.code == "IO001" and (found.line, found.col) == ((1, 33) if text is DEEP else (1, 7))
    with pytest.raises(ValueError):
        loads_bounded(text)


def test_a_lock_file_nested_deep_is_no_holder_not_a_bug(tmp_path):
    from gtcli.core.files.lock import FileLock

    path = tmp_path / "c.gtl"
    path.write_text("")
    lock = FileLock(str(path))
    Path(lock.path).write_text("[" * 999)
    assert lock.holder() is None


def test_no_json_is_parsed_outside_the_bounded_reader():
    """json.loads and json.load appear only in the core's bounded reader (a grep of the package)."""
    root = Path(__file__).resolve().parents[2] / "gtcli"
    found = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if p.name != "json_source.py" and ("json.loads(" in p.read_text() or "json.load(" in p.read_text())]
    assert found == []


# ---- point 6: a resumed study adopts only a file it owns ---------------------------------------------

def test_a_killed_runs_temp_that_is_a_hard_link_is_left_alone_and_named(tmp_path):
    """The name of a killed run's games file, hard-linked to a file elsewhere: adopting it would cut the other
    file (31 -> 13 bytes written outside the study). It is left alone, whole, and named (terminal and --json)."""
    out = tmp_path / "study"
    out.mkdir()
    dead, host = dead_pid(), host_name()
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text(record(GOOD, 0) + "\n" + "the user's own line, no newline")
    before = elsewhere.read_bytes()
    temp = out / f".games.jsonl.{dead}-{host}.sim.tmp"
    os.link(elsewhere, temp)
    other = out / f".game-000001.gtl.{dead}-{host}.sim.tmp"  # a log's temp, hard-linked too: not removed either
    mine = tmp_path / "notes.gtl"
    mine.write_text("the user's notes")
    os.link(mine, other)
    result = run("simulate", "--games", "2", "--stats-only", "-o", out, "-q")
    assert result.exit_code == 0, result.output
    assert elsewhere.read_bytes() == before and temp.exists() and os.stat(temp).st_nlink == 2
    assert mine.read_text() == "the user's notes" and other.exists()
    assert not list(out.glob("games.recovered-*"))
    for name in (temp.name, other.name):
        assert f"{out}/{name} looks like a killed run's temporary file but has 2 names (a hard link): left alone" \
               in result.stderr
    data = json.loads(run("simulate", "--games", "2", "--stats-only", "-o", tmp_path / "again", "-q", "--json").stdout)
    assert data["left_alone"] == []
    data = json.loads(run("simulate", "--games", "2", "--stats-only", "-o", out, "-q", "--json", "--overwrite").stdout)
    assert {e["file"] for e in data["left_alone"]} == {temp.name, other.name}
    assert all(e["reason"] == "has 2 names (a hard link)" for e in data["left_alone"])


def test_a_killed_runs_temp_that_is_a_link_or_not_a_file_is_named_not_adopted(tmp_path):
    out = tmp_path / "study"
    out.mkdir()
    dead, host = dead_pid(), host_name()
    target = tmp_path / "target.jsonl"
    target.write_text(record(GOOD, 0) + "\n")
    (out / f".games.jsonl.{dead}-{host}.sim.tmp").symlink_to(target)
    os.mkfifo(out / f".study.json.{dead}-{host}.sim.tmp")
    result = run("simulate", "--games", "2", "--stats-only", "-o", out, "-q", "--json")
    data = json.loads(result.stdout)
    assert sorted((e["file"], e["reason"]) for e in data["left_alone"]) == [
        (f".games.jsonl.{dead}-{host}.sim.tmp", "is a link"), (f".study.json.{dead}-{host}.sim.tmp", "is not a regular file")]
    assert target.read_text() == record(GOOD, 0) + "\n" and data["recovered"] == []


# ---- point 9: a study's strings are escaped for the terminal -------------------------------------------

EVIL = "greedy\x1b]0;owned\x07\x1b[2J\u202e"


@pytest.mark.parametrize("command", ["diff", "report", "diff-json", "report-json"])
def test_a_bot_name_from_a_strangers_study_json_never_reaches_the_terminal_raw(tmp_path, command):
    old = study_folder(tmp_path / "old", {"bot": "random"})
    new = study_folder(tmp_path / "new", {"bot": EVIL, "card_set": EVIL, "left_out": [EVIL]})
    args = ["balance", "diff", old, new] if command.startswith("diff") else ["balance", old, new]
    proc = subprocess.run([sys.executable, "-m", "gtcli", *map(str, args), *(["--json"] if "json" in command else [])],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"})
    assert proc.returncode == 0, proc.stderr
    both = proc.stdout + proc.stderr
    assert "\x1b" not in both and "\x07" not in both and "\u202e" not in both
    assert "greedy\\x1b]0;owned\\x07\\x1b[2J" in both.replace("\\u001b", "\\x1b").replace("\\u0007", "\\x07")
