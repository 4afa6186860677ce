"""A club's configuration: gt.toml or [tool.gtcli], found upward from the file, overridden by options."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from tests.conftest import ROOT, SCENARIOS, run

RULES = SCENARIOS / "rules"


@pytest.fixture
def club(tmp_path):
    """club/.git, club/gt.toml, club/logs/2024/T6.gtl (a T6 warning and an R7 note)."""
    root = tmp_path / "club"
    (root / ".git").mkdir(parents=True)
    logs = root / "logs" / "2024"
    logs.mkdir(parents=True)
    shutil.copy(RULES / "T6.gtl", logs / "T6.gtl")
    return root


def codes(result) -> list[str]:
    return sorted(d["code"] for f in json.loads(result.stdout)["files"] for d in f["diagnostics"])


def test_gt_toml_is_found_upward_from_each_log(club):
    (club / "gt.toml").write_text('ignore = ["T6"]\n')
    assert codes(run("check", club / "logs", "--json")) == ["R7"]
    assert codes(run("check", club / "logs" / "2024" / "T6.gtl", "--json")) == ["R7"]


def test_the_search_stops_at_the_repository_root(club):
    (club.parent / "gt.toml").write_text('ignore = ["T6"]\n')  # above club/.git: not the club's
    assert codes(run("check", club / "logs", "--json")) == ["R7", "T6"]
    shutil.rmtree(club / ".git")
    assert codes(run("check", club / "logs", "--json")) == ["R7"]


def test_pyproject_counts_only_with_a_tool_gtcli_table(club):
    (club / "gt.toml").write_text('select = ["R"]\n')
    inner = club / "logs" / "pyproject.toml"
    inner.write_text('[project]\nname = "archive"\n')  # passed over: the search goes on to gt.toml
    assert codes(run("check", club / "logs", "--json")) == ["R7"]
    inner.write_text('[project]\nname = "archive"\n\n[tool.gtcli]\nseverity = "warning"\n')
    assert codes(run("check", club / "logs", "--json")) == ["T6"]
    (club / "logs" / "gt.toml").write_text('ignore = ["T"]\n')  # gt.toml first in a folder
    assert codes(run("check", club / "logs", "--json")) == ["R7"]


def test_command_line_options_override_the_file(club):
    (club / "gt.toml").write_text('select = ["T"]\nseverity = "error"\nstrict = true\nmax-findings = 1\n')
    log = club / "logs"
    assert codes(run("check", log, "--json")) == ["T6"]  # strict makes T6 an error
    assert codes(run("check", log, "--json", "--no-strict")) == []  # a warning, below "error"
    assert codes(run("check", log, "--json", "--no-strict", "--severity", "note")) == ["T6"]
    omitted = json.loads(run("check", log, "--json", "--select", "R,T", "--severity", "note").stdout)
    assert omitted["files"][0]["omitted"] == 1  # max-findings from the file
    assert codes(run("check", log, "--json", "--select", "R,T", "--severity", "note", "--max-findings", "0")) \
        == ["R7", "T6"]


def test_card_set_and_profile_paths_are_relative_to_the_file_and_may_lie_outside_the_log_folder(club):
    shared = club / "shared"
    shared.mkdir()
    for card_file in (ROOT / "cards").glob("sample*.gtc"):
        shutil.copy(card_file, shared / card_file.name)
    (shared / "house.toml").write_text('name = "house"\nbase = "official"\n[parameters]\nstarting_vis = 10\n')
    (club / "gt.toml").write_text('cards = "shared/sample.gtc"\nprofile = "shared/house.toml"\n')
    log = club / "logs" / "2024" / "nameless.gtl"
    log.write_text((RULES / "T6.gtl").read_text().replace('[Cards "sample"]\n', ""))
    assert "K1" in run("--isolated", "check", log).stdout  # without the club's file: no card set
    result = run("check", log, "--json")
    assert result.exit_code == 0, result.stdout
    assert "S2" not in codes(result)  # the log's 12 starting Vis are checked against the house profile...
    replayed = json.loads(run("replay", log, "--json").stdout)
    assert replayed["state"]["players"][0]["vis"] <= 10  # ...which starts everyone at 10
    shutil.copy(RULES / "T6.gtl", club / "logs" / "2024" / "named.gtl")  # names [Cards "sample"]: its own wins
    assert run("check", club / "logs" / "2024" / "named.gtl").exit_code == 0


def test_a_broken_file_stops_the_run_with_its_line(club):
    config = club / "gt.toml"
    for text, code, where in (('severity = "warning"\nmax_findigs = 3\n', "CFG002", ":2:1"),
                              ('severity = "warnings"\n', "CFG003", ":1:1"),
                              ('select = ["T6", "TX"]\n', "CFG003", ":1:1"),
                              ('language = "de"\n', "CFG003", ":1:1"),
                              ('profile = "oficial"\n', "CFG003", ":1:1"),
                              ("strict = 1\n", "CFG003", ":1:1"),
                              ("severity = \n", "CFG001", ":1:"),
                              ('max-findings = 2\nmax_findings = 3\n', "CFG002", ":2:1")):
        config.write_text(text)
        result = run("check", club / "logs")
        assert result.exit_code == 2, text
        assert f"{config}{where}" in result.output and code in result.output, result.output
    config.write_text('max_findigs = 3\n')
    result = run("check", club / "logs", "--json")
    error = json.loads(result.stdout)["errors"][0]
    assert error["code"] == "CFG002" and error["hint"] == "did you mean 'max-findings'?"


def test_gt_config_shows_each_setting_and_where_it_comes_from(club):
    (club / "gt.toml").write_text('# the club\nprofile = "printed-fr"\nignore = "T6, x"\n')
    result = run("config", club / "logs" / "2024" / "T6.gtl")
    assert result.exit_code == 0
    assert f"{club / 'gt.toml'}" in result.stdout
    lines = {line.split("|")[1].strip(): line for line in result.stdout.splitlines() if line.count("|") >= 3}
    assert "printed-fr" in lines["profile"] and "line 2" in lines["profile"]
    assert "T6, X" in lines["ignore"] and "line 3" in lines["ignore"] and "default" in lines["severity"]
    data = json.loads(run("config", club / "logs", "--json").stdout)
    assert data["config"] == str(club / "gt.toml") and data["table"] is None
    assert data["settings"]["ignore"] == {"value": ["T6", "X"], "from": f"{club / 'gt.toml'}:3"}
    assert data["settings"]["max-findings"] == {"value": 100, "from": "default"}


def test_gt_config_in_a_pyproject_and_without_any_file(club, tmp_path):
    (club / "pyproject.toml").write_text('[tool.gtcli]\ncards = "sample"\n')
    data = json.loads(run("config", club, "--json").stdout)
    assert data["table"] == "tool.gtcli" and data["settings"]["cards"]["from"] == f"{club / 'pyproject.toml'}:2"
    nothing = json.loads(run("config", club / ".git", "--json").stdout)  # .git holds no gt.toml; club's is above
    assert nothing["config"] == str(club / "pyproject.toml")
    (tmp_path / "alone").mkdir()
    (tmp_path / "alone" / ".git").mkdir()
    alone = run("config", tmp_path / "alone")
    assert "no configuration file" in alone.stdout


def test_isolated_and_an_explicit_config_file(club, tmp_path):
    (club / "gt.toml").write_text('ignore = ["T6"]\n')
    other = tmp_path / "other.toml"
    other.write_text('ignore = ["R"]\n')
    assert codes(run("--isolated", "check", club / "logs", "--json")) == ["R7", "T6"]
    assert codes(run("--config", other, "check", club / "logs", "--json")) == ["T6"]
    assert json.loads(run("--config", other, "config", "--json").stdout)["config"] == str(other)
    missing = run("--config", tmp_path / "nope.toml", "check", club / "logs")
    assert missing.exit_code == 2 and "CFG001" in missing.output


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a file away")
def test_a_file_owned_by_someone_else_is_passed_over(club):
    config = club / "gt.toml"
    config.write_text('ignore = ["T6"]\n')
    os.chown(config, 12345, 12345)  # as if another user had left it there
    data = json.loads(run("config", club / "logs", "--json").stdout)
    assert data["config"] is None and data["skipped"] == [f"{config}: owned by another user"]
    assert codes(run("check", club / "logs", "--json")) == ["R7", "T6"]
    assert "Passed over:" in run("config", club / "logs").stdout


def test_the_club_profile_and_language_reach_tally_play_and_fmt(club):
    (club / "house.toml").write_text('name = "house"\nbase = "official"\n[parameters]\nplace_multipliers = [5, 3, 2]\n')
    (club / "gt.toml").write_text('profile = "house.toml"\nlanguage = "es"\n')
    table = club / "logs" / "t.toml"
    shutil.copy(SCENARIOS / "tally" / "worked-example.toml", table)

    def first_score(*args: str) -> int:
        return json.loads(run("tally", table, "--json", *args).stdout)["items"][0]["score"]

    assert first_score() == 35 and first_score("--profile", "official") == 28  # (4 + 3) x 5, or x 4
    new = club / "logs" / "new.gtl"
    result = run("play", new, "--new", "--players", "Ana,Ben,Caro", input="quit\n")
    assert result.exit_code == 0, result.output
    header = new.read_text().splitlines()[:4]
    assert '[Perfil "../house.toml"]' in header and '[Idioma "es"]' in header
    assert "ronda 1 praeco Ana" in run("fmt", club / "logs" / "2024" / "T6.gtl").stdout  # the club's language
    assert "round 1 praeco Ana" in run("fmt", club / "logs" / "2024" / "T6.gtl", "--lang", "en").stdout


@pytest.mark.parametrize("text", [
    '[project]\nname = "archive"\n\n[tool.other]\n"' + "k" * 200 + '" = 1\n',  # a quoted key past 128 characters
    '[project]\nname = "archive\n',  # a syntax error
    '[project]\nname = "archive"\n[[[broken\n' + "x = 1\n" * 10,
    '\xff\xfe not even UTF-8',
])
def test_a_pyproject_without_gt_settings_never_stops_gt(club, text):
    """Issue 20: a Python project's file that does not mention gtcli is passed over unparsed."""
    (club / "gt.toml").write_text('select = ["R"]\n')
    (club / "logs" / "pyproject.toml").write_bytes(text.encode("latin-1") if text.startswith("\xff") else text.encode())
    result = run("check", club / "logs", "--json")
    assert result.exit_code == 0 and codes(result) == ["R7"]  # the club's gt.toml above is in force
    assert run("fmt", club / "logs" / "2024" / "T6.gtl").exit_code == 0


