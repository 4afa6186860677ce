"""gt club and gt diff from the command line: the shipped scenarios, a generated archive, sessions."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS, run

TRICKERION_GAMES = SCENARIOS / "trickerion" / "game"


def data(*args) -> dict:
    result = run(*args, "--json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def answers(archive) -> tuple:
    """What the archive says, without the index's own report (which differs from run to run)."""
    stats = {k: v for k, v in data("club", "stats", archive).items() if k != "index"}
    rate = {k: v for k, v in data("club", "ratings", archive).items() if k != "index"}
    return stats, rate, run("club", "export", archive, "--table", "players").stdout


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> Path:
    """The shipped games and rule fixtures, both games' sessions, as one archive."""
    root = tmp_path_factory.mktemp("shipped")
    shutil.copytree(SCENARIOS / "games", root / "games")
    shutil.copytree(SCENARIOS / "rules", root / "rules")
    (root / "sessions").mkdir()
    assert run("game", "from-log", SCENARIOS / "games" / "five-players.gtl", root / "sessions" / "five.toml").exit_code == 0
    assert run("game", "new", root / "sessions" / "open.toml", "--players", "Ana,Ben,Caro").exit_code == 0
    for name in ("three-players", "four-players"):
        session = root / "sessions" / f"trickerion-{name}.toml"
        args = (TRICKERION_GAMES / name / "new.args").read_text().split()
        assert run("trickerion", "game", "new", session, *args).exit_code == 0
        for turn in range(1, 6):
            assert run("trickerion", "game", "turn", session, TRICKERION_GAMES / name / f"turn{turn}.toml", "-y").exit_code == 0
    return root


def exported(archive, table="games") -> list[dict]:
    return [json.loads(line) for line in run("club", "export", archive, "--format", "jsonl", "--table", table).stdout.splitlines()]


def test_verdicts_are_gt_checks(shipped):
    index = data("club", "index", shipped)
    assert index["files"] > 100 and index["judged"] == index["files"] and index["problems"] == []
    games = {g["file"]: g for g in exported(shipped)}
    check = json.loads(run("check", shipped, "--json").stdout)
    assert len(check["files"]) == sum(1 for f in games if f.endswith(".gtl"))
    for entry in check["files"]:
        rel = str(Path(entry["file"]).relative_to(shipped))
        errors = sorted({d["code"] for d in entry["diagnostics"] if d["severity"] == "error"})
        mine = games[rel]
        assert (mine["verdict"] == "illegal") == bool(errors), rel
        if errors:
            assert mine["codes"].split() == errors, rel
    assert {g["file"]: g["verdict"] for g in games.values() if "sessions/" in g["file"]} == {
        "sessions/five.toml": "legal", "sessions/open.toml": "incomplete",
        "sessions/trickerion-three-players.toml": "legal", "sessions/trickerion-four-players.toml": "legal"}
    assert data("club", "index", shipped)["judged"] == 0  # nothing changed: nothing judged again


def test_stats_of_the_shipped_games_say_what_was_left_out(shipped):
    stats = data("club", "stats", shipped)
    assert stats["game"] == "grand-tribunal" and stats["other_games"] == {"trickerion": 2}
    legal = [g for g in exported(shipped) if g["game"] == "grand-tribunal" and g["verdict"] == "legal"]
    assert len(legal) == 15 and stats["games"] == 14  # five.toml is the session `gt game from-log` wrote of a log
    assert stats["duplicates"] == [{"file": "sessions/five.toml", "kept": "games/five-players.gtl", "relation": "same"}]
    reasons = {e["file"]: e["reason"] for e in stats["excluded"]}
    assert reasons["rules/A1.gtl"] == "illegal: A1" and reasons["sessions/open.toml"].startswith("incomplete")
    assert {"name", "games", "wins", "win_rate", "win_rate_ci", "average_score", "average_place",
            "longest_streak", "current_streak"} <= set(stats["players"][0])
    assert sum(p["wins"] for p in stats["players"]) >= stats["games"]  # shared wins count for each
    human = run("club", "stats", shipped).stdout
    assert f"{len(stats['excluded'])} game(s) left out of every statistic and rating" in " ".join(human.split())
    trickerion = data("club", "stats", shipped, "--game", "trickerion")
    assert trickerion["games"] == 2 and {p["name"] for p in trickerion["players"]} >= {"Ana", "Ben", "Caro"}


