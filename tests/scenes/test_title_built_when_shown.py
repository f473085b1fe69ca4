"""The title builds its buttons when first used (drawn, pressed, read), where its last resize laid them out: a title
the window covers at once builds none, and one shown again after a resize or a new language underneath shows the
buttons a title opened then would."""

from __future__ import annotations

import pygame
import pytest

from amul_table.scenes.settings import SettingsScene
from amul_table.scenes.title import TitleScene
from amul_table.scenes.ui import Widgets
from tests.window_driver import frames, key


def buttons(title: TitleScene) -> list[tuple[str, tuple[int, int, int, int], str]]:
    return [(k, tuple(e.rect), e.text) for k, e in title.widgets.items()]


@pytest.mark.window(title=True)
def test_a_covered_title_builds_nothing_and_shows_again_as_a_title_opened_then(app, monkeypatch):
    title = app.top
    built: list[str] = []
    add_button = Widgets.add_button
    monkeypatch.setattr(
        Widgets, "add_button", lambda ui, key, *a, **k: built.append(key) or add_button(ui, key, *a, **k)
    )
    app.push(SettingsScene(app))  # covers the title before its first frame
    app.resize((1024, 640))
    app.change_setting("language", "fr")
    frames(app, 2)
    assert "new_game" not in built  # the settings' buttons only
    key(app, pygame.K_ESCAPE)
    assert app.top is title
    frames(app, 1)
    assert built.count("new_game") == 1  # built once, when shown
    shown = buttons(title)
    assert (
        title.ui.manager.window_resolution == (1024, 640)
        and dict((k, t) for k, _, t in shown)["settings"] == "Réglages"
    )
    fresh = TitleScene(app)
    app.push(fresh)
    assert buttons(fresh) == shown
