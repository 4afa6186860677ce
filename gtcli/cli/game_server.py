"""The scorekeeper's phone: ``gt game serve SESSION`` answers a phone that enters the next Tribunal.

The table's screen's server (:mod:`gtcli.cli.screen_server`: its connection limit, its
bounded reading of a request's head, its headers) with routes of its own, all under a
secret path: ``/SECRET/`` (the page), ``/SECRET/state.json`` (the game, docs/json.md),
and the forms' POSTs ``preview``, ``preview.json``, ``record``, ``undo`` and
``undo/confirm``. Whatever does not start with the secret is 404, whatever its method.

What keeps the session safe (docs/security.md, "The scorekeeper's phone"):

* the secret (:data:`SECRET_BYTES` random bytes from :mod:`secrets`) is compared in
  constant time; pages are sent with ``Referrer-Policy: no-referrer``;
* exactly one ``Host`` header, naming the address served (a DNS-rebinding page cannot
  talk to it: :func:`gtcli.cli.http_common.request_problem`, which every server of gt
  calls, against this server's own names, whatever the version of HTTP); a POST whose ``Origin`` is another site's is refused (403);
* every form carries the page's token (an HMAC of a fresh nonce under a key that lives only
  in this process); Record also carries the lines, the session's version they were
  previewed against and an HMAC of both, so it records exactly what was previewed;
* a body is read only if it says its length, up to :data:`MAX_BODY` bytes, within
  :data:`BODY_SECONDS`; a client making more than :data:`RATE_BURST` requests in a burst
  (refilled at :data:`RATE_PER_SECOND`) gets 429 at once, without a thread;
* a change (:mod:`gtcli.cli.phone_pages`) is written through
  :mod:`gtcli.grand_tribunal.formats.recording` (the session's lock, atomic save, only if
  unchanged since read), one at a time: if the session is no longer the version the phone
  saw, the phone gets the conflict page and nothing is written.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from urllib.parse import parse_qs

from gtcli.cli.http_common import LOOPBACK_NAMES, StopSignals, is_loopback, read_within, url_of
from gtcli.cli.screen_server import Handler, ScreenServer

SECRET_BYTES = 24  # 192 random bits in the path
MAX_BODY = 32 * 1024  # bytes of a form's body (a Tribunal's lines are a few hundred)
BODY_SECONDS = 10.0  # to send it, in all
RATE_BURST = 60  # requests a client may make at once...
RATE_PER_SECOND = 4.0  # ...and then this many a second
MAX_CLIENTS_KNOWN = 1024  # clients whose rate is remembered (the oldest forgotten first)
FIELDS = ("token", "version", "lines", "signature")


def _mac(key: bytes, *parts: str) -> str:
    digest = hmac.new(key, "\0".join(parts).encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode("ascii")


class Phone:
    """What the server serves: the session, its language, the secret and the key of the forms' tokens."""

    def __init__(self, path: str, vocabulary, lang: str, on_change: Callable[[str, object, str], None],
                 card_set=None) -> None:
        self.path, self.vocabulary, self.lang, self.on_change = path, vocabulary, lang, on_change
        self.card_set = card_set  # its card names fill in an Item's type and base (gt game tribunal --cards)
        self.secret = secrets.token_urlsafe(SECRET_BYTES)
        self.key = secrets.token_bytes(32)
        self.writing = threading.Lock()  # one change at a time (the file's lock is per process, not per thread)

    def page_token(self) -> str:
        nonce = secrets.token_urlsafe(12)
        return f"{nonce}.{_mac(self.key, 'page', nonce)}"

    def token_ok(self, token: str) -> bool:
        nonce, _, mac = token.partition(".")
        return bool(nonce) and hmac.compare_digest(mac.encode("ascii", "replace"),
                                                   _mac(self.key, "page", nonce).encode("ascii"))

    def signature(self, version: str, lines: str) -> str:
        return _mac(self.key, "preview", version, lines)


