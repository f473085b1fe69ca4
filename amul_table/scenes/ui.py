"""pygame_gui set up with the shipped theme and fonts, scaled to the window."""

from __future__ import annotations

import copy
import json
import warnings
from functools import cache

import pygame_gui

from amul_table.sprites.style import assets_dir, font_path

FONTS = {"dejavusans": "sans", "dejavuserif": "serif"}


@cache
def _theme() -> dict:
    return json.loads((assets_dir() / "theme.json").read_text(encoding="utf-8"))


def make_manager(size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
    """A UI manager whose theme fonts are scaled by `scale` (so widgets stay readable up to 4K)."""
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
