"""``gt club export --format bgstats`` (issue 42): the counted games in BG Stats' export layout, checked
player by player against ``gt club stats --json`` (a known answer: the same games, wins and scores), with a
repeat set aside, an illegal log and a Trickerion session in the archive; stable bytes; written atomically."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS, run


@pytest.fixture(scope="module")
def archive(tmp_path_factory, club_games) -> Path:
    """24 generated games, a mailed copy of one (set aside), an illegal log, a Trickerion game, the club's name
    and an alias."""
    folder = Path(shutil.copytree(club_games, tmp_path_factory.mktemp("bg") / "archive"))
    first = sorted(folder.rglob("*.gtl"))[0]
    (folder / "inbox").mkdir()
    shutil.copy(first, folder / "inbox" / "mailed.gtl")
    shutil.copy(SCENARIOS / "rules" / "A2.gtl", folder / "disputed.gtl")
    (folder / "gt.toml").write_text('[club]\nname = "Club de Lugo"\n\n[club.aliases]\n"Ana María" = ["Ana"]\n')
    game = SCENARIOS / "trickerion" / "game" / "three-players"
    session = folder / "trickerion.toml"
    assert run("trickerion", "game", "new", session, *(game / "new.args").read_text().split()).exit_code == 0
    for turn in range(1, 6):
        assert run("trickerion", "game", "turn", session, game / f"turn{turn}.toml", "-y").exit_code == 0
    text = session.read_text()
    session.write_text(text.replace("format = 1\n", "format = 1\ndate = 2024-03-02\n", 1))
    return folder


def export(archive: Path, out: Path) -> dict:
    result = run("club", "export", archive, "--format", "bgstats", "-o", out)
    assert result.exit_code == 0, result.output
    return json.loads((out / "BGStatsExport.json").read_text(encoding="utf-8"))


def test_every_player_has_the_games_wins_and_scores_gt_club_stats_gives(archive, tmp_path):
    data = export(archive, tmp_path / "out")
    names = {p["id"]: p["name"] for p in data["players"]}
    assert {g["name"] for g in data["games"]} == {"Grand Tribunal", "Trickerion"}
    for game in data["games"]:
        kind = {"Grand Tribunal": "grand-tribunal", "Trickerion": "trickerion"}[game["name"]]
        known = json.loads(run("club", "stats", archive, "--game", kind, "--json").output)
        plays = [p for p in data["plays"] if p["gameRefId"] == game["id"]]
        assert len(plays) == known["games"] and plays
        mine: dict[str, dict] = {}
        for play in plays:
            for s in play["playerScores"]:
                a = mine.setdefault(names[s["playerRefId"]], {"games": 0, "wins": 0, "score": 0})
                a["games"] += 1
                a["wins"] += s["winner"]
                a["score"] += int(s["score"])
        theirs = {p["name"]: {"games": p["games"], "wins": p["wins"], "score": round(p["average_score"] * p["games"])}
                  for p in known["players"]}
        assert mine == theirs


def test_only_counted_games_one_play_each_with_seats_start_player_rank_and_the_clubs_place(archive, tmp_path):
    data = export(archive, tmp_path / "out")
    files = [p["comments"] for p in data["plays"]]
    assert "inbox/mailed.gtl" not in files and "disputed.gtl" not in files  # a repeat, an illegal game
    assert len(files) == len(set(files)) == 24 + 1
    assert "Ana María" in {p["name"] for p in data["players"]} and "Ana" not in {p["name"] for p in data["players"]}
    assert data["locations"] == [{"id": 1, "uuid": data["locations"][0]["uuid"], "name": "Club de Lugo",
                                  "modificationDate": data["locations"][0]["modificationDate"]}]
    for play in data["plays"]:
        scores = play["playerScores"]
        assert play["locationRefId"] == 1 and play["playDate"][:4] == "2024" and not play["ignored"]
        assert [s["seatOrder"] for s in scores] == list(range(1, len(scores) + 1))
        assert [s["startPlayer"] for s in scores] == [True] + [False] * (len(scores) - 1)
        assert {s["winner"] for s in scores if s["rank"] == 1} == {True}
        assert all(not s["winner"] for s in scores if s["rank"] != 1)
        top = max(int(s["score"]) for s in scores)
        if play["gameRefId"] == 1:  # Grand Tribunal: the highest total wins (shared when level)
            assert {s["playerRefId"] for s in scores if s["winner"]} == \
                {s["playerRefId"] for s in scores if int(s["score"]) == top}


def test_exporting_twice_gives_the_same_bytes_and_ids_survive_a_new_index(archive, tmp_path):
    export(archive, tmp_path / "a")
    shutil.rmtree(archive / ".gt-club")
    export(archive, tmp_path / "b")
    assert (tmp_path / "a" / "BGStatsExport.json").read_bytes() == (tmp_path / "b" / "BGStatsExport.json").read_bytes()


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_the_file_is_never_written_through_a_link(archive, tmp_path):
    out, mine = tmp_path / "out", tmp_path / "mine.json"
    out.mkdir()
    mine.write_text("mine\n")
    (out / "BGStatsExport.json").symlink_to(mine)
    result = run("club", "export", archive, "--format", "bgstats", "-o", out)
    assert result.exit_code == 2 and "IO006" in result.output
    assert mine.read_text() == "mine\n"


def test_without_a_folder_it_says_so(archive):
    result = run("club", "export", archive, "--format", "bgstats")
    assert result.exit_code == 2 and "-o DIR" in result.output
