"""The title: the game's name over a fan of cards, and only the buttons that work today."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from amul_table.i18n import tr
from amul_table.persistence.save_format import SavedGame
from amul_table.rules.cards import load_cards
from amul_table.scenes.gui_managers import scaled_theme
from amul_table.scenes.load import play_saved_game
from amul_table.scenes.routes import Route
from amul_table.scenes.saves_text import draw_saves_line
from amul_table.scenes.ui import ButtonScene, Widgets, column_rects
from amul_table.sprites.board import felt
from amul_table.sprites.cards import card_face
from amul_table.sprites.style import GOLD, MUTED, text

FAN = ("silver", "arab_merchant", "jade", "mongol_guard", "diplomat", "camel", "carpet")
FAN_TILT = 9  # degrees between neighbouring cards
FAN_STEP = 0.62  # card widths between neighbouring cards' centres
FAN_DROP = 6 / 130  # card widths the k-th card out from the middle sits lower, times k squared
FAN_PROBE = 100  # the card width the fan's height is measured at (it grows in proportion)
BUTTON_BORDER = 3  # pixels of a button's border and its inner margin, each side
SAVES_LINE_ROOM = 34  # pixels at 1600x900 kept free at the bottom for the saves folder line, besides its text


@dataclass(frozen=True)
class TitleButton:
    """One of the title's buttons, before it is built (their number sets their height)."""

    key: str
    label: str
    action: Callable[[], None]
    primary: bool = False


