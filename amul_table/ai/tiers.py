"""The tier registry: tier name -> bot class, and `make_bot`. It imports every tier; base.py imports none."""

from __future__ import annotations

from collections.abc import Callable

from amul_table.ai.base import Bot, RandomBot, bot_seed
from amul_table.ai.easy import EasyBot
from amul_table.ai.hard import ExpertBot, HardBot
from amul_table.ai.medium import MediumBot

# Tier name -> factory(seat, seed).
BOT_TIERS: dict[str, Callable[[int, int], Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


def make_bot(tier: str, seat: int, game_seed: int, *, salt: int | None) -> Bot:
    """A bot of `tier` for `seat`, seeded from the game seed and the seat, keyed by the game's bot salt
    (None: the legacy seeds of a version-1 save; see bot_seed)."""
    try:
        factory = BOT_TIERS[tier]
    except KeyError:
        raise ValueError(f"unknown bot tier {tier!r} (tiers: {', '.join(BOT_TIERS)})") from None
    return factory(seat, bot_seed(game_seed, seat, salt=salt))
