"""The bot interface, the tier registry and the random bot."""

from __future__ import annotations

import random
from collections.abc import Callable
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


def _easy(seat: int, seed: int) -> Bot:
    from amul_table.ai.easy import EasyBot

    return EasyBot(seat, seed)


def _medium(seat: int, seed: int) -> Bot:
    from amul_table.ai.medium import MediumBot

    return MediumBot(seat, seed)


def _hard(seat: int, seed: int) -> Bot:
    from amul_table.ai.hard import HardBot

    return HardBot(seat, seed)


# Tier name -> factory(seat, seed). The tiers import lazily: base stays free of their dependencies.
BOT_TIERS: dict[str, Callable[[int, int], Bot]] = {"random": RandomBot, "easy": _easy, "medium": _medium, "hard": _hard}


def make_bot(tier: str, seat: int, game_seed: int) -> Bot:
    """A bot of `tier` for `seat`, seeded from the game seed and the seat."""
    try:
        factory = BOT_TIERS[tier]
    except KeyError:
        raise ValueError(f"unknown bot tier {tier!r} (tiers: {', '.join(BOT_TIERS)})") from None
    return factory(seat, bot_seed(game_seed, seat))