class TitleScene(ButtonScene):
    _unbuilt: tuple[tuple[int, int], list[tuple[TitleButton, pygame.Rect]]] | None = None  # laid out, unbuilt: `ui`

    def __init__(self, app) -> None:
        super().__init__(app)
        self.ui.arrow_focus = True  # arrows have no other use here: they move the focus ring
        self.resume: SavedGame | None = None  # the autosave Continue picks up, if any
        self.has_saves = False  # Load game is shown when the saves folder holds anything to list
        cards = load_cards().cards
        self.fan = [next(c.uid for c in cards if c.id == cid) for cid in FAN]

    def enter(self) -> None:
        """Continue and Load follow the saves folder, read again each time the title shows."""
        super().enter()
        shown = [b.key for b in self.buttons()]
        self.resume = self.app.saves.continue_game()
        self.has_saves = self.app.saves.has_saves()
        if [b.key for b in self.buttons()] != shown:  # the same buttons (those push just laid out): kept as they are
            self.resize(self.app.size)

    def settings_changed(self) -> None:
        """A new language relabels the buttons."""
        super().settings_changed()
        self.resize(self.app.size)

    def buttons(self) -> list[TitleButton]:
        """The title's buttons, top down: Continue and Load only when the saves folder has something for them."""
        shown = []
        if self.resume is not None:
            shown.append(TitleButton("continue", tr("title.continue"), self.continue_game, primary=True))
        new_game = TitleButton("new_game", tr("title.new_game"), self.new_game, primary=self.resume is None)
        shown.append(new_game)  # the primary without a game to continue: Enter starts one
        if self.has_saves:
            shown.append(TitleButton("load", tr("title.load"), self.load))
        shown += [
            TitleButton("host", tr("title.host"), self.host_table),
            TitleButton("join", tr("title.join"), self.join_table),
            TitleButton("learn", tr("title.learn"), self.learn),
            TitleButton("rules", tr("title.rules"), self.rules_and_cards),
            TitleButton("records", tr("title.records"), self.records),
            TitleButton("settings", tr("title.settings"), self.settings),
            TitleButton("quit", tr("title.quit"), self.app.request_quit),
        ]
        return shown

    @property
    def ui(self) -> Widgets:  # type: ignore[override]
        """The title's widgets, its buttons built where `resize` laid them out when first used (drawn, pressed,
        read): a title the window covers at once (the game `play` opens, a render's scene) builds none, nor does
        one under a game at each window resize."""
        if self._unbuilt is not None:
            (size, unbuilt), self._unbuilt = self._unbuilt, None
            self._widgets.rebuild(size, self.u)
            for button, rect in unbuilt:
                self._widgets.add_button(button.key, button.label, button.action, rect, primary=button.primary)
        return self._widgets

    @ui.setter
    def ui(self, widgets: Widgets) -> None:
        self._widgets = widgets

    def leave(self) -> None:
        self._unbuilt = None  # never built: nothing to build only to clear
        super().leave()

    def continue_game(self) -> None:
        """The autosave as the title last read it (on showing)."""
        if self.resume is not None:
            play_saved_game(self.app, self.resume)

    def load(self) -> None:
        from amul_table.scenes.load import LoadScene

        self.app.push(LoadScene(self.app))

    def new_game(self) -> None:
        from amul_table.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app))

    def host_table(self) -> None:
        from amul_table.scenes.online_host import HostScene

        self.app.push(HostScene(self.app))

    def join_table(self) -> None:
        from amul_table.scenes.online_join import JoinScene

        self.app.push(JoinScene(self.app))

    def learn(self) -> None:
        self.app.push(self.app.go(Route.TUTORIAL))

    def rules_and_cards(self) -> None:
        from amul_table.scenes.browser.scene import CardBrowserScene

        self.app.push(CardBrowserScene(self.app))

    def records(self) -> None:
        from amul_table.scenes.records import RecordsScene

        self.app.push(RecordsScene(self.app))

    def settings(self) -> None:
        from amul_table.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def resize(self, size: tuple[int, int]) -> None:
        """Top down: the name, the subtitle, the buttons from the bottom up, and the fan sized to the
        room left between them, so nothing overlaps however many buttons the saves folder brings."""
        super().resize(size)
        w, h = size
        u = self.u = min(w / 1600, h / 900)
        buttons = self.buttons()
        self.title_img = text("AMUL", int(120 * u), GOLD, True, "serif")
        self.shadow_img = text("AMUL", int(120 * u), (20, 10, 5), True, "serif")
        self.title_rect = self.title_img.get_rect(midtop=(w // 2, int(h * 0.04)))
        self.subtitle_img = text(tr("title.subtitle"), int(26 * u), MUTED, False, "serif")
        self.subtitle_rect = self.subtitle_img.get_rect(midtop=(w // 2, self.title_rect.bottom))
        n = len(buttons)
        label = int(scaled_theme(u)["button"]["font"]["size"])  # the buttons' font at this scale
        least = text("Jg", label, GOLD, True, "serif").get_height() + 2 * BUTTON_BORDER  # a label's whole height
        bh = max(least, min(int(58 * u), int(h * 0.34 / (n + 0.3 * (n - 1)))))  # more buttons: thinner, not cut
        gap = int(bh * 0.3)
        total = n * bh + (n - 1) * gap
        bottom = h - int(SAVES_LINE_ROOM * u) - max(10, int(15 * u))  # the saves line stays clear
        rects = column_rects(n, (w // 2, bottom - total // 2), int(320 * u), bh, gap)
        self._unbuilt = size, list(zip(buttons, rects, strict=True))  # each built once, in its place, when first used
        self.layout_fan(w, self.subtitle_rect.bottom + int(10 * u), bottom - total - int(14 * u))

    def layout_fan(self, w: int, top: int, bottom: int) -> None:
        """The fan as large as fits between `top` and `bottom` (no larger than 130 pixels a card at 1600x900),
        centred in that room; each card is kept rotated, with the rect it is drawn in."""
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        fit = int(FAN_PROBE * (bottom - top) / _fan_height(FAN_PROBE, len(self.fan)))
        cw = max(20, min(int(130 * self.u), fit))
        mid = (len(self.fan) - 1) / 2
        self.fan_cards: list[tuple[pygame.Surface, pygame.Rect]] = []
        for i, uid in enumerate(self.fan):
            img = fanned_face(uid, cw, lang, -(i - mid) * FAN_TILT, colour_blind=cb)
            centre = (w // 2 + round((i - mid) * cw * FAN_STEP), round(abs(i - mid) ** 2 * FAN_DROP * cw))
            self.fan_cards.append((img, img.get_rect(center=centre)))
        fan_top = min(r.top for _, r in self.fan_cards)
        fan_bottom = max(r.bottom for _, r in self.fan_cards)
        shift = top + (bottom - top - (fan_bottom - fan_top)) // 2 - fan_top
        for _, rect in self.fan_cards:
            rect.move_ip(0, shift)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus_key(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press("continue" if "continue" in self.widgets else "new_game")  # the game in hand first
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.request_quit()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt(w, h), (0, 0))
        for img, rect in self.fan_cards:
            surface.blit(img, rect)
        surface.blit(self.shadow_img, self.title_rect.move(4, 5))
        surface.blit(self.title_img, self.title_rect)
        surface.blit(self.subtitle_img, self.subtitle_rect)
        self.ui.draw(surface)
        draw_saves_line(surface, self.app, self.u)


@lru_cache(maxsize=16)  # two fans' worth: the window's size and language, and the one before
def fanned_face(uid: int, cw: int, lang: str, angle: float, *, colour_blind: bool) -> pygame.Surface:
    """A fan card's face `cw` pixels wide turned by `angle` degrees (cached: every title screen of a size lays out
    the same fan, and turning its faces again was a fifth of building the title)."""
    return pygame.transform.rotozoom(card_face(uid, cw, int(cw * 1.4), lang, colour_blind), angle, 1.0)


def _fan_height(cw: int, n: int) -> float:
    """The height of the fan's cards, rotated, from the highest top to the lowest bottom, at card width `cw`."""
    mid = (n - 1) / 2
    tops, bottoms = [], []
    for i in range(n):
        angle = math.radians((i - mid) * FAN_TILT)
        half = (cw * abs(math.sin(angle)) + cw * 1.4 * abs(math.cos(angle))) / 2 + 1  # rotozoom's extra pixel
        drop = abs(i - mid) ** 2 * FAN_DROP * cw
        tops.append(drop - half)
        bottoms.append(drop + half)
    return max(bottoms) - min(tops)
