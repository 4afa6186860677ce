"""Hostile and odd input (issue 11): never a traceback, never a hang, never a peek outside.

One test (or a few) per class of the issue, each with its minimal input in tests/hostile/
or made here when it cannot be a committed file (FIFOs, symlinks, huge files).
"""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from gtcli.cli.main import cli
from gtcli.grand_tribunal.lang.cards import sets as cardsets
from gtcli.grand_tribunal.lang.cards.sets import load
from tests.conftest import ROOT, run

HOSTILE = Path(__file__).resolve().parent / "hostile"
posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs, devices and symlinks as on POSIX")


def codes(result) -> list[str]:
    data = json.loads(result.stdout)
    if "files" in data:
        return [d["code"] for f in data["files"] for d in f["diagnostics"]]
    return [d["code"] for d in data["errors"]]


def copy_log(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copy(HOSTILE / name, target)
    return target


# ---- 1. deep nesting --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["deep-array.toml", "deep-inline-table.toml"])
def test_deeply_nested_toml_is_an_error_not_a_recursion(name):
    result = run("tally", HOSTILE / name, "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)["errors"][0]
    assert data["code"] == "TAB001" and "nested" in data["message"] and data["line"] == 2


def test_deeply_nested_json_card_set():
    result = run("cards", "check", HOSTILE / "deep-cards.json", "--json")
    assert result.exit_code == 2 and codes(result) == ["SYN001"]
    assert "nested" in result.stdout


def test_every_toml_reader_is_guarded(tmp_path):
    deep = (HOSTILE / "deep-array.toml").read_text()
    for name, args in (("p.toml", ("tally", ROOT / "scenarios/tally/worked-example.toml", "--profile")),
                       ("s.toml", ("game", "show")), ("c.toml", ("cards", "check"))):
        path = tmp_path / name
        path.write_text(deep)
        result = run(*args, path)
        assert result.exit_code == 2, (name, result.output)
        assert "nested arrays or tables" in result.output
    board = tmp_path / "b.toml"
    board.write_text(deep)
    log = tmp_path / "g.gtl"
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "b.toml"]\n')
    result = run("check", log)
    assert result.exit_code == 2 and "nested arrays or tables" in result.output


# ---- 2. numbers longer than 4,300 digits ------------------------------------------------------------------
def test_long_number_in_toml():
    result = run("tally", HOSTILE / "long-number.toml", "--json")
    assert result.exit_code == 2 and codes(result) == ["TAB001"]


def test_long_number_in_json_and_gtc():
    for name in ("long-number.json", "long-number.gtc"):
        result = run("cards", "check", HOSTILE / name, "--json")
        assert result.exit_code == 2, name
        assert codes(result) == (["SYN001"] if name.endswith(".json") else ["SYN004"])


def test_long_number_in_a_log(tmp_path):
    result = run("check", copy_log("long-number.gtl", tmp_path), "--json")
    assert result.exit_code == 2 and codes(result) == ["SYN004"]
    data = json.loads(result.stdout)["files"][0]["diagnostics"][0]
    assert (data["line"], data["col"]) == (4, 10)


def test_long_numbers_in_strings_and_typed_answers(tmp_path):
    from gtcli.grand_tribunal.formats.table_lines import LinesContext
    from gtcli.grand_tribunal.typed_table import TypedTable

    board = tmp_path / "board.toml"
    board.write_text('[[tribunals]]\nuncontested = ["' + "9" * 5000 + ':1"]\n')
    log = tmp_path / "g.gtl"
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Board "board.toml"]\n')
    assert codes(run("check", log, "--json")) == ["TAB003"]
    for typed in ("staff " + "9" * 5000, "staff \u00b2"):  # the track
        reply = TypedTable(LinesContext()).answer(typed)
        assert not reply.ok and reply.problems and reply.offer == typed
    entry = TypedTable(LinesContext(), votes={})
    for typed in ("Ana: orb \u00b2", "Ana: orb " + "9" * 5000, "1 base " + "9" * 5000):  # an Item's base
        reply = entry.answer(typed)
        assert not reply.ok and reply.problems and entry.items == []


