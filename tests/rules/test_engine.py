"""The engine's calling conventions: what apply accepts, what it refuses, and with which message."""

from __future__ import annotations

import pytest

from amul_table.rules import Action, RuleError, apply, legal_actions, new_game, pending
from amul_table.rules.phases import ActionKind
from amul_table.rules.setup import SetupError


def test_apply_accepts_a_plain_tuple_and_logs_an_action():
    state = new_game(3, seed=1)
    card = state.hands[0][0]
    apply(state, (ActionKind.OFFER, 0, card))
    assert state.actions == [Action(ActionKind.OFFER, 0, card)]
    assert type(state.actions[0]) is Action


def test_a_decline_needs_no_card():
    state = new_game(3, seed=1)
    for seat in range(3):
        apply(state, (ActionKind.OFFER, seat, state.hands[seat][0]))
    with pytest.raises(RuleError, match="must pick a card now, not decline"):
        apply(state, (ActionKind.DECLINE, pending(state).seats[0]))


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ((ActionKind.OFFER, True, 0), "seat True is not at this 3-player table"),
        ((ActionKind.OFFER, 0, False), "card False is not a card uid"),
        ((ActionKind.OFFER, 0, "A-1"), "card 'A-1' is not a card uid"),
        ((ActionKind.OFFER,), "not an action"),
        ("offer", "not an action"),
        (("steal", 0, 1), "unknown action 'steal'"),
        (("offer", 0, 1), "unknown action 'offer'"),  # the engine takes an ActionKind, not its word
        ((1, 0, 1), "unknown action 1"),
        ((ActionKind.OFFER, 7, 1), "seat 7 is not at this 3-player table"),
    ],
)
def test_malformed_actions_are_refused_with_a_message(action, message):
    state = new_game(3, seed=2)
    before = state.clone()
    with pytest.raises(RuleError, match=message):
        apply(state, action)
    assert state == before


def test_legal_actions_of_a_seat_without_a_decision_is_empty():
    state = new_game(3, seed=3)
    apply(state, (ActionKind.OFFER, 0, state.hands[0][0]))
    assert legal_actions(state, 0) == []
    assert {a.seat for a in legal_actions(state, 1)} == {1}


@pytest.mark.parametrize("seat", [-1, 3, 99, True])
def test_legal_actions_of_a_seat_not_at_the_table_is_empty(seat):
    """A negative seat must not index another seat's hand."""
    state = new_game(3, seed=4)
    assert legal_actions(state, seat) == []


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": True, "seed": 1}, "3 to 8 players, not True"),
        ({"players": "4", "seed": 1}, "3 to 8 players, not '4'"),
        ({"players": 4, "seed": 1, "tea": 2.5}, "not 2.5"),
        ({"players": 4, "seed": "abc"}, "a game seed is a whole number"),
        ({"players": 4, "seed": 1.5}, "a game seed is a whole number"),
        ({"players": 3, "seed": 1, "deck_order": ["a", 1]}, "recorded deck order"),
        ({"players": 3, "seed": 1, "starting_player": 3}, "starting player 3"),
        ({"players": 3, "seed": 1, "starting_player": "0"}, "starting player '0'"),
    ],
)
def test_bad_game_options_are_refused_with_a_message(options, message):
    with pytest.raises(SetupError, match=message):
        new_game(**options)
