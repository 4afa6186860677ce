"""``gt balance``: statistics on hand-made games, the sequential test on known answers, sources, compare."""

from __future__ import annotations

import json
import shutil
from math import isclose, log, sqrt

import pytest

from gtcli.balance import sources
from gtcli.balance.compare import Metric, observe, order, parse_metric
from gtcli.balance.sprt import H0, H1, SPRT, UNDECIDED, binomial_llr, bounds, difference_llr
from gtcli.balance.stats import Tally
from gtcli.core.statistics import Z95, t_quantile, t_two_sided_p
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, run


def game(winners, praeco, turns, used, played=None, totals=(5, 3, 1), tribunals=None):
    players = ["A", "B", "C"]
    return {"players": players, "winners": winners, "first_praeco": praeco, "turns": turns,
            "totals": dict(zip(players, totals)),
            "tribunals": tribunals or [dict(zip(players, totals))],
            "vis": {p: {"gathered": 4, "advanced": 2, "left": i} for i, p in enumerate(players)},
            "played": played or {p: {c: 1 for c in used.get(p, [])} for p in players},
            "used": {p: used.get(p, []) for p in players}}


GAMES = [
    game(["A"], "B", 40, {"A": ["X"], "B": ["X", "Y"]}, played={"A": {"X": 2}, "B": {"X": 1, "Y": 1}, "C": {}},
         totals=(10, 5, 1)),
    game(["B"], "A", 50, {"A": ["Y"], "B": ["X"]}, totals=(3, 9, 2)),
    game(["A", "C"], "C", 60, {"A": ["X"], "C": ["Y"]}, totals=(7, 1, 7)),
]


def tally() -> dict:
    t = Tally()
    for g in GAMES:
        t.add(g)
    return t.report(["X", "Y", "Z"])


def test_win_rates_by_seat_and_from_the_first_praeco_by_hand():
    report = tally()
    seats = report["seats"]["3"]
    assert [(s["seat"], s["games"], s["wins"]) for s in seats] == [(1, 3, 2), (2, 3, 1), (3, 3, 1)]
    # 2 of 3: the mirror of Wilson's published 1-of-3 interval (0.0615, 0.7923)
    assert [round(x, 4) for x in seats[0]["ci"]] == [0.2077, 0.9385]
    # positions from the first Praeco: game 1 (Praeco B) A is 3rd; game 2 (A) B is 2nd; game 3 (C) C 1st, A 2nd
    assert [p["wins"] for p in report["first_praeco"]["3"]] == [1, 2, 1]


def test_cards_counts_by_hand():
    rows = {r["card"]: r for r in tally()["cards"]}
    x, y, z = rows["X"], rows["Y"], rows["Z"]
    # X used in 4 player-games, played 2 + 1 + 1 + 1 times
    assert x["used"] == 4 and x["played"] == 2 + 1 + 1 + 1 and isclose(x["played_per_game"], 5 / 3, rel_tol=1e-5)
    assert y["used"] == 3 and isclose(y["use_rate"], 3 / 9, rel_tol=1e-5)
    # X and Y have no kind recorded: compared within one kind ("unknown"); each use less the kind's mean in
    # its game. Game 1: X by A (won) and B, Y by B: mean 1/3, X: (1 + 0) - 2/3 = 1/3 over 2 uses, Y: -1/3.
    # Game 2: X by B (won), Y by A: mean 1/2, X +1/2, Y -1/2. Game 3: X by A, Y by C, both won: 0.
    # X: (1/3 + 1/2 + 0) / 4 uses = 5/24
    assert x["kind"] == "unknown" and x["games"] == 3 and x["uses"] == 4 and isclose(x["association"], 5 / 24, rel_tol=1e-5)
    # three games cannot tell anything at 5% (t(2)² / 2 > 1): the interval is the whole range
    assert x["ci"] == [-1.0, 1.0] and round(t_quantile(2) ** 2 / 2, 2) == 9.26
    # the test's variance around 0: (1/9 + 1/4 + 0) / 2, t on 2 degrees of freedom, of the mean 5/6 / 3
    assert isclose(x["p"], t_two_sided_p((5 / 6 / 3) / sqrt((1 / 9 + 1 / 4) / 2 / 3), 2))
    # the two cards' sums are mirror images (-5/6 over Y's 3 uses), so are their tests
    assert isclose(y["association"], -5 / 18, rel_tol=1e-5) and isclose(y["p"], x["p"])
    assert x["p_adjusted"] == pytest.approx(min(1, 2 * x["p"])) and not x["associated"]
    assert z["used"] == 0 and z["association"] is None and z["p_adjusted"] is None  # listed, never played


