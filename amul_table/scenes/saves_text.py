"""Save failures as sentences in the window's language, and the saves folder line on the title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from amul_table.i18n import tr, tr_error
from amul_table.persistence.errors import PersistenceError
from amul_table.sprites.style import MUTED, WARNING, fit_text

if TYPE_CHECKING:
    from amul_table.app.window import App


def draw_saves_line(surface: pygame.Surface, app: App, u: float) -> None:
    """Where games are saved, or why they are not, in small letters at the bottom left."""
    saves = app.saves
    if saves.problem:
        line, colour = reason_text(saves.problem), WARNING
    elif saves.folder is not None:
        line, colour = tr("saves.folder", folder=str(saves.folder)), MUTED
    else:
        return
    w, h = surface.get_size()
    img = fit_text(line, w - int(40 * u), max(10, int(15 * u)), colour)
    surface.blit(img, img.get_rect(bottomleft=(int(20 * u), h - int(12 * u))))


def reason_text(error: PersistenceError | None) -> str:
    """A persistence error in the window's language, as a sentence ("" for None)."""
    return "" if error is None else sentence(tr_error(error))


def sentence(message: str) -> str:
    """A save layer message as a sentence: capital first letter, full stop at the end."""
    message = message.strip()
    if not message:
        return message
    message = message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."
