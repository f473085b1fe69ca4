"""SeatView: exactly what one seat may know, built by leaving secrets out (never by a flag).

A seat sees its own hand and its own face-down choice; every play area; the public Market, Palace
and Bazaar; the cards removed from the game; other hands only as counts; who has committed an
Offer or Reveal (but not what); and the public log of offers, picks, reveals and effects.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from amul_table.rules.engine import legal_actions, pending
from amul_table.rules.order import military_order_active, turn_order
from amul_table.rules.phases import Phase
from amul_table.rules.state import NO_CARD, Action, Event, GameState, Pending


@dataclass(frozen=True)
class SeatView:
    seat: int
    players: int
    tea: int
    round: int
    phase: Phase
    starting_player: int
    first_pick: int
    hand: tuple[int, ...]
    my_offer: int  # this seat's face-down offer this round, or -1
    my_reveal: int  # this seat's face-down reveal this round, or -1
    hand_sizes: tuple[int, ...]
    play_areas: tuple[tuple[int, ...], ...]
    market: tuple[int, ...]
    palace: tuple[int, ...]
    bazaar: tuple[int, ...]
    removed: tuple[int, ...]
    deck_size: int
    offered: tuple[bool, ...]  # who has committed an Offer this round
    revealed: tuple[bool, ...]  # who has committed a Reveal this round
    order: tuple[int, ...]  # this round's pick / effect order once known
    military_order: bool
    pending: Pending
    legal: tuple[Action, ...]  # what this seat may do now
    in_game: tuple[int, ...]  # every card of this game (public: it follows from the options)
    log: tuple[Event, ...]

    @property
    def to_act(self) -> bool:
        return bool(self.legal)


def view_for(state: GameState, seat: int) -> SeatView:
    return SeatView(**_public(state, log=True), **_private(state, seat))


def views_for(state: GameState, seats: Iterable[int], *, log: bool = True) -> dict[int, SeatView]:
    """Several seats' views, the public part built once (a host's updates after each decision); `log`
    False: with an empty log (an update carries only the new events)."""
    public = _public(state, log=log)
    return {seat: SeatView(**public, **_private(state, seat)) for seat in seats}


def _private(state: GameState, seat: int) -> dict[str, Any]:
    """What only `seat` may know: its hand, its face-down choices and what it may do."""
    return {
        "seat": seat,
        "hand": tuple(state.hands[seat]),
        "my_offer": state.offers[seat],
        "my_reveal": state.reveals[seat],
        "legal": tuple(legal_actions(state, seat)),
    }


def _public(state: GameState, *, log: bool) -> dict[str, Any]:
    """What every seat may know."""
    order = state.order if state.order else turn_order(state)
    return {
        "players": state.players,
        "tea": state.tea,
        "round": state.round,
        "phase": state.phase,
        "starting_player": state.starting_player,
        "first_pick": state.first_pick,
        "hand_sizes": tuple(len(h) for h in state.hands),
        "play_areas": tuple(tuple(a) for a in state.play_areas),
        "market": tuple(state.market),
        "palace": tuple(state.palace),
        "bazaar": tuple(state.bazaar),
        "removed": tuple(state.removed),
        "deck_size": len(state.deck),
        "offered": tuple(c != NO_CARD for c in state.offers),
        "revealed": tuple(c != NO_CARD for c in state.reveals),
        "order": tuple(order),
        "military_order": military_order_active(state),
        "pending": pending(state),
        "in_game": state.in_game,
        "log": tuple(state.log) if log else (),
    }
