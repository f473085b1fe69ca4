"""The round's phases as pills in the sidebar, laid out so that all four always show."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from amul_table.i18n import tr
from amul_table.rules.state import EFFECTS, OFFER, PICK, REVEAL
from amul_table.sprites.style import LEAST_PX, font


@dataclass(frozen=True)
class PhasePill:
    """One phase's pill in the sidebar: every phase shows, on a second row when one row is too narrow."""

    phase: str
    rect: pygame.Rect
    px: int


def phase_pills(x: int, y: int, width: int, u: float) -> list[PhasePill]:
    """The round's four phases as pills from (x, y), wrapped within `width` (French "Révélation" is long)."""
    px = max(LEAST_PX, int(14 * u))
    fnt = font(px, True)
    h = fnt.get_height() + 6
    out, left = [], x
    for phase in (OFFER, PICK, REVEAL, EFFECTS):
        w = fnt.size(tr(f"table.phase.{phase}"))[0] + 12
        if left > x and left + w > x + width:
            left, y = x, y + h + 5
        out.append(PhasePill(phase, pygame.Rect(left, y, w, h), px))
        left += w + 5
    return out
