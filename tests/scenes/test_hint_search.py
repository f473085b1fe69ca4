"""The table's hint asks the strongest bot's search, off the main thread, from the seat's view only.

Tests use small fixed work (SAMPLES playouts) and block the search on events, never on wall clocks.
"""

from __future__ import annotations

import random
import threading
from concurrent.futures import Future

import pygame
import pytest

from amul_table.ai import explain as explain_module
from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.match.session import GameSession
from amul_table.rules.phases import ActionKind
from amul_table.rules.seats import Seat
from amul_table.rules.views import view_for
from amul_table.scenes.routes import Route
from amul_table.scenes.table import hint_job
from amul_table.scenes.table.hint import HintOverlay, numbers_text
from amul_table.scenes.table.hint_job import HintWorker, best_hints
from amul_table.scenes.table.scene import TableScene
from tests.ai.test_bots import changes_hidden_cards, hidden_twin, random_positions
from tests.scenes.test_idle_redraw import IDLE_FRAMES, draws_over
from tests.window_driver import key

pytestmark = pytest.mark.window(size=(1024, 640), bot_pause=0.0, title=True)

SAMPLES = 48
WAIT = 60.0  # seconds: only a safety net for a stuck thread, never part of what is measured


@pytest.fixture
def blocked(monkeypatch):
    """The hint's search waits for `release` and records the threads it ran on."""
    release = threading.Event()
    threads: list[str] = []

    def slow_explain(view, **kwargs):
        threads.append(threading.current_thread().name)
        assert release.wait(WAIT)
        return explain_module.explain(view, **kwargs)

    monkeypatch.setattr(hint_job, "explain", slow_explain)
    yield release, threads
    release.set()


def table_at(app: App, session: GameSession) -> TableScene:
    table = app.go(Route.TABLE, session, intro=False)
    table.hint_worker = HintWorker(samples=SAMPLES)
    app.push(table)
    app.step(0.0)
    return table


def finished(overlay: HintOverlay) -> None:
    """Wait for the overlay's search on its thread, then let the overlay take the result (a fast search may
    have finished, and been taken, within the frame that opened the overlay)."""
    if overlay.pending is not None:
        overlay.pending.result(WAIT)
        overlay.app.step(1 / 60)
    assert not overlay.thinking


def test_h_shows_the_searchs_options_with_its_numbers(app):
    table = table_at(app, make_session(3, 6, "medium"))
    key(app, pygame.K_h)
    overlay = app.top
    assert isinstance(overlay, HintOverlay)
    finished(overlay)
    assert not overlay.thinking
    expected = best_hints(table.model.view, SAMPLES)
    assert overlay.hints == expected
    assert overlay.hints and all(h.search is not None and h.search.samples > 0 for h in overlay.hints)
    assert {h.action for h in overlay.hints} <= set(table.model.view.legal)


def test_the_search_runs_off_the_main_thread_while_the_overlay_says_it_is_thinking(app, blocked):
    release, threads = blocked
    table_at(app, make_session(4, 2, "medium"))
    key(app, pygame.K_h)
    overlay = app.top
    assert isinstance(overlay, HintOverlay) and overlay.thinking
    assert draws_over(app, overlay, 60) >= 2  # its dots move (a second of frames) while the search waits
    assert overlay.thinking and overlay.hints == []
    release.set()
    finished(overlay)
    assert overlay.hints and not overlay.thinking
    assert threads and all(name.startswith("amul-hint") for name in threads)
    assert threading.main_thread().name not in threads


def test_closing_the_hint_while_it_thinks_discards_the_result(app, blocked):
    release, _ = blocked
    table = table_at(app, make_session(4, 2, "medium"))
    key(app, pygame.K_h)
    overlay = app.top
    assert isinstance(overlay, HintOverlay)
    future = overlay.pending
    key(app, pygame.K_ESCAPE)
    assert app.top is table and overlay.pending is None
    release.set()
    assert future is not None and future.result(WAIT)  # the search ends on its thread...
    for _ in range(5):
        app.step(1 / 60)
    assert app.top is table and overlay.hints == []  # ...and nothing shows it


def test_a_second_press_while_it_thinks_starts_no_second_search(app, blocked):
    release, threads = blocked
    table = table_at(app, make_session(4, 2, "medium"))
    key(app, pygame.K_h)
    first = app.top
    assert isinstance(first, HintOverlay)
    searching = first.pending
    key(app, pygame.K_h)  # any key closes the overlay...
    assert app.top is table
    key(app, pygame.K_h)  # ...and asking again for the same decision finds the same search
    second = app.top
    assert isinstance(second, HintOverlay) and second is not first
    assert second.pending is searching is not None
    release.set()
    finished(second)
    assert second.hints and len(threads) == 1