def test_many_errors_of_unusable_input_are_capped(tmp_path):
    path = tmp_path / "dup.gtc"
    path.write_text('resource "A"\n' * 300)
    result = run("cards", "show", path)
    assert result.exit_code == 2 and result.stderr.count("CARD004") == 100 and "... and 199 more" in result.stderr
    data = json.loads(run("cards", "show", path, "--json").stdout)
    assert len(data["errors"]) == 100 and data["omitted"] == 199


def test_numbers_up_to_the_limit_are_still_range_errors(tmp_path):
    path = tmp_path / "n.gtc"
    path.write_text('item "A" type orb advance ' + "9" * 100 + " base 1\n")
    assert [d.code for d in load(path).diagnostics] == ["CARD005"]


def test_token_budgets_refuse_before_parsing(tmp_path, monkeypatch):
    from gtcli.grand_tribunal.lang import syntax

    monkeypatch.setattr(syntax, "parser", lambda *a: pytest.fail("the parser ran"))
    cards = tmp_path / "huge.gtc"
    cards.write_text('resource "R"\n' * 30_000)
    result = run("cards", "check", cards, "--json")
    assert result.exit_code == 2 and codes(result) == ["SYN005"]
    log = tmp_path / "huge.gtl"
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n' + "Ana: pass;pass;pass;pass;pass;pass\n" * 50_000)
    result = run("check", log, "--json")
    assert result.exit_code == 2 and codes(result) == ["SYN005"]


def test_a_big_log_checks_with_bounded_output(tmp_path):
    path = _erroring_log(tmp_path, 20_000)
    result = run("check", path)
    assert result.exit_code == 1 and len(result.stdout) < 40_000
    assert result.stdout.rstrip().endswith("39999 error(s), 20000 warning(s), 2 note(s)")


# ---- 3. devices, FIFOs, /dev/zero -----------------------------------------------------------------------
@posix_only
@pytest.mark.parametrize("make", ["zero", "fifo"])
def test_a_device_or_fifo_is_refused_without_reading(tmp_path, make):
    target = tmp_path / "zero.gtc"
    if make == "zero":
        target.symlink_to("/dev/zero")
    else:
        os.mkfifo(target)
    result = run("cards", "check", target, "--json")
    assert result.exit_code == 2 and codes(result) == ["IO001"]
    assert ("a device" if make == "zero" else "a FIFO") in result.stdout
    log = copy_log("names-device.gtl", tmp_path)
    # a symlink to /dev/zero leads outside the log's folder; let it through to reach the read itself
    result = run("check", log, "--json", "--allow-outside")
    assert result.exit_code == 2 and codes(result) == ["IO001"]
    board = tmp_path / "zero-board.toml"
    if make == "zero":
        board.symlink_to("/dev/zero")
    else:
        os.mkfifo(board)
    result = run("check", log, "--cards", "sample", "--json", "--allow-outside")
    assert result.exit_code == 2 and codes(result) == ["IO001"]


@posix_only
def test_every_reader_refuses_a_fifo(tmp_path):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for args in (("tally", fifo), ("game", "show", fifo), ("check", fifo), ("replay", fifo), ("fmt", fifo),
                 ("tally", ROOT / "scenarios/tally/worked-example.toml", "--profile", fifo)):
        result = run(*args)
        assert result.exit_code == 2 and "FIFO" in result.output, args


def test_a_file_is_read_only_up_to_its_limit(tmp_path, monkeypatch):
    from gtcli.core.files import reading

    path = tmp_path / "grows.gtl"
    path.write_text("x" * 50)
    reads = []
    real_read = os.read

    def counting_read(fd, n):
        reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(reading.os, "read", counting_read)
    with pytest.raises(Exception) as exc:
        reading.read_bytes(path, limit=10)
    assert "IO001" in str(exc.value.diagnostics[0].code)
    assert sum(reads) <= 11


