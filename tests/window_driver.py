"""One window driver for every test: opens the window and gives it a player's clicks, keys, typing and frames,
so that no test module keeps its own copy of them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from amul_table.app.window import App
from amul_table.persistence.settings import Settings

FRAME = 1 / 60  # one frame of the window at its 60 fps
SIZE = (1280, 800)  # the window most tests open; the small one is (1024, 640)


def open_window(size: tuple[int, int] = SIZE, **settings: Any) -> App:
    """A window of `size` with these settings; animations are instant unless the test asks for a speed."""
    settings.setdefault("animation_speed", "instant")
    app = App(Settings(**settings), size)
    pygame.event.clear()  # the window's own events (shown, or resized when pygame outlived the last test's window)
    return app


def close_window(app: App) -> None:
    """Close a test's window as the player would (its scenes leave: autosave, records) but keep pygame up: a
    quit dropped the fonts, themes and every cached drawing, which the next test's window then made again."""
    app.close(quit_pygame=False)
    if pygame.display.get_init():
        pygame.mouse.set_pos((0, 0))  # where a new window's pointer starts: no hover carried over
        pygame.event.clear()


def frames(app: App, n: int = 1, dt: float = FRAME) -> None:
    """Step the window `n` frames of `dt` seconds."""
    for _ in range(n):
        app.step(dt)


def click(app: App, target: tuple[int, int] | pygame.Rect, *, button: int = 1, dt: float = FRAME) -> None:
    """Move to `target` (a point, or a rect's centre), press and release, then two frames: cards act on the
    press, a pygame_gui button on the event it posts at the release."""
    pos = target.center if isinstance(target, pygame.Rect) else target
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, 2, dt)


def key(app: App, k: int, *, mod: int = 0, unicode: str = "", dt: float = FRAME) -> None:
    """Press and release key `k`, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    frames(app, 1, dt)


def type_text(app: App, text: str) -> None:
    """Type `text` one character a frame, as the text-input events of a keyboard."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app)


def until(
    app: App, predicate: Callable[[], object], *, max_frames: int = 2000, dt: float = FRAME, what: str = "it"
) -> None:
    """Step the window until `predicate()` holds (checked before each frame); fail after `max_frames` frames.

    With the `inline_bots` fixture the bots decide inside the frames, so this waits for a bot without sleeping."""
    for _ in range(max_frames):
        if predicate():
            return
        app.step(dt)
    raise AssertionError(f"{what} never happened in {max_frames} frames")
