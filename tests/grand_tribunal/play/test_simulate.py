"""``gt simulate``: legal logs, bots, determinism, the manual cards left out, the study folder's safety."""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gtcli.grand_tribunal.play.greedy import GreedyBot
from gtcli.grand_tribunal.play.simulation import Study, card_set_of, game_seed, play_game
from tests.conftest import run

MANUAL_IN_SAMPLE = ["Heavy Censer", "Fog Bank", "Forgotten Rite"]

TINY = '''set "Tiny" version 1 language en

include "tiny-res.gtc"

item "Oak Staff" type staff advance 2 base 2 slots elemental, any copies 3
item "Moon Orb" type orb advance 3 base 3 slots healing copies 3
item "Odd Wand" type wand advance 2 base 1 slots runic copies 2
spell "Spark" category elemental copies 3
  on cast: gain 2 vis
spell "Balm" category healing copies 3
  on cast choose $space space: place 1 vote on $space
spell "Glyph" category runic copies 2
  on cast: gain 1 vis
spell "Secret Word" category runic
  on cast: manual "Whisper a word; the table decides."
'''
TINY_RESOURCES = '''set "Tiny resources" language en

resource "Coin" copies 6
  on play: gain 2 vis
'''


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    """A small custom card set of two files (8 Items, 9 Spells, one of them manual, 6 Resources)."""
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "tiny-res.gtc").write_text(TINY_RESOURCES, encoding="utf-8")
    (folder / "tiny.gtc").write_text(TINY, encoding="utf-8")
    return folder / "tiny.gtc"


