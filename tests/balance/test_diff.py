"""Before and after (issue 31): ``gt balance diff`` on known answers, and compare's verdict in the
metric's own words."""

from __future__ import annotations

import json
from math import isclose, sqrt
from statistics import NormalDist

import pytest

from gtcli.balance.stats import Tally
from gtcli.core.statistics import Z95
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import run


def summary(winner: str, used: dict[str, list[str]]) -> dict:
    players = ["A", "B", "C"]
    return {"players": players, "winners": [winner], "first_praeco": "A", "turns": 30,
            "totals": {p: 5 if p == winner else 1 for p in players}, "tribunals": [{p: 1 for p in players}],
            "vis": {p: {"gathered": 1, "advanced": 1, "left": 1} for p in players},
            "played": {p: {c: 1 for c in used.get(p, [])} for p in players},
            "used": {p: used.get(p, []) for p in players}}


def study(folder, games: list[dict]) -> None:
    folder.mkdir()
    (folder / "games.jsonl").write_text("".join(json.dumps({"index": i, "seed": i, "summary": g}) + "\n"
                                                for i, g in enumerate(games)))


def test_the_change_and_its_mover_interval_by_hand():
    from gtcli.balance.diff import change

    moved = change({"value": 0.1, "ci": [0.0, 0.2]}, {"value": 0.3, "ci": [0.2, 0.5]})
    assert isclose(moved["value"], 0.2)
    assert isclose(moved["ci"][0], 0.2 - sqrt(0.1 ** 2 + 0.1 ** 2), abs_tol=1e-6)  # 0.058579
    assert isclose(moved["ci"][1], 0.2 + sqrt(0.2 ** 2 + 0.1 ** 2), abs_tol=1e-6)  # 0.423607
    se = sqrt((0.3 / (2 * Z95)) ** 2 + (0.2 / (2 * Z95)) ** 2)
    assert isclose(moved["p"], 2 * (1 - NormalDist().cdf(0.2 / se)))
    assert 0.029 < moved["p"] < 0.031
    # symmetric intervals: the usual D +- 1.96 sqrt(se_old^2 + se_new^2)
    sym = change({"value": 0.0, "ci": [-0.1, 0.1]}, {"value": 0.05, "ci": [-0.15, 0.25]})
    half = sqrt(0.1 ** 2 + 0.2 ** 2)
    assert isclose(sym["ci"][0], 0.05 - half, abs_tol=1e-6) and isclose(sym["ci"][1], 0.05 + half, abs_tol=1e-6)


