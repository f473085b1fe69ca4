"""The one widget system: pygame_gui, themed from assets/theme.json and scaled to the window.

`Widgets` holds a manager and its buttons under keys (tests and keyboard shortcuts press them by key) and
says when anything it draws changed, so a scene redraws only then. `ButtonScene` is a scene built on it.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable

import pygame
import pygame_gui

from amul_table.scenes.base import Scene
from amul_table.scenes.gui_managers import make_manager, scaled_theme
from amul_table.sprites.style import GOLD, HIGHLIGHT, INK, fit_text

PRIMARY = "#primary"
FOCUS_NEXT = (pygame.K_DOWN, pygame.K_RIGHT)
FOCUS_PREVIOUS = (pygame.K_UP, pygame.K_LEFT)
FOCUS_PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
OPTION = "#option"  # a choice among several (settings, browser filters): plain sans, as opposed to an action
UI_CHANGES = frozenset(
    {
        pygame_gui.UI_BUTTON_PRESSED,
        pygame_gui.UI_BUTTON_START_PRESS,
        pygame_gui.UI_BUTTON_ON_HOVERED,
        pygame_gui.UI_BUTTON_ON_UNHOVERED,
        pygame_gui.UI_TEXT_ENTRY_CHANGED,
        pygame_gui.UI_TEXT_ENTRY_FINISHED,
    }
)


class Widgets:
    """A pygame_gui manager and its buttons under keys, each with its action; reports visible changes."""

    def __init__(self) -> None:
        self.manager: pygame_gui.UIManager | None = None
        self.made_for: tuple[tuple[int, int], float] | None = None  # the window size and scale of the manager
        self.theme: dict = {}  # the scaled theme the manager uses (button text is fitted with its fonts)
        self.elements: dict[str, pygame_gui.core.UIElement] = {}  # buttons and text fields
        self.actions: dict[str, Callable[[], None]] = {}
        self._seen: tuple = ()
        self.focus: str | None = None  # the keyboard's button (None until Tab); kept by key across rebuilds
        self.arrow_focus = False  # arrows move the focus too, where the scene has no other use for them
        self.hints: dict[str, str] = {}  # an empty text field's hint, by the field's key

    def rebuild(self, size: tuple[int, int], scale: float) -> None:
        """A manager for this window size and scale, with no widgets yet: a new one (its whole theme parsed, about
        20 ms) only for a new size or scale; else the same one, cleared (a scene's enter, a language change)."""
        if self.manager is None or self.made_for != (size, scale):
            self.manager = make_manager(size, scale)
            self.made_for = (size, scale)
            self.theme = scaled_theme(scale)
        self.clear()

    def clear(self) -> None:
        """Remove every widget (the manager stays)."""
        if self.manager is not None:
            self.manager.clear_and_reset()
        self.elements = {}
        self.actions = {}
        self.hints = {}
        self._seen = ()

    def add_button(
        self,
        key: str,
        label: str,
        action: Callable[[], None],
        rect: pygame.Rect | None = None,
        *,
        primary: bool = False,
        object_id: str | None = None,
        enabled: bool = True,
    ) -> pygame_gui.elements.UIButton:
        """A button under `key`; `primary` gives it the primary look (object id #primary)."""
        assert self.manager is not None, "rebuild() first"
        button = pygame_gui.elements.UIButton(
            rect or pygame.Rect(0, 0, 10, 10), label, self.manager, object_id=PRIMARY if primary else object_id
        )
        if not enabled:
            button.disable()
        self.elements[key] = button
        self.actions[key] = action
        if rect is not None:
            self.fit(key)
        return button

    def relabel(self, key: str, label: str) -> None:
        """A button's new label in place, fitted afresh from its theme's font as a new button would be: a scene
        changing one label (a replay's seat, play/pause, speed) need not build all its widgets again."""
        button = self.elements.get(key)
        if not isinstance(button, pygame_gui.elements.UIButton) or button.text == label or self.manager is None:
            return
        button.set_text(label)
        font = self.manager.get_theme().get_font(button.combined_element_ids)
        if font is not button.font:
            button.font = font
            button.rebuild()
        self.fit(key)

    def add_entry(
        self, key: str, rect: pygame.Rect, text: str, limit: int, *, object_id: str, placeholder: str = ""
    ) -> pygame_gui.elements.UITextEntryLine:
        """A one-line text field under `key`, holding `text`, at most `limit` characters; `placeholder` shows
        while it is empty and has not the keyboard (drawn by `draw_hints`)."""
        assert self.manager is not None, "rebuild() first"
        entry = pygame_gui.elements.UITextEntryLine(rect, self.manager, object_id=object_id)
        entry.set_text_length_limit(limit)
        entry.set_text(text)
        self.elements[key] = entry
        if placeholder:
            self.hints[key] = placeholder
        return entry

    def enable(self, key: str, *, on: bool) -> None:
        button = self.elements.get(key)
        if button is not None and button.is_enabled != on:
            button.enable() if on else button.disable()

    def press(self, key: str) -> None:
        """Act as if the button `key` was clicked (tests, keyboard shortcuts); a disabled button does nothing."""
        button = self.elements.get(key)
        if button is None or button.is_enabled:
            self.actions[key]()

    def labels(self) -> list[str]:
        return [e.text for k, e in self.elements.items() if k in self.actions]

    def key_of(self, label: str) -> str:
        """The key of the button showing `label` (tests find buttons by what they say)."""
        return next(k for k in self.actions if self.elements[k].text == label)

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether a visible widget is under `pos` (a click there is the widget's, not the scene's)."""
        return any(e.visible and e.rect.collidepoint(pos) for e in self.elements.values())

    def place_row(self, keys: Iterable[str], centre: tuple[int, int], width: int, height: int, gap: int) -> None:
        """The buttons `keys` side by side, centred on `centre`."""
        keys = list(keys)
        x = centre[0] - (len(keys) * width + (len(keys) - 1) * gap) // 2
        for key in keys:
            self.place(key, pygame.Rect(x, centre[1] - height // 2, width, height))
            x += width + gap

    def place_row_alike(self, keys: Iterable[str], centre: tuple[int, int], room: int, height: int, gap: int) -> None:
        """The buttons `keys` side by side in `room` pixels, each wide enough for the longest label at the
        theme's size (as far as `room` allows), then all in one font: a long label is never the odd small one."""
        keys = list(keys)
        widest = max(self.label_width(k) for k in keys)
        width = min(widest, (room - (len(keys) - 1) * gap) // len(keys))
        self.place_row(keys, centre, width, height, gap)
        fonts = [self.elements[k].font for k in keys if isinstance(self.elements[k], pygame_gui.elements.UIButton)]
        smallest = min(fonts, key=lambda f: f.get_point_size(), default=None)
        for key in keys:
            button = self.elements[key]
            if smallest is not None and button.font.get_point_size() != smallest.get_point_size():
                button.font = smallest
                button.rebuild()

    def label_width(self, key: str) -> int:
        """The width a button needs for its label at its theme font, borders and padding included."""
        button = self.elements[key]
        pad = 2 * (int(self.theme["defaults"]["misc"]["border_width"]) + 4) + 16
        return button.font.size(button.text)[0] + pad

    def place_column(self, keys: Iterable[str], centre: tuple[int, int], width: int, height: int, gap: int) -> None:
        """The buttons `keys` one under another, centred on `centre`."""
        keys = list(keys)
        for key, rect in zip(keys, column_rects(len(keys), centre, width, height, gap), strict=True):
            self.place(key, rect)

    def place(self, key: str, rect: pygame.Rect) -> None:
        button = self.elements[key]
        button.set_relative_position(rect.topleft)
        button.set_dimensions(rect.size)
        self.fit(key)

    def fit(self, key: str) -> None:
        """A smaller font for a button whose label is wider than the button (pygame_gui would cut it off),
        down to 60% of the theme's size."""
        button = self.elements[key]
        if not isinstance(button, pygame_gui.elements.UIButton) or self.manager is None:
            return
        ids = [i for i in button.object_ids if i] + [button.element_ids[-1]]
        spec = next((self.theme[i]["font"] for i in ids if "font" in self.theme.get(i, {})), None)
        if spec is None:
            return
        room = button.rect.w - 2 * (int(self.theme["defaults"]["misc"]["border_width"]) + 4)
        fonts = self.manager.get_theme().get_font_dictionary()
        size = int(spec["size"])
        font = button.font
        while font.size(button.text)[0] > room and size > max(9, int(spec["size"]) * 0.6):
            size -= 1
            with warnings.catch_warnings():  # pygame_gui warns when it loads a size not preloaded: expected
                warnings.simplefilter("ignore", UserWarning)
                font = fonts.find_font(size, spec["name"], bold=spec.get("bold") == "1")
        if font is not button.font:
            button.font = font
            button.rebuild()
        if font.size(button.text)[0] > room:
            whole, short = button.text, button.text[:-1]
            while len(short) > 1 and font.size(short + "\u2026")[0] > room:
                short = short[:-1]
            button.set_text(short + "\u2026")
            button.set_tooltip(whole)

    def fit_together(self, keys: list[str]) -> None:
        """The buttons of one list in one size, the smallest any of them was fitted to: rows of mixed sizes read
        as a mistake."""
        buttons = [b for k in keys if isinstance(b := self.elements.get(k), pygame_gui.elements.UIButton)]
        if not buttons:
            return
        font = min((b.font for b in buttons), key=lambda f: f.get_point_size())
        for button in buttons:
            if button.font is not font:
                button.font = font
                button.rebuild()

    # --- keyboard focus: one ring over the buttons, in the order they were added -------------------

    def focusable(self) -> list[str]:
        """The keys the focus visits: visible, enabled buttons, in the order they were added."""
        return [
            k
            for k, e in self.elements.items()
            if k in self.actions and isinstance(e, pygame_gui.elements.UIButton) and e.visible and e.is_enabled
        ]

    def focused(self) -> str | None:
        return self.focus if self.focus in self.focusable() else None

    def move_focus(self, step: int) -> None:
        keys = self.focusable()
        if not keys:
            return
        current = self.focused()
        if current is None:
            self.focus = keys[0] if step > 0 else keys[-1]
        else:
            self.focus = keys[(keys.index(current) + step) % len(keys)]

    def typing(self) -> bool:
        """Whether a text field has the keyboard (its keys are its own)."""
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) and e.is_focused for e in self.elements.values())

    def focus_key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab (and arrows with `arrow_focus`) move the focus ring; Enter or Space press the
        focused button. True when the key was used so."""
        if event.type != pygame.KEYDOWN or self.typing():
            return False
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.arrow_focus and event.key in FOCUS_NEXT + FOCUS_PREVIOUS:
            self.move_focus(1 if event.key in FOCUS_NEXT else -1)
            return True
        key = self.focused()
        if key is not None and event.key in FOCUS_PRESS:
            self.press(key)
            return True
        return False

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A double ring, gold outside and dark inside, unlike the mouse's plain hover colour."""
        key = self.focused()
        if key is None:
            return
        rect = self.elements[key].rect
        pygame.draw.rect(surface, GOLD, rect.inflate(10, 10), 3, border_radius=8)
        pygame.draw.rect(surface, INK, rect.inflate(4, 4), 2, border_radius=6)
        pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(-4, -4), 1, border_radius=4)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Give the event to pygame_gui and run the action of a pressed button; True when the widgets changed
        (a hover, a press, typed text, a click that moves the focus) or the event was theirs."""
        if self.manager is None:
            return False
        used = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k in self.actions if self.elements[k] is event.ui_element), None)
            if key is not None:
                self.actions[key]()
        return used or event.type in UI_CHANGES or event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def update(self, dt: float) -> bool:
        """Advance pygame_gui; True when what it draws changed (hover, press, a blinking text cursor)."""
        if self.manager is None:
            return False
        self.manager.update(dt)
        seen = tuple(
            (id(sprite), id(sprite.image), tuple(sprite.rect), sprite.visible, getattr(sprite, "cursor_on", None))
            for sprite in self.manager.get_sprite_group().sprites()
        )
        changed = seen != self._seen
        self._seen = seen
        return changed

    def draw_hints(self, surface: pygame.Surface) -> None:
        """Each empty field's hint in the theme's "placeholder_text" colour, dimmer than typed text: pygame_gui
        draws its own placeholder in the typed text's colour, and the Join screen's Host field looked filled in."""
        assert self.manager is not None
        theme = self.manager.get_theme()
        for key, hint in self.hints.items():
            entry = self.elements[key]
            if not isinstance(entry, pygame_gui.elements.UITextEntryLine) or entry.get_text() or entry.is_focused:
                continue
            inset = entry.border_width["left"] + entry.padding[0]
            colour = theme.get_colour("placeholder_text", entry.combined_element_ids)
            img = fit_text(hint, entry.rect.w - 2 * inset, entry.font.get_point_size(), tuple(colour)[:3])
            surface.blit(img, img.get_rect(midleft=(entry.rect.left + inset, entry.rect.centery)))

    def draw(self, surface: pygame.Surface) -> None:
        if self.manager is not None:
            self.manager.draw_ui(surface)
            self.draw_hints(surface)
            self.draw_focus(surface)


class ButtonScene(Scene):
    """A scene whose widgets are a `Widgets`: events, time and drawing go through it, and the scene is
    redrawn only when its widgets changed or the scene set `dirty` itself."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.ui = Widgets()

    @property
    def manager(self) -> pygame_gui.UIManager | None:
        return self.ui.manager

    @property
    def widgets(self) -> dict[str, pygame_gui.core.UIElement]:
        return self.ui.elements

    def add_button(
        self, key: str, label: str, rect: pygame.Rect, action: Callable[[], None], object_id: str = OPTION
    ) -> pygame_gui.elements.UIButton:
        """An option button (settings, filters) under `key`; actions use `self.ui.add_button`."""
        return self.ui.add_button(key, label, action, rect, object_id=object_id)

    def press(self, key: str) -> None:
        """Act as if the button `key` was clicked (tests, keyboard shortcuts)."""
        self.ui.press(key)

    def focus_key(self, event: pygame.event.Event) -> bool:
        """Keyboard focus (Tab, Enter, Space) for scenes that read keys before the widgets do."""
        if self.ui.focus_key(event):
            self.dirty = True
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.focus_key(event):
            return
        if self.ui.handle_event(event):
            self.dirty = True

    def update(self, dt: float) -> None:
        if self.ui.update(dt):
            self.dirty = True

    def leave(self) -> None:
        self.ui.clear()


