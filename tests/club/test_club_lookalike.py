"""Issue 38, point 5: names that differ only by look-alike letters or invisible characters are flagged as
probably one player, and an invisible character is never shown as if it were absent."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gtcli.club.lookalike import LATIN_LOOKALIKES, ignorable, skeleton, visible
from gtcli.club.names import INVISIBLE, LOOK_ALIKE, ONE_LETTER, Names, probable_duplicates_why
from gtcli.club.report import stats_report
from gtcli.club.work import LEGAL, Row, Seat
from gtcli.core.text import fold
from tests.conftest import run

ORIGINAL = "2024/01/game-00000.gtl"


@pytest.mark.parametrize("other", [
    "\u0410n\u0430",  # Cyrillic capital A and small a
    "\u0391n\u03b1",  # Greek capital and small alpha
])
def test_look_alike_letters_are_probably_one_player(other):
    keys = [fold("Ana"), fold(other)]
    assert probable_duplicates_why(keys) == [(*sorted(keys), LOOK_ALIKE)]


@pytest.mark.parametrize("invisible", ["\u200b", "\u200d", "\u2060", "\u00ad", "\ufe0f", "\u3164", "\u200b\u200c",
                                       "\u115f\u2060", "\U000e0041"])
def test_names_apart_only_by_invisible_characters_are_probably_one_player(invisible):
    other = "An" + invisible + "a"
    assert fold(other) != fold("Ana")  # two players to gt, so they must be flagged
    assert probable_duplicates_why([fold("Ana"), fold(other)]) == [(*sorted([fold("Ana"), fold(other)]), INVISIBLE)]
    shown = visible(other)
    assert shown != "Ana" and shown.startswith("An\\") and all(not ignorable(ch) for ch in shown)


def test_names_one_letter_apart_still_say_so_and_other_scripts_are_their_own_names():
    assert probable_duplicates_why(["ana", "anna"]) == [("ana", "anna", ONE_LETTER)]
    assert probable_duplicates_why(["ana", "\u0430\u043d\u044f"]) == []  # "аня": not a look-alike of ana
    assert skeleton(fold("\u0395\u03c5\u03b1")) != "eva"  # Greek "Ευα" keeps its upsilon: a name of its own


def test_the_table_maps_cyrillic_and_greek_to_ascii_latin_letters():
    import unicodedata

    assert len(LATIN_LOOKALIKES) > 60
    for ch, latin in LATIN_LOOKALIKES.items():
        assert unicodedata.name(ch).startswith(("CYRILLIC", "GREEK")) and latin.isascii() and latin.isalpha()


@given(st.text(alphabet=st.sampled_from("an\u200b\u2060\u00ad\u0430\u03b1\ufe0f "), max_size=12))
def test_visible_shows_every_character_and_hides_none(name):
    shown = visible(name)
    assert not any(ignorable(ch) for ch in shown)
    assert len(shown) >= len(name)


def test_many_names_of_one_skeleton_are_paired_in_linear_time():
    keys = ["ana" + "\u200b" * n for n in range(2000)]  # a hostile file: 2,000 "Ana"s
    found = probable_duplicates_why(keys)
    assert 1999 <= len(found) < 4000 and all(why == INVISIBLE for *_, why in found)


def test_stats_flag_and_show_the_invisible_name(capsys):
    def game(n, names):
        return Row(f"g{n}.gtl", f"{n:064x}", 1, "log", "grand-tribunal", LEGAL, date=f"2024-01-{n:02d}",
                   seats=tuple(Seat(i, name, 10 - i, i, i, i == 1) for i, name in enumerate(names, 1)))

    rows = [game(1, ("Ana", "Ben", "Caro")), game(2, ("Ana\u200b", "Ben", "Caro"))]
    data = stats_report(rows, Names.of({}), "grand-tribunal")
    assert {"a": "Ana", "b": "Ana\\u200b", "why": INVISIBLE} in data["probable_duplicates"]
    assert sorted(p["name"] for p in data["players"]) == ["Ana", "Ana\\u200b", "Ben", "Caro"]
    from gtcli.cli.terminal.club import render_stats

    render_stats({"archive": "a", **data, "stale": [], "index": {"files": 2, "judged": 0, "added": 0, "changed": 0,
                                                                 "removed": 0, "database": "db", "stale": []}})
    out = capsys.readouterr().out
    assert "Probably one player: Ana and Ana\\u200b (invisible characters" in out and "\u200b" not in out


def test_a_cyrillic_name_in_a_real_archive_is_flagged(club_archive):
    game = club_archive / ORIGINAL
    game.write_text(game.read_text(encoding="utf-8").replace("Ana", "\u0410n\u0430"), encoding="utf-8")
    data = json.loads(run("club", "stats", club_archive, "--json").stdout)
    assert {"a": "Ana", "b": "\u0410n\u0430", "why": LOOK_ALIKE} in data["probable_duplicates"]
    assert "Probably one player: Ana and \u0410n\u0430 (look-alike letters" in run("club", "stats", club_archive).stdout
    dup = json.loads(run("club", "duplicates", club_archive, "--json").stdout)
    assert any(p["why"] == LOOK_ALIKE for p in dup["players"])
