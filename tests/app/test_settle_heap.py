"""The window loop settles the heap on each new screen or size: garbage collected, the rest frozen out of later
collections, and the garbage left behind is still freed (freezing must not keep it alive for good)."""

from __future__ import annotations

import gc
import weakref

import pytest

from amul_table.app.headless import make_session
from amul_table.scenes.routes import Route
from tests.window_driver import frames


@pytest.fixture(autouse=True)
def unfrozen():
    """A heap with nothing frozen to start from (the conftest freezes what the suite loaded, which would pass the
    first check before any settling), and the live heap frozen again for the next tests."""
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.collect()
    gc.freeze()


class Cycle:
    """Garbage only the collector frees: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


def test_a_new_screen_freezes_the_heap_and_the_garbage_before_it_is_freed(app, monkeypatch):
    app.settle_heap = True
    app.push(app.go(Route.TABLE, make_session(3, 1, "easy", humans=1)))
    frames(app)
    assert gc.get_freeze_count() > 0
    gc.disable()  # only the settling may collect now
    try:
        cycle = Cycle()
        gone = weakref.ref(cycle)
        del cycle
        app.reset(app.go(Route.TABLE, make_session(3, 2, "easy", humans=1)))
        frames(app)
        assert gone() is None  # collected, not frozen for good
        settles = []  # counted by the calls: frozen objects freed since lower get_freeze_count by themselves
        freeze = gc.freeze
        monkeypatch.setattr(gc, "freeze", lambda: (settles.append(1), freeze()))
        frames(app, 3)
        assert settles == []  # the same screen and size: settled once
    finally:
        gc.enable()


def test_a_new_window_size_settles_the_heap_again(app):
    app.settle_heap = True
    app.push(app.go(Route.TABLE, make_session(3, 1, "easy", humans=1)))
    frames(app)
    gc.unfreeze()
    app.resize((1100, 700))
    frames(app)
    assert gc.get_freeze_count() > 0
