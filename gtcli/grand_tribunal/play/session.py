"""The engine of ``gt play``: one game log, written and checked move by move.

The log file is the only state. Every typed move becomes a candidate text (the log with
the move added, in ``gt fmt`` layout), the candidate is checked with the result ``gt check``
would give (replaying only what it adds, :mod:`gtcli.grand_tribunal.play.incremental`), and it is saved
(atomically: temp file, fsync, rename) only if it brings no new error. Resuming a game is
loading its log; undoing a move is cutting it off.

A turn in a log has no end marker: it ends when the next one begins. So the session
knows one thing the file does not: that the scorekeeper closed the open turn (``end``).
After a resume the last turn is open again; moves typed with a player's name
(``Ben: vote staff``) start that player's turn whatever the session thinks.

One class: every answer goes through the same candidate-check-save path, which reads best
in one place; what a typed line is before it is checked (whose, setup or moves, the moves
parsed: :mod:`gtcli.grand_tribunal.play.typed`), the text edits, the die and the incremental
replay it calls are modules of their own.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

from gtcli.core.diagnostics import ERROR, WARNING, Diagnostic, InputError
from gtcli.core.files.beside import check_place
from gtcli.core.files.guarded import ABSENT, Stamp, read_stamped, save, unreadable
from gtcli.core.files.lock import lock_path
from gtcli.core.text import fold
from gtcli.grand_tribunal.lang.logs.check import Checked, Options, check_file, parse_log
from gtcli.grand_tribunal.lang.logs.format import LogWriter
from gtcli.grand_tribunal.play import editing, incremental
from gtcli.grand_tribunal.play.dice import PLACEHOLDER, before_rolls, fill_rolls, unfilled
from gtcli.grand_tribunal.play.editing import describe_changes
from gtcli.grand_tribunal.play.typed import (Reply, as_tag, is_setup_line, new_game_text, player_hint, split_player,
                                             typed_moves, written_for_you)
from gtcli.grand_tribunal.rules import log as L


def _key(d: Diagnostic) -> tuple:
    return (d.code, d.severity, d.message)


def new_findings(before: list[Diagnostic], after: list[Diagnostic]) -> list[Diagnostic]:
    """Diagnostics of ``after`` that ``before`` did not have (positions may have moved)."""
    seen = Counter(_key(d) for d in before)
    out = []
    for d in after:
        if seen[_key(d)]:
            seen[_key(d)] -= 1
        else:
            out.append(d)
    return out


class PlaySession:
    """A game log being played. Raises :class:`InputError` if the log cannot be used at all."""

    def __init__(self, path: str, options: Options | None = None, rng: random.Random | None = None) -> None:
        self.path = path
        self.options = replace(options or Options(), live=True)
        self.rng = rng or random.Random()
        self._open(*read_stamped(path, "log"))
        # piped input (gt play's prompt decides): accepted lines are saved together by
        # flush(), not each at once; see defer_saves
        self.deferred = False
        self._unsaved: list[str] = []  # what each accepted, not yet written line did
        self._saved: tuple | None = None  # the session as last saved, while lines wait
        # every answer saves under the log's lock: a lock place that can never be used (a
        # link, a FIFO, a folder someone left there) stops the session now, not at each move
        check_place(lock_path(path), path, "lock file")

    def _open(self, text: str, stamp: Stamp) -> None:
        """Take ``text`` (the log as on disk, with its stamp) as the game: what a resume does."""
        from gtcli.grand_tribunal.lang.cards.sets import names_in

        checked = self._check(text)
        variants = checked.referee.variants  # the log's [Variants] and its profile's
        # a blank line after the last turn closed it (`end`, or Enter twice in an editor), as the screen reads it
        self.turn_closed = editing.ends_turn(text)
        # warnings `end` already told the table (T6): the next move's check finds them as
        # new, since only then does the log itself close the turn; they are not told twice
        self.told_at_end: list[Diagnostic] = []
        self._closed: tuple[str, object] | None = None  # (text, its replay with the open turn closed)
        self._use(checked)
        self.stamp = stamp  # the file as last read or written: a save checks it is still so
        self.variants = variants
        # folded name -> the name to write in the log's language (also what Tab completes)
        self.card_names = names_in(self.checked.card_set, self.checked.cards_path, self.language)
        self.writer = LogWriter(self.language, self.checked.card_set.vocabulary,
                                lambda n: self.card_names.get(fold(n), n))

    # ---- creating ------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str, players: tuple[str, ...], options: Options, lang: str = "en",
               variants: tuple[str, ...] = (), event: str | None = None, date: str | None = None,
               rng: random.Random | None = None) -> "PlaySession":
        """Start a new log at ``path`` (which must not exist) and open it."""
        if Path(path).exists():
            raise InputError(Diagnostic("IO002", f"{path} already exists", path=path,
                                        hint=f"resume it with `gt play {path}`, or choose another file name"))
        folder = Path(path).resolve().parent
        cards = as_tag(options.cards or "sample", folder)
        board = as_tag(options.board, folder) if options.board else None
        profile = as_tag(options.profile, folder) if options.profile and options.profile.endswith(".toml") \
            else options.profile
        text = new_game_text(players, cards, board, profile, variants, lang, event, date)
        checked = check_file(path, replace(options, cards=None, board=None, profile=None, live=True), text)
        errors = [d for d in checked.result.diagnostics if d.severity == ERROR]
        if errors:
            raise InputError(*errors)
        save(path, text, expect=ABSENT, what="log")
        return cls(path, replace(options, cards=None, board=None, profile=None), rng)

    # ---- the current game ------------------------------------------------------------------------------
    def _check(self, text: str, live: bool = True) -> Checked:
        return check_file(self.path, replace(self.options, live=live), text)

    def _use(self, checked: Checked) -> None:
        self.checked = checked
        self.text = checked.text
        self.log = checked.log
        self.result = checked.result
        self.ahead = checked.result.ahead
        self.seats = checked.result.state.seats
        self.language = checked.log.language

    def closed(self):
        """The log as if it ended now: the open turn over (T4, P3), a due Tribunal scored.

        ``end``, the tally shown for confirmation and the scores written all need it;
        it is worked out once per text, on a copy of the referee (nothing is replayed).
        """
        if self._closed is None or self._closed[0] != self.text:
            self._closed = (self.text, incremental.closed(self.checked))
        return self._closed[1]

    @property
    def profile(self):
        return self.result.state.profile

    @property
    def in_setup(self) -> bool:
        return not self.log.events

    @property
    def open_turn(self) -> str | None:
        return None if self.turn_closed else self.ahead.turn

    @property
    def next_player(self) -> str | None:
        """Who a move typed without a name is for."""
        return self.open_turn or self.ahead.next_player

    # ---- typing a line --------------------------------------------------------------------------------
    def submit(self, line: str) -> Reply:
        return self._again_after_notes(self._submit, line)

    def _again_after_notes(self, act, *args) -> Reply:
        """Do ``act``; if its save met a file where only comments or layout had changed
        meanwhile (the session has read it again), do it once more on the new text."""
        reply = act(*args)
        if not reply.accepted and reply.outside == []:
            reply = act(*args)
        return reply

    def _submit(self, line: str) -> Reply:
        """One typed line, fair at the table: a line with ``*`` dice is checked up to its last
        die with placeholders first (:func:`gtcli.grand_tribunal.play.dice.before_rolls`), so a typo there
        rolls nothing; a line refused after its roll winds the die back (the next line gets
        the same roll: with ``--seed`` the log is the same whatever was refused)."""
        if line.strip().startswith("#"):  # a note for the log ("# disputed, ruled legal"): kept as typed
            return self._try(editing.append_lines(self.text, [line.strip()]), f"note: {line.strip()}")
        line = line.strip()
        trial = before_rolls(line, self.language, self.seats)
        if trial is None:  # no die in it: nothing to roll, nor to wind back
            return self._line(line)
        reply = self._line(trial, dry=True)
        if not reply.accepted:
            return self._unrolled(reply)
        before = self.rng.getstate()
        line, rolled = fill_rolls(line, self.language, self.seats, self.rng)
        reply = self._line(line)
        if reply.accepted:
            reply.rolled = rolled
        elif rolled:  # refused: that roll is not spent, nor shown
            self.rng.setstate(before)
            reply = self._unrolled(reply, "[2-5]")
        return reply

    def _line(self, line: str, dry: bool = False) -> Reply:
        """Check ``line`` (its dice filled in) and, unless ``dry``, save it if it adds no error."""
        if not line:
            return Reply(False, "")
        if written_for_you(line, self.language):
            return Reply(False, "Tribunal, round, scores and winner lines are written for you; type moves only.")
        if self.in_setup and is_setup_line(line, self.language, self.seats):
            return self._setup_line(line, dry)
        return self._moves(line, dry)

    def _unrolled(self, reply: Reply, die: str = str(PLACEHOLDER)) -> Reply:
        """A refusal of a line with dice, ``*`` shown where they are in what the line adds (the
        placeholders, or the rolls ``die`` matches): a refused line shows no dice."""
        def show(text: str, since: int = 0) -> str:
            return unfilled(text, self.language, self.seats, die, since)

        sources = {name: show(text, len(os.path.commonprefix([self.text, text])) if name == self.path else 0)
                   for name, text in reply.sources.items()}
        return replace(reply, message=show(reply.message), sources=sources)

    def _setup_line(self, line: str, dry: bool = False) -> Reply:
        text = self.text if self.log.setup is not None else editing.append_lines(self.text, [self.writer.kw("SETUP")])
        candidate = editing.append_lines(text, ["  " + line])
        try:
            parsed = parse_log(candidate, self.path, self.language)
        except InputError as exc:
            return Reply(False, diagnostics=list(exc.diagnostics), sources={self.path: candidate})
        candidate = editing.tidy_setup(candidate, parsed, self.writer)
        return self._try(candidate, f"setup: {line}", dry)

    def _moves(self, line: str, dry: bool = False) -> Reply:
        player, body, problem = split_player(line, self.seats)
        if problem is not None:
            return problem
        if self.ahead.game_over:
            return Reply(False, "the game is over: the Grand Tribunal has been held")
        extend = self.open_turn is not None and (player is None or player == self.open_turn)
        if not extend and self.ahead.tribunal_due:
            return Reply(False, f"the last round of Tribunal {self.result.state.tribunal} is over: "
                         "the Tribunal is scored first", tribunal_due=True)
        player = player or self.next_player
        if player is None:
            hint = "type `praeco NAME` in the setup: the first Praeco" if self.result.state.round == 0 \
                else "start the line with the player's name: NAME: move"
            return Reply(False, f"whose move is it? {hint}")
        moves = typed_moves(player, body, self.language, self.card_names)
        if isinstance(moves, Reply):
            return moves
        if extend:
            turn = self.log.events[-1]
            whole = L.Turn(turn.player, turn.moves + moves, turn.pos)
            candidate = editing.rewrite_from(self.text, turn.pos, lambda out: self.writer.events([whole], out))
        else:
            lines, blank = [], False
            if self.ahead.tribunal_start:
                lines.append(self.writer.event(L.TribunalStart(self.ahead.tribunal_start)))
                blank = True
            if self.ahead.round_start:
                number, praeco = self.ahead.round_start
                lines.append(self.writer.event(L.RoundStart(number, L.Word(praeco))))
            lines.append(self.writer.turn(L.Turn(L.Word(player), moves)))
            candidate = editing.append_lines(self.text, lines, blank_before=blank)
        reply = self._try(candidate, f"{player}: " + "; ".join(self.writer.move(m) for m in moves), dry)
        if reply.accepted and not dry:
            self.turn_closed = False
        return reply

    def _try(self, candidate: str, what: str, dry: bool = False) -> Reply:
        """Check ``candidate`` (replaying only what it adds, :mod:`gtcli.grand_tribunal.play.incremental`); save it if
        it adds no error (``dry``: only say whether it would be taken)."""
        try:
            continued = incremental.check_continued(self.checked, candidate)
            checked = continued or self._check(candidate)
        except InputError as exc:
            return Reply(False, diagnostics=list(exc.diagnostics), sources={self.path: candidate})
        # a check that went on from this one shares its findings up to the entry it replayed again
        shared = len(self.checked.referee.before_last.diagnostics) if continued else 0
        new = new_findings(self.result.diagnostics[shared:], checked.result.diagnostics[shared:])
        new = new_findings(self.told_at_end, new)
        if any(d.severity == ERROR for d in new):
            return Reply(False, f"not written: {what}", [d for d in new if d.severity == ERROR],
                         {self.path: candidate})
        if dry:
            return Reply(True, what)
        failed = self._keep(candidate, what)
        if failed is not None:
            return failed
        self._use(checked)
        self.told_at_end = []
        return Reply(True, what, new, {self.path: candidate})

    def _save(self, text: str, what: str) -> Reply | None:
        """Write ``text`` if the file is still what the session last read or wrote.

        None when written. Otherwise the session keeps going: if the log was changed
        outside (IO004), it is read again and the reply tells the table what changed;
        if the disk refuses (full, read-only), the reply says the move was not written.
        """
        try:
            # the text was checked as gt check would (its token budget included): only its bytes are counted
            self.stamp = save(self.path, text, self.stamp, "log", tokens_checked=True)
            return None
        except InputError as exc:
            problem = exc.diagnostics[0]
        if problem.code == "IO004":
            outside = self.refresh()
            if outside is not None:
                return Reply(False, f"not written: {what}: the log was changed outside gt play meanwhile; "
                             "type it again if it still applies", outside=outside)
        return Reply(False, f"not written: {what}", [problem])

    # ---- saving a batch (piped input) ----------------------------------------------------------------
    def defer_saves(self) -> None:
        """From now on an accepted line is kept in the session and written by :meth:`flush`.

        For piped input only (a terminal's line is saved before the next prompt): saving
        costs a lock, a re-read and hash of the file, an atomic write and two fsyncs, more
        than checking the line; the prompt flushes whenever it would wait for input, at
        most a second after the first line waiting, and before it leaves (docs/files.md).
        """
        self.deferred = True

    @property
    def unsaved(self) -> int:
        """Accepted lines not written yet (only with :meth:`defer_saves`)."""
        return len(self._unsaved)

    def _keep(self, text: str, what: str) -> Reply | None:
        """Save ``text`` now, or (deferred) remember that it waits: None unless a save failed."""
        if not self.deferred:
            return self._save(text, what)
        problem = unreadable(self.path, text, "log", tokens=False)  # what the save would refuse of the text itself
        if problem is not None:
            return Reply(False, f"not written: {what}", [problem.diagnostics[0]])
        if not self._unsaved:
            self._saved = (self.checked, self.turn_closed, self.told_at_end)
        self._unsaved.append(what)
        return None

    def flush(self) -> Reply | None:
        """Write the lines accepted since the last save. None when written (or none waited).

        If the file changed outside meanwhile (IO004) or the disk refuses, none of them is
        written: the session goes back to the file as it is (read again) or as last saved,
        and the reply names the lines, to be typed again if they still apply.
        """
        if not self._unsaved:
            return None
        lines, self._unsaved = self._unsaved, []
        saved, self._saved = self._saved, None
        shown = "; ".join(lines[:5]) + (f"; and {len(lines) - 5} more" if len(lines) > 5 else "")
        failed = self._save(self.text, f"{len(lines)} line(s) accepted since the last save: {shown}")
        if failed is not None and failed.outside is None and saved is not None:
            checked, self.turn_closed, self.told_at_end = saved
            self._use(checked)  # the disk refused: the game is where the file is
        if failed is not None:
            failed.unwritten = lines
        return failed

    # ---- changes made outside (an editor, a second laptop) ------------------------------------------
    def refresh(self) -> list[str] | None:
        """Read the log again if it changed on disk since the session last read or wrote it.

        Returns None if it did not change, else what changed in the game, for the table:
        lines added (``+ ...``) and removed (``- ...``); an empty list if only comments or
        layout changed (the new text is taken, the game is where it was).
        If the new text cannot be used (an editor saved half a line), the session keeps the
        game as it was and says so; nothing is written until the log is usable again,
        because every save checks the file is unchanged.
        """
        try:
            text, stamp = read_stamped(self.path, "log")
        except InputError as exc:
            return [f"the log cannot be read now: {exc.diagnostics[0].message}; "
                    "nothing will be written until it can"]
        if stamp.same_text(self.stamp):
            self.stamp = stamp
            return None
        before, closed = self._entries(), self.turn_closed
        try:
            self._open(text, stamp)
        except InputError as exc:
            d = exc.diagnostics[0]
            return [f"the log was changed outside and cannot be used now ({d.location()}: {d.code} {d.message}); "
                    "nothing will be written until it is fixed"]
        after = self._entries()
        if after == before:
            self.turn_closed = closed or self.turn_closed  # only comments or layout (a blank line may close the turn)
        return describe_changes(before, after)

    def _entries(self) -> list[str]:
        """The game as lines (tags, setup, events; no comments), to compare two versions."""
        tags = [f"[{name} {value!r}]" for name, value, _ in self.log.tags]
        setup = self.writer.setup(self.log.setup) if self.log.setup is not None else []
        return tags + [line.strip() for line in setup] + [self.writer.event(e) for e in self.log.events]

    # ---- commands ---------------------------------------------------------------------------------------
    def close_turn(self) -> Reply:
        """``end``: the open turn is over (T4 and P3 are checked now)."""
        player = self.open_turn
        if player is None:
            due = self.ahead.tribunal_due
            return Reply(False, "no turn is open" + ("; the Tribunal is to be scored" if due else ""), tribunal_due=due)
        shared = len(self.result.diagnostics)  # the closed game's findings go on from these
        new = new_findings(self.result.diagnostics[shared:], self.closed().diagnostics[shared:])
        errors = [d for d in new if d.severity == ERROR]
        if errors:
            return Reply(False, f"{player}'s turn cannot end yet", errors, {self.path: self.text})
        # the log says so too: a blank line after the turn (what `gt replay --serve` reads as a turn
        # over, as an editor's Enter twice); only white space, so the game is where it was, and the
        # next line written takes its place (editing.append_lines)
        closed_text = editing.end_turn(self.text)
        failed = self._keep(closed_text, f"the end of {player}'s turn")
        if failed is not None:
            return failed
        self.text = closed_text
        self.turn_closed = True
        upcoming = self.ahead.next_player
        message = f"{player}'s turn is over" + (f"; next: {upcoming}" if upcoming else "")
        warnings = self.told_at_end = [d for d in new if d.severity == WARNING]
        return Reply(True, message, warnings, {self.path: self.text}, tribunal_due=self.ahead.tribunal_due)

    def record_tribunal(self) -> Reply:
        """Write the scores the scorekeeper confirmed (and the winner after the Grand Tribunal)."""
        return self._again_after_notes(self._record_tribunal)

    def _record_tribunal(self) -> Reply:
        closing = self.closed()
        state = closing.state
        if not self.ahead.tribunal_due or not state.results:
            return Reply(False, "no Tribunal is waiting to be scored")
        result = state.results[-1]
        lines = [self.writer.event(L.Scores(tuple((L.Word(p.name), p.score) for p in result.players)))]
        if closing.complete and closing.winners:
            lines.append(self.writer.event(L.Winner(tuple(L.Word(w) for w in closing.winners))))
        reply = self._try(editing.append_lines(self.text, lines), " / ".join(lines))
        if reply.accepted:
            self.turn_closed = True
        return reply

    def undo(self) -> Reply:
        """Take back the last move (or scores line, or setup line), from the file too."""
        return self._again_after_notes(self._undo)

    def _undo(self) -> Reply:
        cut = editing.cut_last(self.text, self.log, self.writer)
        if cut is None:
            return Reply(False, "nothing to undo")
        text, taken = cut
        last = self.log.events[-1] if self.log.events else None
        # the turn before a removed scores line, or before a removed whole turn, had been
        # closed: the next move typed without a name is again for the player who was next
        was_closed = isinstance(last, (L.Scores, L.Winner)) or (isinstance(last, L.Turn) and len(last.moves) == 1)
        checked = incremental.check_continued(self.checked, text) or self._check(text)
        failed = self._keep(text, f"undo of {taken}")
        if failed is not None:
            return failed
        self._use(checked)
        self.turn_closed, self.told_at_end = was_closed, []
        return Reply(True, f"taken back: {taken}")

    def legal_now(self) -> list[str]:
        """The action types open to the player whose turn it is (for ``help``)."""
        from gtcli.grand_tribunal.rules.actions.slots import SLOTS, open_actions

        if self.open_turn is None:
            player = self.next_player
            if player is not None and self.ahead.round_start and self.ahead.round_start[1] == player:
                return ["praeco"]
            return list(SLOTS)
        return open_actions(self.result.state, self.variants)

    def snapshot(self) -> dict:
        """The table as the session sees it (``state``): the log's replay state, but with no
        turn open once ``end`` closed it -- a log has no end marker, the session knows."""
        snap = self.result.state.snapshot()
        if self.open_turn is None and snap["turn"] is not None:
            snap = {**snap, "turn": None, "slots_left": None}
        return snap

    def status(self) -> dict:
        """Where the game stands, for the view above the prompt."""
        snap = self.result.state.snapshot(cards=False)
        turn = self.result.state.turn
        return {
            "file": self.path,
            "phase": "setup" if self.in_setup else ("over" if self.ahead.game_over else "play"),
            "tribunal": snap["tribunal"], "round": snap["round"], "praeco": snap["praeco"],
            "turn": self.open_turn,
            "slots_left": (turn.slots - turn.used) if turn is not None and self.open_turn else None,
            "next": self.next_player,
            "tribunal_due": self.ahead.tribunal_due,
            "players": [{"name": p["name"], "vis": p["vis"], "hand": p["hand"], "total": p["total"]}
                        for p in snap["players"]],
            "track": snap["track"], "trackers": snap["trackers"], "regio": snap["regio"],
            "concilium": snap["concilium"],
            "errors": len(self.result.errors),
        }

    def player_hint(self, name: str) -> str:
        return player_hint(name, self.seats)


__all__ = ["PlaySession", "new_findings"]
