"""Tables fit the terminal: tally, game show, replay and Trickerion at 40, 60, 80 and 120 columns.

``COLUMNS`` forces the width (as it does on a terminal). At every width no line is wider
than the terminal and nothing is cut with "…": where a table does not fit, a narrower
layout is used (compact table, then one block per item, then the phone layout).
"""

from __future__ import annotations

import io
import re

import pytest

from tests.conftest import SCENARIOS, run

WIDTHS = (40, 60, 80, 120)
GAMES = SCENARIOS / "games"
TRK = SCENARIOS / "trickerion"
MIXED = """\
players = ["Ana", "Ben", "Caro", "Dora"]
last_praeco = "Dora"
[votes]
staff = 3
orb = 3
elemental = 2
[[items]]
owner = "Ana"
name = "Staff of the Seven Winter Storms"
type = "staff"
base = 4
spells = ["elemental", "runic"]
[[items]]
owner = "Ben"
name = "Orb of Tides"
type = "orb"
base = 4
spells = ["elemental"]
[[items]]
owner = "Caro"
name = "Ember Wand"
type = "wand"
base = 2
[[items]]
owner = "Dora"
name = "Old Crown"
type = "talisman"
base = 9
won = true
[[items]]
owner = "Dora"
type = "orb"
base = 1
"""


def commands(tmp_path) -> dict[str, list]:
    """Every command whose output is laid out for the width, on inputs with long cells."""
    session = tmp_path / "game.toml"
    assert run("game", "from-log", GAMES / "five-players.gtl", session).exit_code == 0
    mixed = tmp_path / "mixed.toml"
    mixed.write_text(MIXED, encoding="utf-8")
    trk = tmp_path / "trk.toml"
    new = (TRK / "game" / "three-players" / "new.args").read_text(encoding="utf-8").split()
    assert run("trickerion", "game", "new", trk, *new).exit_code == 0
    for n in (1, 2):
        turn = TRK / "game" / "three-players" / f"turn{n}.toml"
        assert run("trickerion", "game", "turn", trk, turn, "-y").exit_code == 0
    return {
        "tally": ["tally", SCENARIOS / "tally" / "worked-example.toml"],
        "tally-mixed": ["tally", mixed],
        "tally-shared": ["tally", SCENARIOS / "tally" / "five-share-first.toml"],
        "game-show": ["game", "show", session],
        "replay-mid": ["replay", GAMES / "five-players.gtl", "--at", "60"],
        "replay-end": ["replay", GAMES / "five-players.gtl"],
        "replay-es": ["replay", GAMES / "cinco-jugadores.gtl"],
        "trk-final": ["trickerion", "final", TRK / "final" / "final-tie.toml"],
        "trk-performance": ["trickerion", "performance", TRK / "performance" / "all-bonuses.toml"],
        "trk-wages": ["trickerion", "wages", TRK / "wages" / "team-and-hires.toml"],
        "trk-initiative": ["trickerion", "initiative", TRK / "initiative" / "ties-reversed.toml"],
        "trk-game": ["trickerion", "game", "show", trk],
    }


@pytest.fixture(scope="module")
def all_commands(tmp_path_factory):
    return commands(tmp_path_factory.mktemp("widths"))


@pytest.mark.parametrize("width", WIDTHS)
def test_every_table_fits_the_width(all_commands, width):
    for name, args in all_commands.items():
        result = run(*args, env={"COLUMNS": str(width)})
        assert result.exit_code in (0, 1), (name, result.output)
        lines = result.stdout.splitlines()
        assert lines, name
        too_wide = [line for line in lines if len(line) > width]
        assert not too_wide, (name, width, too_wide)
        assert "…" not in result.stdout, (name, width, result.stdout)


