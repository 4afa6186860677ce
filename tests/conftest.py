"""Shared test helpers: run ``gt`` through Click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gtcli.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    """Invoke ``gt`` like a user would; exceptions other than SystemExit fail the test."""
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env, catch_exceptions=True)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.output
    return result


def run_json(*args: str, input: str | None = None) -> dict:
    result = run(*args, "--json", input=input)
    return json.loads(result.stdout)


@pytest.fixture
def write(tmp_path: Path):
    """Write a file in a temporary folder and return its path."""

    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return _write
