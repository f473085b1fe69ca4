"""Playing whole games with bots in every seat (simulate, tournament, autoplay benchmarks)."""

from __future__ import annotations

from collections.abc import Sequence

from amul_table.ai.base import Bot
from amul_table.ai.tiers import make_bot
from amul_table.rules.engine import apply, pending
from amul_table.rules.setup import new_game
from amul_table.rules.state import GameState
from amul_table.rules.views import view_for


def play_out(state: GameState, bots: Sequence[Bot]) -> GameState:
    """Let the bots decide until the game is over; each bot sees only its own seat's view."""
    while not state.is_over:
        for seat in pending(state).seats:
            apply(state, bots[seat].choose(view_for(state, seat)))
    return state


def play_game(players: int, seed: int, tiers: Sequence[str], tea: int = 0, *, salt: int | None) -> GameState:
    """A whole bot game; `salt` keys the bots' seeds (see bot_seed)."""
    state = new_game(players, seed, tea=tea)
    bots = [make_bot(tiers[seat], seat, seed, salt=salt) for seat in range(players)]
    return play_out(state, bots)
