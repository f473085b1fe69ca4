"""Pieces of the sidebar laid out: the round's phases as pills (all four always show), the turn order's columns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from amul_table.i18n import tr
from amul_table.rules.phases import Phase
from amul_table.rules.views import SeatView
from amul_table.sprites.seat_names import NameLines, seat_name_lines
from amul_table.sprites.style import LEAST_PX, font, wrapped_lines


@dataclass(frozen=True)
class PhasePill:
    """One phase's pill in the sidebar: every phase shows, on a second row when one row is too narrow."""

    phase: Phase
    rect: pygame.Rect
    px: int


def phase_pills(x: int, y: int, width: int, u: float) -> list[PhasePill]:
    """The round's four phases as pills from (x, y), wrapped within `width` (French "Révélation" is long)."""
    px = max(LEAST_PX, int(14 * u))
    fnt = font(px, True)
    h = fnt.get_height() + 6
    out, left = [], x
    for phase in (Phase.OFFER, Phase.PICK, Phase.REVEAL, Phase.EFFECTS):
        w = fnt.size(tr(f"table.phase.{phase.word}"))[0] + 12
        if left > x and left + w > x + width:
            left, y = x, y + h + 5
        out.append(PhasePill(phase, pygame.Rect(left, y, w, h), px))
        left += w + 5
    return out


@dataclass(frozen=True)
class OrderCaption:
    """The line above the turn order ("Order: clockwise from First Pick"), whole: on two lines where one is too
    narrow (French at 8 players), smaller only when two lines still are."""

    lines: tuple[str, ...]
    px: int

    @property
    def height(self) -> int:
        return len(self.lines) * font(self.px).get_linesize() + 2


def order_caption(view: SeatView, width: int, u: float) -> OrderCaption:
    """The turn order's caption for `view`, wrapped to `width` in at most two lines."""
    order = tr("table.military_order") if view.military_order else tr("table.clockwise_order")
    value = tr("table.order_line", order=order)
    px = max(LEAST_PX, int(13 * u))
    two_lines = 2 * font(px).get_linesize()
    px, lines = wrapped_lines(value, width, two_lines, px, False, "sans", LEAST_PX)
    return OrderCaption(lines, px)


def prowess_width(size: int) -> int:
    """The room a seat's Military Prowess and letter take after its name in the turn order."""
    return 2 * max(size, 15) + font(size, True).size("00")[0] + 6


def order_columns(names: Sequence[str], view: SeatView, width: int, px: int) -> int:
    """Two columns for the turn order, or one where two would cut a name ("3. Zheng …" beside its Prowess)."""
    room = width // 2 - 6 - (prowess_width(px) if view.military_order else 0)
    fnt = font(px, True)
    return 2 if all(fnt.size(f"{i + 1}. {name}")[0] <= room for i, name in enumerate(names)) else 1


def order_names(names: Sequence[str], view: SeatView, width: int, px: int) -> tuple[int, dict[int, NameLines]]:
    """The turn order's columns within `width`, and each seat's name after its place's number: on two lines where
    one column still cuts it (a name typed at Setup's limit). By seat, not by place: the order is not laid out."""
    cols = order_columns(names, view, width, px)
    room = width // cols - 6 - (prowess_width(px) if view.military_order else 0) - font(px, True).size("8. ")[0]
    return cols, {seat: seat_name_lines(name, room, px) for seat, name in enumerate(names)}


def order_height(lines: Sequence[NameLines], places: int, cols: int, row_h: int) -> int:
    """The height of the turn order's `places` in `cols` columns, a place taller where its name wraps (a place
    whose name is not known yet one row)."""
    heights = [max(row_h, n.height()) for n in lines] + [row_h] * (places - len(lines))
    per_col = -(-places // cols)
    return max(sum(heights[c * per_col : (c + 1) * per_col]) for c in range(cols))
