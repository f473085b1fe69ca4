"""The window loop settles the heap on each new screen or size: garbage collected, the rest frozen out of later
collections, and a screen left behind is still freed (freezing must not keep the last game alive)."""

from __future__ import annotations

import gc
import weakref

import pytest

from amul_table.app.headless import make_session
from amul_table.scenes.table.scene import TableScene
from tests.window_driver import frames


@pytest.fixture(autouse=True)
def unfrozen():
    """The test process's heap as it was: nothing left frozen for the next tests."""
    yield
    gc.unfreeze()


def test_a_new_screen_freezes_the_heap_and_the_screen_before_it_is_freed(app):
    app.settle_heap = True
    first = TableScene(app, make_session(3, 1, "easy", humans=1))
    app.push(first)
    frames(app)
    assert gc.get_freeze_count() > 0
    gone = weakref.ref(first)
    app.reset(TableScene(app, make_session(3, 2, "easy", humans=1)))
    del first
    frames(app)
    assert gone() is None
    frozen = gc.get_freeze_count()
    frames(app, 3)
    assert gc.get_freeze_count() == frozen  # the same screen and size: settled once


def test_a_new_window_size_settles_the_heap_again(app):
    app.settle_heap = True
    app.push(TableScene(app, make_session(3, 1, "easy", humans=1)))
    frames(app)
    gc.unfreeze()
    app.resize((1100, 700))
    frames(app)
    assert gc.get_freeze_count() > 0
