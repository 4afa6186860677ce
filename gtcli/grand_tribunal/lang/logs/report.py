"""What a scoresheet needs from a replayed game log: its Tribunals as a game, and the table
at the end of every round (Vis and the Voting Track), for ``gt replay --html`` and
``gt game from-log``.

The table at the end of a round is the state just before the line that starts the next
round (or Tribunal, or the scores). One replay of the log notes it at every round's end (the
referee's ``observe``, called before each event), so a scoresheet costs one replay, not one per
round (a 10,000-game club site made one per round: 13 replays a game). A game has at most 15
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
    events = [e for e in checked.log.events
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
    ends = round_ends(checked, until_line)
    most = max(2, min(MAX_POINTS, MAX_LINES // max(1, checked.text.count("\n"))))
    if len(ends) > most:
        step = (len(ends) - 1) / (most - 1)
        ends = [ends[round(k * step)] for k in range(most)]
    if not ends:
        return []
    # the ends in the order the replay reaches them: each noted just before the first event past it
    # (an event with no line is taken wherever it stands, as a replay stopped at that end would)
    pending = sorted({end for end in ends if end is not None})
    noted: dict[int | None, RoundPoint] = {}

    def point(state) -> RoundPoint:
        return RoundPoint(state.tribunal, state.round, {p: state.players[p].vis for p in state.seats},
                          {space: n for space, n in state.track.items() if n})

    def observe(referee, event) -> None:
        line = getattr(getattr(event, "pos", None), "line", None)
        while pending and line is not None and line > pending[0]:
            noted[pending.pop(0)] = point(referee.state)

    # live: a round that runs to the end of the log is not closed and scored by the replay
    state = check_file(checked.log.path or "", replace(options, until_line=until_line, live=True, first=False,
                                                        observe=observe), checked.text).result.state
    for end in pending:  # past the last event replayed
        noted[end] = point(state)
    noted[None] = point(state)
    return [noted[end] for end in ends]


def scoresheet_of(checked: Checked, options: Options, until_line: int | None = None) -> Scoresheet:
    """The scoresheet of a replayed log (up to ``until_line``): its Tribunals, rounds and tags."""
    from gtcli.grand_tribunal.lang.logs.check import read_header
    from gtcli.grand_tribunal.rules.game import results

    game = game_of(checked)
    header, _ = read_header(checked.log)
    tags = {tag.capitalize(): value for tag, value in header.other.items() if tag in ("event", "date")}
    return Scoresheet(checked.log.path or "", game, tuple(results(game)), tuple(round_points(checked, options, until_line)),
                      tags, len(checked.result.errors), log=True, language=checked.log.language)
