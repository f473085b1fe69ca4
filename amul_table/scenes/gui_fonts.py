"""pygame_gui's text measured and drawn without ever raising: zero-width text gives an empty line.

pygame_gui renders every text entry's content with pygame.font, which raises "Text has zero width" for
U+200B, U+FEFF, a lone combining mark and the like; typed into an empty field, that ended the program.
`guard_gui_fonts` wraps the three methods that render, once per process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from pygame_gui.core.gui_font_pygame import GUIFontPygame

_GUARDED = "_amul_guarded"


def guard_gui_fonts() -> None:
    """Make pygame_gui's font wrapper return empty results for text the font cannot draw."""
    if getattr(GUIFontPygame, _GUARDED, False):
        return
    GUIFontPygame.get_rect = _guarded(GUIFontPygame.get_rect, lambda font, text, *_, **__: pygame.Rect(0, 0, 0, 0))
    GUIFontPygame.render_premul = _guarded(GUIFontPygame.render_premul, _empty_line)
    GUIFontPygame.render_premul_to = _guarded(GUIFontPygame.render_premul_to, _empty_area)
    setattr(GUIFontPygame, _GUARDED, True)


def _empty_line(font: GUIFontPygame, text: str, *_: Any, **__: Any) -> pygame.Surface:
    return pygame.Surface((0, max(1, font.get_rect("A").height)), pygame.SRCALPHA)


def _empty_area(font: GUIFontPygame, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
    size = kwargs.get("surf_size") or (args[1] if len(args) > 1 else (0, 0))
    return pygame.Surface(size, pygame.SRCALPHA)


def _guarded(method: Callable, empty: Callable) -> Callable:
    def guarded(self: GUIFontPygame, text: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, text, *args, **kwargs)
        except (pygame.error, ValueError):
            return empty(self, text, *args, **kwargs)

    guarded.__doc__ = method.__doc__
    return guarded