def test_the_hint_works_while_a_bot_is_thinking(app, monkeypatch):
    from amul_table.match import match as match_module

    session = make_session(4, 2, "medium")
    bot_release = threading.Event()
    think = match_module.think

    def held_think(job):
        if job.seat == 1:
            assert bot_release.wait(WAIT)
        return think(job)

    monkeypatch.setattr(match_module, "think", held_think)
    try:
        table = table_at(app, session)
        app.step(1 / 60)
        assert session.bot_thread.jobs and session.bot_thread.ready() is None  # seat 1's Offer is being chosen
        key(app, pygame.K_h)
        overlay = app.top
        assert isinstance(overlay, HintOverlay)
        finished(overlay)
        assert overlay.hints == best_hints(table.model.view, SAMPLES)
    finally:
        bot_release.set()


def test_the_idle_table_is_not_redrawn_once_the_hint_is_shown(app):
    table_at(app, make_session(4, 2, "medium"))
    key(app, pygame.K_h)
    overlay = app.top
    assert isinstance(overlay, HintOverlay)
    finished(overlay)
    app.step(1 / 60)
    assert draws_over(app, overlay, IDLE_FRAMES) == 0


def test_identical_copies_of_a_card_take_one_place_among_the_options():
    checked = 0
    for state, seat in random_positions(4, 0, seed=77, count=40):
        view = view_for(state, seat)
        every = explain_module.explain(view, top=len(view.legal), samples=SAMPLES)
        groups = {h.search.group for h in every if h.search is not None}
        if len(groups) >= 3 and len(groups) < len(every):
            hints = best_hints(view, SAMPLES)
            assert len(hints) == 3 and len({h.search.group for h in hints}) == 3
            chosen = {h.action for h in hints}  # in the order of the numbers shown (issue 23 #9)
            assert [h.action for h in hints] == [
                h.action for h in explain_module.ranked_as_shown(every) if h.action in chosen
            ]
            checked += 1
    assert checked >= 2


def test_the_same_position_always_gets_the_same_hint():
    for state, seat in random_positions(4, 0, seed=41, count=4):
        view = view_for(state, seat)
        first = HintWorker(samples=SAMPLES)
        second = HintWorker(samples=SAMPLES)
        try:
            assert first.ask(view).result(WAIT) == second.ask(view_for(state.clone(), seat)).result(WAIT)
        finally:
            first.close()
            second.close()


@pytest.mark.parametrize("players", [4, 8])
def test_the_hint_never_sees_more_than_the_seats_view(app, players):
    """Two tables whose games differ only in cards hidden from the human give the same hint."""
    rng = random.Random(players)
    changed = 0
    for state, seat in random_positions(players, 0, seed=500 + players, count=3):
        twin = hidden_twin(state, seat, rng)
        changed += changes_hidden_cards(state, twin, seat)
        seats = [Seat.of_human("Alice") if s == seat else Seat.bot(f"Bot {s}", "medium") for s in range(players)]
        hints = []
        for game in (state, twin):
            table = table_at(app, GameSession.resume(seats, game.clone(), bot_salt=1))
            table.show_hint()  # at once: no bot has moved since the table drew its first frame
            overlay = app.top
            assert isinstance(overlay, HintOverlay)
            finished(overlay)
            hints.append(overlay.hints)
            app.pop()
            app.pop()
        assert hints[0] and hints[0] == hints[1], (players, seat, state.phase)
    assert changed >= 1


def test_a_failed_search_says_no_hint_is_available(app):
    future: Future = Future()
    overlay = HintOverlay(app, "Alice", future)
    app.push(overlay)
    app.step(1 / 60)
    assert overlay.thinking
    future.set_exception(RuntimeError("boom"))
    app.step(1 / 60)
    assert not overlay.thinking and overlay.hints == []


def test_the_numbers_are_said_in_words_in_english_and_french():
    from amul_table.ai.search import OptionValue
    from amul_table.i18n import set_language
    from amul_table.rules.state import Action

    values = OptionValue(Action(ActionKind.PICK, 0, 4), 0.5, 0.417, -2.34, 240)
    assert numbers_text(values) == (
        "Win chance 42%; ends 2.3 points behind the best rival on average (from 240 simulated games)."
    )
    set_language("fr")
    try:
        said = numbers_text(values)
    finally:
        set_language("en")
    assert "42\u00a0%" in said and "2,3\u00a0points derrière" in said and "240\u00a0parties" in said
    assert "gagner\u00a0:" in said and "\u00a0;" in said