def test_length_vis_and_tribunals_by_hand():
    report = tally()
    length = report["length"]
    # 40, 50, 60: mean 50, s² = 100, half = z * sqrt(100 / 3)
    assert length["mean"] == 50 and isclose(length["ci"][1] - 50, Z95 * sqrt(100 / 3), rel_tol=1e-5)
    assert length["histogram"] == [[40, 1], [50, 1], [60, 1]]
    assert report["vis"]["gathered"]["mean"] == 4 and report["vis"]["left"]["mean"] == 1
    assert report["tribunals"][0]["best"]["mean"] == pytest.approx((10 + 9 + 7) / 3, abs=1e-6)
    assert report["totals"]["winning"]["mean"] == pytest.approx((10 + 9 + 7) / 3, abs=1e-6)


# ---- the sequential test ---------------------------------------------------------------------------

def test_wald_bounds():
    lower, upper = bounds(0.05, 0.05)
    assert isclose(upper, log(19)) and isclose(lower, -log(19))  # ±2.944
    assert isclose(bounds(0.05, 0.1)[0], log(0.1 / 0.95))
    with pytest.raises(ValueError):
        bounds(0.6, 0.5)


def test_binomial_sprt_crosses_at_the_hand_computed_step():
    # p0 0.5 against p1 0.6, every game won: each adds ln 1.2 = 0.18232; 16 of them make 2.917 < ln 19 = 2.944,
    # 17 make 3.100: H1 at the 17th game
    upper = bounds(0.05, 0.05)[1]
    steps = next(n for n in range(1, 100) if binomial_llr(n, n, 0.5, 0.6) >= upper)
    assert steps == 17 and isclose(binomial_llr(1, 1, 0.5, 0.6), log(1.2))
    # every game lost: each adds ln(0.4/0.5) = -0.22314; 14 make -3.124 <= -2.944, 13 make -2.901
    lower = bounds(0.05, 0.05)[0]
    assert next(n for n in range(1, 100) if binomial_llr(0, n, 0.5, 0.6) <= lower) == 14


def test_difference_llr_by_hand():
    # 30/50 against 20/50, d0 0, d1 0.1: each variance (30.5)(20.5)/51³ = 0.0047135; V = 0.0094270;
    # d = 0.2; LLR = 0.1 (0.4 - 0.1) / (2 V) = 1.5912
    assert round(difference_llr(30, 50, 20, 50, 0.0, 0.1), 4) == 1.5912
    assert difference_llr(1, 0, 1, 2, 0.0, 0.1) == 0.0


def test_the_running_test_decides_at_the_hand_computed_pair():
    # each pair: the new version's player wins, the old one's loses. After k pairs d = 1 and
    # V = 2 (k + 0.5)(0.5) / (k + 1)³; LLR = 0.05 * 1.95 / (2 V): 2.5725 at k = 6, 3.328 at k = 7 > 2.944
    test = SPRT(0.0, 0.05, 0.05, 0.05)
    verdicts = [test.add(new=(1, 1), old=(0, 1)) for _ in range(7)]
    assert verdicts == [UNDECIDED] * 6 + [H1]
    assert round(test.llr, 3) == 3.328
    # the same games read the other way round (old wins): H0 at the same step
    test = SPRT(0.0, 0.05)
    assert [test.add(new=(0, 1), old=(1, 1)) for _ in range(7)][-2:] == [UNDECIDED, H0]
    with pytest.raises(ValueError):
        SPRT(0.1, 0.1)


def test_metrics():
    g = GAMES[2]  # winners A and C; first Praeco C; Y used by C, X by A
    assert observe(g, Metric("praeco")) == (1, 1)
    assert observe(g, Metric("seat", 2)) == (0, 1)
    assert observe(g, Metric("card", "X")) == (1, 1) and observe(g, Metric("card", "Z")) == (0, 0)
    assert parse_metric("seat:3") == Metric("seat", 3) and parse_metric("card: Storm Staff") == Metric("card", "Storm Staff")
    for bad in ("seat:9", "card:", "elo"):
        with pytest.raises(ValueError):
            parse_metric(bad)
    assert list(order(2)) == [(0, 0), (1, 0), (0, 1), (1, 1)] and order(2)[1:3] == [(1, 0), (0, 1)]


# ---- sources ---------------------------------------------------------------------------------------

