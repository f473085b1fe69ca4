"""pygame_gui's managers for the window: the shipped theme scaled to the window, parsed once a scale, and fonts
loaded on this thread."""

from __future__ import annotations

import copy
import json
import warnings
from functools import cache

import i18n  # type: ignore[import-untyped]  # pygame_gui's translations (python-i18n), not the window's
import pygame
import pygame_gui
from pygame_gui.core import BlockingThreadedResourceLoader
from pygame_gui.core.interfaces import IUIAppearanceThemeInterface

from amul_table.persistence.assets import assets_dir
from amul_table.scenes.gui_fonts import guard_gui_fonts
from amul_table.sprites.font_files import font_path

FONTS = {"dejavusans": "sans", "dejavuserif": "serif"}
# Element types the window uses: each gets the theme's default font when its block names none, because
# pygame_gui never reads a font from the "defaults" block (it would fall back to its own 14 pt font, unscaled).
ELEMENT_TYPES = ("button", "text_entry_line", "label", "text_box")


@cache
def _theme() -> dict:
    return json.loads((assets_dir() / "theme.json").read_text(encoding="utf-8"))


def scaled_theme(scale: float) -> dict:
    """The shipped theme with every element type's font named and every font scaled by `scale`."""
    theme = copy.deepcopy(_theme())
    default_font = theme["defaults"]["font"]
    for kind in ELEMENT_TYPES:
        block = theme.setdefault(kind, {})
        block.setdefault("font", dict(default_font))
    for block in theme.values():
        f = block.get("font")
        if f:
            f["size"] = str(max(10, int(int(f["size"]) * scale)))
    return theme


# The theme a scale's managers share: pygame_gui parses its default theme file and ours again for every
# manager (~5 ms, most of a new manager's cost, and a scene makes one at each new size). Its fonts die with
# pygame.quit, so the window forgets them then (`forget_themes`), and at each new window.
_THEMES: dict[float, IUIAppearanceThemeInterface] = {}


def forget_themes() -> None:
    """Parse the themes again for the next managers (their fonts are unusable after pygame.quit)."""
    _THEMES.clear()


def _loader() -> BlockingThreadedResourceLoader:
    """A resource loader already started, with no thread: pygame_gui then loads each font and image at once
    on this thread, where a manager's own loader starts and joins five threads for nothing (a new manager's
    main cost after its theme)."""
    loader = BlockingThreadedResourceLoader()
    loader.num_loading_threads = 0
    loader.start()
    return loader


_LOADER = _loader()


class _Manager(pygame_gui.UIManager):
    """A UI manager loading through `_LOADER` that leaves python-i18n's load path as it found it (pygame_gui
    adds its translations folder for every manager: the list grew with each window size)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, enable_live_theme_updates=False, resource_loader=_LOADER)
        i18n.load_path[:] = dict.fromkeys(i18n.load_path)  # each folder once, in the order first added


class _ThemedManager(_Manager):
    """A UI manager given a theme already parsed, instead of parsing its own."""

    def __init__(self, size: tuple[int, int], theme: IUIAppearanceThemeInterface) -> None:
        self._ready_theme = theme
        super().__init__(size)

    def create_new_theme(self, theme_path: object = None) -> IUIAppearanceThemeInterface:  # type: ignore[override]
        return self._ready_theme


def make_manager(size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
    """A UI manager whose theme fonts are scaled by `scale` (so widgets stay readable up to 4K)."""
    if scale in _THEMES:
        return _ThemedManager(size, _THEMES[scale])
    manager = _parsed_manager(size, scale)
    if not _THEMES:
        pygame.register_quit(forget_themes)  # called once at the next pygame.quit
    _THEMES[scale] = manager.get_theme()
    return manager


def _parsed_manager(size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
    """A UI manager that parses the shipped theme scaled by `scale` and loads its fonts."""
    guard_gui_fonts()  # zero-width text typed into a field must not end the program
    theme = scaled_theme(scale)
    sizes = {(f["name"], int(f["size"]), f.get("bold") == "1") for f in (b.get("font") for b in theme.values()) if f}
    manager = _Manager(size)
    for name, family in FONTS.items():  # before the theme: fonts it names before their files are known lose bold
        manager.add_font_paths(name, font_path(family, False), font_path(family, True))
    manager.get_theme().load_theme(theme)
    with warnings.catch_warnings():  # pygame_gui warns when a size is already loaded: harmless
        warnings.simplefilter("ignore", UserWarning)
        manager.preload_fonts(
            [{"name": n, "point_size": s, "style": "bold" if b else "regular"} for n, s, b in sorted(sizes)]
        )
    return manager
