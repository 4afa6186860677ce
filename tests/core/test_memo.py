"""Boards, profiles and card sets are read once per process, and again as soon as their file changes."""

from __future__ import annotations

import os

import pytest

from gtcli.core.diagnostics import InputError
from gtcli.grand_tribunal.formats.board_file import load_board
from gtcli.grand_tribunal.formats.profile_file import load_profile

BOARD = """name = "B"
[[tribunals]]
uncontested = ["3:1"]
contested = [3]
extract = {extract}
"""


def _write(path, text, bump):
    path.write_text(text, encoding="utf-8")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + bump))  # a later edit, whatever the clock's grain


def test_a_board_is_read_once_while_unchanged_and_again_once_edited(tmp_path):
    board = tmp_path / "board.toml"
    _write(board, BOARD.format(extract=1), 0)
    first = load_board(str(board))
    assert load_board(str(board)) is first
    _write(board, BOARD.format(extract=2), 10**9)
    assert load_board(str(board)).tribunals[0].extract == 2


def test_a_broken_file_is_not_remembered(tmp_path):
    board = tmp_path / "board.toml"
    _write(board, "name = ", 0)
    with pytest.raises(InputError):
        load_board(str(board))
    _write(board, BOARD.format(extract=3), 10**9)
    assert load_board(str(board)).tribunals[0].extract == 3


def test_a_profile_file_is_read_once_while_unchanged_and_again_once_edited(tmp_path):
    profile = tmp_path / "house.toml"
    _write(profile, 'base = "official"\n[parameters]\ntribunal_vis = 3\n', 0)
    first = load_profile(str(profile))
    assert load_profile(str(profile)) is first and first.tribunal_vis == 3
    _write(profile, 'base = "official"\n[parameters]\ntribunal_vis = 4\n', 10**9)
    assert load_profile(str(profile)).tribunal_vis == 4