def test_diff_shows_each_cards_figure_from_the_report_and_flags_a_planted_change(tmp_path):
    """Every player uses one Item and one Spell a game: X or Z, Y or W. X is neutral before and
    its user wins every game after; Y's users win a third of their games, as W's do, in both
    (each card is compared with the other cards of its kind): only X has changed."""
    kinds = {"X": "item", "Z": "item", "Y": "spell", "W": "spell"}

    def game(winner: str, x_user: str, y_user: str) -> dict:
        used = {p: ["X" if p == x_user else "Z", "Y" if p == y_user else "W"] for p in "ABC"}
        return {**summary(winner, used), "kinds": kinds}

    before, after = [], []
    for i in range(126):  # 14 rounds of the 9 (user, winner) pairs
        user = "ABC"[i % 3]
        winner = "ABC"[(i // 3) % 3]
        before.append(game(winner, user, "ABC"[(i + 1) % 3]))
        after.append(game(user, user, user if i % 9 < 3 else "ABC"[(i + 1) % 3]))
    study(tmp_path / "old", before)
    study(tmp_path / "new", after)
    data = json.loads(run("balance", "diff", tmp_path / "old", tmp_path / "new", "--json").stdout)
    rows = {r["card"]: r for r in data["cards"]}
    old_report, new_report = Tally(), Tally()
    for g in before:
        old_report.add(g)
    for g in after:
        new_report.add(g)
    for name in ("X", "Y"):  # the report's own figures, side by side
        [old_row] = [r for r in old_report.report()["cards"] if r["card"] == name]
        [new_row] = [r for r in new_report.report()["cards"] if r["card"] == name]
        assert rows[name]["old"]["value"] == old_row["association"] and rows[name]["old"]["ci"] == old_row["ci"]
        assert rows[name]["new"]["value"] == new_row["association"] and rows[name]["new"]["ci"] == new_row["ci"]
        assert isclose(rows[name]["change"]["value"], new_row["association"] - old_row["association"], abs_tol=1e-6)
    assert rows["X"]["changed"] and rows["X"]["direction"] == "up" and rows["X"]["change"]["ci"][0] > 0
    # Z, X's only kind-mate, is its mirror image (its users are the ones X's beat); the Spells never move
    assert rows["Z"]["changed"] and rows["Z"]["direction"] == "down"
    for spell in ("Y", "W"):
        assert rows[spell]["old"]["value"] == rows[spell]["new"]["value"] == 0 and not rows[spell]["changed"]
    assert data["cards"][0]["card"] in ("X", "Z") and data["games"] == {"old": 126, "new": 126}
    assert data["correction"] == "holm"
    text = run("balance", "diff", tmp_path / "old", tmp_path / "new")
    assert text.exit_code == 0 and "* X" in text.stdout and "2 card(s) changed: X (up), Z (down)." in text.stdout


def test_a_study_against_itself_changes_nothing(tmp_path):
    assert run("simulate", "--games", "30", "--stats-only", "-o", tmp_path / "s", "-q").exit_code == 0
    data = json.loads(run("balance", "diff", tmp_path / "s", tmp_path / "s", "--json").stdout)
    assert data["cards"] and all(r["change"] is None or (r["change"]["value"] == 0 and not r["changed"])
                                 for r in data["cards"])
    assert "No card changed by more than chance allows." in run("balance", "diff", tmp_path / "s",
                                                                tmp_path / "s").stdout


def test_diff_of_a_study_without_games_is_unusable(tmp_path):
    (tmp_path / "empty").mkdir()
    assert run("simulate", "--games", "2", "--stats-only", "-o", tmp_path / "s", "-q").exit_code == 0
    result = run("balance", "diff", tmp_path / "s", tmp_path / "empty", "--json")
    assert result.exit_code == 2 and json.loads(result.stdout)["errors"][0]["code"] == "IO013"


# ---- compare in the metric's own words -------------------------------------------------------------

def test_the_verdict_in_the_metrics_own_words():
    from gtcli.balance.compare import Metric, verdict_words

    assert verdict_words(Metric("card", "Ember Wand"), "H1", 0.0, 0.05, 22, 1000, 0.94, 0.17) == \
        "Ember Wand's users win 94%, were 17%: H1 (+5 points) accepted after 22 pairs"
    assert verdict_words(Metric("seat", 2), "H0", 0.0, -0.05, 1, 1000, 0.25, 0.26) == \
        "Seat 2 wins 25%, was 26%: H0 (no change) accepted after 1 pair"
    assert verdict_words(Metric("praeco"), "undecided", 0.02, 0.125, 9, 9, None, None) == \
        "The first Praeco wins -, was -: undecided after the budget of 9 pairs (H0 +2 points, H1 +12.5 points)"


def test_compare_says_its_verdict_in_words_on_the_command_line():
    sample = cards_dir() / "sample.gtc"
    args = ("balance", "compare", sample, sample, "--metric", "seat:1", "--h1", "0.9", "--alpha", "0.4",
            "--beta", "0.4", "--max-games", "50")
    data = json.loads(run(*args, "--json").stdout)
    text = run(*args).stdout
    assert data["verdict"] == "H0" and data["said"].startswith("Seat 1 wins ")
    assert f"H0 (no change) accepted after {data['games']} pair" in text and "+0.000" not in text
    assert "change " in text and "points, 95% interval" in text


@pytest.mark.parametrize("bad", [("--metric", "elo"), ("--h0", "0.05", "--h1", "0.05"), ("--players", "9"),
                                 ("--h1", "2"), ("--max-games", "0")])
def test_compare_json_reports_its_errors_as_json(bad):
    sample = cards_dir() / "sample.gtc"
    result = run("balance", "compare", sample, sample, *bad, "--json")
    assert result.exit_code == 2
    errors = json.loads(result.stdout)["errors"]
    assert errors[0]["code"] == "CFG006" and errors[0]["file"] == bad[0]


def set_text(x_base: int) -> str:
    return ('set "Diff" version 1 language en\n\n'
            f'item "X" type staff advance 2 base {x_base} slots elemental, any copies 2\n'
            'item "Z" type staff advance 2 base 2 slots elemental, any copies 2\n'
            'spell "Y" category elemental copies 2\n  on cast: gain 1 vis\n'
            'spell "W" category elemental copies 2\n  on cast: gain 1 vis\n')


def test_diff_marks_the_edited_card_and_says_the_others_moved_with_their_kind(tmp_path):
    """The planted study above, each folder with the study.json and cards/ gt simulate writes: X's base
    raised from 2 to 6. X is marked edited; Z changed too, not edited: the words say why."""
    test_diff_shows_each_cards_figure_from_the_report_and_flags_a_planted_change(tmp_path)
    for name, base in (("old", 2), ("new", 6)):
        (tmp_path / name / "cards").mkdir()
        (tmp_path / name / "cards" / "diff.gtc").write_text(set_text(base), encoding="utf-8")
        (tmp_path / name / "study.json").write_text(json.dumps({"bot": "greedy", "cards": "cards/diff.gtc"}),
                                                    encoding="utf-8")
    data = json.loads(run("balance", "diff", tmp_path / "old", tmp_path / "new", "--json").stdout)
    rows = {r["card"]: r for r in data["cards"]}
    assert data["edited"] == ["X"] and rows["X"]["edited"] and rows["Z"]["edited"] is False
    text = " ".join(run("balance", "diff", tmp_path / "old", tmp_path / "new").stdout.split())
    assert "* X (edited)" in text and "* Z (edited)" not in text
    assert "Edited between the two sets (their text changed): X." in text
    assert "Not edited, yet changed: Z." in text and "moved because their kind did" in text
    # a set named outside the study is not read: which cards were edited is then unknown, and said so
    (tmp_path / "new" / "study.json").write_text(json.dumps({"bot": "greedy", "cards": "../old/cards/diff.gtc"}),
                                                 encoding="utf-8")
    data = json.loads(run("balance", "diff", tmp_path / "old", tmp_path / "new", "--json").stdout)
    assert data["edited"] is None and all(r["edited"] is None for r in data["cards"])
    assert "which cards were edited is not known" in run("balance", "diff", tmp_path / "old", tmp_path / "new").stdout
