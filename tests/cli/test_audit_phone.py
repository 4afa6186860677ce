"""Audit of the phone's server (``gt game serve``, issue 40; issue 38's hostile requests): whatever does not
start with the secret is 404, whatever its method (gtcli/cli/game_server.py's docstring)."""

from __future__ import annotations

import pytest

from tests.cli.phone_client import LINES, Server
from tests.cli.phone_client import server, session  # noqa: F401  (the fixtures)


def raw(server: Server, method: str, path: str) -> bytes:
    return server.raw(f"{method} {path} HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode("ascii"))


@pytest.mark.parametrize("method", ["OPTIONS", "TRACE", "PATCH"])
def test_a_known_method_without_the_secret_is_404(server, method):
    assert raw(server, method, "/x")[:12] == b"HTTP/1.0 404"


@pytest.mark.parametrize("method", ["FOO", "PROPFIND", "get"])
def test_an_unknown_method_without_the_secret_is_404_too(session, server, method):
    before = session.read_bytes()
    answer = raw(server, method, "/x")
    assert answer[:12] == b"HTTP/1.0 404" and b"Unsupported" not in answer
    assert session.read_bytes() == before
    assert server.preview_and_record(LINES).status == 303


def test_an_unknown_method_with_the_secret_is_501_and_changes_nothing(session, server):
    before = session.read_bytes()
    answer = raw(server, "FOO", f"/{server.phone.secret}/")
    assert answer[:12] == b"HTTP/1.0 501" and b"GET, HEAD and POST only" in answer
    assert session.read_bytes() == before