def test_a_player_and_dates(club_archive):
    everyone = data("club", "stats", club_archive)
    assert everyone["games"] == 24
    one = data("club", "stats", club_archive, "--player", "ines")  # Inés, folded
    assert one["player"] == "Inés" and [p["name"] for p in one["players"]] == ["Inés"]
    assert one["games"] == one["players"][0]["games"] and all(h["a"] == "Inés" for h in one["head_to_head"])
    window = data("club", "stats", club_archive, "--since", "2024-01-05", "--until", "2024-01-10")
    assert window["games"] == 6 and window["outside_dates"] == 18  # games 4 to 9 (dated 2024-01-05 to -10)
    missing = run("club", "stats", club_archive, "--player", "Inez")
    assert missing.exit_code == 2 and "no player 'Inez'" in missing.output and "Inés" in missing.output
    bad = run("club", "stats", club_archive, "--since", "yesterday")
    assert bad.exit_code == 2 and "not a date" in bad.output


def test_deleting_the_index_and_indexing_again_gives_the_same_answers(club_archive):
    first = answers(club_archive)
    shutil.rmtree(club_archive / ".gt-club")
    assert answers(club_archive) == first
    assert data("club", "index", club_archive, "--rebuild")["notes"]  # says it was replaced
    assert answers(club_archive) == first


def test_new_changed_and_deleted_files(club_archive, club_games):
    data("club", "index", club_archive)
    from benchmarks.club_archive import write_game

    for seed in (100, 101, 102):
        write_game((seed, str(club_archive)))
    victim = sorted(club_archive.rglob("*.gtl"))[0]
    victim.write_text(victim.read_text().replace("Generated", "Generated") + "# a comment\n")
    sorted(club_archive.rglob("*.gtl"))[1].unlink()
    index = data("club", "index", club_archive)
    assert (index["judged"], index["added"], index["changed"], index["removed"]) == (4, 3, 1, 1)
    assert index["files"] == 26 and index["unchanged"] == 22


def test_aliases_merge_names_and_one_letter_apart_is_flagged(club_archive):
    log = sorted(club_archive.rglob("*.gtl"))[0]
    text = log.read_text()
    seats = text.split('[Players "')[1].split('"')[0].split(", ")
    renamed = text.replace(seats[0], seats[0] + "x")  # a one-letter typo of a member's name, all through the log
    log.write_text(renamed)
    stats = data("club", "stats", club_archive)
    why = "one letter apart"
    assert {"a": seats[0], "b": seats[0] + "x", "why": why} in stats["probable_duplicates"] or \
        {"a": seats[0] + "x", "b": seats[0], "why": why} in stats["probable_duplicates"]
    assert run("club", "duplicates", club_archive).exit_code == 1
    (club_archive / "gt.toml").write_text(f'[club.aliases]\n"{seats[0]}" = ["{seats[0]}x"]\n')
    merged = data("club", "stats", club_archive)
    assert merged["probable_duplicates"] == [] and seats[0] + "x" not in {p["name"] for p in merged["players"]}


@pytest.mark.parametrize("table, message", [
    ('[club.aliases]\nAna = 3\n', "club.aliases: 'Ana' takes a list"),
    ('[club.aliases]\nAna = ["Anita"]\nBen = ["anita"]\n', "'anita' is given for both 'Ana' and 'Ben'"),
    ('[club]\nmembers = ["Ana"]\n', "[club] holds name, lang, keep and an [club.aliases] table, not 'members'"),
    ('[club]\nlang = "xx"\n', "club.lang 'xx' is not a language of the league site"),
    ('[club]\nname = ""\n', "club.name is the league's name"),
])
def test_a_wrong_alias_table_is_a_config_error(club_archive, table, message):
    (club_archive / "gt.toml").write_text(table)
    result = run("club", "stats", club_archive)
    assert result.exit_code == 2 and "CFG003" in result.output and message in result.output
    assert "gt.toml:1:1: CFG003" in result.output  # at the [club...] header


def test_recheck_after_a_changed_profile(shipped, tmp_path):
    archive = tmp_path / "archive"
    shutil.copytree(shipped / "games", archive)
    for log in archive.glob("*.gtl"):  # the club's profile decides for logs that name none
        log.write_text("\n".join(line for line in log.read_text().splitlines() if not line.startswith("[Profile")))
    (archive / "gt.toml").write_text('profile = "official"\n')
    before = data("club", "stats", archive)
    assert before["stale"] == []
    (archive / "gt.toml").write_text('profile = "printed-fr"\n')
    index = data("club", "index", archive)
    assert sorted(index["stale"]) == sorted(p.name for p in archive.glob("*.gtl"))  # said, not silently redone
    assert "`gt club recheck` judges them again" in " ".join(run("club", "stats", archive).stdout.split())
    result = run("club", "recheck", archive, "--json")
    assert result.exit_code == 1
    changed = {c["file"]: c for c in json.loads(result.stdout)["changed"]}
    five = changed["five-players.gtl"]  # legal by the official rules; the pawn passes the other way in French
    assert (five["before"]["verdict"], five["before"]["codes"]) == ("legal", [])
    assert five["after"]["verdict"] == "illegal" and "P4" in five["after"]["codes"]
    assert five["after"]["totals"] != five["before"]["totals"]
    assert "printed-fr-five.gtl" not in changed or changed["printed-fr-five.gtl"]["after"]["verdict"] == "legal"
    assert data("club", "index", archive)["stale"] == []
    human = run("club", "recheck", archive)  # nothing changes twice
    assert human.exit_code == 0 and "0 game(s) changed" in " ".join(human.stdout.split())


