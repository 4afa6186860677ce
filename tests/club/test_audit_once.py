"""Audit of issue 38, points 3 and 4: a game counted once, whatever spelling of a player a copy uses.

A stranger's copy of the club's game whose moves name a player by another spelling is, once the
club's ``[club.aliases]`` say that spelling is the player, the same game: the same moves, rules,
results and date. It is still counted twice: every other player of that night gets the game
twice in stats and ratings, and no command names the copy.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import run

ORIGINAL = "2024/01/game-00000.gtl"  # Gala, Ana, Eli, Inés


def stats(archive, *args) -> dict:
    result = run("club", "stats", archive, "--json", *args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_a_copy_in_another_case_is_the_same_game_and_counted_once(club_archive):
    inbox = club_archive / "0-inbox"
    inbox.mkdir()
    (inbox / "lower.gtl").write_text((club_archive / ORIGINAL).read_text(encoding="utf-8").replace("Ana", "ana"),
                                     encoding="utf-8")
    data = stats(club_archive)
    assert data["games"] == 24 and data["conflicts"] == []
    assert data["duplicates"] == [{"file": ORIGINAL, "kept": "0-inbox/lower.gtl", "relation": "same"}]


@pytest.mark.parametrize("spelling", ["Anita", "\u0410na"])
def test_a_copy_under_an_alias_of_a_player_is_the_same_game_and_counted_once(club_archive, spelling):
    inbox = club_archive / "inbox"
    inbox.mkdir()
    (inbox / "copy.gtl").write_text((club_archive / ORIGINAL).read_text(encoding="utf-8").replace("Ana", spelling),
                                    encoding="utf-8")
    (club_archive / "gt.toml").write_text(f'[club.aliases]\nAna = "{spelling}"\n', encoding="utf-8")
    gala = next(p for p in stats(club_archive)["players"] if p["name"] == "Gala")
    data = stats(club_archive)
    assert data["games"] == 24
    assert data["duplicates"] == [{"file": "inbox/copy.gtl", "kept": ORIGINAL, "relation": "same"}]
    (club_archive / "inbox" / "copy.gtl").unlink()
    assert next(p for p in stats(club_archive)["players"] if p["name"] == "Gala")["games"] == gala["games"]


@pytest.mark.parametrize("spelling", ["Anita", "\u0410na"])
def test_a_copy_under_another_spelling_without_an_alias_is_a_conflict_counted_by_neither(club_archive, spelling):
    """The same moves seat by seat, another player in a seat: not a second game for the other three.
    The club settles it with an alias (then a copy) or ``[club] keep``."""
    inbox = club_archive / "inbox"
    inbox.mkdir()
    (inbox / "copy.gtl").write_text((club_archive / ORIGINAL).read_text(encoding="utf-8").replace("Ana", spelling),
                                    encoding="utf-8")
    data = stats(club_archive)
    assert data["games"] == 23 and data["duplicates"] == []
    [conflict] = data["conflicts"]
    assert conflict["files"] == [ORIGINAL, "inbox/copy.gtl"] and conflict["differ"] == ["result"]
    (club_archive / "gt.toml").write_text(f'[club]\nkeep = ["{ORIGINAL}"]\n', encoding="utf-8")
    data = stats(club_archive)
    assert data["games"] == 24 and data["duplicates"] == [{"file": "inbox/copy.gtl", "kept": ORIGINAL,
                                                            "relation": "overruled"}]


def test_two_games_of_other_players_stay_two_games(club_archive):
    """Players by seat make records of other players' games candidates; their moves still tell them apart."""
    data = stats(club_archive)
    assert data["games"] == 24 and data["duplicates"] == [] and data["conflicts"] == []


THREE = "scenarios/games/three-players.gtl"


@pytest.fixture
def sessions(tmp_path):
    """A club's `gt game` session of a night (dated), in an archive of its own."""
    from tests.conftest import ROOT

    archive = tmp_path / "archive"
    (archive / "2024").mkdir(parents=True)
    night = archive / "2024" / "night.toml"
    assert run("game", "from-log", ROOT / THREE, night).exit_code == 0
    night.write_text(night.read_text(encoding="utf-8").replace("format = 1\n", "format = 1\ndate = 2024-05-31\n", 1),
                     encoding="utf-8")
    return archive


