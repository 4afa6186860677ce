"""Shared test helpers: run ``gt`` through Click's CliRunner."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import strategies as st

from gtcli.cli.main import cli
from gtcli.core.text import new_run
from tests.fuzz.corpus import hand_edit

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


def _signals_as_a_terminal_gives_them() -> None:
    """The suite started in the background of a shell without job control (`( pytest & )`, nohup)
    inherits SIGINT, or SIGHUP, ignored; Python then leaves it ignored, and so would every gt the
    tests start (an ignored signal stays ignored across exec), so the tests of Ctrl-C and of the
    handlers gt gives back would fail for the way the suite was started. Put them back as a terminal
    starts a program; a signal someone handles is left alone."""
    import signal

    for number, default in ((signal.SIGINT, signal.default_int_handler), (signal.SIGTERM, signal.SIG_DFL),
                            (signal.SIGHUP, signal.SIG_DFL)):
        if signal.getsignal(number) is signal.SIG_IGN:
            signal.signal(number, default)


_signals_as_a_terminal_gives_them()


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    """Invoke ``gt`` like a user would; an internal error (exit 3) fails the test with its traceback."""
    # COLUMNS: the width a test asks for, else 120; FORCE_COLOR: a CI that forces colour must not change outputs
    env = {"GT_DEBUG": "1", "COLUMNS": None, "FORCE_COLOR": None, **(env or {})}
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env, catch_exceptions=True)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code != 3, result.output
    assert "Traceback" not in result.output
    return result


def run_json(*args: str, input: str | None = None) -> dict:
    result = run(*args, "--json", input=input)
    return json.loads(result.stdout)


@pytest.fixture(autouse=True)
def _new_run():
    """Each test is a run of its own, as each gt command is (the "did you mean" budget)."""
    new_run()


@pytest.fixture
def write(tmp_path: Path):
    """Write a file in a temporary folder and return its path."""

    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return _write


def mutate_lines(text: str, data, rounds: int, fragments: list[str],
                 *extra_edits: Callable[[str], str]) -> list[str]:
    """A text damaged the ways hand-typed files are, for "never a traceback" property tests.

    Up to ``rounds`` times, one line is deleted, duplicated elsewhere, has its words
    shuffled, gets one of ``fragments`` typed into it, or goes through an ``extra_edits``.
    """
    lines = text.splitlines()
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(1, rounds))):
        n = rnd.randrange(len(lines))
        choice = rnd.randrange(4 + len(extra_edits))
        if choice < 3:
            hand_edit(lines, n, rnd, choice)
        elif choice == 3:
            cut = rnd.randrange(len(lines[n]) + 1)
            lines[n] = lines[n][:cut] + data.draw(st.sampled_from(fragments)) + lines[n][cut:]
        else:
            lines[n] = extra_edits[choice - 4](lines[n])
    return lines


@pytest.fixture(scope="session")
def club_games(tmp_path_factory) -> Path:
    """A generated club archive of 24 legal, dated games (benchmarks/club_archive.py), made once."""
    from benchmarks.club_archive import make_archive

    folder = tmp_path_factory.mktemp("club-games")
    make_archive(folder, range(24))
    return folder


@pytest.fixture
def club_archive(club_games, tmp_path) -> Path:
    """A copy of :func:`club_games` of the test's own (its index starts empty)."""
    import shutil

    return Path(shutil.copytree(club_games, tmp_path / "archive"))
