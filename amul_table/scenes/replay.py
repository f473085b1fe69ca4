"""The replay viewer: the real table, stepped through a saved game by decision, phase or round.

The table is the game scene's own model and painter (scenes/table), fed by a Replay instead of a
session, on the window less a control bar at the bottom. A finished game is shown with hands open:
Tab (or the seat button) shows the next seat's hand. Keys: ←/→ one decision, Page Up/Down one
phase, ↑/↓ one round, Home/End, Space plays or pauses, +/− the speed, S the final score pad,
R the coach's review.
"""

from __future__ import annotations

import datetime as dt

import pygame

from amul_table.i18n import card_name, is_you_name, tr
from amul_table.match.replay import Replay, ReplayError, Stride
from amul_table.persistence.save_format import GameSetup, SavedGame, utc_now
from amul_table.rules.cards import load_cards
from amul_table.scenes.routes import Route
from amul_table.scenes.table.animation import choreograph
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.paint import paint_moving, paint_static
from amul_table.scenes.table.score_trail import ScoreTrail
from amul_table.scenes.table.shown_view import shown_steps
from amul_table.scenes.tooltip import Tip, Tooltip, draw_tip
from amul_table.scenes.ui import LayoutScene
from amul_table.sprites.style import CREAM, GOLD, GOLD_DARK, HIGHLIGHT, MUTED, PANEL_DARK, SEAT_COLOURS, fit_text
from amul_table.sprites.tween import Banner, Flight

SPEEDS = (0.5, 1.0, 2.0, 4.0)  # steps a second when playing
BAR = 118  # the control bar's height at 1600x900


def open_replay(app, saved: SavedGame, shown: int | None = None, step: int = 0) -> None:
    """Push the replay of a save, or say why this game may not be replayed."""
    try:
        replay = Replay.of_saved(saved)
    except ReplayError as exc:
        app.notify(tr(exc.code))
        return
    app.push(ReplayScene(app, replay, shown, step, started=saved.created))