def test_export_csv_and_jsonl_one_row_per_game_and_per_player(club_archive, tmp_path):
    games = list(csv.DictReader(io.StringIO(run("club", "export", club_archive).stdout)))
    players = list(csv.DictReader(io.StringIO(run("club", "export", club_archive, "--table", "players").stdout)))
    assert len(games) == 24 and len(players) == sum(int(g["players"]) for g in games)
    assert [g["date"] for g in games] == sorted(g["date"] for g in games)
    written = data("club", "export", club_archive, "--format", "jsonl", "-o", tmp_path / "out")["written"]
    assert [(Path(w["file"]).name, w["rows"]) for w in written] == [("games.jsonl", 24), ("player-games.jsonl", len(players))]
    assert json.loads((tmp_path / "out" / "games.jsonl").read_text().splitlines()[0])["verdict"] == "legal"


def _finished_session(path: Path, players: str) -> None:
    assert run("game", "new", path, "--players", players).exit_code == 0
    names = [p for p in players.split(",")]
    for n in range(3):
        table = path.with_name(f"t{n}.toml")
        items = "".join(f'[[items]]\nowner = \'{p}\'\nname = "Staff {k}{n}"\ntype = "staff"\nbase = {k + n}\n'
                        f'spells = ["elemental"]\n' for k, p in enumerate(names))
        table.write_text(f"[votes]\nstaff = 2\n{items}", encoding="utf-8")
        assert run("game", "tribunal", path, "--from", table, "-y").exit_code == 0
        table.unlink()


def test_names_from_strangers_are_escaped_in_csv_html_and_the_terminal(tmp_path):
    archive = tmp_path / "archive"
    archive.mkdir()
    _finished_session(archive / "game.toml", '<b>Mallory</b>,=HYPERLINK("x"),Caro\u202eoraC')
    rows = list(csv.reader(io.StringIO(run("club", "export", archive, "--table", "players").stdout)))
    assert "'=HYPERLINK(\"x\")" in [r[5] for r in rows]  # a spreadsheet shows it, does not run it
    human = run("club", "stats", archive).stdout
    assert "\u202e" not in human and "\\u202e" in human
    assert "\u202e" not in run("club", "stats", archive, "--json").stdout
    site = tmp_path / "site"
    assert run("club", "site", archive, "-o", site).exit_code == 0
    pages = "".join(p.read_text() for p in site.rglob("*.html"))
    assert "<b>Mallory" not in pages and "&lt;b&gt;Mallory&lt;/b&gt;" in pages


def test_an_archive_must_be_a_folder(tmp_path):
    result = run("club", "stats", tmp_path / "nowhere")
    assert result.exit_code == 2 and "IO001" in result.output and "no such folder" in result.output


# ---- gt diff --------------------------------------------------------------------------------------------------
GAME = SCENARIOS / "games" / "five-players.gtl"


def test_diff_of_the_same_game_laid_out_otherwise(tmp_path):
    other = tmp_path / "other.gtl"
    text = GAME.read_text().replace("[Event", "# typed up by Ben\n[Event").replace("\nround", "\n\nround")
    other.write_text(text.replace("Generated game", "Club night"))
    result = run("diff", GAME, other)
    assert result.exit_code == 0 and "record the same game" in result.stdout
    assert data("diff", GAME, other)["same"] is True
    spanish = tmp_path / "espanol.gtl"  # keywords, spaces and card names in Spanish
    spanish.write_text(run("fmt", GAME, "--lang", "es").stdout)
    assert "Talismán Alforja" in spanish.read_text() and data("diff", spanish, GAME)["relation"] == "same"


