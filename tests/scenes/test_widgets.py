"""The widget system's manager: made again only for a new window size or scale (a theme parse each time)."""

from __future__ import annotations

import pygame
import pytest

from amul_table.scenes.settings import SettingsScene
from tests.window_driver import click, key


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
