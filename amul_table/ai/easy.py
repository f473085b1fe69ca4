"""The easy bot: the medium evaluation seen through noise, so it plays plausibly but can be beaten."""

from __future__ import annotations

import random

from amul_table.ai.base import reseed
from amul_table.ai.medium import rate_options
from amul_table.rules.state import Action
from amul_table.rules.views import SeatView

NOISE = 4.0  # spread of the error added to every option's value, in points
BLUNDER = 0.15  # chance of playing a random option among the three it likes best


class EasyBot:
    """Rates options like medium (without the rival terms), then adds noise before choosing."""

    tier = "easy"

    def __init__(self, seat: int, seed: int, noise: float = NOISE, blunder: float = BLUNDER) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self.noise = noise
        self.blunder = blunder

    def choose(self, view: SeatView) -> Action:
        reseed(self.rng, self.seed, view)
        options = rate_options(view, thorough=False)
        if self.rng.random() < self.blunder:
            return self.rng.choice(options[:3]).action
        noisy = [(o.value + self.rng.gauss(0.0, self.noise), i) for i, o in enumerate(options)]
        return options[max(noisy)[1]].action
