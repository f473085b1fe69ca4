"""The coach's review: losses never negative, zero for the best, deterministic, and blind to hidden cards."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from amul_table.ai import review as review_module
from amul_table.ai.review import ReviewError, decision_points, rate_decision, review_game
from amul_table.persistence.save_files import load_game
from amul_table.rules import apply, new_game
from amul_table.rules.state import GameState
from amul_table.rules.views import SeatView, view_for
from tests.ai.test_bots import changes_hidden_cards, hidden_twin, random_positions

SAVES = Path(__file__).resolve().parents[1] / "data" / "saves_v1"
WORK = 48  # playouts per decision: small, fixed work


@pytest.fixture(scope="module")
def finished() -> GameState:
    return load_game(SAVES / "finished-3p.yaml").state


@pytest.fixture(scope="module")
def reviewed(finished):
    return review_game(finished, 0, samples=WORK)


def test_losses_are_never_negative_and_zero_exactly_when_the_best_was_chosen(reviewed):
    assert len(reviewed.decisions) >= 20
    for d in reviewed.decisions:
        assert d.loss >= 0
        assert d.best_margin >= d.chosen_margin
        if d.chosen == d.best:
            assert d.loss == 0
        assert d.loss == pytest.approx(d.best_margin - d.chosen_margin, abs=0.011)
    assert any(d.loss > 0 for d in reviewed.decisions)


def test_accuracy_and_mean_loss_follow_the_decisions(reviewed):
    ds = reviewed.decisions
    assert reviewed.accuracy == sum(d.loss <= 0.5 for d in ds) / len(ds)
    assert reviewed.mean_loss == pytest.approx(sum(d.loss for d in ds) / len(ds))
    costly = reviewed.costliest()
    assert len(costly) == 3
    assert [d.loss for d in costly] == sorted((d.loss for d in ds), reverse=True)[:3]


def test_every_decision_rates_every_legal_option(finished):
    for index, view, chosen in decision_points(finished, 0):
        assert chosen in view.legal
        rated = rate_decision(view, chosen, index, samples=16)
        if rated is not None:
            assert rated.options == len(view.legal)
            assert rated.best in view.legal
        if index > 30:
            break


def test_a_review_is_the_same_every_time(finished, reviewed):
    assert review_game(finished, 0, samples=WORK) == reviewed


def test_the_review_stands_in_the_seat_s_view_at_each_of_its_decisions(finished, monkeypatch):
    seen: list[tuple[int, SeatView]] = []

    def record(view, chosen, index=0, samples=0):
        assert isinstance(view, SeatView) and not isinstance(view, GameState)
        seen.append((index, view))

    monkeypatch.setattr(review_module, "rate_decision", record)
    review_game(finished, 1, samples=4)
    replay = new_game(
        3, finished.seed, tea=finished.tea, deck_order=finished.initial_deck, starting_player=finished.starting_player
    )
    expected = []
    for index, action in enumerate(finished.actions):
        if action.seat == 1:
            expected.append((index, view_for(replay, 1)))
        apply(replay, action)
    assert seen == expected


@pytest.mark.parametrize("players", [3, 5, 8])
def test_the_review_of_a_decision_ignores_what_the_seat_cannot_see(players):
    rng = random.Random(players)
    changed = 0
    for state, seat in random_positions(players, 0, seed=300 + players, count=4):
        view = view_for(state, seat)
        twin = hidden_twin(state, seat, rng)
        changed += changes_hidden_cards(state, twin, seat)
        twin_view = view_for(twin, seat)
        assert twin_view == view
        chosen = view.legal[0]
        assert rate_decision(twin_view, chosen, samples=24) == rate_decision(view, chosen, samples=24)
    assert changed


def test_an_unfinished_game_cannot_be_reviewed():
    state = load_game(SAVES / "midgame-4p-solo.yaml").state
    with pytest.raises(ReviewError, match="not finished"):
        review_game(state, 0, samples=4)


def test_progress_counts_up_to_every_action_of_the_seat(finished):
    calls: list[tuple[int, int]] = []
    review_game(finished, 2, samples=4, progress=lambda done, total: calls.append((done, total)))
    total = sum(a.seat == 2 for a in finished.actions)
    assert calls == [(i, total) for i in range(1, total + 1)]
