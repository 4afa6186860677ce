"""The Host header of every request to a page gt serves (issue 38, point 11; RFC 9112, 3.2).

A server must answer 400 to a request with more than one Host header, to an HTTP/1.1
request with none, and to one whose Host is not a host[:port]; and a header line that is
not ``NAME: VALUE`` (``Host : x``, a space before the colon) must not slip a second Host
past the check (RFC 9112, 5.1). Raw sockets over 127.0.0.1, as a stranger would talk to
the table's screen (``gt play --serve``, ``gt replay --serve``), on each of its routes
and methods; the check is one function (:func:`gtcli.cli.http_common.request_problem`)
that every server gt runs calls.
"""

from __future__ import annotations

import http.client
import io

import pytest

from gtcli.cli import http_common
from tests.cli.test_serve import exchange, log, serving  # noqa: F401 (log is a fixture)
from tests.grand_tribunal.play.test_table_view import ANA, HEADER

PATHS = ("/", "/state.json", "/events", "/nowhere")
METHODS = ("GET", "HEAD", "POST")


def status_of(answer: bytes) -> int:
    return int(answer.split(b"\r\n", 1)[0].split()[1])


def ask(port: int, method: str, path: str, version: str, *headers: str) -> bytes:
    head = "".join(f"{h}\r\n" for h in headers)
    return exchange(port, f"{method} {path} {version}\r\n{head}\r\n".encode("latin-1"))


@pytest.mark.parametrize("bound", ["127.0.0.1", "0.0.0.0"])
def test_two_host_headers_get_400_everywhere(log, bound):  # noqa: F811
    with serving(log, bound) as s:
        own = f"127.0.0.1:{s.port}"
        for method in METHODS:
            for path in PATHS:
                for version in ("HTTP/1.1", "HTTP/1.0"):
                    for second in (own, "evil.example"):
                        answer = ask(s.port, method, path, version, f"Host: {own}", f"Host: {second}")
                        assert status_of(answer) == 400, (method, path, version, second)
                        assert b"Ana" not in answer and b"staff" not in answer
                answer = ask(s.port, method, path, "HTTP/1.1", f"Host: {own}", f"host: {own}")  # any case
                assert status_of(answer) == 400, (method, path)
        assert status_of(ask(s.port, "GET", "/", "HTTP/1.1", f"Host: {own}")) == 200  # and it serves on


@pytest.mark.parametrize("bound", ["127.0.0.1", "0.0.0.0"])
def test_http_1_1_without_host_gets_400_everywhere(log, bound):  # noqa: F811
    with serving(log, bound) as s:
        for method in METHODS:
            for path in PATHS:
                answer = ask(s.port, method, path, "HTTP/1.1")
                assert status_of(answer) == 400, (method, path)
                assert method == "HEAD" or b"Host header" in answer.partition(b"\r\n\r\n")[2]  # it says why
        # HTTP/1.0 may leave it out (an old client): still served
        assert status_of(ask(s.port, "GET", "/", "HTTP/1.0")) == 200
        assert status_of(ask(s.port, "GET", "/state.json", "HTTP/1.0")) == 200


def test_a_host_that_is_no_host_and_a_smuggled_second_one_get_400(log):  # noqa: F811
    with serving(log) as s:
        own = f"127.0.0.1:{s.port}"
        for headers in ([f"Host: {own} x"], [f"Host: user@{own}"], [f"Host: {own}/path"],
                        [f"Host: {own}", "Host : evil.example"],  # a space before the colon
                        [f"Host: {own}", "not a header line"]):
            answer = ask(s.port, "GET", "/state.json", "HTTP/1.1", *headers)
            assert status_of(answer) == 400, headers
            assert b"Ana" not in answer
        for host in (own, f"localhost:{s.port}", f"[::1]:{s.port}"):
            assert status_of(ask(s.port, "GET", "/state.json", "HTTP/1.1", f"Host: {host}")) == 200, host


def _headers(raw: str) -> http.client.HTTPMessage:
    return http.client.parse_headers(io.BytesIO(raw.encode("latin-1") + b"\r\n"))


@pytest.mark.parametrize("version, raw, bad", [
    ("HTTP/1.1", "Host: a:1\r\n", False),
    ("HTTP/1.1", "Host: [::1]:80\r\n", False),
    ("HTTP/1.1", "Host: \r\n", False),  # empty: allowed (a target with no authority)
    ("HTTP/1.0", "", False),
    ("HTTP/1.1", "", True),
    ("HTTP/2.0", "", True),
    ("HTTP/1.0", "Host: a\r\nHost: a\r\n", True),
    ("HTTP/1.1", "Host: a\r\nHOST: b\r\n", True),
    ("HTTP/1.1", "Host: a b\r\n", True),
    ("HTTP/1.1", "Host: a\r\nHost : b\r\n", True),
])
def test_the_one_check_every_server_calls(version, raw, bad):
    assert (http_common.request_problem(version, _headers(raw)) is not None) is bad


def test_the_check_with_the_names_a_loopback_server_answers_to():
    allowed = http_common.own_host_names("localhost", "127.0.0.1", 8000)
    assert http_common.request_problem("HTTP/1.1", _headers("Host: localhost:8000\r\n"), allowed) is None
    assert http_common.request_problem("HTTP/1.1", _headers("Host: evil.example:8000\r\n"), allowed) is not None
    assert http_common.own_host_names("0.0.0.0", "0.0.0.0", 8000) is None  # any name: a network address


def test_the_log_is_untouched(log):  # noqa: F811
    with serving(log) as s:
        ask(s.port, "POST", "/", "HTTP/1.1", f"Host: 127.0.0.1:{s.port}", "Host: x")
    assert log.read_text(encoding="utf-8") == HEADER + ANA
