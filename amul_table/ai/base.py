"""The bot interface, bot seeds and the random bot (the tier registry is tiers.py, which imports the tiers)."""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Protocol

from amul_table.rules.state import Action
from amul_table.rules.views import SeatView


class Bot(Protocol):
    tier: str

    def choose(self, view: SeatView) -> Action:
        """One legal action for the seat whose view this is."""
        ...


SALT_BITS = 64  # a bot salt is a whole number from 0 to 2**64 - 1
SEED_MASK = 0xFFFF_FFFF_FFFF  # bot seeds are 48 bits


def bot_seed(game_seed: int, seat: int, *, salt: int | None) -> int:
    """Each bot's own RNG seed, keyed by the game's secret salt so that it tells nothing about the deal.

    With a salt: keyed BLAKE2b of the game seed and the seat, cut to 48 bits (one-way: a bot cannot get
    the game seed, hence the deck order, back from its seed). `salt=None` is the legacy formula, which
    a bot could invert; it is kept only so that games saved before the salt (save format 1) play on
    exactly as they did.
    """
    if salt is None:
        return (game_seed * 1_000_003 + seat * 7_919 + 17) & SEED_MASK
    key = (salt & ((1 << SALT_BITS) - 1)).to_bytes(8, "big")
    message = (game_seed & ((1 << 64) - 1)).to_bytes(8, "big") + seat.to_bytes(2, "big")
    digest = hashlib.blake2b(message, digest_size=8, key=key, person=b"amul-bot-seed").digest()
    return int.from_bytes(digest, "big") & SEED_MASK


def fresh_bot_salt() -> int:
    """A new game's bot salt: secret and unpredictable (the save keeps it, no view or screen shows it)."""
    return secrets.randbits(SALT_BITS)


def derived_bot_salt(run_seed: int, game_seed: int) -> int:
    """The bot salt of a run that must replay from its command's seed (simulate, tournament, renders).

    One-way, so a bot still cannot go from its seed back to the game seed; anyone who knows the run's
    seed can make the whole run again, which is what such runs are for.
    """
    message = b"".join((n & ((1 << 64) - 1)).to_bytes(8, "big") for n in (run_seed, game_seed))
    digest = hashlib.blake2b(message, digest_size=8, person=b"amul-run-salt").digest()
    return int.from_bytes(digest, "big")


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
