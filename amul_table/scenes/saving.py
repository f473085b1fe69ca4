"""Saving in the window: the table's autosaves, Continue and Load on the title, and the Save as… box.

All of it goes through `app.saves` (persistence/saves_place.py); a failure is shown, translated, as a notice
or in the box, and the game goes on.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from amul_table.i18n import tr, tr_error
from amul_table.persistence.errors import PersistenceError, SaveError
from amul_table.persistence.save_files import overwrite_refusal
from amul_table.persistence.save_format import GameRecord
from amul_table.persistence.saves_place import session_of
from amul_table.rules.state import Event
from amul_table.scenes.overlays import ConfirmOverlay, Overlay
from amul_table.scenes.ui import make_manager
from amul_table.session import GameSession
from amul_table.sprites.style import CREAM, GOLD, MUTED, PANEL, WARNING, draw_wrapped, fit_text, panel, text
from amul_table.sprites.widgets import Button, row_buttons

if TYPE_CHECKING:
    from amul_table.app import App

NAME_LIMIT = 60  # characters typed in the Save as… box (save_files.MAX_FILE_NAME cuts the file name at 80)


class TableSaver:
    """Autosaves of the game on the table: when it opens, after every decision, when it closes.

    The snapshot is taken on the main thread, between two actions (the bots only think in their thread;
    their actions are applied here); the writing happens in the saves place's one background writer, so
    a decision costs the frame a state clone only. A game that was already over when opened is never
    autosaved: looking at a finished save must not replace the game that Continue would resume.
    """

    def __init__(self, app: App, session: GameSession) -> None:
        self.app = app
        self.session = session
        self.opened_over = session.is_over
        self.saved_actions = -1  # how many actions the last autosave held

    def after(self, events: Sequence[Event]) -> None:
        """Save after every decision (a crash then loses at most the one being made), off the frame;
        at the start of a round, wait for the disk as before (once a round, the cost is not felt)."""
        if events:
            self.save(wait=any(e.kind == "round" for e in events))

    def save(self, *, wait: bool = True) -> None:
        """Save now, unless nothing happened since the last save; `wait` until it is on disk."""
        done = len(self.session.state.actions)
        if self.opened_over or not self.app.saves.can_write:
            return
        if done == self.saved_actions:
            if wait:
                self.app.saves.flush()
            return
        problem = self.app.saves.autosave(self.session, wait=wait)
        if problem:
            self.app.notify(reason_text(problem))
        else:
            self.saved_actions = done

    def flush(self) -> None:
        """Wait until the autosaves handed over are on disk (tests; the window's close does it too)."""
        self.app.saves.flush()


# --- the title ----------------------------------------------------------------------------------


def continue_buttons(app: App) -> list[Button]:
    """ "Continue", when the newest autosave is a valid game that is not over; else nothing."""
    record = app.saves.continue_record()
    if record is None:
        return []
    return [Button(tr("title.continue"), lambda: play_saved_game(app, record))]


def load_buttons(app: App) -> list[Button]:
    """ "Load game", when the saves folder holds at least one save (or a refused file to explain)."""
    if not app.saves.has_saves():
        return []

    def open_load() -> None:
        from amul_table.scenes.load import LoadScene

        app.push(LoadScene(app))

    return [Button(tr("title.load"), open_load)]


def play_saved_game(app: App, record: GameRecord, replace: bool = False) -> None:
    """Sit down at a saved game exactly where it stopped (no dealing animation)."""
    from amul_table.scenes.table.pass_and_play import table_scene

    table = table_scene(app, session_of(record), intro=False)  # several humans: behind the shield
    if replace:
        app.replace(table)
    else:
        app.push(table)


def draw_saves_line(surface: pygame.Surface, app: App, u: float) -> None:
    """Where games are saved, or why they are not, in small letters at the bottom left."""
    saves = app.saves
    if saves.problem:
        line, colour = reason_text(saves.problem), WARNING
    elif saves.folder is not None:
        line, colour = tr("saves.folder", folder=str(saves.folder)), MUTED
    else:
        return
    w, h = surface.get_size()
    img = fit_text(line, w - int(40 * u), max(10, int(15 * u)), colour)
    surface.blit(img, img.get_rect(bottomleft=(int(20 * u), h - int(12 * u))))


# --- Save as… -------------------------------------------------------------------------------------


class SaveAsOverlay(Overlay):
    """A name for the save, typed in; replacing a valid save asks first, a refused file is never replaced."""

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.name = suggested_name(session)
        self.message = "" if app.saves.can_write else reason_text(app.saves.problem) or tr("save_as.off")
        self.save_button = Button(tr("save_as.save"), self.save, primary=True)
        self.save_button.enabled = app.saves.can_write
        self.buttons = [Button(tr("save_as.cancel"), self.app.pop), self.save_button]
        self.manager: pygame_gui.UIManager | None = None
        self.entry: pygame_gui.elements.UITextEntryLine | None = None

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        u = self.scale()
        self.u = u
        self.box = pygame.Rect(0, 0, int(640 * u), int(330 * u))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.manager = make_manager(size, u)
        field = pygame.Rect(self.box.left + int(40 * u), self.box.top + int(104 * u), self.box.w - int(80 * u), 0)
        field.h = int(46 * u)
        self.entry = pygame_gui.elements.UITextEntryLine(field, self.manager, object_id="#save_name")
        self.entry.set_text_length_limit(NAME_LIMIT)
        self.entry.set_text(self.name)
        self.entry.focus()
        self.entry.edit_position = len(self.name)
        self.message_rect = pygame.Rect(field.left, field.bottom + int(34 * u), field.w, int(56 * u))
        row_buttons(
            self.buttons, (self.box.centerx, self.box.bottom - int(44 * u)), int(170 * u), int(46 * u), int(24 * u)
        )

    def leave(self) -> None:
        if self.manager is not None:
            self.manager.clear_and_reset()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.manager is not None:
            self.manager.process_events(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.name = self.entry.get_text()
            if self.app.saves.can_write:
                self.message = ""
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save()
        for b in self.buttons:
            if b.handle_event(event):
                break
        self.dirty = True

    def update(self, dt: float) -> None:
        if self.manager is not None:
            self.manager.update(dt)
        self.dirty = True  # the text cursor blinks

    def save(self) -> None:
        """Save under the typed name; a valid save of that name is replaced only after asking."""
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
            self.app.saves.save_as(self.session, path)
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
        if self.manager is not None:
            self.manager.draw_ui(surface)
        for b in self.buttons:
            b.draw(surface)


def suggested_name(session: GameSession) -> str:
    """A name to start from: the round and the local time ("Round 4 of 9 – 2026-11-25 22.40")."""
    now = dt.datetime.now().astimezone()
    state = session.state
    round_words = tr("save_as.over") if state.is_over else tr("load.round", n=state.round)
    return f"{round_words} – {now:%Y-%m-%d %H.%M}"


def reason_text(error: PersistenceError | None) -> str:
    """A persistence error in the window's language, as a sentence ("" for None)."""
    return "" if error is None else sentence(tr_error(error))


def sentence(message: str) -> str:
    """A save layer message as a sentence: capital first letter, full stop at the end."""
    message = message.strip()
    if not message:
        return message
    message = message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."