# ---- 4. symlink loops ------------------------------------------------------------------------------------
@posix_only
def test_symlink_loop(tmp_path):
    (tmp_path / "loop.gtc").symlink_to("loop2.gtc")
    (tmp_path / "loop2.gtc").symlink_to("loop.gtc")
    result = run("cards", "check", tmp_path / "loop.gtc", "--json")
    assert result.exit_code == 2 and codes(result) == ["IO001"]
    result = run("check", copy_log("names-loop.gtl", tmp_path), "--json")
    assert result.exit_code == 2 and codes(result) == ["IO001"]
    assert "symlink loop" in result.stdout
    (tmp_path / "a.gtc").write_text('include "loop.gtc"\nresource "R"\n')
    assert [d.code for d in load(tmp_path / "a.gtc").diagnostics] == ["CARD009"]


def test_names_no_file_system_can_hold(tmp_path):
    long_name = "x" * 5000 + ".gtc"
    (tmp_path / "set.gtc").write_text(f'include "{long_name}"\ninclude "a\x00b.gtc"\nresource "R"\n')
    assert [d.code for d in load(tmp_path / "set.gtc").diagnostics] == ["CARD009", "CARD009"]
    (tmp_path / "t.es.gtc").write_text(f'translation of "{long_name}" language es\n')
    assert [d.code for d in load(tmp_path / "t.es.gtc").diagnostics] == ["CARD009"]
    log = tmp_path / "g.gtl"
    log.write_text(f'[Players "Ana, Ben, Caro"]\n[Cards "{long_name}"]\n[Profile "{long_name[:-4]}.toml"]\n')
    assert run("check", log).exit_code == 2
    assert run("tally", ROOT / "scenarios/tally/worked-example.toml", "--profile", long_name).exit_code == 2


def test_exchange_steps_have_the_shape_the_grammar_gives():
    for command, exit_code in (("check", 1), ("show", 2)):
        result = run("cards", command, HOSTILE / "step-without-refs.json", "--json")
        assert result.exit_code == exit_code and codes(result) == ["CARD011"]
        assert "takes 2 reference(s), got 1" in result.stdout


# ---- 5. include "billion laughs" ------------------------------------------------------------------------
def test_includes_read_each_file_once(monkeypatch):
    reads = []
    real = cardsets.read_source
    monkeypatch.setattr(cardsets, "read_source", lambda path: reads.append(path) or real(path))
    loaded = load(HOSTILE / "laughs" / "l0.gtc")
    assert len(reads) == 8  # one read per file; before, 10 ** 7 reads of the last one
    assert [d.code for d in loaded.diagnostics].count("CARD009") == 7 * 9
    assert loaded.card_set is not None and [c.name for c in loaded.card_set.cards] == ["Laugh"]


def test_card_cap_is_enforced_while_merging(tmp_path):
    for n in range(3):
        (tmp_path / f"part{n}.gtc").write_text("".join(f'resource "R{n}-{k}"\n' for k in range(400)))
    (tmp_path / "set.gtc").write_text("".join(f'include "part{n}.gtc"\n' for n in range(3)))
    from gtcli.grand_tribunal.lang.cards.check import MAX_CARDS

    loaded = load(tmp_path / "set.gtc")
    assert "CARD017" in [d.code for d in loaded.diagnostics]
    assert loaded.cards <= MAX_CARDS + 1


def test_file_budget(tmp_path, monkeypatch):
    monkeypatch.setattr(cardsets, "MAX_SET_FILES", 3)
    for n in range(5):
        (tmp_path / f"f{n}.gtc").write_text(f'resource "R{n}"\n')
    (tmp_path / "set.gtc").write_text("".join(f'include "f{n}.gtc"\n' for n in range(5)))
    loaded = load(tmp_path / "set.gtc")
    assert len(loaded.read) == 3 and [d.code for d in loaded.diagnostics].count("CARD017") == 3