def check_json(folder: Path) -> dict:
    result = run("check", folder, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_game_seed_is_sha256_of_seed_and_index():
    digest = hashlib.sha256(b"gtcli simulate 7 41").digest()
    assert game_seed(7, 41) == int.from_bytes(digest[:8], "big")
    assert len({game_seed(s, i) for s in range(3) for i in range(50)}) == 150


def test_sample_set_games_are_legal_logs_and_leave_out_manual_cards(tmp_path):
    out = tmp_path / "study"
    result = run("simulate", "--games", "6", "--players", "3..5", "--seed", "3", "--bot", "greedy", "-o", out, "-j", "1")
    assert result.exit_code == 0, result.output
    assert "left out of the decks" in result.stderr
    for name in MANUAL_IN_SAMPLE:
        assert repr(name) in result.stderr
    logs = sorted(out.glob("*.gtl"))
    assert [p.name for p in logs] == [f"game-00000{i}.gtl" for i in range(1, 7)]
    data = check_json(out)
    assert data["summary"] == {"files": 6, "errors": 0, "warnings": data["summary"]["warnings"],
                               "notes": data["summary"]["notes"]}
    assert all(f["complete"] for f in data["files"])
    assert [len(f["totals"]) for f in data["files"]] == [3, 4, 5, 3, 4, 5]
    text = "".join(p.read_text(encoding="utf-8") for p in logs)
    assert not any(name in text for name in MANUAL_IN_SAMPLE)
    assert '[Event "Simulated game 1 (bot greedy, seed 3)"]' in logs[0].read_text(encoding="utf-8")
    assert run("replay", logs[-1]).exit_code == 0
    study = json.loads((out / "study.json").read_text())
    assert study["bot"] == "greedy" and study["done"] == study["games"] == 6 and not study["stopped"]
    assert sorted(study["left_out"]) == sorted(MANUAL_IN_SAMPLE)


def test_a_custom_set_is_copied_beside_the_logs_so_gt_check_reads_them(tiny, tmp_path):
    out = tmp_path / "study"
    result = run("simulate", "--cards", tiny, "--players", "3", "--games", "4", "-o", out, "-q")
    assert result.exit_code == 0, result.output
    assert "'Secret Word'" in result.stderr
    assert (out / "cards" / "tiny.gtc").read_text() == TINY
    assert (out / "cards" / "tiny-res.gtc").read_text() == TINY_RESOURCES
    first = (out / "game-000001.gtl").read_text()
    assert '[Cards "cards/tiny.gtc"]' in first and "Secret Word" not in first
    data = check_json(out)
    assert data["summary"]["errors"] == 0 and len(data["files"]) == 4


def test_a_set_too_small_once_manual_cards_are_left_out_is_unusable(tiny, tmp_path):
    result = run("simulate", "--cards", tiny, "--players", "4", "--games", "2", "-o", tmp_path / "x")
    assert result.exit_code == 2
    assert "CARD025" in result.stderr and "7 Items, 7 Spells and 26 cards" in result.stderr
    assert not (tmp_path / "x").exists() or not list((tmp_path / "x").iterdir())


def test_a_game_is_the_same_whatever_jobs_or_order(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    assert run("simulate", "--games", "5", "--seed", "11", "-o", one, "-j", "1", "-q").exit_code == 0
    assert run("simulate", "--games", "5", "--seed", "11", "-o", two, "-j", "2", "-q").exit_code == 0
    for name in (p.name for p in one.glob("*.gtl")):
        assert (one / name).read_bytes() == (two / name).read_bytes()
    study = Study((4,), "random", 11, logs=True)
    alone = play_game(study, 3)  # game 4 played on its own, before the others
    assert alone.text == (one / "game-000004.gtl").read_text(encoding="utf-8")
    assert play_game(Study((4,), "random", 12), 3).text != alone.text


def test_stats_only_keeps_what_the_report_needs_and_gives_the_same_report(tmp_path):
    logs, stats = tmp_path / "logs", tmp_path / "stats"
    assert run("simulate", "--games", "8", "--players", "3,5", "-o", logs, "-q").exit_code == 0
    assert run("simulate", "--games", "8", "--players", "3,5", "-o", stats, "--stats-only", "-q").exit_code == 0
    assert not list(stats.glob("*.gtl"))
    lines = (stats / "games.jsonl").read_text().splitlines()
    assert [json.loads(line)["index"] for line in lines] == list(range(8))
    from_logs = json.loads(run("balance", logs, "--json").stdout)
    from_stats = json.loads(run("balance", stats, "--json").stdout)
    assert from_logs["report"] == from_stats["report"]  # a log read back gives the summary the bot made
    assert from_logs["bots"] == from_stats["bots"] == ["random"]


def test_simulate_json_without_a_folder():
    data = json.loads(run("simulate", "--games", "3", "--players", "3", "--json").stdout)
    assert data["games"] == data["requested"] == 3 and data["folder"] is None and data["logs_written"] == 0
    assert data["bot"] == "random" and not data["stopped"] and sorted(data["left_out"]) == sorted(MANUAL_IN_SAMPLE)
    assert data["report"]["games"] == 3 and set(data["report"]["seats"]) == {"3"}


def test_an_existing_file_is_never_replaced_without_saying(tmp_path):
    out = tmp_path / "study"
    out.mkdir()
    mine = out / "game-000002.gtl"
    mine.write_text("my own notes")
    result = run("simulate", "--games", "3", "-o", out)
    assert result.exit_code == 2 and "IO008" in result.stderr and "game-000002.gtl" in result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["game-000002.gtl"] and mine.read_text() == "my own notes"
    result = run("simulate", "--games", "3", "-o", out, "--overwrite")
    assert result.exit_code == 0 and "1 existing file(s) replaced" in result.output
    assert mine.read_text().startswith("[Event")


def test_files_are_never_written_through_a_link(tmp_path):
    out = tmp_path / "study"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (out / "game-000001.gtl").symlink_to(victim)
    (out / "study.json").symlink_to(victim)
    result = run("simulate", "--games", "2", "-o", out, "--overwrite", "-q")
    assert result.exit_code == 0, result.output
    assert victim.read_text() == "precious"
    assert not (out / "game-000001.gtl").is_symlink() and not (out / "study.json").is_symlink()
    assert (out / "game-000001.gtl").read_text().startswith("[Event")


def test_too_many_logs_for_one_folder_is_a_usage_error(tmp_path):
    result = run("simulate", "--games", "100001", "-o", tmp_path / "x")
    assert result.exit_code == 2 and "--stats-only" in result.output
    assert not (tmp_path / "x").exists()


def gt_process(*args: str) -> subprocess.Popen:
    """gt as a shell starts it: SIGINT at its default (a test run may have left it ignored, and a
    child inherits an ignored signal)."""
    return subprocess.Popen([sys.executable, "-m", "gtcli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_ctrl_c_stops_cleanly_and_keeps_what_is_done(tmp_path):
    """A real process and a real SIGINT: exit 130, every game written is whole, study.json counts them."""
    out = tmp_path / "study"
    proc = gt_process("simulate", "--games", "5000", "-o", str(out), "-j", "1")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(out.glob("game-*.gtl"))) < 3:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "gt: interrupted:" in stderr and "kept in" in stderr
    study = json.loads((out / "study.json").read_text())
    logs = sorted(out.glob("game-*.gtl"))
    assert study["stopped"] and study["done"] == len(logs) >= 3 and study["games"] == 5000
    assert [p.name for p in logs] == [f"game-{i:06d}.gtl" for i in range(1, len(logs) + 1)]
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temporary file left
    data = check_json(out)
    assert data["summary"]["errors"] == 0 and all(f["complete"] for f in data["files"])


def test_ctrl_c_with_stats_only_keeps_the_games_jsonl(tmp_path):
    out = tmp_path / "study"
    proc = gt_process("simulate", "--games", "100000", "--stats-only", "-o", str(out), "-j", "2")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(p.name.startswith(".games.jsonl") for p in out.glob(".*")):
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in stderr
    study = json.loads((out / "study.json").read_text())
    lines = (out / "games.jsonl").read_text().splitlines()
    assert study["stopped"] and study["done"] == len(lines) > 0
    assert [json.loads(line)["index"] for line in lines] == list(range(len(lines)))
    assert not [p for p in out.iterdir() if p.name.startswith(".")]


def test_the_greedy_bot_votes_where_its_items_score_and_advances_the_nearest_item():
    card_set = card_set_of(Study((3,)))
    bot = GreedyBot(card_set, ("Ana", "Ben", "Caro"), 1)
    bot.setup()
    state = bot.state
    # give Ana an active staff with an elemental Spell installed, and Ben an active orb
    item = state.new_card("item", "Storm Staff", None, "Ana", "sanctum")
    item.active = True
    spell = state.new_card("spell", "Kindle", None, "Ana", "installed")
    spell.host, spell.active = item.id, True
    orb = state.new_card("item", "Glass Orb", None, "Ben", "sanctum")
    orb.active = True
    value = bot.interest("Ana")
    assert value["staff"] == 1.0 and value["elemental"] == 1.0 and value["orb"] == -0.5
    assert bot.vote_space("Ana") in ("staff", "elemental")
    assert set(bot.praeco_spaces("Ana", 2)) == {"staff", "elemental"}
    assert bot.aim("Ana", ["orb", "staff"], against=True) == "orb"  # votes are taken from a rival's space
    near = state.new_card("item", "Ashwood Staff", None, "Ana", "sanctum")
    near.vis = 1  # advance 2: one Vis to go
    far = state.new_card("item", "Iron Amulet", None, "Ana", "sanctum")
    far.vis = 1  # advance 5: four to go
    assert bot.needy_card("Ana", [far, near]) is near
