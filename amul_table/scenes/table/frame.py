"""The table's frame drawn by what changed: the still part repainted only where its drawing changed, and the
window given only the rectangles that changed since the last frame (where the still part changed, and where
moving things are or were). At 4K a whole frame is 33 MB to repaint and as much to copy: that was the tail."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from amul_table.scenes.table.prompt_bar import PromptBar
from amul_table.sprites.canvas import Canvas, Op, changed, disjoint, replay, tiles

PIECE = 512  # the side of the squares a spare frame is painted in, a job each (at most about a millisecond)


class SpareFrame:
    """A second surface of the window's size, painted ahead with a coming view's still frame, a piece per job, to be
    swapped in when that view is shown: the frame showing it then copies what changed instead of drawing it (a
    Pick's tray appearing at 4K repainted half the window: 10-15 ms)."""

    def __init__(self, piece: int = PIECE) -> None:
        self.piece = piece
        self.surface: pygame.Surface | None = None
        self.ops: list[Op] = []  # what the surface holds, outside `stale`
        self.stale: list[pygame.Rect] = []  # where it holds something else (a painting left half done)
        self.target: list[Op] | None = None  # the drawing it is being painted with
        self.todo: list[pygame.Rect] = []  # the pieces still to paint

    def aim(self, size: tuple[int, int], ops: list[Op]) -> None:
        """Start painting `ops` (a coming still frame): the pieces where what the surface holds differs."""
        self.fit(size)
        assert self.surface is not None
        self.target = ops
        rects = [self.surface.get_rect()] if self.surface.get_rect() in self.stale else changed(self.ops, ops)
        rects += self.stale
        self.todo = [p for block in tiles(rects, self.piece) for p in squares(block, self.piece)] if rects else []

    def fit(self, size: tuple[int, int]) -> None:
        """A surface of `size` (made with the still frame's, on a frame slow anyway: a fresh 4K surface took 14 ms)."""
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size)
            self.ops, self.stale, self.target, self.todo = [], [self.surface.get_rect()], None, []

    def step(self) -> bool:
        """Paint the next piece; whether pieces are left."""
        if self.target is None or self.surface is None:
            return False
        if self.todo:
            piece = self.todo.pop()
            replay(self.target, self.surface, [piece])
            self.stale.append(piece)
        if self.todo:
            return True
        self.ops, self.stale, self.target = self.target, [], None
        return False

    def drop(self) -> None:
        """Stop painting (what the pieces painted so far hold is remembered as stale)."""
        self.target, self.todo = None, []

    def ready(self, size: tuple[int, int]) -> bool:
        return self.surface is not None and self.surface.get_size() == size and self.target is None and not self.stale


class StillFrame:
    """The still part of the frame, kept with the drawing calls that made it (one surface per window size), and a
    spare painted ahead."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.ops: list[Op] = []
        self.faces: set[int] = set()  # the card faces it shows (tests check no hidden card is drawn)
        self.spare = SpareFrame()

    def fits(self, size: tuple[int, int]) -> bool:
        return self.surface is not None and self.surface.get_size() == size

    def paint(self, size: tuple[int, int], painter: Callable[[Canvas], set[int]]) -> list[pygame.Rect]:
        """Run `painter` (it returns the faces it drew) on a canvas and repaint where its drawing differs from the
        last, or from the spare's if that is much less; returns where the frame changed (all of it at a new size:
        a fresh surface costs milliseconds of page faults at 4K, so one is kept per size)."""
        canvas = Canvas(size)
        self.faces = painter(canvas)
        if self.surface is None or not self.fits(size):
            self.surface = pygame.Surface(size)
            self.spare.fit(size)
            rects = redo = [self.surface.get_rect()]
        else:
            rects = redo = changed(self.ops, canvas.ops)
            if area(rects) > size[0] * size[1] // 16 and self.spare.ready(size):  # (small repaints: not worth a look)
                nearer = changed(self.spare.ops, canvas.ops)
                if 2 * area(nearer) < area(rects):
                    redo = nearer
                    self.surface, self.spare.surface = self.spare.surface, self.surface
                    self.spare.ops = self.ops
        replay(canvas.ops, self.surface, redo)
        self.ops = canvas.ops
        return rects


def area(rects: list[pygame.Rect]) -> int:
    return sum(r.w * r.h for r in rects)


def squares(r: pygame.Rect, side: int) -> list[pygame.Rect]:
    """`r` cut along a grid of `side`-pixel squares."""
    return [
        pygame.Rect(x, y, min(side, r.right - x), min(side, r.bottom - y))
        for y in range(r.top, r.bottom, side)
        for x in range(r.left, r.right, side)
    ]


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
