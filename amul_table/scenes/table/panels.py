"""The opponents' panels around the board: up the left side, along the top, down the right side."""

from __future__ import annotations

import pygame

# How many opponents go on the left, the top and the right, by number of opponents.
SPLITS = {2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1), 5: (1, 3, 1), 6: (2, 2, 2), 7: (2, 3, 2)}


def seat_panels(
    others: list[int], main: pygame.Rect, cw: int, th: int, u: float
) -> tuple[dict[int, pygame.Rect], pygame.Rect]:
    """Each opponent's panel in `main` (the table above the prompt), side columns `cw` wide and the top row `th`
    tall, clockwise from the bottom left; and the board's area between them."""
    nl, nt, nr = SPLITS[len(others)]
    panels: dict[int, pygame.Rect] = {}
    gap = max(4, int(6 * u))
    side_h = main.h
    left, top, right = others[:nl], others[nl : nl + nt], others[nl + nt :]
    for i, seat in enumerate(left):  # bottom to top
        ph = side_h // nl
        panels[seat] = pygame.Rect(gap, side_h - (i + 1) * ph + gap, cw - 2 * gap, ph - 2 * gap)
    top_x0 = cw if nl else 0
    top_w = main.w - (cw if nl else 0) - (cw if nr else 0)
    for i, seat in enumerate(top):
        pw = top_w // max(1, nt)
        panels[seat] = pygame.Rect(top_x0 + i * pw + gap, gap, pw - 2 * gap, th - 2 * gap)
    for i, seat in enumerate(right):  # top to bottom
        ph = side_h // nr
        panels[seat] = pygame.Rect(main.w - cw + gap, i * ph + gap, cw - 2 * gap, ph - 2 * gap)
    return panels, pygame.Rect(top_x0, th, top_w, side_h - th)
