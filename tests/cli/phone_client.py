"""A phone's side of ``gt game serve`` for the tests: the server in this process, and a plain HTTP client.

The client is what a phone without JavaScript does: it reads the page's forms (their
hidden fields) and posts them back as the browser would, ``application/x-www-form-urlencoded``.
Everything talks to 127.0.0.1 only.
"""

from __future__ import annotations

import html
import http.client
import re
import socket
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

import pytest

from gtcli.cli.game_server import Phone, Running
from gtcli.grand_tribunal.shipped import published_vocabulary
from tests.conftest import run

# A whole four-player Tribunal as lines, as a scorekeeper reads it off the table
LINES = ("votes staff 2, orb 3, elemental 2, healing 1\n"
         "Ana: staff 4 elemental elemental runic\n"
         "Ben: orb 3 healing\n"
         "Caro: wand 3\n"
         "Dani: \"Moon Orb\" orb 2 healing\n")


def new_session(folder: Path, name: str = "game.toml") -> Path:
    path = folder / name
    assert run("game", "new", path, "--players", "Ana,Ben,Caro,Dani", "--first-praeco", "Ana").exit_code == 0
    return path


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str

    def fields(self, action: str | None = None) -> dict[str, str]:
        """The hidden fields (and the textarea) of the page's form posting to ``action`` (the first form if None)."""
        forms = re.findall(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', self.text, re.S)
        for target, body in forms:
            if action is None or target == action:
                found = {n: html.unescape(v) for n, v in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', body)}
                area = re.search(r'<textarea id="lines" name="lines"[^>]*>(.*?)</textarea>', body, re.S)
                if area:
                    found["lines"] = html.unescape(area.group(1))
                return found
        raise AssertionError(f"no form posting to {action!r} on the page: {self.text[:300]}")

    def words(self) -> str:
        """The page's text without its markup (and without the data block the script reads)."""
        text = re.sub(r"<script.*?</script>", " ", self.text, flags=re.S)
        return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)))


class Server:
    """``gt game serve``'s server for one session, in this process; :attr:`told` collects what the terminal is told."""

    def __init__(self, session: Path, lang: str = "en") -> None:
        self.told: list[tuple[str, object, str]] = []
        self.phone = Phone(str(session), published_vocabulary(), lang, lambda *change: self.told.append(change))
        self.running = Running(self.phone, "127.0.0.1", 0)
        self.port = self.running.server.port
        self.host = f"127.0.0.1:{self.port}"
        self.base = f"/{self.phone.secret}/"
        self.url = self.running.url

    def close(self) -> None:
        self.running.stop()

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = {"Host": self.host, **(headers or {})}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form).encode("utf-8")
            sent.setdefault("Content-Type", "application/x-www-form-urlencoded")
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                          response.read().decode("utf-8"))
        finally:
            connection.close()

    def get(self, route: str = "") -> Answer:
        return self.request("GET", self.base + route)

    def post(self, route: str, form: dict[str, str], **headers: str) -> Answer:
        return self.request("POST", self.base + route, form, headers)

    def raw(self, data: bytes, wait: float = 30.0) -> bytes:
        """Bytes sent as they are; what comes back until the server closes the connection."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=wait) as sock:
            sock.sendall(data)
            answer = b""
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    return answer
                answer += chunk

    def preview_and_record(self, lines: str) -> Answer:
        """What a phone without JavaScript does: open the page, preview the lines, press Record."""
        form = self.get().fields("preview")
        preview = self.post("preview", {**form, "lines": lines})
        assert preview.status == 200, preview.words()
        return self.post("record", preview.fields("record"))


# ---- the fixtures the phone's tests share: a new session, and the server serving it -------------------

@pytest.fixture
def session(tmp_path):
    return new_session(tmp_path)


@pytest.fixture
def server(session):
    s = Server(session)
    yield s
    s.close()
