"""The table's screen over HTTP (``gt replay --serve``, ``gt play --serve``): routes, limits, processes.

The server runs in this process for the requests (fast, with its limits made small where
a test waits for one), and as a real ``gt`` process for what the commands say and how they
stop. Hostile requests (path traversal, huge headers, a slow client, too many connections)
are refused, and the server goes on serving the page afterwards. The page in a real
browser is tests/cli/test_serve_browser.py.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from gtcli.cli import http_common, screen_server, serve
from gtcli.grand_tribunal.lang.logs.check import Options
from tests.conftest import SCENARIOS, run
from tests.grand_tribunal.play.test_table_view import ANA, BEN, HEADER

GT = [sys.executable, "-m", "gtcli"]


# ---- helpers: plain sockets, as a stranger would talk to the server ------------------------------------
def exchange(port: int, raw: bytes, timeout: float = 10.0) -> bytes:
    """Send ``raw`` and read until the server closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(raw)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def get(port: int, path: str, *headers: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    head = "".join(f"{h}\r\n" for h in headers or (f"Host: 127.0.0.1:{port}",))
    answer = exchange(port, f"{method} {path} HTTP/1.1\r\n{head}\r\n".encode("latin-1"))
    top, _, body = answer.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    fields = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), fields, body


class Stream:
    """One client of ``/events``, reading in a thread of its own: the versions it was sent."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        self.versions: list[int] = []
        self.events: list[dict] = []
        self.closed = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        buffer = b""
        try:
            while chunk := self.sock.recv(65536):
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    data = [line[6:] for line in block.split(b"\n") if line.startswith(b"data: ")]
                    if data:
                        event = json.loads(data[0])
                        self.events.append(event)
                        self.versions.append(event["version"])
        except OSError:
            pass
        self.closed.set()

    def wait_version(self, version: int, timeout: float = 20.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.versions and self.versions[-1] >= version:
                return True
            time.sleep(0.02)
        return False

    def close(self) -> None:
        """Go away as a browser closing its tab does: the connection closed (FIN), not just dropped here."""
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


@pytest.fixture
def log(tmp_path) -> Path:
    path = tmp_path / "game.gtl"
    path.write_text(HEADER + ANA, encoding="utf-8")
    return path


@contextmanager
def serving(path: Path, host: str = "127.0.0.1"):
    s = serve.Serving(str(path), Options(), host, 0)
    try:
        yield s
    finally:
        s.stop()


# ---- the address ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("8000", ("127.0.0.1", 8000)), ("0", ("127.0.0.1", 0)), ("0.0.0.0:8080", ("0.0.0.0", 8080)),
    ("localhost:1", ("localhost", 1)), ("[::1]:8000", ("::1", 8000)), (" 192.168.1.5:65535 ", ("192.168.1.5", 65535)),
])
def test_addresses(text, expected):
    assert http_common.parse_address(text) == expected


@pytest.mark.parametrize("text", ["", "http", "65536", "host:", ":8000", "::1:8000", "[::1]8000", "-1", "80.5"])
def test_addresses_refused(text):
    with pytest.raises(ValueError):
        http_common.parse_address(text)


def test_a_bad_address_and_options_that_do_not_go_with_serve(log):
    bad = run("replay", log, "--serve", "nowhere")
    assert bad.exit_code == 2 and "'--serve'" in bad.stderr and "port" in bad.stderr
    for extra in (("--at", "3"), ("--html",)):
        wrong = run("replay", log, "--serve", "0", *extra)
        assert wrong.exit_code == 2 and "--serve" in wrong.stderr, extra


def test_a_port_in_use_is_said_and_nothing_starts(log):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        before = log.read_bytes()
        for args in (("replay", log, "--serve", str(port)), ("play", log, "--serve", f"127.0.0.1:{port}")):
            result = run(*args, input="vote staff\n")
            assert result.exit_code == 2, result.output
            assert f"cannot serve on 127.0.0.1:{port}" in result.stderr and "in use" in result.stderr
        assert log.read_bytes() == before  # gt play did not start: no move was taken


def test_an_unusable_log_is_refused_before_anything_listens(tmp_path):
    bad = tmp_path / "bad.gtl"
    bad.write_text('[Players "Ana, Ben, Caro"]\n[Cards "nowhere.gtc"]\n', encoding="utf-8")
    result = run("replay", bad, "--serve", "0")
    assert result.exit_code == 2 and "nowhere.gtc" in result.stderr


# ---- the routes ---------------------------------------------------------------------------------------
def test_the_page_its_data_and_nothing_else(log):
    with serving(log) as s:
        status, headers, page = get(s.port, "/")
        assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
        assert int(headers["Content-Length"]) == len(page) and b"Turn of <b>Ana</b>" in page
        assert headers["X-Content-Type-Options"] == "nosniff" and headers["Cache-Control"] == "no-store"
        assert "script-src 'sha256-" in headers["Content-Security-Policy"] and headers["Server"] == "gt"
        status, headers, body = get(s.port, "/state.json?x=1")
        data = json.loads(body)
        assert status == 200 and headers["Content-Type"] == "application/json"
        assert data["version"] == 1 and data["problem"] is None and data["turn"] == "Ana" and data["file"] == "game.gtl"
        status, headers, body = get(s.port, "/", method="HEAD")
        assert status == 200 and body == b"" and int(headers["Content-Length"]) == len(page)
        for path in ("/index.html", "/../game.gtl", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fgame.gtl", "//etc/passwd",
                     "/events/../../game.gtl", "/state.json/..", "*", "http://127.0.0.1/"):
            status, _, body = get(s.port, path)
            assert status == 404 and b"Ana" not in body and b"staff" not in body, path
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
            status, headers, _ = get(s.port, "/", method=method)
            assert status == 405 and headers["Allow"] == "GET, HEAD", method
        status, _, _ = get(s.port, "/", method="BREW")
        assert status == 501
    assert log.read_text(encoding="utf-8") == HEADER + ANA  # nothing served wrote anything


def test_only_its_own_name_on_loopback(log):
    """A page elsewhere that rebinds its own name to 127.0.0.1 gets nothing."""
    with serving(log) as s:
        for host in (f"127.0.0.1:{s.port}", f"localhost:{s.port}", f"LOCALHOST:{s.port}", f"[::1]:{s.port}"):
            assert get(s.port, "/", f"Host: {host}")[0] == 200, host
        for host in (f"evil.example:{s.port}", "127.0.0.1", f"127.0.0.1:{s.port + 1}"):
            status, _, body = get(s.port, "/", f"Host: {host}")
            assert status == 400 and b"Ana" not in body, host
        assert exchange(s.port, b"GET / HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.0 200")  # no Host at all: an old client


def test_json_and_events_escape_every_name(tmp_path):
    evil = "</script><img src=x onerror=alert(1)> &"
    path = tmp_path / "game.gtl"
    path.write_text(HEADER + f'Ana: praeco staff, orb, wand; draw item face-up "Iron Amulet" refill "{evil}"\n', encoding="utf-8")
    with serving(path) as s:
        _, _, data = get(s.port, "/state.json")
        assert b"<" not in data and b">" not in data and b"&" not in data
        assert evil in json.dumps(json.loads(data), ensure_ascii=False)  # the text itself, once decoded
        stream = Stream(s.port)
        try:
            assert stream.wait_version(1)
            html = stream.events[0]["html"]
            assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt; &amp;" in html
        finally:
            stream.close()


def test_no_hidden_card_on_the_page_its_data_or_the_stream(tmp_path):
    """Issue 30: a face-down card the log misspells, cards in hands and face down are not named
    anywhere the server sends; the public copies of cards a player also holds hidden are."""
    from tests.grand_tribunal.play.test_table_view_hidden import PLAY, SECRETS, TABLE

    path = tmp_path / "game.gtl"
    path.write_text(TABLE.format(variants='[Variants "hand-or-sanctum"]\n') + PLAY, encoding="utf-8")
    with serving(path) as s:
        stream = Stream(s.port)
        try:
            assert stream.wait_version(1)
            sent = {"page": get(s.port, "/")[2].decode("utf-8"), "event": stream.events[0]["html"],
                    "data": json.dumps(json.loads(get(s.port, "/state.json")[2]), ensure_ascii=False)}
            for where, text in sent.items():
                for secret in SECRETS:
                    assert secret.replace('"', "&quot;") not in text and secret not in text, (where, secret)
                assert "Pilgrim" in text and "Kindle" in text and "Quiet Recovery" in text, where
            with path.open("a", encoding="utf-8") as log:
                log.write('Ben: draw item "Emberr Wand"; draw spell face-up "Leaden Dream" refill "Kindle"\n')
            assert stream.wait_version(2)
            for text in (stream.events[-1]["html"], get(s.port, "/state.json")[2].decode("utf-8")):
                assert "Emberr" not in text and "Leaden Dream" in text
            assert 'draw item ?' in json.loads(get(s.port, "/state.json")[2])["moves"][-2]["text"]
        finally:
            stream.close()


# ---- the stream follows the log -------------------------------------------------------------------------
def test_the_stream_sends_each_change_of_the_log(log):
    with serving(log) as s:
        stream = Stream(s.port)
        try:
            assert stream.wait_version(1)
            log.write_text(HEADER + ANA + BEN, encoding="utf-8")
            assert stream.wait_version(2)
            assert "Turn of <b>Ben</b>" in stream.events[-1]["html"] and stream.events[-1]["title"].endswith("1.1")
            log.write_text(HEADER + ANA + 'Ben: vote "half a li', encoding="utf-8")  # an editor, mid-save
            assert stream.wait_version(3)
            assert "The log cannot be used now" in stream.events[-1]["html"]
            assert json.loads(get(s.port, "/state.json")[2])["problem"].startswith("game.gtl:17:")
        finally:
            stream.close()


def test_a_stream_ends_in_time_and_the_browser_comes_back(log, monkeypatch):
    monkeypatch.setattr(screen_server, "STREAM_SECONDS", 0.5)
    with serving(log) as s:
        stream = Stream(s.port)
        assert stream.closed.wait(10) and stream.versions == [1]
        assert s.server.clients == 0 or _settles(lambda: s.server.clients == 0)


def _settles(condition, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.02)
    return False


# ---- hostile clients -----------------------------------------------------------------------------------
def test_huge_headers_are_refused(log):
    with serving(log) as s:
        answer = exchange(s.port, b"GET / HTTP/1.1\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n")
        assert answer.startswith(b"HTTP/1.0 431 ")
        answer = exchange(s.port, b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n")
        assert answer.startswith(b"HTTP/1.0 431 ")
        many = b"".join(b"X-%d: 1\r\n" % n for n in range(150))
        assert exchange(s.port, b"GET / HTTP/1.1\r\n" + many + b"\r\n").startswith(b"HTTP/1.0 431 ")
        assert get(s.port, "/")[0] == 200


def test_a_slow_client_is_dropped(log, monkeypatch):
    """Slowloris: a head sent a byte at a time, each in time, is cut at HEAD_SECONDS in all."""
    monkeypatch.setattr(screen_server, "HEAD_SECONDS", 0.6)
    with serving(log) as s, socket.create_connection(("127.0.0.1", s.port)) as sock:
        sock.settimeout(0.02)
        started, answer = time.monotonic(), b""
        for byte in b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 300:  # 300 bytes: 6 s at this pace
            try:
                sock.sendall(bytes([byte]))
                answer += sock.recv(65536)
                break  # an answer, or the server closed the connection
            except TimeoutError:
                continue
            except OSError:
                break
        took = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.0 408 ") and took < 4, (answer, took)
    assert _settles(lambda: s.server.clients == 0)


def test_a_reader_that_stops_reading_is_dropped(log, monkeypatch):
    """A stream whose reader stops: once the socket's buffers are full, WRITE_SECONDS later it is gone."""
    monkeypatch.setattr(screen_server, "WRITE_SECONDS", 0.3)
    with serving(log) as s, socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", s.port))
        sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\n\r\n".encode())
        assert _settles(lambda: s.server.clients == 1)
        screen = s.publisher.screen  # a screen far larger than any socket buffer, never read
        s.publisher.publish(screen_server.Screen(screen.version + 1, screen.page, screen.data, b"data: " + b"x" * 32_000_000))
        assert _settles(lambda: s.server.clients == 0, timeout=20)
        s.publisher.publish(screen)
        assert get(s.port, "/")[0] == 200


