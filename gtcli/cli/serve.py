"""The table's screen over HTTP: ``gt replay LOG --serve [HOST:]PORT`` and ``gt play LOG --serve``.

A read-only page that follows a log as it is written (the standard library's threading
HTTP server; no framework). The log file is the only state: a watcher thread asks
:class:`gtcli.grand_tribunal.play.follow.Follower` every :data:`POLL_SECONDS` whether the
file changed, and when it did, the page, its JSON and its Server-Sent Event are made
once (:class:`Screen`) and every open stream is woken to send it.

Fixed routes, nothing else: ``/`` (the page), ``/events`` (the stream), ``/state.json``
(the screen's data, docs/json.md); GET and HEAD only, no endpoint writes anything, and
anything else is 404 (405 for another method). Strangers' requests are bounded
(docs/security.md, "The table's screen"): :data:`MAX_CLIENTS` connections at once (the
next gets 503 at once), a request's head within :data:`MAX_HEAD` bytes and
:data:`HEAD_SECONDS` seconds however slowly it trickles in (a slow client gets 408 and
is dropped), a reader that stops reading dropped after :data:`WRITE_SECONDS`, and every
stream closed after :data:`STREAM_SECONDS` (the browser reconnects by itself). Served on
127.0.0.1 unless a host is given, where a Host header naming another server is refused
(a web page cannot reach the screen through DNS rebinding).

``gt play --serve`` runs the server in a process of its own (:class:`ScreenProcess`,
``python -m gtcli.cli.serve``), so the screen's work never holds up a typed answer; that
process stops when ``gt play`` does, or when its pipe from ``gt play`` closes (even if
``gt play`` was killed).
"""

from __future__ import annotations

import io
import ipaddress
import json
import socket
import sys
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

POLL_SECONDS = 0.2  # how often the watcher looks at the log's stat
MAX_CLIENTS = 64  # connections at once (streams included); the next one gets 503
MAX_HEAD = 8 * 1024  # bytes of a request line and its headers
HEAD_SECONDS = 5.0  # to send them, in all
WRITE_SECONDS = 10.0  # a client that stops reading is dropped after this
HEARTBEAT_SECONDS = 15.0  # a comment line on an idle stream, so proxies and browsers keep it
STREAM_SECONDS = 600.0  # a stream is closed after this; EventSource opens a new one
RETRY_MS = 1000  # what the stream asks a browser to wait before reconnecting
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


def _url(host: str, port: int) -> str:
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


# ---- what is served ---------------------------------------------------------------------------------------
def _json_bytes(data: object) -> bytes:
    """JSON with every user string escaped (:func:`gtcli.core.escaping.json_text`), and ``<``, ``>``,
    ``&`` as ``\\u003c`` and so on: never markup, whatever reads it."""
    from gtcli.core.escaping import json_text

    text = json_text(data, indent=None)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").encode("utf-8")


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
    data = _json_bytes({"version": version, "problem": problem, **view})
    event = _json_bytes({"version": version, "title": title(view), "language": view["language"],
                         "html": screen_fragment(view, version, problem)})
    return Screen(version, page, data, b"id: %d\nevent: state\ndata: %s\n\n" % (version, event))


class Publisher:
    """The current :class:`Screen`, and a condition the streams wait on for the next one."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.closed = False
        self._changed = threading.Condition()

    def publish(self, screen: Screen) -> None:
        with self._changed:
            self.screen = screen
            self._changed.notify_all()

    def close(self) -> None:
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def wait_newer(self, version: int | None, timeout: float) -> Screen:
        with self._changed:
            self._changed.wait_for(lambda: self.closed or self.screen.version != version, timeout)
            return self.screen


# ---- HTTP ---------------------------------------------------------------------------------------------
def _csp() -> str:
    import base64
    import hashlib

    from gtcli.grand_tribunal.html.table_screen import SCRIPT

    digest = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode("ascii")
    return (f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; connect-src 'self'; "
            "base-uri 'none'; form-action 'none'")


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
    error_message_format = "%(code)d %(message)s\n"

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
        deadline = time.monotonic() + HEAD_SECONDS
        data = b""
        while b"\r\n\r\n" not in data and b"\n\n" not in data:
            left = deadline - time.monotonic()
            if left <= 0:
                self._raw(408, "Request Timeout")
                return None
            try:
                self.connection.settimeout(left)
                chunk = self.connection.recv(4096)
            except TimeoutError:
                self._raw(408, "Request Timeout")
                return None
            except OSError:
                return None
            if not chunk:
                return None
            data += chunk
            if len(data) > MAX_HEAD:
                self._raw(431, "Request Header Fields Too Large")
                return None
        self.connection.settimeout(WRITE_SECONDS)
        return data

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

    def _host_ok(self) -> bool:
        """Served on loopback, only this machine's names: a page elsewhere cannot rebind its own name to us."""
        allowed = self.server.allowed_hosts
        host = self.headers.get("Host")
        return allowed is None or host is None or host.strip().lower() in allowed

    def _route(self, send_body: bool) -> None:
        if not self._host_ok():
            self.send_error(400, "Bad Request", "this server answers to its own address only")
            return
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
        """Server-Sent Events: the screen now, then each new one, until :data:`STREAM_SECONDS`."""
        self.send_response(200)
        self._common("text/event-stream; charset=utf-8", None)
        self.end_headers()
        if not send_body:
            return
        publisher = self.server.publisher
        self.wfile.write(b"retry: %d\n\n" % RETRY_MS)
        ends, sent = time.monotonic() + STREAM_SECONDS, None
        while not publisher.closed:
            left = ends - time.monotonic()
            if left <= 0:
                break
            screen = publisher.wait_newer(sent, min(HEARTBEAT_SECONDS, left))
            if publisher.closed:
                break
            if screen.version != sent:
                self.wfile.write(screen.event)
                sent = screen.version
            elif time.monotonic() < ends:
                self.wfile.write(b": still here\n\n")


