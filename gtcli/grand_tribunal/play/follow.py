"""Follow a log as someone writes it, for the table's screen (``gt play --serve``, ``gt replay --serve``).

The log file is the only state: :meth:`Follower.poll` looks at the file (a ``stat``, every
few tenths of a second, and a full read now and then in case a save kept size and time),
and when its text changed reads it through the safe-file layer (the log's limits, regular
files only), checks it as ``gt play`` would (live: the last turn stays open; replaying
only what was added when the log only grew, :mod:`gtcli.grand_tribunal.play.incremental`)
and draws the screen again. A log that cannot be used for a moment (an editor saving
half a line, the file moved away) leaves the last good screen up, with where and which
code (``gt check`` says the rest).

A log has no mark for the end of a turn: the next turn's line is. So that the screen shows
the next player's turn as soon as a turn is over, a turn is taken as closed when the log
ends in a blank line after it (what a scorekeeper typing in an editor does: Enter twice),
or when ``gt play`` says its ``end`` closed the turn of exactly this text
(:meth:`Follower.close_turn`, sent over the screen process's pipe). The next entry written
opens the next turn, and the screen follows it.
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import replace

from gtcli.core.diagnostics import InputError
from gtcli.core.files.guarded import read_stamped
from gtcli.grand_tribunal.lang.logs.check import Checked, Options, check_file
from gtcli.grand_tribunal.play.editing import ends_turn
from gtcli.grand_tribunal.play.table_view import table_view

FULL_READ_SECONDS = 2.0  # read the whole file at least this often, whatever stat says


def digest(text: str) -> str:
    """What ``gt play`` and its screen compare to agree on which text a closed turn ended."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Follower:
    """One log, followed: ``view`` (the screen's data), ``problem`` (why the log cannot be used
    now, else None) and ``version`` (1 at the start, one more at each change of either)."""

    def __init__(self, path: str, options: Options) -> None:
        self.path = path
        self.options = replace(options, live=True)
        self.file = os.path.basename(path)  # what the page shows: not where the file lies on this machine
        self.problem: str | None = None
        self.version = 0
        self._seen: tuple | None = None  # the file's stat when last read
        self._read_at = 0.0
        self._names: tuple[tuple[str, str], dict[str, str]] | None = None
        self._closed_text: str | None = None  # the digest of the text whose last turn gt play closed
        self._verdicts: dict = {}  # what the last moves may name, kept from one screen to the next
        text, self.stamp = read_stamped(path, "log")  # unusable at the start: InputError (exit 2)
        self._seen = self._stat()
        self._take(check_file(path, self.options, text))

    def _stat(self) -> tuple | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns

    def _take(self, checked: Checked) -> None:
        from gtcli.grand_tribunal.lang.cards.sets import names_in

        key = (checked.cards_path, checked.log.language)
        if self._names is None or self._names[0] != key:
            self._names = (key, names_in(checked.card_set, checked.cards_path, checked.log.language))
        self.checked = checked
        closed = ends_turn(checked.text) or self._closed_text == digest(checked.text)
        self.view = table_view(checked, self.file, self._names[1], closed=closed, known=self._verdicts)
        self.version += 1

    def close_turn(self, text_digest: str) -> bool:
        """``gt play``'s ``end``: the turn that the text with this digest ends in is over. The
        file is read at once (gt play saved it before saying so); True if the screen changed."""
        self._closed_text = text_digest
        self._read_at = 0.0  # a full read now, whatever stat says
        changed = self.poll()
        if not changed and self.problem is None and digest(self.checked.text) == text_digest \
                and not self.view.get("turn_closed"):
            self._take(self.checked)
            changed = True
        return changed

    def poll(self) -> bool:
        """Look at the file; True if the screen changed (a new view, or a problem came or went)."""
        seen, now = self._stat(), time.monotonic()
        if seen == self._seen and seen is not None and now - self._read_at < FULL_READ_SECONDS:
            return False
        self._seen, self._read_at = seen, now
        try:
            text, stamp = read_stamped(self.path, "log")
            if stamp.same_text(self.stamp):
                return self._clear()
            from gtcli.grand_tribunal.play.incremental import check_continued

            checked = check_continued(self.checked, text) or check_file(self.path, self.options, text)
        except InputError as exc:
            # where and which code, not the message: it may quote what the file holds (a hidden
            # card's name, or the words of whatever file was put in the log's place)
            d = exc.diagnostics[0]
            where = f"{os.path.basename(d.path or self.path)}:{d.line}:{d.col or 1}" if d.line else \
                os.path.basename(d.path or self.path)
            return self._trouble(f"{where}: {d.code}")
        self.stamp, self.problem = stamp, None
        self._take(checked)
        return True

    def _clear(self) -> bool:
        if self.problem is None:
            return False
        self.problem = None
        self.version += 1
        return True

    def _trouble(self, problem: str) -> bool:
        if problem == self.problem:
            return False
        self.problem = problem
        self.version += 1
        return True


__all__ = ["Follower", "FULL_READ_SECONDS"]
