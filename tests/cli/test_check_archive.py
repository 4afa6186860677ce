"""``gt check`` on a club's archive: folders, standard input, choosing codes, --quiet, --jobs."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import SCENARIOS, run

RULES = SCENARIOS / "rules"
HEAD = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n\ntribunal 1\nround 1 praeco Ana\n'
TWO_ERRORS = HEAD + "Ana: praeco staff, staff, wand; vote staf; vote orb\n"  # P3 twice, SYN-free


def files_of(result) -> list[str]:
    return [f["file"] for f in json.loads(result.stdout)["files"]]


@pytest.fixture
def archive(tmp_path):
    """A club's folder: logs at several depths, hidden folders and files, other files."""
    for name in ("b/2.gtl", "a/1.gtl", "a/c/3.GTL", "a/.drafts/4.gtl", ".git/5.gtl", "a/.6.gtl"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(RULES / "T6.gtl", path)
    (tmp_path / "a" / "notes.txt").write_text("not a log")
    return tmp_path


def test_a_folder_is_searched_recursively_sorted_without_hidden_ones(archive):
    result = run("check", archive, "--json", "--jobs", "1")
    assert result.exit_code == 0
    assert files_of(result) == [str(archive / "a" / "1.gtl"), str(archive / "a" / "c" / "3.GTL"),
                                str(archive / "b" / "2.gtl")]
    assert json.loads(result.stdout)["summary"] == {"files": 3, "errors": 0, "warnings": 3, "notes": 3}


def test_files_and_folders_mix_in_the_order_given_each_log_once(archive):
    result = run("check", archive / "b", archive / "a" / "1.gtl", archive, "--json")
    assert files_of(result) == [str(archive / "b" / "2.gtl"), str(archive / "a" / "1.gtl"),
                                str(archive / "a" / "c" / "3.GTL")]


def test_a_folder_without_logs_is_a_usage_error(tmp_path):
    (tmp_path / "empty").mkdir()
    result = run("check", tmp_path / "empty")
    assert result.exit_code == 2 and "no .gtl log in" in result.output


def test_standard_input_is_a_log_named_stdin_with_tags_from_the_current_folder(tmp_path, monkeypatch):
    for card_file in (SCENARIOS.parent / "cards").glob("sample*.gtc"):  # the set and the file it includes
        shutil.copy(card_file, tmp_path / card_file.name.replace("sample", "ours", 1) if card_file.name == "sample.gtc"
                    else tmp_path / card_file.name)
    shutil.copy(RULES / "tight.toml", tmp_path)
    monkeypatch.chdir(tmp_path)
    text = (RULES / "A1.gtl").read_text().replace('[Cards "sample"]', '[Cards "ours.gtc"]')
    result = run("check", "-", "--json", input=text)
    assert result.exit_code == 1
    entry = json.loads(result.stdout)["files"][0]
    assert entry["file"] == "<stdin>" and {d["code"] for d in entry["diagnostics"]} >= {"A1"}
    human = run("check", "-", input=text)
    assert "<stdin>:17:79: A1 error: " in human.stdout and "   17 | Ana: praeco" in human.stdout
    outside = run("check", "-", input=text.replace("ours.gtc", "../ours.gtc"))
    assert outside.exit_code == 2 and "IO005" in outside.stdout  # confined to the current folder


def test_standard_input_has_the_size_limit_of_a_file(monkeypatch):
    from gtcli.grand_tribunal.lang.logs import check as logs

    monkeypatch.setattr(logs, "MAX_LOG_BYTES", 100)
    result = run("check", "-", "--json", input=HEAD * 10)
    assert result.exit_code == 2
    diagnostic = json.loads(result.stdout)["files"][0]["diagnostics"][0]
    assert diagnostic["code"] == "IO001" and "larger than 100 bytes" in diagnostic["message"]


def test_quiet_prints_the_findings_only():
    loud = run("check", RULES / "A1.gtl", RULES / "T6.gtl")
    quiet = run("check", RULES / "A1.gtl", RULES / "T6.gtl", "--quiet")
    assert loud.exit_code == quiet.exit_code == 1
    assert "2 log(s) checked: 1 error(s), 1 warning(s)" in loud.stdout
    assert "checked" not in quiet.stdout and quiet.stdout == loud.stdout.replace(loud.stdout.splitlines()[-1] + "\n", "")
    assert "A1 error: a vote takes" in quiet.stdout


def codes_of(*args: str) -> list[str]:
    result = run("check", *args, "--json")
    return [d["code"] for f in json.loads(result.stdout)["files"] for d in f["diagnostics"]]


def test_select_and_ignore_take_codes_and_prefixes():
    log = str(RULES / "T6.gtl")  # a T6 warning and an R7 note
    assert sorted(codes_of(log)) == ["R7", "T6"]
    assert codes_of(log, "--ignore", "T6") == ["R7"]
    assert codes_of(log, "--ignore", "T6,X") == ["R7"]  # prefixes and lists
    assert codes_of(log, "--ignore", "T") == ["R7"]
    assert codes_of(log, "--select", "T") == ["T6"]
    assert sorted(codes_of(log, "--select", "t6", "--select", "R")) == ["R7", "T6"]
    assert codes_of(log, "--select", "T", "--ignore", "T6") == []  # the more specific wins
    assert codes_of(log, "--select", "T6", "--ignore", "T") == ["T6"]


def test_a_whole_code_is_not_a_prefix_of_longer_codes():
    assert codes_of(str(RULES / "A10.gtl"), "--ignore", "A1").count("A10") >= 1
    assert "A10" not in codes_of(str(RULES / "A10.gtl"), "--ignore", "A10")


def test_an_unknown_code_is_a_usage_error_with_a_hint():
    result = run("check", RULES / "T6.gtl", "--ignore", "TX6")
    assert result.exit_code == 2
    assert "'TX6' is no code and starts none; did you mean 'T6'?" in result.output


def test_severity_threshold_and_exit_codes():
    log = str(RULES / "T6.gtl")
    assert codes_of(log, "--severity", "warning") == ["T6"]
    assert codes_of(log, "--severity", "error") == []
    assert run("check", RULES / "A1.gtl", "--ignore", "A1").exit_code == 0  # an error left out does not count
    result = run("check", log, "--severity", "error", "--json")
    assert json.loads(result.stdout)["summary"] == {"files": 1, "errors": 0, "warnings": 0, "notes": 0}


def test_first_stops_at_the_first_error_that_is_shown(write):
    path = write("g.gtl", TWO_ERRORS)

    def errors(*args: str) -> list[str]:
        result = run("check", path, *args, "--json")
        return [d["code"] for d in json.loads(result.stdout)["files"][0]["diagnostics"] if d["severity"] == "error"]

    everything = errors()
    assert len(everything) >= 3 and everything[0] != everything[1]
    assert errors("--first") == everything[:1]
    assert errors("--first", "--ignore", everything[0]) == [everything[1]]


def test_jobs_give_the_output_of_one_job_in_input_order(archive):
    paths = sorted(RULES.glob("*.gtl"))[:24] + [archive]
    for fmt in ("human", "json", "github"):
        one = run("check", *paths, "--format", fmt, "--jobs", "1")
        many = run("check", *paths, "--format", fmt, "--jobs", "3")
        assert one.exit_code == many.exit_code == 1
        assert one.stdout == many.stdout and one.stderr == many.stderr
    assert files_of(run("check", *paths, "--json", "--jobs", "3"))[:24] == [str(p) for p in paths[:24]]


def test_jobs_report_an_unusable_log_in_its_place(write):
    good, bad = RULES / "T6.gtl", write("bad.gtl", HEAD + "Ana: extrct 1\n")
    one = run("check", good, bad, good, RULES / "A1.gtl", "--jobs", "1")
    many = run("check", good, bad, good, RULES / "A1.gtl", "--jobs", "2")
    assert one.exit_code == many.exit_code == 2 and one.stdout == many.stdout
    assert "SYN001" in many.stdout
