"""Player names forgive case and accents everywhere (``jose`` is José), and an error about
a command-line option names the option, never ``<input>``."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run, run_json

SEATS = "Ana,Ben,José"


@pytest.fixture
def session(tmp_path):
    path = tmp_path / "game.toml"
    assert run("game", "new", path, "--players", SEATS, "--first-praeco", "jose").exit_code == 0
    return path


def test_first_praeco_without_accent_is_the_seated_player(session):
    assert 'first_praeco = "José"' in session.read_text(encoding="utf-8")
    assert run_json("game", "show", session)["next_praeco"] == "José"


@pytest.mark.parametrize("args,option,code,words", [
    (("--first-praeco", "Zed"), "--first-praeco", "TAB005", "'Zed' is not a player"),
    (("--first-praeco", "Jos"), "--first-praeco", "TAB005", "did you mean 'José'?"),
    (("--players", "Ana,Ben,ANA"), "--players", "TAB007", "player 'ANA' is listed twice"),
    (("--players", "José,Ben,Jose"), "--players", "TAB007", "player 'Jose' is listed twice"),
    (("--players", "Ana,Ben"), "--players", "S1", "2 players"),
])
def test_game_new_errors_name_the_option(tmp_path, args, option, code, words):
    base = {"--players": SEATS}
    given = dict(zip(args[::2], args[1::2]))
    argv = [a for k, v in {**base, **given}.items() for a in (k, v)]
    result = run("game", "new", tmp_path / "g.toml", *argv)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{option}: {code} "), result.stderr
    assert "<input>" not in result.stderr and words in result.stderr
    assert not (tmp_path / "g.toml").exists()
    as_json = json.loads(run("game", "new", tmp_path / "g.toml", *argv, "--json").stdout)
    assert as_json["errors"][0]["file"] == option


def test_a_table_file_names_players_any_way(session, write):
    table = write("t1.toml", 'last_praeco = "BEN"\n[votes]\nstaff = 2\n'
                  '[[items]]\nowner = "jose"\nname = "Staff"\ntype = "staff"\nbase = 3\n'
                  '[[items]]\nowner = "ÁNA"\ntype = "orb"\nbase = 1\n')
    assert run("game", "tribunal", session, "--from", table, "-y").exit_code == 0
    items = run_json("game", "show", session)["tribunals"][0]["items"]
    assert [i["owner"] for i in items] == ["José", "Ana"]
    tally = run_json("tally", write("t.toml", 'players = ["Ana", "Ben", "José"]\nlast_praeco = "jOSE"\n'
                                              '[[items]]\nowner = "jose"\ntype = "orb"\nbase = 1\n'))
    assert tally["players"][0] == {"name": "José", "score": 4}


def test_tribunal_entry_takes_the_owner_without_accent(session):
    answers = "staff 1\njose: staff 2\n\ny\n"
    result = run("game", "tribunal", session, input=answers)
    assert result.exit_code == 0, result.output
    assert "1. José: staff 2" in result.stdout
    first = run_json("game", "show", session)["tribunals"][0]["items"][0]
    assert (first["owner"], first["place"]) == ("José", 1)


def test_trickerion_options_and_files(tmp_path, write):
    game = tmp_path / "t.toml"
    twice = run("trickerion", "game", "new", game, "--players", "José,Ben,jose", "--specialists",
                "manager,engineer,assistant")
    assert twice.exit_code == 2 and twice.stderr.startswith("--players: TRK007 error: player 'jose' is listed twice")
    short = run("trickerion", "game", "new", game, "--players", "Ana,Ben,Caro", "--specialists", "manager,engineer")
    assert short.stderr.startswith("--specialists: TRK002 error: 2 starting Specialists for 3 players")
    unknown = run("trickerion", "game", "new", game, "--players", "Ana,Ben", "--specialists", "manager,enginer")
    assert unknown.stderr.startswith("--specialists: TRK004 error: unknown specialist 'enginer'")
    where = run("trickerion", "action-points", "apprentice", "--at", "nowhere")
    assert where.exit_code == 2 and where.stderr.startswith("--at: TRK004 error: unknown location 'nowhere'")
    who = run("trickerion", "action-points", "wizard")
    assert who.exit_code == 2 and who.stderr.startswith("CHARACTER: TRK004 error: unknown character 'wizard'")
    players = write("p.toml", 'initiative = ["José", "Ben"]\n[[players]]\nname = "jose"\nfame = 30\n'
                              '[[players]]\nname = "BEN"\nfame = 20\n')
    final = run_json("trickerion", "final", players)
    assert [p["name"] for p in final["players"]] == ["José", "Ben"]


@pytest.mark.parametrize("players,extra,words", [
    ("Ana,Ben", (), "--players: S1 error: 2 players"),
    ("Ana,Ben,ana", (), "--players: TAB007 error: player 'ana' is listed twice"),
    ("Ana Maria,Ben,Caro", (), "--players: S1 error: 'Ana Maria' cannot be a player's name in a log"),
    ("round,Ben,Caro", (), "--players: S1 error: 'round' cannot be a player's name in a log: it is a keyword"),
    ("ronda,Ben,Caro", ("--lang", "es"), "--players: S1 error: 'ronda' cannot be a player's name"),
    ("Ana,Ben,Caro", ("--variant", "X9"), "--variant: PROF003 error: unknown variant 'X9'"),
])
def test_play_new_errors_name_the_option_and_write_nothing(tmp_path, players, extra, words):
    log = tmp_path / "club.gtl"
    result = run("play", log, "--new", "--players", players, *extra, input="")
    assert result.exit_code == 2
    assert result.stderr.startswith(words), result.stderr
    assert not log.exists()


def test_play_takes_names_without_accents(tmp_path):
    log = tmp_path / "club.gtl"
    lines = ['praeco jose', 'praeco staff, orb, wand', 'sanctum "Storm Staff"', 'end', 'ANA: vote staff']
    result = run("play", log, "--new", "--players", "José,Ana,Ben", "--board", "sample", input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    text = log.read_text(encoding="utf-8")
    assert "round 1 praeco José" in text and "Ana: vote staff" in text
