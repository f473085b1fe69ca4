"""The title's buttons, with or without Continue and Load game, never overlap the name or the card fan."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pygame_gui
import pytest

from amul_table.app.headless import make_session
from amul_table.app.window import App
from amul_table.persistence.save_format import dump_save
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.scenes.title import TitleScene
from tests.window_driver import close_window, open_window


@pytest.fixture
def saves_with_autosave(tmp_path: Path) -> Path:
    """A game just begun, autosaved: the title offers Continue and Load game."""
    (tmp_path / "autosave.yaml").write_text(dump_save(make_session(3, 4, "medium").saved_game()), encoding="utf-8")
    return tmp_path


def title_at(size: tuple[int, int], folder: Path | None) -> tuple[App, TitleScene]:
    app = open_window(size)
    if folder is not None:
        app.saves = SavesFolder(folder)
    title = TitleScene(app)
    app.push(title)
    app.step(0.0)
    return app, title


@pytest.mark.parametrize("size", [(1024, 640), (1600, 900), (1920, 1080), (2560, 720), (1280, 1024)])
@pytest.mark.parametrize("with_saves", [True, False])
def test_no_title_button_touches_the_fan_the_name_or_the_saves_line(size, with_saves, saves_with_autosave, tmp_path):
    app, title = title_at(size, saves_with_autosave if with_saves else tmp_path / "empty")
    try:
        assert len(title.widgets) == (10 if with_saves else 8)
        labels = title.ui.labels()
        assert ("Continue" in labels and "Load game" in labels) == with_saves
        screen = pygame.Rect((0, 0), size)
        others = [title.title_rect, title.subtitle_rect, *(rect for _, rect in title.fan_cards)]
        saves_line_top = size[1] - int(12 * title.u) - int(max(10, int(15 * title.u)) * 1.2)
        buttons = list(title.widgets.values())
        for button in buttons:
            assert screen.contains(button.rect)
            assert button.rect.collidelist(others) == -1, button.text
            assert button.rect.bottom + 3 <= saves_line_top  # clear of the saves line by a few pixels
        for a, b in itertools.pairwise(buttons):
            assert a.rect.bottom < b.rect.top
        for button in buttons:  # the label whole: ten buttons at 1600x900 cut the g of "game" and the J of "Join"
            assert button.font.get_rect("Jg").h + 2 * 2 <= button.rect.h, button.text
        for rect in others:
            assert screen.contains(rect)
        assert title.subtitle_rect.top >= title.title_rect.bottom - 1
        assert all(rect.top > title.subtitle_rect.bottom for _, rect in title.fan_cards)
    finally:
        close_window(app)


def test_each_title_button_is_built_once_in_its_place_and_kept_while_the_saves_bring_no_other(
    saves_with_autosave, tmp_path, monkeypatch
):
    built: list[pygame.Rect] = []
    real = pygame_gui.elements.UIButton.__init__

    def counting(self, rect, *args, **kwargs):
        built.append(pygame.Rect(rect))
        real(self, rect, *args, **kwargs)

    monkeypatch.setattr(pygame_gui.elements.UIButton, "__init__", counting)
    app, title = title_at((1024, 640), tmp_path / "empty")
    try:
        assert built == [w.rect for w in title.widgets.values()]  # once each, at once where it stays
        kept = dict(title.widgets)
        app.push(TitleScene(app))
        built.clear()
        app.pop()  # back to the title, the saves folder as it was: the same buttons
        assert built == [] and title.widgets == kept
        app.saves = SavesFolder(saves_with_autosave)
        app.push(TitleScene(app))
        app.pop()  # back with an autosave: Continue and Load game appear
        assert title.ui.labels()[:3] == ["Continue", "New game", "Load game"]
        title.press("continue")
        assert not isinstance(app.top, TitleScene)
    finally:
        close_window(app)


def test_the_fan_kept_is_the_fan_turned_afresh_in_the_windows_language(window):
    """The fan's turned faces are kept by card, width, language, colour-blind letters and angle: a title in French
    shows French faces, one in English again the English ones, and a face kept equals turning it afresh."""
    from amul_table.scenes.title import fanned_face

    def fan_of(app: App) -> list[bytes]:
        app.push(TitleScene(app))
        return [pygame.image.tobytes(img, "RGBA") for img, _ in app.top.fan_cards]

    english = fan_of(window((1024, 640)))
    french = fan_of(window((1024, 640), language="fr"))
    assert fan_of(window((1024, 640))) == english
    assert all(e != f for e, f in zip(english, french, strict=True))
    uid = TitleScene(window()).fan[1]
    faces = {
        (lang, blind): pygame.image.tobytes(fanned_face(uid, 90, lang, -9.0, colour_blind=blind), "RGBA")
        for lang in ("en", "fr")
        for blind in (False, True)
    }
    assert len(set(faces.values())) == 4
    for (lang, blind), face in faces.items():
        assert pygame.image.tobytes(fanned_face.__wrapped__(uid, 90, lang, -9.0, colour_blind=blind), "RGBA") == face
