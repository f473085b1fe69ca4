"""Host a table: the seats (open for a human, or a bot tier), Tea, the seed and a turn timer, as for a new
game; then the window's own host opens the table on the local network and seats us in its first human's chair."""

from __future__ import annotations

import pygame

from amul_table.i18n import tr
from amul_table.rules.seats import Seat
from amul_table.scenes.online_join import open_table
from amul_table.scenes.routes import Again
from amul_table.scenes.setup import SetupScene
from amul_table.sprites.style import CREAM, MUTED, fit_text, text

TIMERS = (0, 30, 60, 90, 120)  # seconds a human has for a decision (0: no timer, the default)


class HostScene(SetupScene):
    title_key = "host.title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.timer = 0  # an index into TIMERS

    def place_widgets(self) -> None:
        """The new game's rows, a turn timer row where the error line was, and Open the table."""
        super().place_widgets()
        u, row = self.u, self.row
        shift = row + int(8 * u)
        left = self.box.left + int(40 * u)
        y = self.error_at[1] - row // 2
        self.label_at.append((tr("host.timer"), (left, y + row // 2), CREAM))
        self.timer_at = self.stepper("timer", left + int(170 * u), y, int(180 * u), self.step_timer)
        self.error_at = (self.error_at[0], self.error_at[1] + shift)
        for key in ("back", "start"):
            self.ui.place(key, self.widgets[key].relative_rect.move(0, shift))
        self.widgets["start"].set_text(tr("host.open"))
        self.ui.fit("start")
        self.box.height += shift
        self.lift(max(0, self.box.bottom - (self.app.size[1] - int(6 * u))))

    def lift(self, dy: int) -> None:
        """Move everything up by `dy` pixels (8 seats at the smallest window: the timer row must fit)."""
        if not dy:
            return
        self.box.move_ip(0, -dy)
        for element in self.widgets.values():
            element.set_relative_position(element.relative_rect.move(0, -dy).topleft)
        self.label_at = [(label, (x, y - dy), colour) for label, (x, y), colour in self.label_at]
        self.count_at, self.tea_at, self.timer_at, self.error_at = (
            (x, y - dy) for x, y in (self.count_at, self.tea_at, self.timer_at, self.error_at)
        )

    def step_timer(self, step: int) -> None:
        self.changed(lambda: setattr(self, "timer", max(0, min(len(TIMERS) - 1, self.timer + step))))

    def start(self) -> None:
        """Start the window's host, make the table there, and sit at it."""
        checked = self.checked_table(seed_below=2**63)
        if checked is None:
            return
        seats, seed = checked
        humans = [s for s in seats if s.human]
        if not humans:
            self.error = tr("host.need_person")
            return
        from amul_table.match.protocol import PROTOCOL_VERSION, NewTable
        from amul_table.net.background import HostFailed, host_in_background, shown_address
        from amul_table.net.client import HostRefused

        bots = [s for s in seats if s.tier]  # the host seats humans first, bots last
        request = NewTable(
            protocol=PROTOCOL_VERSION,
            players=len(seats),
            bots=tuple(s.tier or "" for s in bots),
            bot_names=tuple(s.name for s in bots),
            seed=seed,
            tea=self.tea,
        )
        host = None
        try:
            host = host_in_background(turn_timer=float(TIMERS[self.timer]))
            made = host.new_table(request)
        except (HostFailed, HostRefused, OSError, TimeoutError) as exc:
            if host is not None:
                host.stop()
            self.error = tr("host.failed", detail=str(exc) or type(exc).__name__)
            return
        open_table(
            self.app,
            host.url,
            made.code,
            humans[0].name,
            on_leave=host.stop,
            address=shown_address(host),
            replace=True,
            again=Again(lambda seed: host_again(self.app, seats, self.tea, self.timer, seed), same_deal=True),
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        u = self.u
        value = tr("host.timer_s", n=TIMERS[self.timer]) if self.timer else tr("host.timer_off")
        img = text(value, int(19 * u), CREAM if self.timer else MUTED, True)
        surface.blit(img, img.get_rect(center=self.timer_at))
        if not self.error:  # the error line says how hosting works until there is an error to show
            note = fit_text(tr("host.note"), self.box.w - int(40 * u), max(12, int(15 * u)), MUTED)
            surface.blit(note, note.get_rect(center=self.error_at))


def host_again(app, seats: list[Seat], tea: int, timer: int, seed: int | None) -> None:
    """Play again after a hosted game: a new table at the window's host with the same seats, Tea and timer
    (and `seed`'s deal when given); Host a table stays on screen, saying why, if the host cannot start."""
    scene = HostScene(app)
    scene.players, scene.seats[: len(seats)] = len(seats), list(seats)
    scene.tea, scene.timer = tea, timer
    scene.seed_text = "" if seed is None else str(seed)
    app.replace(scene)
    scene.start()
