"""Issue 12: the searching bots (hard, expert) are blind to what their seat cannot see, at every kind of decision.

Two states whose views for the bot's seat are equal, but whose hidden cards differ (rival hands, face-down
Offers and Reveals, the deck order), must give the same decision and the same values, with fixed work.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from amul_table.ai.base import bot_seed
from amul_table.ai.hard import ExpertBot, HardBot
from amul_table.rules.phases import Phase
from amul_table.rules.views import view_for
from tests.ai.test_bots import changes_hidden_cards, hidden_twin, positions_by_kind
from tests.budget import slow

SAMPLES = 40  # playouts per decision: fixed work, no clock
KINDS = [(Phase.OFFER, ""), (Phase.PICK, ""), (Phase.REVEAL, ""), (Phase.EFFECTS, "palace"), (Phase.EFFECTS, "bazaar")]
KINDS += [(Phase.EFFECTS, "market")]  # (at the game's end's take nothing is hidden any more)
SALT = 0x0B5C_0AE5


@cache
def positions(players: int, seed: int) -> dict[tuple[Phase, str], list]:
    """Three positions of each kind from one game setting, found once per worker (the tests only read them)."""
    return positions_by_kind(players, 0, seed=seed, per_kind=3)


@pytest.mark.parametrize(("players", "seed"), [(5, 52), slow(4, 41)])
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: "-".join(filter(None, (k[0].word, k[1]))))
@pytest.mark.parametrize("tier", [HardBot, ExpertBot], ids=["hard", "expert"])
def test_a_searching_bot_decides_the_same_whatever_the_hidden_cards(players, seed, kind, tier) -> None:
    rng = random.Random(7)
    differed = searched = 0
    for state, seat in positions(players, seed)[kind]:
        seed = bot_seed(state.seed, seat, salt=SALT)
        real = tier(seat, seed, samples=SAMPLES)  # the real position searched once, each twin against it
        chosen = real.choose(view_for(state, seat))
        searched += bool(real.last_values)
        for _ in range(2):  # two twins of each position
            twin = hidden_twin(state, seat, rng)
            assert view_for(twin, seat) == view_for(state, seat)
            differed += changes_hidden_cards(state, twin, seat)
            other = tier(seat, seed, samples=SAMPLES)
            assert other.choose(view_for(twin, seat)) == chosen, (kind, seat)
            assert other.last_values == real.last_values
    assert differed >= 2  # the twins really hid different cards
    if kind[0] in (Phase.OFFER, Phase.PICK, Phase.REVEAL):
        assert searched >= 2  # and the bot really searched (more than one option)
