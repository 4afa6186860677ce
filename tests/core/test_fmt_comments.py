"""``gt fmt`` keeps every comment a person wrote, in order, beside what it annotates.

Properties, over every shipped log and over logs with comments sprinkled in at random:
formatting keeps the comments (same texts, same order), is idempotent, and does not
change what ``gt check`` says about the log.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gtcli.core.parsing.comments import comment_start, scan, texts
from gtcli.grand_tribunal.lang.cards.sets import load_set, names_in, with_translation
from gtcli.grand_tribunal.lang.logs.check import Options, check_file, parse_log, read_header, resolve_path
from gtcli.grand_tribunal.lang.logs.format import format_log
from gtcli.grand_tribunal.shipped import cards_dir
from tests.conftest import SCENARIOS, run

LOGS = sorted([*SCENARIOS.glob("games/*.gtl"), *SCENARIOS.glob("rules/*.gtl"), *SCENARIOS.glob("play/*.gtl")])
CARD_FILES = sorted(cards_dir().glob("*.gtc"))
DOC_EXAMPLE = """\
# A club night, annotated
[Event "Club night"]  # the second Friday
[Players "Ana, Ben, Caro"]
[Cards "sample"]
[Board "sample"]

setup
  hand Ana "Storm Staff", "Kindle", "Hidden Cache", "Ember Wand", "Call the Gale"
  hand Ben "Glass Orb", "Fog Bank", "Levy", "Scroll of Ash", "Mending Light"  # Ben shuffled twice
  hand Caro "Bottled Dawn", "Hearthsong", "Debt Collector", "Ashwood Staff", "Sigil of Haste"
  row item "Orb of Tides", "Iron Amulet", "Codex Fragment"
  row spell "Rune of Binding", "Leaden Dream", "Time Unspooled"
  praeco Ana

tribunal 1
round 1 praeco Ana
Ana: praeco staff, orb, wand;          # the Praeco's three votes come first (P3)
     sanctum "Storm Staff", "Kindle";  # hand to Sanctum: not an action (T3)
     advance "Storm Staff" 2;
     extract 1
