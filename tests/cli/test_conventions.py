"""Conventions of a command-line tool: completion, FORCE_COLOR/NO_COLOR, --json everywhere, replay's edges."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import click
import pytest

from tests.conftest import SCENARIOS, run

RULES = SCENARIOS / "rules"

# Commands without --json / --format json, each with the reason. Empty: every command has one.
# (Groups -- gt, gt cards, gt game, gt rules, gt trickerion, gt trickerion game -- only list
# their subcommands, which are checked one by one.)
WITHOUT_JSON: dict[str, str] = {}


def leaf_commands() -> list[tuple[str, click.Command]]:
    from gtcli.cli.main import cli

    found = []

    def walk(command: click.Command, path: str, ctx: click.Context) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                walk(sub, f"{path} {name}", click.Context(sub, parent=ctx, info_name=name))
        else:
            found.append((path, command))

    walk(cli, "gt", click.Context(cli, info_name="gt"))
    return found


def speaks_json(command: click.Command) -> bool:
    for param in command.params:
        if "--json" in getattr(param, "opts", ()):
            return True
        if "--format" in getattr(param, "opts", ()) and "json" in getattr(param.type, "choices", ()):
            return True
    return False


def test_every_command_has_json():
    commands = leaf_commands()
    assert len(commands) >= 30 and "gt trickerion game turn" in dict(commands) and "gt completion" in dict(commands)
    lacking = [path for path, command in commands if not speaks_json(command) and path not in WITHOUT_JSON]
    assert lacking == [], f"add --json (docs/json.md) or list the command in WITHOUT_JSON with a reason: {lacking}"
    assert set(WITHOUT_JSON) <= set(dict(commands)), "an exception for a command that is gone"


@pytest.mark.parametrize("shell, marker", [("bash", "complete -o nosort -F _gt_completion gt"),
                                           ("zsh", "#compdef gt"), ("fish", "complete --no-files --command gt")])
def test_completion_prints_clicks_script(shell, marker):
    result = run("completion", shell)
    assert result.exit_code == 0 and marker in result.stdout and "_GT_COMPLETE" in result.stdout
    data = json.loads(run("completion", shell, "--json").stdout)
    assert data["shell"] == shell and marker in data["script"] and "gt completion" in data["install"]


def test_completion_of_an_unknown_shell_is_a_usage_error():
    result = run("completion", "powershell")
    assert result.exit_code == 2 and "'powershell' is not one of 'bash', 'zsh', 'fish'" in result.output


def test_the_completion_script_completes_commands_options_and_choices():
    """What the printed script asks gt for, asked directly (as bash would, through _GT_COMPLETE)."""
    def complete(words: str) -> list[str]:
        env = {**os.environ, "_GT_COMPLETE": "bash_complete", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
        done = subprocess.run([sys.executable, "-m", "gtcli"], env=env, capture_output=True, text=True, check=True)
        return [line.split(",", 1)[1] for line in done.stdout.splitlines()]

    assert complete("gt c") == ["cards", "check", "club", "completion", "config"]
    assert complete("gt check --sev") == ["--severity"]
    assert complete("gt check --severity ") == ["note", "warning", "error"]
    assert "bash" in complete("gt completion ")


def test_force_color_colours_output_off_a_terminal_and_no_color_wins():
    log = RULES / "A1.gtl"
    plain = run("check", log)
    forced = run("check", log, env={"FORCE_COLOR": "1"})
    both = run("check", log, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[" not in plain.stdout
    assert "\x1b[31m\x1b[1mA1\x1b[0m" in forced.stdout
    assert "\x1b[" not in both.stdout and both.stdout == plain.stdout
    assert "\x1b[" not in run("check", log, env={"FORCE_COLOR": "0"}).stdout  # "0" forces nothing
    table = run("rules", "codes", env={"FORCE_COLOR": "1"})
    assert "\x1b[" in table.stdout and "+---" in table.stdout  # rich colours, the ASCII layout of a pipe
    assert "\x1b[" not in run("rules", "codes", env={"FORCE_COLOR": "1", "NO_COLOR": "x"}).stdout


def test_an_empty_no_color_does_not_count():
    """no-color.org: NO_COLOR counts when it is set to a non-empty value."""
    assert "\x1b[" in run("check", RULES / "A1.gtl", env={"FORCE_COLOR": "1", "NO_COLOR": ""}).stdout


def test_replay_past_the_end_is_an_error_with_the_length(write):
    log = RULES / "T6.gtl"
    length = len(log.read_text().splitlines())
    assert run("replay", log, "--at", str(length)).exit_code == 0
    result = run("replay", log, "--at", str(length + 1))
    assert result.exit_code == 2
    assert f"line {length + 1} is past the end of {log}, which has {length} line(s)" in result.output
    assert "'--at'" in result.output and result.stdout == ""


def test_replay_of_an_illegal_log_says_so_and_exits_1():
    result = run("replay", RULES / "A1.gtl")
    assert result.exit_code == 1 and "Voting Track" in result.stdout
    assert "This log breaks the rules: 1 error(s) in all, the first " in result.stderr
    assert f"{RULES / 'A1.gtl'}:17:79: A1 a vote takes" in result.stderr
    before = run("replay", RULES / "A1.gtl", "--at", "16")
    assert before.exit_code == 0 and before.stderr == ""  # legal up to line 16
    data = json.loads(run("replay", RULES / "A1.gtl", "--json").stdout)
    assert data["findings"]["errors"] == 1
