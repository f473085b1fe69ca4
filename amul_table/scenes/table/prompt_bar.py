"""The prompt bar's buttons (Confirm, Decline, Hint): pygame_gui buttons laid out right to left in the bar."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from amul_table.scenes.table.layout import TableLayout
from amul_table.scenes.ui import Widgets


@dataclass(frozen=True)
class PromptButton:
    """One button the bar shows now: its key, label and action; a primary one is wider and stands out; one `apart`
    stands alone at the bar's left end, far from Confirm (Decline: a stray click there must not land on it)."""

    key: str
    label: str
    action: Callable[[], None]
    primary: bool = False
    apart: bool = False


class PromptBar:
    """The buttons of the table's prompt bar; rebuilt only when the shown buttons or the layout change."""

    def __init__(self) -> None:
        self.ui = Widgets()
        self._shown: tuple = ()
        self._apart: set[str] = set()  # the keys of the buttons at the left end

    def show(self, lay: TableLayout, size: tuple[int, int], buttons: list[PromptButton]) -> None:
        """Show exactly `buttons`: right to left from the bar's right end, those `apart` from its left end."""
        shown = (size, lay.u, tuple(lay.prompt), tuple((b.key, b.label, b.primary, b.apart) for b in buttons))
        if shown == self._shown:
            self.ui.actions = {b.key: b.action for b in buttons}  # the same buttons, today's actions
            return
        self.ui.rebuild(size, lay.u)  # a new manager (22 ms) only for a new window size or scale
        self._shown = shown
        self._apart = {b.key for b in buttons if b.apart}
        for b, rect in placed(lay, buttons):
            self.ui.add_button(b.key, b.label, b.action, rect, primary=b.primary)

    @property
    def left(self) -> int | None:
        """The x of the leftmost button at the right end (the prompt's text stops before it); None when none."""
        return min((e.rect.left for k, e in self.ui.elements.items() if k not in self._apart), default=None)

    @property
    def text_left(self) -> int | None:
        """Where the prompt's text may start: after the buttons at the left end; None when there are none."""
        return max((self.ui.elements[k].rect.right for k in self._apart if k in self.ui.elements), default=None)

    @staticmethod
    def edges(lay: TableLayout, buttons: list[PromptButton]) -> tuple[int | None, int | None]:
        """`left` and `text_left` as `show(lay, ..., buttons)` would make them (frames drawn ahead fit the prompt's
        text between them), without building the buttons."""
        rects = placed(lay, buttons)
        left = min((r.left for b, r in rects if not b.apart), default=None)
        return left, max((r.right for b, r in rects if b.apart), default=None)

    def rect(self, key: str) -> pygame.Rect | None:
        element = self.ui.elements.get(key)
        return None if element is None else pygame.Rect(element.rect)

    def shown_keys(self) -> list[str]:
        return list(self.ui.elements)

    def press(self, key: str) -> None:
        """Act as if the button `key` was clicked (tests, keyboard shortcuts)."""
        self.ui.press(key)

    def covers(self, pos: tuple[int, int]) -> bool:
        return self.ui.covers(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.ui.handle_event(event)

    def update(self, dt: float) -> bool:
        return self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.ui.draw(surface)

    def area(self) -> list[pygame.Rect]:
        """Where `draw` draws: each image the manager's group blits (its list of what is visible is brought up to
        date at the manager's next update, so a button just removed is drawn once more; the root's image is
        empty), and around each button, where its focus ring goes (5 px out)."""
        manager = self.ui.manager
        if manager is None:
            return []
        images = [
            pygame.Rect(pygame.Rect(at).topleft, img.get_size()) for img, at, *_ in manager.get_sprite_group().visible
        ]
        return [r for r in images if r.w and r.h] + [
            pygame.Rect(e.rect).inflate(12, 12) for e in self.ui.elements.values()
        ]

    def clear(self) -> None:
        self.ui.clear()
        self._shown = ()
        self._apart = set()


def placed(lay: TableLayout, buttons: list[PromptButton]) -> list[tuple[PromptButton, pygame.Rect]]:
    """Where each button goes: right to left from the bar's right end, those `apart` from its left end."""
    r, u = lay.prompt, lay.u
    out: list[tuple[PromptButton, pygame.Rect]] = []
    x = r.right - int(12 * u)
    for b in buttons:
        if not b.apart:
            width = int((150 if b.primary else 110) * u)
            out.append((b, pygame.Rect(x - width, r.top + 4, width, r.h - 8)))
            x = out[-1][1].left - int(10 * u)
    x = r.left + int(12 * u)
    for b in buttons:
        if b.apart:
            out.append((b, pygame.Rect(x, r.top + 4, int(110 * u), r.h - 8)))
            x = out[-1][1].right + int(10 * u)
    return out