class ScreenServer(ThreadingHTTPServer):
    daemon_threads = True  # a stream never keeps the process alive
    block_on_close = False
    request_queue_size = MAX_CLIENTS

    def __init__(self, host: str, port: int, publisher: Publisher) -> None:
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.publisher = publisher
        self.csp = _csp()
        self.clients = 0
        self._count = threading.Lock()
        super().__init__((host, port), Handler)
        self.port = self.server_address[1]
        self.allowed_hosts = None
        if is_loopback(host):
            names = {host, *LOOPBACK_NAMES}
            self.allowed_hosts = {f"[{n}]:{self.port}" if ":" in n else f"{n}:{self.port}" for n in names}
            if self.port == 80:
                self.allowed_hosts |= {f"[{n}]" if ":" in n else n for n in names}

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


# ---- running it -----------------------------------------------------------------------------------------
class Serving:
    """The server and its watcher, running in threads of this process until :meth:`stop`."""

    def __init__(self, path: str, options, host: str, port: int) -> None:
        from gtcli.grand_tribunal.play.follow import Follower

        self.follower = Follower(path, options)  # an unusable log: InputError, before anything listens
        self.publisher = Publisher(screen_of(self.follower))
        try:
            self.server = ScreenServer(host, port, self.publisher)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise ServeError(f"cannot serve on {host}:{port}: {reason.lower()}") from None
        self.host, self.port = host, self.server.port
        self.url = _url(host, self.port)
        wildcard = host in ("0.0.0.0", "::", "")
        lan = lan_address() if wildcard else None
        self.others = _url(lan, self.port) if lan else (None if wildcard or is_loopback(host) else self.url)
        self._stop = threading.Event()
        self._restore: list[tuple[int, object]] = []
        self._threads = [threading.Thread(target=self.server.serve_forever, args=(0.25,), daemon=True),
                         threading.Thread(target=self._watch, daemon=True)]
        for thread in self._threads:
            thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            try:
                changed = self.follower.poll()
            except Exception as exc:  # a bug in gt: said once, on the page too; the server goes on
                from gtcli.core.escaping import safe

                self.follower.problem = f"internal error: {type(exc).__name__} (a bug in gt)"
                self.follower.version += 1
                sys.stderr.write(safe(f"gt: the table's screen met an internal error: {type(exc).__name__}: {exc}\n"))
                changed = True
            if changed:
                self.publisher.publish(screen_of(self.follower))

    def stop(self) -> None:
        self._stop.set()
        self.publisher.close()
        self.server.shutdown()
        self.server.server_close()

    def stop_on_signals(self, *signals: int) -> None:
        """From now on these signals (Ctrl-C's SIGINT, SIGTERM) stop the server, whenever they come:
        before :meth:`wait` too, so a stop is never lost between starting and waiting."""
        import signal

        for number in signals:
            self._restore.append((number, signal.signal(number, lambda *_: self._stop.set())))

    def wait(self, until_eof_of=None) -> None:
        """Serve until stopped (:meth:`stop_on_signals`; or, with ``until_eof_of``, until that stream ends)."""
        import signal

        if until_eof_of is not None:
            threading.Thread(target=lambda: (until_eof_of.read(), self._stop.set()), daemon=True).start()
        try:
            while not self._stop.wait(0.5):
                pass
        finally:
            for number, previous in self._restore:
                signal.signal(number, previous)
            self.stop()

    def describe(self) -> dict:
        return {"url": self.url, "others": self.others, "host": self.host, "port": self.port}


def qr_text(url: str) -> str | None:
    """``url`` as a QR code of block characters for a terminal, if segno (``pip install 'gtcli[qr]'``)
    is installed; None if not."""
    try:
        import segno
    except ImportError:
        return None
    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()


