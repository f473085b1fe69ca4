"""The game's one random source: SplitMix64 kept as a plain int in the state.

A hand-written generator gives the same shuffles on every Python version and lets the state be
copied, compared and saved like any other field.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """Return (value, new_state)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) without modulo bias."""
    limit = MASK - (MASK + 1) % n
    while True:
        value, state = next_u64(state)
        if value <= limit:
            return value % n, state


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        j, state = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def seed_state(seed: int) -> int:
    return seed & MASK
