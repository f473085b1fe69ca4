"""Replaying a game from its options, recorded chance outcomes and action log."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from amul_table.rules.engine import apply
from amul_table.rules.setup import new_game
from amul_table.rules.state import Action, GameState


def replay(
    players: int,
    seed: int,
    actions: Iterable[Action | Sequence],
    tea: int = 0,
    deck_order: Sequence[int] | None = None,
    starting_player: int | None = None,
) -> GameState:
    """The state after applying `actions` to a new game; raises RuleError at the first illegal one."""
    state = new_game(players, seed, tea=tea, deck_order=deck_order, starting_player=starting_player)
    for action in actions:
        apply(state, action)
    return state
