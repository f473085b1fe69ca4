"""Notices: short messages over whatever scene is shown (saving is off, an autosave failed, a game was saved).

The app draws them after the scenes, so they reach the player on the title, at the table or in a menu.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from amul_table.sprites.style import ACTIVE, CREAM, PANEL_DARK, WARNING, font, panel, text, wrap

SECONDS = 7.0


@dataclass
class Notice:
    text: str
    until: float  # app time when it goes
    warning: bool = True


class Notices:
    """The notices on screen, newest last; one text is shown once however often it is raised."""

    def __init__(self) -> None:
        self.items: list[Notice] = []

    def show(self, message: str, now: float, warning: bool = True, seconds: float = SECONDS) -> None:
        self.items = [n for n in self.items if n.text != message]
        self.items.append(Notice(message, now + seconds, warning))
        self.items = self.items[-3:]

    def expire(self, now: float) -> bool:
        """Drop the notices whose time is over; True when one went (the screen needs a redraw)."""
        kept = [n for n in self.items if n.until > now]
        gone = len(kept) != len(self.items)
        self.items = kept
        return gone

    def draw(self, surface: pygame.Surface) -> None:
        """Each notice a plate at the top centre, wrapped to the window's width."""
        if not self.items:
            return
        w, h = surface.get_size()
        u = max(0.75, min(w / 1600, h / 900))
        size = max(12, int(18 * u))
        fnt = font(size, True)
        width = min(int(1000 * u), w - int(40 * u))
        pad = int(12 * u)
        y = int(12 * u)
        for notice in self.items:
            lines = wrap(notice.text, width - 2 * pad, fnt)
            box = pygame.Rect(0, y, width, len(lines) * fnt.get_linesize() + 2 * pad)
            box.centerx = w // 2
            panel(surface, box, PANEL_DARK, WARNING if notice.warning else ACTIVE, radius=int(10 * u), width=3)
            ty = box.top + pad
            for line in lines:
                img = text(line, size, CREAM, True)
                surface.blit(img, img.get_rect(midtop=(box.centerx, ty)))
                ty += fnt.get_linesize()
            y = box.bottom + int(8 * u)
