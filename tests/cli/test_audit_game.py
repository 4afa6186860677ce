"""Audit of issue 38 against ``gt game``, ``gt tally`` and the shell: what a careless script or a stranger's
names find. Real processes for signals and pipes.

* ``gt game tribunal`` waiting at a prompt died on SIGTERM and SIGHUP with the signal's default
  action: no line, exit -15 / -1, its lock file left behind (the draft was kept, by luck of timing).
* ``gt game new`` took a player whose name is only invisible characters, and two players whose
  names look alike ("Ana" and Cyrillic "Аna", "Ben" and "Ben" with a zero-width space): every
  later page and table then showed two players as one.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, run


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}


def new_game(tmp_path: Path, players: str = "Ana,Ben,Caro") -> Path:
    session = tmp_path / "g.toml"
    assert run("game", "new", session, "--players", players).exit_code == 0
    return session


def read_until(proc: subprocess.Popen, token: bytes) -> bytes:
    """What the process wrote to stdout up to and including ``token`` (a prompt written without a new line)."""
    seen = b""
    while token not in seen:
        ready, _, _ = select.select([proc.stdout], [], [], 120)
        assert ready, f"no {token!r} after {seen[-300:]!r}"
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, f"stdout closed before {token!r}: {seen[-300:]!r}"
        seen += chunk
    return seen


# ---- signals at gt game tribunal's prompt --------------------------------------------------------------

@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=lambda s: s.name)
def test_a_signal_at_the_tribunal_prompt_keeps_the_draft_and_ends_with_its_exit_code(tmp_path, signum):
    session = new_game(tmp_path)
    before = session.read_bytes()
    proc = subprocess.Popen([sys.executable, "-m", "gtcli", "game", "tribunal", "g.toml"], cwd=tmp_path,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(),
                            start_new_session=True)
    try:
        proc.stdin.write(b"votes staff 2\nAna: staff 4\n")
        proc.stdin.flush()
        read_until(proc, b"item 2> ")  # both lines answered, the draft kept, waiting for the next
        os.kill(proc.pid, signum)
        _, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    text = stderr.decode()
    assert proc.returncode == 128 + signum, text
    assert "Traceback" not in text
    lines = [line for line in text.splitlines() if line.strip()]
    last = "gt: interrupted." if signum == signal.SIGINT else f"gt: stopped by {signum.name}."
    assert lines == ["Nothing was saved to g.toml. What you typed is kept in g.draft.toml: "
                     "`gt game tribunal g.toml` offers to resume it.", last]
    assert session.read_bytes() == before
    assert 'owner = "Ana", type = "staff", base = 4' in (tmp_path / "g.draft.toml").read_text(encoding="utf-8")
    assert not (tmp_path / ".g.toml.lock").exists()  # released and removed, not left by a killed process


# ---- gt game new: names that are not two players --------------------------------------------------------

@pytest.mark.parametrize("players, shown", [
    ("Ana,\u0410na,Ben", "players 'Ana' and '\u0410na' look alike"),  # Cyrillic capital A
    ("Ben,B\u200ben,Caro", "players 'Ben' and 'B\\u200ben' look alike"),  # zero-width space
    ("Ana,Ben,Ben\u2060,Caro", "players 'Ben' and 'Ben\\u2060' look alike"),  # word joiner
    ("\u0422\u041e\u041c,Tom,Ana", "players '\u0422\u041e\u041c' and 'Tom' look alike"),  # Cyrillic capitals
])
def test_game_new_refuses_two_players_that_look_alike(tmp_path, players, shown):
    result = run("game", "new", tmp_path / "g.toml", "--players", players)
    assert result.exit_code == 2
    assert "--players: TAB007 error: " + shown in result.stderr
    assert "\u200b" not in result.stderr and "\u2060" not in result.stderr  # shown, never as if absent
    assert not (tmp_path / "g.toml").exists()


@pytest.mark.parametrize("invisible", ["\u200b", "\u3164", "\u200b\u200d", "\u00ad", "\u2060"])
def test_game_new_refuses_a_name_of_only_invisible_characters(tmp_path, invisible):
    result = run("game", "new", tmp_path / "g.toml", "--players", f"Ana,{invisible},Ben")
    assert result.exit_code == 2
    assert "TAB007" in result.stderr and "has no visible letter" in result.stderr
    assert invisible not in result.stderr
    assert not (tmp_path / "g.toml").exists()


def test_game_new_still_takes_names_of_other_scripts_and_accents(tmp_path):
    result = run("game", "new", tmp_path / "g.toml", "--players", "Ana,\u0410\u043d\u044f,In\u00e9s,\u0395\u03c5\u03b1")
    assert result.exit_code == 0, result.output  # Аня, Inés and Ευα are names of their own
    assert "\u0410\u043d\u044f" in (tmp_path / "g.toml").read_text(encoding="utf-8")


def test_game_new_still_says_a_name_listed_twice(tmp_path):
    result = run("game", "new", tmp_path / "g.toml", "--players", "Ana,ana,Ben")
    assert result.exit_code == 2 and "player 'ana' is listed twice" in result.stderr


# ---- gt tally: a table's players that look alike ----------------------------------------------------------

@pytest.mark.parametrize("table", [
    'votes staff 2\nBen\u3164: staff 4\nBen: orb 1\n',  # a Hangul filler: a letter to Python, drawn as nothing
    'votes staff 2\n"B\u200ben": staff 4\nBen: orb 1\n',  # a zero-width space, in a quoted name
    'votes staff 2\n\u0412en: staff 4\nBen: orb 1\n',  # a Cyrillic capital Ve
    'players Ana, "\u200b", Ben\nvotes staff 2\nBen: orb 1\n',  # a player of nothing visible
])
def test_tally_refuses_players_that_would_be_shown_as_one(tmp_path, table):
    path = tmp_path / "t.txt"
    path.write_text(table, encoding="utf-8")
    result = run("tally", path)
    assert result.exit_code == 2, result.output
    assert f"{path}: TAB007 error: " in result.stderr
    assert ("look alike" in result.stderr) != ("has no visible letter" in result.stderr)
    assert "\u200b" not in result.output and "\u3164" not in result.output and "Player scores" not in result.output
    result = run("tally", path, "--json")
    assert result.exit_code == 2
    assert [(e["code"], e["file"]) for e in json.loads(result.stdout)["errors"]] == [("TAB007", str(path))]


def test_tally_refuses_look_alike_owners_in_a_toml_table_too(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text('[votes]\nstaff = 2\n\n[[items]]\nowner = "Ana"\ntype = "staff"\nbase = 4\n\n'
                    '[[items]]\nowner = "\u0410na"\ntype = "orb"\nbase = 1\n', encoding="utf-8")
    result = run("tally", path)
    assert result.exit_code == 2 and "TAB007" in result.stderr and "players 'Ana' and '\u0410na' look alike" in result.stderr


def test_tally_still_reads_one_player_written_in_two_cases(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("votes staff 2\nAna: staff 4\nana: orb 1\nBen: wand 2\n", encoding="utf-8")
    result = run("tally", path)
    assert result.exit_code == 0, result.output


def test_a_lone_name_with_an_invisible_character_is_shown_with_it(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text('votes staff 2\n"B\u200ben": staff 4\nAna: orb 1\n', encoding="utf-8")
    result = run("tally", path)
    assert result.exit_code == 0 and "\u200b" not in result.stdout and "B\\u200ben" in result.stdout


def test_play_new_refuses_two_players_that_look_alike(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "gtcli", "play", "n.gtl", "--new", "--players", "Ana,\u0410na,Ben"],
                          input="quit\n", capture_output=True, text=True, cwd=tmp_path, env=env(), timeout=120)
    assert proc.returncode == 2 and "TAB007" in proc.stderr and "look alike" in proc.stderr
    assert not (tmp_path / "n.gtl").exists()


# ---- a draft that cannot be saved is not said to be kept -------------------------------------------------

ANSWERS = "votes staff 2, orb 3\nAna: staff 4 elemental\nBen: orb 3 runic\nCaro: staff 2 healing\n\ny\n"


def _entry(folder: Path, answers: str, limit: int | None = None) -> subprocess.CompletedProcess:
    import resource

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))

    return subprocess.run([sys.executable, "-m", "gtcli", "game", "tribunal", "g.toml"], input=answers,
                          capture_output=True, text=True, cwd=folder, env=env(), timeout=120,
                          preexec_fn=limited if limit is not None else None)


def test_a_draft_refused_by_a_file_size_limit_is_not_said_to_be_kept(tmp_path):
    """`ulimit -f`: the draft holding the votes and Ana's Item fits, the one with Ben's does not. gt said
    "What you typed is kept in g.draft.toml" though Ben's line was in no file."""
    session = new_game(tmp_path)
    before = session.read_bytes()
    first = _entry(tmp_path, ANSWERS.split("Ben")[0])  # the input ends after Ana's Item: that draft is kept
    assert first.returncode == 2
    draft = tmp_path / "g.draft.toml"
    one_item = draft.read_bytes()
    draft.unlink()
    proc = _entry(tmp_path, ANSWERS, limit=len(one_item) + 8)
    assert proc.returncode == 2, proc.stderr
    assert "What you typed is kept" not in proc.stderr and "Saved" not in proc.stdout + proc.stderr
    assert "Nothing was saved to g.toml, and what you typed could not be kept in g.draft.toml: it holds only " \
           "the answers before the last one." in proc.stderr
    assert "IO002" in proc.stderr and "File too large" in proc.stderr and "Traceback" not in proc.stderr
    assert draft.read_bytes() == one_item and session.read_bytes() == before