def test_too_many_connections_get_503_and_the_server_recovers(log, monkeypatch):
    monkeypatch.setattr(screen_server, "MAX_CLIENTS", 4)
    monkeypatch.setattr(screen_server, "HEAD_SECONDS", 1.0)
    with serving(log) as s:
        idle = [socket.create_connection(("127.0.0.1", s.port)) for _ in range(4)]  # each holds a thread
        try:
            assert _settles(lambda: s.server.clients == 4)
            assert exchange(s.port, b"GET / HTTP/1.1\r\n\r\n").startswith(b"HTTP/1.0 503 ")
        finally:
            for sock in idle:
                sock.close()
        assert _settles(lambda: s.server.clients == 0) and get(s.port, "/")[0] == 200


def test_streams_whose_clients_left_free_their_places_at_once(log, monkeypatch):
    """Issue 30: a stream's place was held until its next heartbeat (15 s), and everyone got 503
    meanwhile; now the server notices the client go and frees the place."""
    monkeypatch.setattr(screen_server, "MAX_CLIENTS", 3)
    monkeypatch.setattr(screen_server, "HEARTBEAT_SECONDS", 600.0)  # no heartbeat would find them gone
    with serving(log) as s:
        streams = [Stream(s.port) for _ in range(3)]
        assert all(stream.wait_version(1) for stream in streams) and s.server.clients == 3
        assert exchange(s.port, b"GET / HTTP/1.1\r\n\r\n").startswith(b"HTTP/1.0 503 ")
        for stream in streams:
            stream.close()
        assert _settles(lambda: s.server.clients == 0), s.server.clients
        assert get(s.port, "/")[0] == 200
        again = Stream(s.port)  # and a stream still gets every change
        try:
            assert again.wait_version(1)
            log.write_text(HEADER + ANA + BEN, encoding="utf-8")
            assert again.wait_version(2)
        finally:
            again.close()


