"""The table's screen's HTTP server: what ``gt replay --serve`` and ``gt play --serve`` answer.

A read-only page that follows a log as it is written (the standard library's threading
HTTP server; no framework). :class:`Publisher` holds the current :class:`Screen` (the
page, its JSON and its Server-Sent Event, made once per change of the log) and wakes every
open stream to send the next one; :mod:`gtcli.cli.serve` runs this server and the watcher
that publishes.

Fixed routes, nothing else: ``/`` (the page), ``/events`` (the stream), ``/state.json``
(the screen's data, docs/json.md); GET and HEAD only, no endpoint writes anything, and
anything else is 404 (405 for another method). Strangers' requests are bounded
(docs/security.md, "The table's screen"): :data:`MAX_CLIENTS` connections at once (the
next gets 503 at once), a request's head within :data:`MAX_HEAD` bytes and
:data:`HEAD_SECONDS` seconds however slowly it trickles in (a slow client gets 408 and
is dropped), a reader that stops reading dropped after :data:`WRITE_SECONDS`, a stream
whose client went away closed at once (its place freed for the next), and every stream
closed after :data:`STREAM_SECONDS` (the browser reconnects by itself). Served on
127.0.0.1 unless a host is given; wherever the address it is bound to is a loopback one
(a name that resolves to 127.0.0.1 too), a Host header naming another server is refused
(a web page cannot reach the screen through DNS rebinding).

Every request's head is checked before any route or method by
:func:`gtcli.cli.http_common.request_problem` (RFC 9112: 400 for two Host headers, an
HTTP/1.1 request without one, a Host that is no host[:port], a header line that is not
``NAME: VALUE``): one function, for every server gt runs to call on each request; the
address served and the signals that stop the server are :mod:`gtcli.cli.http_common`'s too.
"""

from __future__ import annotations

import io
import selectors
import socket
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from gtcli.cli.http_common import json_bytes, own_host_names, read_within, request_problem

MAX_CLIENTS = 64  # connections at once (streams included); the next one gets 503
MAX_HEAD = 8 * 1024  # bytes of a request line and its headers
HEAD_SECONDS = 5.0  # to send them, in all
WRITE_SECONDS = 10.0  # a client that stops reading is dropped after this
HEARTBEAT_SECONDS = 15.0  # a comment line on an idle stream, so proxies and browsers keep it
STREAM_SECONDS = 600.0  # a stream is closed after this; EventSource opens a new one
RETRY_MS = 1000  # what the stream asks a browser to wait before reconnecting


# ---- what is served ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Screen:
    """One state of the screen, made once per change and sent to every client as is."""

    version: int
    page: bytes
    data: bytes  # /state.json
    event: bytes  # one Server-Sent Event: the new #screen element


def screen_of(follower) -> Screen:
    from gtcli.grand_tribunal.html.table_screen import screen_fragment, screen_page, title

    view, version, problem = follower.view, follower.version, follower.problem
    page = screen_page(view, version, problem).encode("utf-8")
    data = json_bytes({"version": version, "problem": problem, **view})
    event = json_bytes({"version": version, "title": title(view), "language": view["language"],
                         "html": screen_fragment(view, version, problem)})
    return Screen(version, page, data, b"id: %d\nevent: state\ndata: %s\n\n" % (version, event))


