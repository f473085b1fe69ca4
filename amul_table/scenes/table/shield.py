"""The pass-and-play shield: between two humans it hides the whole table behind "Pass to <name>".

It is opaque, so nothing of the table (no hand, no offer, not the previous player's choice) is drawn
while it is up. Space or a click lifts it, but only after a short delay, so that the previous player's
double click or held key cannot lift it before the screen has changed hands.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from amul_table.i18n import tr
from amul_table.rules.phases import Phase
from amul_table.scenes.base import Scene
from amul_table.sprites.board import felt
from amul_table.sprites.cards import card_back
from amul_table.sprites.style import (
    CREAM,
    GOLD,
    LEAST_PX,
    MUTED,
    PANEL,
    SEAT_COLOURS,
    fit_text,
    font,
    panel,
    shade,
    text,
    wrapped_lines,
)

ARM_DELAY = 0.6  # seconds the shield ignores input after it goes up


class ShieldScene(Scene):
    """Covers everything; `on_lift` runs once the named player lifts it."""

    opaque = True
    in_game = True

    def __init__(
        self,
        app,
        name: str,
        seat: int,
        on_lift: Callable[[], None],
        round_number: int = 0,
        phase: Phase | None = None,
        on_menu: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.name = name
        self.seat = seat
        self.on_lift = on_lift
        self.round_number = round_number
        self.phase = phase
        self.on_menu = on_menu
        self.age = 0.0
        self.lifted = False

    @property
    def armed(self) -> bool:
        return self.age >= ARM_DELAY

    def update(self, dt: float) -> None:
        was = self.armed
        self.age += dt
        if self.armed != was:
            self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_menu is not None:
            self.on_menu()
            return
        lifting = (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        )
        if lifting and self.armed:
            self.lift()

    def lift(self) -> None:
        if self.lifted:
            return
        self.lifted = True
        self.on_lift()  # first: the table below raises a new shield on enter() unless it knows who holds it
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = min(w / 1600, h / 900)
        surface.blit(felt(w, h), (0, 0))
        colour = SEAT_COLOURS[self.seat % len(SEAT_COLOURS)]
        box = pygame.Rect(0, 0, int(820 * u), int(430 * u))
        box.center = (w // 2, h // 2)
        panel(surface, box, PANEL, GOLD, radius=int(18 * u), width=3)
        # a closed fan of card backs: a hand nobody may see
        cw = int(92 * u)
        for i in range(5):
            back = pygame.transform.rotozoom(card_back("market", cw, int(cw * 1.4)), (2 - i) * 8, 1.0)
            x = box.centerx + (i - 2) * cw * 0.32
            surface.blit(back, back.get_rect(center=(x, box.top + int(115 * u))))
        pygame.draw.circle(surface, colour, (box.centerx, box.top + int(205 * u)), int(13 * u))
        pygame.draw.circle(surface, shade(colour, 0.6), (box.centerx, box.top + int(205 * u)), int(13 * u), 2)
        title = fit_text(tr("shield.pass", name=self.name), box.w - int(60 * u), int(50 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(center=(box.centerx, box.top + int(262 * u))))
        if self.round_number and self.phase is not None:
            where = tr("shield.round", n=self.round_number, phase=tr(f"table.phase.{self.phase.word}"))
            img = text(where, max(12, int(20 * u)), MUTED, True)
            surface.blit(img, img.get_rect(center=(box.centerx, box.top + int(312 * u))))
        px = max(13, int(21 * u))  # on two lines rather than shrunk (a long name made it 9 px at 1024×640)
        px, lines = wrapped_lines(
            tr("shield.ready", name=self.name),
            box.w - int(60 * u),
            2 * font(px).get_linesize(),
            px,
            False,
            "sans",
            LEAST_PX,
        )
        y = box.top + int(360 * u) - (len(lines) - 1) * font(px).get_linesize() // 2
        for line in lines:
            ready = text(line, px, CREAM)
            if not self.armed:
                ready = ready.copy()  # rendered text is cached and shared: fade a copy
                ready.set_alpha(110)
            surface.blit(ready, ready.get_rect(center=(box.centerx, y)))
            y += font(px).get_linesize()
        if self.on_menu is not None:
            hint = text(tr("shield.menu"), max(12, int(15 * u)), MUTED)
            surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - int(12 * u))))
