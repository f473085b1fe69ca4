"""A monkey types random Unicode (zero-width, combining, right-to-left, emoji, controls) into every text field.

Setup names and seed, the card browser's search, Save as…: the window must go on drawing, whatever is
typed, and a game started from odd names must reach the table.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pygame_gui
import pytest

from amul_table.app.headless import make_session, push_scene, push_showcase
from amul_table.app.window import App
from amul_table.persistence.saves_folder import SavesFolder
from amul_table.scenes.title import TitleScene
from tests.budget import slow
from tests.security.hostile import ODD_TEXT
from tests.window_driver import close_window

TYPED = [*ODD_TEXT, "a", "Ü", "7", " ", "\u0627\u0644\u0639\u0631\u0628\u064a\u0629", "\u4e2d\u6587", "\U0001f3b4"]
TALLY = {"typed": 0, "frames": 0}


def text_entries(scene: object) -> list[pygame_gui.elements.UITextEntryLine]:
    """Every text field a scene holds, wherever it keeps it (an attribute, a dict of widgets, a list)."""
    found = [w for w in getattr(scene, "widgets", {}).values() if isinstance(w, pygame_gui.elements.UITextEntryLine)]
    for value in vars(scene).values():
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list | tuple) else [value]
        found += [v for v in items if isinstance(v, pygame_gui.elements.UITextEntryLine) and v not in found]
    return found


def save_as_overlay(app: App) -> object:
    from amul_table.scenes.routes import Route
    from amul_table.scenes.save_as import SaveAsOverlay

    table = app.go(Route.TABLE, make_session(3, 1, "medium"))  # the window's game in play, its table not shown
    return SaveAsOverlay(app, table.link.view(0))


def open_scene(app: App, which: str) -> None:
    if which == "setup":
        push_scene(app, "setup", 4, 1, "medium", 0)
    elif which == "cards":
        push_showcase(app, "cards", 4, 1, "medium", 0)
    else:
        app.push(save_as_overlay(app))


def type_into(app: App, entry: pygame_gui.elements.UITextEntryLine, rng: random.Random) -> None:
    if rng.random() < 0.3:
        entry.set_text("")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=entry.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=entry.rect.center, button=1))
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.15:
            key = rng.choice([pygame.K_BACKSPACE, pygame.K_LEFT, pygame.K_HOME, pygame.K_END, pygame.K_DELETE])
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        else:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TYPED)))
            TALLY["typed"] += 1
    app.guarded_step(1 / 60)
    TALLY["frames"] += 1
    assert app.failures == 0, "a frame failed while typing"


@pytest.mark.parametrize("which", ["setup", "cards", "save-as"])
@pytest.mark.parametrize("seed", [1, slow(2)])
def test_typing_odd_unicode_into_every_field_never_fails_a_frame(window, tmp_path: Path, which: str, seed: int) -> None:
    app = window(bot_pause=0.0)
    app.saves = SavesFolder.open(tmp_path / "saves")
    app.push(TitleScene(app))
    try:
        open_scene(app, which)
        app.guarded_step(1 / 60)
        entries = text_entries(app.top)
        assert entries, f"no text field found on {which}"
        rng = random.Random(seed)
        for _ in range(40):
            type_into(app, rng.choice(entries), rng)
            app.mark_dirty()
        assert app.running
    finally:
        close_window(app)


def test_a_game_started_with_odd_names_reaches_the_table(window, tmp_path: Path) -> None:
    from amul_table.scenes.table.scene import TableScene

    app = window(bot_pause=0.0)
    app.saves = SavesFolder.open(tmp_path / "saves")
    app.push(TitleScene(app))
    try:
        open_scene(app, "setup")
        app.guarded_step(1 / 60)
        setup = app.top
        for i, entry in enumerate(e for e in text_entries(setup) if e is not setup.widgets.get("seed")):
            entry.set_text(["\u200b", "e\u0301", "\u202eevil", "\U0001f600"][i % 4])
        setup._read_entries()
        setup.start()
        for _ in range(5):
            app.guarded_step(1 / 60)
        assert app.failures == 0
        assert any(isinstance(s, TableScene) for s in app.stack) or app.top is setup  # started, or refused
    finally:
        close_window(app)
