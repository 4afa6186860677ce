"""Audit of issue 38 against the shell's ways out: a closed standard output is exit 141, silently,
whatever gt was printing (``gt --help | head -0``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def closed_output(*args: str) -> subprocess.CompletedProcess:
    """``gt ARGS | head -0``: standard output a pipe whose reader is gone before gt writes."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "gtcli", *args], stdout=write, stderr=subprocess.PIPE,
                              stdin=subprocess.DEVNULL, text=True, timeout=120,
                              env={**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"})
    finally:
        os.close(write)


@pytest.mark.parametrize("args", [("tally", "--help"), ("game", "tribunal", "--help"), ("club", "--help")])
def test_a_commands_help_into_a_closed_pipe_is_141(args):
    proc = closed_output(*args)
    assert proc.returncode == 141 and proc.stderr == ""


@pytest.mark.parametrize("args", [("--help",), ("--version",)])
def test_gts_own_help_and_version_into_a_closed_pipe_are_141(args):
    proc = closed_output(*args)
    assert proc.returncode == 141 and proc.stderr == ""
