"""The table: one seat's view of the game, its choices highlighted, and the events animated.

Input and flow only: actions go and decisions come through its TableClient (link.py; saves and records are the
Match's subscribers), chosen as choosing.py says, shown by `TableModel` (model.py) and paint.py, animated as
tweens (animation.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import partial

import pygame

from amul_table.i18n import tr
from amul_table.match.client import TableClient
from amul_table.persistence.save_format import parse_save
from amul_table.rules.state import Event, EventKind
from amul_table.rules.views import SeatView
from amul_table.scenes.base import Scene
from amul_table.scenes.overlays import KeysOverlay, MenuOverlay, ZoomOverlay
from amul_table.scenes.routes import Route
from amul_table.scenes.table.ahead import WARM_BUDGET, CardWarmer
from amul_table.scenes.table.ahead_frames import FrameWarmer
from amul_table.scenes.table.animation import Plan, choreograph
from amul_table.scenes.table.choosing import Choosing
from amul_table.scenes.table.frame import ScreenKeeper, StillFrame
from amul_table.scenes.table.hint_job import HintWorker
from amul_table.scenes.table.layout import TableLayout
from amul_table.scenes.table.link import TableLink
from amul_table.scenes.table.model import TableModel
from amul_table.scenes.table.paint import paint_moving, paint_static
from amul_table.scenes.table.prompt_bar import PromptBar, PromptButton
from amul_table.scenes.table.score_trail import ScoreTrail
from amul_table.scenes.table.shown_view import shown_steps
from amul_table.scenes.tooltip import Tip, Tooltip, draw_tip
from amul_table.sound.cues import SoundCues, loudest
from amul_table.sprites.canvas import Canvas
from amul_table.sprites.tween import Banner, Flight

HOVER_ZOOM_DELAY = 0.45
IDLE_BUDGET = 0.008  # seconds of CPU a frame that draws nothing may spend drawing ahead
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


class TableScene(Choosing, Scene):
    in_game = True

    def __init__(
        self, app, client: TableClient, intro: bool = True, trails: Mapping[int, ScoreTrail] | None = None
    ) -> None:
        super().__init__(app)
        self.client = client
        self.link = TableLink(client)
        self.model = TableModel.of(self.link, self.seat_to_show(), app.size, app.settings)
        if trails:
            self.model.resume_trails(trails)  # a resumed game: the score trail the table kept before
        self.clock = 0.0
        self.flights: list[Flight] = []
        self.banners: list[Banner] = []
        self.cursor = 0.0  # when the next animation step may start
        self.cues = SoundCues()  # the animation steps' sounds, played as each step starts
        self.landings: list[float] = []  # when each logged event still moving lands (its log line waits)
        self.mouse = (-1, -1)
        self.hover_since = 0.0
        self.zoom_shown = False
        self.zoom_armed = False  # the mouse moved onto the hovered card (a hand reflowing under it does not count)
        self.still = StillFrame()  # the still part of the frame, repainted where the model's drawing changed
        self.screen_keeper = ScreenKeeper()
        self.warmer = CardWarmer()  # cards drawn ahead on frames that repaint nothing still
        self.frames_ahead = FrameWarmer(self.still.spare)  # the coming still frames, painted ahead likewise
        self.drawn_faces: set[int] = set()  # card faces drawn in the last frame (tests check hidden info)
        self.over_at: float | None = None
        self.prompt_bar = PromptBar()  # its buttons follow prompt_buttons() whenever the still frame is painted
        self.held_at = 0.0
        self.tooltip = Tooltip()  # the icon or token under the resting mouse (regions come from paint_static)
        self.intro = intro
        self.hint_worker: HintWorker | None = None  # started at the first hint

    # --- stack hooks ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.skip()
        self.model.resize(size)
        self.model.stale = True
        if self.intro:
            self.intro = False
            self.play_intro()
        self.paint_still(size)  # what a new size needs, drawn as it is set: the next frames draw no card anew
        self.warmer.flush(self.model)
        self.frames_ahead.clear()

    def leave(self) -> None:
        self.prompt_bar.clear()
        self.link.close()  # a game of this window saves once more as it closes (its Match's autosave)
        if self.hint_worker is not None:
            self.hint_worker.close()

    def settings_changed(self) -> None:
        """Language, colour-blind aid or live score changed: redraw everything with them."""
        self.frames_ahead.clear()
        self.refresh()

    def seat_to_show(self) -> int:
        """Whose view the table draws after each change (pass and play keeps it until the shield lifts)."""
        return self.link.shown_seat()

    def refresh(self) -> None:
        """The model follows the link (the one way the table learns what changed)."""
        self.model.refresh(self.link, self.seat_to_show(), self.app.size)
        self.dirty = True

    @property
    def animating(self) -> bool:
        """Cards still moving (banners fade on their own and do not hold the game up)."""
        return self.clock < self.cursor or any(self.clock < f.end for f in self.flights)

    # --- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.model.advance(self.clock)
        if self.tooltip.tick(dt):
            self.dirty = True
        if self.prompt_bar.update(dt):  # a button hovered or pressed
            self.dirty = True
        if self.flights or self.banners:
            self.dirty = True
            self.flights = [f for f in self.flights if self.clock < f.end]
            self.banners = [b for b in self.banners if self.clock < b.end]
        self.model.hide(self.flights)
        self.app.sound.play_all(self.cues.due(self.clock))
        if self.landings:
            self.landings = [t for t in self.landings if t > self.clock]
            self.model.withhold(len(self.landings))
        self.model.settle(self.animating)
        if self.model.stale:
            self.dirty = True
        if not self.animating and self.send_held():
            return
        if not self.animating:
            events = self.link.poll(self.app.time)
            self.say_refusals()
            if events:
                self.show_events(events)
            elif self.link.is_over:
                if self.over_at is None:
                    self.over_at = self.clock + 0.8 * self.app.settings.speed_factor
                elif self.clock >= self.over_at:
                    self.to_scoring()
                    return
        due = self.model.hover_uid is not None and self.clock - self.hover_since >= HOVER_ZOOM_DELAY
        if due and self.zoom_armed and not self.zoom_shown and self.tooltip.at(self.mouse) is None:  # a tip first
            self.zoom_shown = True
            self.dirty = True
        if not self.model.stale:  # a frame that repaints nothing still draws ahead (more if it draws nothing)
            self.warmer.run(self.model, self.clock)
            self.frames_ahead.plan(self.model, self.prompt_buttons)
            self.frames_ahead.run(WARM_BUDGET if self.dirty else IDLE_BUDGET)

    def to_scoring(self) -> None:
        """The score pad of the finished game, from the whole game the table sends once it is over."""
        if self.client.final_save is not None:
            self.app.replace(self.app.go(Route.SCORE_PAD, parse_save(self.client.final_save)))

    # --- animation skipped, messages --------------------------------------------------------------

    def skip(self) -> None:
        """Finish every animation at once (click or Space)."""
        if self.flights or self.banners or self.clock < self.cursor or self.landings:
            self.flights = []
            self.warmer.clear()
            self.banners = []
            self.cues.clear()
            self.cursor = self.clock
            self.landings = []
            self.model.withhold(0)
            self.model.catch_up()
            self.model.settle(False)
            self.dirty = True

    def say(self, message: str) -> None:
        self.model.message = message
        self.model.stale = True
        self.dirty = True

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.tooltip.follow(event):
            self.dirty = True
        if event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.track_hover(moved=True)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if not (event.button == 1 and self.prompt_bar.covers(event.pos)):  # the bar's button acts on release
                self.click(event)
        elif event.type == pygame.MOUSEWHEEL and self.model.layout.sidebar.collidepoint(self.mouse):
            self.model.scroll_log(event.y * 3)
            self.dirty = self.dirty or self.model.stale
        if self.prompt_bar.handle_event(event):
            self.dirty = True

    def click(self, event: pygame.event.Event) -> None:
        if event.button == 3:
            uid = self.model.card_at(event.pos)
            if uid is not None:
                self.app.push(ZoomOverlay(self.app, uid))
            return
        if event.button != 1:
            return
        uid = self.model.card_at(event.pos)
        legal = self.model.legal_cards()
        if uid is not None and uid in legal and not self.model.layout.log_rect.collidepoint(event.pos):
            self.choose(legal[uid])
        else:
            self.skip()

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.push(MenuOverlay(self.app, self.main_menu, save_as=self.save_as_view()))
        elif event.unicode == "?" or (event.key == pygame.K_SLASH and event.mod & pygame.KMOD_SHIFT):
            self.app.push(KeysOverlay(self.app))
        elif event.key == pygame.K_SPACE:
            self.skip()
        elif event.key in ARROWS:
            choices = self.model.choices()
            if choices:
                step = 1 if event.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
                self.model.declining = False
                self.model.selected = (self.model.selected + step) % len(choices)
                self.model.chosen = self.model.selected_card()
                self.model.stale = True
                self.dirty = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            choices = self.model.choices()
            if self.model.confirming() and (self.model.declining or self.model.selected_card() == self.model.chosen):
                self.confirm()
            elif choices:
                self.choose(choices[self.model.selected % len(choices)])
        elif event.key == pygame.K_d:
            self.decline()
        elif event.key == pygame.K_h:
            self.show_hint()
        elif event.key == pygame.K_g:
            from amul_table.scenes.glossary import GlossaryOverlay

            self.app.push(GlossaryOverlay(self.app))
        elif event.key == pygame.K_l:
            self.toggle_live_score()

    def save_as_view(self) -> SeatView | None:
        """The view Save as… names its save after (None: the menu offers no Save as…)."""
        return self.model.latest

    def toggle_live_score(self) -> None:
        self.app.change_setting("live_score", not self.app.settings.live_score)

    def main_menu(self) -> None:
        self.app.reset(self.app.go(Route.TITLE))

    def track_hover(self, *, moved: bool = False) -> None:
        """Follow the card under the mouse; only a move of the mouse arms the zoom (not cards moving under it)."""
        uid = self.model.card_at(self.mouse)
        if uid != self.model.hover_uid:
            self.model.hover_uid = uid
            self.hover_since = self.clock
            self.zoom_shown = False
            self.zoom_armed = moved and uid is not None
            self.model.stale = True
            self.dirty = True

    def prompt_buttons(self, model: TableModel | None = None) -> list[PromptButton]:
        """The prompt bar's buttons for `model` (the table's), right to left: Confirm once a card is selected,
        Take back while a choice is held, Hint for a human; Decline, when an effect may be declined, apart at the
        left end."""
        model = self.model if model is None else model
        buttons = []
        if model.confirming():
            buttons.append(PromptButton("confirm", tr("table.confirm"), self.confirm, primary=True))
        if model.held is not None:
            buttons.append(PromptButton("take_back", tr("table.take_back"), self.take_back))
        if model.can_decline():  # secondary, alone at the bar's left end: a stray click only selects "nothing"
            buttons.append(PromptButton("decline", tr("table.decline"), self.decline, apart=True))
        if model.can_hint():
            buttons.append(PromptButton("hint", tr("hint.button"), self.show_hint))
        return buttons

    # --- the hint (hint.py shows it; hint_job.py searches on its own thread) ---------------------

    def show_hint(self) -> None:
        """The strongest bot's best options for this decision, with its reasons (from this seat's view only).
        The overlay shows at once and fills in when the search on the hint's thread is done."""
        if not self.model.can_hint():
            return
        from amul_table.scenes.table.hint import HintOverlay

        if self.hint_worker is None:
            self.hint_worker = HintWorker()
        model = self.model
        self.app.push(HintOverlay(self.app, model.names[model.shown], self.hint_worker.ask(model.view)))

    # --- turning events into animation ----------------------------------------------------------

    def show_events(self, events: list[Event]) -> None:
        before, lay0 = self.model.view, self.model.layout
        self.refresh()
        self.animate(events, before, lay0)

    def animate(self, events: list[Event], before: SeatView, lay0: TableLayout, *, logged: bool = True) -> None:
        """Play `events` as tweens from `before` (laid out as `lay0`) to the model as it is now; their log
        lines wait until they land (`logged`: the events are the newest of the game's log)."""
        factor = self.app.settings.speed_factor
        if factor <= 0:
            self.app.sound.play_all(loudest(events))
            return
        model = self.model
        plan = choreograph(
            events,
            before=before,
            after=model.view,
            l0=lay0,
            l1=model.layout,
            names=model.names,
            you=model.you,
            factor=factor,
            start=max(self.clock, self.cursor),
            on_step=self.cues.on_step,
        )
        self.play(plan)
        if logged:
            self.landings += plan.landings
            model.withhold(len(self.landings))
        model.follow(shown_steps(before, model.view, events, plan.starts, plan.end), self.clock)
        model.settle(self.animating)
        self.track_hover()

    def play_intro(self) -> None:
        """Deal the starting hands and round 1 from the deck, one card at a time."""
        factor = self.app.settings.speed_factor
        if factor <= 0:
            return
        model = self.model
        view, lay = model.view, model.layout
        events = [
            Event(EventKind.ROUND, view.first_pick, round=1),
            Event(EventKind.DEAL, view.starting_player),
            Event(EventKind.MARKET_FILL, cards=view.market),
        ]
        empty = dataclasses.replace(view, hand=(), market=())
        self.play(
            choreograph(
                events,
                before=empty,
                after=view,
                l0=lay,
                l1=lay,
                names=model.names,
                you=model.you,
                factor=factor,
                start=self.clock,
                initial=True,
                on_step=self.cues.on_step,
            )
        )

    def play(self, plan: Plan) -> None:
        self.flights += plan.flights
        self.warmer.add(plan.flights)
        self.banners += plan.banners
        self.cursor = max(self.cursor, plan.t)
        self.model.hide(self.flights)
        self.dirty = True

    # --- drawing --------------------------------------------------------------------------------

    def paint_still(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """The still part of the frame, repainted where the model's drawing changed; returns those rectangles."""
        model = self.model
        model.resize(size)
        if model.stale:
            model.track_score()  # the score as the cards now drawn make it
        model.stale |= not self.still.fits(size)
        if not model.stale:
            return []
        self.prompt_bar.show(model.layout, size, self.prompt_buttons())
        tips: list[Tip] = []
        bar = self.prompt_bar
        paint = partial(paint_static, m=model, buttons_left=bar.left, text_left=bar.text_left, tips=tips)
        rects = self.still.paint(size, paint)
        self.tooltip.set_regions(tips)
        model.stale = False
        return rects

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        changed = self.paint_still(surface.get_size())
        moving = Canvas(surface.get_size())
        self.paint_under(moving)
        zoom_at = self.mouse if self.zoom_shown else None
        faces = paint_moving(moving, self.model, self.flights, self.banners, self.clock, zoom_at=zoom_at)
        self.drawn_faces = self.still.faces | faces
        self.paint_over(moving)
        whole = not self.app.holds(self, surface)  # else only what changed since the last frame goes on the window
        return self.screen_keeper.show(surface, self.still, changed, moving.ops, self.prompt_bar, whole=whole)

    def paint_under(self, canvas: Canvas) -> None:
        """Over the still table, under the flights and the card zoom: nothing here (the tutorial's coach)."""

    def paint_over(self, canvas: Canvas) -> None:
        """Over the rest, painted under again the next frame: the tip, unless the card zoom (it comes first)."""
        if not self.zoom_shown:
            draw_tip(canvas, self.tooltip)
