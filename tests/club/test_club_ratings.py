"""gt club's ratings against the openskill package called directly, and kept incrementally."""

from __future__ import annotations

import json

import pytest
from openskill.models import PlackettLuce

from gtcli.club import ratings
from gtcli.club.db import open_index
from tests.conftest import run


def direct(games: list[tuple[tuple[str, ...], tuple[int, ...]]]) -> dict[str, tuple[float, float, int]]:
    """The ratings after ``games`` (players, ranks), computed by openskill alone: {player: (mu, sigma, games)}."""
    model = PlackettLuce()
    now: dict[str, object] = {}
    played: dict[str, int] = {}
    for players, ranks in games:
        teams = [[now.get(p) or model.rating(name=p)] for p in players]
        for p, [r] in zip(players, model.rate(teams, ranks=list(ranks))):
            now[p] = r
            played[p] = played.get(p, 0) + 1
    return {p: (r.mu, r.sigma, played[p]) for p, r in now.items()}


GAMES = [(("ana", "ben", "caro"), (1, 1, 3)),  # a shared win: equal totals share a rank
         (("ben", "ana", "caro"), (1, 2, 2)),  # a shared second place
         (("caro", "dora", "ana", "ben"), (1, 2, 3, 4)),
         (("dora", "eli", "ana"), (2, 1, 3))]


def stored(conn, kind="grand-tribunal") -> dict[str, tuple[float, float, int]]:
    return {r.player: (r.mu, r.sigma, r.games) for r in ratings.current(conn, kind)}


def as_games(games, start=0):
    return [ratings.Game(f"g{n}.gtl", f"{n:064d}", players, ranks) for n, (players, ranks) in enumerate(games, start)]


def close(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(x[:2] == pytest.approx(y[:2], abs=1e-12) and x[2] == y[2]
                                        for x, y in ((a[k], b[k]) for k in a))


@pytest.fixture
def conn(tmp_path):
    return open_index(tmp_path / "club.sqlite", own_folder=False).conn


def test_one_game_is_openskills_plackett_luce_with_default_parameters():
    step = ratings.rate({}, ("ana", "ben", "caro"), (1, 1, 3))
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 1, 3])
    assert [step.after[p] for p in ("ana", "ben", "caro")] == [(t[0].mu, t[0].sigma) for t in expected]
    assert step.after["ana"] == step.after["ben"]  # a shared win moves both alike
    assert (ratings.MU, ratings.SIGMA) == (model.mu, model.sigma)


def test_stored_ratings_equal_openskill_over_the_same_games(conn):
    assert ratings.update(conn, "grand-tribunal", as_games(GAMES)) == {"kept": 0, "applied": 4}
    assert close(stored(conn), direct(GAMES))


def test_adding_a_game_applies_only_it_and_an_earlier_one_recomputes_from_there(conn):
    ratings.update(conn, "grand-tribunal", as_games(GAMES[:3]))
    assert ratings.update(conn, "grand-tribunal", as_games(GAMES)) == {"kept": 3, "applied": 1}
    assert close(stored(conn), direct(GAMES))
    assert ratings.update(conn, "grand-tribunal", as_games(GAMES)) == {"kept": 4, "applied": 0}
    earlier = [(("eli", "ben", "caro"), (1, 2, 3))] + GAMES  # dated before the others
    games = [ratings.Game("g-early.gtl", "e" * 64, *earlier[0])] + as_games(GAMES)
    assert ratings.update(conn, "grand-tribunal", games) == {"kept": 0, "applied": 5}
    assert close(stored(conn), direct(earlier))
    # one game removed from the middle: the games before it are kept
    assert ratings.update(conn, "grand-tribunal", games[:2] + games[3:]) == {"kept": 2, "applied": 2}
    assert close(stored(conn), direct(earlier[:2] + earlier[3:]))


def test_each_game_kind_keeps_its_own_ratings(conn):
    ratings.update(conn, "grand-tribunal", as_games(GAMES))
    ratings.update(conn, "trickerion", as_games(GAMES[:1]))
    assert close(stored(conn, "trickerion"), direct(GAMES[:1]))
    assert close(stored(conn), direct(GAMES))


def test_predictions_are_counted_before_each_game_is_applied(conn):
    # Game 1: everyone is new (every ordinal 0): nothing is predicted. Game 2: ana won game 1, so
    # she is rated above ben and caro, who lost it alike (equal ordinals: no prediction between them).
    games = [(("ana", "ben", "caro"), (1, 2, 2)), (("ana", "ben", "caro"), (2, 1, 3))]
    ratings.update(conn, "grand-tribunal", as_games(games))
    rows = list(conn.execute("SELECT pairs, correct FROM rated ORDER BY seq"))
    assert rows == [(0, 0), (2, 1)]  # ana ahead of caro came true, ana ahead of ben did not
    assert ratings.accuracy(conn, "grand-tribunal") == (2, 1)


def test_gt_club_ratings_matches_openskill_on_a_generated_archive(club_archive):
    data = json.loads(run("club", "ratings", club_archive, "--json").stdout)
    rows = [json.loads(line) for line in run("club", "export", club_archive, "--format", "jsonl",
                                             "--table", "players").stdout.splitlines()]
    by_game: dict[str, list[dict]] = {}
    for r in rows:  # exported in date order, then path order: the order the ratings use
        by_game.setdefault(r["file"], []).append(r)
    games = [(tuple(r["player"] for r in seats), tuple(r["rank"] for r in seats)) for seats in by_game.values()]
    expected = direct(games)
    got = {p["name"]: (p["mu"], p["sigma"], p["games"]) for p in data["players"]}
    assert close(got, expected) and data["games"] == len(games) == 24
    assert [p["ordinal"] for p in data["players"]] == sorted((p["ordinal"] for p in data["players"]), reverse=True)
    p = data["prediction"]
    assert 0 < p["correct"] <= p["pairs"] and p["accuracy"] == pytest.approx(p["correct"] / p["pairs"])
