"""Map a pure function over work items, in input order, on one core, a process pool or a Dask cluster.

One interface for every command that does the same work on many independent items
(``gt check`` over logs, ``gt simulate`` over games, ``gt balance`` over logs)::

    from gtcli.core.executor import Executor, map_ordered

    for result in map_ordered(work, items, Executor(jobs=4)):
        ...

* ``work`` is a pure function of one item, picklable (a module-level function, or a
  :func:`functools.partial` of one), and so are the items and results. Pure means the
  result depends on the item alone: then the results are identical whichever executor
  ran them, in whatever order, on however many processes or machines.
* Results come back in the order of ``items``, each as soon as it and every earlier one
  are ready; the consumer may stop early (closing the iterator, an exception, Ctrl-C):
  the pool or the cluster connection is shut down and no worker outlives the caller.
* ``Executor(jobs=N)``: up to N processes of this machine (1: in this process, no pool).
  With several, the first item is done here before the pool starts, so workers (forked
  where the system allows) begin with what it loaded: grammars, card sets.
* ``Executor(kind="dask", jobs=N)``: a Dask ``LocalCluster`` of N single-threaded worker
  processes on 127.0.0.1, started for this map and stopped after it.
* ``Executor(kind="dask", scheduler="tcp://HOST:8786")``: a running Dask cluster
  (``dask scheduler`` and ``dask worker`` with gtcli installed on every machine; see
  docs/scale.md). Files the items name must be readable by the workers at the same paths
  (absolute ones: a worker was started in a folder of its own). A scheduler that refuses
  the connection is reported at once, not after the connection timeout.
* Items are not copied into a list when they have a length (a ``range``, a list): ten
  million game numbers cost nothing, and workers are fed a bounded window of them.
* Signals: pool workers run in a process group of their own and ignore Ctrl-C, so a signal
  sent to the command's group reaches the parent alone, which stops the pool
  (:func:`_ignore_interrupts`); a local Dask cluster's processes are started with Ctrl-C
  ignored, so one Ctrl-C prints one line, not a traceback per worker. The parent turns
  SIGTERM and SIGHUP into :class:`Stopped`, a :class:`KeyboardInterrupt`, while a long
  command runs (:func:`signals_stop`), so the code that stops the pool on a Ctrl-C stops it on
  those too: without it, the parent died at once and each worker printed a BrokenPipeError
  traceback; with it, every long command ends on SIGINT, SIGTERM and SIGHUP with one line
  and exit 128 + the signal (130, 143, 129).

Dask is an optional dependency (``pip install 'gtcli[dask]'``): without it,
:func:`map_ordered` raises :class:`ExecutorUnavailable`, which commands report as a usage
problem (exit 2). Nothing here knows about games.
"""

from __future__ import annotations

import itertools
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

KINDS = ("processes", "dask")
DASK_HINT = "pip install 'gtcli[dask]'"
CONNECT_TIMEOUT = "10s"  # to reach a running scheduler (--scheduler)


class ExecutorUnavailable(Exception):
    """The executor asked for cannot run here (Dask not installed, scheduler unreachable)."""


# ---- stopping ----------------------------------------------------------------------------------------

STOPPING = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


class Stopped(KeyboardInterrupt):
    """A run stopped by ``signum`` (SIGTERM or SIGHUP), raised as Ctrl-C raises KeyboardInterrupt."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def stop_signal(exc: BaseException) -> int:
    """The signal that stopped a run: SIGINT for Ctrl-C."""
    return exc.signum if isinstance(exc, Stopped) else int(signal.SIGINT)


def stop_code(exc: BaseException) -> int:
    """The exit code of a run stopped by ``exc``: 128 + its signal (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP)."""
    return 128 + stop_signal(exc)


def stop_words(exc: BaseException) -> str:
    """"interrupted" (Ctrl-C) or "stopped by SIGTERM": what the command's one line says."""
    return "interrupted" if not isinstance(exc, Stopped) else f"stopped by {signal.Signals(exc.signum).name}"


def _stop(signum: int, frame: Any) -> None:
    for s in STOPPING:  # once: a second signal while the run puts its work away is ignored
        signal.signal(s, signal.SIG_IGN)
    raise Stopped(signum)


