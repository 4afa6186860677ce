"""A club's statistics: pure functions over the index's rows (no database, no terminal).

Only legal, complete games count (:func:`eligible`); every other game is listed with why it
was left out. Definitions (docs/club.md says the same for users):

* a **win** is a first place by the rules: a shared win (equal top totals in Grand
  Tribunal, R7) counts as a win for each winner; a Trickerion winner is the rules' one
  (equal fame broken by initiative);
* **win rate** is wins / games, with its 95% Wilson interval (:mod:`gtcli.core.statistics`);
* **average place** uses the rules' places: equal Grand Tribunal totals share a place
  (two players level on top both place 1, the next places 3);
* **by seat**, per table size: each seat's win rate, and the first player's advantage: the
  first seat's win rate less the other seats' (pooled), with Newcombe's interval and the
  pooled two-proportion test's p-value (an approximation: the seats of one game are not
  independent samples);
* **head to head**: of the games A and B both played, how often A placed ahead of B, B
  ahead of A, or they placed level;
* **streaks**: the longest run of wins in a row, and the run going on now, in game order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gtcli.club.names import Names
from gtcli.club.work import ILLEGAL, INCOMPLETE, LEGAL, UNUSABLE, Row
from gtcli.core.statistics import newcombe, two_proportion_p, wilson


@dataclass(frozen=True)
class Excluded:
    path: str
    reason: str


def why_not(row: Row, names: Names) -> str | None:
    """Why a game is left out of every statistic and rating, None if it counts."""
    if row.verdict == ILLEGAL:
        return f"illegal: {', '.join(row.codes)}"
    if row.verdict == INCOMPLETE:
        return "incomplete: the game did not reach its end"
    if row.verdict == UNUSABLE:
        return f"unusable: {', '.join(row.codes) or 'could not be read'}"
    if row.verdict != LEGAL:
        return "not judged"
    keys = [names.key(s.name) for s in row.seats]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        return f"two seats are one player under the club's aliases ({', '.join(twice)})"
    return None


def eligible(rows: Sequence[Row], names: Names) -> tuple[list[Row], list[Excluded]]:
    """(the games that count, the games left out with why), each in the order given."""
    counted, left = [], []
    for row in rows:
        reason = why_not(row, names)
        if reason is None:
            counted.append(row)
        else:
            left.append(Excluded(row.path, reason))
    return counted, left


def _rate(wins: int, games: int) -> dict:
    low, high = wilson(wins, games)
    return {"win_rate": wins / games if games else None, "win_rate_ci": [low, high]}


def players(games: Sequence[Row], names: Names, display: dict[str, str]) -> list[dict]:
    """Per player: games, wins, win rate and interval, average score and place, streaks (ordered games)."""
    acc: dict[str, dict] = {}
    for row in games:
        for s in row.seats:
            k = names.key(s.name)
            a = acc.setdefault(k, {"games": 0, "wins": 0, "score": 0, "place": 0, "run": 0, "best": 0})
            a["games"] += 1
            a["score"] += s.total
            a["place"] += s.place
            if s.winner:
                a["wins"] += 1
                a["run"] += 1
                a["best"] = max(a["best"], a["run"])
            else:
                a["run"] = 0
    out = []
    for k, a in acc.items():
        out.append({"name": display.get(k, k), "key": k, "games": a["games"], "wins": a["wins"],
                    **_rate(a["wins"], a["games"]), "average_score": a["score"] / a["games"],
                    "average_place": a["place"] / a["games"], "longest_streak": a["best"], "current_streak": a["run"]})
    out.sort(key=lambda p: (-(p["win_rate"] or 0), -p["games"], p["name"]))
    return out


def seats(games: Sequence[Row]) -> list[dict]:
    """Per table size: each seat's wins and place, and the first player's advantage."""
    by_size: dict[int, list[Row]] = {}
    for row in games:
        by_size.setdefault(len(row.seats), []).append(row)
    out = []
    for size in sorted(by_size):
        rows = by_size[size]
        n = len(rows)
        wins = Counter(s.seat for row in rows for s in row.seats if s.winner)
        places = Counter()
        for row in rows:
            for s in row.seats:
                places[s.seat] += s.place
        per_seat = [{"seat": seat, "games": n, "wins": wins[seat], **_rate(wins[seat], n),
                     "average_place": places[seat] / n} for seat in range(1, size + 1)]
        first, others = wins[1], sum(wins[seat] for seat in range(2, size + 1))
        others_n = n * (size - 1)
        low, high = newcombe(first, n, others, others_n)
        out.append({"players": size, "games": n, "seats": per_seat, "first_player": {
            "win_rate": first / n, "others_win_rate": others / others_n if others_n else None,
            "advantage": first / n - (others / others_n if others_n else 0), "advantage_ci": [low, high],
            "p_value": two_proportion_p(first, n, others, others_n)}})
    return out


def head_to_head(games: Sequence[Row], names: Names, display: dict[str, str], only: str | None = None) -> list[dict]:
    """Every pair who played together (A before B by name; with ``only``, that player is A)."""
    pairs: dict[tuple[str, str], list[int]] = {}
    for row in games:
        seated = [(names.key(s.name), s.place) for s in row.seats]
        for i, first in enumerate(seated):
            for second in seated[i + 1:]:
                (a, pa), (b, pb) = first, second
                if only is not None and only not in (a, b):
                    continue
                if (only == b) or (only is None and display.get(b, b) < display.get(a, a)):
                    (a, pa), (b, pb) = second, first
                counts = pairs.setdefault((a, b), [0, 0, 0, 0])
                counts[0] += 1
                counts[1 if pa < pb else 2 if pb < pa else 3] += 1
    out = [{"a": display.get(a, a), "b": display.get(b, b), "games": n, "a_ahead": x, "b_ahead": y, "level": z,
            "a_ahead_rate": x / n} for (a, b), (n, x, y, z) in pairs.items()]
    out.sort(key=lambda p: (-p["games"], p["a"], p["b"]))
    return out


def spellings(rows: Sequence[Row]) -> Counter:
    return Counter(s.name for row in rows for s in row.seats)
