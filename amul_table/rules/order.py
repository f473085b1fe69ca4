"""Deal and turn order: clockwise from the First Pick holder, then Military Prowess order once it applies."""

from __future__ import annotations

from collections.abc import Sequence

from amul_table.rules.cards import load_cards
from amul_table.rules.state import GameState

NO_LETTER = "~"  # sorts after every letter


def military_prowess(play_area: Sequence[int]) -> int:
    cards = load_cards().cards
    return sum(cards[uid].symbols.get("military", 0) for uid in play_area)


def best_letter(play_area: Sequence[int]) -> str:
    """The alphabetically first pick-order letter in a play area (ties of prowess break on it)."""
    cards = load_cards().cards
    letters = [cards[uid].letter for uid in play_area if cards[uid].letter]
    return min(letters) if letters else NO_LETTER


def military_order_active(state: GameState) -> bool:
    """From round N+1 for N players: the First Pick card has gone round the table once."""
    return state.round > state.players


def deal_order(state: GameState) -> list[int]:
    """The Starting Player deals clockwise, beginning with the player on their left."""
    n = state.players
    return [(state.starting_player + 1 + i) % n for i in range(n)]


def clockwise_from(first: int, players: int) -> list[int]:
    return [(first + i) % players for i in range(players)]


def turn_order(state: GameState) -> list[int]:
    """The order for picking and for effects this round.

    Example (rulebook): Lukas and Linda both have 3 Military Prowess; Lukas's best letter is B,
    Linda's is D, so Lukas goes first. Seats without prowess follow, clockwise from First Pick.
    """
    clockwise = clockwise_from(state.first_pick, state.players)
    if not military_order_active(state):
        return clockwise
    strong = []
    weak = []
    for seat in clockwise:
        area = state.play_areas[seat]
        prowess = military_prowess(area)
        if prowess:
            strong.append((-prowess, best_letter(area), seat))
        else:
            weak.append(seat)
    strong.sort()
    return [seat for _, _, seat in strong] + weak
