"""The search's compact game reaches exactly what the rules engine reaches, action for action."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amul_table.ai import playout
from amul_table.ai.fastscore import totals
from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.phases import Phase
from amul_table.rules.scoring import score_game
from amul_table.rules.state import GameState
from tests.budget import examples


def agrees(sim: playout.Sim, state: GameState) -> bool:
    return (
        sim.phase == state.phase
        and sim.round == state.round
        and sim.first_pick == state.first_pick
        and sim.areas == state.play_areas
        and sim.hands == state.hands
        and sim.deck == state.deck
        and sim.piles == [state.palace, state.bazaar, state.market]
        and sim.offers == state.offers
        and sim.reveals == state.reveals
        and (state.phase not in (Phase.PICK, Phase.EFFECTS, Phase.GAME_END) or sim.order == state.order)
        and sim.effects == [[e.seat, playout.SOURCES.index(e.source), e.remaining] for e in state.effects]
    )


def check_game(seed: int, players: int, tea: int) -> None:
    """Random legal actions (declines included) through both engines; from a random point, a fast
    playout whose recorded actions the rules engine replays to the same final play areas and totals."""
    rng = random.Random(seed)
    state = new_game(players, seed, tea=tea)
    sim = playout.from_state(state)
    cut = rng.randrange(130)
    while not state.is_over:
        if len(state.actions) == cut:
            check_fast_playout(state, sim, seed)
        seats = pending(state).seats
        assert playout.pending_seats(sim) == list(seats)
        seat = rng.choice(seats)
        legal = legal_actions(state, seat)
        assert playout.legal(sim, seat) == legal
        action = rng.choice(legal)
        apply(state, action)
        playout.step(sim, action)
        assert agrees(sim, state), (seed, players, tea, action)
    assert sim.phase == Phase.OVER
    sheet = score_game(state.play_areas)
    assert totals(sim.areas)[0] == [s.total for s in sheet.seats]


def check_fast_playout(state: GameState, sim: playout.Sim, seed: int) -> None:
    fast = sim.clone()
    trace: list = []
    playout.play_to_end(fast, random.Random(seed), trace)
    replay = state.clone()
    for action in trace:
        apply(replay, action)  # the rules engine validates every one
    assert replay.is_over and fast.phase == Phase.OVER
    assert fast.areas == replay.play_areas
    sheet = score_game(replay.play_areas)
    points = [s.total for s in sheet.seats]
    assert totals(fast.areas)[0] == points
    for seat in range(state.players):
        share, margin = playout.result(fast, seat)
        assert margin == points[seat] - max(p for s, p in enumerate(points) if s != seat)
        assert share == (1 / len(sheet.winners) if seat in sheet.winners else 0.0)


games = st.tuples(st.integers(0, 2**40), st.integers(3, 8), st.sampled_from([0, 0, 1, 3, 8]))


@settings(max_examples=examples(40, fast=16), deadline=None, derandomize=True)  # the thousand below: make test
@given(games)
def test_the_compact_game_follows_the_rules_engine(game):
    check_game(*game)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, derandomize=True)
@given(games)
def test_the_compact_game_follows_the_rules_engine_over_thousands_of_games(game):
    """A thousand games, each checked at every one of its ~150 actions: every (players, tea) pair gets 16 or
    more, and the pure-Python playout's lines are all reached within the first 100 (3,000 reached no more)."""
    check_game(*game)


def test_a_copy_is_independent_of_its_original():
    sim = playout.from_state(new_game(5, 3, tea=2))
    copy = sim.clone()
    playout.play_to_end(copy, random.Random(1))
    assert copy.phase == Phase.OVER
    assert sim.round == 1 and all(not a for a in sim.areas) and len(sim.hands[0]) == 6


@pytest.mark.parametrize("players", range(3, 9))
def test_the_inlined_rounds_play_exactly_as_the_traced_phases(players):
    """Without a trace the playout runs whole rounds inlined; with the same random numbers it must end
    where the phase-by-phase path (which the rules engine replays above) ends."""
    for seed in range(25):
        rng = random.Random(seed)
        state = new_game(players, seed, tea=seed % 3)
        for _ in range(rng.randrange(100)):
            if state.is_over:
                break
            seat = rng.choice(pending(state).seats)
            apply(state, rng.choice(legal_actions(state, seat)))
        fast, traced = playout.from_state(state), playout.from_state(state)
        playout.play_to_end(fast, random.Random(seed))
        playout.play_to_end(traced, random.Random(seed), [])
        assert fast.areas == traced.areas and fast.phase == traced.phase == Phase.OVER