# ---- 6. long dotted keys -------------------------------------------------------------------------------
def test_long_dotted_key_never_reaches_tomllib(monkeypatch):
    import tomllib

    from gtcli.core.files import toml_source

    monkeypatch.setattr(toml_source.tomllib, "loads", lambda text: pytest.fail("tomllib saw the dotted key"))
    result = run("--isolated", "tally", HOSTILE / "dotted-key.toml", "--json")  # no pyproject.toml read either
    assert result.exit_code == 2 and codes(result) == ["TAB001"]
    assert "dotted key" in result.stdout
    assert tomllib  # the real module is untouched outside this test


def test_long_keys_and_lines(tmp_path):
    for text, what in (('"' + "k" * 200 + '" = 1\n', "a key longer"), ("k" * 200 + " = 1\n", "without quotes"),
                       ("name = '" + "x" * 20_000 + "'\n", "a line longer")):
        path = tmp_path / "t.toml"
        path.write_text(text)
        result = run("tally", path)
        assert result.exit_code == 2 and what in result.output


# ---- 7. bounded diagnostics ------------------------------------------------------------------------------
def _erroring_log(tmp_path: Path, turns: int, line: str = "Ana: vote staff") -> Path:
    path = tmp_path / "errors.gtl"
    path.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\ntribunal 1\nround 1 praeco Ana\n'
                    + (line + "\n") * turns)
    return path


def test_did_you_mean_has_a_budget_per_run(tmp_path, monkeypatch):
    import difflib

    from gtcli.core import text

    calls = []
    real = difflib.get_close_matches
    monkeypatch.setattr(text.difflib, "get_close_matches", lambda *a, **k: calls.append(1) or real(*a, **k))
    monkeypatch.setattr(text, "HINT_WORK", 20 * len(load(ROOT / "cards/sample.gtc").card_set.cards))
    log = tmp_path / "unknown.gtl"
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\ntribunal 1\nround 1 praeco Ana\n'
                   + "".join(f'Ana: activate "Storm Staf{n % 500}"\n' for n in range(3000)))
    data = json.loads(run("check", log, "--json", "--max-findings", "0").stdout)
    k1 = [d for d in data["files"][0]["diagnostics"] if d["code"] == "K1"]
    assert len(k1) == 3000 and len(calls) <= 20  # 500 names, asked 3,000 times: 20 searches
    assert k1[0]["hint"] == "did you mean 'Storm Staff'?" and k1[-1]["hint"] != k1[0]["hint"]


def test_findings_per_file_are_capped(tmp_path):
    path = _erroring_log(tmp_path, 400)
    result = run("check", path)
    assert result.exit_code == 1
    assert result.stdout.count(": T2 error: ") + result.stdout.count(": P2 error: ") <= 100
    assert "... and " in result.stdout and "more (--max-findings 0 shows all)" in result.stdout
    assert result.stdout.rstrip().endswith("1 log(s) checked: 799 error(s), 400 warning(s), 2 note(s)")
    everything = run("check", path, "--max-findings", "0")
    assert "... and" not in everything.stdout and len(everything.stdout) > 5 * len(result.stdout)
    data = json.loads(run("check", path, "--json", "--max-findings", "10").stdout)
    assert len(data["files"][0]["diagnostics"]) == 10 and data["files"][0]["omitted"] == 1191  # with the R7 note of an unfinished game
    assert data["summary"]["errors"] == 799


def test_long_source_lines_are_cut_around_the_caret(tmp_path):
    path = tmp_path / "long.gtl"
    path.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\ntribunal 1\nround 1 praeco Ana\nAna: '
                    + "; ".join(["vote staff"] * 20_000) + "\n")
    result = run("check", path)
    assert result.exit_code == 1
    longest = max(len(line) for line in result.stdout.splitlines())
    assert longest < 300 and "..." in result.stdout