# disputed, ruled legal by the table
Ben: gather contested 3 roll 4 others Caro 5   # 5 beats 4
Caro: draw item face-up "Iron Amulet" refill "Pilgrim's Orb"; vote elemental
"""


def fmt(text: str, path: Path, lang: str | None = None) -> str:
    """What ``gt fmt`` writes for ``text`` (read as if it were the file at ``path``)."""
    log = parse_log(text, str(path))
    header, _ = read_header(log)
    cards = resolve_path(header.cards, str(path), "sample.gtc")
    card_set = with_translation(load_set(cards), cards, log.language)
    target = lang or log.language
    return format_log(log, target, card_set.vocabulary, names_in(card_set, cards, target), source=text)


def verdict(text: str, path: Path):
    """What ``gt check`` concludes: the findings (code, severity), whether complete, the winners."""
    r = check_file(str(path), Options(), text=text).result
    return sorted((d.code, d.severity) for d in r.diagnostics), r.complete, r.winners


def lark_comments(text: str, grammar: str, lang: str) -> list[tuple[int, int, str]]:
    from gtcli.grand_tribunal.lang.loader import parser

    return [(t.line, t.column, str(t).rstrip()) for t in parser(grammar, lang).lex(text, dont_ignore=True)
            if t.type == "COMMENT"]


def ours(text: str) -> list[tuple[int, int, str]]:
    return [(c.line, c.col, c.text) for c in scan(text)]


# ---- finding comments -------------------------------------------------------------------------------
@pytest.mark.parametrize("path", LOGS + CARD_FILES, ids=lambda p: p.name)
def test_scan_finds_what_the_lark_lexer_finds(path):
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".gtl":
        lang = parse_log(text, str(path)).language
        assert ours(text) == lark_comments(text, "transcript", lang)
    else:
        lang = next((code for code in ("es", "fr", "it") if f".{code}." in path.name), "en")
        assert ours(text) == lark_comments(text, "cards", lang)


def test_a_hash_inside_a_string_is_not_a_comment():
    line = 'Ana: force "ruled # legal \\" # still" vote staff  # a real one'
    assert line[comment_start(line):] == "# a real one"
    assert comment_start('"no # here"') is None
    assert texts('x "a\\"#b" # c\n  # d\n') == ["# c", "# d"]


# ---- the formatter keeps them -------------------------------------------------------------------------
def test_the_documentation_example_keeps_every_comment_beside_its_move(tmp_path):
    path = tmp_path / "club.gtl"
    out = fmt(DOC_EXAMPLE, path)
    assert texts(out) == texts(DOC_EXAMPLE)
    assert "Ana: praeco staff, orb, wand;  # the Praeco's three votes come first (P3)\n" in out
    assert '     sanctum "Storm Staff", "Kindle";  # hand to Sanctum: not an action (T3)\n' in out
    assert "# disputed, ruled legal by the table\nBen: gather contested 3 roll 4 others Caro 5  # 5 beats 4\n" in out
    assert out.startswith('# A club night, annotated\n[Event "Club night"]  # the second Friday\n')
    assert fmt(out, path) == out


def test_comments_between_moves_of_a_short_turn_split_it_one_move_per_line(tmp_path):
    head = DOC_EXAMPLE.split("Ana: praeco")[0]
    text = head + "Ana: praeco staff, orb, wand; # votes first\n  extract 1 ; vote staff # then a vote\n"
    out = fmt(text, tmp_path / "g.gtl")
    assert out.endswith("Ana: praeco staff, orb, wand;  # votes first\n     extract 1;\n"
                        "     vote staff  # then a vote\n")
    joined = fmt(head + "Ana: praeco staff, orb, wand;\n extract 1; vote staff  # all of it\n", tmp_path / "g.gtl")
    assert joined.endswith("Ana: praeco staff, orb, wand; extract 1; vote staff  # all of it\n")


def test_blank_lines_around_comment_blocks_are_kept(tmp_path):
    head = DOC_EXAMPLE.split("tribunal 1")[0]
    text = head + "tribunal 1\nround 1 praeco Ana\nAna: praeco staff, orb, wand\n\n# later that night\n\n" \
                  "Ben: vote staff\n\n\n# the end\n"
    out = fmt(text, tmp_path / "g.gtl")
    assert out.endswith("Ana: praeco staff, orb, wand\n\n# later that night\n\nBen: vote staff\n\n# the end\n")
    assert fmt(out, tmp_path / "g.gtl") == out


def test_translation_keeps_comments(tmp_path):
    path = tmp_path / "club.gtl"
    for lang in ("es", "fr", "it"):
        out = fmt(DOC_EXAMPLE, path, lang)
        assert texts(out) == texts(DOC_EXAMPLE)
        assert fmt(out, path, "en") == fmt(DOC_EXAMPLE, path)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_log_formats_idempotently_and_keeps_its_comments_and_verdict(path):
    text = path.read_text(encoding="utf-8")
    out = fmt(text, path)
    assert texts(out) == texts(text)
    assert fmt(out, path) == out
    assert verdict(out, path) == verdict(text, path)


# ---- random logs with comments sprinkled in ------------------------------------------------------------
GAMES = [p for p in LOGS if p.parent.name == "games"] + [SCENARIOS / "rules" / "X3.gtl", SCENARIOS / "rules" / "R2.gtl"]
COMMENT_TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20)


def _splits(line: str) -> list[int]:
    """Offsets just after each ';' outside strings (where a line may be broken)."""
    cut = comment_start(line)
    code = line if cut is None else line[:cut]
    spots, in_string, i = [], False, 0
    while i < len(code):
        ch = code[i]
        if in_string and ch == "\\":
            i += 2
            continue
        if ch == '"':
            in_string = not in_string
        elif ch == ";" and not in_string:
            spots.append(i + 1)
        i += 1
    return spots


def sprinkle(text: str, data) -> str:
    """``text`` with comments added where people write them: ends of lines, lines of their own
    (indented or not, with blank lines around), and between two moves of one line."""
    lines = text.splitlines()
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(1, 12))):
        note = "#" + data.draw(COMMENT_TEXT).replace("\r", "")
        n = rnd.randrange(len(lines) + 1)
        kind = rnd.randrange(4)
        if kind == 0 and n < len(lines) and lines[n].strip() and comment_start(lines[n]) is None:
            lines[n] += " " * rnd.randrange(1, 4) + note
        elif kind == 1:
            lines[n:n] = [" " * rnd.randrange(0, 6) + note] + ([""] if rnd.random() < 0.3 else [])
        elif kind == 2 and n < len(lines) and _splits(lines[n]):
            at = rnd.choice(_splits(lines[n]))
            lines[n:n + 1] = [lines[n][:at] + " " + note, "     " + lines[n][at:].lstrip()]
        else:
            lines.insert(n, "")
    return "\n".join(lines) + "\n"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.sampled_from([None, "en", "es", "fr", "it"]), st.data())
def test_sprinkled_comments_survive_formatting_in_order(path, lang, data):
    text = sprinkle(path.read_text(encoding="utf-8"), data)
    assert ours(text) == lark_comments(text, "transcript", parse_log(text, str(path)).language)
    out = fmt(text, path, lang)
    assert texts(out) == texts(text)  # the same comments, in the same order
    assert fmt(out, path, lang) == out  # idempotent
    if lang in (None, parse_log(text, str(path)).language):
        assert verdict(out, path) == verdict(text, path)


# ---- the command ------------------------------------------------------------------------------------
def test_fmt_write_keeps_comments_and_several_files_at_once(tmp_path):
    one, two = tmp_path / "one.gtl", tmp_path / "two.gtl"
    one.write_text(DOC_EXAMPLE, encoding="utf-8")
    two.write_text(fmt(DOC_EXAMPLE, two), encoding="utf-8")
    checked = run("fmt", one, two, "--check")
    assert checked.exit_code == 1
    assert f"{one} would be reformatted" in checked.stderr and str(two) not in checked.stderr.split("\n")[0]
    assert one.read_text() == DOC_EXAMPLE
    diff = run("fmt", one, two, "--diff")  # issue 26: a file that would change is exit 1, as ruff and black
    assert diff.exit_code == 1 and diff.stdout.startswith(f"--- {one}\n+++ {one} (formatted)\n")
    assert "-Ben: gather contested 3 roll 4 others Caro 5   # 5 beats 4" in diff.stdout
    assert run("fmt", one, "--diff", "--write").exit_code == 1 and one.read_text() == DOC_EXAMPLE  # never writes
    clean = run("fmt", two, "--diff")
    assert clean.exit_code == 0 and clean.stdout == ""
    written = run("fmt", one, two, "--write")
    assert written.exit_code == 0 and f"Formatted {one}." in written.stderr
    assert "1 of 2 file(s) reformatted." in written.stderr
    assert texts(one.read_text()) == texts(DOC_EXAMPLE)
    assert run("fmt", one, two, "--check").exit_code == 0


def test_fmt_several_files_need_a_mode_and_a_broken_one_does_not_stop_the_others(tmp_path):
    good, bad = tmp_path / "good.gtl", tmp_path / "bad.gtl"
    good.write_text(DOC_EXAMPLE, encoding="utf-8")
    bad.write_text(DOC_EXAMPLE + "Ana: @@@\n", encoding="utf-8")
    usage = run("fmt", good, bad)
    assert usage.exit_code == 2 and "--write" in usage.output
    result = run("fmt", bad, good, "--write")
    assert result.exit_code == 2 and "SYN002" in result.stderr and f"Formatted {good}." in result.stderr
    assert bad.read_text() == DOC_EXAMPLE + "Ana: @@@\n"
    data = json.loads(run("fmt", bad, good, "--check", "--json").stdout)
    assert [f["file"] for f in data["files"]] == [str(bad), str(good)]
    assert data["files"][0]["diagnostics"][0]["code"] == "SYN002" and data["files"][1]["changed"] is False


def test_fmt_write_follows_a_link_and_refuses_a_read_only_log(tmp_path):
    real = tmp_path / "real.gtl"
    real.write_text(DOC_EXAMPLE, encoding="utf-8")
    link = tmp_path / "link.gtl"
    link.symlink_to(real)
    assert run("fmt", link, "--write").exit_code == 0
    assert link.is_symlink() and texts(real.read_text()) == texts(DOC_EXAMPLE) and real.read_text() != DOC_EXAMPLE
    real.write_text(DOC_EXAMPLE, encoding="utf-8")
    real.chmod(0o444)
    try:
        refused = run("fmt", link, "--write")
        assert refused.exit_code == 2 and "IO002" in refused.stderr and "read-only" in refused.stderr
        assert real.read_text() == DOC_EXAMPLE
    finally:
        real.chmod(0o644)



def test_two_trailing_comments_on_one_regenerated_line():
    """A regenerated line that shows two old elements keeps both trailing comments, the
    second on its own line below at the line's indentation (it was a NameError)."""
    from gtcli.core.parsing.comments import Anchored

    lay = Anchored('a  # one\nb  # two\n', [(1, 1), (2, 1)])
    lay.line("    ab", (1, 1), (2, 1))
    assert lay.out == ["    ab  # one", "    # two"]
