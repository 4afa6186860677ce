"""``gt play``: scripted sessions (moves on standard input) through Click's CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in
from gtcli.grand_tribunal.play.script import typed_lines
from gtcli.grand_tribunal.play.typing_help import Words, complete
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, run

GAMES = SCENARIOS / "games"
SETUP = [
    'hand Ana "Storm Staff", "Kindle", "Hidden Cache", "Ember Wand", "Call the Gale"',
    'hand Ben "Glass Orb", "Fog Bank", "Levy", "Scroll of Ash", "Mending Light"',
    'hand Caro "Bottled Dawn", "Hearthsong", "Debt Collector", "Ashwood Staff", "Sigil of Haste"',
    'row item "Orb of Tides", "Iron Amulet", "Codex Fragment"',
    'row spell "Rune of Binding", "Leaden Dream", "Time Unspooled"',
    "praeco Ana",
]


def new_game_args(path: Path, game: Path, players: int, lang: str) -> list[str]:
    event = re.search(r'"(.*)"', game.read_text(encoding="utf-8").splitlines()[0]).group(1)
    seats = ",".join(["Ana", "Ben", "Caro", "Dora", "Eli"][:players])
    return ["play", str(path), "--new", "--players", seats, "--board", "sample", "--lang", lang, "--event", event]


@pytest.mark.parametrize("name,players,lang", [("three-players", 3, "en"), ("cinco-jugadores", 5, "es")])
def test_a_scripted_game_writes_the_scenario_log_and_scores(tmp_path, name, players, lang):
    game = GAMES / f"{name}.gtl"
    _, lines = typed_lines(game)
    out = tmp_path / "live.gtl"
    result = run(*new_game_args(out, game, players, lang), input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == game.read_text(encoding="utf-8")
    expected = json.loads((GAMES / f"{name}.expected.json").read_text(encoding="utf-8"))
    best = max(expected["totals"].values())
    winners = [p for p, score in expected["totals"].items() if score == best]
    assert f"Winner: {', '.join(winners)}" in result.output or f"Shared win: {', '.join(winners)}" in result.output
    assert "not written" not in result.output


def test_killed_mid_game_resumes_from_the_log(tmp_path):
    game = GAMES / "three-players.gtl"
    _, lines = typed_lines(game)
    out = tmp_path / "live.gtl"
    # the laptop dies mid-turn, just after a move was saved
    half = next(i for i in range(len(lines) // 2, len(lines)) if lines[i - 1] not in ("end", "y")
                and lines[i] not in ("end", "y"))
    first = run(*new_game_args(out, game, 3, "en"), input="\n".join(lines[:half]) + "\n")
    assert first.exit_code == 0
    assert out.read_text(encoding="utf-8").rstrip().endswith(lines[half - 1])
    # only the file is left; the next session replays it and goes on with the same turn
    second = run("play", out, input="\n".join(lines[half:]) + "\n")
    assert second.exit_code == 0
    assert "The log ends in" in second.output and "go on typing it, or type `end`" in second.output
    assert out.read_text(encoding="utf-8") == game.read_text(encoding="utf-8")


def start(tmp_path, extra: list[str] | None = None) -> Path:
    path = tmp_path / "g.gtl"
    result = run("play", path, "--new", "--players", "Ana,Ben,Caro", "--board", "sample", *(extra or []),
                 input="\n".join(SETUP) + "\n")
    assert result.exit_code == 0, result.output
    return path


def test_an_illegal_move_is_refused_with_the_check_diagnostic_and_not_written(tmp_path):
    path = start(tmp_path)
    before = path.read_text(encoding="utf-8")
    result = run("play", path, input="praeco staff, orb, wand\nvote staff; vote orb\n")
    assert "T2 error: Ana already took the vote action this turn" in result.output
    assert "not written: Ana: vote staff; vote orb" in result.output
    text = path.read_text(encoding="utf-8")
    assert text.startswith(before.rstrip()) and "vote orb" not in text
    assert text.rstrip().endswith("Ana: praeco staff, orb, wand")
    assert run("check", path).exit_code == 0


def test_undo_takes_the_move_back_from_the_file(tmp_path):
    path = start(tmp_path)
    run("play", path, input='praeco staff, orb, wand\nsanctum "Storm Staff"\nadvance "Storm Staff" 2\n')
    assert 'advance "Storm Staff" 2' in path.read_text(encoding="utf-8")
    result = run("play", path, input="undo\nundo\nundo\n")
    assert 'taken back: Ana: advance "Storm Staff" 2' in result.output
    text = path.read_text(encoding="utf-8")
    assert "tribunal 1" not in text and "round 1" not in text  # the headers went with the first move
    assert text.rstrip().endswith("praeco Ana")
    result = run("play", path, input="undo\n")
    assert "taken back: praeco Ana" in result.output


def test_end_refuses_a_hand_over_the_limit(tmp_path):
    path = start(tmp_path, ["--variant", "hand-or-sanctum"])
    result = run("play", path, input='praeco staff, orb, wand\ndraw item "Pilgrim\'s Orb" to hand\nend\n',
                 env={"NO_COLOR": "1"})
    assert "T4 error: Ana ends the turn with 6 cards in hand; the limit is 5" in result.output
    assert "Ana's turn cannot end yet" in result.output
    result = run("play", path, input='discard "Hidden Cache"\nend\n')
    assert "Ana's turn is over; next: Ben" in result.output
    assert "T6" in result.output  # one slot used: a warning, not a refusal
    assert run("check", path).exit_code == 0


def test_the_tool_rolls_the_die_and_writes_the_roll(tmp_path):
    path = start(tmp_path)
    result = run("play", path, "--seed", "7", input="praeco staff, orb, wand\nend\ngather contested 3 roll * others Caro *\n")
    rolls = re.search(r"die: (\d), (\d)", result.output)
    assert rolls and all(2 <= int(r) <= 5 for r in rolls.groups())
    assert f"gather contested 3 roll {rolls.group(1)} others Caro {rolls.group(2)}" in path.read_text(encoding="utf-8")


def test_a_forced_move_is_written_as_an_annotated_override(tmp_path):
    path = start(tmp_path)
    result = run("play", path, input='praeco staff, orb, wand\nsanctum "Storm Staff"\n'
                                      'force "house rule: misprinted card" advance "Storm Staff" 3\n')
    assert "not written" not in result.output
    assert 'force "house rule: misprinted card" advance "Storm Staff" 3' in path.read_text(encoding="utf-8")
    checked = run("check", path)
    assert checked.exit_code == 0 and "forced override (house rule: misprinted card)" in checked.output


def test_unknown_player_and_header_lines_get_clear_answers(tmp_path):
    path = start(tmp_path)
    result = run("play", path, input="Bne: vote staff\nround 2 praeco Ben\n")
    assert "'Bne' is not a player of this game; did you mean 'Ben'?" in result.output
    assert "written for you" in result.output


def test_a_declined_tally_blocks_play_until_confirmed(tmp_path):
    game = GAMES / "three-players.gtl"
    _, lines = typed_lines(game)
    first_y = lines.index("y")
    path = tmp_path / "live.gtl"
    typed = lines[:first_y] + ["n", "vote staff"]
    result = run(*new_game_args(path, game, 3, "en"), input="\n".join(typed) + "\n")
    assert "Not recorded" in result.output
    assert "the Tribunal is scored first" in result.output
    assert "scores" not in path.read_text(encoding="utf-8")


def test_new_game_problems_exit_2(tmp_path):
    path = start(tmp_path)
    again = run("play", path, "--new", "--players", "Ana,Ben,Caro")
    assert again.exit_code == 2 and "already exists" in again.output
    resumed = run("play", path, "--players", "Ana,Ben")
    assert resumed.exit_code == 2 and "only go with --new" in resumed.output
    too_few = run("play", tmp_path / "two.gtl", "--new", "--players", "Ana,Ben")
    assert too_few.exit_code == 2 and "S1" in too_few.output
    assert not (tmp_path / "two.gtl").exists()
    missing = run("play", tmp_path / "none.gtl")
    assert missing.exit_code == 2 and "IO001" in missing.output


def test_json_mode_answers_one_object_per_line(tmp_path):
    path = start(tmp_path)
    result = run("play", path, "--json", input="praeco staff, orb, wand\nvote runic; vote orb\nhelp\n")
    objects = [json.loads(line) for line in result.stdout.splitlines()]
    kinds = [o["kind"] for o in objects]
    assert kinds == ["hello", "reply", "reply", "help", "bye"]
    assert objects[1]["accepted"] is True and objects[1]["status"]["turn"] == "Ana"
    assert objects[2]["accepted"] is False and objects[2]["diagnostics"][0]["code"] == "T2"
    assert objects[3]["legal"] == ["vote", "draw", "draw resource", "advance", "cast", "play", "extract", "gather"]


def test_plain_output_has_no_escape_codes(tmp_path):
    path = start(tmp_path)
    result = run("play", path, input="state\nhelp\n", env={"NO_COLOR": "1"})
    assert "\x1b[" not in result.output
    assert "Ana may take: praeco" in result.output


def test_a_typed_line_is_bounded_and_echoed_escaped(tmp_path):
    path = start(tmp_path)
    before = path.read_text(encoding="utf-8")
    typed = "praeco " + "x" * 30_000 + "\nvote \x1b]0;pwned\x07orb\npraeco staff, orb, wand\n"
    result = run("play", path, input=typed, env={"FORCE_COLOR": "1"})
    assert "not taken: a typed line is limited to 10,000 characters" in result.output
    assert "x" * 10_000 not in result.output  # the long line's echo is cut short
    assert "\x1b]0" not in result.output and "vote \\x1b]0;pwned\\x07orb" in result.output
    log = path.read_text(encoding="utf-8")  # the line after the long one was taken as usual
    assert log.startswith(before.rstrip("\n")) and "praeco staff, orb, wand" in log and "x" * 100 not in log


def test_a_warning_told_at_end_is_not_told_again_at_the_next_move(tmp_path):
    path = start(tmp_path)
    result = run("play", path, input="praeco staff, orb, wand\nvote staff\nend\nvote orb\nend\n")
    assert result.output.count("T6 warning: Ana used 1 of 2 action slots") == 1
    assert result.output.count("T6 warning: Ben used 1 of 2 action slots") == 1
    # without `end`, the next player's move closes the turn and tells it, once
    (tmp_path / "b").mkdir()
    path = start(tmp_path / "b")
    result = run("play", path, input="praeco staff, orb, wand\nvote staff\nBen: vote orb\n")
    assert result.output.count("T6 warning: Ana used 1 of 2 action slots") == 1


def test_a_line_starting_with_a_hash_is_a_note_kept_in_the_log(tmp_path):
    path = start(tmp_path)
    typed = ["praeco staff, orb, wand", "# disputed * 2: ruled legal by the table", "vote staff", "end",
             "Ben: vote orb", "#  Ben forgot his Vis  ", "undo"]
    result = run("play", path, input="\n".join(typed) + "\n")
    assert "ok: note: # disputed * 2: ruled legal by the table" in result.output  # no die rolled for `*`
    log = path.read_text(encoding="utf-8")
    assert log.endswith("Ana: praeco staff, orb, wand; vote staff\n# disputed * 2: ruled legal by the table\n"
                        "#  Ben forgot his Vis\n")  # as typed (ends trimmed); Ben's move taken back, both notes kept
    assert run("check", path).exit_code == 0
    refused = run("play", path, input="# bad \x1b[2J note\n")
    assert "SYN002" in refused.output and path.read_text(encoding="utf-8") == log


def test_completion_offers_names_in_the_logs_language():
    sample = cards_dir() / "sample.gtc"
    card_set = load_set(sample)
    words = Words.for_game("es", ("Ana", "Ben"), card_set.vocabulary, names_in(card_set, sample, "es").values())
    assert "Ana:" in complete("A", 0, words)
    assert "avance" in complete("Ana: av", 5, words)
    assert '"Bastón de Fresno"' in complete('avance "Bas', 7, words)
    # inside an open quote, after a space: the rest of the name, quote closed
    assert "de Fresno\"" in complete('avance "Bastón de', 15, words)
    assert "bastón" in complete("vota bas", 5, words)


def test_game_session_from_a_log(tmp_path):
    session = tmp_path / "game.toml"
    result = run("game", "from-log", GAMES / "five-players.gtl", session)
    assert result.exit_code == 0
    shown = json.loads(run("game", "show", session, "--json").stdout)
    expected = json.loads((GAMES / "five-players.expected.json").read_text(encoding="utf-8"))
    assert {t["name"]: t["score"] for t in shown["totals"]} == expected["totals"]
    broken = run("game", "from-log", SCENARIOS / "rules" / "T1.gtl", tmp_path / "x.toml")
    assert broken.exit_code == 1 and not (tmp_path / "x.toml").exists()
