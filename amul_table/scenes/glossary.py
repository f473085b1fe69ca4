"""The glossary: the game's words, the five symbols, the card shorthand and the deck marks, page by page.

Open from the table (G), the tutorial, the Esc menu, the rules summary and the card browser. ←/→, Tab or
Space turn the page; any other key or a click closes it.
"""

from __future__ import annotations

import pygame

from amul_table.i18n import tr
from amul_table.scenes.base import Scene
from amul_table.sprites.icons import symbol_icon
from amul_table.sprites.style import CREAM, GOLD, MUTED, PANEL, draw_wrapped, fit_text, panel, text

WORDS = ("market", "palace", "bazaar", "hand", "play_area", "icons", "first_pick", "military", "majority", "neighbours")
SYMBOLS = ("arab", "mongol", "object", "trade", "military")
SHORTHAND = ("set", "condition", "by_copy", "per", "in_play", "neighbours", "effect")
MARKS = ("index", "players", "palace", "bazaar")
# page key -> the glossary keys on it (each has "<key>" for the term and "<key>.text" for its meaning)
PAGES: dict[str, tuple[str, ...]] = {
    "words": WORDS,
    "symbols": tuple(f"symbol.{s}" for s in SYMBOLS),
    "shorthand": tuple(f"short.{s}" for s in SHORTHAND),
    "marks": tuple(f"mark.{m}" for m in MARKS),
}
TURN_NEXT = (pygame.K_RIGHT, pygame.K_TAB, pygame.K_SPACE, pygame.K_PAGEDOWN)
TURN_BACK = (pygame.K_LEFT, pygame.K_PAGEUP)


class GlossaryOverlay(Scene):
    """The game's words, one line each, on a few pages; any other key or a click closes it."""

    opaque = False

    def __init__(self, app, page: str = "words") -> None:
        super().__init__(app)
        self.page = list(PAGES).index(page)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in TURN_NEXT + TURN_BACK:
            back = event.key in TURN_BACK or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.page = (self.page + (-1 if back else 1)) % len(PAGES)
            self.dirty = True
        elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()

    def lines(self) -> list[tuple[str, str]]:
        """The (term, meaning) pairs of the page shown, in the current language."""
        return [(tr(f"glossary.{key}"), tr(f"glossary.{key}.text")) for key in PAGES[list(PAGES)[self.page]]]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = min(w / 1600, h / 900)
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((10, 5, 2, 170))
        surface.blit(veil, (0, 0))
        box = pygame.Rect(0, 0, min(w - int(60 * u), int(1100 * u)), h - int(120 * u))
        box.center = (w // 2, h // 2)
        panel(surface, box, PANEL, GOLD, radius=int(14 * u), width=2)
        page = list(PAGES)[self.page]
        heading = f"{tr('glossary.title')} · {tr(f'glossary.page.{page}')} ({self.page + 1}/{len(PAGES)})"
        title = fit_text(heading, box.w - int(40 * u), int(32 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + int(14 * u))))
        y = box.top + int(24 * u) + title.get_height()
        keys = PAGES[page]
        each = min(int(90 * u), (box.bottom - y - int(40 * u)) // len(keys))
        term_w = int(box.w * 0.28)
        icon_w = int(30 * u) if page == "symbols" else 0
        for key, (term, meaning) in zip(keys, self.lines(), strict=True):
            if icon_w:
                icon = symbol_icon(key.split(".", 1)[1], max(12, int(24 * u)))
                surface.blit(icon, (box.left + int(24 * u), y))
            name = fit_text(term, term_w - icon_w, max(11, int(19 * u)), GOLD, True)
            surface.blit(name, (box.left + int(24 * u) + icon_w, y))
            area = pygame.Rect(box.left + int(30 * u) + term_w, y, box.w - term_w - int(54 * u), each)
            draw_wrapped(surface, meaning, area, max(10, int(17 * u)), CREAM, centre=False)
            y += each
        close = text(tr("glossary.turn"), max(10, int(15 * u)), MUTED)
        surface.blit(close, close.get_rect(midbottom=(box.centerx, box.bottom - int(12 * u))))
