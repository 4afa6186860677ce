"""A game recorded twice is counted once: a byte-identical copy, a `gt fmt --lang es` copy and a
record that stops early (a legal prefix: the scores line left out) are set aside, named, and
counted again only with --keep-duplicates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gtcli.club.once import set_aside
from gtcli.club.work import LEGAL, Row, Seat
from tests.conftest import run


def data(*args) -> dict:
    result = run(*args, "--json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


@pytest.fixture
def doubled(club_archive) -> tuple[Path, str]:
    """The 24-game archive, plus three more records of its first game."""
    original = sorted(club_archive.rglob("*.gtl"))[0]
    text = original.read_text(encoding="utf-8")
    inbox = club_archive / "inbox"
    inbox.mkdir()
    (inbox / "mailed.gtl").write_bytes(original.read_bytes())
    (inbox / "espanol.gtl").write_text(run("fmt", original, "--lang", "es").stdout, encoding="utf-8")
    lines = text.splitlines()
    assert lines[-1].startswith("winner ") and lines[-2].startswith("scores ")
    (inbox / "typed.gtl").write_text("\n".join(lines[:-2]) + "\n", encoding="utf-8")  # no scores: still legal
    return club_archive, str(original.relative_to(club_archive))


def test_each_game_counts_once_in_stats_and_ratings_and_the_copies_are_named(doubled):
    archive, original = doubled
    verdicts = data("club", "index", archive)["games"]["grand-tribunal"]
    assert verdicts == {"legal": 27}  # all four records are legal games: only counting them once is wrong
    stats = data("club", "stats", archive)
    assert stats["games"] == 24
    seated = (archive / original).read_text(encoding="utf-8").split('[Players "')[1].split('"')[0].count(",") + 1
    assert sum(p["games"] for p in stats["players"]) == sum(
        p["games"] for p in data("club", "stats", archive, "--keep-duplicates")["players"]) - 3 * seated
    assert stats["duplicates"] == [
        {"file": "inbox/espanol.gtl", "kept": original, "relation": "same"},
        {"file": "inbox/mailed.gtl", "kept": original, "relation": "same"},
        {"file": "inbox/typed.gtl", "kept": original, "relation": "prefix"}]
    rated = data("club", "ratings", archive)
    assert rated["games"] == 24 and rated["duplicates"] == stats["duplicates"]
    assert sum(p["games"] for p in rated["players"]) == sum(p["games"] for p in stats["players"])
    kept = data("club", "ratings", archive, "--keep-duplicates")
    assert kept["games"] == 27 and kept["duplicates"] == []
    text = run("club", "stats", archive).stdout
    assert "3 record(s) of a game already counted set aside" in text
    assert f"inbox/typed.gtl: the start of {original}" in text
    assert f"inbox/mailed.gtl: the same game as {original}" in run("club", "ratings", archive).stdout
    site = data("club", "site", archive, "-o", archive.parent / "site")
    assert site["duplicates"] == stats["duplicates"]
    front = (archive.parent / "site" / "index.html").read_text(encoding="utf-8")
    assert "24 game(s) counted" in front and "3 set aside as repeats" in front
    said = run("club", "site", archive, "-o", archive.parent / "site").stdout
    assert f"inbox/espanol.gtl: the same game as {original}" in said


def test_the_ratings_without_the_copies_are_the_ratings_of_the_archive_without_them(doubled, tmp_path):
    archive, _ = doubled
    counted = data("club", "ratings", archive)["players"]
    for name in ("mailed.gtl", "espanol.gtl", "typed.gtl"):
        (archive / "inbox" / name).unlink()
    assert data("club", "ratings", archive)["players"] == counted


def row(path: str, record: str, date: str | None = None, kind: str = "log", sha: str = "a" * 64) -> Row:
    return Row(path, sha, 1, kind, "grand-tribunal", LEGAL, date=date, opening="o" if kind == "log" else "",
               record=record, seats=(Seat(1, "Ana", 3, 1, 1, True), Seat(2, "Ben", 1, 2, 2, False)))


def test_the_longest_record_is_kept_then_the_first_in_path_order():
    units = {"long.gtl": ["p", "a", "b", "c"], "short.gtl": ["p", "a"], "late.gtl": ["p", "a", "b", "c"],
             "other.gtl": ["p", "a", "x"], "bad.gtl": None, "copy.gtl": ["p", "a", "b", "c"]}
    rows = [row("short.gtl", "s", "2024-01-01"), row("long.gtl", "l", "2024-01-01"),
            row("late.gtl", "l2", "2024-01-01"), row("other.gtl", "x"), row("bad.gtl", "b"),
            row("copy.gtl", "l", "2024-01-01")]  # the same text as long.gtl
    found = {s.path: (s.kept, s.relation) for s in set_aside(rows, units.get)}
    # copy.gtl and long.gtl are one text: copy.gtl (first in path order) is kept, long.gtl set aside
    assert found == {"long.gtl": ("copy.gtl", "same"), "late.gtl": ("copy.gtl", "same"),
                     "short.gtl": ("copy.gtl", "prefix")}  # other.gtl parts after 2 units; bad.gtl unread


def test_sessions_are_one_game_when_their_bytes_are():
    rows = [row("b.toml", "", kind="session"), row("a.toml", "", kind="session"),
            row("c.toml", "", kind="session", sha="c" * 64)]
    assert [(s.path, s.kept) for s in set_aside(rows, lambda p: None)] == [("b.toml", "a.toml")]
