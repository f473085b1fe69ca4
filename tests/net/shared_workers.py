"""One pool of bot worker processes for every background host of a test process: a host's bots still think in a
real worker process, but the tests no longer wait for each host to spawn its own (half a second of Python
start and AI imports before its first bot decides). tests/net/test_workers.py tests BotWorkers itself."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures import wait as wait_for
from typing import Any

import pytest

from amul_table.net import server
from amul_table.net.workers import BotWorkers

_pool: list[BotWorkers] = []  # made by the first host that asks, ended with the test process


class SharedBotWorkers(Executor):
    """A host's executor: its jobs go to the shared pool; its shutdown ends its own jobs, not the pool."""

    def __init__(self, workers: int) -> None:
        if not _pool:
            _pool.append(BotWorkers(workers))
        self._jobs: list[Future] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        job = _pool[0].submit(fn, *args, **kwargs)
        self._jobs.append(job)
        return job

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """The host is gone: its jobs not started are cancelled; with `wait`, the running ones waited for (their
        wake-up calls the host's loop)."""
        for job in self._jobs:
            job.cancel()
        if wait:
            wait_for(self._jobs)


@pytest.fixture(autouse=True)
def one_bot_pool(monkeypatch) -> None:
    """Every background host of the module that imports this fixture uses the shared pool."""
    monkeypatch.setattr(server, "BotWorkers", SharedBotWorkers)
