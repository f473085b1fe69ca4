"""A scene nobody touches is not redrawn: pygame_gui scenes redraw only when a widget changed."""

from __future__ import annotations

import pygame
import pytest

from amul_table.app.window import App
from amul_table.scenes.browser.scene import CardBrowserScene
from amul_table.scenes.settings import SettingsScene
from amul_table.scenes.setup import SetupScene
from amul_table.scenes.title import TitleScene

pytestmark = pytest.mark.window(bot_pause=0.0)

IDLE_FRAMES = 120  # two seconds at 60 fps


def draws_over(app: App, scene, frames: int) -> int:
    """How many of the next `frames` frames drew `scene`."""
    count = 0
    draw = scene.draw

    def counted(surface: pygame.Surface) -> None:
        nonlocal count
        count += 1
        draw(surface)

    scene.draw = counted
    try:
        for _ in range(frames):
            app.step(1 / 60)
    finally:
        del scene.draw  # the class's draw again
    return count


@pytest.mark.parametrize("make", [SetupScene, SettingsScene, CardBrowserScene, TitleScene])
def test_an_idle_scene_is_not_redrawn(app, make):
    scene = make(app)
    app.push(scene)
    app.step(1 / 60)
    app.step(1 / 60)
    assert draws_over(app, scene, IDLE_FRAMES) == 0


def test_hovering_a_button_redraws_once_then_stops(app):
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60)
    pos = scene.widgets["back"].rect.center
    pygame.mouse.set_pos(pos)  # pygame_gui reads the pointer from pygame, not from the event
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert draws_over(app, scene, 3) >= 1
    assert draws_over(app, scene, IDLE_FRAMES) == 0


def test_a_focused_text_field_redraws_only_when_its_cursor_blinks(app):
    scene = SetupScene(app)
    app.push(scene)
    app.step(1 / 60)
    scene.widgets["seed"].focus()
    drawn = draws_over(app, scene, IDLE_FRAMES)
    assert 0 < drawn < IDLE_FRAMES // 10  # a blink every ~0.4 s, not every frame
