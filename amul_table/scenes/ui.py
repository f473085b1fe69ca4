"""pygame_gui set up with the shipped theme and fonts, scaled to the window."""

from __future__ import annotations

import copy
import json
import warnings
from collections.abc import Callable
from functools import cache

import pygame
import pygame_gui

from amul_table.scenes.base import Scene
from amul_table.scenes.gui_fonts import guard_gui_fonts
from amul_table.sprites.style import assets_dir, font_path

FONTS = {"dejavusans": "sans", "dejavuserif": "serif"}


@cache
def _theme() -> dict:
    return json.loads((assets_dir() / "theme.json").read_text(encoding="utf-8"))


def make_manager(size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
    """A UI manager whose theme fonts are scaled by `scale` (so widgets stay readable up to 4K)."""
    guard_gui_fonts()  # zero-width text typed into a field must not end the program
    theme = copy.deepcopy(_theme())
    sizes: set[tuple[str, int, bool]] = set()
    for block in theme.values():
        f = block.get("font")
        if f:
            f["size"] = str(max(10, int(int(f["size"]) * scale)))
            sizes.add((f["name"], int(f["size"]), f.get("bold") == "1"))
    manager = pygame_gui.UIManager(size, theme_path=theme, enable_live_theme_updates=False)
    for name, family in FONTS.items():
        manager.add_font_paths(name, font_path(family, False), font_path(family, True))
    with warnings.catch_warnings():  # pygame_gui warns when a size is already loaded: harmless
        warnings.simplefilter("ignore", UserWarning)
        manager.preload_fonts(
            [{"name": n, "point_size": s, "style": "bold" if b else "regular"} for n, s, b in sorted(sizes)]
        )
    return manager


class ButtonScene(Scene):
    """A scene of pygame_gui buttons, each under a key with its action, so tests and keys can press them."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.manager: pygame_gui.UIManager | None = None
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.actions: dict[str, Callable[[], None]] = {}

    def add_button(
        self, key: str, label: str, rect: pygame.Rect, action: Callable[[], None], object_id: str | None = None
    ) -> None:
        self.widgets[key] = pygame_gui.elements.UIButton(rect, label, self.manager, object_id=object_id)
        self.actions[key] = action

    def run_button(self, event: pygame.event.Event) -> bool:
        """Run the action of the button this event pressed; True when the event was a button press."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        key = next((k for k, v in self.widgets.items() if v is event.ui_element), None)
        if key is not None:
            self.actions[key]()
        return True

    def press(self, key: str) -> None:
        """Act as if the button `key` was clicked (tests, keyboard shortcuts)."""
        self.actions[key]()

    def update(self, dt: float) -> None:
        if self.manager is not None:
            self.manager.update(dt)
            self.dirty = True
