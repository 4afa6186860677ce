"""``gt check`` / ``gt replay`` / ``gt fmt`` on broken input: clear messages, right exit codes."""

from __future__ import annotations

import json

from tests.conftest import SCENARIOS, run

HEAD = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n\ntribunal 1\nround 1 praeco Ana\n'


def test_syntax_error_is_a_finding_with_caret(write):
    path = write("bad.gtl", HEAD + "Ana: praeco staff, orb, wand; extrct 1\n")
    result = run("check", path)
    assert result.exit_code == 2
    assert f"{path}:6:31: SYN001 error: unexpected 'extrct'" in result.stdout
    assert "did you mean 'extract'?" in result.stdout
    assert "     6 | Ana: praeco staff, orb, wand; extrct 1" in result.stdout


def test_missing_file_and_empty_file(tmp_path, write):
    assert run("check", tmp_path / "nope.gtl").exit_code == 2
    empty = write("empty.gtl", "")
    result = run("check", empty)
    assert result.exit_code == 2 and "S1" in result.stdout and "[Players" in result.stdout


def test_unknown_card_set_in_header(write):
    path = write("g.gtl", '[Players "Ana, Ben, Caro"]\n[Cards "nowhere.gtc"]\n')
    result = run("check", path, "--format", "json")
    assert result.exit_code == 2
    d = json.loads(result.stdout)["files"][0]["diagnostics"][0]
    assert d["code"] == "IO001" and d["line"] == 2 and d["file"] == str(path)  # where the log names the set


def test_unknown_variant_points_at_the_tag(write):
    path = write("g.gtl", '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n[Variants "double-advanse"]\n')
    result = run("check", path)
    assert result.exit_code == 2 and ":3:2: PROF003 error: unknown variant" in result.stdout
    assert "did you mean 'double-advance'?" in result.stdout


def test_first_stops_at_the_first_error(write):
    path = write("g.gtl", HEAD + "Ana: praeco staff, staff, wand; vote staf; vote orb\n")
    everything = json.loads(run("check", path, "--json").stdout)["summary"]["errors"]
    first = json.loads(run("check", path, "--json", "--first").stdout)["summary"]["errors"]
    assert everything >= 3 and first == 1


def test_many_logs_and_github_format():
    paths = [SCENARIOS / "rules" / "A1.gtl", SCENARIOS / "games" / "three-players.gtl"]
    result = run("check", *paths, "--format", "github")
    assert result.exit_code == 1
    assert any(line.startswith("::error file=") for line in result.stdout.splitlines())
    assert "title=A1::" in result.stdout


def test_variants_make_moves_legal(write):
    body = HEAD.replace('[Cards "sample"]', '[Cards "sample"]\n[Variants "double-advance, cheap-resources"]')
    path = write("g.gtl", body + 'Ana: praeco staff, orb, wand; sanctum "Storm Staff", "Kindle"; '
                 'advance ?x 1; vote staff\n')
    codes = {d["code"] for d in json.loads(run("check", path, "--json").stdout)["files"][0]["diagnostics"]}
    assert "X1" not in codes


def test_replay_of_a_broken_log_still_shows_state(write):
    path = write("g.gtl", HEAD + "Ana: praeco staff, orb, wand; vote staff; vote orb\n")
    result = run("replay", path)
    assert result.exit_code == 1
    assert "Voting Track" in result.stdout and "gt check" in result.stderr


def test_fmt_write_is_atomic_and_idempotent(write):
    path = write("g.gtl", HEAD + "Ana:praeco staff,orb,wand;extract 1 ; vote   staff\n")
    assert run("fmt", path, "--check").exit_code == 1
    assert run("fmt", path, "--write").exit_code == 0
    text = path.read_text()
    assert "Ana: praeco staff, orb, wand; extract 1; vote staff\n" in text
    assert run("fmt", path, "--check").exit_code == 0


def test_fmt_of_a_broken_log_is_exit_2(write):
    path = write("g.gtl", HEAD + "Ana: @@@\n")
    result = run("fmt", path)
    assert result.exit_code == 2 and "SYN002" in result.stderr


def test_fmt_json_reports_change_and_text(write):
    messy = write("m.gtl", HEAD.replace("tribunal 1", "TRIBUNAL   1") + "Ana:  praeco staff,orb,wand ;vote staff\n")
    result = run("fmt", messy, "--json")
    assert result.exit_code == 0
    (out,) = json.loads(result.stdout)["files"]
    assert out["changed"] is True and out["written"] is False and out["language"] == "en"
    assert "Ana: praeco staff, orb, wand; vote staff\n" in out["text"]
    checked = run("fmt", messy, "--check", "--json")
    assert checked.exit_code == 1 and json.loads(checked.stdout)["files"][0]["text"] is None


def test_log_guide_lists_every_keyword_in_every_language():
    """docs/logs.md's keyword table must not drift from the keyword tables."""
    import re
    from pathlib import Path

    from gtcli.grand_tribunal.lang.keywords import KEYWORDS, LANGUAGES

    root = Path(__file__).resolve().parents[2]
    guide = (root / "docs" / "logs.md").read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in (root / "grammar" / "transcript.lark").read_text().splitlines())
    used = {w for w in re.findall(r"\b[A-Z][A-Z_]+\b", code) if w in KEYWORDS}
    for keyword in used:
        row = next(line for line in guide.splitlines() if line.startswith(f"| {keyword} |"))
        for lang in LANGUAGES:
            for word in KEYWORDS[keyword][lang]:
                assert f"`{word}`" in row, (keyword, lang, word)


def test_a_note_about_the_whole_log_names_its_file(write):
    path = write("nosetup.gtl", HEAD + "Ana: praeco staff, orb, wand; vote staff; vote orb\n")
    result = run("check", path, "--format", "json")
    notes = [d for d in json.loads(result.stdout)["files"][0]["diagnostics"] if d["code"] == "K4"]
    assert notes and all(d["file"] == str(path) for d in notes)
