"""The still frame's spare, painted ahead with a coming view: whatever it holds (painted whole, half painted and
dropped, painted with another view), the frame that swaps it in shows the pixels of a full repaint, and the
window, given only the rectangles returned, too."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amul_table.scenes.table.frame import SpareFrame, StillFrame
from amul_table.sprites.canvas import Canvas, replay
from tests.scenes.test_canvas import SIZE, calls, paint, pixels


def painter(plan):
    def run(canvas: Canvas) -> set[int]:
        paint(canvas, plan)
        return set()

    return run


def drawing(plan) -> list:
    canvas = Canvas(SIZE)
    paint(canvas, plan)
    return canvas.ops


def held(ops: list) -> bytes:
    """The pixels of a full repaint of `ops`."""
    whole = pygame.Surface(SIZE)
    replay(ops, whole, [whole.get_rect()])
    return pixels(whole)


SPARES = {"shown": calls, "first": calls, "other": calls, "coming": calls, "then": calls}
SPARES.update(steps=st.integers(0, 12), drop=st.booleans())


@settings(max_examples=50, deadline=None, derandomize=True)
@given(**SPARES)
def test_a_frame_painted_over_whatever_the_spare_holds_shows_a_full_repaint(
    shown, first, other, coming, then, steps, drop
):
    """50 examples in make test-fast, 100 others in make test (the test below: its examples are its own)."""
    painted_over_the_spare(shown, first, other, coming, then, steps, drop)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, derandomize=True)
@given(**SPARES)
def test_a_frame_painted_over_whatever_else_the_spare_holds_shows_a_full_repaint(
    shown, first, other, coming, then, steps, drop
):
    painted_over_the_spare(shown, first, other, coming, then, steps, drop)


def painted_over_the_spare(shown, first, other, coming, then, steps: int, drop: bool) -> None:
    """`shown` painted, the spare painted with `first`, then with part of `other` (maybe dropped), then with
    `coming`: every frame after shows a full repaint's pixels, and the spare holds what it says."""
    still = StillFrame()
    still.spare = spare = SpareFrame(piece=8)  # several pieces on a small surface
    window = pygame.Surface(SIZE)
    for rect in still.paint(SIZE, painter(shown)):
        window.blit(still.surface, rect, rect)
    spare.aim(SIZE, drawing(first))
    while spare.step():
        pass
    spare.aim(SIZE, drawing(other))  # then painted with another view, maybe not to the end
    for _ in range(steps):
        spare.step()
    if drop:
        spare.drop()
    spare.aim(SIZE, drawing(coming))
    while spare.step():
        pass
    for plan in (coming, then, shown):  # the coming view (the spare swapped in), then others (swapped back)
        for rect in still.paint(SIZE, painter(plan)):
            window.blit(still.surface, rect, rect)
        assert pixels(still.surface) == pixels(window) == held(drawing(plan))
        assert pixels(spare.surface) == held(spare.ops)  # what the spare holds is what it says


def test_the_coming_view_painted_ahead_is_swapped_in_and_repaints_nothing():
    """The spare painted whole with the view then shown: the frame showing it replays nothing (it swaps), and
    returns where the window must change."""
    before = [("fill", 0, 0, 48, 32, 0), ("blit", 5, 5, 0, 0, 1)]
    after = [("fill", 0, 0, 48, 32, 2), ("outline", 3, 3, 30, 20, 1)]
    still = StillFrame()
    still.paint(SIZE, painter(before))
    kept = still.surface
    still.spare.aim(SIZE, drawing(after))
    while still.spare.step():
        pass
    assert still.spare.ready(SIZE)
    rects = still.paint(SIZE, painter(after))
    assert still.surface is not kept and still.spare.surface is kept
    assert sum(r.w * r.h for r in rects) == SIZE[0] * SIZE[1]


def test_a_spare_half_painted_is_not_swapped_in():
    still = StillFrame()
    still.paint(SIZE, painter([("fill", 0, 0, 48, 32, 0)]))
    kept = still.surface
    still.spare.aim(SIZE, drawing([("fill", 0, 0, 48, 32, 1)]))
    assert not still.spare.ready(SIZE)
    still.paint(SIZE, painter([("fill", 0, 0, 48, 32, 1)]))
    assert still.surface is kept
