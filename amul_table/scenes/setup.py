"""Setup: 3 to 8 seats, each a human or a bot with a name; the Tea variant; the seed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame
import pygame_gui

from amul_table.i18n import LANGUAGES, STRINGS, tr
from amul_table.persistence.reader import good_name
from amul_table.rules.seats import BOT_NAMES, MAX_NAME, Seat
from amul_table.rules.setup import MAX_PLAYERS, MAX_TEA, MIN_PLAYERS
from amul_table.scenes.routes import Route
from amul_table.scenes.ui import FormScene
from amul_table.sprites.board import felt
from amul_table.sprites.style import CREAM, GOLD, MUTED, PANEL, SEAT_COLOURS, WARNING, panel, text

BOT_TIERS_SHOWN = ("easy", "medium", "hard", "expert")  # the bots a seat may be given here
KINDS = ("human", *BOT_TIERS_SHOWN)
NAME_LIMIT = 18


class SetupScene(FormScene):
    title_key = "setup.title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.ui.arrow_focus = True  # arrows have no other use here: they move the focus ring
        self.players = 4
        bots = [Seat.bot(name, "medium") for name in BOT_NAMES[: MAX_PLAYERS - 1]]
        self.seats = [Seat.of_human(tr("setup.name_human")), *bots]
        self.tea = 0
        self.seed_text = ""
        self.error = ""

    # --- building the widgets -----------------------------------------------------------------

    def place_widgets(self) -> None:
        """Players, one row per seat (name and kind), Tea, seed, the error line, Back and Start."""
        w, h = self.app.size
        u = self.u
        row = self.row = int(44 * u)
        gap = int(8 * u)
        height = int(54 * u) + row * (self.players + 5.2) + gap * (self.players + 8)
        self.box = pygame.Rect(0, 0, int(760 * u), int(height))
        self.box.center = (w // 2, h // 2 + int(24 * u))
        left = self.box.left + int(40 * u)
        x = left + int(170 * u)
        y = self.box.top + int(30 * u)
        self.label_at: list[tuple[str, tuple[int, int], tuple[int, int, int]]] = []
        self.label_at.append((tr("setup.players"), (left, y + row // 2), CREAM))
        self.count_at = self.stepper("players", x, y, int(80 * u), lambda step: self.step_players(step))
        y += row + gap * 2
        for i in range(self.players):
            self.label_at.append((tr("setup.seat", n=i + 1), (left, y + row // 2), SEAT_COLOURS[i]))
            self.seat_row(i, x, y)
            y += row + gap
        y += gap
        self.label_at.append((tr("setup.tea"), (left, y + row // 2), CREAM))
        self.tea_at = self.stepper("tea", x, y, int(180 * u), lambda step: self.step_tea(step))
        y += row + gap
        self.label_at.append((tr("setup.seed"), (left, y + row // 2), CREAM))
        seed = pygame.Rect(x, y, int(300 * u), row)
        self.ui.add_entry("seed", seed, self.seed_text, 15, object_id="#seed", placeholder=tr("setup.seed_hint"))
        y += row + gap
        self.error_at = (self.box.centerx, y + row // 2)
        y += row + gap
        bw = int(220 * u)
        back = pygame.Rect(self.box.centerx - bw - int(12 * u), y, bw, int(row * 1.2))
        self.ui.add_button("back", tr("setup.back"), self.app.pop, back)
        start = pygame.Rect(self.box.centerx + int(12 * u), y, bw, int(row * 1.2))
        self.ui.add_button("start", tr("setup.start"), self.start, start, primary=True)
        self.box.height = y + int(row * 1.2) + int(24 * u) - self.box.top

    def stepper(self, name: str, x: int, y: int, span: int, step: Callable[[int], None]) -> tuple[int, int]:
        """− and + buttons `span` apart (keys name- and name+); the centre between them, where the value goes."""
        row = self.row
        self.ui.add_button(f"{name}-", "−", lambda: step(-1), pygame.Rect(x, y, row, row), object_id="#stepper")
        self.ui.add_button(
            f"{name}+", "+", lambda: step(1), pygame.Rect(x + row + span, y, row, row), object_id="#stepper"
        )
        return (x + row + span // 2, y + row // 2)

    def seat_row(self, i: int, x: int, y: int) -> None:
        """Seat i's name field and its kind button (human, or a bot and its tier)."""
        u, row, seat = self.u, self.row, self.seats[i]
        self.ui.add_entry(
            f"name{i}", pygame.Rect(x, y, int(300 * u), row), seat.name, NAME_LIMIT, object_id=f"#name{i}"
        )
        kind = tr("setup.human") if seat.human else tr("setup.bot", tier=tr(f"tier.{seat.tier}"))
        rect = pygame.Rect(x + int(316 * u), y, int(220 * u), row)
        object_id = "#seat_kind_human" if seat.human else "#seat_kind"
        self.ui.add_button(f"kind{i}", kind, lambda: self.changed(self.cycle_kind, i), rect, object_id=object_id)

    # --- input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        super().handle_event(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._read_entries()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.widgets.get("seed"):
            self.start()

    def _read_entries(self) -> None:
        for i in range(self.players):
            entry = self.widgets.get(f"name{i}")
            if entry is not None:
                self.seats[i] = replace(self.seats[i], name=entry.get_text())
        if "seed" in self.widgets:
            self.seed_text = self.widgets["seed"].get_text()

    def changed(self, change: Callable[..., None], *args: object) -> None:
        """Apply a change to the table being set up (typed text kept), then show it."""
        self._read_entries()
        change(*args)
        self.error = ""
        self.build()
        self.dirty = True

    def step_players(self, step: int) -> None:
        self.changed(lambda: setattr(self, "players", max(MIN_PLAYERS, min(MAX_PLAYERS, self.players + step))))

    def step_tea(self, step: int) -> None:
        self.changed(lambda: setattr(self, "tea", max(0, min(MAX_TEA, self.tea + step))))

    def cycle_kind(self, seat: int) -> None:
        """Human → bot easy → medium → hard → expert → human."""
        s = self.seats[seat]
        now = s.tier or "human"
        nxt = KINDS[(KINDS.index(now) + 1) % len(KINDS)] if now in KINDS else "medium"
        self.seats[seat] = replace(s, tier=None if nxt == "human" else nxt)
        self.seats[: self.players] = default_names(self.seats[: self.players])

    def start(self) -> None:
        checked = self.checked_table()
        if checked is None:
            return
        seats, seed = checked
        self.app.replace(self.app.go(Route.NEW_GAME, seats, seed, self.tea))

    def checked_table(self, *, seed_below: int = 2**64) -> tuple[list[Seat], int | None] | None:
        """The seats (named) and the seed (None: random) as typed, or None with the error line saying why."""
        self._read_entries()
        self.dirty = True  # the error line may change
        seats = default_names([replace(s, name=s.name.strip()) for s in self.seats[: self.players]])
        if any(not good_name(s.name, MAX_NAME) for s in seats):  # "\u200b" alone: a name nobody can see
            self.error = tr("setup.need_name")
            return None
        seed_text = self.seed_text.strip()
        if seed_text and not (seed_text.isascii() and seed_text.isdigit() and int(seed_text) < seed_below):
            self.error = tr("setup.bad_seed")
            return None
        return seats, int(seed_text) if seed_text else None

    # --- time and drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.u
        surface.blit(felt(w, h), (0, 0))
        title = text(tr(self.title_key), int(40 * u), GOLD, True, "serif")
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
        self.ui.draw(surface)


def default_names(seats: list[Seat]) -> list[Seat]:
    """Humans sharing the screen are "Player 1", "Player 2"… unless named; a lone human is "You"; a seat turned
    back into a bot gets a traveller's name again, not the "Player 2" it had as a person."""
    humans = [i for i, s in enumerate(seats) if s.human]
    shared = len(humans) >= 2
    person = {STRINGS[lang]["setup.name_human"] for lang in LANGUAGES}
    person |= {STRINGS[lang]["table.player_n"].format(n=k + 1) for lang in LANGUAGES for k in range(len(seats))}
    out = list(seats)
    for k, i in enumerate(humans):
        if seats[i].name in person | set(BOT_NAMES):
            name = tr("table.player_n", n=k + 1) if shared else tr("setup.name_human")
            out[i] = replace(seats[i], name=name)
    free = [n for n in BOT_NAMES if n not in {s.name for s in seats}]
    for i, s in enumerate(seats):
        if not s.human and s.name in person and free:
            out[i] = replace(s, name=free.pop(0))
    return out
