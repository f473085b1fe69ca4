"""The coach's review of one seat in a finished game: a margin chart, the costliest decisions, every decision.

The review (ai/review.py) runs in a worker thread (review_job.py) while a progress bar fills; the window stays live
and Back leaves at any time. Every decision is one click away from the replay at that moment.
Reviews are kept for the session of the window, so coming back to one is instant.
"""

from __future__ import annotations

import datetime as dt

import pygame

from amul_table.ai.review import SAMPLES, Decision, Review
from amul_table.i18n import card_name, decimal, hint_reason, is_you_name, shown_name, tr
from amul_table.match.replay import Replay
from amul_table.persistence.save_format import GameSetup, SavedGame
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import ActionKind
from amul_table.rules.state import Action
from amul_table.scenes.review_job import Reviewed, ReviewJob
from amul_table.scenes.table.score_trail import signed
from amul_table.scenes.ui import LayoutScene
from amul_table.sprites.board import felt
from amul_table.sprites.charts import draw_share_ring
from amul_table.sprites.style import (
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    PANEL_DARK,
    WARNING,
    draw_wrapped,
    fit_text,
    panel,
    shade,
    text,
)

LOSS_COLOUR = (214, 96, 70)
CHOSEN_COLOUR = CREAM
BEST_COLOUR = GOLD


def open_review(app, saved: SavedGame, seat: int | None = None) -> None:
    """Push the review of a finished game (default seat: the first human, else 0)."""
    if not saved.state.is_over:
        app.notify(tr("review.not_finished"))
        return
    if seat is None:
        humans = saved.setup.humans
        seat = humans[0] if humans else 0
    app.push(ReviewScene(app, Reviewed.of_saved(saved), seat))


