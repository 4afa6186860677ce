"""A file saved "UTF-8 with BOM" (Notepad's default for years) is read like any other.

The byte-order mark is dropped once, where every input is decoded
(:func:`gtcli.core.files.reading.decode`): card files, translations, logs, the TOML tables,
sessions, profiles and boards, and card sets in the exchange format. Lines and columns
stay where the user sees them (an editor never shows the mark).
"""

from __future__ import annotations

import json
import shutil

from gtcli.core.files.reading import decode
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, run, run_json

BOM = b"\xef\xbb\xbf"


def _with_bom(source, target):
    target.write_bytes(BOM + source.read_bytes())
    return target


def test_decode_drops_a_leading_mark_only():
    assert decode(BOM + b"set \"A\"\r\n", "x") == 'set "A"\n'
    assert decode(b"a\xef\xbb\xbfb", "x") == "a\ufeffb"  # not at the start: the user's own text


def test_card_sets_and_translations_with_a_mark(tmp_path):
    for name in ("sample.gtc", "sample-resources.gtc", "sample.fr.gtc"):
        _with_bom(cards_dir() / name, tmp_path / name)
    data = run_json("cards", "check", tmp_path / "sample.gtc")
    assert [(f["file"].rsplit("/", 1)[-1], f["diagnostics"]) for f in data["files"]] == [
        ("sample.gtc", []), ("sample.fr.gtc", [])]
    assert run("fmt", tmp_path / "sample.gtc", "--check").exit_code == 0


def test_positions_on_the_first_line_are_not_shifted_by_the_mark(tmp_path):
    path = tmp_path / "bad.gtc"
    path.write_bytes(BOM + b'item "A" type orb advnce 2\n')
    (d,) = run_json("cards", "check", path)["files"][0]["diagnostics"]
    assert (d["code"], d["line"], d["col"]) == ("SYN001", 1, 19)


def test_exchange_format_sets_with_a_mark(tmp_path):
    sample = tmp_path / "sample.gtc"
    for name in ("sample.gtc", "sample-resources.gtc"):
        shutil.copy(cards_dir() / name, tmp_path / name)
    for fmt in ("toml", "json"):
        out = tmp_path / f"plain.{fmt}"
        assert run("cards", "export", sample, "--format", fmt, "-o", out).exit_code == 0
        marked = _with_bom(out, tmp_path / f"marked.{fmt}")
        result = run("cards", "check", marked, "--json")
        assert result.exit_code == 0 and json.loads(result.stdout)["files"][0]["diagnostics"] == []


def test_logs_with_a_mark(tmp_path):
    game = SCENARIOS / "games" / "imprime-fr.gtl"  # a whole game with notes (V2), so findings are compared
    log = _with_bom(game, tmp_path / "game.gtl")
    def found(data):
        return [[{**d, "file": None} for d in f["diagnostics"]] for f in data["files"]]

    plain = run_json("check", game)
    marked = run_json("check", log)
    assert found(marked) == found(plain) and marked["files"][0]["diagnostics"]
    assert run("replay", log).exit_code == 0
    assert run("fmt", log).stdout == run("fmt", game).stdout


def test_tables_sessions_profiles_and_boards_with_a_mark(tmp_path):
    table = _with_bom(SCENARIOS / "tally" / "grand-tribunal.toml", tmp_path / "table.toml")
    assert run_json("tally", table) == run_json("tally", SCENARIOS / "tally" / "grand-tribunal.toml")
    profile = _with_bom(SCENARIOS / "profiles" / "house.toml", tmp_path / "house.toml")
    assert run("rules", "diff", "official", profile).exit_code == 0
    board = _with_bom(cards_dir() / "sample-board.toml", tmp_path / "board.toml")
    assert run("check", SCENARIOS / "games" / "three-players.gtl", "--board", board).exit_code == 0
    session = tmp_path / "game.toml"
    assert run("game", "new", session, "--players", "Ana,Ben,Caro", "--first-praeco", "Ana").exit_code == 0
    session.write_bytes(BOM + session.read_bytes())
    shown = run("game", "show", session)
    assert shown.exit_code == 0 and "Ana" in shown.stdout
