"""Load: the saves folder, newest first, each save with its date, seats, player count and round.

A file that is not a save this version can trust is listed too, with the reason it is refused; it
cannot be loaded, and no autosave ever replaces it. Delete asks first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from amul_table.i18n import shown_name, tr
from amul_table.persistence.errors import SaveError
from amul_table.persistence.save_files import (
    AUTOSAVE,
    SaveSummary,
    delete_save,
    is_finished_save,
    list_saves,
    load_game,
)
from amul_table.persistence.save_format import SavedGame
from amul_table.scenes.overlays import ConfirmOverlay
from amul_table.scenes.routes import Route
from amul_table.scenes.saves_text import reason_text
from amul_table.scenes.ui import ButtonScene
from amul_table.sprites.board import felt
from amul_table.sprites.cards import card_back
from amul_table.sprites.style import (
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    SEAT_COLOURS,
    WARNING,
    draw_wrapped,
    fit_text,
    panel,
    shade,
    text,
)

if TYPE_CHECKING:
    from amul_table.app.window import App

DOUBLE_CLICK = 0.4  # seconds between two clicks on one row that load it


class LoadScene(ButtonScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saves: list[SaveSummary] = []
        self.selected = 0
        self.top_row = 0  # the first row shown (scrolling)
        self.message = ""
        self.message_warns = True
        self.hover = -1
        self.last_click = (-1, -1e9)  # row, app time
        self.refresh()
        self.selected = next((i for i, save in enumerate(self.saves) if save.ok), 0)  # the newest loadable one
        self.enable_buttons()

    # --- the list -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the folder again (after a delete, or coming back to this scene)."""
        folder = self.app.saves.read_folder
        self.saves = []
        if folder is not None:
            try:
                self.saves = list_saves(folder)
            except SaveError as exc:
                self.show(reason_text(exc))
        self.selected = min(self.selected, max(0, len(self.saves) - 1))
        self.enable_buttons()
        self.dirty = True

    @property
    def current(self) -> SaveSummary | None:
        return self.saves[self.selected] if 0 <= self.selected < len(self.saves) else None

    def enable_buttons(self) -> None:
        chosen = self.current
        self.ui.enable("load", on=chosen is not None and chosen.ok)
        self.ui.enable("delete", on=chosen is not None and self.app.saves.can_write)
        solo = chosen is not None and sum(seat.human for seat in chosen.seats) == 1
        self.ui.enable("replay", on=chosen is not None and chosen.ok and (chosen.over or solo))

    def select(self, index: int) -> None:
        if not self.saves:
            return
        self.selected = max(0, min(len(self.saves) - 1, index))
        if self.selected < self.top_row:
            self.top_row = self.selected
        elif self.selected >= self.top_row + self.rows_shown:
            self.top_row = self.selected - self.rows_shown + 1
        self.enable_buttons()
        self.dirty = True

    def show(self, message: str, warning: bool = True) -> None:
        self.message = message
        self.message_warns = warning
        self.dirty = True

    # --- actions --------------------------------------------------------------------------------

    def load_selected(self) -> None:
        chosen = self.current
        if chosen is None or not chosen.ok:
            return
        try:
            saved = load_game(chosen.path)  # read again: the file may have changed since it was listed
        except SaveError as exc:
            self.refresh()
            self.show(reason_text(exc))
            return
        play_saved_game(self.app, saved, replace=True)

    def replay_selected(self) -> None:
        """The chosen game in the replay viewer (the save is only read)."""
        chosen = self.current
        if chosen is None or not chosen.ok:
            return
        try:
            saved = load_game(chosen.path)
        except SaveError as exc:
            self.refresh()
            self.show(reason_text(exc))
            return
        from amul_table.scenes.replay import open_replay

        open_replay(self.app, saved)

    def ask_delete(self) -> None:
        chosen = self.current
        if chosen is None or not self.app.saves.can_write:
            return
        question = tr("load.confirm_delete", name=self.title_of(chosen))
        self.app.push(ConfirmOverlay(self.app, question, lambda: self.delete(chosen)))

    def delete(self, chosen: SaveSummary) -> None:
        try:
            delete_save(chosen.path)
        except SaveError as exc:
            self.show(reason_text(exc))
        else:
            self.show(tr("load.deleted", name=self.title_of(chosen)), warning=False)
        self.refresh()

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if not self.focus_key(event):  # Tab moves over the buttons; ↑/↓ and Enter stay the list's
                self.key(event)
            return
        super().handle_event(event)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        if event.type == pygame.MOUSEMOTION:
            hover = self.row_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row >= 0:
                again = self.last_click[0] == row and self.app.time - self.last_click[1] <= DOUBLE_CLICK
                self.select(row)
                self.last_click = (row, self.app.time)
                if again:
                    self.load_selected()

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.key == pygame.K_UP:
            self.select(self.selected - 1)
        elif event.key == pygame.K_DOWN:
            self.select(self.selected + 1)
        elif event.key == pygame.K_PAGEUP:
            self.select(self.selected - self.rows_shown)
        elif event.key == pygame.K_PAGEDOWN:
            self.select(self.selected + self.rows_shown)
        elif event.key == pygame.K_HOME:
            self.select(0)
        elif event.key == pygame.K_END:
            self.select(len(self.saves) - 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.load_selected()
        elif event.key == pygame.K_DELETE:
            self.ask_delete()

    def scroll(self, rows: int) -> None:
        most = max(0, len(self.saves) - self.rows_shown)
        self.top_row = max(0, min(most, self.top_row + rows))
        self.dirty = True

    def row_at(self, pos: tuple[int, int]) -> int:
        """The index of the save under `pos`, or -1."""
        if not self.list_area.collidepoint(pos):
            return -1
        index = self.top_row + (pos[1] - self.list_area.top) // self.row_h
        shown = index - self.top_row < self.rows_shown
        return index if shown and index < len(self.saves) else -1

    # --- layout and drawing -----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self.u = max(0.7, min(w / 1600, h / 900))
        self.box = pygame.Rect(0, 0, min(int(1180 * u), w - int(60 * u)), h - int(200 * u))
        self.box.midtop = (w // 2, int(96 * u))
        pad = int(22 * u)
        self.row_h = int(96 * u)
        top = self.box.top + int(52 * u)
        bottom = self.box.bottom - int(64 * u)
        self.rows_shown = max(1, (bottom - top) // self.row_h)
        self.list_area = pygame.Rect(self.box.left + pad, top, self.box.w - 2 * pad, self.rows_shown * self.row_h)
        self.message_at = (self.box.centerx, self.box.bottom - int(32 * u))
        self.ui.rebuild(size, u)
        self.ui.add_button("back", tr("load.back"), self.app.pop)
        self.ui.add_button("delete", tr("load.delete"), self.ask_delete)
        self.ui.add_button("replay", tr("replay.open"), self.replay_selected)
        self.ui.add_button("load", tr("load.load"), self.load_selected, primary=True)
        self.ui.place_row(self.widgets, (w // 2, h - int(56 * u)), int(200 * u), int(52 * u), int(26 * u))
        self.select(self.selected)
        self.enable_buttons()

    def enter(self) -> None:
        super().enter()
        self.enable_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.u
        surface.blit(felt(w, h), (0, 0))
        title = text(tr("load.title"), int(40 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midbottom=(w // 2, self.box.top - int(10 * u))))
        panel(surface, self.box, PANEL_DARK, GOLD, radius=int(14 * u), width=2)
        folder = self.app.saves.read_folder
        head = tr("load.folder", folder=str(folder)) if folder is not None else reason_text(self.app.saves.problem)
        img = fit_text(head, self.box.w - int(44 * u), int(16 * u), MUTED)
        surface.blit(img, (self.box.left + int(22 * u), self.box.top + int(18 * u)))
        if not self.saves:
            empty = text(tr("load.empty"), int(24 * u), MUTED, True, "serif")
            surface.blit(empty, empty.get_rect(center=self.list_area.center))
        for i in range(self.top_row, min(len(self.saves), self.top_row + self.rows_shown)):
            rect = pygame.Rect(
                self.list_area.left, self.list_area.top + (i - self.top_row) * self.row_h, self.list_area.w, 0
            )
            rect.h = self.row_h - int(8 * u)
            self.draw_row(surface, self.saves[i], rect, i == self.selected, i == self.hover)
        self.draw_scrollbar(surface)
        message = self.message
        colour = WARNING if self.message_warns else CREAM
        if not message and self.app.saves.read_folder is not None and not self.app.saves.can_write:
            message, colour = tr("load.readonly"), WARNING
        if message:
            img = fit_text(message, self.box.w - int(44 * u), int(17 * u), colour, True)
            surface.blit(img, img.get_rect(center=self.message_at))
        self.ui.draw(surface)

    def draw_row(self, s: pygame.Surface, save: SaveSummary, rect: pygame.Rect, chosen: bool, hover: bool) -> None:
        u = self.u
        fill = shade(PANEL, 1.12) if hover and not chosen else PANEL
        border = HIGHLIGHT if chosen else (WARNING if not save.ok else GOLD_DARK)
        panel(s, rect, fill, border, radius=int(10 * u), width=3 if chosen else 2)
        pad = int(14 * u)
        icon = pygame.Rect(rect.left + pad, rect.top + int(8 * u), 0, rect.h - int(16 * u))
        icon.w = int(icon.h * 0.7)
        if save.ok:
            s.blit(card_back("market", icon.w, icon.h), icon.topleft)
        else:
            pygame.draw.rect(s, shade(WARNING, 0.45), icon, border_radius=int(6 * u))
            pygame.draw.rect(s, WARNING, icon, 2, border_radius=int(6 * u))
            mark = text("!", int(icon.h * 0.6), CREAM, True, "serif")
            s.blit(mark, mark.get_rect(center=icon.center))
        x = icon.right + pad
        right = rect.right - pad
        pill_text, pill_colour = self.status_of(save)
        pill_img = text(pill_text, max(10, int(16 * u)), INK, True)
        pill = pill_img.get_rect().inflate(int(22 * u), int(10 * u))
        pill.topright = (right, rect.top + int(10 * u))
        pygame.draw.rect(s, pill_colour, pill, border_radius=pill.h // 2)
        s.blit(pill_img, pill_img.get_rect(center=pill.center))
        name = fit_text(self.title_of(save), pill.left - x - pad, int(23 * u), CREAM, True, "serif")
        s.blit(name, (x, rect.top + int(8 * u)))
        y = rect.top + int(8 * u) + name.get_height() + int(4 * u)
        width = right - x
        if save.ok:
            info = " · ".join(self.facts_of(save))
            s.blit(fit_text(info, width, int(16 * u), MUTED, True), (x, y))
            y += int(24 * u)
            self.draw_seats(s, save, x, y, width)
        else:
            when = tr("load.file_time", when=local_time(save.modified))
            s.blit(fit_text(f"{tr('load.cannot')} {when}", width, int(16 * u), MUTED, True), (x, y))
            y += int(22 * u)
            reason = reason_text(save.reason)
            draw_wrapped(
                s,
                reason,
                pygame.Rect(x, y, width, rect.bottom - y - int(4 * u)),
                int(15 * u),
                WARNING,
                centre=False,
                min_size=9,
            )

    def draw_seats(self, s: pygame.Surface, save: SaveSummary, x: int, y: int, width: int) -> None:
        """Each seat: its colour, its name, and the bot's tier where every seat has room for it (eight seats at
        1024×640 showed five names and "…" for the rest: their names alone now)."""
        u = self.u
        size = max(10, int(16 * u))
        end = x + width
        names = [shown_name(seat.name) for seat in save.seats]  # "You" in English for a game begun in French
        labels = [
            n if s.human else f"{n} ({tr('load.bot', tier=tr(f'tier.{s.tier}'))})"
            for n, s in zip(names, save.seats, strict=True)
        ]
        gap, dot = int(18 * u), size // 2
        if sum(text(label, size, CREAM).get_width() + dot * 2 + 6 + gap for label in labels) - gap > width:
            labels = names
        for i, label in enumerate(labels):
            img = text(label, size, CREAM)
            if x + dot * 2 + 6 + img.get_width() > end:
                s.blit(text("…", size, CREAM), (x, y))
                return
            pygame.draw.circle(s, SEAT_COLOURS[i % len(SEAT_COLOURS)], (x + dot, y + img.get_height() // 2), dot - 1)
            s.blit(img, (x + dot * 2 + 6, y))
            x += dot * 2 + 6 + img.get_width() + gap

    def draw_scrollbar(self, s: pygame.Surface) -> None:
        if len(self.saves) <= self.rows_shown:
            return
        area = self.list_area
        track = pygame.Rect(self.box.right - int(14 * self.u), area.top, int(6 * self.u), area.h)
        pygame.draw.rect(s, PANEL, track, border_radius=track.w // 2)
        share = self.rows_shown / len(self.saves)
        thumb = pygame.Rect(track.left, 0, track.w, max(track.w * 2, int(track.h * share)))
        thumb.top = track.top + int((track.h - thumb.h) * self.top_row / (len(self.saves) - self.rows_shown))
        pygame.draw.rect(s, GOLD, thumb, border_radius=track.w // 2)

    # --- words ------------------------------------------------------------------------------------

    @staticmethod
    def title_of(save: SaveSummary) -> str:
        if save.path.name == AUTOSAVE:
            return tr("load.autosave")
        if is_finished_save(save.path) and save.ok and save.created is not None:
            return tr("load.finished_game", when=local_time(save.created))
        return save.name

    @staticmethod
    def status_of(save: SaveSummary) -> tuple[str, tuple[int, int, int]]:
        if not save.ok:
            return tr("load.refused"), WARNING
        if save.over:
            return tr("load.over"), MUTED
        return tr("load.round", n=save.round), GOLD

    @staticmethod
    def facts_of(save: SaveSummary) -> list[str]:
        tea = tr("load.tea", n=save.tea) if save.tea else tr("load.no_tea")
        return [tr("load.saved", when=local_time(save.when)), tr("load.players", n=save.players), tea]


def local_time(moment) -> str:
    """A save's time in the player's own time zone, to the minute."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def play_saved_game(app: App, saved: SavedGame, *, replace: bool = False) -> None:
    """Sit down at a saved game exactly where it stopped (no dealing animation)."""
    table = app.go(Route.RESUME, saved)  # several humans: behind the shield
    if replace:
        app.replace(table)
    else:
        app.push(table)
