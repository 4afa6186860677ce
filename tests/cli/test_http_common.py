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


# ---- the one bounded reader of both servers (a request's head, a form's body) ---------------------------------
def _reading(sent: bytes, wanted, seconds: float = 5.0, data: bytes = b"", limit: int | None = None, close=True):
    import socket

    server, client = socket.socketpair()
    refused: list[tuple[int, str]] = []
    with server, client:
        client.sendall(sent)
        if close:
            client.shutdown(socket.SHUT_WR)
        got = http_common.read_within(server, seconds, wanted, lambda code, reason: refused.append((code, reason)),
                                      data=data, limit=limit)
    return got, refused


def _head(data: bytes) -> int:
    return 0 if b"\r\n\r\n" in data else 4


def test_the_reader_stops_where_the_caller_says_it_has_enough():
    head = b"GET /xy HTTP/1.0\r\n\r\n"  # 20 bytes
    assert _reading(head + b"more", _head, close=False) == (head, [])  # 4 bytes at a time: the head, no more
    body = lambda data: min(3, 7 - len(data))  # noqa: E731 (7 bytes of body, 3 at a time)
    assert _reading(b"defghij", body, data=b"abc", close=False) == (b"abcdefg", [])  # after what came with the head
    assert _reading(b"", body, data=b"abcdefghij") == (b"abcdefghij", [])  # it all came already: nothing read


def test_the_reader_refuses_a_client_too_slow_or_too_long_and_drops_one_gone():
    assert _reading(b"GET / HTTP/1.1\r\n", _head, seconds=0.2, close=False) == (None, [(408, "Request Timeout")])
    assert _reading(b"x" * 40, _head, limit=16, close=False) == (None, [(431, "Request Header Fields Too Large")])
    assert _reading(b"GET / HTTP/1.1\r\n", _head) == (None, [])  # the client went away: no answer to give
