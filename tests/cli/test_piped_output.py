"""Piped output is never hard-wrapped, and a mistake says what gt diff says.

A real ``gt`` process writing into a pipe (not a terminal): a suggested command such as
``gt diff A B`` stays on one line whatever its length, so a script or a copy gets it whole;
``gt club duplicates`` words where two records part as ``gt diff`` does ("first differ at
move N"), with the same N, and its ``gt diff`` runs from where ``gt club`` was run.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from benchmarks.club_archive import game_text

GT = [sys.executable, "-m", "gtcli"]


def gt(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "FORCE_COLOR")}
    return subprocess.run([*GT, *map(str, args)], cwd=cwd, capture_output=True, text=True, env=env, timeout=120)


def test_a_suggested_gt_diff_stays_on_one_line_and_words_the_move_as_gt_diff_does(tmp_path):
    folder = tmp_path / "the club archive" / ("a folder with a long name, as mail attachments get " * 2).strip()
    folder.mkdir(parents=True)
    lines = game_text(3).splitlines()
    (folder / "original record of the evening.gtl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    n = next(i for i in range(len(lines) * 2 // 3, len(lines)) if "extract 2" in lines[i])
    changed = lines[:n] + [lines[n].replace("extract 2", "extract 1")] + lines[n + 1:]
    (folder / "typed up again the next day.gtl").write_text("\n".join(changed) + "\n", encoding="utf-8")
    found = gt("club", "duplicates", "the club archive", cwd=tmp_path)
    assert found.returncode == 1, found.stderr
    [line] = [line for line in found.stdout.splitlines() if "gt diff" in line]
    assert line.startswith("Probably one game recorded twice: ") and len(line) > 200  # longer than any terminal
    command = line[line.index("gt diff"):].rstrip(")")
    differ = gt(*shlex.split(command)[1:], cwd=tmp_path)  # the command, as suggested, runs from here
    assert differ.returncode == 1, differ.stderr
    said = differ.stdout.splitlines()[0]
    move = said[said.index("first differ at move "):].split(" (")[0]
    assert move in line  # "first differ at move N": the same words and the same N
