"""The bots' fast scorer gives exactly the totals and Military Prowess of the real score sheet."""

from __future__ import annotations

import random

import pytest

from amul_table.ai.fastscore import totals
from amul_table.ai.play import play_game
from amul_table.rules.cards import load_cards
from amul_table.rules.scoring import score_game
from tests.budget import slow, sweep


@pytest.mark.parametrize("players", sweep(range(3, 9), fast=(3, 8)))  # the fewest seats and the most
def test_fast_totals_equal_score_game_on_random_tables(players):
    rng = random.Random(players)
    uids = list(range(len(load_cards().cards)))
    for _ in range(150):
        pool = rng.sample(uids, min(len(uids), players * rng.randint(2, 22)))
        areas = [pool[s::players] for s in range(players)]
        sheet = score_game(areas)
        assert totals(areas) == ([s.total for s in sheet.seats], [s.military for s in sheet.seats])


@pytest.mark.parametrize(("players", "seed"), [slow(3, 1), slow(6, 2), (8, 3)])
def test_fast_totals_equal_score_game_at_the_end_of_bot_games(players, seed):
    state = play_game(players, seed, ["easy"] * players, tea=1, salt=seed)
    sheet = score_game(state.play_areas)
    assert totals(state.play_areas)[0] == [s.total for s in sheet.seats]
