"""A real terminal for tests: ``gt`` run in a pseudo-terminal (stdlib :mod:`pty`), typed at
key by key, with real signals (Ctrl-C is the terminal's SIGINT, not an exception raised
by the test). For what only a terminal shows: line editing at `gt play`, a progress bar."""

from __future__ import annotations

import os
import select
import sys
import time

import pytest

pty = pytest.importorskip("pty") if os.name == "posix" else None


class Terminal:
    """``gt ARGS`` in a pseudo-terminal of ``columns`` x 40."""

    def __init__(self, *args: str, columns: int = 100, env: dict[str, str] | None = None, cwd: str | None = None):
        import fcntl
        import struct
        import termios

        self.output = b""
        self.seen = 0  # where the next read_until starts looking
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: gt, its three streams the terminal
            try:
                os.environ.update({"COLUMNS": str(columns), "TERM": "xterm", **(env or {})})
                for name in ("NO_COLOR", "FORCE_COLOR", "GT_DEBUG"):
                    if name not in (env or {}):
                        os.environ.pop(name, None)
                if cwd:
                    os.chdir(cwd)
                os.execv(sys.executable, [sys.executable, "-m", "gtcli", *map(str, args)])
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
        self.status: int | None = None

    def read_until(self, token: str, timeout: float = 30) -> str:
        """Read what the terminal shows until ``token`` appears after what earlier calls found
        (AssertionError after ``timeout``)."""
        end = time.monotonic() + timeout
        while (found := self.output.find(token.encode(), self.seen)) < 0:
            left = end - time.monotonic()
            assert left > 0, f"{token!r} never appeared; the terminal shows:\n{self.text[-2000:]}"
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.2))
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # the child ended (EIO)
                    chunk = b""
                assert chunk, f"{token!r} never appeared:\n{self.text[-2000:]}"
                self.output += chunk
        self.seen = found + len(token.encode())
        return self.text

    def type(self, keys: str, settle: float = 0.2) -> None:
        """Type ``keys`` as a person would: not in the very instant a prompt appears (Python's
        readline misses a SIGINT that lands between drawing the prompt and waiting for a key)."""
        time.sleep(settle)
        os.write(self.fd, keys.encode())
        time.sleep(settle)

    def wait(self, timeout: float = 30) -> int:
        """The exit code, once the process ended (everything it printed read)."""
        end = time.monotonic() + timeout
        while self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                break
            assert time.monotonic() < end, f"gt did not end; the terminal shows:\n{self.text[-2000:]}"
            self._drain(0.1)
        self._drain(0.2)
        os.close(self.fd)
        return self.status

    def _drain(self, wait: float) -> None:
        try:
            while select.select([self.fd], [], [], wait)[0]:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    break
                self.output += chunk
        except OSError:
            pass

    def kill(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, 9)
                os.waitpid(self.pid, 0)
            except OSError:
                pass

    @property
    def text(self) -> str:
        return self.output.decode("utf-8", "replace").replace("\r\n", "\n")
