"""The table's frame drawn by what changed: the still part repainted only where its drawing changed, and the
window given only the rectangles that changed since the last frame (where the still part changed, and where
moving things are or were). At 4K a whole frame is 33 MB to repaint and as much to copy: that was the tail."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from amul_table.scenes.table.prompt_bar import PromptBar
from amul_table.sprites.canvas import Canvas, Op, changed, disjoint, replay


class StillFrame:
    """The still part of the frame, kept with the drawing calls that made it (one surface per window size)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.ops: list[Op] = []
        self.faces: set[int] = set()  # the card faces it shows (tests check no hidden card is drawn)

    def fits(self, size: tuple[int, int]) -> bool:
        return self.surface is not None and self.surface.get_size() == size

    def paint(self, size: tuple[int, int], painter: Callable[[Canvas], set[int]]) -> list[pygame.Rect]:
        """Run `painter` (it returns the faces it drew) on a canvas and repaint where its drawing differs from the
        last; returns those rectangles (all of it at a new size: a fresh surface costs milliseconds of page faults
        at 4K, so one is kept per size)."""
        canvas = Canvas(size)
        self.faces = painter(canvas)
        if self.surface is None or not self.fits(size):
            self.surface = pygame.Surface(size)
            rects = [self.surface.get_rect()]
        else:
            rects = changed(self.ops, canvas.ops)
        replay(canvas.ops, self.surface, rects)
        self.ops = canvas.ops
        return rects


class ScreenKeeper:
    """What the table left on the window: where its moving things were drawn, to put the still frame back there."""

    def __init__(self) -> None:
        self.moved: list[pygame.Rect] = []  # the rectangles drawn over the still frame in the last frame

    def show(
        self,
        surface: pygame.Surface,
        still_frame: StillFrame,
        still_changed: list[pygame.Rect],
        moving: list[Op],
        bar: PromptBar,
        *,
        whole: bool,
    ) -> list[pygame.Rect]:
        """Put the still frame back where it changed and where moving things were or are, then draw the prompt
        bar's buttons and the `moving` calls on top; returns the window's rectangles that changed (all of it
        when `whole`: the window holds something else)."""
        still = still_frame.surface
        assert still is not None, "paint the still frame first"
        now = [op.bounds for op in moving] + bar.area()
        screen = surface.get_rect()
        if whole:
            rects = [screen]
            surface.blit(still, (0, 0))
        else:
            rects = disjoint([r.clip(screen) for r in (*still_changed, *self.moved, *now) if r.colliderect(screen)])
            for r in rects:
                surface.blit(still, r, r)
        bar.draw(surface)
        for op in moving:
            op.draw(surface, *op.args)
        self.moved = now
        return rects
