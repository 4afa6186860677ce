"""Round 5 of the balance lab's trust (issue 38, points 6-10 and 2): a study's files from anyone,
a run killed and rerun, every signal."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gtcli.core.files.atomic import host_name
from gtcli.grand_tribunal.play.simulation import game_seed
from tests.balance.test_trust import GOOD, dead_pid, gt_process, record, temp_written, wait_for
from tests.conftest import run


def study_folder(path: Path, study: dict | str, games: int = 3) -> Path:
    path.mkdir()
    (path / "games.jsonl").write_text("".join(record(GOOD, i) + "\n" for i in range(games)))
    (path / "study.json").write_text(study if isinstance(study, str) else json.dumps(study))
    return path


# ---- point 8: every JSON gt reads is bounded ---------------------------------------------------------

DEEP = "[" * 5000 + "\n" + "]" * 5000  # on two lines: the nesting is what breaks a bound, not a line's length


@pytest.mark.parametrize("command", [("balance",), ("balance", "--json"), ("balance", "diff")])
def test_a_study_json_nested_5000_deep_is_a_refusal_not_a_bug(tmp_path, command):
    old = study_folder(tmp_path / "old", {"bot": "random"})
    new = study_folder(tmp_path / "new", '{"bot": "random", "left_out": ' + DEEP + "}")
    args = (*command, old, new) if "diff" in command else (*command, new)
    result = run(*args)
    assert result.exit_code == 2, result.output
    if "--json" in command:
        error = json.loads(result.stdout)["errors"][0]
        assert (error["code"], error["file"], error["line"], error["col"]) == ("IO001", str(new / "study.json"), 1, 62)
        return
    assert f"{new / 'study.json'}:1:62: IO001" in result.output  # where the 33rd level opens
    assert "more than 32 nested arrays" in result.output and "hint:" in result.output


def test_a_study_json_that_is_not_json_names_its_line_and_column(tmp_path):
    new = study_folder(tmp_path / "new", '{\n  "bot": "random",\n  "seed": 01\n}')
    result = run("balance", new)
    assert result.exit_code == 2
    assert f"{new / 'study.json'}:3:" in result.output and "not valid JSON" in result.output
    assert "hint: " in result.output


@pytest.mark.parametrize("text", [DEEP, '{"a": ' + "9" * 5000 + "}", '"' + "[" * 5000 + '"', "[" * 31 + "]" * 31])
def test_the_bounded_reader_refuses_what_json_cannot_read_and_reads_the_rest(text):
    from gtcli.core.diagnostics import InputError
    from gtcli.core.files.json_source import loads_bounded, parse_json

    if text.startswith('"') or text.startswith("[" * 31 + "]"):  # brackets in a string do not nest; 31 is in bounds
        assert parse_json(text, "x.json") == json.loads(text)
        return
    with pytest.raises(InputError) as caught:
        parse_json(text, "x.json")
    found = caught.value.diagnostics[0]
    assert found.code == "IO001" and (found.line, found.col) == ((1, 33) if text is DEEP else (1, 7))
    with pytest.raises(ValueError):
        loads_bounded(text)


def test_a_lock_file_nested_deep_is_no_holder_not_a_bug(tmp_path):
    from gtcli.core.files.lock import FileLock

    path = tmp_path / "c.gtl"
    path.write_text("")
    lock = FileLock(str(path))
    Path(lock.path).write_text("[" * 999)
    assert lock.holder() is None


def test_no_json_is_parsed_outside_the_bounded_reader():
    """json.loads and json.load appear only in the core's bounded reader (a grep of the package)."""
    root = Path(__file__).resolve().parents[2] / "gtcli"
    found = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if p.name != "json_source.py" and ("json.loads(" in p.read_text() or "json.load(" in p.read_text())]
    assert found == []


# ---- point 6: a resumed study adopts only a file it owns ---------------------------------------------

