"""Save and load at every step of random games at 3 to 8 players: nothing is lost, nothing changes."""

from __future__ import annotations

import random
import re

import pytest

from amul_table.persistence.save_format import GameSetup, SavedGame, dump_save, parse_save
from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.cards import load_cards
from amul_table.rules.seats import Seat
from amul_table.rules.state import Action, GameState

pytestmark = pytest.mark.slow  # fuzz, monkey and round-trip suites: make test-fast leaves them out


def random_game(players: int, seed: int, tea: int = 0) -> tuple[list[GameState], list[Action]]:
    """Every state of a game of random legal play (before each action, and the final one)."""
    rng = random.Random(seed)
    state = new_game(players, seed, tea=tea)
    states = [state.clone()]
    while not state.is_over:
        seat = rng.choice(pending(state).seats)
        apply(state, rng.choice(legal_actions(state, seat)))
        states.append(state.clone())
    return states, state.actions


def mixed_setup(players: int, tea: int) -> GameSetup:
    bots = [Seat.bot(f"Bot {i}", "random") for i in range(2, players)]
    seats = [Seat.of_human("Ana"), Seat.of_human("Bérénice"), *bots]
    return GameSetup(tuple(seats), tea, bot_salt=2**64 - 1)


@pytest.mark.parametrize(
    ("players", "tea", "seed"), [(3, 0, 1), (3, 3, 2), (4, 2, 3), (5, 0, 4), (6, 8, 5), (7, 0, 6), (8, 1, 7), (8, 0, 8)]
)
def test_a_save_at_every_step_loads_the_same_state_and_plays_on_the_same(players: int, tea: int, seed: int) -> None:
    states, actions = random_game(players, seed=seed, tea=tea)
    final = states[-1]
    setup = mixed_setup(players, tea)
    for step, state in enumerate(states):
        loaded = parse_save(dump_save(SavedGame(setup, state.clone())), tiers=["random"])
        assert loaded.state == state, f"step {step}"
        assert loaded.setup == setup
        for action in actions[step:]:
            apply(loaded.state, action)
        assert loaded.state == final, f"playing on from step {step}"


def test_a_loaded_game_accepts_exactly_the_same_legal_actions() -> None:
    states, _ = random_game(6, seed=77)
    state = states[len(states) // 2]
    loaded = parse_save(dump_save(SavedGame(mixed_setup(6, 0), state.clone()))).state
    for seat in range(6):
        assert legal_actions(loaded, seat) == legal_actions(state, seat)
    assert pending(loaded) == pending(state)


def test_times_and_app_version_survive_a_round_trip() -> None:
    states, _ = random_game(3, seed=5)
    saved = SavedGame(mixed_setup(3, 0), states[4])
    saved.app_version = "9.9.9"
    loaded = parse_save(dump_save(saved))
    assert loaded.created == saved.created
    assert loaded.updated == saved.created  # never saved before: updated is the creation time
    assert loaded.app_version == "9.9.9"


def test_the_action_log_is_one_line_per_action_naming_cards_by_their_printed_number() -> None:
    states, actions = random_game(4, seed=9)
    text = dump_save(SavedGame(mixed_setup(4, 0), states[-1]))
    lines = re.findall(r"^- \[(\w+), (\d), ([A-Z]-\d+|null)\]$", text, flags=re.MULTILINE)
    numbers = load_cards().cards
    assert lines == [(a.kind.word, str(a.seat), "null" if a.card < 0 else numbers[a.card].number) for a in actions]


def test_the_setup_knows_which_seats_people_play() -> None:
    assert mixed_setup(5, 0).humans == (0, 1)
    assert GameSetup((Seat.bot("B", "random"),) * 3, bot_salt=1).humans == ()