def layout_of_items(stdout: str) -> str:
    if "| Breakdown" in stdout:
        return "full"
    if re.search(r"^#\s+Owner\s+Item\s+Votes\s+Breakdown", stdout, re.M):
        return "compact"
    if re.search(r"^1\. Ana: Storm Staff\n {2}Type {2}staff", stdout, re.M):
        return "stacked"
    if re.search(r"^1\. Ana: Storm Staff\n Type {2}staff", stdout, re.M):
        return "phone"
    return "unknown"


@pytest.mark.parametrize("width,layout", [(120, "full"), (80, "compact"), (60, "stacked"), (40, "phone")])
def test_the_tally_is_laid_out_for_the_width(width, layout):
    result = run("tally", SCENARIOS / "tally" / "worked-example.toml", env={"COLUMNS": str(width)})
    assert layout_of_items(result.stdout) == layout, result.stdout
    # every fact is there whatever the layout (wrapped at 40): the breakdown, award and score of each item
    flowing = " ".join(result.stdout.split())
    for words in ("staff 2 + elemental 3 + runic 1", "1st (blue)", "28", "wand 0 + elemental 3", "3rd (yellow)"):
        assert words in flowing, (width, words)
    assert result.stdout.isascii()  # plain ASCII off a terminal, in every layout


def test_empty_columns_are_left_out():
    result = run("tally", SCENARIOS / "tally" / "worked-example.toml")
    assert "Tie-break" not in result.stdout  # no two items had equal votes
    shared = run("tally", SCENARIOS / "tally" / "tie-base-score.toml")
    assert "Tie-break" in shared.stdout and "base score" in shared.stdout


def test_stacked_items_keep_styles_and_every_field(tmp_path):
    mixed = tmp_path / "mixed.toml"
    mixed.write_text(MIXED, encoding="utf-8")
    result = run("tally", mixed, env={"COLUMNS": "60"})
    assert "Staff of the Seven Winter Storms" in result.stdout
    assert "- Dora: Old Crown" in result.stdout and "won earlier" in result.stdout
    assert "honorable mention" in result.stdout


@pytest.mark.parametrize("width", WIDTHS)
def test_on_a_terminal_with_and_without_colour(width):
    """The same layouts on a terminal: rounded boxes and colour, or none with NO_COLOR."""
    from rich.console import Console

    from gtcli.cli.terminal.layout import Column, Sheet, show

    for no_color in (False, True):
        out = Console(file=io.StringIO(), force_terminal=True, width=width, no_color=no_color, markup=False)
        sheet = Sheet((Column("Rank", "#", numeric=True, heading=True), Column("Owner", heading=True),
                       Column("Breakdown", joins=" = "), Column("Score", numeric=True)), "Items")
        sheet.add_row("1", "Ana", "staff 2 + elemental 3 + runic 1 + healing 0 + wand 1", "28", style="bold")
        sheet.add_row("2", "Bartholomew", "orb 1", "9", style="red")
        used = show(sheet, out)
        text = out.file.getvalue()
        plain = re.sub(r"\x1b\[[0-9;]*m", "", text)
        assert all(len(line) <= width for line in plain.splitlines()), plain
        assert "…" not in plain
        colours = re.findall(r"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|9[0-7]|4[0-9])(?:;[0-9;]*)?m", text)
        if no_color:  # NO_COLOR (no-color.org): no colour; bold and dim stay
            assert colours == [], text
        else:
            assert colours, text
        if used == "full":
            assert "╭" in plain


@pytest.mark.parametrize("width", WIDTHS)
def test_control_characters_never_reach_the_terminal_in_any_layout(write, width):
    """An item named with an escape sequence: shown as ``\\x1b``, in tables and in stacked blocks alike."""
    path = write("t.toml", '[votes]\nstaff = 1\n[[items]]\nowner = "Ana"\nname = "Evil\\u001b[31mStaff"\n'
                           'type = "staff"\nbase = 2\n')
    result = run("tally", path, env={"COLUMNS": str(width)})
    assert result.exit_code == 0
    assert "\x1b" not in result.stdout and "Evil\\x1b[31mStaff" in result.stdout.replace("\n", "").replace(" ", "")
