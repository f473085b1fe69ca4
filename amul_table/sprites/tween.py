"""Tweens: cards flying (position, size, flip) and banners fading, all timed on the scene's clock.

They only draw; the game state has already changed when they play. A flight `hides` the card's
resting place (a uid, or an offer / reveal slot of a seat) until it lands.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

FaceFn = Callable[[int, int, int], pygame.Surface]  # (uid, w, h) -> face
BackFn = Callable[[str, int, int], pygame.Surface]  # (deck, w, h) -> back


def ease(t: float) -> float:
    """Ease out cubic: quick start, gentle landing."""
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(
        round(a.x + (b.x - a.x) * t),
        round(a.y + (b.y - a.y) * t),
        max(1, round(a.w + (b.w - a.w) * t)),
        max(1, round(a.h + (b.h - a.h) * t)),
    )


@dataclass(kw_only=True)
class Flight:
    """One card moving from `src` to `dst`, face up or down at each end (a flip turns it midway)."""

    uid: int | None  # None: only its back is ever seen
    deck: str
    start: float
    duration: float
    src: pygame.Rect
    dst: pygame.Rect
    up_from: bool
    up_to: bool
    hides: tuple[Hashable, ...] = ()  # resting places hidden until the flight lands
    wait_visible: bool = False  # drawn at `src` before it starts
    fade: bool = False  # fades out on the way (a card leaving the game)

    @property
    def end(self) -> float:
        return self.start + self.duration

    def draw(self, surface: pygame.Surface, now: float, face: FaceFn, back: BackFn) -> None:
        if now < self.start:
            if not self.wait_visible:
                return
            t = 0.0
        else:
            t = (now - self.start) / self.duration if self.duration > 0 else 1.0
        if t >= 1.0:
            return
        if self.uid is not None and self.up_from and self.up_to and reshaped(self.src, self.dst):
            self.cross_fade(surface, ease(t), face)
            return
        rect = lerp_rect(self.src, self.dst, ease(t))
        up = self.up_from
        xscale = 1.0
        if self.up_from != self.up_to:
            if t < 0.5:
                xscale = 1 - 2 * t
            else:
                up = self.up_to
                xscale = 2 * t - 1
        big = self.dst if self.dst.w >= self.src.w else self.src
        img = face(self.uid, big.w, big.h) if up and self.uid is not None else back(self.deck, big.w, big.h)
        w = max(1, int(rect.w * xscale))
        if (w, rect.h) != img.get_size():
            img = pygame.transform.scale(img, (w, rect.h))
        if self.fade:
            img = img.copy()
            img.set_alpha(int(255 * (1 - ease(t) * 0.85)))
        surface.blit(img, (rect.centerx - w // 2, rect.y))

    def warm(self, face: FaceFn, back: BackFn) -> None:
        """Draw ahead, into the caches, the images `draw` will show (the same calls at the same sizes), so
        that the flight's frames only scale and blit them."""
        if self.uid is not None and self.up_from and self.up_to and reshaped(self.src, self.dst):
            face(self.uid, self.src.w, self.src.h)
            face(self.uid, self.dst.w, self.dst.h)
            return
        big = self.dst if self.dst.w >= self.src.w else self.src
        if self.uid is not None and (self.up_from or self.up_to):
            face(self.uid, big.w, big.h)
        if self.uid is None or not (self.up_from and self.up_to):
            back(self.deck, big.w, big.h)

    def cross_fade(self, surface: pygame.Surface, e: float, face: FaceFn) -> None:
        """A strip becoming a card (or back): each image keeps its own shape, scaled evenly, one fading into
        the other along the way, so no text is ever stretched."""
        centre = lerp_rect(self.src, self.dst, e).center
        for rect, other, alpha in ((self.src, self.dst, 1 - e), (self.dst, self.src, e)):
            if alpha <= 0.02:
                continue
            fit = min(other.w / rect.w, other.h / rect.h)
            k = 1 + (fit - 1) * (1 - alpha)  # 1 at its own end, the other's fit at the other end
            size = (max(1, int(rect.w * k)), max(1, int(rect.h * k)))
            img = face(self.uid, rect.w, rect.h)
            img = pygame.transform.scale(img, size) if size != img.get_size() else img.copy()
            fade = 1 - e * 0.85 if self.fade else 1.0
            img.set_alpha(int(255 * min(1.0, alpha * 1.6) * fade))
            surface.blit(img, img.get_rect(center=centre))


def reshaped(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Whether going from `a` to `b` changes the shape (a strip to a card), not just the size."""
    ra, rb = a.w / max(1, a.h), b.w / max(1, b.h)
    return max(ra, rb) / max(0.01, min(ra, rb)) > 1.3


@dataclass(kw_only=True)
class Banner:
    """A line of text that appears over the table for a moment (round start, a decline)."""

    text: str
    start: float
    duration: float
    big: bool = True
    at: tuple[int, int] | None = None  # a caption's top centre (under a card shown off), else over the board

    @property
    def end(self) -> float:
        return self.start + self.duration

    def alpha(self, now: float) -> int:
        if now < self.start or now >= self.end:
            return 0
        t = (now - self.start) / self.duration
        return int(255 * min(1.0, t * 6, (1 - t) * 4))