def test_a_killed_runs_temp_that_is_a_hard_link_is_left_alone_and_named(tmp_path):
    """The name of a killed run's games file, hard-linked to a file elsewhere: adopting it would cut the other
    file (31 -> 13 bytes written outside the study). It is left alone, whole, and named (terminal and --json)."""
    out = tmp_path / "study"
    out.mkdir()
    dead, host = dead_pid(), host_name()
    elsewhere = tmp_path / "elsewhere.jsonl"
    elsewhere.write_text(record(GOOD, 0) + "\n" + "the user's own line, no newline")
    before = elsewhere.read_bytes()
    temp = out / f".games.jsonl.{dead}-{host}.sim.tmp"
    os.link(elsewhere, temp)
    other = out / f".game-000001.gtl.{dead}-{host}.sim.tmp"  # a log's temp, hard-linked too: not removed either
    mine = tmp_path / "notes.gtl"
    mine.write_text("the user's notes")
    os.link(mine, other)
    result = run("simulate", "--games", "2", "--stats-only", "-o", out, "-q")
    assert result.exit_code == 0, result.output
    assert elsewhere.read_bytes() == before and temp.exists() and os.stat(temp).st_nlink == 2
    assert mine.read_text() == "the user's notes" and other.exists()
    assert not list(out.glob("games.recovered-*"))
    for name in (temp.name, other.name):
        assert f"{out}/{name} looks like a killed run's temporary file but has 2 names (a hard link): left alone" \
               in result.stderr
    data = json.loads(run("simulate", "--games", "2", "--stats-only", "-o", tmp_path / "again", "-q", "--json").stdout)
    assert data["left_alone"] == []
    data = json.loads(run("simulate", "--games", "2", "--stats-only", "-o", out, "-q", "--json", "--overwrite").stdout)
    assert {e["file"] for e in data["left_alone"]} == {temp.name, other.name}
    assert all(e["reason"] == "has 2 names (a hard link)" for e in data["left_alone"])


def test_a_killed_runs_temp_that_is_a_link_or_not_a_file_is_named_not_adopted(tmp_path):
    out = tmp_path / "study"
    out.mkdir()
    dead, host = dead_pid(), host_name()
    target = tmp_path / "target.jsonl"
    target.write_text(record(GOOD, 0) + "\n")
    (out / f".games.jsonl.{dead}-{host}.sim.tmp").symlink_to(target)
    os.mkfifo(out / f".study.json.{dead}-{host}.sim.tmp")
    result = run("simulate", "--games", "2", "--stats-only", "-o", out, "-q", "--json")
    data = json.loads(result.stdout)
    assert sorted((e["file"], e["reason"]) for e in data["left_alone"]) == [
        (f".games.jsonl.{dead}-{host}.sim.tmp", "is a link"), (f".study.json.{dead}-{host}.sim.tmp", "is not a regular file")]
    assert target.read_text() == record(GOOD, 0) + "\n" and data["recovered"] == []


# ---- point 9: a study's strings are escaped for the terminal -------------------------------------------

EVIL = "greedy\x1b]0;owned\x07\x1b[2J\u202e"


