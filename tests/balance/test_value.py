"""``gt balance value``: restricted play on paired seeds, known answers, the JSON, the kind test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gtcli.balance.value import DEFAULT_GAMES, ValueStudy, analyse, play_index, required_pairs
from gtcli.balance.value_html import axis, value_html
from gtcli.core.text import fold
from gtcli.grand_tribunal.play.simulation import Study, card_set_of, play_game
from tests.conftest import run

ITEM_CLONES = ["Alder Staff", "Birch Staff", "Cedar Staff", "Elm Staff", "Fir Staff", "Hazel Staff"]
SPELL_CLONES = ["Ash", "Dust", "Fume", "Gust", "Haze", "Mist"]
RESOURCE_CLONES = ["Coin", "Bead", "Ring"]


def clones_text() -> str:
    """Exact clones of each kind, one plainly stronger Item (base 16, not 2) and a Resource with no effect."""
    lines = ['set "Clones" version 1 language en', ""]
    lines += [f'item "{n}" type staff advance 2 base 2 slots elemental, any copies 2' for n in ITEM_CLONES]
    lines.append('item "Sun Staff" type staff advance 2 base 16 slots elemental, any copies 2')
    lines += [f'spell "{n}" category elemental copies 2\n  on cast: gain 1 vis' for n in SPELL_CLONES]
    lines += [f'resource "{n}" copies 3\n  on play: gain 2 vis' for n in RESOURCE_CLONES]
    lines.append('resource "Pebble" copies 3')
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def clones(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("clones") / "clones.gtc"
    path.write_text(clones_text(), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def known(clones, tmp_path_factory) -> tuple[dict, Path]:
    """Sun Staff, four Item clones and the four Resources valued from 60 pairs of greedy games."""
    page = tmp_path_factory.mktemp("page") / "values.html"
    cards = ["Sun Staff", *ITEM_CLONES[:4], "Pebble", *RESOURCE_CLONES]
    args = [a for name in cards for a in ("--card", name)]
    result = run("balance", "value", clones, "-n", "60", "--bot", "greedy", "-j", "1", *args, "-o", page, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), page


def test_exact_clones_and_one_stronger_card_flag_that_card_and_no_clone(known):
    data, _ = known
    by_name = {c["name"]: c for c in data["cards"]}
    sun = by_name["Sun Staff"]
    assert sun["flagged"] and sun["direction"] == "above" and sun["kind"] == "item"
    assert sun["interval"][0] > 0.1 and sun["points"]["interval"][0] > 10  # it is worth wins and points
    assert [c["name"] for c in data["cards"] if c["flagged"]] == ["Sun Staff"]
    assert data["tested"] == 9 and data["flagged"] == 1 and data["pairs"] == 60


def test_a_card_that_does_nothing_reads_about_zero(known):
    data, _ = known
    pebble = next(c for c in data["cards"] if c["name"] == "Pebble")
    low, high = pebble["interval"]
    assert low <= 0 <= high and high - low < 0.2 and not pebble["flagged"]
    low, high = pebble["points"]["interval"]
    assert low <= 0 <= high


def test_the_json_names_each_card_its_kind_value_interval_and_flag(known):
    data, _ = known
    assert data["metric"] == "wins" and data["bot"] == "greedy" and data["players"] == [4]
    assert list(data["kinds"]) == ["item", "resource"]
    kinds = [c["kind"] for c in data["cards"]]
    assert kinds == sorted(kinds, key=["item", "spell", "resource"].index)  # grouped by kind
    for kind in data["kinds"]:
        values = [c["value"] for c in data["cards"] if c["kind"] == kind]
        assert values == sorted(values, reverse=True)  # sorted by value within its kind
    for card in data["cards"]:
        assert set(card) >= {"name", "kind", "value", "interval", "points", "flagged", "direction", "versus_kind",
                             "pairs", "changed"}
        assert card["interval"][0] <= card["value"] <= card["interval"][1]
        assert card["direction"] in (None, "above", "below") and card["flagged"] == (card["direction"] is not None)
        assert 0 <= card["versus_kind"]["p"] <= card["versus_kind"]["p_holm"] <= 1


def test_the_page_holds_a_chart_per_kind_and_escapes_names(known):
    _, page = known
    html = page.read_text(encoding="utf-8")
    assert html.count("<h2>") == 2 and html.count('class="flagged"') == 1 and "Sun Staff" in html
    assert "Bots do not play like people" in html


def test_a_card_never_weighed_gives_the_very_same_game_when_forbidden():
    """The shortcut gt balance value takes is exact: same log, byte for byte (not just the same result)."""
    study = Study((4,), "greedy", 3)
    names = [c.name for c in card_set_of(study).cards]
    skipped = 0
    for index in range(3):
        watched = play_game(study, index, watch=True)
        assert watched.text == play_game(study, index).text  # watching changes nothing
        considered = set(watched.summary["considered"])
        for name in names:
            if fold(name) not in considered:
                skipped += 1
                assert play_game(study, index, forbid=name).text == watched.text, name
    assert skipped > 20


def test_a_forbidden_card_is_never_used_by_its_seat():
    study = Study((4,), "greedy", 5, logs=False)
    used_anywhere = 0
    for index in range(8):
        base = play_game(study, index).summary
        seat = ["Ana", "Ben", "Caro", "Dora"][index % 4]
        for name in base["used"][seat]:
            restricted = play_game(study, index, forbid=name).summary
            assert restricted["restricted"] == {"player": seat, "card": name}
            assert name not in restricted["used"][seat] and name not in restricted["played"][seat]
            used_anywhere += 1
    assert used_anywhere >= 8


def test_play_index_is_the_same_whatever_order():
    study = Study((3,), "random", 2, logs=False)
    value_study = ValueStudy(study, ("Storm Staff", "Kindle", "Hidden Cache"))
    assert [play_index(value_study, i) for i in (2, 0)] == [play_index(value_study, i) for i in (2, 0)][::1]
    row = play_index(value_study, 2)
    assert row["seat"] == "Caro" and len(row["cards"]) == 3


def test_the_kind_test_with_one_card_of_a_kind_tests_nothing_and_a_null_pair_reads_zero():
    rows = [{"index": i, "seat": "Ana", "base": (1.0 if i % 3 == 0 else 0.0, 10), "cards": [(1.0 if i % 3 == 0 else 0.0, 10)]}
            for i in range(30)]
    data = analyse([("Lone", "spell")], rows)
    card = data["cards"][0]
    assert card["value"] == 0 and card["interval"] == [0, 0] and card["versus_kind"] is None and data["tested"] == 0


def test_one_outlier_cannot_flatten_the_axis():
    def card(name: str, v: float) -> dict:
        return {"name": name, "kind": "item", "value": v, "interval": [v - 0.03, v + 0.03],
                "points": {"value": 0, "interval": [0, 0]}}

    cards = [card(f"c{i}", 0.01 * (i - 3)) for i in range(7)]
    low, high, _ = axis(cards, "wins")
    low2, high2, _ = axis(cards + [card("broken", 0.9)], "wins")
    assert high - low < 0.3 and abs((high2 - low2) - (high - low)) < 0.05  # the axis barely moves
    html = value_html({"metric": "wins", "card_set": "<b>S</b>", "pairs": 5, "players": [4], "seed": 0,
                       "bot": "greedy", "flagged": 1, "tested": 8, "kinds": {"item": {"label": "Items"}},
                       "cards": [dict(c, versus_kind=None, flagged=False, direction=None) for c in cards]
                       + [dict(card("broken", 0.9), versus_kind={"p_holm": 0.0001}, flagged=True, direction="above")]})
    assert 'class="beyond"' in html and "<b>S</b>" not in html


def test_the_default_budget_is_documented_and_resolves_five_points():
    from gtcli.cli.commands.balance_value import DEFAULT_GAMES as CLI_DEFAULT

    assert CLI_DEFAULT == DEFAULT_GAMES
    assert required_pairs(0.25, 0.05, 45) <= DEFAULT_GAMES  # the per-pair spread measured on the sample set
    assert str(DEFAULT_GAMES) in (Path(__file__).parents[2] / "docs" / "balance.md").read_text(encoding="utf-8")


def test_unknown_or_manual_cards_are_usage_errors(clones):
    result = run("balance", "value", clones, "-n", "2", "--card", "Sun Stafff")
    assert result.exit_code == 2 and "Sun Staff" in result.output  # did you mean
    result = run("balance", "value", "no-such.gtc", "-n", "2")
    assert result.exit_code == 2
    result = run("balance", "value", clones, "-n", "2", "--bot", "grandmaster")
    assert result.exit_code == 2 and "mcts" in result.output


def test_the_search_bot_values_cards_too(clones):
    result = run("balance", "value", clones, "-n", "2", "--bot", "mcts", "--budget", "1", "--card", "Sun Staff",
                 "--card", "Pebble", "--json", "-j", "1")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bot"] == "mcts" and data["budget"] == 1 and data["pairs"] == 2 and len(data["cards"]) == 2


def test_ctrl_c_reports_the_pairs_done_and_exits_130():
    """A real process and a real SIGINT: the values of the pairs played so far, stopped, exit 130."""
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-m", "gtcli", "balance", "value", "sample", "--card", "Kindle",
                             "-n", "100000", "-j", "1", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(6)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in stderr and "gt: interrupted:" in stderr
    data = json.loads(stdout)
    assert data["stopped"] and data["cards"][0]["name"] == "Kindle" and data["pairs"] == data["cards"][0]["pairs"]


def test_required_pairs_known_answer():
    # z for 0.05 / (2 * 45) is 3.26, for 80% power 0.84: (0.23 * 4.10 / 0.05) ** 2 = 356
    assert 350 <= required_pairs(0.23, 0.05, 45) <= 360
    assert required_pairs(0.46, 0.05, 45) == pytest.approx(4 * required_pairs(0.23, 0.05, 45), rel=0.01)


def test_the_kind_test_holds_its_family_wise_rate_on_cards_alike():
    """Synthetic studies of ten cards drawn alike (the pair's difference -1, 0 or +1, mostly 0): Holm's
    family-wise 5% means a flag in about one study of twenty."""
    import random

    studies_with_a_flag = 0
    for study in range(20):
        rng = random.Random(study)
        rows = []
        for i in range(150):
            base = 1.0 if rng.random() < 0.25 else 0.0
            cards = [(base if rng.random() < 0.7 else (1.0 if rng.random() < 0.25 else 0.0), 0) for _ in range(10)]
            rows.append({"index": i, "seat": "Ana", "base": (base, 0), "cards": cards})
        data = analyse([(f"c{k}", "item") for k in range(10)], rows, seed=study, bootstrap=200)
        studies_with_a_flag += data["flagged"] > 0
    assert studies_with_a_flag <= 3


def test_the_terminal_table_and_the_points_metric(clones):
    result = run("balance", "value", clones, "-n", "4", "--card", "Sun Staff", "--card", "Alder Staff",
                 "--metric", "points", "-j", "1", "-q")
    assert result.exit_code == 0, result.output
    assert "Items: median" in result.stdout and "Tribunal points" in result.stdout and "Sun Staff" in result.stdout
    assert "card(s) tested out of line" in result.stdout
    data = analyse([("A", "item"), ("B", "item")], [{"index": i, "seat": "Ana", "base": (0.0, 10),
                                                     "cards": [(0.0, 4), (0.0, 9)]} for i in range(5)], "points")
    assert [c["name"] for c in data["cards"]] == ["A", "B"] and data["kinds"]["item"]["median"] == 3.5


def copies_rows(seed: int, pairs: int, copies: dict[str, int]) -> list[dict]:
    """Pairs of games of exact clones: forbidding a card changes the seat's result only when the seat meets
    it, as often as the card has copies (5% a game per copy), and then it helps as much whatever the card."""
    import random

    rng = random.Random(seed)
    rows = []
    for i in range(pairs):
        base = 1.0 if rng.random() < 0.25 else 0.0
        cards = []
        for name in copies:
            met = rng.random() < 0.05 * copies[name]
            cards.append((base - (0.6 if rng.random() < 0.7 else -0.4), 0) if met else (base, 0))
        rows.append({"index": i, "seat": "Ana", "base": (base, 0), "cards": cards})
    return rows


def test_an_exact_clone_with_6_copies_among_2_copy_clones_is_not_out_of_line():
    """Its value over all copies is three times its clones' (the figure before flagged it "above"); per
    copy it is theirs."""
    copies = {f"c{k}": 2 for k in range(7)} | {"six": 6}
    rows = copies_rows(5, 3000, copies)
    data = analyse([(name, "item") for name in copies], rows, seed=1, copies=copies)
    cards = {c["name"]: c for c in data["cards"]}
    six = cards["six"]
    assert six["copies"] == 6 and six["value"] > 2.4 * cards["c0"]["value"] > 0  # all copies: about 3 times
    assert six["per_copy"]["value"] == pytest.approx(six["value"] / 6)
    assert six["per_copy"]["interval"] == pytest.approx([x / 6 for x in six["interval"]])
    assert not six["flagged"] and data["flagged"] == 0
    # judged on all copies, as before, it is flagged
    before = analyse([(name, "item") for name in copies], rows, seed=1)
    assert [c["name"] for c in before["cards"] if c["flagged"]] == ["six"]


def test_p_values_never_underflow_to_0_and_print_below_0_001(capsys):
    from gtcli.balance.diff import change
    from gtcli.cli.terminal.balance_value import echo_values, p_brief

    rows = [{"index": i, "seat": "Ana", "base": (1.0, 0), "cards": [(0.0 if i % 2 else 1.0, 0), (1.0, 0), (1.0, 0)]}
            for i in range(400)]
    data = analyse([("Strong", "item"), ("B", "item"), ("C", "item")], rows, seed=0)
    strong = next(c for c in data["cards"] if c["name"] == "Strong")
    assert strong["flagged"] and 0 < strong["versus_kind"]["p"] < 1e-20  # 2(1 - Φ(z)) was exactly 0
    assert 0 < change({"value": 0.0, "ci": [-0.05, 0.05]}, {"value": 0.5, "ci": [0.45, 0.55]})["p"] < 1e-30  # z = 13.9
    assert [p_brief(p) for p in (None, 0.0, 1e-300, 0.00099, 0.0123)] == ["-", "<0.001", "<0.001", "<0.001", "0.0123"]
    echo_values({**data, "card_set": "S", "bot": "greedy", "left_out": ["Oracle's Gift"]})
    text = capsys.readouterr().out
    assert "<0.001" in text and " 0 " not in text.replace("+0", "")
    # the last line names the card out of line, its figure and direction; the cards left out are named
    assert text.rstrip().splitlines()[-1].startswith("1 of 3 card(s) tested out of line")
    assert "Strong +50.0 above its kind's median (p <0.001)" in " ".join(text.split())
    assert "Left out of the decks" in text and "Oracle's Gift" in text
