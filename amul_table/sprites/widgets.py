"""Small hand-drawn widgets for the table and overlays (buttons), in the board's own look."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from amul_table.sprites.style import CREAM, GOLD, GOLD_DARK, MUTED, PANEL, PANEL_DARK, fit_text, shade


class Button:
    """A clickable label; `enabled` False greys it out and ignores clicks."""

    def __init__(
        self, label: str, action: Callable[[], None], rect: pygame.Rect | None = None, primary: bool = False
    ) -> None:
        self.label = label
        self.action = action
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        self.primary = primary
        self.hover = False
        self.enabled = True

    def draw(self, surface: pygame.Surface) -> None:
        base = (120, 70, 36) if self.primary else PANEL
        if self.hover and self.enabled:
            base = shade(base, 1.25)
        if not self.enabled:
            base = PANEL_DARK
        r = self.rect
        pygame.draw.rect(surface, shade(base, 0.55), r.move(0, 3), border_radius=r.height // 4)
        pygame.draw.rect(surface, base, r, border_radius=r.height // 4)
        pygame.draw.rect(surface, GOLD if self.enabled else GOLD_DARK, r, 2, border_radius=r.height // 4)
        colour = CREAM if self.enabled else MUTED
        img = fit_text(self.label, r.width - 12, max(10, int(r.height * 0.42)), colour, bold=True, family="serif")
        surface.blit(img, img.get_rect(center=r.center))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Hover on motion, act on a left click; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            was = self.hover
            self.hover = self.rect.collidepoint(event.pos)
            return was != self.hover
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            if self.enabled:
                self.action()
            return True
        return False


def stack_buttons(buttons: list[Button], centre: tuple[int, int], width: int, height: int, gap: int) -> None:
    """Place buttons in a column centred on `centre`."""
    total = len(buttons) * height + (len(buttons) - 1) * gap
    y = centre[1] - total // 2
    for b in buttons:
        b.rect = pygame.Rect(centre[0] - width // 2, y, width, height)
        y += height + gap


def row_buttons(buttons: list[Button], centre: tuple[int, int], width: int, height: int, gap: int) -> None:
    """Place buttons in a row centred on `centre`."""
    total = len(buttons) * width + (len(buttons) - 1) * gap
    x = centre[0] - total // 2
    for b in buttons:
        b.rect = pygame.Rect(x, centre[1] - height // 2, width, height)
        x += width + gap
