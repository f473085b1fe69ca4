"""The bot interface, bot seeds and the random bot (the tier registry is tiers.py, which imports the tiers)."""

from __future__ import annotations

import random
from typing import Protocol

from amul_table.rules.state import Action
from amul_table.rules.views import SeatView


class Bot(Protocol):
    tier: str

    def choose(self, view: SeatView) -> Action:
        """One legal action for the seat whose view this is."""
        ...


def bot_seed(game_seed: int, seat: int) -> int:
    """Each bot's own RNG seed: from the game seed and its seat, so games replay exactly."""
    return (game_seed * 1_000_003 + seat * 7_919 + 17) & 0xFFFF_FFFF_FFFF


def reseed(rng: random.Random, seed: int, view: SeatView) -> None:
    """Seed each decision from the bot's seed and how far the game has gone (the public log's length),
    so a game resumed from a save, with fresh bots, plays on exactly as it would have."""
    rng.seed(seed * 1_000_003 + len(view.log))


class RandomBot:
    """Uniformly random legal play: the baseline opponent and the engine's playout policy."""

    tier = "random"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        reseed(self.rng, self.seed, view)
        return self.rng.choice(view.legal)
