"""gt never saves a file it would refuse to read (issue 20, IO007): `gt play` and
`gt fmt --write` on a log near the 2,000,000-byte limit refuse the save that would pass it,
with a clear message and nothing written. Real processes."""

from __future__ import annotations

from pathlib import Path

from gtcli.core.diagnostics import InputError
from gtcli.core.files.guarded import save, unreadable
from gtcli.grand_tribunal.lang.logs.check import MAX_LOG_BYTES
from gtcli.grand_tribunal.lang.syntax import MAX_TOKENS
from tests.conftest import SCENARIOS, run
from tests.races import gt

PLAYING = SCENARIOS / "play" / "first-turns.gtl"
HEADER = '[Players "Ana, Ben, Caro"]\n[Cards "sample"]\n\n'


def padded(text: str, size: int, at: int) -> str:
    """``text`` with comment lines inserted at offset ``at`` so that it is exactly ``size`` bytes."""
    room = size - len(text.encode("utf-8"))
    lines, line = [], "# " + "x" * 997 + "\n"  # 1,000 bytes a line
    while room > len(line) + 10:
        lines.append(line)
        room -= len(line)
    lines.append("# " + "y" * (room - 3) + "\n")
    return text[:at] + "".join(lines) + text[at:]


def test_play_refuses_a_move_that_would_pass_the_read_limit(tmp_path):
    text = PLAYING.read_text(encoding="utf-8")
    log = tmp_path / "big.gtl"
    log.write_text(padded(text, MAX_LOG_BYTES - 5, text.index("setup")), encoding="utf-8")
    before = log.read_bytes()
    assert len(before) == MAX_LOG_BYTES - 5 and run("check", log).exit_code in (0, 1)  # gt reads it now
    done = gt("play", log, input="Caro: vote orb\nstate\n")
    assert done.returncode == 0, done.stderr
    assert "IO007" in done.stdout and "2,000,010 bytes; gt reads a log of at most 2,000,000" in done.stdout
    assert "not written: Caro: vote orb" in done.stdout
    assert log.read_bytes() == before  # nothing written: the log is still one gt reads
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.gtl"]


def test_fmt_write_refuses_a_layout_that_would_pass_the_read_limit(tmp_path):
    body = "tribunal 1\nround 1 praeco Ana\n" + "Ana:vote staff\n" * 600  # fmt adds a space to each
    log = tmp_path / "g.gtl"
    log.write_text(padded(HEADER + body, MAX_LOG_BYTES - 100, len(HEADER)), encoding="utf-8")
    before = log.read_bytes()
    done = gt("fmt", "--write", log)
    assert done.returncode == 2 and "IO007" in done.stdout + done.stderr, done.stdout + done.stderr
    assert "2,000,500 bytes" in done.stdout + done.stderr
    assert log.read_bytes() == before
    assert gt("fmt", "--check", log).returncode == 1  # still readable, still "would be reformatted"


def test_the_token_limit_is_a_read_limit_too(tmp_path):
    many = HEADER + "tribunal 1\nround 1 praeco Ana\n" + "Ana: vote staff, orb, wand, orb\n" * (MAX_TOKENS["transcript"] // 10)
    problem = unreadable(tmp_path / "g.gtl", many, "log")
    assert problem is not None and problem.diagnostics[0].code == "IO007"
    assert "words, names and signs" in problem.diagnostics[0].message
    try:
        save(tmp_path / "g.gtl", many, what="log")
    except InputError as exc:
        assert exc.diagnostics[0].code == "IO007"
    assert not (tmp_path / "g.gtl").exists() and list(tmp_path.iterdir()) == []


def test_files_gt_does_not_read_back_have_no_such_limit(tmp_path):
    page = tmp_path / "page.html"
    save(page, "x" * (MAX_LOG_BYTES + 10), what="scoresheet")
    assert page.stat().st_size == MAX_LOG_BYTES + 10
    assert unreadable(Path("s.toml"), "x" * (MAX_LOG_BYTES + 1), "session file") is not None
