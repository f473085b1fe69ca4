"""The table's pure pieces: the model's one refresh, the animation steps, typed events."""

from __future__ import annotations

import pygame
import pytest

from amul_table.app.headless import make_session
from amul_table.i18n import set_language
from amul_table.persistence.settings import Settings
from amul_table.rules.engine import legal_actions, pending
from amul_table.rules.phases import Phase
from amul_table.rules.state import EventKind
from amul_table.scenes.table.animation import STEPS, Hidden, LandingSpot, choreograph
from amul_table.scenes.table.model import TableModel

SIZE = (1280, 800)


def model_of(players: int = 4, seed: int = 3, shown: int = 0):
    session = make_session(players, seed, "medium", humans=0)
    return session, TableModel.of(session, shown, SIZE, Settings())


def decide(session, action) -> list:
    """Apply a seat's decision as the Match applies one already made (bots' and people's alike); its events."""
    logged = len(session.state.log)
    assert session.match.catch_up([action]) == 1
    return list(session.state.log[logged:])


def play_until_pick_has_begun(session) -> None:
    """Offer for everyone, then let the first seat in turn order pick the leftmost Market card."""
    state = session.state
    while state.phase != Phase.PICK:
        seat = pending(state).seats[0]
        decide(session, legal_actions(state, seat)[0])
    seat = pending(state).seats[0]
    decide(session, legal_actions(state, seat)[0])


def market_rects(model: TableModel) -> dict[int, tuple[int, int, int, int]]:
    return {uid: tuple(rect) for uid, rect in model.layout.market.items()}


def test_refresh_is_idempotent():
    session, model = model_of()
    model.refresh(session, 0, SIZE)
    first = (model.view, market_rects(model), list(model.log_lines), dict(model.market_slot_of), model.selected)
    model.stale = False
    model.refresh(session, 0, SIZE)
    assert (model.view, market_rects(model), list(model.log_lines), dict(model.market_slot_of), model.selected) == first


def test_market_cards_keep_their_slots_when_another_seat_is_shown():
    session, model = model_of()
    model.refresh(session, 0, SIZE)
    play_until_pick_has_begun(session)
    model.refresh(session, 0, SIZE)
    before = market_rects(model)
    model.refresh(session, 2, SIZE)
    assert market_rects(model) == before


def test_refresh_marks_the_frame_stale_and_hiding_a_card_does_too():
    session, model = model_of()
    model.stale = False
    model.refresh(session, 0, SIZE)
    assert model.stale
    model.stale = False
    model.hide([])
    assert not model.stale
    uid = model.view.market[0]

    class Moving:
        hides = (Hidden(LandingSpot.CARD, uid),)

    model.hide([Moving()])
    assert model.stale and not model.shows(uid) and model.card_at(model.layout.market[uid].center) is None


def test_every_kind_of_event_has_an_animation_step():
    assert set(STEPS) == set(EventKind)


def test_choreograph_plays_a_whole_round_of_real_events():
    session, model = model_of(players=3, seed=1)
    state = session.state
    before, lay0 = model.view, model.layout
    events = []
    for _ in range(12):
        seat = pending(state).seats[0]
        events += decide(session, legal_actions(state, seat)[0])
    model.refresh(session, 0, SIZE)
    plan = choreograph(
        events, before=before, after=model.view, l0=lay0, l1=model.layout, names=model.names, you=-1,
        factor=1.0, start=0.0,
    )  # fmt: skip
    kinds = {e.kind for e in events}
    assert EventKind.PICK in kinds and EventKind.REVEALS in kinds
    flights = plan.flights
    assert flights and plan.t > 0
    assert all(isinstance(h, Hidden) for f in flights for h in f.hides)
    assert all(isinstance(f.src, pygame.Rect) and isinstance(f.dst, pygame.Rect) for f in flights)


def test_events_carry_typed_fields():
    session, _ = model_of(players=3, seed=1)
    state = session.state
    round_event = next(e for e in state.log if e.kind == EventKind.ROUND)
    assert round_event.round == 1 and isinstance(round_event.round, int)
    while state.phase != Phase.PICK:
        seat = pending(state).seats[0]
        decide(session, legal_actions(state, seat)[0])
    phase = state.log[-1]
    assert phase.kind == EventKind.PHASE and phase.phase == Phase.PICK
    assert sorted(phase.order) == [0, 1, 2] and phase.cards == ()


def test_reveal_warns_about_hand_only_cards_before_they_leave_the_game():
    import random

    from amul_table.rules.cards import load_cards

    cards = load_cards().cards
    for seed in range(1, 40):
        session, model = model_of(players=4, seed=seed)
        state, rng = session.state, random.Random(seed)
        while not state.is_over and not (state.phase == Phase.REVEAL and 0 in pending(state).seats):
            seat = pending(state).seats[0]
            decide(session, rng.choice(legal_actions(state, seat)))
        model.refresh(session, 0, SIZE)
        doomed = [u for u in model.view.hand if not cards[u].keeps_in_play]
        if doomed and len(doomed) < len(model.view.hand):
            break
    else:
        raise AssertionError("no deal gave a Reveal with a hand-only card")
    assert all(model.leaves_on_reveal(u) == (u in doomed) for u in model.view.hand)
    model.chosen = doomed[0]
    assert model.warns() and "leaves the game" in model.prompt_text()
    model.chosen = next(u for u in model.view.hand if u not in doomed)
    assert not model.warns()


@pytest.mark.parametrize("lang,words", [("en", "Waiting for you…"), ("fr", "En attente de vous…")])
def test_the_wait_line_speaks_to_a_seat_named_you(lang, words):
    """It said "Waiting for You…" (the seat's default name): a seat named You is spoken to, as the log does."""
    set_language(lang)
    session = make_session(3, 3, "medium", humans=1)
    state = session.state
    for seat in (1, 2):
        decide(session, legal_actions(state, seat)[0])
    model = TableModel.of(session, 1, SIZE, Settings())
    assert list(pending(state).seats) == [0]
    assert model.prompt_text() == words


@pytest.mark.parametrize(("seat", "setting", "shown"), [(0, True, True), (0, False, False), (1, True, False)])
def test_the_live_score_is_laid_out_for_a_human_seat_with_the_setting_on_only(seat, setting, shown):
    """One condition for the layout's score box, the replay's layout key and the sidebar: a bot's total is no aid."""
    session = make_session(3, 3, "medium", humans=1)
    model = TableModel.of(session, seat, SIZE, Settings(live_score=setting))
    assert model.shows_live_score() is shown
    assert (model.layout.score_box is not None) is shown


def test_a_window_that_watches_shows_no_live_score_and_no_one_as_you():
    """SPECTATOR is seat -1: the last seat, a human's, is not the watcher's (its live score, 'you' in the log)."""
    from amul_table.match.protocol import SPECTATOR

    session = make_session(3, 3, "medium", humans=3)
    model = TableModel.of(session, SPECTATOR, SIZE, Settings(live_score=True))
    assert not model.shows_live_score()
    assert model.layout.score_box is None
    assert model.you == -1
    assert model.trails == {}
