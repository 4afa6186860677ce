"""Nothing a scorekeeper writes is lost: locks, changed-since-read checks, links, modes,
interrupted saves and entries, undo/redo, comments in sessions (docs/files.md).

The races and kills use real processes (forked, or ``python -m gtcli``), not threads.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest

from gtcli.core.files.atomic import clean_stale_temps, host_name
from gtcli.core.files.guarded import ABSENT, Editing, read_stamped, save
from gtcli.grand_tribunal.lang.logs.check import Options
from gtcli.grand_tribunal.play.session import PlaySession
from tests.conftest import SCENARIOS, run, run_json
from tests.grand_tribunal.play.test_play import SETUP
from tests.races import FORK, gt, holding, leftovers, race_cli, race_real

pytestmark = pytest.mark.skipif(os.name != "posix", reason="uses fork and POSIX signals")
WORKED = SCENARIOS / "tally" / "worked-example.toml"
COMMENTED = WORKED.read_text(encoding="utf-8")


@pytest.fixture
def session(tmp_path):
    path = tmp_path / "game.toml"
    assert run("game", "new", path, "--players", "Ana,Ben,Caro", "--first-praeco", "Ana").exit_code == 0
    return path


@pytest.fixture
def quick_locks(monkeypatch):
    """A second writer gives up after 0.3 s instead of 5 (the tests wait on purpose)."""
    monkeypatch.setenv("GT_LOCK_WAIT", "0.3")


# ---- the save itself --------------------------------------------------------------------------------
def test_a_save_writes_through_a_link_keeps_the_mode_and_leaves_nothing_behind(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    text, stamp = read_stamped(link)
    save(link, "new\n", expect=stamp)
    assert link.is_symlink() and real.read_text() == "new\n"
    assert real.stat().st_mode & 0o777 == 0o640
    assert leftovers(tmp_path) == []


def test_a_read_only_file_is_refused_not_replaced(tmp_path):
    path = tmp_path / "locked.txt"
    path.write_text("keep me\n")
    path.chmod(0o444)
    with pytest.raises(Exception) as err:
        save(path, "gone\n")
    assert err.value.diagnostics[0].code == "IO002" and "read-only" in err.value.diagnostics[0].message
    assert path.read_text() == "keep me\n" and path.stat().st_mode & 0o777 == 0o444


def test_a_file_changed_since_it_was_read_is_not_overwritten(tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("one\n")
    with Editing(path) as doc:
        path.write_text("someone else's\n")  # an editor, which takes no lock
        with pytest.raises(Exception) as err:
            doc.save("mine\n")
    assert err.value.diagnostics[0].code == "IO004"
    assert path.read_text() == "someone else's\n"
    _, stamp = read_stamped(path)
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))  # touched, same text: not a change
    save(path, "mine\n", expect=stamp)
    with pytest.raises(Exception) as err:
        save(path, "again\n", expect=ABSENT)  # a file that must be new
    assert err.value.diagnostics[0].code == "IO004" and path.read_text() == "mine\n"


def test_a_second_writer_is_told_who_holds_the_lock(tmp_path):
    path = tmp_path / "game.toml"
    holder, stop = holding(path)
    try:
        started = time.monotonic()
        with pytest.raises(Exception) as err:
            save(path, "y\n", wait=0.3)
        assert time.monotonic() - started >= 0.3
        d = err.value.diagnostics[0]
        assert d.code == "IO003" and f"pid {holder.pid} on {host_name()}" in d.message
        assert path.read_text() == "x\n"
    finally:
        stop.set()
        holder.join(10)
    save(path, "y\n", wait=0)  # released: at once
    assert path.read_text() == "y\n" and leftovers(tmp_path) == []


def test_the_lock_of_a_killed_process_does_not_block(tmp_path):
    path = tmp_path / "game.toml"
    holder, _ = holding(path)
    os.kill(holder.pid, signal.SIGKILL)
    holder.join(10)
    assert (tmp_path / ".game.toml.lock").exists()  # left behind by kill -9 ...
    save(path, "y\n", wait=0)  # ... but the kernel released the lock with the process
    assert path.read_text() == "y\n"


def test_temp_files_of_dead_writers_are_cleared_and_live_ones_kept(tmp_path):
    target = tmp_path / "game.toml"
    target.write_text("x\n")
    child = FORK.Process(target=time.sleep, args=(0,))
    child.start()
    child.join()
    dead = tmp_path / f".game.toml.{child.pid}-{host_name()}.abc123.tmp"
    alive = tmp_path / f".game.toml.{os.getppid()}-{host_name()}.def456.tmp"
    other = tmp_path / f".other.toml.{child.pid}-{host_name()}.abc123.tmp"
    for p in (dead, alive, other):
        p.write_text("half a sav")
    assert clean_stale_temps(target) == [dead]
    assert not dead.exists() and alive.exists() and other.exists()
    dead.write_text("half")
    save(target, "y\n")  # every save clears them first
    assert not dead.exists()


def _save_forever(path: str, texts: list[str], ready) -> None:
    ready.set()
    n = 0
    while True:
        save(path, texts[n % 2])
        n += 1


def test_kill_9_during_saves_leaves_the_old_or_the_new_file(tmp_path):
    path = tmp_path / "log.gtl"
    texts = ["A" * 400_000 + "\n", "B" * 300_000 + "\n"]
    path.write_text(texts[0])
    for trial in range(12):
        ready = FORK.Event()
        writer = FORK.Process(target=_save_forever, args=(str(path), texts, ready))
        writer.start()
        assert ready.wait(10)
        time.sleep(0.005 + 0.007 * trial)
        os.kill(writer.pid, signal.SIGKILL)
        writer.join(10)
        assert path.read_text() in texts, f"trial {trial}: a torn file"
    save(path, "done\n")  # the next save clears whatever the killed writers left
    assert leftovers(tmp_path) == [] and path.read_text() == "done\n"


# ---- races between real processes ---------------------------------------------------------------------
def test_fifty_races_of_two_gt_game_tribunal_lose_no_update(tmp_path):
    table = tmp_path / "votes.toml"  # no items: any Tribunal may have it, so both must be saved
    table.write_text("[votes]\norb = 1\n")
    for race in range(50):
        path = tmp_path / f"race{race}.toml"
        assert run("game", "new", path, "--players", "Ana,Ben,Caro").exit_code == 0
        outcomes = race_cli(*[("game", "tribunal", path, "--from", table, "--yes", "--json")] * 2)
        saved = sorted(json.loads(out)["tribunal"] for code, out in outcomes if code == 0)
        recorded = [t["tribunal"] for t in run_json("game", "show", path)["tribunals"]]
        assert saved == recorded == [1, 2], (race, outcomes)  # both saved, one after the other
    assert leftovers(tmp_path) == []


def _play_line(path: str, line: str, barrier, results) -> None:
    session = PlaySession(path)
    barrier.wait(10)
    reply = session.submit(line)
    first, outside = reply.accepted, reply.outside
    if not reply.accepted and reply.outside is not None:
        reply = session.submit(line)  # the table saw what changed and types it again
    results.put((line, first, reply.accepted, outside))


def test_fifty_races_of_two_gt_play_on_one_log_lose_no_move(tmp_path):
    retried = 0
    for race in range(50):
        path = str(tmp_path / f"race{race}.gtl")
        PlaySession.create(path, ("Ana", "Ben", "Caro"), Options(board="sample"))
        barrier, results = FORK.Barrier(2), FORK.Queue()
        racers = [FORK.Process(target=_play_line, args=(path, line, barrier, results)) for line in SETUP[:2]]
        for p in racers:
            p.start()
        outcomes = [results.get(timeout=60) for _ in racers]
        for p in racers:
            p.join(10)
        text = Path(path).read_text(encoding="utf-8")
        for line, first, accepted, outside in outcomes:
            assert accepted and "  " + line in text, (race, outcomes, text)
            retried += not first
            if not first:  # refused once: it was told what the other one wrote
                assert outside and outside[0].startswith("+ hand")
    assert retried > 0  # the races did collide


def test_two_real_gt_processes_racing_on_one_session(tmp_path):
    table = tmp_path / "votes.toml"
    table.write_text("[votes]\norb = 1\n")
    for race in range(3):
        path = tmp_path / f"real{race}.toml"
        assert gt("game", "new", path, "--players", "Ana,Ben,Caro").returncode == 0
        racers = race_real(*[("game", "tribunal", path, "--from", table, "-y")] * 2)
        said = sorted(out.strip().splitlines()[-1] for _, out, _ in racers)
        assert said == [f"Saved Tribunal 1 to {path}.", f"Saved Tribunal 2 to {path}."]
        assert len(run_json("game", "show", path)["tribunals"]) == 2


# ---- gt game ------------------------------------------------------------------------------------------
def test_a_scorekeeper_at_save_neither_overwrites_nor_is_overwritten(session, monkeypatch, quick_locks):
    """While one run waits at "Save?": another gt is refused (the lock), and an editor's
    change makes this run refuse to save (the stamp); its entry stays as a draft."""
    others = []

    def at_save_prompt(text, *args, **kwargs):
        if not text.startswith("Save"):
            return True
        others.append(gt("game", "tribunal", session, "--from", WORKED, "-y"))
        session.write_text(session.read_text() + "# edited meanwhile\n")
        return True

    monkeypatch.setattr(click, "confirm", at_save_prompt)
    result = run("game", "tribunal", session, input="staff 2\n\n")
    other = others[0]
    assert other.returncode == 2 and "IO003" in other.stderr and f"pid {os.getpid()}" in other.stderr
    assert result.exit_code == 2 and "IO004" in result.stderr and "game.draft.toml" in result.stderr
    assert session.read_text().endswith("# edited meanwhile\n")
    assert run_json("game", "show", session)["tribunals"] == []
    monkeypatch.undo()
    resumed = run("game", "tribunal", session, input="y\n\ny\n")
    assert "A draft of Tribunal 1 was left" in resumed.output and resumed.exit_code == 0
    assert run_json("game", "show", session)["tribunals"][0]["items"] == []  # the table as typed: votes only
    assert 'staff = 2' in session.read_text()
    assert not (session.parent / "game.draft.toml").exists()
    assert "# edited meanwhile" in session.read_text()


def test_an_interrupted_entry_leaves_a_draft_that_is_offered_next_time(session):
    answers = 'staff 2, elemental 3\nAna: "Storm Staff" staff 4 elemental\nBen: "Pale Orb" orb\n'
    cut = run("game", "tribunal", session, input=answers)  # the input ends with Ben's line still to fix
    assert cut.exit_code == 2 and "Traceback" not in cut.output  # 2: the input ended at a prompt
    assert "kept in game.draft.toml" in cut.stderr
    assert run_json("game", "show", session)["tribunals"] == []
    draft = (session.parent / "game.draft.toml").read_text()
    assert 'name = "Storm Staff"' in draft and '[typing]\nline = "Ben: \\"Pale Orb\\" orb"' in draft
    # resume: yes; the line being fixed is shown again; Ben's line whole; done; save
    resumed = run("game", "tribunal", session, input='y\nBen: "Pale Orb" orb 3\n\ny\n')
    assert resumed.exit_code == 0, resumed.output
    assert "Voting Track staff 2, elemental 3; 1 item(s) and one being typed" in resumed.output
    assert 'Being typed when it stopped: Ben: "Pale Orb" orb' in resumed.output
    items = run_json("game", "show", session)["tribunals"][0]["items"]
    assert [(i["owner"], i["name"]) for i in items] == [("Ana", "Storm Staff"), ("Ben", "Pale Orb")]
    assert not (session.parent / "game.draft.toml").exists()


def test_ctrl_c_keeps_the_draft_and_declining_the_resume_starts_afresh(session, monkeypatch):
    from gtcli.cli.commands.tribunal_entry import LineReader

    real_read = LineReader.read

    def read(self, prompt, offer=None):
        if prompt.startswith("item 1"):
            raise KeyboardInterrupt  # what Ctrl-C at the prompt is
        return real_read(self, prompt, offer)

    monkeypatch.setattr(LineReader, "read", read)
    result = run("game", "tribunal", session, input="orb 1\n")
    assert result.exit_code == 130 and "kept in game.draft.toml" in result.stderr
    monkeypatch.undo()
    fresh = run("game", "tribunal", session, input="n\nwand 1\n\ny\n")
    assert fresh.exit_code == 0 and "Resume it?" in fresh.output
    assert "wand = 1" in session.read_text() and "orb = 1" not in session.read_text()


def test_kill_9_in_the_middle_of_an_entry_keeps_what_was_typed(session):
    entry = subprocess.Popen([sys.executable, "-m", "gtcli", "game", "tribunal", str(session)],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    entry.stdin.write('staff 2\nAna: "Storm Staff" staff 4 elemental\n')
    entry.stdin.flush()
    draft = session.parent / "game.draft.toml"
    deadline = time.monotonic() + 30
    while not (draft.exists() and "[[items]]" in draft.read_text() and "typing" not in draft.read_text()):
        assert time.monotonic() < deadline, "no draft was written"
        time.sleep(0.05)
    entry.kill()
    entry.wait(10)
    resumed = run("game", "tribunal", session, input="y\n\ny\n")
    assert resumed.exit_code == 0, resumed.output
    assert run_json("game", "show", session)["tribunals"][0]["items"][0]["name"] == "Storm Staff"


def test_an_empty_track_is_none_and_an_empty_line_finishes(session):
    result = run("game", "tribunal", session, input="\n\ny\n")
    assert result.exit_code == 0, result.output
    assert "  votes none\n" in result.stdout
    assert run_json("game", "show", session)["tribunals"][0]["items"] == []


def test_undo_asks_on_a_terminal(session, monkeypatch):
    run("game", "tribunal", session, "--from", WORKED, "-y")
    monkeypatch.setattr("gtcli.cli.commands.game.stdin_is_terminal", lambda: True)
    kept = run("game", "undo", session, input="n\n")
    assert kept.exit_code == 0 and "Drop Tribunal 1 (3 items; Ana 28, Caro 9, Ben 8)" in kept.output
    assert "Nothing dropped." in kept.output and len(run_json("game", "show", session)["tribunals"]) == 1
    dropped = run("game", "undo", session, input="y\n")
    assert dropped.exit_code == 0 and run_json("game", "show", session)["tribunals"] == []


def test_comments_in_a_session_survive_tribunal_undo_and_redo(session, write):
    text = session.read_text().replace("profile =", "# the club's house copy\nprofile =")
    session.write_text(text + "# players agreed on the official profile\n")
    run("game", "tribunal", session, "--from", WORKED, "-y")
    marked = session.read_text().replace("\n[[tribunals]]", "\n# Tribunal 1: the storm staff was disputed\n[[tribunals]]")
    marked = marked.replace("base = 4\n", "base = 4  # checked with the box\n")
    session.write_text(marked)
    t2 = write("t2.toml", "[votes]\nwand = 1\n")
    assert run("game", "tribunal", session, "--from", t2, "-y").exit_code == 0
    notes = ["# the club's house copy", "# players agreed on the official profile",
             "# Tribunal 1: the storm staff was disputed", "# checked with the box"]
    for step in (("undo", "-y"), ("undo", "-y"), ("redo",), ("redo",)):
        result = run("game", *step, session)
        assert result.exit_code == 0 and "warning" not in result.stderr
        assert all(n in session.read_text() for n in notes), step
    assert [t["tribunal"] for t in run_json("game", "show", session)["tribunals"]] == [1, 2]
    undone = run("game", "undo", session, "-y")
    assert undone.exit_code == 0
    replaced = run("game", "tribunal", session, "--from", t2, "-y")
    assert "can no longer bring them back" in replaced.stdout
    assert "[[undone]]" not in session.read_text()


def test_a_session_laid_out_by_hand_is_rewritten_with_a_warning_and_its_comments_kept(session):
    session.write_text(
        "# our game\n"
        "format = 1\n"
        'players = ["Ana", "Ben", "Caro"]  # seat order\n'
        'profile = "official"\n'
        "tribunals = [\n"
        "  # written by hand, inline\n"
        "  { tribunal = 1, votes = { wand = 1 }, items = [] },\n"
        "]\n")
    result = run("game", "undo", session, "-y")
    assert result.exit_code == 0 and "warning:" in result.stderr and "2 comment line(s)" in result.stderr
    text = session.read_text()
    assert "# our game" in text and "# written by hand, inline" in text
    assert run_json("game", "show", session)["tribunals"] == []
    assert run("game", "redo", session).exit_code == 0
    assert "wand = 1" in session.read_text() and "orb = 1" not in session.read_text()


def test_symlinked_and_read_only_sessions(session, tmp_path):
    link = tmp_path / "link.toml"
    link.symlink_to(session)
    assert run("game", "tribunal", link, "--from", WORKED, "-y").exit_code == 0
    assert link.is_symlink() and len(run_json("game", "show", session)["tribunals"]) == 1
    assert run("game", "undo", link, "-y").exit_code == 0 and link.is_symlink()
    assert leftovers(tmp_path) == []
    session.chmod(0o444)
    try:
        before = session.read_text()
        refused = run("game", "redo", link)
        assert refused.exit_code == 2 and "IO002" in refused.stderr and "read-only" in refused.stderr
        assert session.read_text() == before
    finally:
        session.chmod(0o644)


# ---- gt play ------------------------------------------------------------------------------------------
def test_play_takes_in_an_outside_change_before_the_next_move(tmp_path, capsys):
    from gtcli.cli.play_prompt import Prompt

    path = tmp_path / "g.gtl"
    session = PlaySession.create(str(path), ("Ana", "Ben", "Caro"), Options(board="sample"))
    for line in SETUP:
        assert session.submit(line).accepted
    assert session.submit("praeco staff, orb, wand").accepted
    prompt = Prompt(session, as_json=False)
    # an editor adds a comment: taken in silently, the move goes on
    path.write_text(path.read_text().rstrip("\n") + "  # votes first\n")
    prompt.handle("extract 1", "extract 1")
    out = capsys.readouterr().out
    assert "comments or layout only" in out and "ok: Ana: extract 1" in out
    # a second laptop adds a move: the table is told, the typed line is not taken
    path.write_text(path.read_text() + "# Ben's laptop\nBen: vote orb\n")
    prompt.handle("vote staff", "vote staff")
    out = capsys.readouterr().out
    assert "changed outside gt play" in out and "+ Ben: vote orb" in out
    assert "not written: vote staff" in out
    prompt.handle("extract 1", "extract 1")  # the table sees it is Ben's turn now, and goes on
    text = path.read_text()
    assert "# votes first" in text and "# Ben's laptop\nBen: vote orb; extract 1\n" in text


def test_play_keeps_going_when_a_save_fails(tmp_path, monkeypatch):
    path = tmp_path / "g.gtl"
    session = PlaySession.create(str(path), ("Ana", "Ben", "Caro"), Options(board="sample"))
    for line in SETUP:
        assert session.submit(line).accepted
    before = path.read_text()
    real_fsync = os.fsync

    def full_disk(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    reply = session.submit("praeco staff, orb, wand")
    assert not reply.accepted and reply.message.startswith("not written: Ana: praeco")
    assert reply.diagnostics[0].code == "IO002" and "No space left" in reply.diagnostics[0].message
    assert path.read_text() == before and session.text == before
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert session.submit("praeco staff, orb, wand").accepted
    assert "Ana: praeco staff, orb, wand" in path.read_text()
    assert leftovers(tmp_path) == []


def test_play_prompt_says_the_move_was_not_written_on_a_read_only_folder(tmp_path, monkeypatch):
    import tempfile

    path = tmp_path / "g.gtl"
    run("play", path, "--new", "--players", "Ana,Ben,Caro", "--board", "sample", input="\n".join(SETUP) + "\n")

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    result = run("play", path, input="praeco staff, orb, wand\nstate\n")
    assert result.exit_code == 0 and "Read-only file system" in result.output
    assert "not written: Ana: praeco staff, orb, wand" in result.output and "Voting Track" in result.output


def test_play_undo_and_extending_a_turn_keep_an_editors_comments(tmp_path):
    path = tmp_path / "g.gtl"
    session = PlaySession.create(str(path), ("Ana", "Ben", "Caro"), Options(board="sample"))
    for line in SETUP:
        assert session.submit(line).accepted
    assert session.submit("praeco staff, orb, wand").accepted
    path.write_text(path.read_text().replace("  praeco Ana", "  # Ana won the roll\n  praeco Ana")
                    .rstrip("\n") + "  # fast start\n# end of the evening\n")
    assert session.submit("extract 1").accepted
    assert session.submit("vote staff").accepted
    text = path.read_text()
    assert "Ana: praeco staff, orb, wand;  # fast start\n     extract 1;\n     vote staff\n" in text
    assert text.endswith("# end of the evening\n")
    for _ in range(3):
        assert session.undo().accepted
    text = path.read_text()
    assert all(note in text for note in ("# Ana won the roll", "# fast start", "# end of the evening"))
    assert "tribunal 1" not in text


# ---- card files ---------------------------------------------------------------------------------------
def test_cards_template_force_keeps_added_comments_and_export_follows_a_link(tmp_path):
    from gtcli.grand_tribunal.shipped import cards_dir

    for name in ("sample.gtc", "sample-resources.gtc"):
        (tmp_path / name).write_text((cards_dir() / name).read_text(encoding="utf-8"), encoding="utf-8")
    cards = tmp_path / "sample.gtc"
    assert run("cards", "template", cards, "--lang", "it").exit_code == 0
    target = tmp_path / "sample.it.gtc"
    target.write_text(target.read_text().replace("\n\n", "\n# Maria does the spells\n\n", 1))
    again = run("cards", "template", cards, "--lang", "it", "--force")
    assert again.exit_code == 0 and "comment(s)" not in again.stderr  # kept in place (test_cards_format.py)
    assert '# Maria does the spells\n\noggetto "Storm Staff" come ""' in target.read_text()
    run("cards", "template", cards, "--lang", "it", "--force")
    assert target.read_text().count("# Maria does the spells") == 1
    real, link = tmp_path / "export.toml", tmp_path / "latest.toml"
    real.write_text("old\n")
    link.symlink_to(real)
    assert run("cards", "export", cards, "-o", link).exit_code == 0
    assert link.is_symlink() and real.read_text().startswith('format = "gtcli-cards/1"')
    assert leftovers(tmp_path) == []
