"""The host's bot workers: a worker that dies breaks only the decision it was making."""

from __future__ import annotations

import os
from concurrent.futures.process import BrokenProcessPool

import pytest

from amul_table.match.bots import BotJob, think
from amul_table.net.workers import BotWorkers
from amul_table.rules.setup import new_game
from amul_table.rules.views import view_for


@pytest.mark.slow
def test_a_dead_worker_is_replaced_and_the_next_bot_thinks():
    view = view_for(new_game(3, 5), 0)
    with BotWorkers(1) as workers:
        assert workers.submit(think, BotJob("easy", 0, 11, view)).result(timeout=120) in view.legal
        with pytest.raises(BrokenProcessPool):
            workers.submit(os._exit, 3).result(timeout=120)
        assert workers.submit(think, BotJob("easy", 0, 11, view)).result(timeout=120) in view.legal
