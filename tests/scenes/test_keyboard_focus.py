"""One keyboard focus for every widget scene: Tab and arrows move a ring, Enter or Space press the button."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from amul_table.persistence.saves_folder import SavesFolder
from amul_table.scenes.overlays import ConfirmOverlay, MenuOverlay
from amul_table.scenes.settings import SettingsScene
from amul_table.scenes.setup import SetupScene
from amul_table.scenes.title import TitleScene
from tests.scenes.test_title import saves_with_autosave  # noqa: F401 (a fixture)
from tests.window_driver import frames, key

pytestmark = pytest.mark.window(size=(1024, 640))


@pytest.fixture
def app(app, tmp_path: Path):
    """The conftest's window, on the title screen with no saved game."""
    app.saves = SavesFolder(tmp_path / "empty")
    app.push(TitleScene(app))
    frames(app, 1)
    return app


def test_tab_and_arrows_walk_the_title_buttons_in_order_and_wrap(app):
    title = app.top
    keys = title.ui.focusable()
    assert title.ui.focused() is None
    key(app, pygame.K_TAB)
    assert title.ui.focused() == keys[0]
    key(app, pygame.K_DOWN)
    assert title.ui.focused() == keys[1]
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_UP)
    assert title.ui.focused() == keys[-1]  # wraps round


def test_enter_presses_the_focused_button(app):
    title = app.top
    key(app, pygame.K_TAB)
    while title.ui.focused() != "settings":
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)


def test_enter_on_the_title_without_a_game_in_hand_starts_a_new_one(app):
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)


def test_enter_on_the_title_continues_the_game_in_hand(window, saves_with_autosave):  # noqa: F811
    app = window((1024, 640))
    app.saves = SavesFolder(saves_with_autosave)
    title = TitleScene(app)
    app.push(title)
    frames(app, 1)
    pressed = []
    title.ui.actions["continue"] = lambda: pressed.append("continue")
    key(app, pygame.K_RETURN)
    assert pressed == ["continue"]


def test_a_confirm_question_takes_tab_then_enter_on_no(app):
    said_yes = []
    app.push(ConfirmOverlay(app, "?", lambda: said_yes.append(True)))
    frames(app, 1)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert app.top.ui.focused() == "no"
    key(app, pygame.K_RETURN)
    assert not said_yes and isinstance(app.top, TitleScene)


def test_the_menu_and_settings_move_the_focus_and_space_presses(app):
    app.push(MenuOverlay(app, lambda: None))
    frames(app, 1)
    menu = app.top
    key(app, pygame.K_DOWN)
    assert menu.ui.focused() == menu.ui.focusable()[0]
    app.pop()
    app.push(SettingsScene(app))
    frames(app, 1)
    settings = app.top
    key(app, pygame.K_TAB)
    first = settings.ui.focused()
    assert first is not None
    key(app, pygame.K_SPACE)
    frames(app, 1)
    assert app.top is settings and settings.ui.focused() == first  # kept by key across the rebuild


def test_the_focus_ring_is_drawn_where_hover_is_not(app):
    title = app.top
    frames(app, 1)
    plain = app.screen.copy()
    key(app, pygame.K_TAB)
    frames(app, 1)
    rect = title.widgets[title.ui.focused()].rect.inflate(10, 10)
    ring = (rect.left + 1, rect.centery)
    assert app.screen.get_at(ring) != plain.get_at(ring)