def test_a_byte_for_byte_copy_of_a_session_is_counted_once(sessions):
    (sessions / "inbox").mkdir()
    (sessions / "inbox" / "copy.toml").write_bytes((sessions / "2024" / "night.toml").read_bytes())
    data = stats(sessions)
    assert data["games"] == 1 and {p["games"] for p in data["players"]} == {1}


NIGHT, COPY = "2024/night.toml", "inbox/copy.toml"


def test_a_session_copy_that_differs_only_by_comments_and_layout_is_the_same_game(sessions):
    """Sessions were one game only when their bytes were: a comment made the copy a second game."""
    (sessions / "inbox").mkdir()
    text = (sessions / NIGHT).read_text(encoding="utf-8")
    copy = text.replace("format = 1\n", "# mailed by a friend\nformat = 1\n", 1).replace(" = ", "=")
    (sessions / COPY).write_text(copy, encoding="utf-8")
    data = stats(sessions)
    assert data["games"] == 1 and {p["games"] for p in data["players"]} == {1}
    assert data["duplicates"] == [{"file": COPY, "kept": NIGHT, "relation": "same"}] and data["conflicts"] == []


def test_a_session_copy_with_a_forged_date_is_a_conflict_counted_by_neither(sessions):
    (sessions / "inbox").mkdir()
    text = (sessions / NIGHT).read_text(encoding="utf-8")
    (sessions / COPY).write_text(text.replace("date = 2024-05-31", "date = 0001-01-01", 1), encoding="utf-8")
    data = stats(sessions)
    assert data["games"] == 0 and data["duplicates"] == []
    assert data["conflicts"] == [{"files": [NIGHT, COPY], "differ": ["date"], "dates": ["2024-05-31", "0001-01-01"]}]
    (sessions / "gt.toml").write_text(f'[club]\nkeep = ["{NIGHT}"]\n', encoding="utf-8")
    data = stats(sessions, "--since", "2024-01-01")
    assert data["games"] == 1 and data["duplicates"] == [{"file": COPY, "kept": NIGHT, "relation": "overruled"}]


def test_two_nights_of_the_same_players_are_two_games(sessions):
    """The same players with the same totals, but another Tribunal recorded: another game."""
    (sessions / "inbox").mkdir()
    text = (sessions / NIGHT).read_text(encoding="utf-8")
    other = text.replace("last_praeco = ", "# another night\nlast_praeco = ", 1)
    assert "[[tribunals]]" in text and other != text
    (sessions / COPY).write_text(other.replace('name = "Pilgrim\'s Orb"', 'name = "Pilgrim Orb"', 1), encoding="utf-8")
    data = stats(sessions)
    assert data["games"] == 2 and data["duplicates"] == [] and data["conflicts"] == []


def test_a_log_and_the_session_gt_wrote_of_it_are_one_game(club_archive):
    session = (club_archive / ORIGINAL).with_suffix(".toml")
    assert run("game", "from-log", club_archive / ORIGINAL, session).exit_code == 0
    data = stats(club_archive)
    assert data["games"] == 24  # not 25: Gala, Ana, Eli and Inés each credited with that night twice
    assert data["duplicates"] or data["conflicts"]


@pytest.fixture
def from_log(club_archive):
    """The session `gt game from-log` writes of the club's log, beside it (no date: from-log writes none)."""
    session = club_archive / "2024" / "01" / "night.toml"
    assert run("game", "from-log", club_archive / ORIGINAL, session).exit_code == 0
    return session


SESSION = "2024/01/night.toml"


def players_games(data: dict) -> dict[str, int]:
    return {p["name"]: p["games"] for p in data["players"]}


def test_the_session_of_a_log_is_set_aside_as_the_same_game_and_the_log_counts(club_archive, from_log):
    before = players_games(stats(club_archive))
    assert players_games(stats(club_archive, "--keep-duplicates"))["Gala"] == before["Gala"] + 1
    from_log.write_text(from_log.read_text(encoding="utf-8").replace("format = 1\n", "# typed up\nformat=1\n", 1),
                        encoding="utf-8")
    data = stats(club_archive)
    assert data["games"] == 24 and data["conflicts"] == [] and players_games(data) == before
    assert data["duplicates"] == [{"file": SESSION, "kept": ORIGINAL, "relation": "same"}]
    assert stats(club_archive, "--since", "2024-01-01", "--until", "2024-01-01")["games"] == 1  # the log's date


