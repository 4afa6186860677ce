"""The rules interpreter: replay a game log through the rules and collect every finding.

The :class:`Referee` walks the log's events (setup, Tribunals, rounds, turns, moves) and
hands each move to its function in :mod:`gtcli.grand_tribunal.rules.actions`. Like python-chess's PGN
reader it records a problem and carries on with the state repaired as well as it can,
so one run lists every illegal move (``first=True`` stops at the first error).

The Referee is one class, and this module keeps it whole: the walk from the setup through
Tribunals, rounds and turns to the winner reads as one story, which mixins spread over
several files would break up. What the moves do is :mod:`~gtcli.grand_tribunal.rules.actions`',
what a Tribunal held does (the tally, the reset, the recorded scores and winner checked) is
:mod:`~gtcli.grand_tribunal.rules.scoring`', what a wrong recorded score misread is
:mod:`~gtcli.grand_tribunal.rules.misreadings`'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from gtcli.core.diagnostics import ERROR, NOTE, WARNING, Diagnostic, Pos
from gtcli.core.text import did_you_mean, fold, one_of
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules import scoring
from gtcli.grand_tribunal.rules.actions.moves import MOVES, apply
from gtcli.grand_tribunal.rules.actions.sanctum import activate
from gtcli.grand_tribunal.rules.actions.setup import setup
from gtcli.grand_tribunal.rules.board import Board
from gtcli.grand_tribunal.rules.cards import CardSet
from gtcli.grand_tribunal.rules.profiles import RuleProfile
from gtcli.grand_tribunal.rules.state import HAND, GameState, Player, TurnState
from gtcli.grand_tribunal.rules.tribunal import pass_order, turn_order

_NOWHERE = Pos()  # the position of an event that has none (made once: take_all asks at every event)


class StopReplay(Exception):
    """Raised to end a replay early (``--first``, or ``--at LINE`` reached: ``at`` is where)."""

    def __init__(self, at: Pos | None = None) -> None:
        super().__init__()
        self.at = at


@dataclass(frozen=True)
class Ahead:
    """What comes next in a log that is still being written (``gt play``).

    ``turn`` is the player whose turn the log ends in (it may still take moves);
    the rest says what follows once that turn is over: a Tribunal to score, a Tribunal
    or round to open (with its Praeco), and who moves next.
    """

    turn: str | None
    next_player: str | None
    round_start: tuple[int, str] | None = None  # (round number, Praeco) to write first
    tribunal_start: int | None = None  # a Tribunal to open first
    tribunal_due: bool = False  # every round is over: the Tribunal is to be scored
    game_over: bool = False


@dataclass
class ReplayResult:
    state: GameState
    diagnostics: list[Diagnostic]
    complete: bool  # all Tribunals were played and scored
    winners: tuple[str, ...] | None = None
    stopped_at: Pos | None = None
    ahead: Ahead | None = None  # only for a live replay

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == ERROR]


@dataclass
class Referee:
    log: L.Log
    card_set: CardSet
    profile: RuleProfile
    seats: tuple[str, ...]
    board: Board | None = None
    variants: frozenset[str] = frozenset()
    strict: bool = False
    first: bool = False
    until_line: int | None = None
    live: bool = False  # the log is still being written: its last turn stays open, nothing is scored at its end
    require_complete: bool = False  # a log that stops before the Grand Tribunal is an error, not a note
    diagnostics: list[Diagnostic] = field(default_factory=list)
    forced: str | None = None  # the reason, while an annotated override is being applied
    unverified: set[str] = field(default_factory=set)
    opened_tribunal: int = 0  # the number of the last `tribunal N` line seen
    after_the_end: bool = False  # R7 already reported for play written after the Grand Tribunal
    # live: a copy made just before the log's last event, for gt play to go on from (gtcli.grand_tribunal.play.incremental)
    before_last: "Referee | None" = field(default=None, repr=False)
    # observed (a live or stopped replay only): called with the referee before each event, so one replay
    # can note the table at every round's end (a scoresheet: gtcli.grand_tribunal.lang.logs.report)
    observe: "Callable[[Referee, Any], None] | None" = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.state = GameState(
            profile=self.profile, card_set=self.card_set, seats=self.seats,
            players={n: Player(n, self.profile.starting_vis) for n in self.seats},
            concilium=self.profile.voting_tokens, language=self.log.language,
        )
        self.vocabulary = self.card_set.vocabulary
        self.seat_of: dict[str, str] = {}  # folded name -> seat, the first of two that fold alike
        for seat in self.seats:
            self.seat_of.setdefault(fold(seat), seat)

    def fork(self) -> "Referee":
        """An independent copy: try a move on it, keep it if the move was legal."""
        clone = object.__new__(self.__class__)
        fields = clone.__dict__
        fields.update(self.__dict__)
        fields["before_last"] = None  # never a chain of copies
        fields["observe"] = None  # a copy is tried, not observed
        fields["state"] = self.state.copy()  # shares what it can (GameState.copy)
        fields["diagnostics"] = list(self.diagnostics)
        fields["unverified"] = set(self.unverified)
        return clone

    # ---- reporting ------------------------------------------------------------------------------
    def report(self, code: str, message: str, pos: Pos | None, hint: str | None = None,
               severity: str = ERROR) -> None:
        if self.forced is not None and severity == ERROR:
            severity, message = NOTE, f"forced override ({self.forced}): {message}"
        if code == "T6" and self.strict:
            severity = ERROR
        # a finding about the whole log (no position) still names the log's file
        self.diagnostics.append(Diagnostic.at_pos(code, message, pos, hint, severity).at(self.log.path))
        if self.first and severity == ERROR:
            raise StopReplay

    def error(self, code: str, message: str, pos: Pos | None, hint: str | None = None) -> None:
        self.report(code, message, pos, hint)

    def warn(self, code: str, message: str, pos: Pos | None, hint: str | None = None) -> None:
        self.report(code, message, pos, hint, WARNING)

    def note(self, code: str, message: str, pos: Pos | None, hint: str | None = None) -> None:
        self.report(code, message, pos, hint, NOTE)

    def unverified_once(self, code: str, message: str, pos: Pos | None) -> None:
        """K4 / board checks that could not run: reported once per kind, never as passed."""
        if (code, message) not in self.unverified:
            self.unverified.add((code, message))  # type: ignore[arg-type]
            self.note(code, f"unverified: {message}", pos)

    # ---- lookups shared by the actions -----------------------------------------------------------
    def player(self, word: L.Word | str, code: str = "S1") -> str | None:
        if isinstance(word, L.Word):
            text, pos = word.text, word.pos
        else:
            text, pos = word, None
        seat = self.seat_of.get(fold(text))
        if seat is not None:
            return seat
        self.error(code, f"{text!r} is not a player of this game", pos,
                   did_you_mean(text, self.seats) or f"players: {one_of(self.seats)}")
        return None

    def space(self, word: L.Word, code: str) -> str | None:
        try:
            return self.vocabulary.space(word.text)
        except Exception:
            names = [n for t in self.vocabulary.item_types + self.vocabulary.spell_categories for n in t.all_names()]
            self.error(code, f"{word.text!r} is not a Voting Track space", word.pos,
                       did_you_mean(word.text, names) or f"spaces: {one_of(self.vocabulary.spaces)}")
            return None

    # ---- the walk -------------------------------------------------------------------------------
    def run(self) -> ReplayResult:
        stopped: Pos | None = None
        walked = False
        try:
            setup(self, self.log.setup)
            self.take_all(self.log.events)
            walked = True
        except StopReplay as stop:
            stopped = stop.at
        return self.finish(stopped, close=walked)

    def take_all(self, events: tuple, before: "Referee | None" = None) -> None:
        """Apply ``events`` in order (stopping at ``until_line``); a live referee keeps a copy of
        itself from just before the last one (:attr:`before_last`).

        ``before``: a referee exactly as this one is now, which nothing changes any more (gt
        play's incremental check forks this one from it); when the last event is the first,
        it is kept as :attr:`before_last` itself instead of a copy of the whole state."""
        if self.until_line is None and not self.live:  # gt check's case: nothing to watch for
            take = self.take
            for event in events:
                take(event)
            return
        last = len(events) - 1
        for n, event in enumerate(events):
            line = getattr(event, "pos", _NOWHERE).line
            if self.until_line is not None and line is not None and line > self.until_line:
                raise StopReplay(event.pos)
            if self.live and n == last:
                self.before_last = before if before is not None and n == 0 else self.fork()
            if self.observe is not None:
                self.observe(self, event)
            self.take(event)

    def take(self, event: Any) -> None:
        """Apply one event of the log (a Tribunal, round, turn, scores, winner or aside line)."""
        if isinstance(event, L.Turn):
            self.play_turn(event)
        elif isinstance(event, L.RoundStart):
            self.start_round(event)
        elif isinstance(event, L.TribunalStart):
            self.start_tribunal(event)
        elif isinstance(event, L.Scores):
            scoring.check_scores(self, event)
        elif isinstance(event, L.Winner):
            scoring.check_winner(self, event)
        elif isinstance(event, L.Activate):
            self.aside(event)

    def finish(self, stopped: Pos | None = None, close: bool = True) -> ReplayResult:
        """The result of the events taken so far: a finished log's last turn is closed and its
        due Tribunal scored first (``close``, unless the replay was stopped); a live log
        (``gt play``) stays open."""
        if close and not self.live:
            try:
                self.end_turn(None)
                self.maybe_score(None)
            except StopReplay:
                pass
        s = self.state
        complete = s.scored_tribunals >= self.profile.tribunals
        if not complete and not self.live and stopped is None and not (self.first and self.errors_seen()):
            self.incomplete()
        winners = self.winners() if complete else None
        ahead = self.ahead() if self.live else None
        return ReplayResult(s, self.diagnostics, complete, winners, stopped, ahead)

    def errors_seen(self) -> bool:
        return any(d.severity == ERROR for d in self.diagnostics)

    def incomplete(self) -> None:
        """R7: a log that stops before the Grand Tribunal is scored names no winner.

        A note by default (a game is often checked while it is being played), an error
        with ``--require-complete`` (a club checking finished games).
        """
        s = self.state
        if s.round == 0 and s.scored_tribunals:
            where = f"after the scores of Tribunal {s.scored_tribunals}"
        elif s.round and self.rounds_done() and s.scored_tribunals < s.tribunal:
            where = f"after the last round of Tribunal {s.tribunal}, before its scores"
        else:
            where = f"in Tribunal {s.tribunal}" + (f", round {s.round}" if s.round else "")
        message = f"the log is incomplete: it ends {where}; the game ends with the Grand Tribunal " \
                  f"(Tribunal {self.profile.tribunals})"
        self.report("R7", message, None, None if self.require_complete else "--require-complete makes this an error",
                    ERROR if self.require_complete else NOTE)

    def ahead(self) -> Ahead:
        """What the next turn needs, for a log that ends mid-game (see :class:`Ahead`)."""
        s = self.state
        open_turn = s.turn.player if s.turn is not None else None
        if s.scored_tribunals >= self.profile.tribunals:
            return Ahead(open_turn, None, game_over=True)
        if s.round and self.rounds_done() and s.scored_tribunals < s.tribunal:
            return Ahead(open_turn, None, tribunal_due=True)
        if s.round == 0:
            number = s.scored_tribunals + 1
            praeco = s.next_first_praeco
            tribunal = number if self.opened_tribunal < number else None
            return Ahead(open_turn, praeco, (1, praeco) if praeco else None, tribunal)
        if not s.pending_extra and len(s.turns) >= len(self.seats):  # this round is over
            praeco = self.expected_praeco()
            return Ahead(open_turn, praeco, (s.round + 1, praeco) if praeco else None)
        return Ahead(open_turn, self.expected_player())

    # ---- Tribunals and rounds --------------------------------------------------------------------
    def rounds_done(self) -> bool:
        s = self.state
        return s.round == len(self.seats) and len(s.turns) >= len(self.seats) and not s.pending_extra

    def game_over(self, pos: Pos | None, what: str) -> bool:
        """R7: nothing is played after the Grand Tribunal; reported once, on the first such line."""
        if self.state.scored_tribunals < self.profile.tribunals:
            return False
        if not self.after_the_end:
            self.after_the_end = True
            self.error("R7", f"the game is over: the Grand Tribunal has been held, so there is no {what}", pos,
                       f"a game has {self.profile.tribunals} Tribunals; the last is the Grand Tribunal")
        return True

    def start_tribunal(self, event: L.TribunalStart) -> None:
        self.end_turn(event.pos)
        self.maybe_score(event.pos)
        if event.grand:
            event = L.TribunalStart(self.profile.tribunals, event.pos, grand=True)
        if self.game_over(event.pos, f"Tribunal {event.number}"):
            return
        self.opened_tribunal = event.number
        s = self.state
        expected = s.scored_tribunals + 1
        if s.round and s.scored_tribunals < s.tribunal:
            self.error("P1", f"Tribunal {s.tribunal} ends after round {s.round}; every player must be Praeco once "
                       f"({len(self.seats)} rounds)", event.pos)
            self.score_tribunal(event.pos)
            expected = s.scored_tribunals + 1
        if event.number != expected:
            self.error("R7" if event.number > self.profile.tribunals else "P1",
                       f"the next Tribunal is {expected}, not {event.number}", event.pos,
                       f"a game has {self.profile.tribunals} Tribunals" if event.number > self.profile.tribunals
                       else None)

    def start_round(self, event: L.RoundStart) -> None:
        self.end_turn(event.pos)
        self.maybe_score(event.pos)
        s = self.state
        if self.game_over(event.pos, "further round"):
            return
        if s.round and len(s.turns) < len(self.seats):
            missing = [p for p in self.seats if p not in s.turns]
            self.error("P2", f"round {s.round} ends before {', '.join(missing)} took a turn", event.pos)
        expected_number = s.round + 1
        if event.number != expected_number:
            self.error("P1", f"this is round {expected_number} of Tribunal {s.tribunal}, not round {event.number}",
                       event.pos, f"a Tribunal has {len(self.seats)} rounds, one per player")
        praeco = self.player(event.praeco, "P4")
        if praeco is None:
            praeco = self.expected_praeco() or self.seats[0]
        expected = self.expected_praeco()
        if praeco in s.praecos:
            self.error("P1", f"{praeco} has already been Praeco in Tribunal {s.tribunal}", event.praeco.pos)
        elif expected and praeco != expected:
            code = "P4" if s.round else ("P5" if s.tribunal > 1 else "S6")
            why = {"P4": f"the pawn passes to the player on {s.praeco}'s {self.profile.praeco_passes}",
                   "P5": "the owner of the last Tribunal's 1st-place item opens the next one",
                   "S6": "the setup names the first Praeco"}[code]
            self.error(code, f"the Praeco of this round is {expected}, not {praeco}", event.praeco.pos, why)
        s.round = max(s.round, 0) + 1
        s.praeco = praeco
        s.praecos.append(praeco)
        s.turns = []
        s.pending_extra = []

    def expected_praeco(self) -> str | None:
        s = self.state
        if s.round == 0:
            return s.next_first_praeco
        if s.praeco is None:
            return None
        return pass_order(self.seats, s.praeco, self.profile)[0]

    # ---- turns ------------------------------------------------------------------------------------
    def expected_player(self) -> str | None:
        s = self.state
        if s.pending_extra:
            return s.pending_extra[0]
        if s.praeco is None:
            return None
        turns = s.turns
        for p in turn_order(self.seats, s.praeco):  # P2: clockwise under every profile
            if p not in turns:
                return p
        return None

    def play_turn(self, event: L.Turn) -> None:
        self.end_turn(event.pos)
        s = self.state
        if s.scored_tribunals >= self.profile.tribunals and self.game_over(event.pos, "further turn"):
            return
        player = self.player(event.player, "P2")
        if player is None:
            return
        if s.round == 0:
            self.error("P2", "a turn before any round began", event.pos, "start with: round 1 praeco NAME")
            s.round, s.praeco = 1, player
            s.praecos.append(player)
        expected = self.expected_player()
        extra = bool(s.pending_extra) and player == s.pending_extra[0]
        if expected is None:
            self.error("P2", f"round {s.round} is over: every player has taken a turn", event.player.pos,
                       "start the next round, or the next Tribunal")
        elif player != expected:
            only_activations = bool(event.moves) and all(isinstance(m, L.Activate) for m in event.moves)
            self.error("P2", f"it is {expected}'s turn, not {player}'s", event.player.pos,
                       f'a card is activated out of turn without a turn of its own: activate {player} "Card"'
                       if only_activations else "turns go clockwise from the Praeco")
        if extra:
            s.pending_extra.pop(0)
        elif player not in s.turns:
            s.turns.append(player)
        s.turn_serial += 1
        s.turn = TurnState(player, extra_turn=extra, praeco_tokens=min(3, s.concilium), pos=event.player.pos)
        self.play_moves(player, event.moves)

    def play_moves(self, player: str, moves: tuple[L.Move, ...]) -> None:
        """The moves of ``player``'s turn (begun by :meth:`play_turn`), in order; also the moves
        added to the open turn of a live log."""
        for move in moves:
            if move.forced is None:
                MOVES[move.__class__](self, player, move)
                continue
            # a forced move's findings are notes under the rules they break, naming the reason
            # (:meth:`report`); a forced move that breaks nothing has nothing to report
            self.forced = move.forced
            try:
                apply(self, player, move)
            finally:
                self.forced = None

    def aside(self, event: L.Activate) -> None:
        """T5 on a line of its own: a player activates a card between turns or at a Tribunal.

        The turn before it is over; a Tribunal whose rounds are done is *not* scored yet, so
        an Item activated here competes in it.
        """
        self.end_turn(event.pos)
        if event.player is None or self.game_over(event.pos, "further activation"):
            return
        player = self.player(event.player, "T5")
        if player is not None:
            activate(self, player, event)

    def end_turn(self, pos: Pos | None) -> None:
        s = self.state
        turn = s.turn
        if turn is None:
            return
        s.turn = None
        pos = turn.pos or pos
        if turn.player == s.praeco and turn.owes_praeco_votes(s.praeco) and not turn.praeco_late:  # acting first was reported already
            self.error("P3", f"{turn.player} was Praeco but placed no Voting tokens", pos,
                       "the Praeco's turn starts with: praeco SPACE, SPACE, SPACE")
        hand = len(s.index.at.get((turn.player, HAND), ()))
        if hand <= self.profile.hand_limit and not self.card_set.lowers_hand_limit:
            return self.t6(turn, pos)  # within any limit the cards could make (no need to work it out)
        limit = s.hand_limit(turn.player)
        if hand > limit:
            self.error("T4", f"{turn.player} ends the turn with {hand} cards in hand; the limit is {limit}", pos,
                       "discard down to the limit before the turn ends")
        self.t6(turn, pos)

    def t6(self, turn: TurnState, pos: Pos | None) -> None:
        if turn.used < 2:
            self.warn("T6", f"{turn.player} used {turn.used} of 2 action slots", pos)

    # ---- the Tribunal ---------------------------------------------------------------------------------
    def maybe_score(self, pos: Pos | None) -> None:
        s = self.state
        if s.scored_tribunals < s.tribunal and self.rounds_done():
            self.score_tribunal(pos)

    def score_tribunal(self, pos: Pos | None) -> None:
        """R1-R6: every active Item that has not won competes; then the table resets
        (:func:`gtcli.grand_tribunal.rules.scoring.score_tribunal`)."""
        scoring.score_tribunal(self, pos)

    def winners(self) -> tuple[str, ...]:
        return scoring.winners(self)


__all__ = ["Ahead", "Referee", "ReplayResult", "StopReplay"]