class ReviewScene(LayoutScene):
    def __init__(self, app, game: Reviewed, seat: int, samples: int | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.samples = SAMPLES if samples is None else samples
        self.seat = seat
        self.top_row = 0
        self.rows: list[tuple[pygame.Rect, Decision]] = []
        self.drawn_state: tuple = ()
        self.start()

    # --- the review in a worker thread -----------------------------------------------------------

    def start(self) -> None:
        """Review the shown seat: at once from this window's earlier reviews, else on a new worker."""
        old = getattr(self, "job", None)
        if old is not None:
            old.cancel()
        self.job = ReviewJob(self.game.state, self.seat, self.samples, self.game.key(self.seat, self.samples))
        self.top_row = 0

    @property
    def review(self) -> Review | None:
        return self.job.review

    @property
    def progress(self) -> tuple[int, int]:
        return self.job.progress

    def leave(self) -> None:
        self.job.cancel()
        self.ui.clear()

    def wait(self, timeout: float | None = None) -> Review | None:
        """Block until the review is ready (tests, renders)."""
        return self.job.wait(timeout)

    # --- actions ------------------------------------------------------------------------------

    def next_seat(self) -> None:
        self.seat = (self.seat + 1) % len(self.game.seats)
        self.start()
        self.build()

    def replay_at(self, step: int) -> None:
        from amul_table.scenes.replay import ReplayScene

        setup = GameSetup(self.game.seats, self.game.state.tea, bot_salt=self.game.bot_salt)
        saved = SavedGame(setup, self.game.state.clone(), self.game.started or dt.datetime.now(dt.UTC))
        self.app.push(ReplayScene(self.app, Replay.of_saved(saved), self.seat, step, started=self.game.started))

    # --- layout and input ---------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.u = u = min(w / 1600, h / 900)
        m = int(30 * u)
        top = int(80 * u)
        bottom = h - int(80 * u)
        self.figures = pygame.Rect(m, top, int(w * 0.24), int((bottom - top) * 0.42))
        self.chart = pygame.Rect(self.figures.right + m, top, w - self.figures.right - 2 * m, self.figures.h)
        low = self.figures.bottom + int(18 * u)
        self.costly_box = pygame.Rect(m, low, int((w - 3 * m) * 0.55), bottom - low)
        self.list_box = pygame.Rect(self.costly_box.right + m, low, w - self.costly_box.right - 2 * m, bottom - low)
        self.rebuild(size, max(0.7, u))

    def place_widgets(self) -> None:
        w, h = self.app.size
        u = max(0.7, self.u)
        bw, bh = int(200 * u), int(44 * u)
        y = h - bh - int(18 * u)
        names = [s.name for s in self.game.seats]
        row = [  # the seat's button twice as wide: "Review of: " and a name typed at Setup's limit
            ("back", tr("review.back"), self.app.pop, None, bw),
            ("seat", tr("review.seat", name=names[self.seat]), self.next_seat, None, 2 * bw),
            ("replay", tr("replay.open"), lambda: self.replay_at(0), "#primary", bw),
        ]
        x = w // 2 - (4 * bw + (len(row) - 1) * int(20 * u)) // 2
        for key, label, action, oid, width in row:
            self.add_button(key, label, pygame.Rect(x, y, width, bh), action, oid)
            x += width + int(20 * u)
        for i in range(3):
            self.ui.actions[f"costly{i}"] = lambda i=i: self.open_costly(i)

    def open_costly(self, i: int) -> None:
        costly = self.review.costliest() if self.review else []
        if i < len(costly):
            self.replay_at(costly[i].index)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.manager is None:
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.open_costly(event.key - pygame.K_1)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, decision in self.rows:
                if rect.collidepoint(event.pos):
                    self.replay_at(decision.index)
                    return
        super().handle_event(event)
        self.dirty = True

    def scroll(self, rows: int) -> None:
        n = len(self.review.decisions) if self.review else 0
        self.top_row = max(0, min(max(0, n - 1), self.top_row + rows))
        self.dirty = True

    # --- words --------------------------------------------------------------------------------

    def decision_line(self, d: Decision) -> str:
        return decision_words(self.game.seats[self.seat].name, d)

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.manager is None:
            return
        w, h = surface.get_size()
        u = self.u
        self.drawn_state = self.job_state()
        surface.blit(felt(w, h), (0, 0))
        name = shown_name(self.game.seats[self.seat].name)
        title = fit_text(tr("review.title", name=name), w - int(60 * u), int(38 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(w // 2, int(16 * u))))
        if self.review is None:
            self.draw_progress(surface)
        else:
            self.draw_figures(surface, self.review)
            self.draw_chart(surface, self.review)
            self.draw_costly(surface, self.review)
            self.draw_list(surface, self.review)
        self.ui.draw(surface)

    def update(self, dt: float) -> None:
        """Redraw when the worker moved the progress or delivered the review: nothing else wakes the frame
        loop (the window redraws only a dirty scene), so without this the bar froze until the mouse moved."""
        super().update(dt)
        if self.job_state() != self.drawn_state:
            self.dirty = True

    def job_state(self) -> tuple:
        """What the worker has told so far, as drawn: its seat, the progress, whether the review (or a failure)
        is in."""
        return (self.job.seat, self.progress, self.review is not None, self.job.failed)

    def draw_progress(self, s: pygame.Surface) -> None:
        w, h = s.get_size()
        u = self.u
        box = pygame.Rect(0, 0, int(w * 0.6), int(170 * u))
        box.center = (w // 2, h // 2)
        panel(s, box, PANEL, GOLD_DARK, radius=int(12 * u))
        done, total = self.progress
        head = fit_text(tr("review.working"), box.w - int(40 * u), int(24 * u), CREAM, True, "serif")
        s.blit(head, head.get_rect(midtop=(box.centerx, box.top + int(20 * u))))
        bar = pygame.Rect(box.left + int(30 * u), box.centery, box.w - int(60 * u), int(22 * u))
        pygame.draw.rect(s, PANEL_DARK, bar, border_radius=bar.h // 2)
        filled = bar.copy()
        filled.w = int(bar.w * done / max(1, total))
        if filled.w:
            pygame.draw.rect(s, GOLD, filled, border_radius=bar.h // 2)
        words = tr("review.failed") if self.job.failed else tr("review.progress", done=done, total=total)
        count = text(words, int(18 * u), WARNING if self.job.failed else MUTED)
        s.blit(count, count.get_rect(midtop=(box.centerx, bar.bottom + int(12 * u))))

    def draw_figures(self, s: pygame.Surface, review: Review) -> None:
        """Accuracy as a ring; mean loss, final margin and decisions beside it; what accuracy means below."""
        u, r = self.u, self.figures
        panel(s, r, PANEL, GOLD_DARK, radius=int(12 * u))
        pad = int(14 * u)
        note_h = int(44 * u)
        ring = min(r.h - note_h - 2 * pad, int(r.w * 0.42))
        ring_rect = pygame.Rect(r.left + pad, r.top + pad, ring, ring)
        draw_share_ring(s, ring_rect.center, ring // 2, review.accuracy, HIGHLIGHT, max(4, ring // 7))
        pct = text(f"{review.accuracy:.0%}", max(12, int(ring * 0.24)), GOLD, True, "serif")
        s.blit(pct, pct.get_rect(center=ring_rect.center))
        x = ring_rect.right + pad
        figures = (
            (tr("review.mean_loss"), _points(review.mean_loss)),
            (tr("review.final_margin"), signed(review.final_margin)),
            (tr("review.decisions"), str(len(review.decisions))),
        )
        each = (r.h - note_h - pad) // len(figures)
        for i, (label, value) in enumerate(figures):
            y = r.top + pad + i * each
            area = pygame.Rect(x, y, r.right - x - pad // 2, each // 2)
            draw_wrapped(s, label, area, max(9, int(14 * u)), MUTED, centre=False)
            val = text(value, max(12, min(int(24 * u), each // 2)), GOLD, True, "serif")
            s.blit(val, (x, y + each // 2))
        note = pygame.Rect(r.left + pad, r.bottom - note_h, r.w - 2 * pad, note_h - int(6 * u))
        draw_wrapped(s, tr("review.accuracy_note"), note, max(9, int(13 * u)), MUTED)

    def draw_chart(self, s: pygame.Surface, review: Review) -> None:
        """Expected final margin after each decision: the chosen option (cream) and the best (gold)."""
        u, box = self.u, self.chart
        panel(s, box, PANEL, GOLD_DARK, radius=int(12 * u))
        head = fit_text(tr("review.chart"), box.w - int(30 * u), max(11, int(18 * u)), CREAM, True)
        s.blit(head, (box.left + int(14 * u), box.top + int(8 * u)))
        r = pygame.Rect(box.left + int(50 * u), box.top + int(40 * u), box.w - int(70 * u), box.h - int(70 * u))
        ds = review.decisions
        if not ds:
            return
        values = [d.best_margin for d in ds] + [d.chosen_margin for d in ds] + [review.final_margin, 0]
        low, high = min(values), max(values)
        span = max(1.0, high - low)

        def y_of(v: float) -> float:
            return r.bottom - r.h * (v - low) / span

        def x_of(i: int) -> float:
            return r.left + r.w * i / max(1, len(ds))

        size = max(9, int(12 * u))
        for v in sorted({round(low), 0, round(high)}):
            y = y_of(v)
            pygame.draw.line(s, shade(PANEL_DARK, 1.4 if v == 0 else 1.2), (r.left, y), (r.right, y), 1)
            label = text(signed(v), size, MUTED)
            s.blit(label, label.get_rect(midright=(r.left - int(6 * u), y)))
        for i in range(1, len(ds)):
            if ds[i].round != ds[i - 1].round:
                x = x_of(i)
                pygame.draw.line(s, shade(PANEL_DARK, 1.2), (x, r.top), (x, r.bottom), 1)
        for attr, colour in (("best_margin", BEST_COLOUR), ("chosen_margin", CHOSEN_COLOUR)):
            points = [(x_of(i), y_of(getattr(d, attr))) for i, d in enumerate(ds)]
            points.append((x_of(len(ds)), y_of(review.final_margin)))
            pygame.draw.aalines(s, colour, False, points)
        costly = {d.index for d in review.costliest()}
        for i, d in enumerate(ds):
            if d.index in costly:
                pygame.draw.circle(s, LOSS_COLOUR, (round(x_of(i)), round(y_of(d.chosen_margin))), max(3, int(6 * u)))
        end = (round(x_of(len(ds))), round(y_of(review.final_margin)))
        pygame.draw.circle(s, HIGHLIGHT, end, max(3, int(5 * u)))
        legend = [(BEST_COLOUR, tr("review.legend_best")), (CHOSEN_COLOUR, tr("review.legend_chosen"))]
        legend.append((LOSS_COLOUR, tr("review.legend_costly")))
        x = box.left + int(50 * u)
        for colour, words in legend:
            pygame.draw.line(s, colour, (x, box.bottom - int(14 * u)), (x + int(20 * u), box.bottom - int(14 * u)), 3)
            img = text(words, size, MUTED)
            s.blit(img, (x + int(26 * u), box.bottom - int(14 * u) - img.get_height() // 2))
            x += int(26 * u) + img.get_width() + int(24 * u)

    def draw_costly(self, s: pygame.Surface, review: Review) -> None:
        """The three costliest decisions, each a click (or 1, 2, 3) away from the replay at that moment."""
        u, box = self.u, self.costly_box
        panel(s, box, PANEL, GOLD_DARK, radius=int(12 * u))
        head = fit_text(tr("review.costliest"), box.w - int(30 * u), max(11, int(18 * u)), CREAM, True)
        s.blit(head, (box.left + int(14 * u), box.top + int(8 * u)))
        costly = review.costliest()
        self.rows = []
        if not costly:
            area = box.inflate(-int(40 * u), -int(80 * u))
            draw_wrapped(s, tr("review.no_loss"), area, max(11, int(17 * u)), CREAM)
            return
        top = box.top + int(40 * u)
        each = (box.bottom - top - int(10 * u)) // 3
        for i, d in enumerate(costly):
            r = pygame.Rect(box.left + int(12 * u), top + i * each, box.w - int(24 * u), each - int(8 * u))
            hover = r.collidepoint(pygame.mouse.get_pos())
            panel(s, r, shade(PANEL, 1.15 if hover else 0.9), LOSS_COLOUR, radius=int(8 * u), width=2)
            tag = text(f"{i + 1}. −{_points(d.loss)}", max(11, int(20 * u)), LOSS_COLOUR, True, "serif")
            s.blit(tag, (r.left + int(10 * u), r.top + int(6 * u)))
            when = fit_text(
                tr("review.when", round=d.round, phase=tr("table.phase." + d.phase.word))
                + " · "
                + tr("review.open_replay"),
                r.right - r.left - tag.get_width() - int(30 * u),
                max(9, int(13 * u)),
                MUTED,
            )
            s.blit(when, (r.left + tag.get_width() + int(20 * u), r.top + int(10 * u)))
            body = pygame.Rect(r.left + int(10 * u), r.top + tag.get_height() + int(8 * u), r.w - int(20 * u), 0)
            body.h = r.bottom - body.top - int(4 * u)
            draw_wrapped(s, self.decision_line(d), body, max(9, int(15 * u)), CREAM, centre=False)
            self.rows.append((r, d))

    def draw_list(self, s: pygame.Surface, review: Review) -> None:
        """Every decision in order with its loss as a bar; a click opens the replay there; the wheel scrolls."""
        u, box = self.u, self.list_box
        panel(s, box, PANEL, GOLD_DARK, radius=int(12 * u))
        head = fit_text(tr("review.every"), box.w - int(30 * u), max(11, int(18 * u)), CREAM, True)
        s.blit(head, (box.left + int(14 * u), box.top + int(8 * u)))
        line = max(16, int(26 * u))
        top = box.top + int(40 * u)
        shown = max(1, (box.bottom - top - int(8 * u)) // line)
        worst = max([d.loss for d in review.decisions] + [1.0])
        size = max(9, int(14 * u))
        mouse = pygame.mouse.get_pos()
        for k, d in enumerate(review.decisions[self.top_row : self.top_row + shown]):
            r = pygame.Rect(box.left + int(10 * u), top + k * line, box.w - int(20 * u), line - 2)
            if r.collidepoint(mouse):
                pygame.draw.rect(s, shade(PANEL, 1.2), r, border_radius=4)
            label = tr("review.row", round=d.round, phase=tr("table.phase." + d.phase.word), chosen=_card(d.chosen))
            if d.loss > 0:
                label += f" → {_card(d.best)}"
            bar_w = int(r.w * 0.22)
            img = fit_text(label, r.w - bar_w - int(70 * u), size, CREAM if d.loss <= 0.5 else WARNING)
            s.blit(img, (r.left + int(4 * u), r.centery - img.get_height() // 2))
            bar = pygame.Rect(
                r.right - bar_w - int(50 * u), r.centery - int(4 * u), int(bar_w * d.loss / worst), int(8 * u)
            )
            if bar.w:
                pygame.draw.rect(s, LOSS_COLOUR, bar, border_radius=3)
            val = text(_points(d.loss), size, MUTED)
            s.blit(val, val.get_rect(midright=(r.right - int(4 * u), r.centery)))
            self.rows.append((r, d))


def _card(action: Action) -> str:
    if action.kind == ActionKind.DECLINE:
        return tr("review.nothing")
    return card_name(load_cards().cards[action.card].type)


def _points(value: float) -> str:
    return decimal(value)


def decision_words(name: str, d: Decision) -> str:
    """ "You offered Silver; Camel was worth 4.2 more: …" in the window's language ("Vous avez", not "Vous a")."""
    key = f"review.chose.{d.chosen.kind.word}" + (".you" if is_you_name(name) else "")
    chose = tr(key, name=name, card=_card(d.chosen))
    why = hint_reason(d.reason, d.reason_args)
    if d.loss == 0:
        return tr("review.was_best", chose=chose, why=why)
    better = _card(d.best) if d.best.kind != ActionKind.DECLINE else tr("review.nothing")
    return tr("review.line", chose=chose, best=better, loss=_points(d.loss), why=why)