def test_a_name_that_resolves_to_loopback_is_host_checked_too(log):
    """Issue 30: ``--serve NAME:PORT`` with NAME resolving to 127.0.0.1 skipped the Host check
    (DNS rebinding); it is decided by the address bound. 127.1 is such a name, without DNS."""
    with serving(log, host="127.1") as s:
        for host in (f"evil.example:{s.port}", f"127.0.0.2:{s.port}"):
            status, _, body = get(s.port, "/", f"Host: {host}")
            assert status == 400 and b"Ana" not in body, host
        for host in (f"127.1:{s.port}", f"127.0.0.1:{s.port}", f"localhost:{s.port}"):
            assert get(s.port, "/", f"Host: {host}")[0] == 200, host
        assert s.server.bound == "127.0.0.1" and s.local and s.others is None  # "only this machine" is said


def test_gt_play_new_on_a_taken_port_leaves_no_log_behind(tmp_path):
    """Issue 30: the new log was created before the port was found taken, so the retry failed."""
    new = tmp_path / "new.gtl"
    args = ("play", new, "--new", "--players", "Ana,Ben,Caro", "--cards", "sample")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        refused = run(*args, "--serve", str(port), input="quit\n")
        assert refused.exit_code == 2 and f"cannot serve on 127.0.0.1:{port}" in refused.stderr
        assert not new.exists() and list(tmp_path.iterdir()) == []
    retry = run(*args, "--serve", "0", input="quit\n")
    assert retry.exit_code == 0, retry.output
    assert new.exists()


