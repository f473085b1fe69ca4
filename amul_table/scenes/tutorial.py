"""Learn to play: a fixed, instructive 3-player deal against two easy bots, with a coach beside the table.

The table is the real game scene; this adds a coach panel over the lower part of the sidebar (what the
phase asks, then what the last Reveal did and why the score moved), rings around what to click, the
rules summary on F1 and a glossary on G. Esc leaves at any time (through the table's menu). The window
makes the tutorial's game (its seats and deal: `GameSession.tutorial`) without an autosave, so it
never replaces the game Continue would resume.
"""

from __future__ import annotations

import math

import pygame

from amul_table.i18n import tr
from amul_table.match.client import TableClient
from amul_table.scenes.glossary import GlossaryOverlay
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.tooltip import draw_tip
from amul_table.scenes.tutorial_coach import Coach, CoachNote
from amul_table.sprites import canvas as draw
from amul_table.sprites.canvas import Canvas
from amul_table.sprites.style import (
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    draw_wrapped,
    fit_text,
    panel,
)

COACH_TOP = 0.36  # the coach panel covers the sidebar from this share of its height down; the log ends above


class TutorialScene(TableScene):
    """The learner's table (seat 0), with the coach beside it."""

    def __init__(self, app, client: TableClient) -> None:
        super().__init__(app, client, intro=True)
        self.coach = Coach(0, self.link.names, self.link.view(0))
        self.model.log_stop = COACH_TOP
        self.model.layout = self.model.lay_out(self.model.layout.size)

    def show_events(self, events) -> None:
        super().show_events(events)
        self.coach.feed(events, self.link.view(0))
        self.dirty = True

    def settings_changed(self) -> None:
        super().settings_changed()
        self.coach.now = self.coach.phase_note(self.link.view(0))

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_F1:
            from amul_table.scenes.rules_summary import RulesScene

            self.app.push(RulesScene(self.app))
            return True
        if event.key == pygame.K_g:
            self.app.push(GlossaryOverlay(self.app))
            return True
        return super().key(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.model.view.legal:
            self.dirty = True  # the rings around what to click pulse

    # --- drawing ------------------------------------------------------------------------------

    def coach_rect(self) -> pygame.Rect:
        side = self.model.layout.sidebar
        u = self.model.layout.u
        top = max(side.top + int(side.h * COACH_TOP), self.model.layout.log_rect.bottom + int(6 * u))  # the log above
        return pygame.Rect(side.left + int(8 * u), top, side.w - int(14 * u), side.bottom - top - int(30 * u))

    def paint_under(self, canvas: Canvas) -> None:
        """The rings and the coach, under a hovered card's zoom: its rule text may reach over the coach."""
        self.draw_rings(canvas)
        self.draw_coach(canvas)

    def paint_over(self, canvas: Canvas) -> None:
        """The tip over the coach (whether or not the card zoom is shown)."""
        coach = self.coach_rect()  # the coach covers part of the sidebar: no tips there, and tips go over it
        self.tooltip.set_regions([t for t in self.tooltip.regions if not t.rect.colliderect(coach)])
        draw_tip(canvas, self.tooltip)

    def draw_rings(self, s: pygame.Surface) -> None:
        """A pulsing gold ring around every card (and the Decline button) the learner may click now."""
        model = self.model
        if self.animating or not model.view.legal:
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        width = 2 + int(2 * pulse)
        rects = [model.layout.rest(uid) for uid in model.legal_cards()]
        if model.can_decline():
            rects.append(self.prompt_bar.rect("decline"))  # None until the bar has been laid out
        for rect in rects:
            if rect is not None:
                draw.rect(s, HIGHLIGHT, rect.inflate(8 + width, 8 + width), width, border_radius=8)

    def draw_coach(self, s: pygame.Surface) -> None:
        r = self.coach_rect()
        u = self.model.layout.u
        panel(s, r, PANEL, GOLD, radius=int(10 * u), width=2)
        pad = int(10 * u)
        head = fit_text(tr("tutorial.coach"), r.w - 2 * pad, max(11, int(17 * u)), GOLD, True, "serif")
        s.blit(head, (r.left + pad, r.top + int(6 * u)))
        y = r.top + int(8 * u) + head.get_height()
        keys = fit_text(tr("tutorial.keys"), r.w - 2 * pad, max(9, int(12 * u)), MUTED)
        bottom = r.bottom - keys.get_height() - int(6 * u)
        s.blit(keys, (r.left + pad, bottom + int(2 * u)))
        half = y + (bottom - y) * 9 // 20
        self.draw_note(s, self.coach.now, pygame.Rect(r.left + pad, y, r.w - 2 * pad, half - y), HIGHLIGHT)
        draw.line(s, GOLD_DARK, (r.left + pad, half), (r.right - pad, half), 1)
        self.draw_note(
            s, self.coach.recent, pygame.Rect(r.left + pad, half + 4, r.w - 2 * pad, bottom - half - 6), GOLD
        )

    def draw_note(self, s: pygame.Surface, note: CoachNote, area: pygame.Rect, colour) -> None:
        u = self.model.layout.u
        title = fit_text(note.title, area.w, max(10, int(15 * u)), colour, True)
        s.blit(title, area.topleft)
        body = pygame.Rect(area.left, area.top + title.get_height() + 2, area.w, area.h - title.get_height() - 2)
        draw_wrapped(s, "\n".join(note.lines), body, max(9, int(14 * u)), CREAM, centre=False, min_size=8)
