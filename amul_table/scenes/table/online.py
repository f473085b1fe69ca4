"""The table at a hosted game: the same table scene, fed by the seat's client, with an online panel.

The panel covers the lower part of the sidebar (the log ends above it): the table's code, each seat's
state (here, reconnecting…, a bot plays for them), whom we wait for, the turn timer when the host set one,
and the chat (T to type, 1–6 for the quick phrases, a click on a name mutes it). Nothing is saved here:
the host keeps the game, and sends the whole record once it is over (the score pad records it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from amul_table.i18n import tr
from amul_table.match.finished import finished_game
from amul_table.match.protocol import MAX_CHAT, PHRASES, Error, ErrorCode, Said, SeatState
from amul_table.persistence.save_format import parse_save
from amul_table.scenes.routes import Again, Route
from amul_table.scenes.table.model import SeatLabel
from amul_table.scenes.table.scene import TableScene
from amul_table.scenes.table.score_trail import ScoreTrail
from amul_table.sprites.any_text import any_text, fit_any_text, wrap_any
from amul_table.sprites.style import (
    CREAM,
    GOLD,
    LEAST_PX,
    MUTED,
    PANEL,
    SEAT_COLOURS,
    WARNING,
    font,
    panel,
    text,
    wrap,
)

if TYPE_CHECKING:
    from amul_table.net.window_link import SocketClient

PANEL_TOP = 0.58  # the panel covers the sidebar from this share of its height down; the log ends above
LOG_ROWS = 6  # the log's rows above the panel at least: a round's summary and the next round's first line, whole
CHAT_KEPT = 30  # chat lines kept to draw (the newest that fit are drawn)
PHRASE_KEYS = {getattr(pygame, f"K_{i + 1}"): phrase for i, phrase in enumerate(PHRASES)}


class OnlineTable(TableScene):
    def __init__(
        self, app, client: SocketClient, *, code: str, address: str, on_leave=None, again: Again | None = None
    ) -> None:
        super().__init__(app, client, intro=client.turn == 0)  # deal the cards only at a game's start
        self.client: SocketClient = client
        self.seat = client.seat if client.seat is not None else 0
        self.code, self.address = code, address
        self.on_leave = on_leave  # the window's own host stops when its player leaves the table
        self.again = again  # the score pad's Play again: a new table at the host, or Join a table
        self.chat: list[Said] = []
        self.muted: set[int] = set()
        self.typing: str | None = None  # the chat line being typed, while the chat entry is open
        self.chat_opened = -1.0  # the clock when T opened it
        self.decision_since: tuple[int, float] | None = None  # (turn, clock) our decision came up at
        self.seat_rows: list[tuple[int, pygame.Rect]] = []
        self.model.log_stop, self.model.log_rows = PANEL_TOP, LOG_ROWS
        self.model.layout = self.model.lay_out(self.model.layout.size)

    def leave(self) -> None:
        super().leave()
        if self.on_leave is not None:
            self.on_leave()
            self.on_leave = None

    # --- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        client = self.client
        before = (client.state, client.table, len(self.chat))
        client.poll()  # the panel follows the table even while cards still move
        for said in client.said():
            self.chat = [*self.chat, said][-CHAT_KEPT:]
        self.say_refusals()
        super().update(dt)
        self.take_history()
        view = self.model.view
        if view.legal and self.seat in self.link.waiting_for():
            if self.decision_since is None or self.decision_since[0] != client.turn:
                self.decision_since = (client.turn, self.clock)
        else:
            self.decision_since = None
        if before[1] != client.table:  # a seat claimed (its name) or covered: the table's labels too
            self.model.seats = [SeatLabel(s.name, s.human, s.tier) for s in self.link.seats]
            self.model.stale = True
        if before != (client.state, client.table, len(self.chat)) or (client.turn_timer and self.decision_since):
            self.dirty = True

    def take_history(self) -> None:
        """Our seat's views so far, which the host sends when we join a game under way (after a drop, or from
        another window): the log's round summaries and the score box's last change are rebuilt from them, as a
        continued save's are, once the table shows the view they end at."""
        history = self.client.histories.get(self.seat)
        if history is None or self.animating or self.model.steps:
            return
        del self.client.histories[self.seat]
        shown = [view for view in history if len(view.log) <= len(self.model.view.log)]
        if shown:
            self.model.resume_trails({self.seat: ScoreTrail.rebuilt(shown)})

    def to_scoring(self) -> None:
        """The host's full record of the game makes the score pad (and goes into this window's records)."""
        save = self.client.final_save
        if save is not None:
            saved = parse_save(save)
            self.app.keep_finished_game(finished_game(saved))
            self.app.replace(self.app.go(Route.SCORE_PAD, saved, again=self.again))

    def save_as_view(self) -> None:
        return None  # the menu offers no Save as…: the host keeps the game

    def refusal_text(self, error: Error) -> str:
        if error.code == ErrorCode.STALE_TURN:
            return tr("online.stale")
        return tr(f"online.error.{error.code}")

    # --- acting and input -----------------------------------------------------------------------

    def send(self, action) -> None:
        """Online, a choice goes at once: the others are waiting for it."""
        self.act(action)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.typing is not None and event.type == pygame.TEXTINPUT:
            if self.typing == "" and event.text in ("t", "T") and self.clock == self.chat_opened:
                return  # the T that opened the chat line, arriving again as text in the same frame
            self.typing = (self.typing + event.text)[:MAX_CHAT]
            self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for seat, rect in self.seat_rows:
                if rect.collidepoint(event.pos) and seat != self.seat:
                    self.muted ^= {seat}
                    self.dirty = True
                    return
        super().handle_event(event)

    def key(self, event: pygame.event.Event) -> None:
        if self.typing is not None:
            self.chat_key(event)
        elif event.key == pygame.K_ESCAPE:
            super().key(event)  # the menu, without Save as…: the host keeps the game
        elif event.key == pygame.K_t:
            self.typing = ""
            self.chat_opened = self.clock
            pygame.key.start_text_input()
            self.dirty = True
        elif event.key in PHRASE_KEYS and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.client.say(phrase=PHRASE_KEYS[event.key])
        else:
            super().key(event)

    def chat_key(self, event: pygame.event.Event) -> None:
        assert self.typing is not None
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            line = " ".join(self.typing.split())
            if line:
                self.client.say(line)
            self.typing = None
        elif event.key == pygame.K_ESCAPE:
            self.typing = None
        elif event.key == pygame.K_BACKSPACE:
            self.typing = self.typing[:-1]
        self.dirty = True

    # --- drawing --------------------------------------------------------------------------------

    def panel_rect(self) -> pygame.Rect:
        """The panel's place: under the log, which keeps its rows where the turn order is tall (8 players)."""
        side, u = self.model.layout.sidebar, self.model.layout.u
        top = max(side.top + int(side.h * PANEL_TOP), self.model.layout.log_rect.bottom + int(6 * u))
        return pygame.Rect(side.left + int(8 * u), top, side.w - int(14 * u), side.bottom - top - int(30 * u))

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The table's changes, then the panel over the sidebar's lower part (drawn each frame: its seats,
        chat and timer change apart from the table)."""
        rects = super().draw(surface)
        self.draw_panel(surface)
        return [*rects, self.panel_rect()]

    def draw_panel(self, s: pygame.Surface) -> None:
        r = self.panel_rect()
        u = self.model.layout.u
        size = max(12, int(14 * u))
        pad = int(8 * u)
        panel(s, r, PANEL, GOLD, radius=int(10 * u), width=2)
        width = r.w - 2 * pad
        y = r.top + pad // 2
        lines = self.panel_lines()
        self.seat_rows = []
        hint_px = max(LEAST_PX, int(12 * u))
        hint = hint_lines(tr("online.chat_hint") if self.typing is None else tr("online.chat_prompt"), width, hint_px)
        bottom = r.bottom - len(hint) * font(hint_px).get_linesize() - pad // 2
        for seat, value, colour, bold in lines:  # names typed on other computers: any script
            img = fit_any_text(value, width, size, colour, bold)
            if y + img.get_height() > bottom:
                break
            s.blit(img, (r.left + pad, y))
            if seat is not None:
                self.seat_rows.append((seat, pygame.Rect(r.left, y, r.w, img.get_height())))
            y += img.get_height() + 1
        shown = [(line, colour) for value, colour in self.chat_lines() for line in wrap_any(value, width, size)]
        room = max(0, (bottom - y) // (any_text("Ag", size, CREAM).get_height() + 1))
        for value, colour in shown[len(shown) - room :] if room else []:  # the newest lines that fit
            img = any_text(value, size, colour)
            s.blit(img, (r.left + pad, y))
            y += img.get_height() + 1
        for i, line in enumerate(hint):
            s.blit(text(line, hint_px, MUTED), (r.left + pad, bottom + i * font(hint_px).get_linesize()))

    def panel_lines(self) -> list[tuple[int | None, str, tuple[int, int, int], bool]]:
        """The panel's lines above the chat: (the seat a click on it mutes, text, colour, bold)."""
        client, me = self.client, self.seat
        lines: list[tuple[int | None, str, tuple[int, int, int], bool]] = [
            (None, f"{tr('online.code', code=self.code)} · {self.address}", GOLD, True)
        ]
        if client.state == "reconnecting":
            lines.append((None, tr("online.link.reconnecting"), WARNING, True))
        for i, info in enumerate(client.table):
            words = [info.name + (f" ({tr('online.you')})" if i == me else ""), tr(f"online.state.{info.state}")]
            if i in self.muted:
                words.append(tr("online.muted"))
            colour = WARNING if info.state in (SeatState.AWAY, SeatState.COVERED) else SEAT_COLOURS[i % 8]
            lines.append((i, " · ".join(words), colour, False))
        waiting = [self.link.names[s] for s in self.link.waiting_for() if s != me]
        if self.decision_since is not None and client.turn_timer > 0:
            left = max(0, int(client.turn_timer - (self.clock - self.decision_since[1]) + 0.999))
            lines.append((None, tr("online.your_turn_time", n=left), WARNING if left <= 10 else CREAM, True))
        elif waiting and not self.link.is_over:
            lines.append((None, tr("online.waiting_for", names=", ".join(waiting)), CREAM, False))
        return lines

    def chat_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The chat, oldest first (muted seats left out), and the line being typed."""
        names = self.link.names
        out = []
        for said in self.chat:
            if said.seat in self.muted or not 0 <= said.seat < len(names):
                continue
            words = tr(f"online.phrase.{said.phrase}") if said.phrase in PHRASES else (said.text or "")
            out.append((tr("online.said", name=names[said.seat], text=words), CREAM))
        if self.typing is not None:
            out.append((f"> {self.typing}_", GOLD))
        return out


def hint_lines(value: str, width: int, px: int) -> list[str]:
    """The chat's hint in lines of whole parts ("T chat", "1–6 quick phrases", …), a part wider than `width`
    wrapped at its spaces: shrunk to one line, the French hint was cut and under the least text size."""
    fnt = font(px)
    lines: list[str] = []
    for part in value.split(" · "):
        if lines and fnt.size(f"{lines[-1]} · {part}")[0] <= width:
            lines[-1] = f"{lines[-1]} · {part}"
        else:
            lines += wrap(part, width, fnt)
    return lines
