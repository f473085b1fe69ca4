"""Drawing one card face where the table shows it, noting every face drawn (pure drawing)."""

from __future__ import annotations

import pygame

from amul_table.rules.state import Action
from amul_table.scenes.table.layout import LEAST_PX
from amul_table.scenes.table.model import TableModel
from amul_table.sprites import canvas as draw
from amul_table.sprites.cards import card_face, card_strip, shadow, strip_px
from amul_table.sprites.style import (
    ACTIVE,
    CREAM,
    GOLD,
    HIGHLIGHT,
    INK,
    PANEL_DARK,
    fit_text,
)

RING_REACH = 8  # how far the focus ring reaches out of its card


def face(m: TableModel, faces: set[int], uid: int, w: int, h: int) -> pygame.Surface:
    """The card's face, or its strip with the short rule where the place is a strip (the Market as a list)."""
    faces.add(uid)
    if w > h * 1.5:
        return card_strip(uid, w, h, m.settings.language, m.settings.colour_blind, with_rule=True, least=strip_px(h))
    return card_face(uid, w, h, m.settings.language, m.settings.colour_blind)


def draw_card(
    s: pygame.Surface,
    m: TableModel,
    faces: set[int],
    uid: int,
    rect: pygame.Rect,
    legal: dict[int, Action],
    selected: int | None,
    ceiling: int | None = None,
) -> None:
    """A face; a playable card hovered or selected raised, its top no higher than `ceiling` (a title above)."""
    if not m.shows(uid):
        return
    r = raised(rect, ceiling) if uid in legal and (uid == m.hover_uid or uid == selected) else rect
    s.blit(shadow(r.w, r.h), (r.x - 1, r.y + 2))
    s.blit(face(m, faces, uid, r.w, r.h), r.topleft)
    if uid in legal:
        colour = HIGHLIGHT if uid == m.hover_uid else ACTIVE
        draw.rect(s, colour, r.inflate(6, 6), 3, border_radius=max(4, r.w // 10))
        if uid == selected:
            focus_ring(s, r, max(4, r.w // 10))


def raised(rect: pygame.Rect, ceiling: int | None = None) -> pygame.Rect:
    """Where a hovered or selected card is drawn: lifted by a twelfth of its height, but not above `ceiling`, the
    foot of the MARKET title over the top row (drawn last, it hid half the lifted card's name at 2560×1440)."""
    lift = max(4, rect.h // 12)
    if ceiling is not None:
        lift = max(0, min(lift, rect.top - ceiling))
    return rect.move(0, -lift)


def focus_ring(s: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """The card Enter plays: a double ring (gold, dark, gold), unlike the mouse's single highlight."""
    draw.rect(s, HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=radius)
    draw.rect(s, INK, rect.inflate(12, 12), 2, border_radius=radius + 2)
    draw.rect(s, GOLD, rect.inflate(2 * RING_REACH, 2 * RING_REACH), 2, border_radius=radius + 4)


def seat_tag(s: pygame.Surface, m: TableModel, seat: int, rect: pygame.Rect) -> None:
    """The seat's name on its face-down card: at the foot of a card, in the middle of a strip."""
    strip = rect.w > rect.h * 1.5
    name = fit_text(
        m.names[seat],
        rect.w - 4,
        max(LEAST_PX, min(rect.w // 7, int(rect.h * 0.62) if strip else 99)),
        CREAM,
        True,
        min_size=LEAST_PX,
    )
    bg = pygame.Rect(0, 0, name.get_width() + 6, name.get_height() + 2)
    if strip:
        bg.center = rect.center
    else:
        bg.midbottom = (rect.centerx, rect.bottom - 3)
    draw.rect(s, PANEL_DARK, bg, border_radius=4)
    s.blit(name, name.get_rect(center=bg.center))
