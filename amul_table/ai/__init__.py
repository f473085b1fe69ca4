"""Bots: each decides from a SeatView and its own RNG, never from the full game state."""

from amul_table.ai.base import Bot
from amul_table.ai.tiers import BOT_TIERS, make_bot

__all__ = ["BOT_TIERS", "Bot", "make_bot"]
