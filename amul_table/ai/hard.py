"""The hard and expert bots: information-set search (search.py) under a time budget.

Hard thinks for 80 ms a decision, expert for 400 ms; both can instead play a fixed number of
playouts per decision (`samples`), which makes every decision reproducible from the bot's seed, for
tests, explain() and reviews. Should the view's counts ever fail to add up, they play like medium.
"""

from __future__ import annotations

import random
from dataclasses import replace

from amul_table.ai.base import reseed
from amul_table.ai.medium import MediumBot
from amul_table.ai.sampling import SamplingError
from amul_table.ai.search import OptionValue, Work, playouts_spent, search
from amul_table.rules.state import Action
from amul_table.rules.views import SeatView

HARD_BUDGET_MS = 80.0
EXPERT_BUDGET_MS = 400.0
# A short budget (a few dozen playouts) is better spent on medium's best three options than on all:
# at 50 playouts a decision, 44.5% of 100 games won against three medium bots instead of 38%.
SHORT_BUDGET_MS = 40.0
SHORT_BUDGET_KEEP = 3
# Expert chooses its own next decision in each playout by a bandit: against three hard bots it won 30.6% of
# 400 games this way and 25.5% without (see docs/bots.md). At hard's few hundred playouts it lost (56.3% vs 62.0%).
EXPERT_OWN_DEPTH = 1


class HardBot:
    """Searches for `budget_ms` of wall clock per decision, or exactly `samples` playouts when given."""

    tier = "hard"

    def __init__(self, seat: int, seed: int, budget_ms: float = HARD_BUDGET_MS, samples: int | None = None) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        if samples is not None:
            self.work = Work(playouts=samples)
        else:
            keep = SHORT_BUDGET_KEEP if budget_ms < SHORT_BUDGET_MS else None
            self.work = Work(seconds=budget_ms / 1000.0, keep=keep)
        self.last_samples = 0  # playouts of the last decision (benchmarks read it)
        self.last_values: list[OptionValue] = []

    def choose(self, view: SeatView) -> Action:
        reseed(self.rng, self.seed, view)
        self.last_samples = 0
        self.last_values = []
        if len(view.legal) == 1:
            return view.legal[0]
        try:
            values = search(view, self.rng, self.work)
        except SamplingError:
            return MediumBot(self.seat, self.seed).choose(view)
        self.last_values = values
        self.last_samples = playouts_spent(values)
        return values[0].action


class ExpertBot(HardBot):
    """The same search with five times the time, spent also on its own next decision in each playout
    (own_moves.py): flat playouts stop gaining from more time, the bandit gives it a use."""

    tier = "expert"

    def __init__(self, seat: int, seed: int, budget_ms: float = EXPERT_BUDGET_MS, samples: int | None = None) -> None:
        super().__init__(seat, seed, budget_ms, samples)
        self.work = replace(self.work, own_depth=EXPERT_OWN_DEPTH)
