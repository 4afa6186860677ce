"""gtcli.cli.terminal.plain writes lines and tables without rich: the very text rich writes, or rich writes it.

Each test draws the same thing twice, with a rich console (:func:`gtcli.cli.terminal.output.console`)
and with :class:`~gtcli.cli.terminal.plain.Output`, off a terminal, and compares every character.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import contextmanager
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from gtcli.cli.terminal.layout import Column, Sheet, show
from gtcli.cli.terminal.output import RIGHT_ALIGNED, console, table
from gtcli.cli.terminal.plain import SIMPLE, Output, table_text

# simple letters, blanks, and what must go to rich: wide, combining, no-break space, soft hyphen, tab, new line, ESC
TEXT = st.text(st.sampled_from("ab Zé-1'.:ŁǅɐX字\u0301\xa0\xad\t\n\x1b"), max_size=12)
SIMPLE_TEXT = st.text(st.sampled_from("ab Zé-1'.:ŁǅɐX"), min_size=1, max_size=14).map(str.strip).filter(bool)


@contextmanager
def stdout(env: dict[str, str]):
    """A captured standard output, with only ``env`` of the colour and width variables set."""
    buffer = io.StringIO()
    clean = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS")}
    with mock.patch.dict(os.environ, {**clean, **env}, clear=True), mock.patch.object(sys, "stdout", buffer):
        yield buffer


def both(draw, env: dict[str, str]) -> tuple[str, str, object, object]:
    """(rich's text, plain's text, what draw returned with each): ``draw(out)``."""
    with stdout(env) as buffer:
        rich_said = draw(console())
    with stdout(env) as buffer2:
        out = Output()
        plain_said = draw(out)
    return buffer.getvalue(), buffer2.getvalue(), rich_said, plain_said


def sheets(cells=TEXT):
    @st.composite
    def make(draw):
        n = draw(st.integers(1, 6))
        columns = [Column(draw(cells.filter(bool)), short=draw(st.none() | cells.filter(bool)),
                          numeric=draw(st.booleans()), heading=draw(st.booleans()), compact=draw(st.booleans()))
                   for _ in range(n)]
        sheet = Sheet(columns, draw(st.none() | cells))
        for _ in range(draw(st.integers(0, 5))):
            sheet.add_row(*(draw(cells) for _ in range(n)), style=draw(st.sampled_from([None, "bold", "dim"])))
        return sheet
    return make()


WIDTHS = st.sampled_from([{}, {"COLUMNS": "20"}, {"COLUMNS": "40"}, {"COLUMNS": "60"}, {"NO_COLOR": "1"},
                          {"FORCE_COLOR": "1"}])


@settings(max_examples=300, deadline=None)
@given(sheets(), WIDTHS)
def test_a_sheet_is_shown_as_rich_shows_it(sheet, env):
    rich_text, plain_text, rich_layout, plain_layout = both(lambda out: show(sheet, out), env)
    assert plain_text == rich_text
    assert plain_layout == rich_layout


@settings(max_examples=300, deadline=None)
@given(sheets(SIMPLE_TEXT), st.sampled_from([{}, {"COLUMNS": "30"}, {"COLUMNS": "50"}, {"COLUMNS": "70"}]))
def test_simple_sheets_are_shown_as_rich_shows_them(sheet, env):
    """Cells of simple text: the plain path draws most of them (full, compact), rich the rest (stacked)."""
    rich_text, plain_text, rich_layout, plain_layout = both(lambda out: show(sheet, out), env)
    assert plain_text == rich_text
    assert plain_layout == rich_layout


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["Player", "Vis", "Hand", "Total", "Score", "Name"]), min_size=1, max_size=5),
       st.lists(st.lists(TEXT | SIMPLE_TEXT, min_size=5, max_size=5), max_size=6), WIDTHS)
def test_a_status_table_is_printed_as_rich_prints_it(headers, rows, env):
    rows = [row[:len(headers)] for row in rows]

    def draw(out):
        if isinstance(out, Output) and out.print_table(headers, [h in RIGHT_ALIGNED for h in headers], rows):
            return
        t = table(*headers, terminal=out.is_terminal)
        for row in rows:
            t.add_row(*row)
        out.print(t)

    rich_text, plain_text, _, _ = both(draw, env)
    assert plain_text == rich_text


@settings(max_examples=300, deadline=None)
@given(TEXT | SIMPLE_TEXT | st.text(max_size=200), WIDTHS)
def test_a_line_is_printed_as_rich_prints_it(text, env):
    rich_text, plain_text, _, _ = both(lambda out: out.print(text), env)
    assert plain_text == rich_text


def test_the_simple_characters_are_one_cell_wide_for_rich():
    from rich.cells import cell_len

    simple = [chr(c) for c in range(0x110000) if SIMPLE.fullmatch(chr(c))]
    assert len(simple) > 600
    assert all(cell_len(c) == 1 for c in simple)


def test_what_is_not_certain_is_left_to_rich():
    assert table_text(["A"], [False], [["x\u0301"]], None, 80) is None  # combining
    assert table_text(["A"], [False], [[" x"]], None, 80) is None  # a blank at an end
    assert table_text(["A"], [False], [], None, 80) is None  # no rows
    assert table_text(["A"], [False], [["x"]], "a title too long", 10) is None
    assert table_text(["A"], [False], [["x" * 30]], None, 10) is False  # certainly too wide
    assert table_text(["A", "B"], [False, True], [["x", "1"]], "T", 80) == "T\n+-----+\n|A | B|\n|--+--|\n|x | 1|\n+-----+\n"


def test_output_on_a_terminal_or_in_colour_is_rich():
    with stdout({"FORCE_COLOR": "1"}):
        assert not Output().plain
    with stdout({}):
        assert Output().plain


def test_piped_gt_play_imports_no_rich(tmp_path):
    """The five-player game piped through gt play draws its tables without rich (and writes its log)."""
    from pathlib import Path

    from gtcli.grand_tribunal.play.script import typed_lines

    source = Path(__file__).resolve().parents[2] / "scenarios" / "games" / "five-players.gtl"
    _log, lines = typed_lines(source)
    code = ("import sys\nfrom gtcli.cli.main import main\nsys.argv = ['gt', 'play', 'live.gtl', '--new', '--players', "
            "'Ana,Ben,Caro,Dora,Eli', '--board', 'sample']\ntry:\n    main()\nfinally:\n"
            "    print('RICH' if any(m.split('.')[0] in ('rich', 'lark') for m in sys.modules) else 'NONE', file=sys.stderr)\n")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "COLUMNS")}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # the second game finds the card set and tables kept there
    for game in ("first", "second"):
        (tmp_path / game).mkdir()
        done = subprocess.run([sys.executable, "-c", code], input="\n".join(lines) + "\n", capture_output=True,
                              text=True, cwd=tmp_path / game, env=env)
    assert done.returncode == 0, done.stderr
    assert "Grand Tribunal: items" in done.stdout and "Winner: Dora" in done.stdout
    assert done.stderr.strip().endswith("NONE")
