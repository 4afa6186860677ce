"""Issue 26: findings a club accepts, suppressed as ruff does -- `# noqa: CODE` on a log line and
`per-file-ignores` in gt.toml -- and never silently: counted, named, and reported once stale."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.core.suppressions import glob_matches, glob_problem, noqa_comments, per_file_codes
from tests.conftest import SCENARIOS, run

RULES = SCENARIOS / "rules"


@pytest.fixture
def two_errors(tmp_path):
    """T2.gtl (a second vote at 16:43) and one more T2 error at 17:18."""
    path = tmp_path / "t2.gtl"
    path.write_text(RULES.joinpath("T2.gtl").read_text(encoding="utf-8") + "Ben: vote staff; vote orb\n",
                    encoding="utf-8")
    return path


def with_comment(path, line: int, comment: str) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[line - 1] += "  " + comment
    path.write_text("\n".join(lines), encoding="utf-8")


def findings(result) -> list[tuple[str, int]]:
    data = json.loads(result.stdout)
    return [(d["code"], d["line"]) for f in data["files"] for d in f["diagnostics"]]


def test_noqa_suppresses_its_codes_on_its_line_only_and_says_so(two_errors):
    with_comment(two_errors, 16, "# noqa: T2 -- the table allowed it")
    result = run("check", two_errors, "--severity", "error")
    assert result.exit_code == 1 and ":16:" not in result.stdout and ":17:18: T2 error:" in result.stdout
    assert result.stdout.splitlines()[-1] == \
        "1 log(s) checked: 1 error(s), 0 warning(s) (1 finding(s) suppressed by # noqa)"
    data = json.loads(run("check", two_errors, "--severity", "error", "--json").stdout)
    assert data["files"][0]["suppressed_by_noqa"] == 1 and data["summary"]["suppressed_by_noqa"] == 1
    with_comment(two_errors, 17, "# NOQA:t2")  # any case, no blank needed
    clean = run("check", two_errors, "--severity", "error")
    assert clean.exit_code == 0 and clean.stdout == "1 log(s) checked: clean (2 finding(s) suppressed by # noqa)\n"


def test_first_stops_at_the_first_error_that_is_not_suppressed(two_errors):
    with_comment(two_errors, 16, "# noqa: T2")
    assert findings(run("check", two_errors, "--first", "--json")) == [("T2", 17)]


def test_a_noqa_that_suppresses_nothing_is_reported_with_what_it_names(two_errors):
    with_comment(two_errors, 16, "# noqa: T2, K4")
    with_comment(two_errors, 15, "# noqa: T6")
    result = run("check", two_errors)
    assert ":16:55: SUP001 warning: `# noqa: K4` suppresses nothing: no K4 finding on this line" in result.stdout
    assert ":15:21: SUP001 warning: `# noqa: T6` suppresses nothing" in result.stdout
    assert ":16:43: T2" not in result.stdout
    assert result.stdout.splitlines()[-1].startswith("1 log(s) checked: 1 error(s), 2 warning(s), 1 note(s)")
    assert "SUP" not in run("check", two_errors, "--ignore", "SUP").stdout  # chosen like any other code


def test_a_bare_noqa_or_an_unknown_code_suppresses_nothing_and_is_named(two_errors):
    with_comment(two_errors, 16, "# noqa")
    with_comment(two_errors, 17, "# noqa: T22")
    result = run("check", two_errors)
    assert ":16:43: T2 error:" in result.stdout and ":17:18: T2 error:" in result.stdout
    assert ":16:55: SUP002 warning: a `# noqa` without codes suppresses nothing" in result.stdout
    assert ":17:28: SUP002 warning: `# noqa` names T22, which is no code" in result.stdout
    assert "did you mean 'T2'?" in result.stdout
    assert "suppressed" not in result.stdout


def test_noqa_inside_a_quoted_name_is_no_comment():
    assert noqa_comments('Ana: sanctum "Storm # noqa: T2 Staff"\n') == []
    found = noqa_comments('Ana: vote staff   # disputed # noqa: T6, k4 ruled legal\n# noqa\nBen: pass  # noqa-ish\n')
    assert [(c.line, c.col, c.codes) for c in found] == [(1, 30, ("T6", "K4")), (2, 1, ())]
    assert noqa_comments("Ana: pass  # disputed; noqa: T6\n") == []  # as ruff: `# noqa` starts with its own #


def test_the_club_archive_judges_a_log_with_its_comments(two_errors, tmp_path):
    with_comment(two_errors, 16, "# noqa: T2")
    with_comment(two_errors, 17, "# noqa: T2")
    data = json.loads(run("club", "index", two_errors.parent, "--db", tmp_path / "club.sqlite", "--json").stdout)
    assert data["games"]["grand-tribunal"] == {"incomplete": 1}  # legal once suppressed; it stops early


# ---- per-file ignores --------------------------------------------------------------------------------
@pytest.fixture
def club(tmp_path):
    for folder in ("logs/2019", "logs/2024"):
        (tmp_path / folder).mkdir(parents=True)
    shutil.copy(RULES / "T6.gtl", tmp_path / "logs" / "2019" / "T6.gtl")
    shutil.copy(RULES / "T6.gtl", tmp_path / "logs" / "2024" / "T6.gtl")
    return tmp_path


def test_per_file_ignores_hide_codes_in_the_files_a_pattern_matches_and_say_so(club):
    config = club / "gt.toml"
    config.write_text('[per-file-ignores]\n"logs/2019/*.gtl" = ["T6"]\n"T6.gtl" = ["R7"]\n', encoding="utf-8")
    result = run("check", club / "logs", "--json")
    data = json.loads(result.stdout)
    assert [(f["file"].split("/")[-2], [d["code"] for d in f["diagnostics"]]) for f in data["files"]] == \
        [("2019", []), ("2024", ["T6"])]
    assert [f.get("hidden_by_config") for f in data["files"]] == [2, 1]
    assert data["summary"]["config"] == [str(config)] and data["summary"]["hidden_by_config"] == 3
    human = run("check", club / "logs")
    assert human.stdout.splitlines()[-1] == \
        f"2 log(s) checked: 0 error(s), 1 warning(s) (settings from {config}; 3 finding(s) hidden by them)"
    # the command line's --ignore replaces the file's `ignore`, not its per-file-ignores (as ruff's)
    assert findings(run("check", club / "logs", "--ignore", "K", "--json")) == [("T6", 16)]
    assert len(findings(run("--isolated", "check", club / "logs", "--json"))) == 4


def test_a_pattern_that_matches_nothing_here_puts_no_file_in_force(club):
    (club / "gt.toml").write_text('[per-file-ignores]\n"archive/**" = ["T6"]\n', encoding="utf-8")
    data = json.loads(run("check", club / "logs", "--json").stdout)
    assert "config" not in data["summary"] and len(findings_of(data)) == 4


def findings_of(data: dict) -> list:
    return [d for f in data["files"] for d in f["diagnostics"]]


def test_per_file_ignores_in_pyproject_and_gt_config_show_them(club):
    (club / "pyproject.toml").write_text('[tool.gtcli.per-file-ignores]\n"**/2024/*" = ["T6", "R7"]\n',
                                         encoding="utf-8")
    assert findings(run("check", club / "logs" / "2024", "--json")) == []
    shown = json.loads(run("config", club / "logs", "--json").stdout)["settings"]["per-file-ignores"]
    assert shown == {"value": {"**/2024/*": ["T6", "R7"]}, "from": f"{club / 'pyproject.toml'}:1"}
    assert "**/2024/*: T6, R7" in run("config", club / "logs").stdout


def test_bad_per_file_ignores_are_each_a_cfg003_at_their_line(club):
    (club / "gt.toml").write_text('ignore = ["T66"]\n\n[per-file-ignores]\n"logs/*.gtl" = ["T6"]\n'
                                  '"/etc/*.gtl" = ["T6"]\n"../up/*.gtl" = ["T6"]\n"a.gtl" = ["Q9"]\n'
                                  '"b.gtl" = "T6, R7"\n', encoding="utf-8")
    result = run("check", club / "logs")
    assert result.exit_code == 2
    lines = [line.split(": ", 1)[1] for line in result.stderr.splitlines() if line.startswith(str(club))]
    assert [line.split(" ")[0] for line in lines] == ["CFG003"] * 4
    where = [int(line.split(":")[1]) for line in result.stderr.splitlines() if line.startswith(str(club))]
    assert where == [1, 5, 6, 7]  # every problem of the file in one run, each at its line ("b.gtl" is fine)


def test_globs_match_as_documented():
    assert glob_matches("*.gtl", "logs/2019/a.gtl") and not glob_matches("*.gtc", "logs/a.gtl")
    assert glob_matches("logs/*.gtl", "logs/a.gtl") and not glob_matches("logs/*.gtl", "logs/2019/a.gtl")
    assert glob_matches("logs/**/*.gtl", "logs/a.gtl") and glob_matches("logs/**/*.gtl", "logs/2019/x/a.gtl")
    assert glob_matches("logs/**", "logs/2019/a.gtl") and glob_matches("./logs/?.gtl", "logs/a.gtl")
    assert glob_matches("[!x]*.gtl", "a.gtl") and not glob_matches("[!x]*.gtl", "xa.gtl")
    assert glob_matches("[a-c].gtl", "b.gtl") and not glob_matches("[a-c].gtl", "d.gtl")
    assert glob_problem("../a.gtl") and glob_problem("/a.gtl") and glob_problem("[z-a].gtl") and glob_problem(" ")
    assert glob_problem("logs/**/[0-9]*.gtl") is None


def test_a_file_outside_the_configuration_folder_is_matched_by_its_name(tmp_path):
    patterns = {"logs/*.gtl": ("T6",), "*.es.gtl": ("K4",)}
    assert per_file_codes(patterns, tmp_path / "club", str(tmp_path / "elsewhere" / "logs" / "a.es.gtl")) == ("K4",)
    assert per_file_codes(patterns, tmp_path, str(tmp_path / "logs" / "a.es.gtl")) == ("T6", "K4")
    assert per_file_codes(patterns, tmp_path, "<stdin>") == ()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(['Ana: vote staff', '# noqa: T6', '"# noqa: K4"', ' # NOQA:k4,T6 x', '#noqa',
                                 'sanctum "a#b"', '"', '# disputed # noqa: A1', 'noqa', '\t', ' ']),
                max_size=12).map("".join), st.integers(1, 4))
def test_noqa_comments_finds_what_the_comment_scanner_finds(line, repeat):
    """The quick line search agrees with reading every comment (gtcli.core.parsing.comments.scan)."""
    from gtcli.core.parsing.comments import scan
    from gtcli.core.suppressions import _NOQA

    text = "\n".join([line] * repeat) + "\n"
    expected = [(c.line, c.col + m.start()) for c in scan(text) if (m := _NOQA.search(c.text))]
    assert [(c.line, c.col) for c in noqa_comments(text)] == expected
