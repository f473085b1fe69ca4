"""The table: one seat's view of the game, its choices highlighted, and the events animated.

The scene draws only `SeatView`s from the session (never the state) and sends actions to the
session. What `apply` reports is played as tweens between the view before and the view after.
"""

from __future__ import annotations

import dataclasses
import logging

import pygame

from amul_table.i18n import card_name, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.engine import RuleError
from amul_table.rules.order import NO_LETTER, best_letter, military_prowess
from amul_table.rules.scoring import score_game
from amul_table.rules.state import EFFECTS, GAME_END, OFFER, OVER, PICK, REVEAL, Action, Event
from amul_table.rules.views import SeatView
from amul_table.scenes.base import Scene
from amul_table.scenes.game_log import public_log
from amul_table.scenes.overlays import KeysOverlay, MenuOverlay, ZoomOverlay, draw_zoom
from amul_table.scenes.saving import TableSaver
from amul_table.scenes.table_animation import choreograph
from amul_table.scenes.table_layout import TableLayout, keep_market_places
from amul_table.session import GameSession
from amul_table.sprites.board import board, felt
from amul_table.sprites.cards import any_face, card_back, card_face, card_strip, shadow
from amul_table.sprites.icons import letter_badge, symbol_icon
from amul_table.sprites.style import (
    ACTIVE,
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    SEAT_COLOURS,
    WARNING,
    fit_text,
    panel,
    shade,
    text,
    wrap,
)
from amul_table.sprites.tween import Banner, Flight
from amul_table.sprites.widgets import Button

log = logging.getLogger(__name__)

HOVER_ZOOM_DELAY = 0.45
PHASES = (OFFER, PICK, REVEAL, EFFECTS)


