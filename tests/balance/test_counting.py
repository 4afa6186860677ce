"""The counting of a game summary (issue 41: read and counted in at most 50 µs) decides as before in
every case, including those its fast path hands over: a key that does not fit its bits, a game
of more than eight seats or of a kind past the first four, a player's cards out of order or
given twice, a game's identity that does not fit an integer.

The uses are counted as integer keys (gtcli/balance/uses.py); a key that would not fit is a
tuple, and the report must be the same to the byte whichever a game's key is. The identity of a
game (Repeats, gtcli/balance/sources.py) is the integer of its study's number, seed and index,
or a digest past them: the same repeats either way.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import gtcli.balance.sources as sources
import gtcli.balance.uses as uses
from gtcli import HOT_MODULES
from gtcli.balance.stats import Tally
from tests.balance.synthetic import KINDS, confounded, planted, study
from tests.conftest import run


def report(games: list[dict]) -> str:
    tally = Tally()
    for game in games:
        tally.add(copy.deepcopy(game))
    return json.dumps(tally.report(KINDS), sort_keys=True)


@pytest.mark.parametrize("games", [
    lambda: study(21, 300, planted("Spell 3", 3.0), copies=2, recycle=0.4),
    lambda: study(22, 300, confounded, bots=["mcts", "greedy", "greedy"]),
], ids=["copies and recycling, a planted card", "tiers"])
def test_keys_past_their_bits_give_the_same_report(games, monkeypatch):
    """Every context past the first as a tuple key (CONTEXTS at 0): the same report to the byte."""
    games = games()
    integers = report(games)
    monkeypatch.setattr(uses, "CONTEXTS", 0)
    tally = Tally()
    for game in games:
        tally.add(copy.deepcopy(game))
    assert any(type(key) is tuple for key in tally.uses.counts)
    assert json.dumps(tally.report(KINDS), sort_keys=True) == integers


def test_a_game_of_more_seats_than_a_key_holds_is_counted_as_tuples():
    """Nine and more seats (a summary holds at most eight; a hand-made record given to the tally)."""
    games = study(23, 60)
    big = copy.deepcopy(games[0])
    for extra in range(9):  # twelve seats: three players and nine more, each using the first player's cards
        name = f"Extra {extra}"
        big["players"].append(name)
        for field, value in (("totals", 1), ("vis", {"gathered": 0, "advanced": 0, "left": 0}),
                             ("played", dict(big["played"][big["players"][0]])),
                             ("used", list(big["used"][big["players"][0]]))):
            big[field][name] = copy.deepcopy(value)
    tally = Tally()
    tally.add(big)
    assert all(type(key) is tuple for key in tally.uses.counts)
    first = big["used"][big["players"][0]]
    played, used = tally.uses.card_counts()
    assert all(used[card] == 10 for card in first)  # ten seats used each of them (k = 10: no four bits hold it)


def test_kinds_past_the_packed_ones_give_the_same_report(monkeypatch):
    """A game of a kind past the first four has its kinds' counts made one by one (no packed count):
    with no kind packed at all, every game goes that way, and the report is the same to the byte."""
    games = study(24, 240, planted("Item 2", 3.0), copies=2, recycle=0.3)
    packed = report(games)
    monkeypatch.setattr(uses, "PACKED_KINDS", 0)
    tally = Tally()
    for game in games:
        tally.add(copy.deepcopy(game))
    assert tally.uses.unit and set(tally.uses.unit) == {-1}
    assert all(type(key) is tuple for key in tally.uses.counts)
    assert json.dumps(tally.report(KINDS), sort_keys=True) == packed


@pytest.mark.parametrize("change", ["reversed", "twice"])
def test_a_players_cards_out_of_order_or_given_twice_count_as_gt_writes_them(change):
    games = study(25, 120, confounded, copies=2)
    changed = copy.deepcopy(games)
    for game in changed:
        for player, cards in game["used"].items():
            game["used"][player] = cards[::-1] if change == "reversed" else cards + cards[:2]
    assert report(changed) == report(games)


def test_the_compact_copy_gives_back_each_game_as_it_was_counted():
    games = study(26, 50, confounded, bots=["greedy", "random"], copies=2, recycle=0.5)
    tally = Tally()
    for game in games:
        tally.add(copy.deepcopy(game))
    kept = list(tally.kept)
    assert len(kept) == 50
    for game, (players, won, bots, by_kind) in zip(games, kept):
        assert players == len(game["players"])
        assert won == [1 if p in game["winners"] else 0 for p in game["players"]]
        assert bots == [game["bots"][p] for p in game["players"]]
        expected: dict[str, list] = {}
        for seat, player in enumerate(game["players"]):
            for card in game["used"][player]:
                expected.setdefault(KINDS[card], []).append((card, seat))
        assert by_kind == expected


def repeats_of(lines: list[dict]) -> tuple[int, list]:
    seen = sources.Repeats()
    decided = [seen.repeated(record, "games.jsonl", number) for number, record in enumerate(lines, 1)]
    return seen.count, decided


def test_a_games_identity_packed_or_digested_finds_the_same_repeats(monkeypatch):
    pairs = [(7, 0), (7, 1), (-7, 0), (2 ** 63, 5), (-(2 ** 63), 5), (7, 2 ** 32), (10 ** 30, 1), (-(2 ** 64), 1),
             (1, 0), (0, 2 ** 16), (0, 2 ** 32 - 1), (2 ** 64 - 1, 2 ** 32 - 1)]  # side by side in the packed integer
    lines = [{"study": "s", "seed": seed, "index": index} for seed, index in pairs]
    lines += [{"study": f"s{i}", "seed": 7, "index": 0} for i in range(4200)]  # more studies than are numbered
    lines += [dict(line) for line in lines]
    packed = repeats_of(lines)
    assert packed[1] == [False] * (len(lines) // 2) + [True] * (len(lines) // 2) and packed[0] == len(lines) // 2
    monkeypatch.setattr(sources, "NUMBERED", 0)  # every identity a digest
    assert repeats_of(lines) == packed


def test_a_total_of_no_player_is_no_winners_total(tmp_path):
    """A line whose totals name someone who did not play (the shape asks a score of each player, no more):
    the winner's total is the highest of the players', and no other value is looked at. (gt stopped on
    it with an internal error, comparing a text with a number.)"""
    games = study(27, 3)
    for i, game in enumerate(games):
        game["totals"]["Nobody"] = "a name" if i == 0 else 10 ** 30
    lines = [json.dumps({"index": i, "seed": 1, "summary": game}) for i, game in enumerate(games)]
    (tmp_path / "games.jsonl").write_text("\n".join(lines) + "\n")
    result = run("balance", str(tmp_path / "games.jsonl"), "--json")
    assert result.exit_code == 0, result.output
    winning = json.loads(result.stdout)["report"]["totals"]["winning"]
    assert winning["n"] == 3 and winning["mean"] == pytest.approx(10.0)  # the synthetic winners' 10 points


@pytest.mark.parametrize("name", ["gtcli.balance.bots", "gtcli.balance.kept", "gtcli.balance.stats",
                                  "gtcli.balance.uses"])
def test_the_compiled_counting_modules_import_without_cython(name, monkeypatch):
    """Their typed declarations need Cython only to compile: where there is no cython module, each
    source imports with the stand-in (and the suite runs on both builds in CI: the same results)."""
    import importlib
    import importlib.util
    import sys
    from pathlib import Path

    monkeypatch.setitem(sys.modules, "cython", None)  # import cython: ImportError
    source = Path(importlib.import_module(name).__file__).with_name(name.rsplit(".", 1)[1] + ".py")  # even compiled
    spec = importlib.util.spec_from_file_location(f"{name}_without_cython", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.cython.__module__ == "gtcli.core.cython_stub" and name in HOT_MODULES


EDGES = Path(__file__).resolve().parent.parent / "data" / "balance" / "edges.json"


def edges_report() -> dict:
    from gtcli.balance.sources import summary_problem
    from tests.balance.edges import edge_games

    tally = Tally()
    for game in edge_games(41, 300):
        if summary_problem(game) is None:
            tally.add(game)
    return json.loads(json.dumps(tally.report()))


def test_both_builds_give_the_same_report_of_summaries_at_the_edges():
    """The compiled build's typed loops (whole numbers in 64 bits, dicts looked up in C) decide as pure
    Python does at the edges of a summary's shape: the report of such summaries is the golden one, written
    by the pure build, to the byte (CI runs the suite on both builds)."""
    report = edges_report()
    assert report["games"] > 200 and report["reference"]["games_kept"] == report["games"]
    assert json.dumps(report, sort_keys=True) == json.dumps(json.loads(EDGES.read_text()), sort_keys=True)


if __name__ == "__main__":  # write the golden report, with the pure build
    EDGES.write_text(json.dumps(edges_report(), sort_keys=True) + "\n")
