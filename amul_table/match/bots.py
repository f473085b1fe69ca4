"""Bots as jobs for an executor: a seat's view and bot seed in, an action out, in any thread or process.

`think` is a plain module function of picklable data, so a ProcessPoolExecutor can run it (the server's
event loop never waits on a search); the game's bot salt stays with the Match, only the derived bot
seed travels. `InlineExecutor` runs a job at once, on the caller's thread (tests, tools, replays).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

from amul_table.ai.base import Bot
from amul_table.ai.tiers import BOT_TIERS
from amul_table.rules.state import Action
from amul_table.rules.views import SeatView


@dataclass(frozen=True)
class BotJob:
    """One decision for the bot of `tier` in `seat`, seeded by `seed` (ai.base.bot_seed), from `view`."""

    tier: str
    seat: int
    seed: int
    view: SeatView


_bots: dict[tuple[str, int, int], Bot] = {}  # per process: bots keep no state between decisions but their seed


def think(job: BotJob) -> Action:
    """The action the job's bot chooses (bots reseed every decision, so a fresh or cached bot choose alike)."""
    key = (job.tier, job.seat, job.seed)
    bot = _bots.get(key)
    if bot is None:
        if len(_bots) > 256:  # a long-lived worker of a server: forget the bots of finished games
            _bots.clear()
        bot = _bots[key] = BOT_TIERS[job.tier](job.seat, job.seed)
    return bot.choose(job.view)


class InlineExecutor(Executor):
    """Runs each job at once on the caller's thread: a bot's move is then applied before `submit` returns."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:
            future.set_exception(exc)
        return future