@pytest.mark.parametrize("command", ["diff", "report", "diff-json", "report-json"])
def test_a_bot_name_from_a_strangers_study_json_never_reaches_the_terminal_raw(tmp_path, command):
    old = study_folder(tmp_path / "old", {"bot": "random"})
    new = study_folder(tmp_path / "new", {"bot": EVIL, "card_set": EVIL, "left_out": [EVIL]})
    args = ["balance", "diff", old, new] if command.startswith("diff") else ["balance", old, new]
    proc = subprocess.run([sys.executable, "-m", "gtcli", *map(str, args), *(["--json"] if "json" in command else [])],
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"})
    assert proc.returncode == 0, proc.stderr
    both = proc.stdout + proc.stderr
    assert "\x1b" not in both and "\x07" not in both and "\u202e" not in both
    assert "greedy\\x1b]0;owned\\x07\\x1b[2J" in both.replace("\\u001b", "\\x1b").replace("\\u0007", "\\x07")


# ---- point 7: a study rerun after kill -9 counts each game once ----------------------------------------

def test_rerun_after_kill_9_counts_each_game_once_and_names_the_repeats(tmp_path):
    """The same command rerun after kill -9 replays the same seeds: the killed run's games (adopted as
    games.recovered-PID.jsonl) repeat the rerun's first ones. Each game is counted once, each repeat named."""
    out = tmp_path / "study"
    command = ("simulate", "--games", "120", "--stats-only", "-o", str(out), "-j", "1", "-q")
    proc = gt_process(*command)
    wait_for(lambda: out.exists() and temp_written(out))
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    again = subprocess.run([sys.executable, "-m", "gtcli", *command], capture_output=True, text=True)
    assert again.returncode == 2 and "IO008" in again.stderr and "(study.json)" in again.stderr  # says: unfinished
    again = subprocess.run([sys.executable, "-m", "gtcli", *command, "--overwrite"], capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    recovered = list(out.glob("games.recovered-*.jsonl"))
    killed = len(recovered[0].read_text().splitlines())
    assert len(recovered) == 1 and killed > 0
    data = json.loads(run("balance", out, "--json").stdout)
    assert data["report"]["games"] == 120  # not 120 + killed
    assert data["repeats"] == killed and data["excluded_count"] == 0
    study = json.loads((out / "study.json").read_text())["id"]
    assert data["repeated"] in ([{"file": f"{second}:{i + 1}", "index": i, "seed": game_seed(0, i), "study": study}
                                 for i in range(killed)] for second in (out / "games.jsonl", recovered[0]))
    text = run("balance", out)
    assert f"{killed} game(s) read twice, counted once (the same study, seed and index):" in text.stderr
    assert f"game 1 of seed {game_seed(0, 0)} again" in text.stderr
    assert text.stdout.startswith("Balance of 120 game(s).")
    page = tmp_path / "report.html"
    assert run("balance", out, "-o", page).exit_code == 0
    html = page.read_text()
    assert '<section id="incomplete" class="warning"><h2>Not a whole study</h2>' in html
    assert f"<p>{killed} game(s) read twice, counted once (the same study, seed and index); gt balance --json lists " \
           "them.</p>" in html


def test_the_same_game_in_two_folders_of_the_same_study_is_counted_once(tmp_path):
    """Game i of seed S of one study is one game, wherever its line is; another seed is another game."""
    for name, seed in (("a", "1"), ("b", "1"), ("c", "2")):
        assert run("simulate", "--games", "3", "--stats-only", "-o", tmp_path / name, "--seed", seed, "-q").exit_code == 0
    data = json.loads(run("balance", tmp_path / "a", tmp_path / "b", tmp_path / "c", "--json").stdout)
    assert data["report"]["games"] == 6 and data["repeats"] == 3


def test_records_without_a_study_are_one_game_per_folder_seed_and_index(tmp_path):
    """A games file from before the study id, or from anyone: its seed and index identify a game within
    its folder; a record with neither is counted as it is."""
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "games.jsonl").write_text(record(GOOD, 0) + "\n" + record(GOOD, 1) + "\n")
    (folder / "games.recovered-7.jsonl").write_text(record(GOOD, 0) + "\n")
    other = tmp_path / "other"
    other.mkdir()
    (other / "games.jsonl").write_text(record(GOOD, 0) + "\n" + json.dumps({"summary": GOOD}) * 1 + "\n"
                                       + json.dumps({"summary": GOOD}) + "\n")
    data = json.loads(run("balance", folder, other, "--json").stdout)
    assert data["report"]["games"] == 2 + 3 and data["repeats"] == 1


# ---- point 10: every long command ends on SIGINT, SIGTERM and SIGHUP with one line ---------------------

SAMPLE = str(Path(__file__).resolve().parents[2] / "cards" / "sample.gtc")
WARNING = "gt: left out of the decks"  # printed before the first game, when the sample set is played


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    """2,000 logs (40 games, in 50 folders): long enough to check and to index that a signal comes mid-run."""
    import shutil

    top = tmp_path_factory.mktemp("signals")
    assert run("simulate", "--games", "40", "-o", top / "games", "-q").exit_code == 0
    for i in range(50):
        shutil.copytree(top / "games", top / "archive" / f"night-{i:02d}")
    return top / "archive"


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False


LONG_COMMANDS = {
    "simulate": lambda a, t: ("simulate", "--games", "100000", "--stats-only", "-o", str(t / "study"), "-j", "2"),
    "balance value": lambda a, t: ("balance", "value", SAMPLE, "--games", "100000", "--bot", "random", "-j", "2"),
    "balance compare": lambda a, t: ("balance", "compare", SAMPLE, SAMPLE, "--max-games", "1000000", "--bot", "random",
                                     "-j", "2"),
    "check --jobs": lambda a, t: ("check", str(a), "-j", "2", "-q"),
    "club index --jobs": lambda a, t: ("club", "index", str(a), "--db", str(t / "club.db"), "-j", "2"),
}


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the pool's workers in /proc")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
@pytest.mark.parametrize("command", list(LONG_COMMANDS))
def test_every_long_command_ends_on_a_signal_with_one_line_and_its_exit_code(archive, tmp_path, command, signum):
    """A real process, its pool started, and a real signal to its whole process group (as a terminal's Ctrl-C,
    a CI timeout's SIGTERM, a closed terminal's SIGHUP send it): exit 128 + the signal, one line on stderr,
    no traceback (the workers printed four BrokenPipeError tracebacks), and no worker left running."""
    proc = gt_process(*LONG_COMMANDS[command](archive, tmp_path))
    wait_for(lambda: len(children(proc.pid)) >= 2 or proc.poll() is not None)  # -j 2: both workers started
    workers = children(proc.pid)
    assert proc.poll() is None and workers
    os.killpg(proc.pid, signum)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signum, stderr
    assert "Traceback" not in stderr and "Error" not in stderr
    lines = [line for line in stderr.splitlines() if not line.startswith(WARNING)]
    words = "gt: interrupted" if signum == signal.SIGINT else f"gt: stopped by {signum.name}"
    assert len(lines) == 1 and lines[0].startswith(words), stderr
    wait_for(lambda: not any(alive(pid) for pid in workers), 30)


# ---- point 2 for studies: interrupted is complete, or clearly unfinished ------------------------------

def test_a_study_killed_outright_says_it_is_unfinished_and_gt_balance_says_so(tmp_path):
    """study.json is written before the first game (finished: false), and again at the end: a kill -9 leaves a
    folder that says it is unfinished, never one that passes for a whole study."""
    out = tmp_path / "study"
    proc = gt_process("simulate", "--games", "5000", "-o", str(out), "-j", "1", "-q")
    wait_for(lambda: len(list(out.glob("game-*.gtl"))) >= 3)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    study = json.loads((out / "study.json").read_text())
    assert study["finished"] is False and study["done"] == 0 and study["games"] == 5000
    result = run("balance", out)
    assert f"gt: {out / 'study.json'}: an unfinished study (killed, or still running; 0 of 5000 game(s) said done)" \
           in result.stderr
    data = json.loads(run("balance", out, "--json").stdout)
    assert data["unfinished"] == [{"file": str(out / "study.json"), "done": 0, "games": 5000, "signal": None}]
    page = tmp_path / "report.html"
    assert run("balance", out, "-o", page).exit_code == 0  # the page says it too, where the author reads it
    assert (f"<p>{out / 'study.json'}: an unfinished study (killed, or still running; 0 of 5000 game(s) said done): "
            "its games are counted, the rest were never played</p>") in page.read_text()


def test_a_stopped_study_is_unfinished_and_a_whole_one_finished(tmp_path):
    out = tmp_path / "study"
    proc = gt_process("simulate", "--games", "100000", "--stats-only", "-o", str(out), "-j", "1")
    wait_for(lambda: out.exists() and temp_written(out))
    os.killpg(proc.pid, signal.SIGTERM)
    proc.communicate(timeout=60)
    study = json.loads((out / "study.json").read_text())
    assert study["finished"] is False and study["stopped"] and study["done"] > 0
    data = json.loads(run("balance", out, "--json").stdout)
    assert data["unfinished"] == [{"file": str(out / "study.json"), "done": study["done"], "games": 100000,
                                   "signal": "SIGTERM"}]
    whole = tmp_path / "whole"
    assert run("simulate", "--games", "3", "--stats-only", "-o", whole, "-q").exit_code == 0
    assert json.loads((whole / "study.json").read_text())["finished"] is True
    result = run("balance", whole)
    assert "unfinished" not in result.stderr
    again = run("simulate", "--games", "3", "--stats-only", "-o", whole, "-q", "--overwrite", "--json")
    assert json.loads(again.stdout)["replaced"] == 2  # games.jsonl and study.json, each counted once


def test_a_study_stopped_is_resumed_to_the_very_logs_of_a_whole_run(tmp_path):
    """SIGTERM, then the same command with --resume: only the missing games are played, and the folder is
    the one an uninterrupted run writes, log for log (game i of seed S is the same game whenever it is played)."""
    out, whole = tmp_path / "study", tmp_path / "whole"
    command = ("simulate", "--games", "60", "-o", str(out), "-j", "1", "--seed", "7")
    proc = gt_process(*command)
    wait_for(lambda: len(list(out.glob("game-*.gtl"))) >= 3)
    os.killpg(proc.pid, signal.SIGTERM)
    proc.communicate(timeout=60)
    kept = len(list(out.glob("game-*.gtl")))
    assert json.loads((out / "study.json").read_text())["finished"] is False and kept < 60
    refused = run(*command[:-2], "--seed", "8", "--resume", "-q")  # another seed: another study
    assert refused.exit_code == 2 and "IO008" in refused.stderr and "describes another study" in refused.stderr
    data = json.loads(run(*command, "--resume", "--json").stdout)
    assert data["resumed"] == kept and data["games"] == 60 and data["logs_written"] == 60 - kept
    assert run("simulate", "--games", "60", "-o", whole, "-j", "1", "--seed", "7", "-q").exit_code == 0
    logs = sorted(p.name for p in out.glob("game-*.gtl"))
    assert logs == sorted(p.name for p in whole.glob("game-*.gtl")) and len(logs) == 60
    assert all((out / name).read_bytes() == (whole / name).read_bytes() for name in logs)
    study = json.loads((out / "study.json").read_text())
    assert study["finished"] is True and study["done"] == 60
    assert "unfinished" not in run("balance", out).stderr


def test_a_stats_only_study_killed_outright_is_resumed_with_each_game_once(tmp_path):
    out, whole = tmp_path / "study", tmp_path / "whole"
    command = ("simulate", "--games", "120", "--stats-only", "-o", str(out), "-j", "1", "-q")
    proc = gt_process(*command)
    wait_for(lambda: out.exists() and temp_written(out))
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    result = run(*command, "--resume")
    assert result.exit_code == 0 and "its games are kept as games.recovered-" in result.stderr
    assert run("simulate", "--games", "120", "--stats-only", "-o", whole, "-q").exit_code == 0
    lines = [json.loads(line) for p in sorted(out.glob("games*.jsonl")) for line in p.read_text().splitlines()]
    assert sorted(r["index"] for r in lines) == list(range(120))  # each game once, none replayed
    fresh = {r["index"]: r for r in map(json.loads, (whole / "games.jsonl").read_text().splitlines())}
    assert all(fresh[r["index"]] == r for r in lines)
    data = json.loads(run("balance", out, "--json").stdout)
    assert data["report"]["games"] == 120 and data["repeats"] == 0 and data["unfinished"] == []
    assert json.loads((out / "study.json").read_text())["done"] == 120