class PhoneHandler(Handler):
    server: "PhoneServer"

    def handle_one_request(self) -> None:
        """A bug in gt answers 500 and is told once on stderr; the server goes on serving."""
        try:
            super().handle_one_request()
        except OSError:
            raise
        except Exception as exc:
            import sys

            from gtcli.core.escaping import safe

            sys.stderr.write(safe(f"gt: the phone's page met an internal error (a bug in gt): "
                                  f"{type(exc).__name__}: {exc}\n"))
            self._raw(500, "Internal Server Error")

    # ---- the checks every request passes --------------------------------------------------------------
    def _host(self) -> str | None:
        """The request's Host, lowercased. :func:`gtcli.cli.http_common.request_problem` has already
        refused (400) two of them, one that is not host[:port], and one naming another server than
        :attr:`PhoneServer.allowed_hosts`; this server also wants one in an HTTP/1.0 request."""
        host = self.headers.get("Host")
        return host.strip().lower() if host is not None else None

    def _secret_path(self) -> str | None:
        """The path after ``/SECRET/``; None if the request does not start with the secret."""
        path = self.path.partition("?")[0]
        prefix = "/" + self.server.phone.secret + "/"
        given = path[:len(prefix)]
        if len(given) != len(prefix) or not hmac.compare_digest(given.encode("utf-8", "replace"), prefix.encode()):
            return None
        return path[len(prefix):]

    def _gate(self) -> str | None:
        """The route, after the Host and the secret; None once refused (400 or 404)."""
        if self._host() not in self.server.allowed_hosts:
            self.send_error(400, "Bad Request", "this server answers to its own address only")
            return None
        route = self._secret_path()
        if route is None:
            self.send_error(404, "Not Found")
        return route

    def _not_allowed(self) -> None:
        from gtcli.cli.phone_pages import POSTS

        route = self._gate()
        if route in ("", "state.json"):
            super()._not_allowed()
        elif route in POSTS:
            self.send_response(405)
            self.send_header("Allow", "POST")
            self._common("text/plain; charset=utf-8", 0)
            self.end_headers()
        elif route is not None:
            self.send_error(404, "Not Found")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_CONNECT = do_TRACE = _not_allowed

    def parse_request(self) -> bool:
        """The head's checks (the shared :meth:`Handler.parse_request`), then a method this server has no
        answer for: http.server would say 501 "Unsupported method" before the secret is looked at, which
        tells a stranger a server is there. Without the secret it is 404 like everything else; with it, 501."""
        if not super().parse_request():
            return False
        if hasattr(self, "do_" + self.command):
            return True
        if self._gate() is not None:
            self.send_error(501, "Not Implemented", "GET, HEAD and POST only")
        return False

    # ---- GET ----------------------------------------------------------------------------------------
    def _route(self, send_body: bool) -> None:
        route = self._gate()
        if route is None:
            return
        from gtcli.cli import phone_pages

        if route == "":
            self._answer(*phone_pages.home(self.server.phone, self.path.partition("?")[2]), send_body=send_body)
        elif route == "state.json":
            self._answer(*phone_pages.state(self.server.phone), send_body=send_body)
        else:
            self.send_error(404, "Not Found")

    def _answer(self, status: int, body: bytes, content_type: str = "text/html; charset=utf-8",
                location: str | None = None, send_body: bool = True) -> None:
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        self._common(content_type, len(body))
        self.send_header("X-Frame-Options", "DENY")
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    # ---- POST ---------------------------------------------------------------------------------------
    def do_POST(self) -> None:
        route = self._gate()
        if route is None:
            return
        from gtcli.cli import phone_pages

        if route not in phone_pages.POSTS:
            self.send_error(404, "Not Found")
            return
        if not self._same_site():
            self.send_error(403, "Forbidden", "a form of this game's page only")
            return
        fields = self._form()
        if fields is None:
            return
        phone = self.server.phone
        if not phone.token_ok(fields.get("token", "")):
            self._answer(*phone_pages.stale(phone), send_body=True)
            return
        self._answer(*phone_pages.POSTS[route](phone, fields, self.client_address[0]))

    def _same_site(self) -> bool:
        """Not another site's: ``Sec-Fetch-Site`` (where the browser sends it) says this origin, and
        ``Origin``, if any, is this server's. ``Origin: null`` is what a browser sends for this page's
        own forms (its ``Referrer-Policy: no-referrer`` hides the origin too); the page token decides then."""
        origin = self.headers.get_all("Origin") or []
        site = self.headers.get_all("Sec-Fetch-Site") or []
        if len(site) > 1 or (site and site[0].strip().lower() not in ("same-origin", "none")):
            return False
        if not origin:
            return True
        own = "http://" + (self._host() or "")
        return len(origin) == 1 and origin[0].strip().lower() in (own, "null")

    def _form(self) -> dict[str, str] | None:
        """The form's fields (one value each, of :data:`FIELDS`); None once refused (400, 408, 411, 413, 415)."""
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if kind != "application/x-www-form-urlencoded":
            self.send_error(415, "Unsupported Media Type", "a form (application/x-www-form-urlencoded) only")
            return None
        lengths = self.headers.get_all("Content-Length") or []
        if len(lengths) != 1 or not lengths[0].strip().isdigit() or self.headers.get("Transfer-Encoding"):
            self.send_error(411, "Length Required", "one Content-Length, no Transfer-Encoding")
            return None
        length = int(lengths[0])
        if length > self.server.max_body:
            self.send_error(413, "Content Too Large", f"a form of at most {self.server.max_body} bytes")
            return None
        body = self._body(length)
        if body is None:
            return None
        try:
            text = body.decode("utf-8")
            parsed = parse_qs(text, keep_blank_values=True, strict_parsing=bool(text), max_num_fields=len(FIELDS),
                              encoding="utf-8", errors="strict")
        except (UnicodeDecodeError, ValueError):
            self.send_error(400, "Bad Request", "not a form of this page")
            return None
        if any(name not in FIELDS or len(values) != 1 for name, values in parsed.items()):
            self.send_error(400, "Bad Request", "not a form of this page")
            return None
        return {name: values[0].replace("\r\n", "\n") for name, values in parsed.items()}

    def _body(self, length: int) -> bytes | None:
        """``length`` bytes of body (some may have come with the head), within the server's body_seconds."""
        body = read_within(self.connection, self.server.body_seconds, lambda data: min(65536, length - len(data)),
                           self._raw, data=self.rfile.read())
        if body is None:
            return None
        self.connection.settimeout(self.server.write_seconds)
        return body[:length]


