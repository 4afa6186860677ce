"""Issue 26: a Trickerion file reports every problem in one run, each at its line, as `gt tally` does
for a table file (and a configuration file reports all of its problems too)."""

from __future__ import annotations

from tests.conftest import SCENARIOS, run


def located(result) -> list[tuple[int, str]]:
    """(line, code) of every problem printed, in order."""
    found = []
    for line in result.stderr.splitlines():
        head, _, rest = line.partition(": ")
        if head.count(":") >= 2 and rest[:3] == "TRK":
            found.append((int(head.split(":")[-2]), rest.split(" ")[0]))
    return found


def test_a_players_file_reports_every_bad_value(write):
    path = write("players.toml", '\n'.join([
        'initiative = ["Ana", "Ben", "Caro"]',
        '[[players]]', 'name = "Ana"', 'fame = -3', 'coins = "ten"',           # lines 4, 5
        '[[players]]', 'name = "Ben"', 'fame = 20', 'fortune = 2',              # line 9: unknown field
        '[[players]]', 'name = "Caro"', 'shards = 500', 'specialists = ["wizard"]', ""]))  # lines 12, 13
    result = run("trickerion", "final", path)
    assert result.exit_code == 2
    assert located(result) == [(4, "TRK003"), (5, "TRK003"), (9, "TRK006"), (12, "TRK003"), (13, "TRK004")]


def test_a_performance_reports_every_bad_value_and_trick(write):
    path = write("show.toml", '\n'.join([
        'day = "fryday"', 'performer = "Ana"', 'links = 99',                   # lines 1, 3
        '[[tricks]]', 'owner = "Ana"', 'fame = 4', 'threshold = 17',          # line 7
        '[[tricks]]', 'owner = "Ana"', 'coins = -1', ""]))                     # line 10
    result = run("trickerion", "performance", path)
    assert result.exit_code == 2
    assert located(result) == [(1, "TRK004"), (3, "TRK003"), (7, "TRK003"), (10, "TRK003")]


def test_a_turn_and_the_rules_it_breaks_are_all_reported(tmp_path, write):
    session = tmp_path / "game.toml"
    assert run("trickerion", "game", "new", session, "--players", "Ana,Ben,Caro",
               "--specialists", "assistant,manager,engineer").exit_code == 0
    turn = write("turn1.toml", '\n'.join([
        '[[players]]', 'name = "Ana"', 'changes = { coins = 999 }', 'advertised = "yes"',   # lines 3, 4
        '[[players]]', 'name = "Bob"',                                                  # line 6: no such player
        '[[performances]]', 'day = "friday"', 'performer = "Caro"', 'links = -2', ""]))  # line 10
    before = session.read_text(encoding="utf-8")
    result = run("trickerion", "game", "turn", session, turn, "--yes")
    assert result.exit_code == 2
    assert [line for line, _ in located(result)] == [3, 4, 6, 10]
    assert session.read_text(encoding="utf-8") == before  # nothing saved


def test_wages_reports_every_player_whose_team_does_not_add_up(write):
    path = write("wages.toml", '\n'.join([
        'initiative = ["Ana", "Ben", "Caro"]',
        '[[players]]', 'name = "Ana"', 'apprentices = 0', 'hired = ["apprentice"]',
        '[[players]]', 'name = "Ben"', 'apprentices = 0', 'hired = ["apprentice"]',
        '[[players]]', 'name = "Caro"', 'apprentices = 1', ""]))
    result = run("trickerion", "wages", path)
    assert result.exit_code == 2 and [code for _, code in located(result)] == ["TRK016", "TRK016"]


def test_a_configuration_file_reports_every_problem_at_its_line(write):
    config = write("gt.toml", 'severity = "loud"\nmax-findings = -1\nlanguag = "es"\nignore = ["T66"]\n')
    log = write("game.gtl", (SCENARIOS / "rules" / "T6.gtl").read_text(encoding="utf-8"))
    result = run("check", log)
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.startswith(str(config))]
    assert [(line.split(":")[1], line.split(": ")[1].split(" ")[0]) for line in lines] == \
        [("1", "CFG003"), ("2", "CFG003"), ("3", "CFG002"), ("4", "CFG003")]
