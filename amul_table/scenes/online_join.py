"""Join a table: a host's address and a table's code (or a table found on the network), then the seat.

`open_table` is the one way the window sits at a hosted table (Join, Host, `amul-table join` without
--auto): it connects through a SocketClient and shows "Connecting…" until the host's first view arrives,
then the online table. The credential is kept as `join` keeps it, so joining again reclaims the seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pygame_gui

from amul_table.i18n import plural_key, tr
from amul_table.match.protocol import CODE_LENGTH, MAX_NAME, is_table_code
from amul_table.persistence.reader import good_name
from amul_table.scenes.routes import Again
from amul_table.scenes.ui import FormScene
from amul_table.sprites.board import felt
from amul_table.sprites.style import CREAM, GOLD, LEAST_PX, MUTED, PANEL, WARNING, fit_text, font, panel, text

DEFAULT_PORT = 8765
EXAMPLE = f"192.168.1.20:{DEFAULT_PORT}"
_ADDRESS = re.compile(r"^(wss?://)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(:\d{1,5})?/?$")
FOUND_SHOWN = 5  # tables found on the network listed at most
LOOK_EVERY = 0.25  # seconds between two looks at what the finder found (a look: a short list, compared)
FIELDS = ("address", "code", "name")  # the fields typed in, as the scene keeps them


def host_url(address: str) -> str | None:
    """`host:port`, `host` or `ws://host:port` as a websocket URL (the default port when none), or None."""
    match = _ADDRESS.match(address.strip())
    if match is None:
        return None
    scheme, host, port = match.group(1) or "ws://", match.group(2), match.group(3) or f":{DEFAULT_PORT}"
    return f"{scheme}{host}{port}" if int(port[1:]) <= 65535 else None


def table_code(value: str) -> str | None:
    code = value.strip().upper()
    return code if is_table_code(code) else None


def open_table(
    app,
    url: str,
    code: str,
    name: str,
    *,
    on_leave: Callable[[], None] | None = None,
    address: str | None = None,
    replace: bool = False,
    again: Again | None = None,
) -> None:
    """Sit at table `code` on the host at `url` as `name` (the window's own host stops with `on_leave`).

    `again`: what the score pad's Play again does once the game is over; by default Join a table, with
    this host's address and our name filled in.
    """
    from amul_table.net.kept_seats import KeptSeats
    from amul_table.net.window_link import SocketClient

    address = address or url.split("://", 1)[1]
    if again is None:
        again = Again(lambda seed: app.replace(JoinScene(app, address=address, name=name)), same_deal=False)
    client = SocketClient(url, code, name, kept=KeptSeats.default())
    scene = ConnectingScene(app, client, code=code, address=address, on_leave=on_leave, again=again)
    app.replace(scene) if replace else app.push(scene)


class ConnectingScene(FormScene):
    """ "Connecting…" until the host seats us and sends our view; its refusal, in words, when it will not."""

    def __init__(
        self, app, client, *, code: str, address: str, on_leave: Callable[[], None] | None, again: Again | None = None
    ) -> None:
        super().__init__(app)
        self.client = client
        self.code, self.address = code, address
        self.on_leave = on_leave
        self.again = again
        self.seated = False

    def place_widgets(self) -> None:
        w, h = self.app.size
        bw, bh = int(220 * self.u), int(52 * self.u)
        self.ui.add_button("cancel", tr("join.cancel"), self.cancel, pygame.Rect(w // 2 - bw // 2, h // 2 + bh, bw, bh))

    def cancel(self) -> None:
        self.app.pop()

    def leave(self) -> None:
        super().leave()
        if not self.seated:
            self.client.close()
            if self.on_leave is not None:
                self.on_leave()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.client.poll():
            self.dirty = True
        if self.client.seat is not None and self.client.seat in self.client.seats:
            from amul_table.scenes.table.online import OnlineTable

            self.seated = True
            self.app.replace(
                OnlineTable(
                    self.app,
                    self.client,
                    code=self.code,
                    address=self.address,
                    on_leave=self.on_leave,
                    again=self.again,
                )
            )

    def message(self) -> tuple[str, tuple[int, int, int]]:
        state = self.client.state
        if state == "refused" and self.client.refusal is not None:
            return tr("join.refused", reason=tr(f"online.error.{self.client.refusal.code}")), WARNING
        if state == "gone":
            return tr("join.gone"), WARNING
        if state == "reconnecting":  # here, before any table was shown: the host has not answered yet
            return tr("join.no_answer", address=self.address), WARNING
        return tr("join.connecting", address=self.address), CREAM

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt(w, h), (0, 0))
        title = text(tr("online.code", code=self.code), int(40 * self.u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midbottom=(w // 2, h // 2 - int(30 * self.u))))
        words, colour = self.message()
        img = fit_text(words, w - int(80 * self.u), max(12, int(22 * self.u)), colour, True)
        surface.blit(img, img.get_rect(center=(w // 2, h // 2)))
        self.ui.draw(surface)


class JoinScene(FormScene):
    """The host's address, the table's code and a name; or a click on a table found on the network."""

    def __init__(self, app, *, address: str = "", name: str = "") -> None:
        """`address` and `name` filled in (after a game at that host: Play again comes back here)."""
        super().__init__(app)
        self.ui.arrow_focus = True
        self.address = address
        self.code = ""
        self.name = name
        self.error = ""
        self.finder = None
        self.found: list = []
        self.looked = 0.0

    def enter(self) -> None:
        super().enter()
        if self.finder is None:
            from amul_table.net.discovery import Finder

            self.finder = Finder()

    def leave(self) -> None:
        super().leave()
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def place_widgets(self) -> None:
        w, h = self.app.size
        u = self.u
        row, gap = int(44 * u), int(10 * u)
        where_h = font(self.where_px).get_linesize()  # each table's address, on a line under its row
        self.box = pygame.Rect(0, 0, int(760 * u), int(row * 7 + gap * 8 + FOUND_SHOWN * (row * 0.8 + where_h + gap)))
        self.box.center = (w // 2, h // 2 + int(24 * u))
        left, x = self.box.left + int(40 * u), self.box.left + int(240 * u)
        y = self.box.top + int(24 * u)
        self.labels: list[tuple[str, tuple[int, int], tuple[int, int, int]]] = []
        for key, label, value, limit in (
            ("address", tr("join.address"), self.address, 80),
            ("code", tr("join.code"), self.code, CODE_LENGTH),
            ("name", tr("join.name"), self.name, 18),
        ):
            self.labels.append((label, (left, y + row // 2), CREAM))
            hint = tr("join.address_hint", example=EXAMPLE) if key == "address" else ""
            self.ui.add_entry(
                key, pygame.Rect(x, y, int(440 * u), row), value, limit, object_id=f"#{key}", placeholder=hint
            )
            y += row + gap
        self.error_at = (self.box.centerx, y + row // 2)
        y += row + gap
        bw = int(220 * u)
        self.ui.add_button(
            "back",
            tr("setup.back"),
            self.app.pop,
            pygame.Rect(self.box.centerx - bw - int(12 * u), y, bw, int(row * 1.2)),
        )
        self.ui.add_button(
            "join",
            tr("join.join"),
            self.join,
            pygame.Rect(self.box.centerx + int(12 * u), y, bw, int(row * 1.2)),
            primary=True,
        )
        y += int(row * 1.2) + gap * 2
        self.found_at = (left, y + row // 3)
        y += row * 2 // 3 + gap
        self.found_where: list[tuple[str, pygame.Rect]] = []  # each row's address, drawn under it
        for i, found in enumerate(self.found[:FOUND_SHOWN]):
            line = tr(
                plural_key("join.table_line", found.ad.free),
                host=found.ad.host_name,
                code=found.ad.code,
                free=found.ad.free,
                players=found.ad.players,
            )
            if found.ad.people:
                line += " · " + ", ".join(found.ad.people)
            rect = pygame.Rect(left, y, self.box.w - int(80 * u), int(row * 0.8))
            self.ui.add_button(f"found{i}", line, lambda found=found: self.pick(found), rect)
            self.found_where.append((tr("join.table_address", address=f"{found.address}:{found.port}"), rect))
            y += int(row * 0.8) + where_h + gap
        self.ui.fit_together([f"found{i}" for i in range(len(self.found[:FOUND_SHOWN]))])
        self.box.height = max(self.box.height, y + gap - self.box.top)

    @property
    def where_px(self) -> int:
        """The text size of a found table's address: small, and never under the least text size."""
        return max(LEAST_PX, int(15 * self.u))

    def _read(self) -> None:
        for key in FIELDS:
            if key in self.widgets:
                setattr(self, key, self.widgets[key].get_text())

    def pick(self, found) -> None:
        """A table found on the network: its address and code filled in; joined at once when we have a name."""
        self._read()
        self.address, self.code = f"{found.address}:{found.port}", found.ad.code
        self.build()
        if self.name.strip():
            self.join()

    def join(self) -> None:
        self._read()
        self.dirty = True
        url, code, name = host_url(self.address), table_code(self.code), self.name.strip()
        if not self.address.strip():  # an empty field shows only its example: ask for an address
            self.error = tr("join.need_address", example=EXAMPLE)
        elif url is None:
            self.error = tr("join.bad_address", example=EXAMPLE)
        elif code is None:
            self.error = tr("join.bad_code")
        elif not good_name(name, MAX_NAME):
            self.error = tr("join.need_name")
        else:
            self.error = ""
            open_table(self.app, url, code, name, address=self.address.strip())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        super().handle_event(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.join()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.looked += dt
        if self.finder is not None and self.looked >= LOOK_EVERY:
            self.looked = 0.0
            found = self.finder.tables()
            if found != self.found:
                self._list(found)
                self.dirty = True

    def _list(self, found: list) -> None:
        """The tables found, listed anew with the fields; the field being typed in keeps the keyboard and caret."""
        typing = next((k for k in FIELDS if k in self.widgets and self.widgets[k].is_focused), None)
        caret = self.widgets[typing].edit_position if typing is not None else 0
        self._read()
        self.found = found
        self.build()
        if typing is not None and self.manager is not None:
            self.manager.set_focus_set(self.widgets[typing])
            self.widgets[typing].edit_position = caret

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.u
        surface.blit(felt(w, h), (0, 0))
        title = text(tr("join.title"), int(40 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midbottom=(w // 2, self.box.top - int(8 * u))))
        panel(surface, self.box, PANEL, GOLD, radius=int(14 * u), width=2)
        size = max(12, int(20 * u))
        for label, (x, y), colour in self.labels:
            img = text(label, size, colour, True)
            surface.blit(img, img.get_rect(midleft=(x, y)))
        if self.error:
            img = fit_text(self.error, self.box.w - int(40 * u), max(12, int(18 * u)), WARNING, True)
            surface.blit(img, img.get_rect(center=self.error_at))
        for where, rect in self.found_where:  # anyone can announce a trusted name: where the table really is
            img = fit_text(where, rect.w - int(16 * u), self.where_px, MUTED)
            surface.blit(img, (rect.left + int(8 * u), rect.bottom + 1))
        head = text(tr("join.found"), size, GOLD, True)
        surface.blit(head, head.get_rect(midleft=self.found_at))
        if not self.found:
            available = self.finder is not None and self.finder.available
            note = tr("join.none_found") if available else tr("join.no_discovery")
            img = fit_text(note, self.box.w - int(80 * u), max(12, int(16 * u)), MUTED)
            surface.blit(img, (self.found_at[0], self.found_at[1] + head.get_height()))
        self.ui.draw(surface)
