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

from gtcli.core.executor import STOPPING as CAUGHT
from gtcli.core.executor import Stopped
from gtcli.core.executor import stop_code as exit_code  # noqa: F401 -- the run's exit code, 128 + the signal
from gtcli.core.executor import stop_signal as signal_of  # noqa: F401 -- the signal that stopped a run


class Signals:
    """What :func:`stopping_on_signals` yields. Called (``hold()``): the run is putting its files
    away, no signal raises any more. :meth:`whole`: a step that must not be cut in two (a game's
    log written *and* counted); a signal that comes during it raises once the step is done."""

    def __init__(self) -> None:
        self.raised: list[int] = []
        self.waiting: int | None = None  # a signal that came during a whole step
        self.depth = 0

    def __call__(self) -> None:
        self.raised.append(0)

    def handler(self, signum: int, frame) -> None:
        if self.raised:
            return
        if self.depth:
            self.waiting = self.waiting or signum
            return
        self._raise(signum)

    def _raise(self, signum: int) -> None:
        self.raised.append(signum)
        raise KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)

    @contextmanager
    def whole(self) -> Iterator[None]:
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
        if not self.depth and self.waiting is not None and not self.raised:  # the step is done: now stop
            signum, self.waiting = self.waiting, None
            self._raise(signum)


@contextmanager
def stopping_on_signals() -> Iterator[Signals]:
    """Inside: the first SIGTERM, SIGHUP or SIGINT (Ctrl-C) raises :class:`Stopped` (a
    :class:`KeyboardInterrupt` for Ctrl-C), never in the middle of a whole step; any later one is
    ignored. It yields a :class:`Signals` (call it once the run is putting its files away)."""
    signals = Signals()
    try:
        previous = {s: signal.signal(s, signals.handler) for s in (signal.SIGINT, *CAUGHT)}
    except ValueError:  # not the main thread: leave the signals as they are
        yield signals
        return
    try:
        yield signals
    finally:
        for s, old in previous.items():
            signal.signal(s, old)
