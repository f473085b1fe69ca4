"""The widget system's manager: made again only for a new window size or scale (a theme parse each time); an
empty field's hint."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from amul_table.i18n import set_language, tr
from amul_table.scenes.online_join import EXAMPLE, JoinScene
from amul_table.scenes.settings import SettingsScene
from tests.scenes.table_text import Drawn, recording
from tests.scenes.test_table_layout import CAP_PX
from tests.window_driver import click, frames, key, type_text


@pytest.mark.window(title=True)
def test_a_scene_built_again_at_its_size_keeps_its_manager_and_its_new_buttons_work(app):
    title = app.top
    manager = title.ui.manager
    click(app, title.widgets["settings"].rect)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)  # the title shows again: its buttons are built again
    assert app.top is title and title.ui.manager is manager
    app.change_setting("language", "fr")  # built again in French, in the same manager
    assert title.ui.manager is manager and title.widgets["settings"].text == "Réglages"
    click(app, title.widgets["settings"].rect)  # a button of the rebuilt set, in the kept manager, works
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    app.resize((1024, 640))
    assert title.ui.manager is not manager and title.ui.manager.window_resolution == (1024, 640)


def test_managers_of_one_scale_share_one_parsed_theme_until_pygame_quits(window):
    """A manager parsed pygame_gui's theme files for itself (~5 ms each, a new scene's most); now a scale's
    managers share one, kept by the next window while pygame lives and parsed again after pygame.quit, which
    kills its fonts."""
    from amul_table.scenes import gui_managers as ui

    first = window()
    small, large = ui.make_manager((1024, 640), 1.0), ui.make_manager((1920, 1080), 1.0)
    assert small.get_theme() is large.get_theme()
    assert ui.make_manager((1024, 640), 1.5).get_theme() is not small.get_theme()
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 200, 40), "Réglages", large)
    large.update(0.0)
    large.draw_ui(first.screen)  # the shared theme's fonts draw in the second manager
    assert button.image.get_bounding_rect().w > 0
    first.close(quit_pygame=False)
    second = window()  # a window after one closed without quitting pygame keeps the parsed theme
    assert ui.make_manager((1024, 640), 1.0).get_theme() is small.get_theme()
    second.close()  # the usual close quits pygame: the themes go with their fonts
    assert ui._THEMES == {}
    third = window()
    again = ui.make_manager((1024, 640), 1.0)
    assert again.get_theme() is not small.get_theme()
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 200, 40), "Réglages", again)
    again.update(0.0)
    again.draw_ui(third.screen)  # a theme parsed again draws with the new pygame's fonts
    assert button.image.get_bounding_rect().w > 0


def test_new_managers_start_no_loader_thread_and_leave_the_translation_path_as_it_was(window, monkeypatch):
    """pygame_gui gave every manager a loader starting five threads, and added its translations folder to
    python-i18n's load path each time; now managers load on this thread and the path stays one entry long."""
    import threading

    import i18n

    from amul_table.scenes import gui_managers as ui

    window()
    ui.make_manager((1024, 640), 1.0)
    path = list(i18n.load_path)
    started: list[threading.Thread] = []
    start = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start", lambda thread: (started.append(thread), start(thread))[1])
    made = [ui.make_manager((800 + i, 600), 1.0 + (i % 3) / 4) for i in range(20)]
    assert started == []
    assert i18n.load_path == path and len(set(path)) == len(path)
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 200, 40), "Réglages", made[-1])
    made[-1].update(0.0)
    assert button.image.get_bounding_rect().w > 0  # fonts loaded at once, on this thread


@pytest.mark.window(size=(1024, 640))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_empty_fields_hint_is_dimmer_than_typed_text_whole_and_gone_once_typing(app, monkeypatch, lang):
    """The Join screen's Host hint ("… 192.168.1.20:8765") was drawn in the typed text's colour, so the field
    looked filled in. It is drawn in the theme's placeholder colour, whole and readable, while the field is empty
    and has not the keyboard."""
    set_language(lang)
    join = JoinScene(app)
    app.push(join)
    frames(app)
    field = join.widgets["address"]
    typed = pygame.Color(join.ui.theme["text_entry_line"]["colours"]["normal_text"])

    def typed_pixels() -> int:
        inside = app.screen.subsurface(field.rect.inflate(-8, -8))
        return pygame.mask.from_threshold(inside, typed, (2, 2, 2, 255)).count()

    def hints_drawn() -> list[Drawn]:
        with recording(monkeypatch) as drawn:
            join.draw(app.screen)
        return [d for d in drawn if d.value == tr("join.address_hint", example=EXAMPLE)]

    assert typed_pixels() == 0, "the hint is drawn in the typed text's colour"
    hint = hints_drawn()
    assert len(hint) == 1 and hint[0].cap >= CAP_PX, hint
    click(app, field.rect)  # the keyboard's field: the hint goes
    assert hints_drawn() == []
    type_text(app, "10.0.0.5")
    join.draw(app.screen)
    assert typed_pixels() > 0 and hints_drawn() == []
