"""A long run stopped from outside: Ctrl-C, a CI timeout's SIGTERM, a closed terminal's SIGHUP.

All three stop a study the same way (docs/balance.md, "Stopping a run"): every game finished
is kept, ``study.json`` says the run was stopped and by what, and the exit code is 128 plus
the signal's number (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP). :func:`stopping_on_signals` makes
SIGTERM and SIGHUP raise :class:`Stopped`, a :class:`KeyboardInterrupt`, in the main thread,
so the code that keeps a Ctrl-C's work keeps theirs too; a second signal while the run is
putting its files away is ignored (it would lose what the first one kept).
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager

CAUGHT = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


class Stopped(KeyboardInterrupt):
    """A run stopped by ``signum`` (SIGTERM or SIGHUP)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def signal_of(exc: BaseException) -> int:
    """The signal that stopped a run: SIGINT for Ctrl-C."""
    return exc.signum if isinstance(exc, Stopped) else int(signal.SIGINT)


def exit_code(exc: BaseException) -> int:
    return 128 + signal_of(exc)


@contextmanager
def stopping_on_signals() -> Iterator[Callable[[], None]]:
    """Inside: the first SIGTERM or SIGHUP raises :class:`Stopped`; any later one is ignored.

    It yields ``hold``: once called (the run is putting its files away), no signal raises any more.
    """
    raised: list[int] = []

    def hold() -> None:
        raised.append(0)

    def handler(signum: int, frame) -> None:
        if not raised:
            raised.append(signum)
            raise Stopped(signum)

    try:
        previous = {s: signal.signal(s, handler) for s in CAUGHT}
    except ValueError:  # not the main thread: leave the signals as they are
        yield hold
        return
    try:
        yield hold
    finally:
        for s, old in previous.items():
            signal.signal(s, old)