@contextmanager
def signals_stop() -> Iterator[None]:
    """Inside, SIGTERM and SIGHUP raise :class:`Stopped` in the main thread (module docstring); the
    first one only. A signal already ignored (``nohup``) or handled by someone else stays as it is."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.signal(s, _stop) for s in STOPPING if signal.getsignal(s) is signal.SIG_DFL}
    try:
        yield
    finally:
        for s, old in previous.items():
            signal.signal(s, old)


@dataclass(frozen=True)
class Executor:
    """Where work runs: ``kind`` "processes" (``jobs`` processes) or "dask" (a local cluster of
    ``jobs`` workers, or the running cluster at ``scheduler``)."""

    kind: str = "processes"
    jobs: int = 1
    scheduler: str | None = None

    def describe(self) -> str:
        if self.kind == "dask":
            return f"dask scheduler {self.scheduler}" if self.scheduler else f"dask local cluster of {self.jobs}"
        return f"{self.jobs} process(es)"


def default_jobs() -> int:
    """Every core this process may use."""
    counted = getattr(os, "process_cpu_count", None)
    if counted is not None:
        return counted() or 1
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:
        return os.cpu_count() or 1


def map_ordered(work: Callable[[Any], Any], items: Iterable[Any], executor: Executor = Executor()) -> Iterator[Any]:
    """``map(work, items)`` run by ``executor``; results in the order of ``items`` (module docstring).

    The pool or cluster is started before this returns (before a progress bar starts a
    thread); :class:`ExecutorUnavailable` is raised here, not while iterating.
    """
    if not hasattr(items, "__len__") or not hasattr(items, "__getitem__"):
        items = list(items)
    if executor.kind == "dask":
        if not items:  # nothing to run: no cluster started (but Dask must be there, as it would be asked)
            _import_dask()
            if executor.scheduler:  # and the scheduler asked for must answer: the same mistake, the same message
                for closer in _dask_client(executor)[1]:
                    closer.close()
            return iter(())
        client, closers = _dask_client(executor)
        workers = executor.jobs if executor.scheduler is None else max(1, len(client.scheduler_info()["workers"]))
        return _dask_map(client, closers, work, items, workers)
    if executor.kind != "processes":
        raise ExecutorUnavailable(f"no executor called {executor.kind!r}: one of {', '.join(KINDS)}")
    if executor.jobs <= 1 or len(items) <= 2:
        return map(work, items)
    import multiprocessing

    first = work(items[0])
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    with _signals_held():  # a signal that comes while a worker is forked is not lost in the fork's hooks
        pool = multiprocessing.get_context(method).Pool(min(executor.jobs, len(items) - 1),
                                                        initializer=_ignore_interrupts)
    chunk = max(1, min(16, len(items) // (executor.jobs * 8)))
    return _drain(first, pool, work, itertools.islice(items, 1, None), chunk)


def _ignore_interrupts() -> None:
    """In a worker: signals are the parent's to handle (one message, exit 130, 143 or 129), not a traceback
    per process. A worker leaves the parent's process group, so a signal sent to the group (a terminal's
    Ctrl-C, a CI timeout's SIGTERM) reaches the parent alone: a worker killed by it while holding the
    pool's queue lock would leave the parent waiting for that lock forever. The parent stops the pool."""
    import signal

    if hasattr(os, "setpgid"):
        try:
            os.setpgid(0, 0)
        except OSError:
            pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # forked while the parent held them (_signals_held)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, *STOPPING})


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP held back while the pool forks its workers, delivered once it has:
    one that came while Python ran its fork hooks in the parent was lost (the run went on)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *STOPPING})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _drain(first: Any, pool: Any, work: Callable, rest: list, chunk: int) -> Iterator[Any]:
    try:
        yield first
        yield from pool.imap(work, rest, chunksize=chunk)
        pool.close()
    finally:
        pool.terminate()  # also on Ctrl-C or a closed output: no worker outlives the caller
        pool.join()


# ---- Dask ------------------------------------------------------------------------------------------

def _import_dask() -> tuple[Any, Any]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ExecutorUnavailable(f"--executor dask needs Dask distributed, which is not installed: "
                                  f"{DASK_HINT}") from None
    return Client, LocalCluster


def _dask_client(executor: Executor) -> tuple[Any, list]:
    import logging

    Client, LocalCluster = _import_dask()
    if executor.scheduler:
        _probe(executor.scheduler)
        try:
            client = Client(executor.scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ExecutorUnavailable(f"cannot reach the Dask scheduler at {executor.scheduler}: {exc}") from None
        return client, [client]
    import signal

    quiet = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the workers start with Ctrl-C ignored (module docstring)
    try:
        # CRITICAL: a worker's heartbeat that finds the cluster stopping (Ctrl-C) logs an ERROR with a
        # traceback; a task's own error still reaches this process through its future.
        cluster = LocalCluster(n_workers=max(1, executor.jobs), threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)
    finally:
        signal.signal(signal.SIGINT, quiet)
    client = Client(cluster)
    return client, [client, cluster]


def _probe(scheduler: str) -> None:
    """A ``tcp://HOST:PORT`` scheduler that refuses the connection is unavailable now, not after the timeout."""
    import socket
    from urllib.parse import urlsplit

    try:
        where = urlsplit(scheduler if "://" in scheduler else "tcp://" + scheduler)
        host, port = where.hostname, where.port
    except ValueError as exc:
        raise ExecutorUnavailable(f"{scheduler!r} is not a scheduler's address (tcp://HOST:8786): {exc}") from None
    if where.scheme != "tcp" or not host or not port:
        return  # tls://, ws://, inproc://: Dask's own connection says what is wrong
    try:
        socket.create_connection((host, port), timeout=5).close()
    except ConnectionRefusedError:
        raise ExecutorUnavailable(f"cannot reach the Dask scheduler at {scheduler}: the connection was refused "
                                  "(is `dask scheduler` running there?)") from None
    except OSError:
        return  # unreachable or slow: Dask's timeout decides


def _run_chunk(work: Callable, chunk: list) -> list:
    return [work(item) for item in chunk]


def _dask_map(client: Any, closers: list, work: Callable, items: list, workers: int) -> Iterator[Any]:
    """Chunks of items as Dask tasks, at most a few per worker in flight, collected in order."""
    chunk = max(1, min(64, len(items) // (workers * 8) or 1))
    starts = iter(range(0, len(items), chunk))  # each chunk is cut when it is sent: no list of them all
    window = workers * 4
    pending: deque = deque()
    try:
        more = True
        while more or pending:
            while more and len(pending) < window:
                start = next(starts, None)
                if start is None:
                    more = False
                    break
                pending.append(client.submit(_run_chunk, work, list(items[start:start + chunk]), pure=False))
            if not pending:
                break
            future = pending.popleft()
            yield from future.result()
    finally:
        for future in pending:
            future.cancel()
        for closer in closers:
            try:
                closer.close()
            except Exception:  # a cluster already gone (Ctrl-C reached its processes first)
                pass