def test_a_draft_that_never_could_be_saved_says_nothing_is_kept(tmp_path):
    session = new_game(tmp_path)
    before = session.read_bytes()
    proc = _entry(tmp_path, ANSWERS, limit=10)
    assert proc.returncode == 2
    assert session.read_bytes() == before
    assert "Nothing was saved to g.toml, and what you typed could not be kept in g.draft.toml: nothing is kept." \
           in proc.stderr
    assert not (tmp_path / "g.draft.toml").exists()


# ---- a save made, then the standard output refused: said, so a script does not save it twice ---------------

def _full(folder: Path, *args: str) -> subprocess.CompletedProcess:
    with open("/dev/full", "w") as full:
        return subprocess.run([sys.executable, "-m", "gtcli", *args], stdout=full, stderr=subprocess.PIPE, text=True,
                              cwd=folder, env=env(), timeout=120)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_save_whose_report_the_full_output_refuses_says_it_was_saved(tmp_path):
    (tmp_path / "t.txt").write_text("votes staff 2, orb 3\nAna: staff 4 elemental\nBen: orb 3 runic\n", encoding="utf-8")
    steps = [
        (("game", "new", "g.toml", "--players", "Ana,Ben,Caro"), "g.toml was written", 0),
        (("game", "tribunal", "g.toml", "--from", "t.txt", "-y", "--json"), "Tribunal 1 was saved to g.toml", 1),
        (("game", "undo", "g.toml", "-y"), "Tribunal 1 was dropped from g.toml", 0),
        (("game", "redo", "g.toml", "--json"), "Tribunal 1 was restored to g.toml", 1),
    ]
    for args, said, recorded in steps:
        proc = _full(tmp_path, *args)
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.splitlines() == [
            f"gt: {said}, but the standard output refused to say so.",
            "gt: the standard output refused what gt wrote (No space left on device); the output is incomplete."]
        shown = json.loads(run("game", "show", tmp_path / "g.toml", "--json").stdout)
        assert len(shown["tribunals"]) == recorded


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_tribunal_whose_table_the_full_output_refuses_is_not_saved(tmp_path):
    session = new_game(tmp_path)
    before = session.read_bytes()
    (tmp_path / "t.txt").write_text("votes staff 2\nAna: staff 4\n", encoding="utf-8")
    proc = _full(tmp_path, "game", "tribunal", "g.toml", "--from", "t.txt", "-y")
    assert proc.returncode == 2 and "was saved" not in proc.stderr
    assert session.read_bytes() == before


def test_simulate_names_that_look_alike_are_refused(tmp_path):
    """--names "Ana,Аna,..." would seat two players a reader of the logs cannot tell apart."""
    result = run("simulate", "--games", "1", "--names", "Ana,\u0410na,Ben,Caro,Dani", "-o", tmp_path / "s")
    assert result.exit_code == 2 and "TAB007" in result.output and "look alike" in result.output
    assert not (tmp_path / "s").exists()