def test_the_text_is_split_once(tmp_path, monkeypatch):
    from gtcli.cli.terminal import diagnostics_view

    splits = []
    real = diagnostics_view.Lines.get

    def counting(self, path, line):
        splits.append(path not in self.split)
        return real(self, path, line)

    monkeypatch.setattr(diagnostics_view.Lines, "get", counting)
    run("check", _erroring_log(tmp_path, 50))
    assert sum(splits) == 1 and len(splits) > 50


# ---- 8. a log names only files in its folder ---------------------------------------------------------------
def test_a_log_cannot_name_a_file_outside_its_folder(tmp_path):
    log = copy_log("names-passwd.gtl", tmp_path)
    result = run("check", log, "--json")
    assert result.exit_code == 2 and codes(result) == ["IO005"]
    first_word = Path("/etc/passwd").read_text(errors="replace").split(":")[0] if Path("/etc/passwd").exists() \
        else "root"
    for args in (("--allow-outside",), ("--cards", "/etc/passwd")):
        result = run("check", log, *args)
        assert result.exit_code == 2
        assert f"'{first_word}'" not in result.output and "does not parse" in result.output
    for command in ("replay", "fmt"):
        assert run(command, log).exit_code == 2
        assert "IO005" in run(command, log).output


@posix_only
def test_a_symlink_inside_the_folder_pointing_outside_is_outside(tmp_path):
    (tmp_path / "set.gtc").symlink_to(ROOT / "cards" / "sample.gtc")
    log = tmp_path / "g.gtl"
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "set.gtc"]\n')
    assert codes(run("check", log, "--json")) == ["IO005"]
    assert run("check", log, "--allow-outside").exit_code == 0


def test_files_beside_the_log_and_the_sample_are_fine(tmp_path):
    shutil.copy(ROOT / "cards" / "sample.gtc", tmp_path / "mine.gtc")
    shutil.copy(ROOT / "cards" / "sample-resources.gtc", tmp_path / "sample-resources.gtc")
    (tmp_path / "sub").mkdir()
    shutil.copy(ROOT / "cards" / "sample-board.toml", tmp_path / "sub" / "board.toml")
    log = tmp_path / "g.gtl"
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "mine.gtc"]\n[Board "sub/board.toml"]\n')
    assert run("check", log).exit_code == 0
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Profile "/etc/passwd"]\n')
    assert codes(run("check", log, "--json")) == ["PROF001"]  # a name, never read as a file


# ---- 9. terminal escapes ---------------------------------------------------------------------------------
def test_control_characters_in_cards_are_rejected_and_never_printed():
    result = run("cards", "check", HOSTILE / "escape-cards.json", "--json")
    assert result.exit_code == 1 and codes(result) == ["CARD024", "CARD024", "CARD024"]
    for args in (("cards", "check", HOSTILE / "escape-cards.json"), ("cards", "show", HOSTILE / "escape-cards.json"),
                 ("cards", "check", ROOT / "scenarios/cards/CARD024.gtc")):
        result = run(*args)
        assert "\x1b" not in result.output and "\x9b" not in result.output
    assert 'resource "Bad \\x1b]0;pwned\\x07 name"' in result.output  # the echoed line, escaped


def test_control_characters_in_a_log(tmp_path):
    log = tmp_path / "g.gtl"
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Event "\x1b]0;pwned\x07"]\n')
    result = run("check", log)
    assert result.exit_code == 2 and "SYN002" in result.output and "U+001B" in result.output
    assert "\x1b" not in result.output


def test_user_text_in_tables_is_escaped_and_markup_is_not_obeyed(tmp_path):
    result = run("tally", HOSTILE / "escape-table.toml")
    assert "\x1b" not in result.output and "Ana\\x1b[2J" in result.output
    set_path = tmp_path / "markup.gtc"
    shutil.copy(HOSTILE / "markup-cards.gtc", set_path)
    result = run("cards", "show", set_path)
    assert "[bold red]Loud[/bold red]" in result.output and "[link=http://example.invalid]Click" in result.output
    assert "\x1b]8" not in result.output


