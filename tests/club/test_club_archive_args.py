"""The same mistake gets the same message from every gt club command: a file given for the
archive's folder, a folder that does not exist, and a Dask scheduler that cannot be reached,
tried even when nothing needs judging."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import SCENARIOS, run

COMMANDS = (("index",), ("stats",), ("ratings",), ("duplicates",), ("recheck",), ("export",))


def test_a_file_for_the_folder_is_one_message_everywhere(tmp_path):
    log = tmp_path / "game.gtl"
    shutil.copy(SCENARIOS / "games" / "three-players.gtl", log)
    said = set()
    for command in COMMANDS:
        result = run("club", *command, log)
        assert result.exit_code == 2, (command, result.output)
        assert "Usage:" not in result.output and "Directory" not in result.output
        said.add(result.output)
        found = json.loads(run("club", *command, log, "--json").stdout)["errors"][0]
        assert found["code"] == "IO001" and found["message"] == f"{log} is a file, not a folder"
        assert found["hint"].endswith(f"for this one file: gt check {log}")
    assert len(said) == 1
    site = run("club", "site", log, "-o", tmp_path / "site")
    assert site.exit_code == 2 and site.output in said and not (tmp_path / "site").exists()


def test_a_missing_folder_is_one_message_everywhere(tmp_path):
    said = {run("club", *command, tmp_path / "nowhere").output for command in COMMANDS}
    assert said == {f"{tmp_path / 'nowhere'}: IO001 error: no such folder: {tmp_path / 'nowhere'}\n"
                    "  hint: gt club takes the folder that holds the club's logs and sessions\n"}


def test_index_tries_the_scheduler_even_when_nothing_needs_judging(tmp_path):
    pytest.importorskip("distributed")
    archive = tmp_path / "archive"
    archive.mkdir()
    shutil.copy(SCENARIOS / "games" / "three-players.gtl", archive / "game.gtl")
    assert run("club", "index", archive).exit_code == 0  # judged here: nothing is left to judge
    result = run("club", "index", archive, "--scheduler", "tcp://127.0.0.1:1")  # no scheduler listens there
    assert result.exit_code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in result.output