class Publisher:
    """The current :class:`Screen`; each open stream registers a socket of its own
    (:meth:`listen`) that gets a byte whenever there is a newer one, so a stream waits for
    the next screen and for its client going away at once (:meth:`Handler._stream`)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.closed = False
        self._lock = threading.Lock()
        self._listeners: set[socket.socket] = set()

    def _wake_all(self) -> None:
        for wake in list(self._listeners):
            try:
                wake.send(b"!")
            except OSError:  # its buffer is full: it has a wake-up pending already
                pass

    def publish(self, screen: Screen) -> None:
        with self._lock:
            self.screen = screen
            self._wake_all()

    def close(self) -> None:
        with self._lock:
            self.closed = True
            self._wake_all()

    def listen(self) -> tuple[socket.socket, socket.socket]:
        """A pair (read end, write end): the write end gets a byte at each change; :meth:`forget` it."""
        read, write = socket.socketpair()
        read.setblocking(False)
        write.setblocking(False)
        with self._lock:
            self._listeners.add(write)
        return read, write

    def forget(self, pair: tuple[socket.socket, socket.socket]) -> None:
        with self._lock:
            self._listeners.discard(pair[1])
        for end in pair:
            end.close()


# ---- HTTP ---------------------------------------------------------------------------------------------
def _csp() -> str:
    import base64
    import hashlib

    from gtcli.grand_tribunal.html.table_screen import SCRIPT

    digest = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode("ascii")
    return (f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; connect-src 'self'; "
            "base-uri 'none'; form-action 'none'")


def _head_wanted(data: bytes) -> int:
    """What a request's head still wants: 4096 bytes at a time until its blank line, then nothing."""
    return 0 if b"\r\n\r\n" in data or b"\n\n" in data else 4096


