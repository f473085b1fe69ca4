"""The processes the host's bots think in: a process pool that starts again if one of them dies.

A worker that is killed (out of memory, a signal) breaks a ProcessPoolExecutor for good; the host must
go on, so `BotWorkers` starts a new pool on the next job. The decision that was in flight fails, and the
Match then plays that bot's first legal action. Workers are spawned (no fork of a threaded host) and
leave SIGINT and SIGTERM to the host, which stops them itself.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)


def _worker_start() -> None:
    """Ctrl+C in a terminal and a SIGTERM to the host's process group reach the host, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


class BotWorkers(Executor):
    """A ProcessPoolExecutor of `workers` processes, renewed when broken."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=_worker_start)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        try:
            return self._pool.submit(fn, *args, **kwargs)
        except BrokenProcessPool:
            log.error("a bot worker process died: starting new ones")
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            return self._pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)