def column_rects(n: int, centre: tuple[int, int], width: int, height: int, gap: int) -> list[pygame.Rect]:
    """Where `n` buttons go one under another, centred on `centre` (known before they are built, so each
    is built once, in its place)."""
    top = centre[1] - (n * height + (n - 1) * gap) // 2
    return [pygame.Rect(centre[0] - width // 2, top + i * (height + gap), width, height) for i in range(n)]


class LayoutScene(ButtonScene):
    """A ButtonScene whose widgets `place_widgets` lays out: again on every resize and every change of
    settings (a new language relabels them), through `build`."""

    def settings_changed(self) -> None:
        super().settings_changed()
        self.build()

    def rebuild(self, size: tuple[int, int], scale: float) -> None:
        """A fresh widget manager for a new window size, then this scene's widgets in it."""
        self.ui.rebuild(size, scale)
        self.build()

    def build(self) -> None:
        """Empty the widgets and place them anew (nothing before the first resize gives a manager)."""
        if self.manager is None:
            return
        self.ui.clear()
        self.place_widgets()

    def place_widgets(self) -> None:
        """This scene's widgets for the window's size and settings."""
        raise NotImplementedError


class FormScene(LayoutScene):
    """A form (setup, host, join): its widgets scaled `u`, 1 at 1600×900 and never under 0.75 so that small
    windows stay legible."""

    u = 1.0

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.u = max(0.75, min(size[0] / 1600, size[1] / 900))
        self.rebuild(size, self.u)
