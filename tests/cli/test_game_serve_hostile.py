"""``gt game serve`` against hostile requests, on 127.0.0.1 only, every loop bounded.

Each refusal leaves the session byte for byte as it was, and the server goes on serving
the scorekeeper's phone (the page, then a whole Tribunal recorded) after it.
"""

from __future__ import annotations

import socket
import time

import pytest

from gtcli.cli import game_server
from tests.cli.phone_client import LINES, Server
from tests.cli.phone_client import server, session  # noqa: F401  (the fixtures)


def _still_serving(server: Server, session, before: bytes) -> None:
    """Nothing was written, and the phone can still open the page and record."""
    assert session.read_bytes() == before
    assert server.get().status == 200
    assert server.preview_and_record(LINES).status == 303


@pytest.mark.parametrize("path", ["/", "/state.json", "/game.toml", "/events", "/%2e%2e/game.toml", "//etc/passwd",
                                  "/SECRET", "/SECRETx/", "/x/SECRET/", "/SECRET/../", "/SECRE/"])
@pytest.mark.parametrize("method", ["GET", "HEAD", "POST", "PUT", "DELETE"])
def test_without_the_secret_every_path_is_404(session, server, method, path):
    before = session.read_bytes()
    path = path.replace("SECRET", server.phone.secret)
    form = {"token": "x", "version": "y", "lines": LINES} if method == "POST" else None
    answer = server.request(method, path, form)
    assert answer.status == 404, (method, path)
    assert server.phone.secret not in answer.text and "game.toml" not in answer.text and "Ana" not in answer.text
    assert session.read_bytes() == before


def test_the_secret_is_long_and_new_each_time(session):
    secrets = set()
    for _ in range(3):
        s = Server(session)
        try:
            secrets.add(s.phone.secret)
            assert len(s.phone.secret) >= 22  # 128 bits and more, URL-safe base64
        finally:
            s.close()
    assert len(secrets) == 3


def test_a_post_without_the_page_token_or_with_a_forged_one_writes_nothing(session, server):
    before = session.read_bytes()
    form = server.post("preview", {**server.get().fields("preview"), "lines": LINES}).fields("record")
    for token in ("", "abc", "abc.def", form["token"].split(".")[0] + ".AAAAAAAAAAAAAAAAAAAAAAAA"):
        answer = server.post("record", {**form, "token": token})
        assert answer.status == 403 and "open the game's address again" in answer.words()
    missing = {k: v for k, v in form.items() if k != "token"}
    assert server.post("record", missing).status == 403
    assert server.post("undo/confirm", {"version": form["version"]}).status == 403
    _still_serving(server, session, before)


@pytest.mark.parametrize("headers", [{"Origin": "http://evil.example"}, {"Origin": "null", "Sec-Fetch-Site": "cross-site"},
                                     {"Origin": "http://127.0.0.1:1"}, {"Sec-Fetch-Site": "cross-site"},
                                     {"Sec-Fetch-Site": "same-site"}])
def test_a_post_from_another_site_is_refused(session, server, headers):
    before = session.read_bytes()
    form = server.post("preview", {**server.get().fields("preview"), "lines": LINES}).fields("record")
    answer = server.post("record", form, **headers)
    assert answer.status == 403
    _still_serving(server, session, before)


def test_a_post_from_its_own_page_with_origin_is_taken(session, server):
    form = server.post("preview", {**server.get().fields("preview"), "lines": LINES}).fields("record")
    answer = server.post("record", form, Origin=f"http://{server.host}")
    assert answer.status == 303


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.2:PORT", "localhost:1", "",
                                  "127.0.0.1:PORT, evil.example"])
def test_a_wrong_host_is_refused(session, server, host):
    before = session.read_bytes()
    answer = server.request("GET", server.base, headers={"Host": host.replace("PORT", str(server.port))})
    assert answer.status == 400 and "Ana" not in answer.text
    _still_serving(server, session, before)


def test_no_host_or_two_hosts_is_refused(session, server):
    before = session.read_bytes()
    for head in (f"GET {server.base} HTTP/1.0\r\n\r\n",
                 f"GET {server.base} HTTP/1.1\r\nHost: {server.host}\r\nHost: evil.example\r\n\r\n",
                 f"GET {server.base} HTTP/1.1\r\nHost: {server.host}\r\nHost: {server.host}\r\n\r\n"):
        assert server.raw(head.encode("ascii")).startswith(b"HTTP/1.0 400 ")
    for name in ("localhost", "127.0.0.1"):  # this machine's own names are fine
        assert server.request("GET", server.base, headers={"Host": f"{name}:{server.port}"}).status == 200
    _still_serving(server, session, before)


