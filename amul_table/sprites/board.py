"""The table cloth and the triangular board (Palace, Bazaar and Market sides), cached per size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from amul_table.sprites.style import FELT, FELT_LIGHT, GOLD, GOLD_DARK, SAND, SAND_DARK, shade, text


@lru_cache(maxsize=2)  # window-sized: only the current size (and the one before) stays
def felt(w: int, h: int) -> pygame.Surface:
    """A warm cloth: a radial glow and a faint lattice of eight-pointed stars."""
    s = pygame.Surface((w, h))
    s.fill(FELT)
    steps = 24
    for i in range(steps, 0, -1):
        f = i / steps
        colour = tuple(int(FELT[k] + (FELT_LIGHT[k] - FELT[k]) * (1 - f)) for k in range(3))
        pygame.draw.ellipse(
            s,
            colour,
            pygame.Rect(0, 0, int(w * 1.3 * f), int(h * 1.3 * f)).move(
                int(w / 2 - w * 0.65 * f), int(h * 0.45 - h * 0.65 * f)
            ),
        )
    lattice = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(60, min(w, h) // 9)
    line = (*shade(FELT_LIGHT, 1.25), 38)
    for y in range(-step, h + step, step):
        for x in range(-step, w + step, step):
            ox = step // 2 if (y // step) % 2 else 0
            _star8(lattice, (x + ox, y), step * 0.28, line)
    s.blit(lattice, (0, 0))
    return s


@lru_cache(maxsize=2)
def backdrop(w: int, h: int, board_at: tuple[int, int, int, int]) -> pygame.Surface:
    """The cloth with the empty board laid on it at `board_at` (x, y, w, h): the table's repaint starts with
    this one opaque copy rather than a window-sized cloth and a translucent board."""
    s = felt(w, h).copy()
    x, y, bw, bh = board_at
    s.blit(board(bw, bh, "", ""), (x, y))
    return s


def _star8(s: pygame.Surface, centre: tuple[float, float], r: float, colour: tuple[int, ...]) -> None:
    cx, cy = centre
    for rot in (0, math.pi / 4):
        pts = [(cx + r * math.cos(rot + k * math.pi / 2), cy + r * math.sin(rot + k * math.pi / 2)) for k in range(4)]
        pygame.draw.polygon(s, colour, pts, 1)


def triangle_points(rect: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Apex at the top, Palace side on the left, Bazaar side on the right, Market side at the bottom."""
    return (rect.centerx, rect.top), (rect.left, rect.bottom), (rect.right, rect.bottom)


@lru_cache(maxsize=8)
def board(w: int, h: int, palace: str, bazaar: str) -> pygame.Surface:
    """The triangular board: sand inlay, gold rim, and the Palace and Bazaar side names."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, w, h)
    apex, left, right = triangle_points(rect.inflate(-8, -8))
    pygame.draw.polygon(s, (0, 0, 0, 90), [(x + 5, y + 7) for x, y in (apex, left, right)])
    pygame.draw.polygon(s, GOLD_DARK, (apex, left, right))
    inset = 10
    a2, l2, r2 = (
        (apex[0], apex[1] + inset * 2),
        (left[0] + inset * 2, left[1] - inset),
        (right[0] - inset * 2, right[1] - inset),
    )
    pygame.draw.polygon(s, SAND, (a2, l2, r2))
    for k in range(1, 5):  # concentric inlay lines
        f = k / 5
        cx, cy = (a2[0] + l2[0] + r2[0]) / 3, (a2[1] + l2[1] + r2[1]) / 3
        pts = [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in (a2, l2, r2)]
        pygame.draw.polygon(s, SAND_DARK, pts, 1)
    pygame.draw.polygon(s, GOLD, (a2, l2, r2), 3)
    size = max(11, int(min(w, h) * 0.035))
    for label, p, q in ((palace, l2, a2), (bazaar, a2, r2)):
        if not label:
            continue
        img = text(label.upper(), size, shade(GOLD, 1.3), True, "serif")
        angle = -math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))
        rot = pygame.transform.rotozoom(img, angle, 1.0)
        mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
        nx = -1 if p == l2 else 1
        s.blit(rot, rot.get_rect(center=(mx + nx * size * 0.9, my - size * 0.5)))
    return s
