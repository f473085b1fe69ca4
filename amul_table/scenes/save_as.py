"""The Save as… box: a name typed in; all of it goes through `app.saves` (persistence/saves_folder.py), and the
game written is the window's game in play (`App.save_game_as`), never one this box holds."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from amul_table.i18n import tr, tr_error
from amul_table.persistence.errors import SaveError
from amul_table.persistence.save_files import overwrite_refusal
from amul_table.rules.phases import Phase
from amul_table.rules.views import SeatView
from amul_table.scenes.overlays import ConfirmOverlay, Overlay
from amul_table.scenes.saves_text import reason_text
from amul_table.sprites.style import CREAM, GOLD, MUTED, PANEL, WARNING, draw_wrapped, fit_text, panel, text

if TYPE_CHECKING:
    from amul_table.app.window import App

NAME_LIMIT = 60  # characters typed in the Save as… box (save_files.MAX_FILE_NAME cuts the file name at 80)


class SaveAsOverlay(Overlay):
    """A name for the save, typed in; replacing a valid save asks first, a refused file is never replaced."""

    def __init__(self, app: App, shown: SeatView) -> None:
        """`shown`: the table's view of the game, which the suggested name is made from."""
        super().__init__(app)
        self.suggested = self.name = suggested_name(shown)
        self.message = "" if app.saves.can_write else reason_text(app.saves.problem) or tr("save_as.off")
        self.entry: pygame_gui.elements.UITextEntryLine | None = None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        u = self.scale()
        self.u = u
        self.box = pygame.Rect(0, 0, int(640 * u), int(330 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.ui.rebuild(size, u)
        field = pygame.Rect(self.box.left + int(40 * u), self.box.top + int(104 * u), self.box.w - int(80 * u), 0)
        field.h = int(46 * u)
        self.entry = self.ui.add_entry("name", field, self.name, NAME_LIMIT, object_id="#save_name")
        self.entry.focus()
        self.entry.edit_position = len(self.name)
        if self.name == self.suggested:  # selected, as a save dialog does: typing a name replaces the suggestion
            self.entry.select_range = [0, len(self.name)]
        self.message_rect = pygame.Rect(field.left, field.bottom + int(34 * u), field.w, int(56 * u))
        self.ui.add_button("cancel", tr("save_as.cancel"), self.app.pop)
        self.ui.add_button("save", tr("save_as.save"), self.save, primary=True, enabled=self.app.saves.can_write)
        centre = (self.box.centerx, self.box.bottom - int(44 * u))
        self.ui.place_row(["cancel", "save"], centre, int(170 * u), int(46 * u), int(24 * u))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        super().handle_event(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.name = self.entry.get_text()
            if self.app.saves.can_write:
                self.message = ""
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()

    def save(self) -> None:
        """Save under the typed name; a valid save of that name is replaced only after asking."""
        self.dirty = True
        if self.entry is not None:
            self.name = self.entry.get_text()
        try:
            path = self.app.saves.target(self.name)
        except SaveError as exc:
            self.message = reason_text(exc)
            return
        if path.exists():
            refusal = overwrite_refusal(path)
            if refusal:
                self.message = tr("save_as.refused", file=path.name, reason=tr_error(refusal))
                return
            self.app.push(ConfirmOverlay(self.app, tr("save_as.replace", name=path.stem), lambda: self.write(path)))
            return
        self.write(path)

    def write(self, path) -> None:
        try:
            self.app.save_game_as(path)
        except SaveError as exc:
            self.message = reason_text(exc)
            self.dirty = True
            return
        if self.app.top is self:
            self.app.pop()
        self.app.notify(tr("save_as.saved", name=path.stem, folder=str(path.parent)), warning=False)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        u = self.u
        panel(surface, self.box, PANEL, GOLD, radius=int(12 * u), width=3)
        title = text(tr("save_as.title"), int(30 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.top + int(18 * u))))
        folder = self.app.saves.folder
        if folder is not None:
            where = fit_text(tr("save_as.where", folder=str(folder)), self.box.w - int(80 * u), int(15 * u), MUTED)
            surface.blit(where, where.get_rect(midtop=(self.box.centerx, self.box.top + int(66 * u))))
        if self.message:
            draw_wrapped(surface, self.message, self.message_rect, int(17 * u), WARNING, bold=True, min_size=9)
        else:
            hint = text(tr("save_as.hint"), int(15 * u), CREAM)
            surface.blit(hint, hint.get_rect(midtop=self.message_rect.midtop))
        self.ui.draw(surface)


def suggested_name(shown: SeatView) -> str:
    """A name to start from: the round and the local time ("Round 4 of 9 – 2026-11-25 22.40")."""
    now = dt.datetime.now().astimezone()
    round_words = tr("save_as.over") if shown.phase == Phase.OVER else tr("load.round", n=shown.round)
    return f"{round_words} – {now:%Y-%m-%d %H.%M}"
