"""Complete games (scenarios/games/): legal, with the expected final scores, in any language."""

from __future__ import annotations

import json

import pytest

from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in
from gtcli.grand_tribunal.lang.logs.check import Options, check_file, parse_log
from gtcli.grand_tribunal.lang.logs.format import format_log
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, run, run_json

GAMES = sorted((SCENARIOS / "games").glob("*.gtl"))
SAMPLE = cards_dir() / "sample.gtc"


def expected(path):
    return json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


def test_games_cover_three_four_five_players_and_spanish():
    counts = {len(check_file(str(p), Options()).result.state.seats) for p in GAMES}
    assert counts == {3, 4, 5}
    assert any(parse_log(p.read_text(encoding="utf-8"), str(p)).language == "es" for p in GAMES)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_game_is_legal_and_scores_as_expected(path):
    result = run("check", path, "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    want = expected(path)
    findings = [d for d in data["files"][0]["diagnostics"] if d["severity"] != "note"]
    assert all(d["severity"] == "warning" for d in findings)
    # legal, but the box may run out of award tokens over a game (R3: winners keep theirs)
    assert [d["code"] for d in findings] == want.get("warnings", [])
    replay = run_json("replay", path)
    assert replay["complete"] is True
    assert {t["name"]: t["score"] for t in replay["totals"]} == want["totals"]
    assert replay["winners"] == want["winners"]
    assert [{p["name"]: p["score"] for p in t["players"]} for t in replay["tribunals"]] == want["tribunals"]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_game_is_already_formatted(path):
    assert run("fmt", path, "--check").exit_code == 0


@pytest.mark.parametrize("lang", ["en", "es", "fr", "it"])
def test_translating_a_game_keeps_the_result(tmp_path, lang):
    source = SCENARIOS / "games" / "five-players.gtl"
    out = tmp_path / f"game.{lang}.gtl"
    out.write_text(run("fmt", source, "--lang", lang).stdout, encoding="utf-8")
    replay = run_json("replay", out)
    assert {t["name"]: t["score"] for t in replay["totals"]} == expected(source)["totals"]
    back = run("fmt", out, "--lang", "en").stdout
    assert back == source.read_text(encoding="utf-8")


def test_format_parse_format_is_stable():
    card_set = load_set(SAMPLE)
    for path in GAMES:
        text = path.read_text(encoding="utf-8")
        log = parse_log(text, str(path))
        again = format_log(log, log.language, card_set.vocabulary, names_in(card_set, SAMPLE, log.language))
        assert again == text


def test_replay_at_a_line_shows_that_moment():
    path = SCENARIOS / "games" / "three-players.gtl"
    first_turn = next(n for n, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(("Ana:", "Ben:", "Caro:")))
    data = run_json("replay", path, "--at", str(first_turn))
    state = data["state"]
    assert state["tribunal"] == 1 and state["round"] == 1
    assert data["complete"] is False and data["winners"] is None
    assert sum(p["vis"] for p in state["players"]) + state["regio"] <= 60


def test_replay_human_output_ends_with_the_winner():
    path = SCENARIOS / "games" / "four-players.gtl"
    result = run("replay", path)
    assert result.exit_code == 0
    (winner,) = expected(path)["winners"]
    assert result.stdout.rstrip().endswith(f"Winner: {winner}") and "Voting Track" in result.stdout


def test_the_committed_games_are_what_make_games_writes_today(tmp_path, monkeypatch):
    """scenarios/games/make_games.py plays each game with the random bot and writes the log and its
    scores: the committed files are exactly what it writes now (regenerate them with it)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_games", SCENARIOS / "games" / "make_games.py")
    make_games = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_games)
    monkeypatch.setattr(make_games, "HERE", tmp_path)
    make_games.main([])
    written = sorted(p.name for p in tmp_path.iterdir())
    committed = sorted(p.name for p in (SCENARIOS / "games").iterdir() if p.suffix in (".gtl", ".json"))
    assert written == committed
    for name in written:
        assert (tmp_path / name).read_text(encoding="utf-8") == (SCENARIOS / "games" / name).read_text(
            encoding="utf-8"), name
