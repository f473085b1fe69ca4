"""The live score's box in the sidebar: its text sizes and its height (the layout places it, the painter fills it)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from amul_table.sprites.style import LEAST_PX, font


@dataclass(frozen=True)
class ScorePx:
    """The live score box's text sizes: its label, its total and the line saying why it last moved."""

    label: int
    total: int
    note: int

    @classmethod
    def of(cls, u: float) -> ScorePx:
        return cls(max(LEAST_PX, int(15 * u)), max(16, int(30 * u)), max(LEAST_PX, int(14 * u)))


def score_box(x: int, y: int, w: int, u: float) -> pygame.Rect:
    """The live score's box: the label and the total on one line, why the score last moved on the next."""
    px = ScorePx.of(u)
    pad = max(3, int(6 * u))
    first = max(font(px.label, True).get_height(), font(px.total, True, "serif").get_height())
    return pygame.Rect(x, y, w, 2 * pad + first + font(px.note).get_linesize())
