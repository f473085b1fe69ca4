"""The title: the game's name over a fan of cards, and only the buttons that work today."""

from __future__ import annotations

import pygame

from amul_table.i18n import tr
from amul_table.rules.cards import load_cards
from amul_table.scenes.base import Scene
from amul_table.scenes.saving import continue_buttons, draw_saves_line, load_buttons
from amul_table.sprites.board import felt
from amul_table.sprites.cards import card_face
from amul_table.sprites.style import GOLD, MUTED, text
from amul_table.sprites.widgets import Button, stack_buttons

FAN = ("silver", "arab_merchant", "jade", "mongol_guard", "diplomat", "camel", "carpet")


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []  # built on enter: Continue and Load follow the saves folder
        cards = load_cards().cards
        self.fan = [next(c.uid for c in cards if c.id == cid) for cid in FAN]

    def enter(self) -> None:
        super().enter()
        self.build_buttons()
        self.resize(self.app.size)

    def build_buttons(self) -> None:
        self.buttons = [
            *continue_buttons(self.app),
            Button(tr("title.new_game"), self.new_game, primary=True),
            *load_buttons(self.app),
            Button(tr("title.rules"), self.rules_and_cards),
            Button(tr("title.settings"), self.settings),
            Button(tr("title.quit"), self.app.request_quit),
        ]

    def settings_changed(self) -> None:
        """A new language relabels the buttons."""
        super().settings_changed()
        self.build_buttons()
        self.resize(self.app.size)

    def new_game(self) -> None:
        from amul_table.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app))

    def rules_and_cards(self) -> None:
        from amul_table.scenes.cards import CardBrowserScene

        self.app.push(CardBrowserScene(self.app))

    def settings(self) -> None:
        from amul_table.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.u = min(w / 1600, h / 900)
        n = max(1, len(self.buttons))
        bh = min(int(58 * self.u), int(h * 0.34 / (n + 0.3 * (n - 1))))  # more buttons: thinner ones
        stack_buttons(self.buttons, (w // 2, int(h * 0.78)), int(320 * self.u), bh, int(bh * 0.3))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.new_game()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.request_quit()
            return True
        for b in self.buttons:
            if b.handle_event(event):
                self.dirty = True
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.u
        surface.blit(felt(w, h), (0, 0))
        lang = self.app.settings.language
        cw = int(130 * u)
        n = len(self.fan)
        for i, uid in enumerate(self.fan):
            angle = (i - (n - 1) / 2) * 9
            face = card_face(uid, cw, int(cw * 1.4), lang, self.app.settings.colour_blind)
            img = pygame.transform.rotozoom(face, -angle, 1.0)
            x = w // 2 + (i - (n - 1) / 2) * cw * 0.62
            y = h * 0.49 + abs(i - (n - 1) / 2) ** 2 * 6 * u
            surface.blit(img, img.get_rect(center=(x, y)))
        title = text("AMUL", int(120 * u), GOLD, True, "serif")
        shadow = text("AMUL", int(120 * u), (20, 10, 5), True, "serif")
        surface.blit(shadow, shadow.get_rect(center=(w // 2 + 4, int(h * 0.14) + 5)))
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.14))))
        sub = text(tr("title.subtitle"), int(26 * u), MUTED, False, "serif")
        surface.blit(sub, sub.get_rect(center=(w // 2, int(h * 0.25))))
        for b in self.buttons:
            b.draw(surface)
        draw_saves_line(surface, self.app, u)
