"""Issue 38, points 3 and 4: a stranger's record never replaces the club's game.

Two records are one game only when their moves, their rules (profile, variants, card set,
board) and their judged results (totals, winners) agree, and so do their dates. Records of
the same moves that disagree are a *conflict*: both named, neither counted, until the club
chooses one with ``[club] keep`` in gt.toml. An exact copy is kept by the archive's path
order, never by a date a stranger wrote."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.club.once import set_aside
from gtcli.club.work import LEGAL, Row, Seat
from tests.conftest import run

ORIGINAL = "2024/01/game-00000.gtl"


def data(*args) -> dict:
    result = run(*args, "--json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def rescored(path: Path) -> None:
    """Rewrite a log's scores and winner lines as its own rules score them (what a careful stranger does)."""
    out = subprocess.run([sys.executable, "-m", "gtcli", "check", str(path), "--json"], capture_output=True,
                         text=True, check=False)
    lines = path.read_text(encoding="utf-8").split("\n")
    for d in json.loads(out.stdout)["files"][0]["diagnostics"]:
        found = re.match(r"(.+) scores (\d+) at Tribunal \d+, not (\d+)$", d["message"])
        if found:
            lines[d["line"] - 1] = lines[d["line"] - 1].replace(f"{found[1]} {found[3]}", f"{found[1]} {found[2]}")
        found = re.match(r"the winner is (.+), not (.+)$", d["message"])
        if found:
            lines[d["line"] - 1] = "winner " + found[1]
    path.write_text("\n".join(lines), encoding="utf-8")
    assert "clean" in run("check", path).stdout


@pytest.fixture
def forged(club_archive) -> Path:
    """The 24 games, and a stranger's record of the first: the same moves under a house profile that
    scores places otherwise (another winner), dated a day earlier, its scores lines rewritten to fit."""
    inbox = club_archive / "inbox"
    inbox.mkdir()
    (inbox / "house.toml").write_text("[parameters]\nplace_multipliers = [9, 1, 0]\n", encoding="utf-8")
    text = (club_archive / ORIGINAL).read_text(encoding="utf-8")
    copy = inbox / "rules.gtl"
    copy.write_text(text.replace('[Date "2024-01-01"]', '[Date "2023-12-31"]\n[Profile "house.toml"]'),
                    encoding="utf-8")
    rescored(copy)
    return club_archive


def test_a_record_of_the_same_moves_under_other_rules_is_a_conflict_and_neither_counts(forged):
    stats = data("club", "stats", forged)
    assert stats["games"] == 23  # neither record of that game counts until the club chooses
    assert stats["duplicates"] == []
    assert stats["conflicts"] == [{"files": [ORIGINAL, "inbox/rules.gtl"], "differ": ["rules", "result", "date"],
                                   "dates": ["2024-01-01", "2023-12-31"]}]
    rated = data("club", "ratings", forged)
    assert rated["games"] == 23 and rated["conflicts"] == stats["conflicts"]
    text = run("club", "stats", forged).stdout
    assert "conflict" in text and "inbox/rules.gtl" in text and ORIGINAL in text and "keep" in text
    assert "inbox/rules.gtl" in run("club", "ratings", forged).stdout
    site = forged.parent / "site"
    assert run("club", "site", forged, "-o", site).exit_code == 0
    left = (site / "excluded.html").read_text(encoding="utf-8")
    assert "inbox/rules.gtl" in left.replace("<wbr>", "") and "conflict" in left
    shutil.rmtree(forged / ".gt-club")  # the index holds nothing the files do not
    assert data("club", "stats", forged)["conflicts"] == stats["conflicts"]


def test_the_club_chooses_the_record_that_counts_in_gt_toml(forged):
    (forged / "gt.toml").write_text(f'[club]\nkeep = ["{ORIGINAL}"]\n', encoding="utf-8")
    stats = data("club", "stats", forged)
    assert stats["games"] == 24 and stats["conflicts"] == []
    assert stats["duplicates"] == [{"file": "inbox/rules.gtl", "kept": ORIGINAL, "relation": "overruled"}]
    ana = next(p for p in stats["players"] if p["name"] == "Ana")
    assert ana["wins"] == data("club", "stats", forged, "--keep-duplicates", "--player", "Ana")["players"][0]["wins"] - 0
    assert "inbox/rules.gtl: not the record the club keeps" in run("club", "stats", forged).stdout


def test_a_keep_that_is_not_a_list_of_paths_is_refused(forged):
    (forged / "gt.toml").write_text("[club]\nkeep = 3\n", encoding="utf-8")
    result = run("club", "stats", forged)
    assert result.exit_code == 2 and "CFG003" in result.output and "keep" in result.output