def test_bidirectional_controls_are_shown_escaped(tmp_path):
    """U+202E and its kin make a terminal draw a line in another order ("Trojan Source")."""
    log = tmp_path / "g.gtl"
    log.write_text('[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n\nsetup\n  hand Ana "Orb\u202e nimda"\n',
                   encoding="utf-8")
    result = run("check", log)
    assert result.exit_code == 1 and "\u202e" not in result.output
    assert "no card named 'Orb\\u202e nimda'" in result.output
    result = run("check", log, "--json")
    assert result.exit_code == 1 and "\u202e" not in result.output
    messages = [d["message"] for d in json.loads(result.output)["files"][0]["diagnostics"]]
    assert "the card set has no card named 'Orb\\u202e nimda'" in messages
    from gtcli.cli.terminal.output import json_text, safe

    assert safe("a\u2066b\u2069c\x1b") == "a\\u2066b\\u2069c\\x1b"
    assert json.loads(json_text({"a": "x\u202ey"})) == {"a": "x\u202ey"} and "\u202e" not in json_text({"a": "\u202e"})


def test_fmt_copies_a_file_exactly_when_redirected_and_escapes_it_on_a_terminal(tmp_path, monkeypatch):
    from gtcli.cli.terminal import output

    comment = "# pwned \x1b]0;title\x07 here\n"
    card_file = tmp_path / "set.gtc"
    card_file.write_text((ROOT / "cards" / "sample.gtc").read_text(encoding="utf-8") + comment + "\n\n\n",
                         encoding="utf-8")
    result = run("fmt", card_file)  # redirected: the formatted file, byte for byte
    assert result.exit_code == 0 and result.stdout.endswith(comment)
    monkeypatch.setattr(output, "stream_is_terminal", lambda stream: True)
    escaped = "# pwned \\x1b]0;title\\x07 here\n"
    result = run("fmt", card_file, env={"NO_COLOR": "1"})
    assert "\x1b" not in result.stdout and result.stdout.endswith(escaped)
    result = run("fmt", card_file, "--diff", env={"NO_COLOR": "1"})
    assert "\x1b" not in result.stdout and f" {escaped}-\n" in result.stdout


def test_a_huge_name_in_a_finding_is_cut_to_one_readable_line(tmp_path):
    log = tmp_path / "g.gtl"
    name = "Orb" + "x" * 20_000 + "End"
    log.write_text(f'[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n\nsetup\n  hand Ana "{name}"\n', encoding="utf-8")
    result = run("check", log, "--json")
    (message,) = [d["message"] for d in json.loads(result.output)["files"][0]["diagnostics"] if d["code"] == "K1"]
    assert len(message) < 500 and message.startswith("the card set has no card named 'Orbxxx")
    full = f"the card set has no card named '{name}'"
    assert message.endswith("xxxEnd'") and f"({len(full) - 350:,} characters left out)" in message
    assert len(run("check", log).output) < 3_000  # the human report too, source line and all


def test_json_output_escapes_c1():
    from gtcli.cli.terminal.output import json_text

    assert json.loads(json_text({"a": "x\x9by\x7f"})) == {"a": "x\x9by\x7f"}
    assert "\x9b" not in json_text({"a": "x\x9b"})


# ---- 10. grammar tables in a private cache ---------------------------------------------------------------
CACHE_PROBE = """
import os, sys, tempfile
from gtcli.grand_tribunal.lang.syntax import parse
from gtcli.grand_tribunal.lang.logs.ast import LogTransformer
before = set(os.listdir(tempfile.gettempdir()))
log = parse('[Players "Ana, Ben, Caro"]\\n', "transcript", "en", "x.gtl", LogTransformer)
print(log.tags[0][1])
new = set(os.listdir(tempfile.gettempdir())) - before
print(sorted(n for n in new if "lark" in n))
"""


def _probe(cache_home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache_home), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", CACHE_PROBE], capture_output=True, text=True, env=env, cwd=ROOT)