def test_a_body_over_its_limit_is_refused_unread(session, server):
    before = session.read_bytes()
    form = server.get().fields("preview")
    answer = server.post("preview", {**form, "lines": "x" * (game_server.MAX_BODY + 1)})
    assert answer.status == 413
    head = (f"POST {server.base}record HTTP/1.1\r\nHost: {server.host}\r\nContent-Type: application/x-www-form-urlencoded"
            f"\r\nContent-Length: 999999999999\r\n\r\n")
    assert server.raw(head.encode("ascii")).startswith(b"HTTP/1.0 413 ")
    _still_serving(server, session, before)


@pytest.mark.parametrize("head", [
    "Content-Type: application/x-www-form-urlencoded\r\n",  # no length
    "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n",
    "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nContent-Length: 6\r\n",
    "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 5\r\n",
    "Content-Type: application/json\r\nContent-Length: 5\r\n",
])
def test_a_body_not_as_the_form_sends_it_is_refused(session, server, head):
    before = session.read_bytes()
    request = f"POST {server.base}preview HTTP/1.1\r\nHost: {server.host}\r\n{head}\r\nhello"
    assert server.raw(request.encode("ascii"))[:12] in (b"HTTP/1.0 400", b"HTTP/1.0 411", b"HTTP/1.0 415")
    _still_serving(server, session, before)


@pytest.mark.parametrize("body", [b"token=a&token=b", b"lines=%ff%fe", b"evil=1&token=x", b"&&&=&", b"a" * 100])
def test_a_body_that_is_not_this_pages_form_is_refused(session, server, body):
    before = session.read_bytes()
    request = (f"POST {server.base}record HTTP/1.1\r\nHost: {server.host}\r\nContent-Type: "
               f"application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n").encode("ascii") + body
    assert server.raw(request)[:12] in (b"HTTP/1.0 400", b"HTTP/1.0 403")
    _still_serving(server, session, before)


def test_too_many_requests_are_refused_at_once_then_served_again(session, server):
    before = session.read_bytes()
    server.running.server.rate_burst, server.running.server.rate_per_second = 10, 20.0
    refused = []
    for _ in range(60):  # a burst well past the limit
        answer = server.raw(f"GET {server.base} HTTP/1.0\r\nHost: {server.host}\r\n\r\n".encode())
        if answer.startswith(b"HTTP/1.0 429 "):
            refused.append(answer)
            if len(refused) >= 5:
                break
    assert len(refused) >= 5 and all(b"Retry-After: " in a for a in refused)
    for _ in range(200):  # the bucket refills: served again (bounded: 200 tries, a few seconds at most)
        if server.get().status == 200:
            break
        time.sleep(0.05)
    else:
        raise AssertionError("never served again")
    server.running.server.rate_burst = server.running.server.rate_per_second = 1000
    _still_serving(server, session, before)


def test_a_slow_client_is_dropped_and_others_are_served_meanwhile(session, server):
    before = session.read_bytes()
    server.running.server.body_seconds = 0.5
    form = "token=x&version=y&lines=" + "a" * 100
    head = (f"POST {server.base}record HTTP/1.1\r\nHost: {server.host}\r\nContent-Type: "
            f"application/x-www-form-urlencoded\r\nContent-Length: {len(form)}\r\n\r\n").encode("ascii")
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as slow:
        slow.sendall(head + form[:10].encode())  # then nothing more
        assert server.get().status == 200  # served meanwhile
        answer = b""
        while chunk := slow.recv(4096):
            answer += chunk
        assert answer.startswith(b"HTTP/1.0 408 ")
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as trickle:
        trickle.sendall(b"GET " + server.base.encode())  # a head that never ends: 408 within HEAD_SECONDS
        answer = b""
        while chunk := trickle.recv(4096):
            answer += chunk
        assert answer.startswith(b"HTTP/1.0 408 ")
    _still_serving(server, session, before)


def test_a_script_cannot_run_from_a_players_name(tmp_path):
    from tests.conftest import run

    path = tmp_path / "odd.toml"
    assert run("game", "new", path, "--players", '<script>alert(1)</script>,Ben\u202e,Caro').exit_code == 0
    s = Server(path)
    try:
        page = s.get()
        assert "<script>alert" not in page.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
        assert "\u202e" not in page.text
        policy = page.headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script-src 'sha256-" in policy and "unsafe-inline" not in \
            policy.split("script-src")[1].split(";")[0]
        assert page.headers["referrer-policy"] == "no-referrer" and page.headers["x-frame-options"] == "DENY"
        assert "<script>" not in s.get("state.json").text and "\\u003cscript" in s.get("state.json").text
    finally:
        s.close()


def test_a_bug_in_a_page_is_a_500_and_the_server_goes_on(session, server, monkeypatch, capsys):
    from gtcli.cli import phone_pages

    before = session.read_bytes()

    def broken(phone, query):
        raise RuntimeError("a bug")

    with monkeypatch.context() as patch:
        patch.setattr(phone_pages, "home", broken)
        answer = server.get()
    assert answer.status == 500 and "RuntimeError" not in answer.text
    assert "internal error (a bug in gt): RuntimeError: a bug" in capsys.readouterr().err
    _still_serving(server, session, before)