# ---- real processes -----------------------------------------------------------------------------------
def _first_json(proc: subprocess.Popen, kind: str, timeout: float = 60.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        data = json.loads(line)
        if data.get("kind") == kind:
            return data
    raise AssertionError(f"no {kind!r} line from gt; stderr: {proc.stderr.read() if proc.poll() is not None else ''}")


def _port_of(url: str) -> int:
    return int(url.rstrip("/").rsplit(":", 1)[1])


def _refused(port: int, timeout: float = 15.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_gt_replay_serve_until_stopped(log, stop):
    proc = subprocess.Popen([*GT, "replay", str(log), "--serve", "0", "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        hello = _first_json(proc, "serving")
        assert hello["url"].startswith("http://127.0.0.1:") and hello["others"] is None and hello["file"] == str(log)
        assert get(_port_of(hello["url"]), "/")[0] == 200
        proc.send_signal(stop)
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert json.loads(out.splitlines()[-1]) == {"kind": "stopped", "message": "stopped serving"}
    assert _refused(_port_of(hello["url"]))


def test_gt_replay_serve_says_where_in_words(log):
    proc = subprocess.Popen([*GT, "replay", str(log), "--serve", "127.0.0.1:0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("The table's screen: http://127.0.0.1:") and "Ctrl-C stops" in line
        assert "Only this machine can open it" in proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode == 0 and "Stopped serving the table's screen." in out


def _play(log: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([*GT, "play", str(log), "--json", "--serve", "0", *extra], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)


def test_gt_play_serve_and_fifty_clients(log):
    """gt play serves its screen from a process of its own: 50 streams at once all get every
    move, and gt play answers every line; when gt play stops, so does the server."""
    proc = _play(log)
    streams: list[Stream] = []
    try:
        serving_line = _first_json(proc, "serving")
        assert _first_json(proc, "hello")["status"]["turn"] == "Ana"
        port = _port_of(serving_line["url"])
        streams = [Stream(port) for _ in range(50)]
        assert all(s.wait_version(1) for s in streams)
        for n, line in enumerate(["end", "Ben: draw item face-up \"Iron Amulet\" refill \"Pilgrim's Orb\"",
                                  "vote staff"]):
            proc.stdin.write(line + "\n")
            reply = _first_json(proc, "reply")
            assert reply["accepted"], reply
        # the server sees the log as saved within a few tenths of a second; every stream gets it
        assert _settles(lambda: json.loads(get(port, "/state.json")[2])["moves"][-1]["text"] == "vote staff")
        target = json.loads(get(port, "/state.json")[2])["version"]
        assert target >= 2 and all(s.wait_version(target) for s in streams)
        assert all("Iron Amulet" in s.events[-1]["html"] for s in streams)
        proc.stdin.write("quit\n")
        proc.stdin.close()
        assert proc.wait(30) == 0
        assert _refused(port)
    finally:
        for s in streams:
            s.close()
        proc.kill()


def test_gt_plays_end_shows_the_next_players_turn_at_once(log):
    """Issue 33: `end` wrote nothing, so the screen showed Ana's turn until Ben's first move.
    gt play tells its screen at once, and writes a blank line after the turn (what a separate
    `gt replay --serve` reads as the turn's end), which the next move's line takes the place of."""
    proc = _play(log)
    try:
        port = _port_of(_first_json(proc, "serving")["url"])
        _first_json(proc, "hello")
        stream = Stream(port)
        try:
            assert stream.wait_version(1) and "Turn of <b>Ana</b>" in stream.events[-1]["html"]
            proc.stdin.write("end\n")
            assert _first_json(proc, "reply")["accepted"]
            assert stream.wait_version(2) and "Turn of <b>Ben</b>" in stream.events[-1]["html"]
            state = json.loads(get(port, "/state.json")[2])
            assert (state["turn"], state["turn_closed"], state["slots_left"]) == ("Ben", True, None)
            assert "Turn of <b>Ben</b>" in get(port, "/")[2].decode("utf-8")
            assert log.read_text(encoding="utf-8") == HEADER + ANA + "\n"
            # typed at once, the move is saved after `end` is answered (lines piped in are saved
            # together): the screen closes the turn once the text it was told of is saved
            proc.stdin.write("vote staff\nextract 1\nend\n")
            for _ in range(3):
                assert _first_json(proc, "reply")["accepted"]
            assert _settles(lambda: json.loads(get(port, "/state.json")[2])["turn"] == "Caro")
            state = json.loads(get(port, "/state.json")[2])
            assert state["turn_closed"] and state["moves"][-1]["text"] == "extract 1"
        finally:
            stream.close()
        proc.stdin.write("quit\n")
        proc.stdin.close()
        assert proc.wait(30) == 0
    finally:
        proc.kill()


def test_gt_replay_serve_takes_a_blank_line_as_the_end_of_a_turn(log):
    with serving(log) as s:
        assert json.loads(get(s.port, "/state.json")[2])["turn"] == "Ana"
        with log.open("a", encoding="utf-8") as f:
            f.write("\n")
        assert _settles(lambda: json.loads(get(s.port, "/state.json")[2])["turn"] == "Ben")


def test_the_server_stops_when_gt_play_is_killed(log):
    proc = _play(log)
    try:
        port = _port_of(_first_json(proc, "serving")["url"])
        assert get(port, "/")[0] == 200
        proc.kill()  # no chance to stop it: the server sees its pipe from gt play close
        proc.wait(10)
        assert _refused(port)
    finally:
        proc.kill()


# ---- for the other devices: the address, and a QR code at a terminal -----------------------------------
def test_a_qr_code_of_the_address():
    pytest.importorskip("segno")
    code = serve.qr_text("http://192.0.2.2:8000/")
    rows = code.splitlines()
    assert len(rows) > 10 and len({len(r) for r in rows}) == 1  # a square of block characters
    assert set(code) <= set("█▀▄ \n") and code != serve.qr_text("http://192.0.2.2:8001/")


def test_no_qr_library_no_qr(monkeypatch):
    monkeypatch.setitem(sys.modules, "segno", None)  # as if not installed
    assert serve.qr_text("http://192.0.2.2:8000/") is None


@pytest.mark.parametrize("segno", [True, False])
def test_at_a_terminal_a_network_address_comes_with_a_qr_code(log, tmp_path, segno):
    from tests.terminal import Terminal

    address = http_common.lan_address()
    if address is None:
        pytest.skip("this machine has no address on a network")
    if segno:
        pytest.importorskip("segno")
    fake = tmp_path / "no-segno"
    fake.mkdir()
    (fake / "segno.py").write_text("raise ImportError('not installed')\n", encoding="utf-8")
    env = {} if segno else {"PYTHONPATH": str(fake)}
    term = Terminal("replay", log, "--serve", f"{address}:0", env=env)
    try:
        term.read_until("Ctrl-C stops")
        if segno:
            shown = term.read_until("▀▀▀▀▀▀▀▀▀▀")  # the QR code's last row
            assert shown.count("█") > 50
        else:
            assert "pip install 'gtcli[qr]'" in term.read_until("QR code here")
        term.type("\x03")  # Ctrl-C, from the terminal
        term.read_until("Stopped serving")
        assert term.wait() == 0
    finally:
        term.kill()


def test_every_interface_names_the_address_others_type(log):
    proc = subprocess.Popen([*GT, "replay", str(log), "--serve", "0.0.0.0:0", "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        hello = _first_json(proc, "serving")
        assert hello["url"].startswith("http://0.0.0.0:")
        address = http_common.lan_address()
        assert hello["others"] == (f"http://{address}:{_port_of(hello['url'])}/" if address else None)
        assert get(_port_of(hello["url"]), "/")[0] == 200  # reached over loopback: every interface
        if address:  # and over the network address, where any Host is this server's
            with socket.create_connection((address, _port_of(hello["url"])), timeout=10) as sock:
                sock.sendall(f"GET /state.json HTTP/1.1\r\nHost: tv.local:{_port_of(hello['url'])}\r\n\r\n".encode())
                assert sock.recv(100).startswith(b"HTTP/1.0 200")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
    finally:
        proc.kill()


def test_gt_plays_end_reaches_a_separate_gt_replay_serve_through_the_log(log):
    """Issue 33: `gt play` without a screen of its own, and `gt replay --serve` following the
    same log (another laptop, a TV's machine): `end` writes the blank line the replay reads as
    the end of the turn, so the TV shows the next player at once; the next move takes its place."""
    with serving(log) as s:
        assert json.loads(get(s.port, "/state.json")[2])["turn"] == "Ana"
        proc = subprocess.run([*GT, "play", str(log)], input="end\n", capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert log.read_text(encoding="utf-8") == HEADER + ANA + "\n"
        assert _settles(lambda: json.loads(get(s.port, "/state.json")[2])["turn"] == "Ben")
        state = json.loads(get(s.port, "/state.json")[2])
        assert state["turn_closed"] and state["slots_left"] is None
        proc = subprocess.run([*GT, "play", str(log)], input="vote staff\n", capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 0, proc.stderr
        text = log.read_text(encoding="utf-8")
        assert text.startswith(HEADER + ANA) and text.endswith("Ben: vote staff\n") and "\n\n" not in text[len(HEADER):]
        assert _settles(lambda: json.loads(get(s.port, "/state.json")[2])["moves"][-1]["text"] == "vote staff")
