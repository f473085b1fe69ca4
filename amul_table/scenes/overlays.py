"""Overlays drawn over the scene below: confirmation, in-game menu, keys help, card zoom."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from amul_table.i18n import card_name, decimal, tr
from amul_table.i18n.card_texts import card_text
from amul_table.persistence.settings import ANIMATION_SPEEDS
from amul_table.rules.cards import load_cards
from amul_table.scenes.face_tips import face_tips
from amul_table.scenes.routes import Route
from amul_table.scenes.tooltip import Tooltip, draw_tip
from amul_table.scenes.ui import ButtonScene
from amul_table.sprites.cards import card_face
from amul_table.sprites.style import CREAM, GOLD, MUTED, PANEL, draw_wrapped, fit_text, panel, text

if TYPE_CHECKING:
    from amul_table.app.window import App
    from amul_table.rules.views import SeatView


log = logging.getLogger(__name__)
BOT_PAUSES = (0.0, 0.3, 0.6, 1.0, 1.5, 2.5)
MENU_VOLUMES = (0.2, 0.4, 0.6, 0.8, 1.0)  # the Esc menu's volume button steps through these


class Overlay(ButtonScene):
    """A transparent scene: dims what is below and draws a panel in the middle (and its buttons, if any)."""

    opaque = False

    def dim(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((10, 5, 2, 150))
        surface.blit(veil, (0, 0))

    def scale(self) -> float:
        w, h = self.app.size
        return max(0.8, min(w / 1600, h / 900))


class ConfirmOverlay(Overlay):
    """A yes/no question; Yes runs `on_yes`, No (or Esc) just closes."""

    def __init__(self, app: App, question: str, on_yes: Callable[[], None], is_quit: bool = False) -> None:
        super().__init__(app)
        self.ui.arrow_focus = True  # arrows have no other use here: they move the focus ring
        self.question = question
        self.on_yes = on_yes
        self.is_quit = is_quit

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def _no(self) -> None:
        self.app.pop()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        u = self.scale()
        self.box = pygame.Rect(0, 0, int(520 * u), int(200 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.ui.rebuild(size, u)
        self.ui.add_button("yes", tr("confirm.yes"), self._yes, primary=True)
        self.ui.add_button("no", tr("confirm.no"), self._no)
        self.ui.place_row(
            self.widgets, (self.box.centerx, self.box.bottom - int(50 * u)), int(150 * u), int(46 * u), int(24 * u)
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus_key(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._no()
            elif event.key in (pygame.K_RETURN, pygame.K_y):
                self._yes()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        u = self.scale()
        panel(surface, self.box, PANEL, GOLD, radius=int(12 * u), width=3)
        draw_wrapped(
            surface,
            self.question,
            self.box.inflate(-int(40 * u), 0).move(0, int(30 * u)),
            int(24 * u),
            CREAM,
            bold=True,
            family="serif",
        )
        self.ui.draw(surface)


class MenuOverlay(Overlay):
    """The in-game menu (Esc): resume, save as, settings, keys, main menu, quit."""

    def __init__(self, app: App, on_main_menu: Callable[[], None], *, save_as: SeatView | None = None) -> None:
        """`save_as`: the table's view of a game this window may save (its Save as… entry); None: no entry."""
        super().__init__(app)
        self.ui.arrow_focus = True  # arrows have no other use here: they move the focus ring
        self.on_main_menu = on_main_menu
        self.shown = save_as

    def build_buttons(self) -> None:
        """Every entry under its key; the settings entries say their current value."""
        from amul_table.scenes.glossary import GlossaryOverlay

        st = self.app.settings
        add = self.ui.add_button
        add("resume", tr("menu.resume"), self.app.pop, primary=True)
        if self.shown is not None:
            add("save_as", tr("menu.save_as"), self._save_as)
        add("speed", tr("menu.speed", speed=tr(f"speed.{st.animation_speed}")), self._cycle_speed)
        add("pause", tr("menu.bot_pause", seconds=decimal(st.bot_pause, "g")), self._cycle_pause)
        add("score", tr("menu.live_score_on" if st.live_score else "menu.live_score_off"), self._toggle_score)
        colour = tr("menu.colour_letters_on" if st.colour_blind else "menu.colour_letters_off")
        add("colour", colour, self._toggle_colour_letters)
        add("volume", tr("menu.volume", percent=round(st.volume * 100)), self._cycle_volume)
        add("sound", tr("menu.sound_off" if st.mute else "menu.sound_on"), self._toggle_sound)
        add("keys", tr("menu.keys"), lambda: self.app.push(KeysOverlay(self.app)))
        add("rules", tr("title.rules"), lambda: self.app.push(self.app.go(Route.CARDS)))
        add("glossary", tr("menu.glossary"), lambda: self.app.push(GlossaryOverlay(self.app)))
        add("settings", tr("title.settings"), lambda: self.app.push(self.app.go(Route.SETTINGS)))
        add("main_menu", tr("menu.main_menu"), self._main_menu)
        add("quit", tr("menu.quit"), self.app.request_quit)

    def _cycle_speed(self) -> None:
        speeds = list(ANIMATION_SPEEDS)
        following = speeds[(speeds.index(self.app.settings.animation_speed) + 1) % len(speeds)]
        self.app.change_setting("animation_speed", following)

    def _cycle_pause(self) -> None:
        later = [p for p in BOT_PAUSES if p > self.app.settings.bot_pause + 1e-9]
        self.app.change_setting("bot_pause", later[0] if later else BOT_PAUSES[0])

    def _toggle_score(self) -> None:
        self.app.change_setting("live_score", not self.app.settings.live_score)

    def _toggle_colour_letters(self) -> None:
        self.app.change_setting("colour_blind", not self.app.settings.colour_blind)

    def _cycle_volume(self) -> None:
        """The next louder step (after the loudest, the softest), then a card sound at that volume."""
        louder = [v for v in MENU_VOLUMES if v > self.app.settings.volume + 1e-9]
        self.app.change_setting("volume", louder[0] if louder else MENU_VOLUMES[0])
        self.app.sound.play("pick")

    def _toggle_sound(self) -> None:
        self.app.change_setting("mute", not self.app.settings.mute)

    def settings_changed(self) -> None:
        """Settings take effect at once (App.change_setting tells every scene); the labels follow."""
        super().settings_changed()
        self.resize(self.app.size)

    def _save_as(self) -> None:
        if self.shown is not None:
            self.app.push(self.app.go(Route.SAVE_AS, self.shown))

    def _main_menu(self) -> None:
        self.app.push(ConfirmOverlay(self.app, tr("confirm.leave"), self.on_main_menu))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        u = self.scale()
        self.ui.rebuild(size, u)
        self.build_buttons()
        cols = 1 if len(self.widgets) <= 7 else 2  # a long menu in two columns, so it fits 1024x640
        rows = -(-len(self.widgets) // cols)
        bw, bh, gap = int(330 * u), int(50 * u), int(14 * u)
        width = cols * bw + (cols - 1) * int(20 * u)
        self.box = pygame.Rect(0, 0, width + int(90 * u), int(112 * u) + rows * (bh + gap))
        self.box.center = (size[0] // 2, size[1] // 2)
        for i, key in enumerate(list(self.widgets)):
            col, row = divmod(i, rows)
            x = self.box.centerx - width // 2 + col * (bw + int(20 * u))
            self.ui.place(key, pygame.Rect(x, self.box.top + int(84 * u) + row * (bh + gap), bw, bh))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        u = self.scale()
        panel(surface, self.box, PANEL, GOLD, radius=int(12 * u), width=3)
        title = text(tr("menu.title"), int(30 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.top + int(18 * u))))
        self.ui.draw(surface)


KEY_LINES = (
    "keys.arrows",
    "keys.enter",
    "keys.shield",
    "keys.decline",
    "keys.hint",
    "keys.space",
    "keys.zoom",
    "keys.live",
    "keys.esc",
    "keys.help",
    "keys.glossary",
    "keys.f11",
)


class KeysOverlay(Overlay):
    """The list of keys (?); any key or click closes it."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        u = self.scale()
        w, h = surface.get_size()
        widest = max(text(tr(key), int(19 * u), CREAM).get_width() for key in KEY_LINES)
        box = pygame.Rect(
            0, 0, min(w - 20, max(int(640 * u), widest + int(60 * u))), int((130 + 36 * len(KEY_LINES)) * u)
        )
        box.center = (w // 2, h // 2)
        panel(surface, box, PANEL, GOLD, radius=int(12 * u), width=3)
        title = text(tr("keys.title"), int(30 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + int(16 * u))))
        y = box.top + int(70 * u)
        for key in KEY_LINES:
            surface.blit(fit_text(tr(key), box.w - int(60 * u), int(19 * u), CREAM), (box.left + int(30 * u), y))
            y += int(36 * u)
        hint = text(tr("keys.close"), int(16 * u), MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - int(12 * u))))


class ZoomOverlay(Overlay):
    """One card shown large with its full rule text (right-click); any click or key closes it."""

    def __init__(self, app: App, uid: int) -> None:
        super().__init__(app)
        self.uid = uid
        self.tooltip = Tooltip()  # the printed marks of the large face

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.pop()
        elif self.tooltip.follow(event):
            self.dirty = True

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.tooltip.tick(dt):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        w, h = surface.get_size()
        scale = min(w, h * 1.3) / 1600
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        area = draw_zoom(surface, self.uid, pygame.Rect(0, 0, w, h).center, scale, lang, cb)
        cw = zoom_card_width(scale)
        self.tooltip.set_regions(face_tips(self.uid, pygame.Rect(area.topleft, (cw, int(cw * 1.4))), lang, cb))
        draw_tip(surface, self.tooltip)


def zoom_card_width(scale: float) -> int:
    """The width of the face `draw_zoom` draws at `scale`."""
    return int(220 * max(0.7, scale * 1.6))


def draw_zoom(
    surface: pygame.Surface,
    uid: int,
    centre: tuple[int, int],
    scale: float,
    lang: str,
    colour_blind: bool,
    bounds: pygame.Rect | None = None,
) -> pygame.Rect:
    """A large card beside a panel with its name, full rule, deck and player count; returns the area used."""
    u = max(0.7, scale * 1.6)
    card = load_cards().cards[uid]
    cw = zoom_card_width(scale)
    face = card_face(uid, cw, int(cw * 1.4), lang, colour_blind)
    info = pygame.Rect(0, 0, int(300 * u), face.get_height())
    area = pygame.Rect(0, 0, cw + info.width + int(16 * u), face.get_height())
    area.center = centre
    area.clamp_ip(bounds or surface.get_rect())
    surface.blit(face, area.topleft)
    info.topleft = (area.left + cw + int(16 * u), area.top)
    panel(surface, info, PANEL, GOLD, radius=int(10 * u))
    inner = info.inflate(-int(24 * u), -int(24 * u))
    title = text(card_name(card.type, lang), int(24 * u), GOLD, True, "serif")
    surface.blit(title, inner.topleft)
    y = inner.top + title.get_height() + int(6 * u)
    sub = f"{tr('zoom.deck.' + card.deck)} · {card.number} · {tr('zoom.copies_for', n=card.min_players)}"
    surface.blit(text(sub, int(14 * u), MUTED), (inner.left, y))
    y += int(26 * u)
    used = draw_wrapped(
        surface,
        card_text(card, lang),
        pygame.Rect(inner.left, y, inner.width, inner.bottom - y),
        int(18 * u),
        CREAM,
        centre=False,
    )
    y += used + int(10 * u)
    if card.deck == "market":
        draw_wrapped(
            surface,
            tr(f"zoom.position.{card.type.position}"),
            pygame.Rect(inner.left, y, inner.width, inner.bottom - y),
            int(15 * u),
            MUTED,
            centre=False,
        )
    return area