def test_diff_where_two_records_first_differ_and_a_record_that_stops_early(tmp_path):
    lines = GAME.read_text().splitlines()
    changed = tmp_path / "changed.gtl"
    n = next(i for i, line in enumerate(lines) if line.startswith("Ben: ") and "extract 1" in line)
    changed.write_text("\n".join(lines[:n] + [lines[n].replace("extract 1", "extract 2")] + lines[n + 1:]) + "\n")
    found = data("diff", GAME, changed)
    where = found["first_difference"]
    assert found["relation"] == "differ" and where["a"]["line"] == where["b"]["line"] == n + 1
    assert where["a"]["text"] == lines[n] and "extract 2" in where["b"]["text"]
    human = run("diff", GAME, changed)
    assert human.exit_code == 1 and f"{changed}:{n + 1}: " in human.stdout
    short = tmp_path / "short.gtl"
    short.write_text("\n".join(lines[:n]) + "\n")
    found = data("diff", short, GAME)
    assert found["relation"] == "prefix" and found["prefix"] == str(short) and found["first_difference"]["a"] is None
    assert "is the start of" in run("diff", GAME, short).stdout


def test_diff_of_a_log_that_does_not_parse(tmp_path):
    broken = tmp_path / "broken.gtl"
    broken.write_text('[Players "Ana, Ben, Caro"]\nAna: fly to the moon\n')
    result = run("diff", GAME, broken)
    assert result.exit_code == 2 and "SYN001" in result.output


def test_duplicates_finds_a_game_recorded_twice(club_archive):
    logs = sorted(club_archive.rglob("*.gtl"))
    text = logs[0].read_text()
    (club_archive / "copy.gtl").write_text(text.replace("League game", "Copied game"))
    lines = text.splitlines()
    cut = next(n for n in range(len(lines) * 2 // 3, 0, -1) if not lines[n - 1].endswith(";"))  # a whole turn
    (club_archive / "start.gtl").write_text("\n".join(lines[:cut]) + "\n")
    found = data("club", "duplicates", club_archive)
    rel = str(logs[0].relative_to(club_archive))
    assert {"files": sorted([rel, "copy.gtl"]), "relation": "same", "index": None, "shorter": None} in \
        [{**g, "files": sorted(g["files"])} for g in found["games"]]
    prefix = [g for g in found["games"] if g["relation"] == "prefix"]
    assert prefix and prefix[0]["shorter"] == "start.gtl"


def test_json_schemas_are_documented(club_archive):
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    club, diff = doc[doc.index("## `gt club"):doc.index("## `gt diff")], doc[doc.index("## `gt diff"):]
    for command in ("stats", "ratings", "duplicates"):
        found = data("club", command, club_archive)
        for key in set(found) | set(found["index"]):
            assert f'"{key}"' in club, (command, key)
    for key in data("club", "stats", club_archive)["players"][0]:
        assert f'"{key}"' in club, key
    for key in data("diff", GAME, GAME):
        assert f'"{key}"' in diff, key


def test_a_sessions_date_and_a_logs_date(tmp_path):
    archive = tmp_path / "archive"
    archive.mkdir()
    assert run("game", "from-log", SCENARIOS / "games" / "three-players.gtl", archive / "s.toml").exit_code == 0
    text = (archive / "s.toml").read_text()
    (archive / "s.toml").write_text(text.replace("format = 1\n", "format = 1\ndate = 2024-03-01\n", 1))
    assert run("game", "show", archive / "s.toml").exit_code == 0  # gt game reads it as before
    log = (SCENARIOS / "games" / "four-players.gtl").read_text()
    (archive / "late.gtl").write_text('[Date "2024.02.29"]\n' + log)
    (archive / "undated.gtl").write_text(log)
    dates = {g["file"]: g["date"] for g in exported(archive)}
    assert dates == {"late.gtl": "2024-02-29", "s.toml": "2024-03-01", "undated.gtl": None}
    assert [g["file"] for g in exported(archive)] == ["late.gtl", "s.toml", "undated.gtl"]  # undated last


def test_files_that_cannot_be_read_are_unusable_games_or_not_games(tmp_path):
    archive = tmp_path / "archive"
    archive.mkdir()
    (archive / "latin1.gtl").write_bytes("[Event \"caf\xe9\"]\n".encode("latin-1"))
    (archive / "latin1.toml").write_bytes("name = \"caf\xe9\"\n".encode("latin-1"))
    (archive / "broken-session.toml").write_text("format = 1\nplayers = [\n")
    (archive / "profile.toml").write_text('name = "house"\nbase = "official"\n')
    (archive / "big.gtl").write_bytes(b"#" * 2_000_001)
    games = {g["file"]: (g["verdict"], g["codes"]) for g in exported(archive)}
    assert games == {"big.gtl": ("unusable", "IO001"), "broken-session.toml": ("unusable", "GAME001"),
                     "latin1.gtl": ("unusable", "IO001")}
    again = data("club", "index", archive)
    assert again["stale"] == [] and again["judged"] == 1  # only the file too big to hash is read again
