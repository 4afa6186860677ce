"""Issue 26: `--cards sample` (and the shipped board and profiles by name) work for every command that
takes a card set, from a folder with no cards/ in it, as after `pipx install`."""

from __future__ import annotations

import json
import re

import pytest

from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, run


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A folder of the user's, far from the repository, with a log whose [Cards] and [Board] name
    files that are not there: only the command line can give them."""
    monkeypatch.chdir(tmp_path)
    text = (SCENARIOS / "games" / "three-players.gtl").read_text(encoding="utf-8")
    text = re.sub(r'\[Cards "[^"]*"\]', '[Cards "club.gtc"]', text)
    text = re.sub(r'\[Board "[^"]*"\]', '[Board "club-board.toml"]', text)
    (tmp_path / "game.gtl").write_text(text, encoding="utf-8")
    assert not (tmp_path / "cards").exists() and not (tmp_path / "sample").exists()
    return tmp_path


def test_the_log_alone_cannot_be_checked_here(elsewhere):
    assert run("check", "game.gtl").exit_code == 2  # its card set is not beside it


@pytest.mark.parametrize("name", ["sample", "Muestra", "exemple", "esempio"])
def test_check_replay_and_fmt_take_the_shipped_set_and_board_by_name(elsewhere, name):
    checked = run("check", "game.gtl", "--cards", name, "--board", "sample", "--severity", "warning", "--json")
    assert checked.exit_code == 0, checked.stdout
    assert json.loads(checked.stdout)["files"][0]["winners"]
    replayed = json.loads(run("replay", "game.gtl", "--cards", name, "--board", "sample", "--json").stdout)
    assert replayed["winners"] and replayed["findings"]["errors"] == 0
    assert run("fmt", "game.gtl", "--cards", name, "--check").exit_code in (0, 1)  # read, parsed, laid out
    assert run("fmt", "game.gtl", "--cards", name).stdout.startswith("[")


def test_profiles_by_name_and_the_sample_work_together(elsewhere):
    result = run("check", "game.gtl", "--cards", "sample", "--board", "sample", "--profile", "printed-es", "--json")
    assert result.exit_code in (0, 1) and json.loads(result.stdout)["files"][0]["kind"] == "log"


def test_cards_commands_show_check_render_and_export_the_shipped_set(elsewhere):
    shown = run("cards", "show", "sample")
    assert shown.exit_code == 0 and "Storm Staff" in shown.stdout and shown.stdout.startswith("Sample (en, 43 cards")
    assert "Bâton de la Tempête" in run("cards", "show", "sample", "--lang", "fr").stdout  # its translations too
    assert "ITEM" in run("cards", "show", "sample", "storm staff").stdout
    checked = run("cards", "check", "sample")
    assert checked.exit_code == 0 and f"{cards_dir() / 'sample.gtc'}: set 'Sample', 43 cards, 48 copies" in checked.stdout
    rendered = run("cards", "render", "sample", "-o", "sample.html")
    assert rendered.exit_code == 0 and (elsewhere / "sample.html").read_text(encoding="utf-8").lower().startswith("<!doctype html>")
    assert "Storm Staff" in run("cards", "export", "sample", "--format", "json").stdout
    assert run("cards", "template", "sample", "--lang", "it", "-o", "-").stdout.startswith("#")


def test_the_template_of_the_sample_is_never_written_into_gt_own_folder(elsewhere):
    before = sorted(p.name for p in cards_dir().iterdir())
    result = run("cards", "template", "sample", "--lang", "it")
    assert result.exit_code == 2 and "-o FILE" in result.output
    assert sorted(p.name for p in cards_dir().iterdir()) == before
    written = run("cards", "template", "sample", "--lang", "it", "-o", "mine.it.gtc", "--force")
    assert written.exit_code == 0 and (elsewhere / "mine.it.gtc").exists()


def test_a_file_of_ones_own_called_sample_is_dot_slash_sample(elsewhere):
    (elsewhere / "sample").write_text('set "Mine"\nitem "Solo" type staff advance 2 base 1 slots runic\n',
                                      encoding="utf-8")
    assert "Mine" in run("cards", "show", "./sample").stdout
    assert "Sample" in run("cards", "show", "sample").stdout
