"""The table's screen, run: ``gt replay LOG --serve [HOST:]PORT`` and ``gt play LOG --serve``.

:class:`Serving` runs the HTTP server (:mod:`gtcli.cli.screen_server`) and a watcher
thread: every :data:`POLL_SECONDS` it asks
:class:`gtcli.grand_tribunal.play.follow.Follower` whether the log changed, and when it
did, publishes the new screen to every client.

``gt play --serve`` runs it in a process of its own (:class:`ScreenProcess`, ``python -m
gtcli.cli.serve``), so the screen's work never holds up a typed answer. ``gt play`` talks
to that process through its stdin, one JSON line per message: ``{"end": DIGEST}`` when
``end`` closed the turn of the log whose text has that digest (the screen shows the next
player's turn at once); the process stops when ``gt play`` does, or when that pipe closes
(even if ``gt play`` was killed).
"""

from __future__ import annotations

import io
import json
import socket
import sys
import threading

from gtcli.cli.http_common import ServeError, StopSignals, is_loopback, lan_address, parse_address, url_of
from gtcli.cli.screen_server import Publisher, ScreenServer, screen_of
from gtcli.core.files.json_source import loads_bounded

POLL_SECONDS = 0.2  # how often the watcher looks at the log's stat
MAX_MESSAGE = 1024  # bytes of one line from gt play

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
        self.url = url_of(host, self.port)
        wildcard = host in ("0.0.0.0", "::", "")
        lan = lan_address() if wildcard else None
        self.local = local = is_loopback(self.server.bound)
        self.others = url_of(lan, self.port) if lan else (None if wildcard or local else self.url)
        self._stop = threading.Event()
        self._follow = threading.Lock()  # the watcher and gt play's messages take turns with the follower
        self._signals = StopSignals(self._stop)
        self._threads = [threading.Thread(target=self.server.serve_forever, args=(0.25,), daemon=True),
                         threading.Thread(target=self._watch, daemon=True)]
        for thread in self._threads:
            thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            self._update(self.follower.poll)

    def close_turn(self, text_digest: str) -> None:
        """``gt play``'s ``end`` closed the turn its log (of this digest) ends in: shown at once."""
        self._update(lambda: self.follower.close_turn(text_digest))

    def _update(self, look) -> None:
        with self._follow:
            try:
                changed = look()
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
        self._signals.catch(*signals)

    def wait(self, until_eof_of=None) -> None:
        """Serve until stopped (:meth:`stop_on_signals`; or, with ``until_eof_of``, until that
        stream ends: gt play's messages, :meth:`listen`)."""
        if until_eof_of is not None:
            threading.Thread(target=self.listen, args=(until_eof_of,), daemon=True).start()
        try:
            self._signals.wait()
        finally:
            self.stop()

    def listen(self, messages) -> None:
        """``gt play``'s messages, one JSON line each (a line of anything else is ignored),
        until the stream ends; then the server stops."""
        try:
            for line in iter(lambda: messages.readline(MAX_MESSAGE + 1), b""):
                try:
                    message = loads_bounded(line) if len(line) <= MAX_MESSAGE else None
                except ValueError:
                    continue
                if isinstance(message, dict) and isinstance(message.get("end"), str):
                    self.close_turn(message["end"])
        finally:
            self._stop.set()

    def describe(self) -> dict:
        return {"url": self.url, "others": self.others, "host": self.host, "port": self.port, "local": self.local}


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


def free_address(text: str) -> None:
    """``--serve``'s value, checked before ``gt play --new`` creates its log: a usage error (exit
    2) if that address cannot be listened on now (taken, not this machine's), so nothing is
    left behind to make the retry fail."""
    import click

    host, port = address_of(text)
    if port == 0:
        return
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
            probe.bind((host, port))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise click.BadParameter(f"cannot serve on {host}:{port}: {reason.lower()}", param_hint="'--serve'") from None


def announce(url: str, others: str | None, path: str, as_json: bool, stop_hint: str = "",
             local: bool | None = None) -> None:
    """Where the screen is, said once: a line (and a QR code for another device, at a terminal), or JSON.
    ``local``: the address bound is a loopback one (by default: the URL's host is)."""
    import click

    from gtcli.core.escaping import json_text, safe

    message = f"The table's screen: {url} (read-only; it follows {path} as it is written)"
    if as_json:
        click.echo(json_text({"kind": "serving", "message": message, "url": url, "others": others, "file": path},
                             indent=None))
        return
    click.echo(safe(message + "." + (f" {stop_hint}" if stop_hint else "")))
    host = url.split("//", 1)[1].rsplit(":", 1)[0].strip("[]")
    if is_loopback(host) if local is None else local:
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
    announce(serving.url, serving.others, path, as_json, "Ctrl-C stops", serving.local)
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
    announce(screen.url, screen.others, session.path, as_json, local=screen.local)
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
            answer = loads_bounded(line)
        except ValueError:
            answer = {"error": "the server process did not start"}
        if "error" in answer:
            self.stop()
            raise ServeError(answer["error"])
        self.url, self.others, self.local = answer["url"], answer["others"], answer["local"]

    def turn_closed(self, text: str) -> None:
        """``end`` closed the turn that ``text`` (the log as saved, or about to be) ends in."""
        from gtcli.grand_tribunal.play.follow import digest

        try:
            self.proc.stdin.write(json.dumps({"end": digest(text)}).encode("ascii") + b"\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):  # the screen has stopped: gt play goes on without it
            pass

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
    path, host, port, options = argv[0], argv[1], int(argv[2]), Options(**loads_bounded(argv[3]))
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
