"""What every HTTP server of gt shares (gtcli/cli/http_common.py), tested on its own."""

from __future__ import annotations

import json

from gtcli.cli import http_common


def test_a_json_answer_is_never_markup_and_never_a_terminal_escape():
    """The screen's /state.json and the phone's state.json are made by this one public helper."""
    data = {"name": "</script><b>&amp;", "log": "\x1b[31mred\u202e"}
    body = http_common.json_bytes(data)
    assert b"<" not in body and b">" not in body and b"&" not in body
    assert b"\x1b" not in body and "\u202e".encode() not in body
    assert json.loads(body) == data  # escaped, not changed


def test_the_phone_answers_its_json_with_the_same_helper():
    from gtcli.cli.phone_pages import json_answer

    assert json_answer({"a": "<&>"}, 409) == (409, http_common.json_bytes({"a": "<&>"}), "application/json")