class _Writer(io.RawIOBase):
    """What a handler writes to: the socket, every byte sent (``sendall``) within the socket's timeout."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self._sock.sendall(data)
        return len(data)


class Handler(BaseHTTPRequestHandler):
    server: "ScreenServer"
    protocol_version = "HTTP/1.0"  # one request a connection; a stream ends when the connection does
    server_version = "gt"
    sys_version = ""
    error_content_type = "text/plain; charset=utf-8"
    error_message_format = "%(code)d %(message)s: %(explain)s\n"

    def version_string(self) -> str:
        return self.server_version

    def setup(self) -> None:
        self.connection = self.request
        self.rfile = io.BytesIO()
        self.wfile = _Writer(self.connection)

    def finish(self) -> None:
        pass  # the server closes the socket

    def log_message(self, format: str, *args) -> None:
        pass  # a table's screen keeps no log of who looked

    def _raw(self, code: int, reason: str) -> None:
        body = f"{code} {reason}\n".encode("ascii")
        try:
            self.connection.settimeout(1.0)
            self.connection.sendall(b"HTTP/1.0 %d %s\r\nContent-Type: text/plain; charset=utf-8\r\n"
                                    b"Content-Length: %d\r\nConnection: close\r\n\r\n%s"
                                    % (code, reason.encode("ascii"), len(body), body))
        except OSError:
            pass

    def _read_head(self) -> bytes | None:
        """The request line and headers, read within :data:`HEAD_SECONDS` in all and
        :data:`MAX_HEAD` bytes; None (after a 408 or 431) if the client does not manage that."""
        head = read_within(self.connection, HEAD_SECONDS, _head_wanted, self._raw, limit=MAX_HEAD)
        if head is not None:
            self.connection.settimeout(WRITE_SECONDS)
        return head

    def handle(self) -> None:
        head = self._read_head()
        if head is None:
            return
        self.rfile = io.BytesIO(head)
        try:
            self.handle_one_request()
        except OSError:
            pass  # the client went away, or stopped reading for WRITE_SECONDS

    # ---- the routes ------------------------------------------------------------------------------------
    def do_GET(self) -> None:
        self._route(send_body=True)

    def do_HEAD(self) -> None:
        self._route(send_body=False)

    def _not_allowed(self) -> None:
        self.send_response(405)
        self.send_header("Allow", "GET, HEAD")
        self._common("text/plain; charset=utf-8", 0)
        self.end_headers()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_CONNECT = do_TRACE = _not_allowed

    def _common(self, content_type: str, length: int | None) -> None:
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", self.server.csp)
        self.send_header("Connection", "close")

    def parse_request(self) -> bool:
        """The request line and headers, then their check (:func:`request_problem`): a bad head
        gets 400 whatever its method and path, before anything is routed."""
        if not super().parse_request():
            return False
        problem = request_problem(self.request_version, self.headers, self.server.allowed_hosts)
        if problem is not None:
            self.close_connection = True
            self.send_error(400, "Bad Request", problem)
            return False
        return True

    def _route(self, send_body: bool) -> None:
        path = self.path.partition("?")[0] if self.path.startswith("/") else None
        screen = self.server.publisher.screen
        if path == "/":
            self._send(screen.page, "text/html; charset=utf-8", send_body)
        elif path == "/state.json":
            self._send(screen.data, "application/json", send_body)
        elif path == "/events":
            self._stream(send_body)
        else:
            self.send_error(404, "Not Found", "the table's screen serves /, /events and /state.json only")

    def _send(self, body: bytes, content_type: str, send_body: bool) -> None:
        self.send_response(200)
        self._common(content_type, len(body))
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def _stream(self, send_body: bool) -> None:
        """Server-Sent Events: the screen now, then each new one, until :data:`STREAM_SECONDS`,
        the server's end, or the client's going away (noticed at once: its place is free again)."""
        self.send_response(200)
        self._common("text/event-stream; charset=utf-8", None)
        self.end_headers()
        if not send_body:
            return
        publisher = self.server.publisher
        pair = publisher.listen()
        try:
            with selectors.DefaultSelector() as ready:
                ready.register(self.connection, selectors.EVENT_READ, "client")
                ready.register(pair[0], selectors.EVENT_READ, "wake")
                self._events(publisher, pair[0], ready)
        finally:
            publisher.forget(pair)

    def _events(self, publisher: "Publisher", wake: socket.socket, ready: selectors.BaseSelector) -> None:
        self.wfile.write(b"retry: %d\n\n" % RETRY_MS)
        ends, sent = time.monotonic() + STREAM_SECONDS, None
        while not publisher.closed:
            screen = publisher.screen
            if screen.version != sent:
                self.wfile.write(screen.event)
                sent = screen.version
            left = ends - time.monotonic()
            if left <= 0:
                break
            events = ready.select(min(HEARTBEAT_SECONDS, left))
            for key, _ in events:
                if key.data == "wake":
                    try:
                        wake.recv(4096)
                    except BlockingIOError:
                        pass
                elif not self._client_still_there():
                    return
            if not events and time.monotonic() < ends:
                self.wfile.write(b": still here\n\n")

    def _client_still_there(self) -> bool:
        """The client's side of a stream sends nothing after its request: readable means it
        closed the connection (or sent what a stream does not read, which is dropped)."""
        try:
            self.connection.settimeout(0)
            return bool(self.connection.recv(4096))
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            return False
        finally:
            self.connection.settimeout(WRITE_SECONDS)


class ScreenServer(ThreadingHTTPServer):
    daemon_threads = True  # a stream never keeps the process alive
    block_on_close = False
    request_queue_size = MAX_CLIENTS
    handler_class: type[BaseHTTPRequestHandler] = Handler  # another server of gt answers with its own

    def __init__(self, host: str, port: int, publisher: Publisher | None) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.publisher = publisher
        self.csp = self.content_policy()
        self.clients = 0
        self._count = threading.Lock()
        super().__init__((host, port), self.handler_class)
        self.port = self.server_address[1]
        self.bound = self.server_address[0]  # the address itself, whatever name was given for it
        self.allowed_hosts = own_host_names(host, self.bound, self.port)

    def content_policy(self) -> str:
        return _csp()

    def process_request(self, request, client_address) -> None:
        with self._count:
            full = self.clients >= MAX_CLIENTS
            if not full:
                self.clients += 1
        if full:  # answered here, at once, without a thread: a flood costs no more than this
            try:
                request.settimeout(0.5)
                request.sendall(b"HTTP/1.0 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Length: 0\r\n"
                                b"Connection: close\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            with self._count:
                self.clients -= 1
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._count:
                self.clients -= 1

    def handle_error(self, request, client_address) -> None:
        pass  # a client that went away is no news; a bug in the handler shows as a broken page, not a crash
