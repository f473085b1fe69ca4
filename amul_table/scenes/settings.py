"""Settings: language, animation speed, bot pause, volume and sound, full screen, colour-blind aid, live score.

Every change applies at once (every scene on the stack is told) and is saved to the settings file.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from amul_table.i18n import LANGUAGES, decimal, tr, tr_error
from amul_table.persistence.settings import ANIMATION_SPEEDS
from amul_table.rules.cards import load_cards
from amul_table.scenes.overlays import BOT_PAUSES
from amul_table.scenes.ui import LayoutScene
from amul_table.sprites.board import felt
from amul_table.sprites.cards import card_face
from amul_table.sprites.style import (
    COLOUR_ORDER,
    CREAM,
    GOLD,
    MUTED,
    PANEL,
    WARNING,
    colour_letter,
    draw_wrapped,
    fit_text,
    panel,
    text,
)

SWITCHES = ("fullscreen", "colour_blind", "live_score")
VOLUME_STEP = 0.1
PREVIEW = ("silver", "carpet", "camel", "arab_merchant", "diplomat", "arab_guard")  # one card of each colour


class SettingsScene(LayoutScene):
    """One row per setting; the chosen option of each row is shown selected."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.ui.arrow_focus = True  # arrows have no other use here: they move the focus ring
        self.message = ""  # why the last change could not be saved ("" when it was)
        cards = load_cards().cards
        self.preview = [next(c.uid for c in cards if c.id == cid) for cid in PREVIEW]

    # --- changing a setting -------------------------------------------------------------------

    def choose(self, field: str, value: object) -> None:
        """Set one setting through App.change_setting; its line then says whether the file was saved."""
        if getattr(self.app.settings, field) == value:
            return
        problem = self.app.change_setting(field, value)  # this scene rebuilds its buttons in settings_changed
        self.message = "" if problem is None else tr_error(problem)

    def step_pause(self, step: int) -> None:
        now = self.app.settings.bot_pause
        index = min(range(len(BOT_PAUSES)), key=lambda i: abs(BOT_PAUSES[i] - now))
        self.choose("bot_pause", BOT_PAUSES[max(0, min(len(BOT_PAUSES) - 1, index + step))])

    def step_volume(self, step: int) -> None:
        """One tenth louder or softer, then a card sound at the new volume so the player hears it."""
        now = self.app.settings.volume
        self.choose("volume", round(min(1.0, max(0.0, now + step * VOLUME_STEP)), 1))
        self.app.sound.play("pick")

    # --- building the widgets -----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.u = max(0.7, min(w / 1600, h / 900))
        self.rebuild(size, self.u)  # settings_changed builds again: every row shows its current choice

    def place_widgets(self) -> None:
        w, h = self.app.size
        u = self.u
        self.row = row = int(44 * u)
        gap = int(12 * u)
        self.hint_h = hint_h = int(42 * u)
        self.card_w = int(96 * u)
        back_h = int(row * 1.2)
        pad = int(28 * u)
        height = pad + 8 * (row + gap) + hint_h + int(self.card_w * 1.4) + int(40 * u) + back_h + pad
        self.box = pygame.Rect(0, 0, int(900 * u), height)
        self.box.center = (w // 2, h // 2 + int(24 * u))
        self.left = left = self.box.left + int(40 * u)
        self.x0 = x0 = left + int(270 * u)
        self.label_w = x0 - left - int(12 * u)
        y = self.box.top + pad
        self.labels: list[tuple[str, tuple[int, int]]] = []
        languages = [(lang, f"settings.lang.{lang}") for lang in LANGUAGES]
        y = self.options_row(y, "language", "settings.language", languages) + gap
        speeds = [(s, f"speed.{s}") for s in ANIMATION_SPEEDS]
        y = self.options_row(y, "animation_speed", "settings.animation", speeds, capital=True) + gap
        self.pause_at, y = self.stepper_row(y, "pause", "settings.bot_pause", self.step_pause)  # sensible values
        y += gap
        self.volume_at, y = self.stepper_row(y, "volume", "settings.volume", self.step_volume)
        y += gap
        y = self.options_row(y, "mute", "settings.sound", [(False, "settings.on"), (True, "settings.off")]) + gap
        for field in SWITCHES:
            y = self.options_row(y, field, f"settings.{field}", [(True, "settings.on"), (False, "settings.off")]) + gap
            if field == "colour_blind":  # what the aid does, right under its switch
                self.hint_at = (x0, y - gap + int(2 * u))
                y += hint_h
        self.preview_top = y + int(4 * u)
        self.message_at = (self.box.centerx, self.preview_top + int(self.card_w * 1.4) + int(10 * u))
        bw = int(220 * u)
        back = pygame.Rect(self.box.centerx - bw // 2, self.box.bottom - pad - back_h, bw, back_h)
        self.ui.add_button("back", tr("settings.back"), self.app.pop, back, primary=True)

    def options_row(
        self, y: int, field: str, label: str, values: list[tuple[object, str]], *, capital: bool = False
    ) -> int:
        """One setting's label and a button per value (the current one selected); the y under the row."""
        u, row = self.u, self.row
        self.labels.append((tr(label), (self.left, y + row // 2)))
        x = self.x0
        option_w = int(130 * u)
        for value, key in values:
            name = f"{field}={value}"
            caption = tr(key)
            caption = caption[:1].upper() + caption[1:] if capital else caption
            self.add_button(name, caption, pygame.Rect(x, y, option_w, row), lambda f=field, v=value: self.choose(f, v))
            if getattr(self.app.settings, field) == value:
                self.widgets[name].select()
            x += option_w + int(8 * u)
        return y + row

    def stepper_row(self, y: int, name: str, label: str, step: Callable[[int], None]) -> tuple[tuple[int, int], int]:
        """A label and − value +: where the value is written, and the y under the row."""
        u, row, x0 = self.u, self.row, self.x0
        self.labels.append((tr(label), (self.left, y + row // 2)))
        self.add_button(f"{name}-", "−", pygame.Rect(x0, y, row, row), lambda: step(-1), "#stepper")
        self.add_button(f"{name}+", "+", pygame.Rect(x0 + row + int(120 * u), y, row, row), lambda: step(1), "#stepper")
        return (x0 + row + int(60 * u), y + row // 2), y + row

    # --- input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        super().handle_event(event)

    # --- time and drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.manager is None:
            return
        w, h = surface.get_size()
        u = self.u
        settings = self.app.settings
        surface.blit(felt(w, h), (0, 0))
        title = text(tr("settings.title"), int(40 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midbottom=(w // 2, self.box.top - int(8 * u))))
        panel(surface, self.box, PANEL, GOLD, radius=int(14 * u), width=2)
        for label, (x, y) in self.labels:
            img = fit_text(label, self.label_w, int(20 * u), CREAM, True)
            surface.blit(img, img.get_rect(midleft=(x, y)))
        pause = tr("settings.seconds", n=decimal(settings.bot_pause, "g"))
        img = text(pause, int(22 * u), GOLD, True, "serif")
        surface.blit(img, img.get_rect(center=self.pause_at))
        volume = tr("settings.percent", n=round(settings.volume * 100))
        img = text(volume, int(22 * u), MUTED if settings.mute else GOLD, True, "serif")
        surface.blit(img, img.get_rect(center=self.volume_at))
        lang = settings.language
        letters = ", ".join(f"{colour_letter(c, lang)} {tr('colour.' + c).lower()}" for c in COLOUR_ORDER[:-1])
        x, y = self.hint_at
        area = pygame.Rect(x, y, self.box.right - x - int(30 * u), self.hint_h)
        draw_wrapped(surface, tr("settings.colour_blind_hint", letters=letters), area, int(16 * u), MUTED, centre=False)
        # a few cards drawn with the current language and colour-blind aid
        cw = self.card_w
        gap = int(14 * u)
        total = len(self.preview) * cw + (len(self.preview) - 1) * gap
        x = self.box.centerx - total // 2
        for uid in self.preview:
            surface.blit(
                card_face(uid, cw, int(cw * 1.4), settings.language, settings.colour_blind), (x, self.preview_top)
            )
            x += cw + gap
        line = self.message or tr("settings.applied")
        img = fit_text(line, self.box.w - int(60 * u), int(16 * u), WARNING if self.message else MUTED, True)
        surface.blit(img, img.get_rect(midtop=self.message_at))
        self.ui.draw(surface)
