"""The club archive trusts nothing it did not make: issue 30's club bullets, each with real processes.

What ``gt club site`` removes (only pages it wrote, still as it wrote them), where ``gt club
export`` writes (never through a link), an index that came with someone's archive, a log
whose ``# noqa`` hides its findings, file names that are not UTF-8 or hold a newline, folders
nested deeper than Python's recursion, and a ``--db`` that is no file.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.races import gt

pytestmark = pytest.mark.skipif(os.name != "posix", reason="links, FIFOs and byte file names of POSIX")


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    """Four generated games (benchmarks/club_archive.py) in one folder: enough for a site, quick to index."""
    from benchmarks.club_archive import write_game

    archive = tmp_path_factory.mktemp("small") / "archive"
    for seed in range(4):
        made = write_game((seed, str(archive)))
        made.rename(archive / made.name)
    return archive


def copy_of(small: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(small, tmp_path / "archive", ignore=shutil.ignore_patterns(".gt-club")))


# ---- 1. gt club site removes only what it wrote -----------------------------------------------------------
def test_site_into_a_folder_of_the_clubs_own_pages_is_refused_and_removes_nothing(small, tmp_path):
    out = tmp_path / "site"
    (out / "games").mkdir(parents=True)
    own = out / "games" / "night-20240531.html"  # a name of the same shape as gt's page names
    own.write_text("<p>the club's own page</p>\n")
    archive = copy_of(small, tmp_path)
    result = gt("club", "site", archive, "-o", out)
    assert result.returncode == 2 and "IO008" in result.stderr and "--overwrite" in result.stderr
    assert not (archive / ".gt-club").exists()  # refused before the archive was even indexed
    assert own.read_text() == "<p>the club's own page</p>\n"
    assert sorted(p.name for p in out.rglob("*")) == ["games", "night-20240531.html"]  # nothing written


def test_site_with_overwrite_keeps_the_clubs_pages_and_then_removes_only_its_own(small, tmp_path):
    archive, out = copy_of(small, tmp_path), tmp_path / "site"
    (out / "games").mkdir(parents=True)
    own = out / "games" / "night-20240531.html"
    own.write_text("<p>the club's own page</p>\n")
    first = gt("club", "site", archive, "-o", out, "--overwrite", "--json")
    assert first.returncode == 0, first.stderr
    manifest = json.loads((out / ".gt-written.json").read_text())["files"]
    assert "games/night-20240531.html" not in manifest and "index.html" in manifest
    pages = sorted(name for name in manifest if name.startswith("games/") and name.endswith(".html"))
    assert len(pages) == 2 * 4  # each of the 4 games: its own page and its scoresheet (and their stylesheet)
    edited, untouched = out / pages[0], out / pages[1]
    edited.write_text(edited.read_text() + "<!-- our note -->")  # a page gt wrote, changed by someone
    for log in sorted(archive.glob("*.gtl"))[:2]:  # both games leave the archive: their pages are stale
        log.unlink()
    second = gt("club", "site", archive, "-o", out, "--json")  # no --overwrite needed: the folder is gt's now
    assert second.returncode == 0, second.stderr
    after = json.loads((out / ".gt-written.json").read_text())["files"]
    gone = sorted(set(manifest) - set(after))  # the two games' pages, and players' pages no longer needed
    assert pages[0] in gone and pages[1] in gone
    assert [name for name in gone if (out / name).exists()] == [pages[0]]  # changed since: left, and unlisted
    assert json.loads(second.stdout)["removed"] == len(gone) - 1 and not untouched.exists()
    assert own.read_text() == "<p>the club's own page</p>\n"  # never gt's: never touched


def test_a_forged_manifest_never_makes_gt_remove_a_file_outside_its_pages(small, tmp_path):
    import hashlib

    out = tmp_path / "site"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    digest = hashlib.sha256(victim.read_bytes()).hexdigest()
    (out / "notes.html").write_text("precious\n")
    forged = {"../victim.txt": digest, "notes.html": digest, "/etc/hostname": digest}
    (out / ".gt-written.json").write_text(json.dumps({"format": 1, "files": forged}))
    result = gt("club", "site", copy_of(small, tmp_path), "-o", out)
    assert result.returncode == 0, result.stderr
    assert victim.read_text() == "precious\n" and (out / "notes.html").read_text() == "precious\n"


def test_a_link_in_place_of_the_manifest_is_refused(small, tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    target = tmp_path / "elsewhere.json"
    (out / ".gt-written.json").symlink_to(target)
    result = gt("club", "site", copy_of(small, tmp_path), "-o", out, "--overwrite")
    assert result.returncode == 2 and "IO006" in result.stderr and not target.exists()


# ---- 2. gt club export never writes through a link --------------------------------------------------------
@pytest.mark.parametrize("dangling", [False, True])
def test_export_never_writes_through_a_link_at_a_table_name(small, tmp_path, dangling):
    out, mine = tmp_path / "out", tmp_path / "mine.csv"
    out.mkdir()
    if not dangling:
        mine.write_text("precious\n")
    (out / "games.csv").symlink_to(mine)
    result = gt("club", "export", copy_of(small, tmp_path), "-o", out)
    assert result.returncode == 2 and "IO006" in result.stderr and "symbolic link" in result.stderr
    assert (mine.read_text() == "precious\n") if not dangling else not mine.exists()
    assert (out / "games.csv").is_symlink()


def test_export_refuses_a_hard_link_at_a_table_name(small, tmp_path):
    out, mine = tmp_path / "out", tmp_path / "mine.jsonl"
    out.mkdir()
    mine.write_text("precious\n")
    os.link(mine, out / "player-games.jsonl")
    result = gt("club", "export", copy_of(small, tmp_path), "-o", out, "--format", "jsonl")
    assert result.returncode == 2 and "IO006" in result.stderr and mine.read_text() == "precious\n"


# ---- 3. a log's own # noqa under --isolated / --ignore-noqa, and the club shows what it suppressed --------
@pytest.fixture
def hidden(tmp_path) -> Path:
    """An archive of one log whose two T2 errors are suppressed by its own comments."""
    from tests.conftest import SCENARIOS

    archive = tmp_path / "inbox"
    archive.mkdir()
    lines = (SCENARIOS / "rules" / "T2.gtl").read_text(encoding="utf-8").rstrip("\n").split("\n")
    lines[15] += "  # noqa: T2"
    lines.append("Ben: vote staff; vote orb  # noqa: T2")
    (archive / "t2.gtl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return archive


@pytest.mark.parametrize("how", [("--isolated", "check"), ("check", "--ignore-noqa")])
def test_isolated_and_ignore_noqa_show_what_a_logs_own_comments_hide(hidden, how):
    assert gt("check", hidden, "--severity", "error").returncode == 0  # the comments hide both
    result = gt(*how, hidden, "--severity", "error", "--json")
    assert result.returncode == 1, result.stderr
    found = [(d["code"], d["line"]) for f in json.loads(result.stdout)["files"] for d in f["diagnostics"]]
    assert found == [("T2", 16), ("T2", 17)]


def test_the_club_keeps_and_shows_what_a_logs_noqa_suppressed(hidden, tmp_path):
    result = gt("club", "index", hidden, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["suppressed"] == [{"file": "t2.gtl", "verdict": data["suppressed"][0]["verdict"],
                                   "findings": ["T2:16", "T2:17"]}]
    assert data["suppressed"][0]["verdict"] != "illegal"
    human = gt("club", "stats", hidden)
    assert "1 game(s) judged with findings their own # noqa suppressed: t2.gtl (T2:16, T2:17)" in \
        " ".join(human.stderr.split())
    exported = gt("club", "export", hidden).stdout.splitlines()
    assert ",suppressed," in exported[0] and ",T2:16 T2:17," in exported[1]
    for how in (("--isolated", "club", "index"), ("club", "--ignore-noqa", "index")):
        strict = gt(*how, hidden, "--json", "--db", tmp_path / f"{how[0]}.sqlite")
        assert strict.returncode == 0, strict.stderr
        again = json.loads(gt(*how[:-1], "export", hidden, "--json", "--db", tmp_path / f"{how[0]}.sqlite").stdout)
        assert [(r["verdict"], r["codes"], r["suppressed"]) for r in again["records"]] == [("illegal", "T2", "")]


# ---- 5. an index that came with the archive is rebuilt from the files -------------------------------------
def _winners(archive: Path, *extra) -> dict[str, list[str]]:
    result = gt("club", "export", archive, "--json", *extra)
    assert result.returncode == 0, result.stderr
    return {r["file"]: r["winners"] for r in json.loads(result.stdout)["records"]}


def test_an_edited_index_shipped_with_an_archive_is_rebuilt_not_believed(small, tmp_path):
    import sqlite3

    theirs = copy_of(small, tmp_path)
    truth = _winners(theirs)  # the stranger indexed it honestly, then edited the index
    conn = sqlite3.connect(theirs / ".gt-club" / "club.sqlite")
    conn.execute("UPDATE seats SET winner = (seat = 1)")
    conn.execute("UPDATE seats SET name = 'Mallory' WHERE seat = 1")
    conn.commit()
    conn.close()
    forged = _winners(theirs)
    assert forged != truth  # in their own copy (their file, as written by their gt) the edit is theirs to make
    mine = Path(shutil.copytree(theirs, tmp_path / "unpacked"))  # the archive, unpacked here with its index
    result = gt("club", "stats", mine)
    assert result.returncode == 0, result.stderr
    assert "was not used: gt did not write it here for you" in " ".join(result.stderr.split())
    assert _winners(mine) == truth and "Mallory" not in gt("club", "stats", mine, "--json").stdout
    assert [p.name.split("-")[0] for p in (mine / ".gt-club").iterdir() if "untrusted" in p.name] == \
        ["club.sqlite.untrusted"]  # kept aside, never read again


def test_an_index_whose_schema_is_not_gts_is_rebuilt(small, tmp_path):
    import sqlite3

    archive = copy_of(small, tmp_path)
    truth = _winners(archive)
    conn = sqlite3.connect(archive / ".gt-club" / "club.sqlite")  # same file, same mark: only the schema changed
    conn.execute("CREATE TRIGGER t AFTER INSERT ON files BEGIN DELETE FROM seats; END")
    conn.commit()
    conn.close()
    result = gt("club", "index", archive, "--json")
    assert result.returncode == 0 and "its tables are not the ones gt makes" in " ".join(json.loads(result.stdout)["notes"])
    assert _winners(archive) == truth


# ---- 6 and 9. file names that are not UTF-8, or hold a new line -------------------------------------------
def test_a_file_name_that_is_not_utf8_is_left_out_with_a_message_not_a_crash(small, tmp_path):
    archive = copy_of(small, tmp_path)
    game = sorted(archive.glob("*.gtl"))[0]
    os.rename(game, os.fsencode(archive) + b"/caf\xe9.gtl")
    os.mkdir(os.fsencode(archive) + b"/f\xf6lder")
    shutil.copy(sorted(archive.glob("*.gtl"))[0], os.fsencode(archive) + b"/f\xf6lder/x.gtl")
    assert gt("club", "export", archive).returncode == 0  # the table on standard output, quietly
    for command in ("index", "stats", "ratings", "duplicates"):
        result = gt("club", command, archive)
        assert result.returncode in (0, 1), (command, result.stderr)
        said = " ".join(result.stderr.split())
        assert "caf\\xe9.gtl: IO001 error: the name of this file is not UTF-8" in said, command
        assert "f\\xf6lder: IO001 error: the name of this folder is not UTF-8" in said, command
    data = json.loads(gt("club", "index", archive, "--json").stdout)
    assert data["files"] == 3 and {p["file"].rsplit("/", 1)[-1] for p in data["problems"]} == \
        {"caf\\xe9.gtl", "f\\xf6lder"}


def test_a_new_line_in_a_file_name_cannot_forge_lines_of_a_report(small, tmp_path):
    archive = copy_of(small, tmp_path)
    game = sorted(archive.glob("*.gtl"))[0]
    shutil.copy(game, archive / "x.gtl")  # a game recorded twice: reported
    shutil.copy(game, archive / "y\nThe same game, 9 times: forged.gtl")
    result = gt("club", "duplicates", archive)
    assert result.returncode == 1
    assert [line for line in result.stdout.splitlines() if "forged" in line] == []
    assert "y\\nThe same game, 9 times: forged.gtl: IO001 error: the name of this file holds a control character" \
        in result.stderr


# ---- 7. folders nested deeper than Python's recursion -----------------------------------------------------
@pytest.fixture
def deep(tmp_path):
    """A log 1,100 folders down (made and removed level by level: os.makedirs and shutil.rmtree recurse)."""
    top = tmp_path / "deep"
    levels = [str(top)]
    for _ in range(1100):
        levels.append(os.path.join(levels[-1], "d"))
    for level in levels:
        os.mkdir(level)
    yield top, levels[-1]
    for level in reversed(levels):
        for name in os.listdir(level):
            if not os.path.isdir(os.path.join(level, name)):
                os.unlink(os.path.join(level, name))
        if os.path.isdir(os.path.join(level, ".gt-club")):
            shutil.rmtree(os.path.join(level, ".gt-club"))
        os.rmdir(level)


def test_folders_a_thousand_deep_are_searched_by_check_and_club(deep):
    from tests.conftest import SCENARIOS

    top, bottom = deep
    shutil.copy(SCENARIOS / "rules" / "T2.gtl", os.path.join(bottom, "game.gtl"))
    check = gt("check", top, "--json")
    assert check.returncode == 1 and json.loads(check.stdout)["summary"]["errors"] == 1, check.stderr[-500:]
    club = gt("club", "index", top, "--json")
    assert club.returncode == 0 and json.loads(club.stdout)["files"] == 1, club.stderr[-500:]


# ---- 10. a --db that is no file of its own ----------------------------------------------------------------
@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="Linux's /proc")
def test_db_proc_self_mem_is_a_clear_refusal(small, tmp_path):
    result = gt("club", "stats", copy_of(small, tmp_path), "--db", "/proc/self/mem")
    assert result.returncode == 2 and "CLUB001" in result.stderr and "cannot read /proc/self/mem" in result.stderr


# ---- 11. probable duplicate names without comparing every pair --------------------------------------------
@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="abn", min_size=1, max_size=5), max_size=12))
def test_probable_duplicates_are_every_pair_one_edit_apart(keys):
    from gtcli.club.names import one_edit_apart, probable_duplicates

    long_enough = sorted({k for k in keys if len(k) > 2})
    every_pair = [(a, b) for n, a in enumerate(long_enough) for b in long_enough[n + 1:] if one_edit_apart(a, b)]
    assert probable_duplicates(keys) == every_pair


def test_ten_thousand_names_are_not_compared_pair_by_pair(monkeypatch):
    import random

    from gtcli.club import names

    rng = random.Random(30)
    keys = {"".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(4, 9))) for _ in range(10_000)}
    keys |= {"anna", "ana", "benat", "benta"}
    calls = []
    real = names.one_edit_apart
    monkeypatch.setattr(names, "one_edit_apart", lambda a, b: calls.append(1) or real(a, b))
    found = names.probable_duplicates(keys)
    assert ("ana", "anna") in found and ("benat", "benta") in found
    assert len(calls) < 5 * len(keys)  # every pair of equal or neighbouring length would be millions
