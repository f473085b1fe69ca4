"""Hidden information: a seat's view never holds another seat's hand, the deck, or a face-down offer or reveal.

Two checks over random games at every step: (1) no field of the view holds a secret card, and every logged
event named only cards that were public before or after the action that logged it (a pick is public: everyone
sees which Market card a player takes, so the log may name a card now in another hand); (2) swapping two
secret cards (say, a card of another hand with one of the deck) leaves the view exactly as it was.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import NO_CARD, GameState
from amul_table.rules.views import SeatView, view_for
from tests.budget import slow

CARD_FIELDS = {"hand", "my_offer", "my_reveal", "play_areas", "market", "palace", "bazaar", "removed", "legal", "log"}
PLAIN_FIELDS = {
    "seat",
    "players",
    "tea",
    "round",
    "phase",
    "starting_player",
    "first_pick",
    "hand_sizes",
    "deck_size",
    "offered",
    "revealed",
    "order",
    "military_order",
    "pending",
}
EVERY_CARD_OF_THE_GAME = {"in_game"}  # public: it follows from the options


def secret_cards(state: GameState, seat: int) -> set[int]:
    """What `seat` may not know the whereabouts of: the deck, other hands, others' face-down choices."""
    secret = set(state.deck)
    for other in range(state.players):
        if other == seat:
            continue
        secret |= set(state.hands[other])
        if state.phase == Phase.OFFER and state.offers[other] != NO_CARD:
            secret.add(state.offers[other])
        if state.phase == Phase.REVEAL and state.reveals[other] != NO_CARD:
            secret.add(state.reveals[other])
    return secret


def public_cards(state: GameState) -> set[int]:
    places = [state.market, state.palace, state.bazaar, state.removed, *state.play_areas]
    return {c for place in places for c in place}


def cards_in_view(view: SeatView) -> set[int]:
    """Cards the view places somewhere now (its own offer and reveal are its own knowledge, checked apart)."""
    found = set(view.hand) | set(view.market) | set(view.palace)
    found |= set(view.bazaar) | set(view.removed) | {c for area in view.play_areas for c in area}
    found |= {a.card for a in view.legal}
    return found - {NO_CARD}


def cards_in_log(view: SeatView) -> set[int]:
    return {c for e in view.log if e.kind != "phase" for c in e.cards}


def test_every_view_field_is_classified():
    """A new SeatView field must be added to one of the lists above (and so to this test's checks)."""
    names = {f.name for f in dataclasses.fields(SeatView)}
    assert names == CARD_FIELDS | PLAIN_FIELDS | EVERY_CARD_OF_THE_GAME


def check_view(state: GameState, seat: int) -> SeatView:
    view = view_for(state, seat)
    leaked = cards_in_view(view) & secret_cards(state, seat)
    assert not leaked, f"seat {seat} sees secret cards {sorted(leaked)} in phase {state.phase}"
    assert view.hand == tuple(state.hands[seat])
    assert view.my_offer == state.offers[seat] and view.my_reveal == state.reveals[seat]
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.deck_size == len(state.deck)
    assert all(isinstance(flag, bool) for flag in view.offered + view.revealed)
    assert set(view.order) <= set(range(state.players))
    assert view.log == tuple(state.log)  # the log is public; each event is checked when it is logged
    return view


def swap_two_secrets(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """A copy of `state` in which two secret cards never named in the log have traded places."""
    named = {c for e in state.log if e.kind != "phase" for c in e.cards}
    slots: list[tuple[list[int], int]] = [(state.deck, i) for i in range(len(state.deck))]
    for other in range(state.players):
        if other != seat:
            slots += [(state.hands[other], i) for i in range(len(state.hands[other]))]
            if state.phase == Phase.OFFER and state.offers[other] != NO_CARD:
                slots.append((state.offers, other))
            if state.phase == Phase.REVEAL and state.reveals[other] != NO_CARD:
                slots.append((state.reveals, other))
    slots = [(place, i) for place, i in slots if place[i] not in named]
    if len({id(place) for place, _ in slots}) < 2:
        return None
    pa, ia = rng.choice(slots)
    pb, ib = rng.choice([slot for slot in slots if slot[0] is not pa])
    pa[ia], pb[ib] = pb[ib], pa[ia]  # swap in the original, copy, swap back
    swapped = state.clone()
    pa[ia], pb[ib] = pb[ib], pa[ia]
    return swapped


@pytest.mark.parametrize("seeds", [pytest.param(range(1), id="first-seed"), slow(range(1, 3), id="more-seeds")])
@pytest.mark.parametrize(("players", "tea"), [(3, 0), (4, 4), (5, 0), (6, 0), (7, 2), (8, 8)])
def test_no_view_ever_holds_a_secret_card(players, tea, seeds):
    for seed in seeds:
        state = new_game(players, seed * 7 + players, tea=tea)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(players):
                check_view(state, seat)
            before_public = public_cards(state)
            log_length = len(state.log)
            seat = rng.choice(pending(state).seats)
            apply(state, rng.choice(legal_actions(state, seat)))
            allowed = before_public | public_cards(state)
            for event in state.log[log_length:]:
                assert set(event.cards) <= allowed, f"{event} names a card that was never public"
                assert set(event.order) <= set(range(players)), "a phase event lists seats in turn order"
        for seat in range(players):
            check_view(state, seat)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_view_does_not_change_when_secret_cards_trade_places(players):
    rng = random.Random(players)
    state = new_game(players, 40 + players)
    swaps = 0
    while not state.is_over:
        seat = rng.randrange(players)
        swapped = swap_two_secrets(state, seat, rng)
        if swapped is not None:
            assert view_for(swapped, seat) == view_for(state, seat)
            swaps += 1
        actor = rng.choice(pending(state).seats)
        apply(state, rng.choice(legal_actions(state, actor)))
    assert swaps > 50


def test_a_face_down_offer_is_absent_until_all_offers_turn_up():
    state = new_game(4, 3)
    offered = state.hands[1][0]
    apply(state, (ActionKind.OFFER, 1, offered))
    for seat in (0, 2, 3):
        view = view_for(state, seat)
        assert offered not in cards_in_view(view) | cards_in_log(view)
        assert view.offered == (False, True, False, False)
    assert view_for(state, 1).my_offer == offered
    for seat in (0, 2, 3):
        apply(state, (ActionKind.OFFER, seat, state.hands[seat][0]))
    assert offered in view_for(state, 0).market


def test_a_face_down_reveal_is_absent_until_all_reveal():
    state = new_game(3, 4)
    for seat in range(3):
        apply(state, (ActionKind.OFFER, seat, state.hands[seat][0]))
    while state.phase == Phase.PICK:
        apply(state, (ActionKind.PICK, pending(state).seats[0], state.market[0]))
    chosen = state.hands[2][0]
    apply(state, (ActionKind.REVEAL, 2, chosen))
    assert chosen not in cards_in_view(view_for(state, 0)) | cards_in_log(view_for(state, 0))
    assert view_for(state, 2).my_reveal == chosen