# ---- the commands' side --------------------------------------------------------------------------------
def address_of(text: str) -> tuple[str, int]:
    """``--serve``'s value, or a usage error (exit 2) naming the option."""
    import click

    try:
        return parse_address(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--serve'") from None


def announce(url: str, others: str | None, path: str, as_json: bool, stop_hint: str = "") -> None:
    """Where the screen is, said once: a line (and a QR code for another device, at a terminal), or JSON."""
    import click

    from gtcli.core.escaping import json_text, safe

    message = f"The table's screen: {url} (read-only; it follows {path} as it is written)"
    if as_json:
        click.echo(json_text({"kind": "serving", "message": message, "url": url, "others": others, "file": path},
                             indent=None))
        return
    click.echo(safe(message + "." + (f" {stop_hint}" if stop_hint else "")))
    host = url.split("//", 1)[1].rsplit(":", 1)[0].strip("[]")
    if is_loopback(host):
        click.echo("Only this machine can open it; `--serve 0.0.0.0:PORT` lets a TV or phones on your network see it.")
        return
    if others is None:  # every interface, but no address of this machine on a network was found
        click.echo("Other devices on your network open it at this machine's address, port "
                   f"{url.rstrip('/').rsplit(':', 1)[1]}.")
        return
    if others != url:
        click.echo(safe(f"From another device on this network: {others}"))
    if sys.stdout.isatty():
        qr = qr_text(others)
        click.echo(qr if qr else "(`pip install 'gtcli[qr]'` shows a QR code here for phones.)", nl=qr is None)


def serve_log(path: str, options, address: str, as_json: bool) -> None:
    """``gt replay LOG --serve``: serve here, in the foreground, until Ctrl-C or SIGTERM (exit 0)."""
    import signal

    import click

    from gtcli.core.escaping import json_text

    host, port = address_of(address)
    try:
        serving = Serving(path, options, host, port)
    except ServeError as exc:
        raise click.BadParameter(str(exc), param_hint="'--serve'") from None
    serving.stop_on_signals(signal.SIGINT, signal.SIGTERM)
    announce(serving.url, serving.others, path, as_json, "Ctrl-C stops")
    serving.wait()
    click.echo(json_text({"kind": "stopped", "message": "stopped serving"}, indent=None) if as_json
               else "Stopped serving the table's screen.")


def serve_for_play(session, address: str, as_json: bool) -> "ScreenProcess":
    """``gt play LOG --serve``: the screen in a process of its own (started before the first answer)."""
    import click

    host, port = address_of(address)
    try:
        screen = ScreenProcess(session.path, session.options, host, port)
    except ServeError as exc:
        raise click.BadParameter(str(exc), param_hint="'--serve'") from None
    announce(screen.url, screen.others, session.path, as_json)
    return screen


# ---- gt play's server process ---------------------------------------------------------------------------
START_SECONDS = 60.0  # for the process to check the log and listen


class ScreenProcess:
    """``gt play --serve``: the server in a process of its own, stopped with :meth:`stop`."""

    def __init__(self, path: str, options, host: str, port: int) -> None:
        import dataclasses
        import selectors
        import subprocess

        args = [sys.executable, "-m", "gtcli.cli.serve", path, host, str(port),
                json.dumps(dataclasses.asdict(options))]
        # a session of its own: Ctrl-C at gt play's prompt (which only clears a line) does not reach it
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True)
        with selectors.DefaultSelector() as ready:
            ready.register(self.proc.stdout, selectors.EVENT_READ)
            line = self.proc.stdout.readline() if ready.select(START_SECONDS) else b""
        self.proc.stdout.close()
        try:
            answer = json.loads(line)
        except ValueError:
            answer = {"error": "the server process did not start"}
        if "error" in answer:
            self.stop()
            raise ServeError(answer["error"])
        self.url, self.others = answer["url"], answer["others"]

    def stop(self) -> None:
        import subprocess

        try:
            self.proc.stdin.close()  # the process stops when its stdin ends
        except OSError:
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def main(argv: list[str]) -> int:
    """``python -m gtcli.cli.serve LOG HOST PORT OPTIONS_JSON``: what :class:`ScreenProcess` runs.
    Says on its first line of stdout where it listens (or why it cannot), then serves until stdin ends."""
    import signal

    from gtcli.core.diagnostics import InputError
    from gtcli.grand_tribunal.lang.logs.check import Options

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    path, host, port, options = argv[0], argv[1], int(argv[2]), Options(**json.loads(argv[3]))
    try:
        serving = Serving(path, options, host, port)
    except InputError as exc:
        d = exc.diagnostics[0]
        answer, code = {"error": f"{d.location()}: {d.code} {d.message}"}, 2
    except ServeError as exc:
        answer, code = {"error": str(exc)}, 2
    else:
        answer, code = serving.describe(), 0
    if code == 0:
        serving.stop_on_signals(signal.SIGTERM)
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
    if code == 0:
        serving.wait(until_eof_of=sys.stdin.buffer)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