def test_an_exact_copy_dated_earlier_is_a_conflict_not_the_game_kept(club_archive):
    original = club_archive / ORIGINAL
    old = club_archive / "inbox" / "old.gtl"
    old.parent.mkdir()
    old.write_text(original.read_text(encoding="utf-8").replace('[Date "2024-01-01"]', '[Date "0001-01-01"]'),
                   encoding="utf-8")
    since = data("club", "stats", club_archive, "--since", "2024-01-01")
    assert since["duplicates"] == []  # on main the copy was kept and the real game set aside
    assert since["conflicts"] == [{"files": [ORIGINAL, "inbox/old.gtl"], "differ": ["date"],
                                   "dates": ["2024-01-01", "0001-01-01"]}]
    (club_archive / "gt.toml").write_text(f'[club]\nkeep = ["{ORIGINAL}"]\n', encoding="utf-8")
    since = data("club", "stats", club_archive, "--since", "2024-01-01")
    assert since["games"] == 24 and since["conflicts"] == [] and since["outside_dates"] == 0


def test_of_exact_copies_the_first_in_path_order_is_kept_whatever_it_says(club_archive):
    first = club_archive / "0-mailed" / "copy.gtl"  # before 2024/ in path order
    first.parent.mkdir()
    first.write_bytes((club_archive / ORIGINAL).read_bytes())
    stats = data("club", "stats", club_archive)
    assert stats["games"] == 24 and stats["conflicts"] == []
    assert stats["duplicates"] == [{"file": ORIGINAL, "kept": "0-mailed/copy.gtl", "relation": "same"}]


def row(path: str, record: str, date: str | None = "2024-01-01", rules: str = "r", winner: int = 1,
        units: int = 4) -> Row:
    return Row(path, "a" * 64, 1, "log", "grand-tribunal", LEGAL, date=date, opening="o", record=record, rules=rules,
               units=units, seats=(Seat(1, "Ana", 3, 1, 1, winner == 1), Seat(2, "Ben", 1, 2, 2, winner == 2)))


def test_the_order_a_stranger_writes_decides_nothing():
    units = {p: ["p", "a", "b", "c"] for p in ("a.gtl", "b.gtl", "c.gtl", "d.gtl")}
    units["short.gtl"] = ["p", "a"]
    rows = [row("b.gtl", "x"), row("a.gtl", "y"), row("short.gtl", "s", units=2)]
    found = {s.path: (s.kept, s.relation) for s in set_aside(rows, units.get)}
    assert found == {"b.gtl": ("a.gtl", "same"), "short.gtl": ("a.gtl", "prefix")}
    rows.append(row("c.gtl", "x", rules="other"))  # the same moves under other rules: a conflict of all four
    found = {s.path: (s.kept, s.relation, s.differ) for s in set_aside(rows, units.get)}
    assert {p: r for p, (_, r, _) in found.items()} == dict.fromkeys(("a.gtl", "b.gtl", "c.gtl", "short.gtl"),
                                                                     "conflict")
    assert found["c.gtl"][2] == ("rules",)
    keep = {s.path: (s.kept, s.relation) for s in set_aside(rows, units.get, keep=("c.gtl",))}
    assert keep == {"a.gtl": ("c.gtl", "overruled"), "b.gtl": ("c.gtl", "overruled"),
                    "short.gtl": ("c.gtl", "overruled")}
    other = [row("a.gtl", "y"), row("d.gtl", "z", winner=2)]  # another result
    assert [s.differ for s in set_aside(other, units.get)] == [("result",), ("result",)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["abc", "abcd", "ab", "xyz"]), st.sampled_from(["r", "s"]),
                          st.sampled_from([1, 2]), st.sampled_from(["2024-01-01", "0001-01-01", None])),
                min_size=1, max_size=7), st.randoms())
def test_a_record_set_aside_as_a_repeat_always_agrees_with_the_one_counted(records, rnd):
    rows = [row(f"r{n}.gtl", f"{moves}{n}", date, rules, winner, len(moves))
            for n, (moves, rules, winner, date) in enumerate(records)]
    units = {r.path: list(moves) for r, (moves, *_) in zip(rows, records)}
    found = set_aside(rows, units.get)
    shuffled = rows[:]
    rnd.shuffle(shuffled)
    assert set_aside(shuffled, units.get) == found  # the order files come in decides nothing
    facts = {r.path: (r.rules, r.seats, r.date) for r in rows}
    aside = {s.path for s in found}
    for s in found:
        if s.relation == "conflict":
            assert s.path in s.files and all(f in aside for f in s.files)  # none of a conflict counts
        else:
            assert facts[s.path] == facts[s.kept] and s.kept not in aside


def test_an_extra_winner_line_does_not_make_a_strangers_copy_the_record_kept(club_archive):
    original = club_archive / ORIGINAL
    text = original.read_text(encoding="utf-8")
    copy = club_archive / "inbox" / "longer.gtl"
    copy.parent.mkdir()
    copy.write_text(text + text.rstrip("\n").splitlines()[-1] + "\n", encoding="utf-8")  # "winner X" twice: legal
    stats = data("club", "stats", club_archive)
    assert stats["duplicates"] == [{"file": "inbox/longer.gtl", "kept": ORIGINAL, "relation": "same"}]
