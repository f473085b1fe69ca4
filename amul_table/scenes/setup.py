"""Setup: 3 to 8 seats, each a human or a bot with a name; the Tea variant; the seed."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui

from amul_table.i18n import tr
from amul_table.persistence.reader import good_name
from amul_table.rules.setup import MAX_PLAYERS, MAX_TEA, MIN_PLAYERS
from amul_table.scenes.base import Scene
from amul_table.scenes.ui import make_manager
from amul_table.session import BOT_TIERS_SHOWN, MAX_NAME, GameSession, Seat
from amul_table.sprites.board import felt
from amul_table.sprites.style import CREAM, GOLD, MUTED, PANEL, SEAT_COLOURS, WARNING, panel, text

BOT_NAMES = ("Marco", "Battuta", "Zheng He", "Xuanzang", "Rabban", "Rubruck", "Faxian")
KINDS = ("human", *BOT_TIERS_SHOWN)
NAME_LIMIT = 18


class SetupScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.players = 4
        self.seats = [Seat.person(tr("setup.name_human"))] + [Seat.bot(name, "medium") for name in BOT_NAMES]
        self.tea = 0
        self.seed_text = ""
        self.error = ""
        self.manager: pygame_gui.UIManager | None = None
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}

    # --- building the widgets -----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.u = max(0.75, min(w / 1600, h / 900))
        self.manager = make_manager(size, self.u)
        self.build()

    def build(self) -> None:
        assert self.manager is not None
        self.manager.clear_and_reset()
        self.widgets = {}
        w, h = self.app.size
        u = self.u
        row = int(44 * u)
        gap = int(8 * u)
        height = int(54 * u) + row * (self.players + 5.2) + gap * (self.players + 8)
        self.box = pygame.Rect(0, 0, int(760 * u), int(height))
        self.box.center = (w // 2, h // 2 + int(24 * u))
        left = self.box.left + int(40 * u)
        label_w = int(170 * u)
        x = left + label_w
        y = self.box.top + int(30 * u)
        self.label_at: list[tuple[str, tuple[int, int], tuple[int, int, int]]] = []
        self.label_at.append((tr("setup.players"), (left, y + row // 2), CREAM))
        self._button("players-", "−", pygame.Rect(x, y, row, row), "#stepper")
        self.count_at = (x + row + int(40 * u), y + row // 2)
        self._button("players+", "+", pygame.Rect(x + row + int(80 * u), y, row, row), "#stepper")
        y += row + gap * 2
        for i in range(self.players):
            seat = self.seats[i]
            self.label_at.append((tr("setup.seat", n=i + 1), (left, y + row // 2), SEAT_COLOURS[i]))
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x, y, int(300 * u), row), self.manager, object_id=f"#name{i}"
            )
            entry.set_text_length_limit(NAME_LIMIT)
            entry.set_text(seat.name)
            self.widgets[f"name{i}"] = entry
            kind = tr("setup.human") if seat.human else tr("setup.bot", tier=tr(f"tier.{seat.tier}"))
            self._button(
                f"kind{i}",
                kind,
                pygame.Rect(x + int(316 * u), y, int(220 * u), row),
                "#seat_kind_human" if seat.human else "#seat_kind",
            )
            y += row + gap
        y += gap
        self.label_at.append((tr("setup.tea"), (left, y + row // 2), CREAM))
        self._button("tea-", "−", pygame.Rect(x, y, row, row), "#stepper")
        self.tea_at = (x + row + int(90 * u), y + row // 2)
        self._button("tea+", "+", pygame.Rect(x + row + int(180 * u), y, row, row), "#stepper")
        y += row + gap
        self.label_at.append((tr("setup.seed"), (left, y + row // 2), CREAM))
        seed = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, y, int(300 * u), row),
            self.manager,
            object_id="#seed",
            placeholder_text=tr("setup.seed_hint"),
        )
        seed.set_text_length_limit(15)
        seed.set_text(self.seed_text)
        self.widgets["seed"] = seed
        y += row + gap
        self.error_at = (self.box.centerx, y + row // 2)
        y += row + gap
        bw = int(220 * u)
        self._button("back", tr("setup.back"), pygame.Rect(self.box.centerx - bw - int(12 * u), y, bw, int(row * 1.2)))
        self._button(
            "start", tr("setup.start"), pygame.Rect(self.box.centerx + int(12 * u), y, bw, int(row * 1.2)), "#primary"
        )
        self.box.height = y + int(row * 1.2) + int(24 * u) - self.box.top

    def _button(self, key: str, label: str, rect: pygame.Rect, object_id: str | None = None) -> None:
        self.widgets[key] = pygame_gui.elements.UIButton(rect, label, self.manager, object_id=object_id)

    # --- input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        assert self.manager is not None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.manager.process_events(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._read_entries()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.widgets.get("seed"):
            self.start()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        self.dirty = True

    def _read_entries(self) -> None:
        for i in range(self.players):
            entry = self.widgets.get(f"name{i}")
            if entry is not None:
                self.seats[i] = replace(self.seats[i], name=entry.get_text())
        if "seed" in self.widgets:
            self.seed_text = self.widgets["seed"].get_text()

    def _pressed(self, element: object) -> None:
        key = next((k for k, v in self.widgets.items() if v is element), None)
        if key is None:
            return
        self._read_entries()
        if key == "players-":
            self.players = max(MIN_PLAYERS, self.players - 1)
        elif key == "players+":
            self.players = min(MAX_PLAYERS, self.players + 1)
        elif key == "tea-":
            self.tea = max(0, self.tea - 1)
        elif key == "tea+":
            self.tea = min(MAX_TEA, self.tea + 1)
        elif key.startswith("kind"):
            self.cycle_kind(int(key[4:]))
        elif key == "back":
            self.app.pop()
            return
        elif key == "start":
            self.start()
            return
        self.error = ""
        self.build()

    def cycle_kind(self, seat: int) -> None:
        """Human → bot easy → medium → hard → human."""
        s = self.seats[seat]
        now = s.tier or "human"
        nxt = KINDS[(KINDS.index(now) + 1) % len(KINDS)] if now in KINDS else "medium"
        self.seats[seat] = replace(s, tier=None if nxt == "human" else nxt)

    def start(self) -> None:
        self._read_entries()
        seats = [replace(s, name=s.name.strip()) for s in self.seats[: self.players]]
        if any(not good_name(s.name, MAX_NAME) for s in seats):  # "\u200b" alone: a name nobody can see
            self.error = tr("setup.need_name")
            return
        seed_text = self.seed_text.strip()
        if seed_text and not (seed_text.isascii() and seed_text.isdigit() and int(seed_text) < 2**64):
            self.error = tr("setup.bad_seed")
            return
        from amul_table.scenes.table.pass_and_play import table_scene

        session = GameSession(seats, int(seed_text) if seed_text else None, self.tea)
        self.app.replace(table_scene(self.app, session))

    # --- time and drawing ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        assert self.manager is not None
        self.manager.update(dt)
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        assert self.manager is not None
        w, h = surface.get_size()
        u = self.u
        surface.blit(felt(w, h), (0, 0))
        title = text(tr("setup.title"), int(40 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midbottom=(w // 2, self.box.top - int(8 * u))))
        panel(surface, self.box, PANEL, GOLD, radius=int(14 * u), width=2)
        for label, (x, y), colour in self.label_at:
            img = text(label, int(20 * u), colour, True)
            surface.blit(img, img.get_rect(midleft=(x, y)))
        count = text(str(self.players), int(28 * u), GOLD, True, "serif")
        surface.blit(count, count.get_rect(center=self.count_at))
        tea = tr("setup.tea_count", n=self.tea) if self.tea else tr("setup.tea_off")
        img = text(tea, int(19 * u), CREAM if self.tea else MUTED, True)
        surface.blit(img, img.get_rect(center=self.tea_at))
        if self.error:
            img = text(self.error, int(18 * u), WARNING, True)
            surface.blit(img, img.get_rect(center=self.error_at))
        self.manager.draw_ui(surface)

    def leave(self) -> None:
        if self.manager is not None:
            self.manager.clear_and_reset()
