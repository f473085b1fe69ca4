"""Symbol and position icons drawn with primitives, so they stay crisp at any size."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from amul_table.sprites.style import CREAM, INK, Colour, text

SYMBOL_DISCS: dict[str, Colour] = {
    "arab": (36, 110, 78),
    "mongol": (130, 45, 38),
    "object": (44, 93, 138),
    "trade": (176, 122, 31),
    "military": (70, 64, 60),
}


@lru_cache(maxsize=512)
def symbol_icon(symbol: str, size: int) -> pygame.Surface:
    """A round token with the symbol's glyph in cream."""
    size = max(8, size)
    scale = 4  # draw large, then smooth down
    big = size * scale
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big // 2
    pygame.draw.circle(s, SYMBOL_DISCS[symbol], (c, c), c - scale)
    pygame.draw.circle(s, (240, 215, 150), (c, c), c - scale, max(2, scale))
    r = big * 0.3
    if symbol == "arab":  # crescent and star
        pygame.draw.circle(s, CREAM, (c - r * 0.15, c), r)
        pygame.draw.circle(s, SYMBOL_DISCS[symbol], (c + r * 0.25, c - r * 0.1), r * 0.85)
        _star(s, (c + r * 0.55, c - r * 0.05), r * 0.3, CREAM)
    elif symbol == "mongol":  # a yurt: dome, walls and door
        pygame.draw.ellipse(s, CREAM, pygame.Rect(c - r, c - r * 0.9, 2 * r, r * 1.3))
        pygame.draw.rect(s, CREAM, pygame.Rect(c - r, c - r * 0.25, 2 * r, r))
        pygame.draw.rect(s, SYMBOL_DISCS[symbol], pygame.Rect(c - r * 0.22, c + r * 0.15, r * 0.44, r * 0.6))
        pygame.draw.circle(s, CREAM, (c, c - r * 1.0), r * 0.16)
    elif symbol == "object":  # an amphora
        pygame.draw.ellipse(s, CREAM, pygame.Rect(c - r * 0.75, c - r * 0.45, r * 1.5, r * 1.4))
        pygame.draw.rect(s, CREAM, pygame.Rect(c - r * 0.25, c - r * 1.0, r * 0.5, r * 0.7))
        pygame.draw.rect(s, CREAM, pygame.Rect(c - r * 0.45, c - r * 1.05, r * 0.9, r * 0.2))
        pygame.draw.arc(s, CREAM, pygame.Rect(c - r * 0.8, c - r * 0.95, r * 0.6, r * 0.8), 1.2, 4.0, scale * 2)
        pygame.draw.arc(s, CREAM, pygame.Rect(c + r * 0.2, c - r * 0.95, r * 0.6, r * 0.8), -0.9, 1.9, scale * 2)
    elif symbol == "trade":  # a balance
        w = max(2, scale * 2)
        pygame.draw.line(s, CREAM, (c, c - r), (c, c + r * 0.9), w)
        pygame.draw.line(s, CREAM, (c - r, c - r * 0.65), (c + r, c - r * 0.65), w)
        for dx in (-r * 0.8, r * 0.8):
            pygame.draw.polygon(
                s,
                CREAM,
                [(c + dx - r * 0.35, c + r * 0.05), (c + dx + r * 0.35, c + r * 0.05), (c + dx, c - r * 0.6)],
                0,
            )
            pygame.draw.ellipse(s, CREAM, pygame.Rect(c + dx - r * 0.4, c - r * 0.1, r * 0.8, r * 0.35))
        pygame.draw.rect(s, CREAM, pygame.Rect(c - r * 0.45, c + r * 0.8, r * 0.9, r * 0.25))
    elif symbol == "military":  # crossed swords
        w = max(2, scale * 2)
        for sign in (-1, 1):
            a = (c - sign * r, c + r)
            b = (c + sign * r * 0.95, c - r * 0.95)
            pygame.draw.line(s, CREAM, a, b, w + scale)
            gx, gy = c - sign * r * 0.55, c + r * 0.55
            pygame.draw.line(s, CREAM, (gx - r * 0.3, gy - sign * r * 0.3), (gx + r * 0.3, gy + sign * r * 0.3), w)
    return pygame.transform.smoothscale(s, (size, size))


def _star(s: pygame.Surface, centre: tuple[float, float], r: float, colour: Colour) -> None:
    x, y = centre
    points = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    pygame.draw.polygon(s, colour, points)


@lru_cache(maxsize=256)
def letter_badge(letter: str, size: int) -> pygame.Surface:
    """The Military pick-order letter in a small shield."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pts = [(1, 1), (size - 2, 1), (size - 2, size * 0.55), (size / 2, size - 1), (1, size * 0.55)]
    pygame.draw.polygon(s, (250, 240, 215), pts)
    pygame.draw.polygon(s, INK, pts, 1)
    img = text(letter, max(12 if size >= 15 else 7, int(size * 0.62)), INK, True)  # 9 px capitals where it fits
    s.blit(img, img.get_rect(center=(size / 2, size * 0.42)))
    return s


@lru_cache(maxsize=128)
def position_icon(position: str, size: int, colour: Colour = INK) -> pygame.Surface:
    """Hand icon (two fanned cards) and/or play-area icon (a card lying on the table)."""
    icons = ("hand", "table") if position == "both" else (position,)
    s = pygame.Surface((size * len(icons) + (len(icons) - 1) * 2, size), pygame.SRCALPHA)
    for i, which in enumerate(icons):
        x0 = i * (size + 2)
        if which == "hand":
            for angle, dx in ((18, -size * 0.12), (-12, size * 0.12)):
                card = pygame.Surface((size * 0.45, size * 0.66), pygame.SRCALPHA)
                card.fill((250, 244, 228))
                pygame.draw.rect(card, colour, card.get_rect(), 1)
                rot = pygame.transform.rotate(card, angle)
                s.blit(rot, rot.get_rect(center=(x0 + size / 2 + dx, size * 0.45)))
            pygame.draw.ellipse(s, colour, pygame.Rect(x0 + size * 0.2, size * 0.62, size * 0.6, size * 0.32))
        else:
            pygame.draw.line(s, colour, (x0 + 1, size * 0.82), (x0 + size - 2, size * 0.82), max(1, size // 8))
            card = pygame.Rect(x0 + size * 0.2, size * 0.12, size * 0.6, size * 0.6)
            pygame.draw.rect(s, (250, 244, 228), card)
            pygame.draw.rect(s, colour, card, 1)
    return s