@pytest.mark.parametrize("date, differ", [("2024-01-01", False), ("0001-01-01", True)])
def test_a_session_of_a_log_dated_otherwise_is_a_conflict(club_archive, from_log, date, differ):
    from_log.write_text(from_log.read_text(encoding="utf-8").replace("format = 1\n", f"format = 1\ndate = {date}\n"),
                        encoding="utf-8")
    data = stats(club_archive)
    if not differ:
        assert data["games"] == 24 and data["duplicates"] == [{"file": SESSION, "kept": ORIGINAL, "relation": "same"}]
        return
    assert data["games"] == 23 and data["duplicates"] == []
    assert data["conflicts"] == [{"files": [ORIGINAL, SESSION], "differ": ["date"], "dates": ["2024-01-01", date]}]
    (club_archive / "gt.toml").write_text(f'[club]\nkeep = ["{SESSION}"]\n', encoding="utf-8")
    data = stats(club_archive)
    assert data["games"] == 24 and data["duplicates"] == [{"file": ORIGINAL, "kept": SESSION, "relation": "overruled"}]


def test_a_session_whose_tables_differ_from_the_logs_is_another_game(club_archive, from_log):
    """The same players and totals, but an Item named otherwise: not what the log's replay gives."""
    text = from_log.read_text(encoding="utf-8")
    assert text.count("Codex Fragment") > 1
    from_log.write_text(text.replace("Codex Fragment", "Codex Leaf"), encoding="utf-8")
    data = stats(club_archive)
    assert data["games"] == 25 and data["duplicates"] == [] and data["conflicts"] == []


def test_the_sites_left_out_page_names_a_command_that_reads_each_record_of_a_log_and_session_conflict(
        club_archive, from_log, tmp_path):
    """gt diff reads logs only: for a session it would refuse; the page gives the session's own command."""
    import html
    import re

    from_log.write_text(from_log.read_text(encoding="utf-8").replace("format = 1\n", "format = 1\ndate = 0001-01-01\n"),
                        encoding="utf-8")
    result = run("club", "site", club_archive, "-o", tmp_path / "site", "--json")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "site" / "excluded.html").read_text(encoding="utf-8")
    commands = {html.unescape(re.sub(r"<[^>]+>", "", c)).rsplit("/", 1)[-1]: html.unescape(re.sub(r"<[^>]+>", "", c))
                for c in re.findall(r'<code class="command">(.+?)</code>', page)}
    assert commands["night.toml"].startswith("gt game show ") and " " not in commands["night.toml"][13:]
    assert commands["game-00000.gtl"].startswith("gt check ")


@pytest.mark.parametrize("alias", [True, False])
def test_a_session_copy_that_spells_a_player_otherwise(sessions, alias):
    """An alias makes it the club's player: the same game. Without one, the same Tribunals seat by seat
    with another name in a seat: a conflict (as for logs), not a second game for the other players."""
    (sessions / "inbox").mkdir()
    (sessions / COPY).write_text((sessions / NIGHT).read_text(encoding="utf-8").replace('"Ana"', '"Anita"'),
                                 encoding="utf-8")
    if alias:
        (sessions / "gt.toml").write_text('[club.aliases]\nAna = "Anita"\n', encoding="utf-8")
    data = stats(sessions)
    if alias:
        assert data["games"] == 1 and data["duplicates"] == [{"file": COPY, "kept": NIGHT, "relation": "same"}]
    else:
        assert data["games"] == 0 and data["duplicates"] == []
        assert data["conflicts"] == [{"files": [NIGHT, COPY], "differ": ["result"], "dates": ["2024-05-31"] * 2}]


@pytest.mark.parametrize("alias", [True, False])
def test_the_session_of_a_log_that_spells_a_player_otherwise(club_archive, from_log, alias):
    from_log.write_text(from_log.read_text(encoding="utf-8").replace('"Ana"', '"Anita"'), encoding="utf-8")
    if alias:
        (club_archive / "gt.toml").write_text('[club.aliases]\nAna = "Anita"\n', encoding="utf-8")
    data = stats(club_archive)
    if alias:
        assert data["games"] == 24 and data["duplicates"] == [{"file": SESSION, "kept": ORIGINAL, "relation": "same"}]
    else:
        assert data["games"] == 23 and data["duplicates"] == []
        assert data["conflicts"] == [{"files": [ORIGINAL, SESSION], "differ": ["result"],
                                      "dates": ["2024-01-01", None]}]
