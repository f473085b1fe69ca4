"""What every scene is: it gets events, time and a surface; overlays let the scene below show through."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from amul_table.app.window import App


class Scene:
    """A screen of the app. `opaque` scenes hide everything below them; overlays set it False."""

    opaque = True
    in_game = False  # quitting while a game scene is on the stack asks first

    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""
        self.dirty = True

    def leave(self) -> None:
        """Called when the scene is popped or replaced for good."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event: the app sends each to the top scene only."""

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds; set `dirty` when something changed."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the scene (or, for overlays, what goes over the scene below): the one way the window draws it. A
        scene may draw only what changed when `app.holds(self, surface)`, and then returns where; None: all of it."""

    def resize(self, size: tuple[int, int]) -> None:
        self.dirty = True

    def settings_changed(self) -> None:
        """The player changed a setting; redraw with it."""
        self.dirty = True
