"""An export is its two tables together (issue 38, point 2): a Ctrl-C that arrives while the
first table is being saved is delivered only once the second is in place, so a stopped export
never leaves a new ``games`` table beside an old ``player-games`` table."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from gtcli.club import export
from gtcli.core.files import guarded


def test_a_ctrl_c_between_the_two_tables_waits_until_both_are_saved(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    (out / "games.csv").write_text("old games\n")
    (out / "player-games.csv").write_text("old players\n")
    monkeypatch.setattr(export, "tables", lambda rows, names, aside: ([{"file": "a.gtl"}], [{"file": "a.gtl"}]))
    real_save = guarded.save
    saved = []

    def save_then_interrupt(path, text, **kwargs):
        real_save(path, text, **kwargs)
        saved.append(os.path.basename(path))
        if len(saved) == 1:  # a real SIGINT, right after the first table is in place, to the thread saving
            # (a Ctrl-C goes to the process; here other tests may have left threads that do not hold it)
            signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)

    monkeypatch.setattr(guarded, "save", save_then_interrupt)
    # Ctrl-C as Python's own handler takes it, whatever an earlier test in this process left
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
    try:
        with pytest.raises(KeyboardInterrupt):
            export.write_tables([], None, "csv", str(out))
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    assert saved == ["games.csv", "player-games.csv"]
    assert "old" not in (out / "games.csv").read_text()
    assert "old" not in (out / "player-games.csv").read_text()
