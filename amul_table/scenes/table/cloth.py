"""Where the repaint copies the cloth: only where it shows. The sidebar, the shown seat's panel and the
opponents' panels paint themselves opaque; at 4K copying the cloth under them was a good part of a repaint."""

from __future__ import annotations

import pygame

from amul_table.scenes.table.layout import TableLayout


def cloth_areas(lay: TableLayout, size: tuple[int, int]) -> list[pygame.Rect]:
    """The rectangles to copy the cloth into: the main area left of the sidebar and above the shown seat's
    panel (the whole window if the layout is framed otherwise), less the inside of each opponent's panel."""
    side, bottom = lay.sidebar, lay.bottom
    framed = side.topright == (size[0], 0) and side.bottom == size[1] and bottom.bottomleft == (0, size[1])
    if not (framed and bottom.right == side.left):
        return [pygame.Rect((0, 0), size)]
    inset = 2 * max(4, int(12 * lay.u))  # clear of the panels' rounded corners
    panels = [r.inflate(-inset, -inset) for r in lay.seat_panel.values()]
    return subtract(pygame.Rect(0, 0, side.left, bottom.top), panels)


def subtract(area: pygame.Rect, holes: list[pygame.Rect]) -> list[pygame.Rect]:
    """`area` less `holes`, as rectangles that do not overlap."""
    pieces = [area]
    for hole in holes:
        if hole.w <= 0 or hole.h <= 0:
            continue
        kept = []
        for p in pieces:
            c = p.clip(hole)
            if not c:
                kept.append(p)
                continue
            bands = (
                pygame.Rect(p.left, p.top, p.w, c.top - p.top),
                pygame.Rect(p.left, c.bottom, p.w, p.bottom - c.bottom),
                pygame.Rect(p.left, c.top, c.left - p.left, c.h),
                pygame.Rect(c.right, c.top, p.right - c.right, c.h),
            )
            kept += [b for b in bands if b.w > 0 and b.h > 0]
        pieces = kept
    return pieces
