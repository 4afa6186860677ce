"""`gt check` at a real terminal (a pseudo-terminal): findings never share a line with the
progress bar, and in colour a code is styled where it stands in the finding, not where it
also appears in the file name (issue 20)."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.conftest import SCENARIOS
from tests.terminal import Terminal

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
RULES = SCENARIOS / "rules"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def visible_lines(text: str) -> list[str]:
    """Each line as it stays on the screen: what follows its last carriage return, without styles."""
    return [ANSI.sub("", line.split("\r")[-1]) for line in text.split("\n")]


def test_findings_never_share_a_line_with_the_progress_bar(tmp_path):
    logs = [RULES / f"{code}.gtl" for code in ("K1", "T6", "A1", "T1")]
    term = Terminal("check", *logs, "--jobs", "1")
    assert term.wait() == 1, term.text[-1500:]
    raw = term.text
    assert "checking logs" in raw  # the bar was shown
    lines = visible_lines(raw)
    findings = [line for line in lines if ".gtl:" in line]
    assert len(findings) >= 8
    assert not [line for line in lines if "checking logs" in line and ".gtl" in line]
    # every finding starts its line (nothing of the bar before it), and the summary closes the run
    assert all(line.startswith(str(RULES)) for line in findings)
    assert lines[-2 if not lines[-1] else -1].startswith("4 log(s) checked:")


def test_a_code_in_the_file_name_is_not_styled(tmp_path):
    (tmp_path / "archive").mkdir()
    shutil.copy(RULES / "K1.gtl", tmp_path / "archive" / "K1.gtl")
    term = Terminal("check", "archive/K1.gtl", cwd=str(tmp_path))
    assert term.wait() == 1
    head = next(line for line in term.text.split("\n") if line.startswith("archive/") and ":16:" in line)
    assert head.startswith("archive/K1.gtl:16:39: \x1b[")  # the name plain, the code styled after it
    assert ANSI.sub("", head).startswith("archive/K1.gtl:16:39: K1 error: the card set has no card named")