class ReplayScene(LayoutScene):
    """A saved game stepped through; `shown` is the seat whose hand is shown, `step` where to start."""

    def __init__(
        self, app, replay: Replay, shown: int | None = None, step: int = 0, started: dt.datetime | None = None
    ) -> None:
        super().__init__(app)
        self.replay = replay
        self.started = started  # when the game began: its score pad records it under the same key
        replay.go(step)
        if replay.viewer is not None:
            shown = replay.viewer
        elif shown is None:
            humans = replay.human_seats
            shown = humans[0] if humans else 0
        self.shown = shown
        self.playing = False
        self.speed = 1
        self.clock = 0.0
        self.next_at = 0.0
        self.flights: list[Flight] = []
        self.banners: list[Banner] = []
        self.model: TableModel | None = None
        self.static: pygame.Surface | None = None
        self.static_faces: set[int] = set()
        self.drawn_faces: set[int] = set()
        self.tooltip = Tooltip()  # the table's icons and tokens, as in a game
        self.trails: dict[int, list[ScoreTrail]] = {}  # a human seat's score trail at each step, once shown

    # --- moving -------------------------------------------------------------------------------

    def move(self, stride: Stride, direction: int) -> None:
        before = self.replay.step
        after = self.replay.move(stride, direction)
        animate = stride is Stride.DECISION and after == before + 1
        self.show(before if animate else None)

    def go(self, step: int) -> None:
        self.replay.go(step)
        self.show(None)

    def toggle_play(self) -> None:
        if self.replay.step >= self.replay.last:
            self.replay.go(0)
            self.show(None)
        self.playing = not self.playing
        self.next_at = self.clock
        self.ui.relabel("play", self.play_label())

    def change_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        self.ui.relabel("speed", self.speed_label())

    def next_seat(self) -> None:
        if self.replay.viewer is None:
            self.shown = (self.shown + 1) % len(self.replay.seats)
            self.show(None)
            self.ui.relabel("seat", self.replay.names[self.shown])

    def score_pad(self) -> None:
        """The final position's score pad (a finished game only)."""
        if not self.replay.finished:
            return
        final = self.replay.states[-1].clone()
        setup = GameSetup(tuple(self.replay.seats), final.tea, bot_salt=self.replay.bot_salt)
        saved = SavedGame(setup, final, created=self.started or utc_now())
        score = self.app.go(Route.SCORE_PAD, saved, over_replay=True)
        score.clock = 1e9
        self.app.push(score)

    def open_review(self) -> None:
        """The coach's review of the shown seat (a finished game only)."""
        if not self.replay.finished:
            return
        final = self.replay.states[-1].clone()
        setup = GameSetup(tuple(self.replay.seats), final.tea, bot_salt=self.replay.bot_salt)
        self.app.go(Route.REVIEW, SavedGame(setup, final, created=self.started or utc_now()), self.shown)

    def show(self, animate_from: int | None) -> None:
        """Refresh the table at the replay's step; animate the one step from `animate_from` when given."""
        self.flights, self.banners = [], []
        model = self.model
        if model is None:
            return
        before, lay0 = model.view, model.layout
        model.trails = self.trail_now()
        model.refresh(self.replay, self.shown, self.table_size)
        factor = self.app.settings.speed_factor / SPEEDS[self.speed]
        if animate_from is not None and factor > 0:
            events = self.replay.events_of_step(animate_from)
            plan = choreograph(
                events,
                before=before,
                after=model.view,
                l0=lay0,
                l1=model.layout,
                names=model.names,
                you=model.you,
                factor=factor,
                start=self.clock,
            )
            self.flights, self.banners = plan.flights, plan.banners
            model.hide(self.flights)
            model.follow(shown_steps(before, model.view, events, plan.starts, plan.end), self.clock)
        self.dirty = True

    def trail_now(self) -> dict[int, ScoreTrail]:
        """The shown human's score trail at this step (round summaries in the log, the score box's last change) as
        the table kept it in play, from that seat's own views; built once a seat."""
        seat = self.shown
        if not self.replay.seats[seat].human:
            return {}
        if seat not in self.trails:
            self.trails[seat] = ScoreTrail.each_decision(self.replay.history(seat))
        return {seat: self.trails[seat][self.replay.step]}

    # --- stack hooks and input ----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.u = u = min(w / 1600, h / 900)
        self.bar_h = max(96, int(BAR * u))
        self.table_size = (w, h - self.bar_h)
        if self.model is None:
            self.model = TableModel.of(self.replay, self.shown, self.table_size, self.app.settings)
            self.model.follows_score = False  # each step's trail is the one played (trail_now)
        self.show(None)
        self.rebuild(size, max(0.7, u))

    def settings_changed(self) -> None:
        super().settings_changed()
        self.show(None)

    def place_widgets(self) -> None:
        """The control bar's buttons: navigation in the middle, seat, speed and score pad to the right."""
        w, h = self.app.size
        u = max(0.7, self.u)
        bh = int(40 * u)
        y = h - bh - int(10 * u)
        pad = int(10 * u)
        nav = [
            ("start", "|‹‹", lambda: self.go(0)),
            ("round-", "« " + tr("replay.round"), lambda: self.move(Stride.ROUND, -1)),
            ("phase-", "‹ " + tr("replay.phase"), lambda: self.move(Stride.PHASE, -1)),
            ("step-", "‹", lambda: self.move(Stride.DECISION, -1)),
            ("play", self.play_label(), self.toggle_play),
            ("step+", "›", lambda: self.move(Stride.DECISION, 1)),
            ("phase+", tr("replay.phase") + " ›", lambda: self.move(Stride.PHASE, 1)),
            ("round+", tr("replay.round") + " »", lambda: self.move(Stride.ROUND, 1)),
            ("end", "››|", lambda: self.go(self.replay.last)),
        ]
        widths = {"start": 46, "step-": 46, "step+": 46, "end": 46, "play": 92}
        x = pad
        self.add_button("back", tr("replay.back"), pygame.Rect(x, y, int(84 * u), bh), self.app.pop)
        x += int(84 * u) + 2 * pad
        for key, label, action in nav:
            bw = int(widths.get(key, 104) * u)
            self.add_button(key, label, pygame.Rect(x, y, bw, bh), action, "#primary" if key == "play" else None)
            x += bw + int(4 * u)
        right = w - pad
        extras = [("speed", self.speed_label(), lambda: self.change_speed(1), 62)]
        if self.replay.viewer is None:
            extras.append(("seat", self.replay.names[self.shown], self.next_seat, 150))
        if self.replay.finished:
            extras.append(("review", tr("review.open"), self.open_review, 110))
            extras.append(("score", tr("replay.score_pad"), self.score_pad, 130))
        for key, label, action, width in reversed(extras):
            bw = int(width * u)
            right -= bw
            if right < x + pad:  # no room at this width: the key still works
                self.ui.actions[key] = action
                continue
            self.add_button(key, label, pygame.Rect(right, y, bw, bh), action)
            right -= int(6 * u)
        self.timeline = pygame.Rect(pad, self.table_size[1] + int(34 * u), w - 2 * pad, max(6, int(10 * u)))

    def play_label(self) -> str:
        return tr("replay.pause") if self.playing else tr("replay.play")

    def speed_label(self) -> str:
        return f"×{SPEEDS[self.speed]:g}"

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.manager is None:
            return
        self.tooltip.follow(event)  # every event redraws the replay anyway
        if event.type == pygame.KEYDOWN and self.key(event):
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.timeline.inflate(16, 16).collidepoint(event.pos)
        ):
            share = max(0.0, min(1.0, (event.pos[0] - self.timeline.left) / max(1, self.timeline.w)))
            self.go(round(share * self.replay.last))
            return
        super().handle_event(event)
        self.dirty = True

    def key(self, event: pygame.event.Event) -> bool:
        keys = {
            pygame.K_LEFT: lambda: self.move(Stride.DECISION, -1),
            pygame.K_RIGHT: lambda: self.move(Stride.DECISION, 1),
            pygame.K_PAGEUP: lambda: self.move(Stride.PHASE, -1),
            pygame.K_PAGEDOWN: lambda: self.move(Stride.PHASE, 1),
            pygame.K_UP: lambda: self.move(Stride.ROUND, -1),
            pygame.K_DOWN: lambda: self.move(Stride.ROUND, 1),
            pygame.K_HOME: lambda: self.go(0),
            pygame.K_END: lambda: self.go(self.replay.last),
            pygame.K_SPACE: self.toggle_play,
            pygame.K_TAB: self.next_seat,
            pygame.K_s: self.score_pad,
            pygame.K_r: self.open_review,
            pygame.K_ESCAPE: self.app.pop,
            pygame.K_BACKSPACE: self.app.pop,
        }
        if event.key in keys:
            keys[event.key]()
        elif event.unicode in ("+", "="):
            self.change_speed(1)
        elif event.unicode in ("-", "_"):
            self.change_speed(-1)
        else:
            return False
        self.dirty = True
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.tooltip.tick(dt):
            self.dirty = True
        if self.model is not None:
            self.model.advance(self.clock)
            self.dirty = self.dirty or self.model.stale
        if self.flights or self.banners:
            self.flights = [f for f in self.flights if self.clock < f.end]
            self.banners = [b for b in self.banners if self.clock < b.end]
            if self.model is not None:
                self.model.hide(self.flights)
        if self.playing and self.clock >= self.next_at:
            if self.replay.step >= self.replay.last:
                self.playing = False
                self.ui.relabel("play", self.play_label())
                self.dirty = True
            else:
                self.move(Stride.DECISION, 1)
                self.next_at = self.clock + 1 / SPEEDS[self.speed]

    # --- drawing ------------------------------------------------------------------------------

    def caption(self) -> str:
        """Where the replay stands and what happens next ("Round 3 · Pick — next: Li picks Silver")."""
        replay = self.replay
        state = replay.state
        where = tr("replay.where", step=replay.step, last=replay.last, round=max(1, state.round))
        action = replay.next_action()
        if action is None:
            return f"{where} — {tr('replay.at_end' if replay.finished else 'replay.at_now')}"
        who = replay.names[action.seat]
        key = (
            f"replay.next.{action.kind.word}" if replay.card_named(action) else f"replay.next_hidden.{action.kind.word}"
        )
        if is_you_name(who):
            key += ".you"  # "next: you pick Gold", not "You picks"
        card = card_name(load_cards().cards[action.card].type) if replay.card_named(action) else ""
        what = tr(key, name=who, card=card)
        return f"{where} · {tr('table.phase.' + state.phase.word)} — {what}"

    def draw(self, surface: pygame.Surface) -> None:
        model = self.model
        if model is None or self.manager is None:
            return
        table = surface.subsurface(pygame.Rect((0, 0), self.table_size))
        if model.stale or self.static is None or self.static.get_size() != self.table_size:
            self.static = pygame.Surface(self.table_size)
            tips: list[Tip] = []
            self.static_faces = paint_static(self.static, model, buttons_left=None, tips=tips)
            self.tooltip.set_regions(tips)
            model.stale = False
        table.blit(self.static, (0, 0))
        moving = paint_moving(table, model, self.flights, self.banners, self.clock, zoom_at=None)
        self.drawn_faces = self.static_faces | moving  # card faces drawn in the last frame (tests check them)
        draw_tip(table, self.tooltip)
        self.draw_bar(surface)
        self.ui.draw(surface)

    def draw_bar(self, s: pygame.Surface) -> None:
        w = s.get_width()
        u = self.u
        bar = pygame.Rect(0, self.table_size[1], w, self.bar_h)
        pygame.draw.rect(s, PANEL_DARK, bar)
        pygame.draw.line(s, GOLD_DARK, bar.topleft, bar.topright, 2)
        pad = int(10 * u)
        line = fit_text(self.caption(), w - 2 * pad, max(13, int(19 * u)), CREAM, True)
        s.blit(line, (pad, bar.top + int(6 * u)))
        r = self.timeline
        pygame.draw.rect(s, (60, 40, 25), r, border_radius=r.h // 2)
        last = max(1, self.replay.last)
        done = r.copy()
        done.w = int(r.w * self.replay.step / last)
        pygame.draw.rect(s, GOLD, done, border_radius=r.h // 2)
        for i in range(1, self.replay.last + 1):  # a tick where each round starts
            if self.replay.states[i].round != self.replay.states[i - 1].round:
                x = r.left + int(r.w * i / last)
                pygame.draw.line(s, MUTED, (x, r.top - 3), (x, r.bottom + 2), 1)
        knob = (r.left + done.w, r.centery)
        pygame.draw.circle(s, HIGHLIGHT, knob, r.h)
        if self.replay.viewer is None:
            pygame.draw.circle(s, SEAT_COLOURS[self.shown], (w - pad - r.h, bar.top + int(16 * u)), max(4, r.h // 2))

    def leave(self) -> None:
        self.ui.clear()
