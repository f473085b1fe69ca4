"""The public log is described once per event (a table frame re-reads it at every step), and reads the same as a
log described afresh: after every kind of event, with lines withheld and notes, going back in a replay, in both
languages."""

from __future__ import annotations

import random

import pytest

from amul_table.i18n import set_language
from amul_table.rules import apply, legal_actions, new_game, pending
from amul_table.rules.state import EventKind, GameState
from amul_table.rules.views import SeatView, view_for
from amul_table.scenes.table import game_log
from amul_table.scenes.table.game_log import public_log

NAMES = ["You", "Bea", "Cy", "Dee"]


def game_views(players: int, seed: int) -> list[SeatView]:
    """Seat 0's view after every decision of a game of random legal play."""
    rng = random.Random(seed)
    state: GameState = new_game(players, seed)
    views = [view_for(state, 0)]
    while not state.is_over:
        seat = rng.choice(pending(state).seats)
        apply(state, rng.choice(legal_actions(state, seat)))
        views.append(view_for(state, 0))
    return views


def fresh(view: SeatView, names: list[str], you: int, withheld: int = 0, notes: dict[int, str] | None = None):
    game_log._DESCRIBED.clear()
    return public_log(view, names, you, withheld, notes)


@pytest.fixture(scope="module")
def views() -> list[SeatView]:
    return game_views(4, seed=3)


def test_every_step_of_a_game_reads_as_a_log_described_afresh(views):
    kinds = {ev.kind for ev in views[-1].log}
    assert kinds >= set(EventKind) - {EventKind.EFFECT_EMPTY}  # rare in random play
    game_log._DESCRIBED.clear()
    for step, view in enumerate(views):
        withheld = step % 3 if len(view.log) >= 3 else 0
        notes = {len(view.log) // 2: "half", len(view.log): "end"}
        kept = public_log(view, NAMES, 1, withheld, notes)
        assert kept == fresh(view, NAMES, 1, withheld, notes), step
        public_log(view, NAMES, 1, withheld, notes)  # the memo is back for the next step


def test_a_new_event_is_described_alone(views, monkeypatch):
    described = []
    real = game_log.describe
    monkeypatch.setattr(game_log, "describe", lambda ev, *rest: described.append(ev) or real(ev, *rest))
    game_log._DESCRIBED.clear()
    public_log(views[-2], NAMES, 0)
    described.clear()
    public_log(views[-1], NAMES, 0)
    assert described == list(views[-1].log[len(views[-2].log) :])
    described.clear()
    public_log(views[len(views) // 2], NAMES, 0)  # a replay going back: nothing to describe again
    assert described == []


def test_going_back_another_reader_other_names_and_french_read_as_afresh(views):
    last, middle = views[-1], views[len(views) // 2]
    public_log(last, NAMES, 0)
    assert public_log(middle, NAMES, 0) == fresh(middle, NAMES, 0)
    public_log(last, NAMES, 0)
    assert public_log(last, NAMES, 2) == fresh(last, NAMES, 2)
    public_log(last, NAMES, 0)
    others = ["Ann", "Bea", "Cy", "Dee"]
    assert public_log(last, others, 0) == fresh(last, others, 0)
    english = public_log(last, NAMES, 0)
    set_language("fr")
    french = public_log(last, NAMES, 0)
    assert french == fresh(last, NAMES, 0) != english
    other_game = game_views(4, seed=4)[-1]
    assert public_log(other_game, NAMES, 0) == fresh(other_game, NAMES, 0)
