"""Small charts in the board's own look: a score line over time, share bars and a share ring."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from amul_table.sprites.style import CREAM, GOLD, GOLD_DARK, HIGHLIGHT, MUTED, PANEL_DARK, Colour, shade, text


def draw_score_line(
    surface: pygame.Surface,
    rect: pygame.Rect,
    scores: Sequence[int],
    won: Sequence[bool],
    mean: float | None,
    u: float,
) -> None:
    """Scores left (oldest) to right (newest): a line, a dot per game (gold for a win), the mean dashed."""
    if not scores:
        return
    top = max(10, *scores)
    top = int(math.ceil(top / 10) * 10)
    size = max(9, int(13 * u))
    for k in range(0, top + 1, max(10, top // 4 // 10 * 10)):  # grid every 10 (or more) points
        y = rect.bottom - rect.h * k / top
        pygame.draw.line(surface, shade(PANEL_DARK, 1.25), (rect.left, y), (rect.right, y), 1)
        label = text(str(k), size, MUTED)
        surface.blit(label, label.get_rect(midright=(rect.left - int(6 * u), y)))
    n = len(scores)
    step = rect.w / max(1, n - 1)
    points = [
        (rect.left + (i * step if n > 1 else rect.w / 2), rect.bottom - rect.h * s / top) for i, s in enumerate(scores)
    ]
    if mean is not None:
        y = rect.bottom - rect.h * mean / top
        dash = max(4, int(10 * u))
        for x in range(rect.left, rect.right, dash * 2):
            pygame.draw.line(surface, HIGHLIGHT, (x, y), (min(x + dash, rect.right), y), max(1, int(2 * u)))
    if n > 1:
        pygame.draw.aalines(surface, shade(CREAM, 0.8), False, points)
    radius = max(2, min(int(6 * u), int(step / 3))) if n > 1 else max(3, int(6 * u))
    for (x, y), win in zip(points, won, strict=True):
        pygame.draw.circle(surface, GOLD if win else CREAM, (round(x), round(y)), radius + (1 if win else 0))
        if win and radius >= 3:
            pygame.draw.circle(surface, GOLD_DARK, (round(x), round(y)), radius + 1, 1)


def draw_share_bar(surface: pygame.Surface, rect: pygame.Rect, share: float, colour: Colour) -> None:
    """A rounded trough filled to `share` (0 to 1) from the left."""
    radius = rect.h // 2
    pygame.draw.rect(surface, shade(PANEL_DARK, 0.8), rect, border_radius=radius)
    if share > 0:
        fill = pygame.Rect(rect.left, rect.top, max(rect.h, round(rect.w * min(1.0, share))), rect.h)
        pygame.draw.rect(surface, colour, fill, border_radius=radius)
        pygame.draw.rect(surface, shade(colour, 0.6), fill, 1, border_radius=radius)
    pygame.draw.rect(surface, GOLD_DARK, rect, 1, border_radius=radius)


def draw_share_ring(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, share: float, colour: Colour, width: int
) -> None:
    """A ring filled clockwise from the top to `share` (0 to 1), like a pie chart with a hole."""
    pygame.draw.circle(surface, shade(PANEL_DARK, 0.8), centre, radius, width)
    share = max(0.0, min(1.0, share))
    if share > 0:
        steps = max(2, int(90 * share))
        outer, inner = [], []
        for k in range(steps + 1):
            angle = -math.pi / 2 + 2 * math.pi * share * k / steps
            outer.append((centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)))
            inner.append(
                (centre[0] + (radius - width) * math.cos(angle), centre[1] + (radius - width) * math.sin(angle))
            )
        pygame.draw.polygon(surface, colour, outer + inner[::-1])
    pygame.draw.circle(surface, GOLD_DARK, centre, radius, 1)
    pygame.draw.circle(surface, GOLD_DARK, centre, radius - width, 1)