class TableScene(Scene):
    in_game = True

    def __init__(self, app, session: GameSession, intro: bool = True) -> None:
        super().__init__(app)
        self.session = session
        session.bot_pause = app.settings.bot_pause
        self.shown = self.seat_to_show()
        self.view = session.view(self.shown)
        self.market_places = keep_market_places({}, self.view.market)
        self.clock = 0.0
        self.flights: list[Flight] = []
        self.banners: list[Banner] = []
        self.cursor = 0.0  # when the next animation step may start
        self.hidden: frozenset = frozenset()
        self.log_lines = public_log(self.view, session.names, self.you())
        self.mouse = (-1, -1)
        self.hover_uid: int | None = None
        self.hover_since = 0.0
        self.selected = 0  # index into the legal card choices (keyboard)
        self.message = ""
        self.static: pygame.Surface | None = None
        self.layout: TableLayout | None = None
        self.score_cache: tuple[SeatView, int] | None = None
        self.over_at: float | None = None
        self.decline_button = Button(tr("table.decline"), self.decline, primary=True)
        self.hint_button = Button(tr("hint.button"), self.show_hint)
        self.intro = intro
        self.zoom_shown = False
        self.drawn_faces: set[int] = set()  # card faces drawn in the last frame (tests check hidden info)
        self.static_faces: set[int] = set()
        self.saver = TableSaver(app, session)
        self.saver.save()  # the start of round 1, or the game just resumed

    # --- stack hooks ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.skip()
        self.layout = TableLayout(size, self.view, self.shown, self.market_places)
        self.static = None
        if self.intro:
            self.intro = False
            self.play_intro()

    def leave(self) -> None:
        self.saver.save()
        self.session.close()

    def autosave(self) -> None:
        self.saver.save()

    def settings_changed(self) -> None:
        """Language, colour-blind aid, bot pause or live score changed: redraw everything with them."""
        self.session.bot_pause = self.app.settings.bot_pause
        self.decline_button.label = tr("table.decline")
        self.hint_button.label = tr("hint.button")
        self.log_lines = public_log(self.view, self.session.names, self.you())
        self.static = None
        self.dirty = True

    def seat_to_show(self) -> int:
        """Whose view the table draws after each change (pass and play keeps it until the shield lifts)."""
        return self.session.shown_seat()

    @property
    def busy(self) -> bool:
        return self.animating or self.session.bot_to_move() is not None

    @property
    def animating(self) -> bool:
        """Cards still moving (banners fade on their own and do not hold the game up)."""
        return self.clock < self.cursor or any(self.clock < f.end for f in self.flights)

    # --- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.flights or self.banners:
            self.dirty = True
            self.flights = [f for f in self.flights if self.clock < f.end]
            self.banners = [b for b in self.banners if self.clock < b.end]
        hidden = frozenset(k for f in self.flights for k in f.hides)
        if hidden != self.hidden:
            self.hidden = hidden
            self.static = None
            self.dirty = True
        if not self.animating:
            events = self.session.poll_bots(self.app.time)
            if events:
                self.show_events(events)
            elif self.session.is_over:
                if self.over_at is None:
                    self.over_at = self.clock + 0.8 * self.app.settings.speed_factor
                elif self.clock >= self.over_at:
                    self.to_scoring()
                    return
        due = self.hover_uid is not None and self.clock - self.hover_since >= HOVER_ZOOM_DELAY
        if due and not self.animating and not self.zoom_shown:
            self.zoom_shown = True
            self.dirty = True

    def you(self) -> int:
        """The shown seat when a human sits there (the log then says "you"), else -1."""
        return self.shown if self.session.seats[self.shown].human else -1

    def to_scoring(self) -> None:
        from amul_table.scenes.scoring import ScoringScene

        self.app.replace(ScoringScene(self.app, self.session))

    # --- acting ---------------------------------------------------------------------------------

    def choices(self) -> list[Action]:
        """The shown seat's card choices (decline is a button), in screen order."""
        if self.layout is None:
            return []
        acts = [a for a in self.view.legal if a.kind != "decline"]

        def where(a: Action) -> tuple[int, int]:
            r = self.layout.rest(a.card) if self.layout else None
            return (r.centery // 40, r.x) if r else (0, 0)

        return sorted(acts, key=where)

    def act(self, action: Action) -> None:
        if self.session.seats[action.seat].human is False:
            return
        self.skip()
        try:
            events = self.session.submit(action)
        except RuleError as exc:
            self.message = str(exc)
            self.dirty = True
            return
        self.message = ""
        self.show_events(events)

    def decline(self) -> None:
        for a in self.view.legal:
            if a.kind == "decline":
                self.act(a)
                return

    def skip(self) -> None:
        """Finish every animation at once (click or Space)."""
        if self.flights or self.banners or self.clock < self.cursor:
            self.flights = []
            self.banners = []
            self.cursor = self.clock
            self.dirty = True

    # --- input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.track_hover()
            for b in self.prompt_buttons():
                if b.handle_event(event):  # hover changes the prompt bar, which is drawn once per change
                    self.static = None
                    self.dirty = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 3:
                uid = self.card_at(event.pos)
                if uid is not None:
                    self.app.push(ZoomOverlay(self.app, uid))
                return True
            if event.button != 1:
                return False
            for b in self.prompt_buttons():
                if b.rect.collidepoint(event.pos):
                    b.action()
                    return True
            uid = self.card_at(event.pos)
            legal = {a.card: a for a in self.view.legal if a.kind != "decline"}
            if uid is not None and uid in legal:
                self.act(legal[uid])
            else:
                self.skip()
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            self.app.push(MenuOverlay(self.app, self.main_menu, self.session))
        elif event.unicode == "?" or (event.key == pygame.K_SLASH and event.mod & pygame.KMOD_SHIFT):
            self.app.push(KeysOverlay(self.app))
        elif event.key == pygame.K_SPACE:
            self.skip()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            choices = self.choices()
            if choices:
                step = 1 if event.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
                self.selected = (self.selected + step) % len(choices)
                self.static = None
                self.dirty = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            choices = self.choices()
            if choices:
                self.act(choices[self.selected % len(choices)])
        elif event.key == pygame.K_d:
            self.decline()
        elif event.key == pygame.K_h:
            self.show_hint()
        elif event.key == pygame.K_l:
            self.app.change_setting("live_score", not self.app.settings.live_score)
        else:
            return False
        return True

    def main_menu(self) -> None:
        from amul_table.scenes.title import TitleScene

        self.app.reset(TitleScene(self.app))

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The face-up card under the mouse (the topmost one)."""
        if self.layout is None:
            return None
        lay = self.layout
        zones = [lay.hand, lay.market, lay.palace, lay.bazaar, *lay.play.values()]
        for zone in zones:
            hit = None
            for uid, rect in zone.items():
                if rect.collidepoint(pos) and uid not in self.hidden:
                    hit = uid  # later cards are drawn on top
            if hit is not None:
                return hit
        view = self.view
        rect = lay.offer_slot.get(self.shown)
        if rect and view.my_offer >= 0 and view.phase == OFFER and rect.collidepoint(pos):
            return view.my_offer
        rect = lay.reveal_slot.get(self.shown)
        if rect and view.my_reveal >= 0 and view.phase == REVEAL and rect.collidepoint(pos):
            return view.my_reveal
        return None

    def track_hover(self) -> None:
        uid = self.card_at(self.mouse)
        if uid != self.hover_uid:
            self.hover_uid = uid
            self.hover_since = self.clock
            self.zoom_shown = False
            self.static = None
            self.dirty = True

    def prompt_buttons(self) -> list[Button]:
        """The prompt bar's buttons, right to left: Decline when an effect may be declined, Hint for a human."""
        return [
            b
            for b, shown in ((self.decline_button, self.decline_visible()), (self.hint_button, self.hint_visible()))
            if shown
        ]

    def hint_visible(self) -> bool:
        return bool(self.view.legal) and self.session.seats[self.shown].human

    def show_hint(self) -> None:
        """The medium bot's best options for this decision, with its reasons (from this seat's view only)."""
        if not self.hint_visible():
            return
        from amul_table.ai.explain import explain
        from amul_table.scenes.hint import HintOverlay

        self.app.push(HintOverlay(self.app, self.session.names[self.shown], explain(self.view)))

    def decline_visible(self) -> bool:
        return any(a.kind == "decline" for a in self.view.legal)

    # --- turning events into animation ----------------------------------------------------------

    def show_events(self, events: list[Event]) -> None:
        self.saver.after(events)
        before, lay0 = self.view, self.layout
        kept = self.selected_card()
        self.shown = self.seat_to_show()
        self.view = self.session.view(self.shown)
        self.market_places = keep_market_places(self.market_places, self.view.market)
        self.layout = TableLayout(self.app.size, self.view, self.shown, self.market_places)
        self.static = None
        self.dirty = True
        choices = [a.card for a in self.choices()]
        self.selected = choices.index(kept) if kept in choices else 0
        self.log_lines = public_log(self.view, self.session.names, self.you())
        factor = self.app.settings.speed_factor
        if factor <= 0 or lay0 is None:
            return
        self.play(
            choreograph(
                events,
                before,
                self.view,
                lay0,
                self.layout,
                self.session.names,
                self.you(),
                factor,
                max(self.clock, self.cursor),
            )
        )
        self.track_hover()

    def play_intro(self) -> None:
        """Deal the starting hands and round 1 from the deck, one card at a time."""
        factor = self.app.settings.speed_factor
        if factor <= 0 or self.layout is None:
            return
        lay = self.layout
        view = self.view
        empty = dataclasses.replace(view, hand=(), market=())
        events = [
            Event("round", view.first_pick, info="1"),
            Event("deal", view.starting_player),
            Event("market_fill", cards=view.market),
        ]
        names = self.session.names
        self.play(choreograph(events, empty, view, lay, lay, names, self.you(), factor, self.clock, initial=True))

    def play(self, steps: tuple[list[Flight], list[Banner], float]) -> None:
        flights, banners, end = steps
        self.flights += flights
        self.banners += banners
        self.cursor = max(self.cursor, end)
        self.dirty = True

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.layout is None or self.layout.size != surface.get_size():
            self.layout = TableLayout(surface.get_size(), self.view, self.shown, self.market_places)
            self.static = None
        if self.static is None:
            self.static = pygame.Surface(surface.get_size())
            self.drawn_faces = set()
            self.draw_static(self.static)
            self.static_faces = set(self.drawn_faces)
        surface.blit(self.static, (0, 0))
        self.drawn_faces = set(self.static_faces)
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        for f in self.flights:
            started = self.clock >= f.start or f.wait_visible
            if started and f.uid is not None and (f.up_from or f.up_to):
                self.drawn_faces.add(f.uid)
            f.draw(surface, self.clock, lambda uid, w, h: any_face(uid, w, h, lang, cb), card_back)
        self.draw_banners(surface)
        if self.zoom_shown and self.hover_uid is not None and not self.animating:
            w, h = surface.get_size()
            mx = self.mouse[0]
            scale = min(w, h * 1.6) / 1600 * 0.8
            half = int(268 * max(0.7, scale * 1.6)) + int(30 * self.layout.u)
            centre = (mx + half if mx < w / 2 else mx - half, self.layout.board_area.centery)
            bounds = pygame.Rect(0, 0, w, self.layout.prompt.top)
            draw_zoom(surface, self.hover_uid, centre, scale, lang, cb, bounds)
            self.drawn_faces.add(self.hover_uid)

    def draw_static(self, s: pygame.Surface) -> None:
        w, h = s.get_size()
        lay = self.layout
        assert lay is not None
        s.blit(felt(w, h), (0, 0))
        tri = lay.triangle
        s.blit(board(tri.w, tri.h, "", ""), tri.topleft)
        self.draw_board_cards(s, lay)
        for seat in lay.seat_panel:
            self.draw_seat(s, lay, seat)
        self.draw_shown_seat(s, lay)
        self.draw_prompt(s, lay)
        self.draw_sidebar(s, lay)

    def face(self, uid: int, w: int, h: int) -> pygame.Surface:
        self.drawn_faces.add(uid)
        return card_face(uid, w, h, self.app.settings.language, self.app.settings.colour_blind)

    def legal_cards(self) -> dict[int, Action]:
        return {a.card: a for a in self.view.legal if a.kind != "decline"}

    def selected_card(self) -> int | None:
        choices = self.choices()
        return choices[self.selected % len(choices)].card if choices else None

    def draw_card(
        self, s: pygame.Surface, uid: int, rect: pygame.Rect, legal: dict[int, Action], selected: int | None
    ) -> None:
        if ("uid", uid) in self.hidden:
            return
        lift = 0
        if uid in legal and (uid == self.hover_uid or uid == selected):
            lift = max(4, rect.h // 12)
        r = rect.move(0, -lift)
        s.blit(shadow(r.w, r.h), (r.x - 1, r.y + 2))
        s.blit(self.face(uid, r.w, r.h), r.topleft)
        if uid in legal:
            colour = HIGHLIGHT if (uid == selected or uid == self.hover_uid) else ACTIVE
            pygame.draw.rect(s, colour, r.inflate(6, 6), 3, border_radius=max(4, r.w // 10))

    def draw_board_cards(self, s: pygame.Surface, lay: TableLayout) -> None:
        view = self.view
        u = lay.u
        legal = self.legal_cards()
        selected = self.selected_card()
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        for zone in (lay.palace, lay.bazaar):
            for uid, rect in zone.items():
                if ("uid", uid) in self.hidden:
                    continue
                self.drawn_faces.add(uid)
                s.blit(card_strip(uid, rect.w, rect.h, lang, cb), rect.topleft)
                if uid in legal or uid == self.hover_uid:
                    colour = HIGHLIGHT if (uid == selected or uid == self.hover_uid) else ACTIVE
                    pygame.draw.rect(s, colour, rect.inflate(4, 4), 2, border_radius=4)
        label = text(tr("board.market").upper(), max(11, int(18 * u)), (120, 80, 40), True, "serif")
        s.blit(label, label.get_rect(midbottom=lay.market_label_at))
        for slot in lay.market_slots:
            pygame.draw.rect(s, shade((226, 196, 146), 0.85), slot, 1, border_radius=max(3, slot.w // 12))
        for uid, rect in lay.market.items():
            self.draw_card(s, uid, rect, legal, selected)
        if view.phase == OFFER:
            for seat, rect in lay.offer_slot.items():
                if not view.offered[seat] or ("offer", seat) in self.hidden:
                    continue
                if seat == self.shown and view.my_offer >= 0:
                    s.blit(self.face(view.my_offer, rect.w, rect.h), rect.topleft)
                    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                    veil.fill((40, 20, 10, 90))
                    s.blit(veil, rect.topleft)
                    tag = fit_text(tr("table.your_offer"), rect.w, max(9, int(13 * u)), CREAM, True)
                    s.blit(tag, tag.get_rect(midbottom=(rect.centerx, rect.bottom - 3)))
                else:
                    s.blit(card_back("market", rect.w, rect.h), rect.topleft)
                    self.seat_tag(s, seat, rect)
        # deck and removed pile
        d = lay.deck
        if view.deck_size:
            for k in range(min(4, view.deck_size // 10 + 1)):
                s.blit(card_back("market", d.w, d.h), (d.x - k * 2, d.y - k * 2))
        count = text(str(view.deck_size), max(9, int(14 * u)), CREAM, True)
        plate = count.get_rect(center=(d.centerx, d.bottom - int(d.h * 0.18))).inflate(10, 4)
        pygame.draw.rect(s, PANEL_DARK, plate, border_radius=plate.h // 2)
        pygame.draw.rect(s, GOLD, plate, 1, border_radius=plate.h // 2)
        s.blit(count, count.get_rect(center=plate.center))
        for zone, key in ((lay.palace, "board.palace"), (lay.bazaar, "board.bazaar")):
            if zone:
                first = min(zone.values(), key=lambda r: r.top)
                lbl = text(tr(key).upper(), max(10, int(15 * u)), GOLD, True, "serif")
                s.blit(lbl, lbl.get_rect(midbottom=(first.centerx, first.top - 2)))
        rm = lay.removed
        pygame.draw.rect(s, shade((226, 196, 146), 0.8), rm, 2, border_radius=max(3, rm.w // 12))
        if view.removed:
            last = view.removed[-1]
            if ("uid", last) not in self.hidden:
                img = self.face(last, rm.w, rm.h).copy()
                img.set_alpha(150)
                s.blit(img, rm.topleft)
        lbl = fit_text(f"{tr('board.removed')}: {len(view.removed)}", int(rm.w * 2.4), max(9, int(12 * u)), CREAM, True)
        plate = lbl.get_rect(midbottom=(rm.centerx, rm.top - 4)).inflate(8, 2)
        pygame.draw.rect(s, PANEL_DARK, plate, border_radius=plate.h // 2)
        s.blit(lbl, lbl.get_rect(center=plate.center))

    def seat_tag(self, s: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        name = fit_text(self.session.names[seat], rect.w - 4, max(9, rect.w // 7), CREAM, True)
        bg = pygame.Rect(0, 0, name.get_width() + 6, name.get_height() + 2)
        bg.midbottom = (rect.centerx, rect.bottom - 3)
        pygame.draw.rect(s, PANEL_DARK, bg, border_radius=4)
        s.blit(name, name.get_rect(center=bg.center))

    def status(self, seat: int) -> tuple[str, tuple[int, int, int]] | None:
        view = self.view
        waiting = view.pending.seats
        if view.phase in (OFFER, REVEAL):
            done = view.offered[seat] if view.phase == OFFER else view.revealed[seat]
            return (tr("table.ready"), MUTED) if done else (tr("table.choosing"), HIGHLIGHT)
        if seat in waiting:
            return tr("table.to_play"), HIGHLIGHT
        return None

    def draw_markers(self, s: pygame.Surface, seat: int, right: int, cy: int, size: int, room: int = 10**6) -> int:
        """Starting Player and First Pick tokens, right-aligned; short tokens when `room` is tight."""
        marks = [
            (tr("table.first_pick_short"), "1", (200, 150, 40)) if seat == self.view.first_pick else None,
            (tr("table.starting_player_short"), "S", (60, 110, 160)) if seat == self.view.starting_player else None,
        ]
        marks = [m for m in marks if m]
        long_width = sum(text(m[0], size, CREAM, True).get_width() + 14 for m in marks)
        x = right
        for label, short, colour in marks:
            img = text(label if long_width <= room else short, size, CREAM, True)
            pill = pygame.Rect(0, 0, max(img.get_width() + 10, img.get_height() + 4), img.get_height() + 4)
            pill.midright = (x, cy)
            pygame.draw.rect(s, colour, pill, border_radius=pill.h // 2)
            pygame.draw.rect(s, shade(colour, 1.4), pill, 1, border_radius=pill.h // 2)
            s.blit(img, img.get_rect(center=pill.center))
            x = pill.left - 4
        return x

    def draw_stats(self, s: pygame.Surface, seat: int, rect: pygame.Rect, size: int, show_pile: bool) -> int:
        """Hand size, Military Prowess with the best letter, Arab and Mongol symbols; returns the end x."""
        area = self.view.play_areas[seat]
        x = rect.left
        cy = rect.centery
        icon = max(10, int(size * 1.25))
        if show_pile:
            pile = pygame.Rect(x, rect.top, int(icon * 0.72), icon)
            s.blit(card_back("market", pile.w, pile.h), pile.topleft)
            img = text(f"×{self.view.hand_sizes[seat]}", size, CREAM, True)
            s.blit(img, (pile.right + 3, cy - img.get_height() // 2))
            x = pile.right + img.get_width() + 10
        sym = {"arab": 0, "mongol": 0}
        cards = load_cards().cards
        for uid in area:
            for k in sym:
                sym[k] += cards[uid].symbols.get(k, 0)
        prowess = military_prowess(area)
        items = [("military", prowess), ("arab", sym["arab"]), ("mongol", sym["mongol"])]
        for symbol, count in items:
            s.blit(symbol_icon(symbol, icon), (x, cy - icon // 2))
            img = text(str(count), size, CREAM, True)
            s.blit(img, (x + icon + 2, cy - img.get_height() // 2))
            x += icon + img.get_width() + 8
            if symbol == "military":
                letter = best_letter(area)
                if letter != NO_LETTER:
                    s.blit(letter_badge(letter, icon), (x - 4, cy - icon // 2))
                    x += icon + 4
        return x

    def draw_seat(self, s: pygame.Surface, lay: TableLayout, seat: int) -> None:
        view = self.view
        rect = lay.seat_panel[seat]
        u = lay.u
        active = seat in view.pending.seats and view.phase != OVER
        panel(s, rect, PANEL, HIGHLIGHT if active else GOLD_DARK, radius=int(10 * u), width=3 if active else 2)
        head = lay.header[seat]
        size = max(10, int(15 * u))
        pygame.draw.circle(s, SEAT_COLOURS[seat], (head.left + size // 2, head.centery), size // 2)

        status = self.status(seat)
        name_right = head.right
        if status:
            img = text(status[0], max(9, int(13 * u)), status[1], True)
            s.blit(img, img.get_rect(midright=(head.right, head.centery)))
            name_right = head.right - img.get_width() - 6
        bot = self.session.seats[seat]
        label = bot.name if bot.human else f"{bot.name} · {tr('tier.' + bot.tier)}"
        name = fit_text(label, name_right - head.left - size - 6, size + 2, CREAM, True, "serif")
        s.blit(name, (head.left + size + 6, head.centery - name.get_height() // 2))
        end = self.draw_stats(s, seat, lay.stats[seat], max(9, int(13 * u)), True)
        stats = lay.stats[seat]
        self.draw_markers(s, seat, stats.right, stats.centery, max(8, int(11 * u)), stats.right - end - 6)
        if view.phase == REVEAL and view.revealed[seat] and ("reveal", seat) not in self.hidden:
            slot = lay.reveal_slot[seat]
            s.blit(card_back("market", slot.w, slot.h), slot.topleft)
        self.draw_play_area(s, lay, seat)

    def draw_play_area(self, s: pygame.Surface, lay: TableLayout, seat: int) -> None:
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        legal = self.legal_cards()
        for uid, rect in lay.play[seat].items():
            if ("uid", uid) in self.hidden:
                continue
            self.drawn_faces.add(uid)
            s.blit(any_face(uid, rect.w, rect.h, lang, cb), rect.topleft)
            if uid == self.hover_uid or uid in legal:
                pygame.draw.rect(s, HIGHLIGHT, rect.inflate(2, 2), 2, border_radius=3)

    def draw_shown_seat(self, s: pygame.Surface, lay: TableLayout) -> None:
        view = self.view
        seat = self.shown
        u = lay.u
        b = lay.bottom
        pygame.draw.rect(s, PANEL_DARK, b)
        pygame.draw.line(s, GOLD_DARK, b.topleft, b.topright, 2)
        head = lay.header[seat]
        size = max(11, int(17 * u))
        pygame.draw.circle(s, SEAT_COLOURS[seat], (head.left + size // 2, head.centery), size // 2)
        who = self.session.seats[seat]
        title = f"{who.name} — {tr('table.hand')}" if who.human else f"{who.name} · {tr('tier.' + who.tier)}"
        img = text(title, size + 2, CREAM, True, "serif")
        s.blit(img, (head.left + size + 8, head.centery - img.get_height() // 2))
        x = head.left + size + 8 + img.get_width() + 16
        status = self.status(seat)
        if status and not view.legal:
            st = text(status[0], max(10, int(14 * u)), status[1], True)
            s.blit(st, (x, head.centery - st.get_height() // 2))
        self.draw_markers(s, seat, lay.hand_area.right, head.centery, max(9, int(12 * u)))
        self.draw_stats(s, seat, lay.stats[seat], max(10, int(14 * u)), False)
        legal = self.legal_cards()
        selected = self.selected_card()
        for uid, rect in lay.hand.items():
            if uid != self.hover_uid:
                self.draw_card(s, uid, rect, legal, selected)
        if self.hover_uid in lay.hand:
            self.draw_card(s, self.hover_uid, lay.hand[self.hover_uid], legal, selected)
        slot = lay.reveal_slot[seat]
        if view.phase == REVEAL and view.my_reveal >= 0 and ("reveal", seat) not in self.hidden:
            s.blit(self.face(view.my_reveal, slot.w, slot.h), slot.topleft)
            tag = fit_text(tr("table.your_reveal"), slot.w, max(9, int(13 * u)), HIGHLIGHT, True)
            s.blit(tag, tag.get_rect(midtop=(slot.centerx, slot.bottom + 2)))
        elif view.phase == REVEAL:
            pygame.draw.rect(s, GOLD_DARK, slot, 2, border_radius=max(4, slot.w // 12))
        play = lay.play_rect[seat]
        if not view.play_areas[seat]:
            img = text(tr("table.play_area"), max(10, int(14 * u)), MUTED)
            s.blit(img, img.get_rect(center=play.center))
        self.draw_play_area(s, lay, seat)

    def effect_card(self) -> int | None:
        """The shown seat's card whose effect is being resolved: this round's reveal, or at the end of
        the game its card with an end-of-game effect."""
        view = self.view
        cards = load_cards().cards
        if view.phase == EFFECTS:
            return view.my_reveal if view.my_reveal >= 0 else None
        for uid in view.play_areas[self.shown]:
            effect = cards[uid].type.effect
            if effect and effect["when"] == "game_end":
                return uid
        return None

    def prompt_text(self) -> str:
        view = self.view
        names = self.session.names
        if view.phase == OVER:
            return tr("table.prompt.over")
        if view.legal:
            if view.phase in (EFFECTS, GAME_END):
                source = tr(f"source.{view.pending.source}")
                card = tr(f"table.phase.{view.phase}")
                uid = self.effect_card()
                if uid is not None:
                    card = card_name(load_cards().cards[uid].type)
                key = "table.prompt.take_up_to" if view.pending.remaining > 1 else "table.prompt.take"
                return tr(key, card=card, source=source, n=view.pending.remaining)
            return tr(f"table.prompt.{view.phase}")
        if not self.session.human_seats:
            return tr("table.prompt.watch")
        return tr("table.prompt.wait", names=", ".join(names[s] for s in view.pending.seats))

    def draw_prompt(self, s: pygame.Surface, lay: TableLayout) -> None:
        r = lay.prompt
        u = lay.u
        veil = pygame.Surface(r.size, pygame.SRCALPHA)
        veil.fill((20, 10, 5, 150))
        s.blit(veil, r.topleft)
        mine = bool(self.view.legal)
        colour = HIGHLIGHT if mine else CREAM
        message = self.message or self.prompt_text()
        buttons = self.prompt_buttons()
        x = r.right - int(12 * u)
        for b in buttons:
            width = int((150 if b.primary else 110) * u)
            b.rect = pygame.Rect(x - width, r.top + 4, width, r.h - 8)
            x = b.rect.left - int(10 * u)
        img = fit_text(
            message, x - r.left - int(28 * u), max(12, int(19 * u)), WARNING if self.message else colour, True
        )
        s.blit(img, img.get_rect(midleft=(r.left + int(16 * u), r.centery)))
        for b in buttons:
            b.draw(s)

    def draw_sidebar(self, s: pygame.Surface, lay: TableLayout) -> None:
        view = self.view
        r = lay.sidebar
        u = lay.u
        pygame.draw.rect(s, PANEL_DARK, r)
        pygame.draw.line(s, GOLD_DARK, r.topleft, r.bottomleft, 2)
        pad = int(14 * u)
        x = r.left + pad
        y = r.top + pad
        inner_w = r.w - 2 * pad
        # round tracker
        img = text(tr("table.round", n=max(1, view.round)), max(13, int(22 * u)), GOLD, True, "serif")
        s.blit(img, (x, y))
        y += img.get_height() + int(6 * u)
        dot = min(int(inner_w / 9) - 4, int(26 * u))
        for i in range(9):
            c = (x + i * (dot + 4) + dot // 2, y + dot // 2)
            done = i + 1 < view.round or view.phase == OVER
            now = i + 1 == view.round and view.phase != OVER
            pygame.draw.circle(s, GOLD if now else (shade(GOLD, 0.55) if done else PANEL), c, dot // 2)
            pygame.draw.circle(s, GOLD_DARK, c, dot // 2, 1)
            n = text(str(i + 1), max(8, int(dot * 0.5)), INK if now else CREAM, True)
            s.blit(n, n.get_rect(center=c))
        y += dot + int(10 * u)
        # phases of the round
        px = x
        size = max(10, int(14 * u))
        for phase in PHASES:
            label = tr(f"table.phase.{phase}")
            current = view.phase == phase or (phase == EFFECTS and view.phase == GAME_END)
            img = text(label, size, INK if current else MUTED, True)
            pill = pygame.Rect(px, y, img.get_width() + 12, img.get_height() + 6)
            if pill.right > r.right - pad:
                break
            pygame.draw.rect(s, HIGHLIGHT if current else PANEL, pill, border_radius=pill.h // 2)
            s.blit(img, img.get_rect(center=pill.center))
            px = pill.right + 5
        y += int(size * 2.2)
        # turn order
        order_label = tr("table.military_order") if view.military_order else tr("table.clockwise_order")
        s.blit(fit_text(f"{tr('table.order')}: {order_label}", inner_w, max(10, int(13 * u)), MUTED), (x, y))
        y += int(18 * u)
        names = self.session.names
        for i, seat in enumerate(view.order):
            colour = HIGHLIGHT if seat in view.pending.seats and view.phase in (PICK, EFFECTS, GAME_END) else CREAM
            img = fit_text(f"{i + 1}. {names[seat]}", inner_w // 2 - 6, max(10, int(14 * u)), colour, True)
            col, row = divmod(i, (len(view.order) + 1) // 2)
            s.blit(img, (x + col * inner_w // 2, y + row * int(19 * u)))
        y += ((len(view.order) + 1) // 2) * int(19 * u) + int(10 * u)
        # live score estimate
        if self.app.settings.live_score and self.session.seats[self.shown].human:
            box = pygame.Rect(x, y, inner_w, int(54 * u))
            panel(s, box, PANEL, GOLD_DARK, radius=int(8 * u))
            lbl = fit_text(tr("table.score"), int(inner_w * 0.62), max(11, int(15 * u)), CREAM, True)
            s.blit(lbl, (box.left + 10, box.top + int(6 * u)))
            hint = fit_text(tr("table.score_hint"), int(inner_w * 0.62), max(9, int(12 * u)), MUTED)
            s.blit(hint, (box.left + 10, box.top + int(8 * u) + lbl.get_height()))
            val = text(str(self.live_score()), max(16, int(30 * u)), GOLD, True, "serif")
            s.blit(val, val.get_rect(midright=(box.right - 12, box.centery)))
            y = box.bottom + int(12 * u)
        # public log
        title = text(tr("table.log"), max(12, int(16 * u)), GOLD, True, "serif")
        s.blit(title, (x, y))
        y += title.get_height() + 4
        bottom = r.bottom - int(30 * u)
        fsize = max(10, int(13 * u))
        from amul_table.sprites.style import font

        fnt = font(fsize)
        lines: list[str] = []
        for entry in reversed(self.log_lines):
            wrapped = wrap(entry, inner_w, fnt)
            lines = wrapped + lines
            if len(lines) * fnt.get_linesize() > bottom - y:
                break
        visible = (bottom - y) // fnt.get_linesize()
        lines = lines[-visible:] if visible > 0 else []
        for line in lines:
            s.blit(text(line, fsize, CREAM), (x, y))
            y += fnt.get_linesize()
        hint = text(tr("table.help_hint"), max(10, int(13 * u)), MUTED)
        s.blit(hint, hint.get_rect(midbottom=(r.centerx, r.bottom - int(8 * u))))

    def draw_banners(self, s: pygame.Surface) -> None:
        if not self.banners or self.layout is None:
            return
        u = self.layout.u
        area = self.layout.board_area
        for b in self.banners:
            a = b.alpha(self.clock)
            if a <= 0:
                continue
            size = int(46 * u) if b.big else int(22 * u)
            img = text(b.text, max(12, size), GOLD if b.big else CREAM, True, "serif")
            box = img.get_rect().inflate(int(50 * u), int(18 * u))
            box.center = (area.centerx, area.top + area.h * (0.42 if b.big else 0.58))
            plate = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (*PANEL_DARK, 220), plate.get_rect(), border_radius=box.h // 3)
            pygame.draw.rect(plate, (*GOLD, 255), plate.get_rect(), 2, border_radius=box.h // 3)
            plate.blit(img, img.get_rect(center=(box.w // 2, box.h // 2)))
            plate.set_alpha(a)
            s.blit(plate, box.topleft)

    def live_score(self) -> int:
        """The shown seat's total if the game ended now (own hand cards with the hand icon included)."""
        if self.score_cache and self.score_cache[0] is self.view:
            return self.score_cache[1]
        view = self.view
        cards = load_cards().cards
        areas = [list(a) for a in view.play_areas]
        areas[self.shown] += [u for u in view.hand if cards[u].keeps_in_hand]
        total = score_game(areas).seats[self.shown].total
        self.score_cache = (view, total)
        return total
