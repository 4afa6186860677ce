"""What every HTTP server of gt shares (the table's screen, :mod:`gtcli.cli.screen_server`; the
scorekeeper's phone, :mod:`gtcli.cli.game_server`): the address served (``[HOST:]PORT``,
loopback or not, its URL, this machine's address on its network), the check of a request's
head that every server calls before any route (:func:`request_problem`, RFC 9112; the Host
names a server bound to a loopback address answers to, :func:`own_host_names`), the bounded
reading of what a client sends (:func:`read_within`: a request's head, a form's body), the body of
a JSON answer (:func:`json_bytes`: never markup, whatever reads it), and the signals that
stop a server running in threads (:class:`StopSignals`).
"""

from __future__ import annotations

import ipaddress
import re
import socket
import threading
import time
from collections.abc import Callable

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


class ServeError(Exception):
    """The server cannot start (the address is taken, not this machine's, not allowed)."""


# ---- the address ----------------------------------------------------------------------------------------
def parse_address(text: str) -> tuple[str, int]:
    """``[HOST:]PORT`` -> (host, port): ``8000`` is 127.0.0.1:8000, ``0.0.0.0:8000`` every interface,
    ``[::1]:8000`` an IPv6 host; port 0 asks for any free port. ValueError with the reason."""
    text = text.strip()
    host, port_text = "127.0.0.1", text
    if text.startswith("["):
        end = text.find("]:")
        if end < 0:
            raise ValueError(f"{text!r}: an IPv6 host goes in brackets before the port, as [::1]:8000")
        host, port_text = text[1:end], text[end + 2:]
    elif ":" in text:
        host, _, port_text = text.rpartition(":")
        if not host or ":" in host:
            raise ValueError(f"{text!r}: give HOST:PORT (an IPv6 host in brackets, as [::1]:8000) or a PORT")
    if not port_text.isdigit() or int(port_text) > 65535:
        raise ValueError(f"{text!r}: the port is a number from 0 to 65535 (0: any free port)")
    return host, int(port_text)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host.lower() == "localhost"


def url_of(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def lan_address() -> str | None:
    """This machine's address on its network, as another device there reaches it (None if it has none).
    A UDP socket "connected" to a documentation address sends nothing; the kernel only picks the route."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith(("0.", "127.")) else address


# ---- a request's head -----------------------------------------------------------------------------------
# RFC 3986's host (an IP literal in brackets, or a name or IPv4 address of its characters), an optional port
_HOST = re.compile(r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]*)(?::[0-9]*)?")


def own_host_names(name: str, bound: str, port: int) -> set[str] | None:
    """The Host values a server bound to ``bound`` (given as ``name``) answers to: on a loopback
    address only this machine's names with the port (``localhost:8000``, ``[::1]:8000``...), so a
    web page elsewhere that rebinds its own name to 127.0.0.1 gets nothing; None (any name)
    on a network address, which others reach by whatever name they know it by."""
    if not is_loopback(bound):  # by the address bound, not the name: a name may resolve to 127.0.0.1
        return None
    names = {name.lower(), bound, *LOOPBACK_NAMES}
    allowed = {f"[{n}]:{port}" if ":" in n else f"{n}:{port}" for n in names}
    if port == 80:
        allowed |= {f"[{n}]" if ":" in n else n for n in names}
    return allowed


def request_problem(version: str, headers, allowed_hosts: set[str] | None = None) -> str | None:
    """Why a request's head must be answered 400 Bad Request, or None if it may be served.

    For every server gt runs, before any route or method (RFC 9112, sections 3.2 and 5.1):
    a header line that is not ``NAME: VALUE`` (``Host : x`` would hide a second Host from
    the parser: it ends the head there), more than one Host header (in any version), an
    HTTP/1.1 request (or later) without one, a Host that is not a host[:port], and, where
    ``allowed_hosts`` is given (:func:`own_host_names`), a Host naming another server.
    ``version`` is the request line's (``HTTP/1.1``), ``headers`` the parsed head
    (:class:`http.client.HTTPMessage`, as ``BaseHTTPRequestHandler.headers``).
    """
    if getattr(headers, "defects", None):
        return "a header line that is not NAME: VALUE"
    hosts = headers.get_all("Host") or []
    if len(hosts) > 1:
        return "more than one Host header"
    if not hosts:
        return None if version in ("HTTP/1.0", "HTTP/0.9") else "an HTTP/1.1 request needs a Host header"
    host = hosts[0].strip()
    if not _HOST.fullmatch(host):
        return "the Host header is not a host[:port]"
    if allowed_hosts is not None and host.lower() not in allowed_hosts:
        return "this server answers to its own address only"
    return None


# ---- reading a request ---------------------------------------------------------------------------------
def read_within(connection: socket.socket, seconds: float, wanted: Callable[[bytes], int],
                refuse: Callable[[int, str], None], data: bytes = b"", limit: int | None = None) -> bytes | None:
    """What a client sends, however slowly it trickles in, read within ``seconds`` in all: ``data``
    (what came already) and then at most ``wanted(data)`` bytes at a time until that is 0 (a
    request's head: 4096 until its blank line; a body: what is left of its length).

    None once refused: ``refuse(408, ...)`` when the time is up, ``refuse(431, ...)`` past
    ``limit`` bytes; None too, without a word, when the client went away. The socket's timeout
    is left as the reading set it: the caller sets its own for what it writes next."""
    deadline = time.monotonic() + seconds
    while (size := wanted(data)) > 0:
        left = deadline - time.monotonic()
        if left <= 0:
            refuse(408, "Request Timeout")
            return None
        try:
            connection.settimeout(left)
            chunk = connection.recv(size)
        except TimeoutError:
            refuse(408, "Request Timeout")
            return None
        except OSError:
            return None
        if not chunk:
            return None
        data += chunk
        if limit is not None and len(data) > limit:
            refuse(431, "Request Header Fields Too Large")
            return None
    return data


# ---- what is served -------------------------------------------------------------------------------------
def json_bytes(data: object) -> bytes:
    """A JSON answer's body: every user string escaped (:func:`gtcli.core.escaping.json_text`), and
    ``<``, ``>``, ``&`` as ``\\u003c`` and so on: never markup, whatever reads it."""
    from gtcli.core.escaping import json_text

    text = json_text(data, indent=None)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").encode("utf-8")


# ---- stopping -------------------------------------------------------------------------------------------
class StopSignals:
    """What stops a server that runs in threads (the table's screen, :mod:`gtcli.cli.serve`; the
    phone's, :mod:`gtcli.cli.game_server`): ``event``, set by the server's own stop or by any of the
    signals given to :meth:`catch` whenever they come (before :meth:`wait` too, so a stop is never
    lost between starting and waiting). :meth:`wait` returns once it is set, the signals' earlier
    handlers given back."""

    def __init__(self, event: threading.Event) -> None:
        self.event = event
        self._restore: list[tuple[int, object]] = []

    def catch(self, *signals: int) -> None:
        import signal

        for number in signals:
            self._restore.append((number, signal.signal(number, lambda *_: self.event.set())))

    def wait(self) -> None:
        import signal

        try:
            while not self.event.wait(0.5):
                pass
        finally:
            for number, previous in reversed(self._restore):
                signal.signal(number, previous)
            self._restore = []
