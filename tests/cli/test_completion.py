"""Issue 26: completion of what the README promises -- profiles, variants, rule codes, card names from
the set in force, player names -- through Click's completion protocol (ShellComplete, and _GT_COMPLETE
as the printed script asks for it)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.shell_completion import ShellComplete

from gtcli.cli.main import cli
from gtcli.grand_tribunal.rules.profiles import BUILTIN
from tests.conftest import SCENARIOS, run


def complete(args: list[str], incomplete: str) -> list[tuple[str, str]]:
    """(value, type) of each completion Click offers, as the shell's script would ask for it."""
    items = ShellComplete(cli, {}, "gt", "_GT_COMPLETE").get_completions(args, incomplete)
    return [(item.value, item.type) for item in items]


def values(args: list[str], incomplete: str) -> list[str]:
    return [value for value, kind in complete(args, incomplete) if kind == "plain"]


@pytest.mark.parametrize("command", [["tally", "t.toml"], ["check", "g.gtl"], ["replay", "g.gtl"],
                                     ["game", "new", "g.toml"], ["play", "g.gtl"], ["simulate"]])
def test_profiles_complete_by_name_then_files(command):
    assert values([*command, "--profile"], "") == list(BUILTIN)
    assert complete([*command, "--profile"], "printed-") == [("printed-fr", "plain"), ("printed-es", "plain"),
                                                              ("printed-", "file")]
    assert values(["rules", "diff", "official"], "PR") == ["printed-fr", "printed-es"]


def test_variants_complete_by_code_and_name_and_in_a_list():
    assert values(["play", "g.gtl", "--new", "--variant"], "x") == ["X1", "X2", "X3", "X4", "X5"]
    assert values(["play", "g.gtl", "--new", "--variant"], "quick") == ["quick-rotation"]
    assert values(["simulate", "--variants"], "X1,ch") == ["X1,cheap-resources"]


def test_rule_codes_complete_for_select_ignore_and_explain():
    assert values(["check", "g.gtl", "--select"], "T") [:6] == ["T1", "T2", "T3", "T4", "T5", "T6"]
    assert "TAB001" in values(["check", "g.gtl", "--select"], "T")
    assert values(["check", "g.gtl", "--ignore"], "t6,sup") == ["t6,SUP001", "t6,SUP002"]
    cfg = values(["rules", "explain"], "cfg")  # every CFG code, in order (more come as features do)
    assert cfg[:3] == ["CFG001", "CFG002", "CFG003"] and cfg == sorted(cfg) and all(c.startswith("CFG") for c in cfg)
    (item,) = ShellComplete(cli, {}, "gt", "_GT_COMPLETE").get_completions(["rules", "explain"], "R3")
    assert item.help == "ranking: votes, then base score, then installed Spells; ties share a place"


def test_card_sets_boards_and_card_names_from_the_set_in_force(tmp_path):
    assert complete(["check", "g.gtl", "--cards"], "sa") == [("sample", "plain"), ("sa", "file")]
    assert complete(["replay", "g.gtl", "--board"], "") == [("sample", "plain"), ("", "file")]
    assert values(["cards", "show"], "") == ["sample"]
    assert values(["cards", "show", "sample"], "sto") == ["Storm Staff"]
    assert values(["cards", "show", "sample"], '"ember') == ["Ember Wand"]
    own = tmp_path / "club.gtc"
    own.write_text('set "Club"\nitem "Oak Staff" type staff advance 2 base 1 slots runic\n', encoding="utf-8")
    assert values(["cards", "show", str(own)], "") == ["Oak Staff"]
    assert values(["cards", "show", str(tmp_path / "missing.gtc")], "") == []  # nothing, never a traceback
    assert values(["balance", "compare", str(own), "sample", "--metric"], "card:") == ["card:Oak Staff"]
    assert values(["balance", "compare", str(own), "sample", "--metric"], "") == ["praeco", "seat:1", "card:"]


def test_player_names_from_the_players_given_and_from_the_archive(tmp_path):
    assert values(["game", "new", "g.toml", "--players", "Ana, Ben,José", "--first-praeco"], "j") == ["José"]
    archive = tmp_path / "archive"
    archive.mkdir()
    for name in ("three-players.gtl", "four-players.gtl"):
        (archive / name).write_text((SCENARIOS / "games" / name).read_text(encoding="utf-8"), encoding="utf-8")
    assert values(["club", "stats", str(archive), "--player"], "") == []  # no index yet: none is made
    assert not (archive / ".gt-club" / "club.sqlite").exists()
    assert run("club", "index", archive).exit_code == 0
    index = archive / ".gt-club" / "club.sqlite"
    before = index.stat().st_mtime_ns
    assert values(["club", "stats", str(archive), "--player"], "") == ["Ana", "Ben", "Caro", "Dora"]
    assert values(["club", "stats", str(archive), "--player"], "d") == ["Dora"]
    assert index.stat().st_mtime_ns == before  # read only


def test_the_printed_script_gets_them_through_gt_complete():
    """As bash asks: `_GT_COMPLETE=bash_complete` with the words typed, answered by a real `gt`."""
    def bash(words: str) -> list[str]:
        env = {**os.environ, "_GT_COMPLETE": "bash_complete", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
        done = subprocess.run([sys.executable, "-m", "gtcli"], env=env, capture_output=True, text=True, check=True)
        return done.stdout.splitlines()

    assert bash("gt check g.gtl --select SUP") == ["plain,SUP001", "plain,SUP002"]
    assert bash("gt tally t.toml --profile printed-f") == ["plain,printed-fr", "file,printed-f"]
    assert bash("gt cards show sample Kind") == ["plain,Kindle"]


def test_profile_help_names_every_built_in_profile():
    """The help is made from the registry: a profile added there is never missing from it."""
    for command in (["tally"], ["check"], ["replay"], ["game", "new"], ["play"], ["simulate"]):
        text = " ".join(run(*command, "--help").stdout.split()).replace("- ", "-")  # Click wraps at hyphens
        assert all(f"'{name}'" in text for name in BUILTIN), (command, text)
    assert "printed-es" in BUILTIN