def test_a_broken_pyproject_that_mentions_gt_still_stops_the_run(club):
    """It may hold gt's settings: gt cannot tell what it would set, so it says so (CFG001)."""
    pyproject = club / "logs" / "pyproject.toml"
    pyproject.write_text('[tool.gtcli]\nseverity = "warning"\n[[[broken\n')
    result = run("check", club / "logs")
    assert result.exit_code == 2 and "CFG001" in result.output and str(pyproject) in result.output


def test_a_configuration_that_hides_findings_says_so(club):
    """Issue 20: the summary line and --json name the file in force and count what it hid."""
    shutil.copy(RULES / "K1.gtl", club / "logs" / "2024" / "K1.gtl")
    plain = run("check", club / "logs")
    assert plain.stdout.splitlines()[-1] == "2 log(s) checked: 1 error(s), 1 warning(s), 2 note(s)"  # no file: no note
    config = club / "gt.toml"
    config.write_text('ignore = ["K", "T6", "R7"]\n')
    hidden = run("check", club / "logs")
    assert hidden.exit_code == 0
    assert hidden.stdout.splitlines()[-1] == f"2 log(s) checked: clean (settings from {config}; 4 finding(s) hidden by them)"
    data = json.loads(run("check", club / "logs", "--json").stdout)
    assert data["summary"] == {"files": 2, "errors": 0, "warnings": 0, "notes": 0, "config": [str(config)],
                               "hidden_by_config": 4}
    assert [(f["config"], f["hidden_by_config"]) for f in data["files"]] == [(str(config), 2)] * 2
    # what the command line chose is the user's own: not counted as hidden by the file
    both = json.loads(run("check", club / "logs", "--json", "--severity", "warning").stdout)["summary"]
    assert both["hidden_by_config"] == 2  # the two R7 notes are --severity's, K1 and T6 the file's
    # a file whose every verdict setting is overridden is not in force; --isolated uses none
    for args in (("--ignore", "K,T6,R7"), ()):
        result = run(*(("--isolated",) if not args else ()), "check", club / "logs", *args)
        assert "settings from" not in result.stdout


def test_a_file_that_only_sets_the_look_is_named_too(club):
    (club / "gt.toml").write_text("max-findings = 1\n")
    assert run("check", club / "logs").stdout.splitlines()[-1].endswith(f"(settings from {club / 'gt.toml'})")
    (club / "gt.toml").write_text('language = "es"\n')  # nothing gt check uses
    assert "settings from" not in run("check", club / "logs").stdout


def test_fmt_says_when_the_language_came_from_the_configuration(club):
    log = club / "logs" / "2024" / "T6.gtl"
    (club / "gt.toml").write_text('language = "es"\n')
    result = run("fmt", "--write", log)
    assert result.exit_code == 0 and f"Formatted {log} (in es: the language set by {club / 'gt.toml'})." in result.stderr
    assert json.loads(run("fmt", log, "--json").stdout)["config"] == [str(club / "gt.toml")]
    assert "language set by" not in run("fmt", log, "--lang", "es", "--write").stderr  # chosen on the command line
    assert "config" not in json.loads(run("fmt", log, "--json", "--lang", "es").stdout)
