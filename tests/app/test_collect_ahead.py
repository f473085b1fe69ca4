"""A frame with time to spare runs the garbage collection due next, so that it does not fall in a heavy frame."""

from __future__ import annotations

import gc
import itertools
import time

import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import SPARE_CPU
from amul_table.scenes.routes import Route
from tests.window_driver import frames


@pytest.fixture
def collections(monkeypatch):
    """The generations collected by the window (the collector's own collections go on as they would)."""
    done: list[int] = []
    monkeypatch.setattr(gc, "collect", lambda generation=2: done.append(generation) or 0)
    return done


@pytest.mark.parametrize(
    ("count", "collected"),
    [((0, 10, 0), [1]), ((600, 3, 0), [0]), ((100, 3, 0), [])],
)
def test_a_quick_frame_runs_the_collection_due_next(app, monkeypatch, collections, count, collected):
    app.push(app.go(Route.TABLE, make_session(3, 1, "easy", humans=1)))
    frames(app)
    app.settle_heap = True
    app._settled = (id(app.top), app.size)  # settled already: only the collection ahead may run
    monkeypatch.setattr(gc, "get_threshold", lambda: (700, 10, 10))
    monkeypatch.setattr(gc, "get_count", lambda: count)
    app.step(0.0)
    assert collections == collected


def test_a_heavy_frame_leaves_the_collection_to_the_collector(app, monkeypatch, collections):
    app.push(app.go(Route.TABLE, make_session(3, 1, "easy", humans=1)))
    frames(app)
    app.settle_heap = True
    app._settled = (id(app.top), app.size)
    monkeypatch.setattr(gc, "get_count", lambda: (0, 10, 0))
    clock = itertools.count(0.0, SPARE_CPU)  # each look at the CPU clock finds it a spare time further on
    monkeypatch.setattr(time, "thread_time", lambda: next(clock))
    app.step(0.0)
    assert collections == []