class PhoneServer(ScreenServer):
    handler_class = PhoneHandler

    def __init__(self, host: str, port: int, phone: Phone) -> None:
        self.phone = phone
        self.max_body, self.body_seconds = MAX_BODY, BODY_SECONDS
        self.rate_burst, self.rate_per_second = RATE_BURST, RATE_PER_SECOND
        from gtcli.cli.screen_server import WRITE_SECONDS

        self.write_seconds = WRITE_SECONDS
        self._rates: dict[str, tuple[float, float]] = {}  # client -> (tokens left, when counted)
        self._rates_lock = threading.Lock()
        super().__init__(host, port, None)
        names = {self.bound, *(LOOPBACK_NAMES if is_loopback(self.bound) else ())}
        self.allowed_hosts = {f"[{n}]:{self.port}" if ":" in n else f"{n}:{self.port}" for n in names}

    def content_policy(self) -> str:
        from gtcli.grand_tribunal.html.phone_script import SCRIPT

        digest = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode("ascii")
        return (f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; connect-src 'self'; "
                "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")

    def _allowed_now(self, client: str) -> bool:
        """A token bucket per client address: :attr:`rate_burst` at once, then :attr:`rate_per_second`."""
        now = time.monotonic()
        with self._rates_lock:
            tokens, then = self._rates.pop(client, (float(self.rate_burst), now))
            tokens = min(float(self.rate_burst), tokens + (now - then) * self.rate_per_second)
            allowed = tokens >= 1.0
            self._rates[client] = (tokens - 1.0 if allowed else tokens, now)  # newest last
            while len(self._rates) > MAX_CLIENTS_KNOWN:
                del self._rates[next(iter(self._rates))]
        return allowed

    def process_request(self, request, client_address) -> None:
        if not self._allowed_now(client_address[0]):  # answered at once, without a thread
            try:
                request.settimeout(0.5)
                request.sendall(b"HTTP/1.0 429 Too Many Requests\r\nRetry-After: 2\r\nContent-Length: 0\r\n"
                                b"Connection: close\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)


# ---- gt game serve ---------------------------------------------------------------------------------------
class Running:
    """The server in a thread of this process, until :meth:`wait` is stopped by SIGINT or SIGTERM."""

    def __init__(self, phone: Phone, host: str, port: int) -> None:
        self.server = PhoneServer(host, port, phone)
        self.url = url_of(host, self.server.port) + phone.secret + "/"
        self._stop = threading.Event()
        self._signals = StopSignals(self._stop)
        self._thread = threading.Thread(target=self.server.serve_forever, args=(0.25,), daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def stop_on_signals(self) -> None:
        """From now on Ctrl-C (SIGINT) and SIGTERM stop the server, before :meth:`wait` too."""
        import signal

        self._signals.catch(signal.SIGINT, signal.SIGTERM)

    def wait(self) -> None:
        try:
            self._signals.wait()
        finally:
            self.stop()


def serve_game(session: str, lan: bool, port: int, lang: str, card_set, as_json: bool) -> None:
    """``gt game serve``: the session served to phones until Ctrl-C (exit 0); each change told as it lands."""
    import sys

    import click

    from gtcli.cli.http_common import ServeError, lan_address
    from gtcli.core.escaping import json_text, safe
    from gtcli.grand_tribunal.formats.recording import version_of
    from gtcli.grand_tribunal.shipped import published_vocabulary

    vocabulary = card_set.vocabulary if card_set is not None else published_vocabulary()
    version_of(session, vocabulary)  # an unusable session: its error (exit 2) before anything listens
    host = "127.0.0.1"
    if lan:
        host = lan_address()
        if host is None:
            raise click.UsageError("--lan: this machine has no address on a local network (is it connected?)")
    printing = threading.Lock()

    def told(kind: str, done, client: str) -> None:
        with printing:
            _tell(kind, done, client, session, as_json)

    phone = Phone(session, vocabulary, lang, told, card_set)
    try:
        running = Running(phone, host, port)
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        raise click.BadParameter(str(ServeError(f"cannot serve on {host}:{port}: {reason}")),
                                 param_hint="'--port'") from None
    running.stop_on_signals()
    if as_json:
        click.echo(json_text({"kind": "serving", "url": running.url, "lan": lan, "host": host,
                              "port": running.server.port, "file": session, "language": lang}, indent=None))
    else:
        where = (f"on your local network at {host}: any phone on this network that has the address can enter "
                 "Tribunals, so keep it to the table" if lan else
                 "on this machine only (`--lan` serves it to phones on your local network)")
        click.echo(safe(f"Serving {session} to the scorekeeper's phone {where}.", False))
        click.echo(running.url)
        if lan:  # a QR code for the phone's camera (127.0.0.1 is no address for a phone)
            from gtcli.cli.serve import qr_text

            qr = qr_text(running.url) if sys.stdout.isatty() else None
            if qr:
                click.echo(qr, nl=False)
            elif not _has_segno():
                click.echo("(`pip install 'gtcli[qr]'` draws this address as a QR code to scan.)")
        click.echo("Ctrl-C stops.")
    sys.stdout.flush()
    running.wait()
    click.echo(json_text({"kind": "stopped"}, indent=None) if as_json else f"Stopped serving {safe(session)}.")


def _has_segno() -> bool:
    try:
        import segno  # noqa: F401
    except ImportError:
        return False
    return True


def _tell(kind: str, done, client: str, session: str, as_json: bool) -> None:
    """A change made from a phone, on the terminal as it lands."""
    import sys

    import click

    from gtcli.core.escaping import json_text, safe

    if as_json:
        from gtcli.grand_tribunal.reports import tribunal_json

        data = {"kind": kind, "from": client, "tribunal": done.number, "tribunals": len(done.game.tables)}
        if done.result is not None:
            data["result"], data["obsolete"] = tribunal_json(done.result), done.obsolete
        click.echo(json_text(data, indent=None))
    elif kind == "recorded":
        from gtcli.cli.terminal.tribunal import render_result

        render_result(done.result, done.game.profile)
        click.echo(safe(f"Recorded Tribunal {done.number} to {session} from a phone ({client}).", False))
        if done.obsolete:
            click.echo(f"({done.obsolete} undone Tribunal(s) replaced: `gt game redo` can no longer bring them back.)")
    else:
        click.echo(safe(f"Dropped Tribunal {done.number} from {session} at a phone's request ({client}); "
                        f"`gt game redo {session}` brings it back.", False))
    for warning in done.warnings:
        click.echo(safe(f"warning: {warning}", False), err=True)
    sys.stdout.flush()