@posix_only
def test_grammar_tables_go_to_a_private_folder_never_to_tmp(tmp_path):
    done = _probe(tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["Ana, Ben, Caro", "[]"]
    folder = tmp_path / "gtcli"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert [p.suffix for p in folder.iterdir()] == [".lark"]


@posix_only
def test_a_planted_cache_file_cannot_run_code(tmp_path):
    assert _probe(tmp_path).returncode == 0
    entry = next((tmp_path / "gtcli").iterdir())
    marker = tmp_path / "pwned"

    class Payload:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    entry.write_bytes(pickle.dumps({"data": Payload(), "memo": {}}))
    done = _probe(tmp_path)
    assert done.returncode == 0, done.stderr
    assert not marker.exists()  # the unpickler refused os.system; the tables were rebuilt


@posix_only
def test_a_folder_others_can_write_is_not_used(tmp_path):
    folder = tmp_path / "gtcli"
    folder.mkdir()
    folder.chmod(0o777)
    done = _probe(tmp_path)
    assert done.returncode == 0, done.stderr
    assert list(folder.iterdir()) == []


# ---- 11. exit codes at the top ----------------------------------------------------------------------------
def _crash(*_args, **_kwargs):
    raise ZeroDivisionError("boom")


def test_an_internal_error_is_one_line_and_exit_3(monkeypatch):
    from gtcli.grand_tribunal.formats import table_file

    monkeypatch.setattr(table_file.TableReader, "read", _crash)
    table = ROOT / "scenarios/tally/worked-example.toml"
    result = CliRunner().invoke(cli, ["tally", str(table)])
    assert result.exit_code == 3
    assert "Traceback" not in result.output and "bug in gt" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    for args, env in ((["--debug", "tally", str(table)], {}), (["tally", str(table)], {"GT_DEBUG": "1"})):
        result = CliRunner().invoke(cli, args, env=env)
        assert result.exit_code == 3 and "Traceback" in result.stderr and "ZeroDivisionError: boom" in result.stderr


def test_ctrl_c_is_130(monkeypatch):
    from gtcli.grand_tribunal.formats import table_file

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(table_file.TableReader, "read", interrupted)
    result = CliRunner().invoke(cli, ["tally", str(ROOT / "scenarios/tally/worked-example.toml")])
    assert result.exit_code == 130 and "interrupted" in result.stderr and "Traceback" not in result.output


def test_ctrl_c_at_a_prompt_is_130(monkeypatch, tmp_path):
    from gtcli.cli.commands.tribunal_entry import LineReader

    session = tmp_path / "g.toml"
    assert run("game", "new", session, "--players", "Ana,Ben,Caro").exit_code == 0

    def read(*_args, **_kwargs):
        raise KeyboardInterrupt  # what Ctrl-C at the prompt is (a real SIGINT: tests/cli/test_tribunal_terminal.py)

    monkeypatch.setattr(LineReader, "read", read)
    result = CliRunner().invoke(cli, ["game", "tribunal", str(session)])
    assert result.exit_code == 130


def test_eof_at_a_prompt_is_2(tmp_path):
    session = tmp_path / "g.toml"
    run("game", "new", session, "--players", "Ana,Ben,Caro")
    result = CliRunner().invoke(cli, ["game", "tribunal", str(session)], input="")
    assert result.exit_code == 2 and "input ended" in result.stderr


@posix_only
def test_a_closed_pipe_is_quiet(tmp_path):
    log = _erroring_log(tmp_path, 3000)
    gt = [sys.executable, "-c", "from gtcli.cli.main import main; main()"]
    with subprocess.Popen([*gt, "check", str(log), "--max-findings", "0"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}) as proc:
        proc.stdout.read(100)
        proc.stdout.close()
        err = proc.stderr.read()
        code = proc.wait(timeout=60)
    assert code == 141 and err == b""


def test_exit_codes_are_documented():
    result = run("--help")
    for code in ("0", "1", "2", "3", "130", "141"):
        assert re.search(rf"\n +{code} +[a-z]", result.output), code
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`3`" in readme and "`130`" in readme and "docs/security.md" in readme

