"""The standard streams as the user's environment left them: closed, full, or fine.

Faults of the environment get one honest line and exit 2, never "a bug in gt" (exit 3):

* **stdout closed** (``gt check g.gtl >&-``): nothing can be reported, and a file gt opened
  would take the closed descriptor's number and receive what was meant for the screen.
  gt stops before doing anything, with one line on stderr;
* **stdout refusing writes** (``> /dev/full``, a disk that filled, an I/O error): the write
  raises :class:`OutputFailed`, which :mod:`gtcli.cli.main` turns into one line. A reader
  that went away (a closed pipe) stays exit 141, silently;
* **stdin closed** (``gt game tribunal s.toml <&-``): commands that read no input run as
  usual; a prompt that needs an answer raises :class:`InputClosed` (one line, exit 2,
  nothing saved: nothing was typed). ``/dev/null`` takes descriptor 0 meanwhile, so no file
  gt opens can be mistaken for the input.

Only the real command (:func:`gtcli.cli.main.main`) guards the streams; tests that call the
group through Click's CliRunner bring their own.
"""

from __future__ import annotations

import os
import sys
from typing import Any


class OutputFailed(Exception):
    """The standard output refused a write (not a closed pipe: that is BrokenPipeError)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error


class InputClosed(Exception):
    """A prompt needed an answer, or a command its input file ``-``, but the standard input is closed
    (``<&-``). ``at_prompt``: read a line (a prompt's answer: the message goes on a line of its own, after
    the prompt's text), not the whole input (no prompt was shown)."""

    def __init__(self, at_prompt: bool = True) -> None:
        super().__init__("the standard input is closed")
        self.at_prompt = at_prompt


class _GuardedOutput:
    """sys.stdout, with a write or flush the system refuses raised as :class:`OutputFailed`."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputFailed(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputFailed(exc) from None

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _ClosedInput:
    """sys.stdin when descriptor 0 was closed: not a terminal, and no line to read."""

    encoding = "utf-8"
    errors = "strict"
    closed = False

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        import io

        raise io.UnsupportedOperation("the standard input is closed")

    def readable(self) -> bool:
        return True

    def read(self, *_: Any) -> str:
        raise InputClosed(at_prompt=False)

    def readline(self, *_: Any) -> str:
        raise InputClosed(at_prompt=True)

    def __iter__(self):
        raise InputClosed(at_prompt=False)

    @property
    def buffer(self) -> "_ClosedInput":
        return self


def _open_fd(fd: int) -> bool:
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False


def _fill(fd: int) -> None:
    """Put /dev/null at a closed descriptor, so the next file gt opens does not get its number."""
    try:
        null = os.open(os.devnull, os.O_RDWR)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
    except OSError:
        pass


def guard_streams() -> str | None:
    """Make the standard streams safe to use; the line to stop with if stdout is closed, else None."""
    stdin_closed = sys.stdin is None or not _open_fd(0)
    stdout_closed = sys.stdout is None or not _open_fd(1)
    for fd, closed in ((0, stdin_closed), (1, stdout_closed), (2, sys.stderr is None or not _open_fd(2))):
        if closed:
            _fill(fd)
    if stdin_closed:
        sys.stdin = _ClosedInput()  # type: ignore[assignment]
    if stdout_closed:
        return "gt: the standard output is closed, so nothing could be reported; nothing was done."
    sys.stdout = _GuardedOutput(sys.stdout)  # type: ignore[assignment]
    return None
