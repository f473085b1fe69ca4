"""The search: reproducible with fixed work, blind to hidden cards, and readable through explain()."""

from __future__ import annotations

import random

import pytest

from amul_table.ai.base import RandomBot
from amul_table.ai.explain import explain
from amul_table.ai.hard import HardBot
from amul_table.ai.play import play_out
from amul_table.ai.search import Work, playouts_spent, search
from amul_table.rules import new_game
from amul_table.rules.scoring import score_game
from amul_table.rules.views import view_for
from tests.ai.test_bots import changes_hidden_cards, hidden_twin, random_positions
from tests.budget import sweep

WORK = Work(playouts=60)


@pytest.mark.parametrize("players", sweep([3, 4, 6, 8], fast=(3, 8)))
def test_the_search_gives_the_same_values_whatever_the_hidden_cards(players):
    """Rival hands, face-down Offers and Reveals, the deck order: changing them changes nothing."""
    rng = random.Random(players)
    changed = 0
    for state, seat in random_positions(players, players % 2, seed=300 + players, count=6):
        twin = hidden_twin(state, seat, rng)
        changed += changes_hidden_cards(state, twin, seat)
        real = search(view_for(state, seat), random.Random(9), WORK)
        other = search(view_for(twin, seat), random.Random(9), WORK)
        assert real == other, (players, seat, state.phase)
    assert changed >= 3


def test_fixed_work_spends_the_playouts_it_is_given_on_the_better_options():
    for state, seat in random_positions(5, 0, seed=12, count=30):
        view = view_for(state, seat)
        values = search(view, random.Random(1), Work(playouts=200))
        assert {v.action for v in values} == set(view.legal)
        distinct = {(v.samples, v.reward) for v in values}
        if len(distinct) < 3:
            continue
        spent = playouts_spent(values)
        assert 150 <= spent <= 260
        assert values[0].samples == max(v.samples for v in values)  # the choice survived every halving
        assert all(0.0 <= v.win <= 1.0 for v in values)
        return
    pytest.fail("no position with three distinct options")


def test_explain_with_samples_rates_options_by_the_search_deterministically():
    for state, seat in random_positions(4, 0, seed=21, count=8):
        view = view_for(state, seat)
        if len(view.legal) < 3:
            continue
        first = explain(view, top=len(view.legal), samples=80)
        assert first == explain(view, top=len(view.legal), samples=80)
        rewards = [h.search.reward for h in first]
        survivors = [h for h in first if h.search.samples == first[0].search.samples]
        assert [h.search.reward for h in survivors] == sorted((h.search.reward for h in survivors), reverse=True)
        assert all(h.search is not None and h.search.samples > 0 for h in first), rewards
        assert {h.action for h in first} == set(view.legal)
    assert all(h.search is None for h in explain(view))


@pytest.mark.slow
def test_a_small_search_beats_random_players():
    wins = 0.0
    for seed in range(8):
        state = new_game(4, seed)
        bots = [HardBot(0, seed, samples=120)] + [RandomBot(s, seed) for s in range(1, 4)]
        sheet = score_game(play_out(state, bots).play_areas)
        wins += 1 / len(sheet.winners) if 0 in sheet.winners else 0.0
    assert wins >= 6


def test_a_pruned_search_plays_only_mediums_best_options():
    from amul_table.ai.medium import rate_options

    for state, seat in random_positions(4, 0, seed=5, count=20):
        view = view_for(state, seat)
        values = search(view, random.Random(2), Work(playouts=40, keep=2))
        searched = {v.group for v in values if v.samples}
        if len({v.group for v in values}) < 4:
            continue
        assert len(searched) == 2
        best = rate_options(view)[0].action
        assert any(v.action == best and v.samples for v in values)
        assert all(v.samples == 0 for v in values[-2:])
        return
    pytest.fail("no position with four distinct options")
