"""What a scoresheet needs from a replayed game log: its Tribunals as a game, and the table
at the end of every round (Vis and the Voting Track), for ``gt replay --html`` and
``gt game from-log``.

The table at the end of a round is the state just before the line that starts the next
round (or Tribunal, or the scores). One replay of the log notes it at every round's end (the
referee's ``observe``, called before each event), so a scoresheet costs one replay, not one per
round (a 10,000-game club site made one per round: 13 replays a game); ``gt club index`` notes
them in the very replay that judges the log (:class:`RoundWatch`), so the club's site replays
nothing (:mod:`gtcli.club.sheets`). A game has at most 15
rounds (3 Tribunals of up to 5 rounds); a log that claims more (a stranger's) is sampled at
evenly spaced rounds: at most :data:`MAX_POINTS`, and fewer for a long log, as when each
point was a replay of its own (:data:`MAX_LINES`).
"""

from __future__ import annotations

from dataclasses import replace

from gtcli.core.text import pick
from gtcli.grand_tribunal.lang.logs.check import Checked, Options, check_file
from gtcli.grand_tribunal.rules import log as L
from gtcli.grand_tribunal.rules.game import Game, game_from_tables
from gtcli.grand_tribunal.scoresheet import RoundPoint, Scoresheet

MAX_POINTS = 30
MAX_LINES = 200_000  # lines replayed for the rounds of one scoresheet, in all
_ENDS_A_ROUND = (L.RoundStart, L.TribunalStart, L.Scores, L.Winner)


def game_of(checked: Checked) -> Game:
    """The log's scored Tribunals as a ``gt game`` session: its seats, profile and first Praeco."""
    state = checked.result.state
    first = next((e.praeco.text for e in checked.log.events if isinstance(e, L.RoundStart)), None)
    first = pick(first, state.seats) if first else None
    return game_from_tables(state.seats, state.profile, first, state.tables)


def round_ends(checked: Checked, until_line: int | None = None) -> list[int | None]:
    """For every round the log plays (up to ``until_line``): the last line that belongs to it
    (None: the round runs to the end of what is replayed)."""
    return _round_ends(checked.log.events, until_line)


def _round_ends(all_events, until_line: int | None) -> list[int | None]:
    events = [e for e in all_events
              if until_line is None or (getattr(e, "pos", None) and e.pos.line and e.pos.line <= until_line)]
    ends: list[int | None] = []
    for n, event in enumerate(events):
        if not isinstance(event, L.RoundStart):
            continue
        following = next((e for e in events[n + 1:] if isinstance(e, _ENDS_A_ROUND)), None)
        ends.append(following.pos.line - 1 if following is not None and following.pos.line else until_line)
    return ends


def round_points(checked: Checked, options: Options, until_line: int | None = None) -> list[RoundPoint]:
    """The table at the end of every round (or of evenly spaced rounds of a long log: see above)."""
    watch = RoundWatch(checked.text, until_line)
    if not watch.start(checked.log.events):
        return []
    # live: a round that runs to the end of the log is not closed and scored by the replay
    state = check_file(checked.log.path or "", replace(options, until_line=until_line, live=True, first=False,
                                                        observe=watch), checked.text).result.state
    return watch.points(state)


def _point(state) -> RoundPoint:
    return RoundPoint(state.tribunal, state.round, {p: state.players[p].vis for p in state.seats},
                      {space: n for space, n in state.track.items() if n})


class RoundWatch:
    """The referee's ``observe`` (called before each event) that notes the table at the end of each round
    a scoresheet shows, in the replay that is made anyway: :func:`round_points`' own, or the one ``gt club
    index`` judges a log with (which keeps the scoresheet in the index, :mod:`gtcli.club.sheets`).

    Each end is noted just before the first event past it (an event with no line is taken wherever it
    stands, as a replay stopped at that end would); an end past the last event replayed (a round that runs
    to the end of the log) is the table as the replay leaves it, given to :meth:`points`."""

    def __init__(self, text: str, until_line: int | None = None) -> None:
        self.text, self.until_line = text, until_line
        self.ends: list[int | None] | None = None  # None: not started
        self.pending: list[int] = []
        self.noted: dict[int | None, RoundPoint] = {}

    def start(self, events) -> bool:
        """Work out the ends to note from the log's events; False if the log plays no round."""
        ends = _round_ends(events, self.until_line)
        most = max(2, min(MAX_POINTS, MAX_LINES // max(1, self.text.count("\n"))))
        if len(ends) > most:
            step = (len(ends) - 1) / (most - 1)
            ends = [ends[round(k * step)] for k in range(most)]
        self.ends = ends
        self.pending = sorted({end for end in ends if end is not None})  # in the order the replay reaches them
        return bool(ends)

    def __call__(self, referee, event) -> None:
        if self.ends is None:
            self.start(referee.log.events)
        line = getattr(getattr(event, "pos", None), "line", None)
        pending = self.pending
        while pending and line is not None and line > pending[0]:
            self.noted[pending.pop(0)] = _point(referee.state)

    @property
    def closed(self) -> bool:
        """Whether every end was noted before an event (none needs the table the replay ends with)."""
        return self.ends is not None and not self.pending and None not in self.ends

    def points(self, state=None) -> list[RoundPoint]:
        """The points of every end; ``state``: the table the replay left (for the ends past its last event)."""
        if self.ends is None:
            return []
        if state is not None:
            for end in self.pending:  # past the last event replayed
                self.noted[end] = _point(state)
            self.noted[None] = _point(state)
        return [self.noted[end] for end in self.ends]


def scoresheet_of(checked: Checked, options: Options, until_line: int | None = None,
                  rounds: list[RoundPoint] | None = None) -> Scoresheet:
    """The scoresheet of a replayed log (up to ``until_line``): its Tribunals, rounds and tags (``rounds``:
    the points a :class:`RoundWatch` noted in the replay that made ``checked``, else replayed for them)."""
    from gtcli.grand_tribunal.rules.game import results

    sheet = untallied(checked, tuple(round_points(checked, options, until_line) if rounds is None else rounds))
    return replace(sheet, results=tuple(results(sheet.game)))


def untallied(checked: Checked, rounds: tuple[RoundPoint, ...]) -> Scoresheet:
    """The scoresheet of a replayed log without its Tribunals tallied (``results`` empty): what is kept of it
    (:mod:`gtcli.club.sheets`), the results being computed again by the rules from its tables."""
    from gtcli.grand_tribunal.lang.logs.check import read_header

    header, _ = read_header(checked.log)
    tags = {tag.capitalize(): value for tag, value in header.other.items() if tag in ("event", "date")}
    return Scoresheet(checked.log.path or "", game_of(checked), (), rounds, tags, len(checked.result.errors),
                      log=True, language=checked.log.language)