def test_a_games_file_from_anyone_is_checked_line_by_line(tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MAX_LINE_BYTES", 3000)
    good = json.dumps({"index": 0, "summary": GAMES[0]})
    bad_players = dict(GAMES[0], players=["A", "A", "C"])
    lines = [good, "", "{oops", json.dumps({"summary": bad_players}), json.dumps({"summary": dict(GAMES[1], winners=["Q"])}),
             json.dumps({"summary": GAMES[1], "pad": "x" * 4000}), json.dumps({"summary": GAMES[2]})]
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n")
    excluded = sources.Exclusions()
    read = list(sources.read_games(str(path), excluded))
    assert read == [GAMES[0], GAMES[2]]
    assert [e["file"].rsplit(":", 1)[1] for e in excluded.examples] == ["3", "4", "5", "6"]
    assert [e["reason"] for e in excluded.examples] == ["not JSON", "not a game summary (players: a list of distinct names)",
                                               "not a game summary (winners: some of the players)",
                                               "a line longer than 3000 bytes"]


def test_balance_leaves_out_illegal_incomplete_and_unusable_logs(tmp_path):
    folder = tmp_path / "club"
    assert run("simulate", "--games", "2", "-o", folder, "-q").exit_code == 0
    whole = (folder / "game-000001.gtl").read_text()
    (folder / "illegal.gtl").write_text(whole.replace("\nAna: ", "\nAna: extract 1; extract 1; ", 1))
    (folder / "short.gtl").write_text(whole[: whole.index("tribunal 2")])
    (folder / "junk.gtl").write_text("this is no log\n")
    data = json.loads(run("balance", folder, "--json").stdout)
    reasons = {e["file"].rsplit("/", 1)[1]: e["reason"] for e in data["excluded"]}
    assert data["report"]["games"] == 2
    assert reasons["illegal.gtl"].startswith("illegal: T")
    assert reasons["short.gtl"].startswith("incomplete")
    assert reasons["junk.gtl"].startswith("unusable: SYN")
    text = run("balance", "report", folder)
    assert text.exit_code == 0 and "3 game(s) left out (1 illegal, 1 unusable, 1 incomplete):" in text.stderr and "Win rate" in text.stdout


def test_balance_of_nothing_usable_exits_2(tmp_path):
    (tmp_path / "junk.gtl").write_text("nothing\n")
    result = run("balance", tmp_path)
    assert result.exit_code == 2 and "no game could be used" in result.stderr


def test_the_report_names_who_played(tmp_path):
    data = json.loads(run("balance", SCENARIOS / "games" / "three-players.gtl", "--json").stdout)
    assert data["bots"] == [None] and data["report"]["games"] == 1
    assert "Games played by people" in run("balance", SCENARIOS / "games" / "three-players.gtl").stdout


# ---- compare ---------------------------------------------------------------------------------------

@pytest.fixture
def stronger_kindle(tmp_path):
    """The sample set with Kindle gaining 4 Vis instead of 2."""
    for name in ("sample.gtc", "sample-resources.gtc"):
        shutil.copy(cards_dir() / name, tmp_path / name)
    path = tmp_path / "sample.gtc"
    text = path.read_text(encoding="utf-8")
    assert 'spell "Kindle" category elemental copies 2\n  on cast: gain 2 vis' in text
    path.write_text(text.replace('spell "Kindle" category elemental copies 2\n  on cast: gain 2 vis',
                                 'spell "Kindle" category elemental copies 2\n  on cast: gain 4 vis'), encoding="utf-8")
    return path


def test_compare_decides_or_spends_its_budget_the_same_way_on_any_jobs(stronger_kindle):
    old = cards_dir() / "sample.gtc"
    args = ("balance", "compare", old, stronger_kindle, "--metric", "card:kindle", "--max-games", "6", "--json")
    one = json.loads(run(*args, "-j", "1").stdout)
    two = json.loads(run(*args, "-j", "2").stdout)
    assert one == two
    assert one["metric"] == "card:Kindle" and one["games"] <= 6 and one["old"]["trials"] > 0
    if one["verdict"] == UNDECIDED:
        assert one["games"] == 6
    # a wide H1 and loose error rates: decided after a few pairs, the same number each time
    loose = ("balance", "compare", old, stronger_kindle, "--metric", "seat:1", "--h1", "0.9", "--alpha", "0.4",
             "--beta", "0.4", "--max-games", "50", "--json")
    first, second = json.loads(run(*loose, "-j", "1").stdout), json.loads(run(*loose, "-j", "2").stdout)
    assert first == second and first["verdict"] == H0 and first["games"] < 50
    text = run(*loose[:-1])
    assert text.exit_code == 0 and f"after {first['games']} game(s) of each version" in text.stdout


def test_compare_refuses_a_metric_card_a_bot_cannot_play():
    sample = cards_dir() / "sample.gtc"
    result = run("balance", "compare", sample, sample, "--metric", "card:Fog Bank")
    assert result.exit_code == 2 and "no card 'Fog Bank' a bot can play" in result.output
    assert run("balance", "compare", sample, sample, "--metric", "elo").exit_code == 2


def test_a_simulated_studys_cards_all_have_their_kind_even_the_ones_no_game_used():
    """gt simulate lists every card of the set, used or not, each under its own kind (never "unknown")."""
    data = json.loads(run("simulate", "--games", "1", "--json").stdout)
    cards = data["report"]["cards"]
    assert len(cards) == 40 and any(c["used"] == 0 for c in cards)
    assert {c["kind"] for c in cards} == {"item", "spell", "resource"}
