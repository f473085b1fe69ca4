"""Records: how you have done over every finished game, in pictures (reached from the title).

Four figures (games, wins with a ring for the win rate, mean and best score), your scores game by
game, the colours you score best with, and your win rate against each bot tier and player count.
The numbers come from the records database once, when the scene opens; so does the latest game's save,
which Replay and Review open.
"""

from __future__ import annotations

import collections
import logging

import pygame

from amul_table.i18n import decimal, plural_key, tr
from amul_table.persistence.errors import SaveError
from amul_table.persistence.records import RecordsError, RecordsSummary
from amul_table.persistence.save_format import SavedGame, parse_save
from amul_table.rules.scoring import ARAB, BAZAAR, MONGOL
from amul_table.scenes.ui import ButtonScene
from amul_table.sprites.board import felt
from amul_table.sprites.cards import card_back
from amul_table.sprites.charts import draw_score_line, draw_share_bar, draw_share_ring
from amul_table.sprites.style import (
    ACTIVE,
    CARD_COLOURS,
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    draw_wrapped,
    fit_text,
    panel,
    text,
)

log = logging.getLogger(__name__)
ROW_COLOURS = {BAZAAR: CARD_COLOURS["brown"], ARAB: (36, 110, 78), MONGOL: (130, 45, 38)}
TIER_COLOURS = {"easy": (104, 176, 214), "medium": (224, 123, 42), "hard": (192, 57, 43)}
TIER_ORDER = ("random", "easy", "medium", "hard")


class RecordsScene(ButtonScene):
    def __init__(self, app, summary: RecordsSummary | None = None) -> None:
        """`summary`: the figures to show (renders pass made-up ones); by default read from the window's records."""
        super().__init__(app)
        self.problem = ""
        self.summary = summary if summary is not None else self.read_summary()
        self.latest = self.latest_game() if summary is None else None

    def latest_game(self) -> SavedGame | None:
        """The newest recorded game as its save (Replay and Review open it), or None: no game, or no save kept."""
        records = self.app.records.records
        if records is None or not self.summary.games:
            return None
        try:
            games = collections.deque(records.games(with_saves=False), maxlen=1)  # oldest first: keep the newest
            text = records.save_text(games[0].key) if games else None
            return parse_save(text) if text else None
        except (RecordsError, SaveError) as exc:
            log.warning("the latest recorded game cannot be opened: %s", exc)
            return None

    def replay_latest(self) -> None:
        from amul_table.scenes.replay import open_replay

        if self.latest is not None:
            open_replay(self.app, self.latest)

    def review_latest(self) -> None:
        from amul_table.scenes.review import open_review

        if self.latest is not None:
            open_review(self.app, self.latest)

    def read_summary(self) -> RecordsSummary:
        link = self.app.records
        if link.records is None:
            self.problem = link.problem
            return RecordsSummary()
        try:
            return link.records.summary()
        except RecordsError as exc:
            self.problem = tr("records.off", reason=exc)
            return RecordsSummary()

    @property
    def empty(self) -> bool:
        return self.summary.games == 0

    def new_game(self) -> None:
        from amul_table.scenes.setup import SetupScene

        self.app.replace(SetupScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
            return
        super().handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        """Four figure tiles across the top, the score chart and the colours below, the tallies at the bottom."""
        super().resize(size)
        w, h = size
        self.u = u = min(w / 1600, h / 900)
        m = int(30 * u)
        gap = int(20 * u)
        top = int(78 * u)
        bottom = h - int(95 * u)
        tile_h = int((bottom - top) * 0.2)
        tile_w = (w - 2 * m - 3 * gap) // 4
        self.tiles = [pygame.Rect(m + i * (tile_w + gap), top, tile_w, tile_h) for i in range(4)]
        mid_top = top + tile_h + gap
        low_h = int((bottom - mid_top) * 0.42)
        mid_h = bottom - mid_top - low_h - gap
        left_w = int((w - 2 * m - gap) * 0.6)
        self.chart = pygame.Rect(m, mid_top, left_w, mid_h)
        self.colours = pygame.Rect(m + left_w + gap, mid_top, w - 2 * m - left_w - gap, mid_h)
        half = (w - 2 * m - gap) // 2
        self.tiers = pygame.Rect(m, mid_top + mid_h + gap, half, low_h)
        self.players = pygame.Rect(m + half + gap, mid_top + mid_h + gap, w - 2 * m - half - gap, low_h)
        self.empty_box = pygame.Rect(0, 0, int(w * 0.6), int(h * 0.4))
        self.empty_box.center = (w // 2, (top + bottom) // 2)
        self.ui.rebuild(size, u)
        self.ui.add_button("back", tr("records.back"), self.app.pop)
        if not self.summary.games:
            self.ui.add_button("new_game", tr("records.new_game"), self.new_game, primary=True)
        if self.latest is not None:  # the finished game stays one click away after Play again (issue 23 #10)
            self.ui.add_button("replay_latest", tr("records.replay_latest"), self.replay_latest)
            self.ui.add_button("review_latest", tr("records.review_latest"), self.review_latest)
        self.ui.place_row_alike(self.widgets, (w // 2, h - int(45 * u)), w - 2 * m, int(52 * u), int(30 * u))

    # --- drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        surface.blit(felt(*surface.get_size()), (0, 0))
        title = text(tr("records.title"), int(40 * self.u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(w // 2, int(14 * self.u))))
        if self.empty:
            self.draw_empty(surface)
        else:
            self.draw_tiles(surface)
            self.draw_chart(surface)
            self.draw_colours(surface)
            self.draw_tiers(surface)
            self.draw_players(surface)
        self.ui.draw(surface)

    def draw_empty(self, s: pygame.Surface) -> None:
        """A friendly invitation instead of empty charts: three card backs, a title and what will appear."""
        u, r = self.u, self.empty_box
        panel(s, r, PANEL, GOLD_DARK, radius=int(12 * u))
        cw = int(r.h * 0.22)
        for i, deck in enumerate(("palace", "market", "bazaar")):
            img = pygame.transform.rotozoom(card_back(deck, cw, int(cw * 1.4)), (1 - i) * 12, 1.0)
            s.blit(img, img.get_rect(center=(r.centerx + (i - 1) * int(cw * 0.8), r.top + int(cw * 1.0))))
        head = fit_text(tr("records.empty_title"), r.w - int(40 * u), int(30 * u), GOLD, True, "serif")
        y = r.top + int(cw * 2.0)
        s.blit(head, head.get_rect(midtop=(r.centerx, y)))
        body = pygame.Rect(r.left + int(40 * u), y + head.get_height() + int(14 * u), r.w - int(80 * u), 0)
        body.h = r.bottom - body.top - int(16 * u)
        draw_wrapped(s, self.problem or tr("records.empty_body"), body, int(20 * u), CREAM)

    def draw_tiles(self, s: pygame.Surface) -> None:
        u, sm = self.u, self.summary
        figures = [
            (tr("records.games"), str(sm.games), None),
            (tr("records.wins"), number(sm.wins), sm.win_rate),
            (tr("records.mean_score"), number(sm.mean_score, 1), None),
            (tr("records.best_score"), str(sm.best_score), None),
        ]
        for rect, (label, value, rate) in zip(self.tiles, figures, strict=True):
            panel(s, rect, PANEL, GOLD_DARK, radius=int(10 * u))
            lbl = fit_text(label, rect.w - int(20 * u), max(10, int(18 * u)), MUTED, True)
            s.blit(lbl, (rect.left + int(14 * u), rect.top + int(10 * u)))
            size = int(min(rect.h * 0.55, 54 * u))
            img = text(value, size, HIGHLIGHT if rate is None else CREAM, True, "serif")
            s.blit(img, img.get_rect(bottomleft=(rect.left + int(14 * u), rect.bottom - int(8 * u))))
            if rate is not None:
                radius = int(min(rect.h * 0.38, rect.w * 0.16))
                centre = (rect.right - radius - int(14 * u), rect.centery)
                draw_share_ring(s, centre, radius, rate, GOLD, max(4, radius // 3))
                pct = text(percent(rate), max(9, int(radius * 0.55)), CREAM, True)
                s.blit(pct, pct.get_rect(center=centre))

    def section(self, s: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
        """A panel with its title; returns the room left inside for the picture."""
        u = self.u
        panel(s, rect, PANEL, GOLD_DARK, radius=int(10 * u))
        img = fit_text(title, rect.w - int(24 * u), max(11, int(22 * u)), GOLD, True, "serif")
        s.blit(img, (rect.left + int(14 * u), rect.top + int(10 * u)))
        top = rect.top + int(20 * u) + img.get_height()
        return pygame.Rect(rect.left + int(14 * u), top, rect.w - int(28 * u), rect.bottom - top - int(12 * u))

    def draw_chart(self, s: pygame.Surface) -> None:
        u, sm = self.u, self.summary
        inner = self.section(s, self.chart, tr("records.chart"))
        small = max(9, int(14 * u))
        note = text(tr(plural_key("records.chart_latest", len(sm.scores)), n=len(sm.scores)), small, MUTED)
        s.blit(note, note.get_rect(topright=(self.chart.right - int(14 * u), self.chart.top + int(16 * u))))
        plot = pygame.Rect(inner.left + int(36 * u), inner.top + int(8 * u), inner.w - int(44 * u), 0)
        plot.h = inner.bottom - plot.top - int(26 * u)
        scores = [score for score, _ in sm.scores]
        draw_score_line(s, plot, scores, [won for _, won in sm.scores], sm.mean_score, u)
        legend_y = inner.bottom - small // 2
        x = plot.left
        pygame.draw.circle(s, GOLD, (x + small // 2, legend_y), max(3, small // 3))
        won = text(tr("records.chart_won"), small, CREAM)
        s.blit(won, won.get_rect(midleft=(x + small + 4, legend_y)))
        x += small + won.get_width() + int(24 * u)
        pygame.draw.line(s, HIGHLIGHT, (x, legend_y), (x + int(24 * u), legend_y), max(1, int(2 * u)))
        mean = text(tr("records.chart_mean", mean=number(sm.mean_score, 1)), small, CREAM)
        s.blit(mean, mean.get_rect(midleft=(x + int(30 * u), legend_y)))

    def draw_colours(self, s: pygame.Surface) -> None:
        """Your points by score pad row, most first: a bar in the row's colour each."""
        u = self.u
        inner = self.section(s, self.colours, tr("records.colours"))
        rows = sorted(((p, row) for row, p in self.summary.rows.items() if p > 0), reverse=True)
        if not rows:
            img = fit_text(tr("records.colours_none"), inner.w, max(10, int(18 * u)), MUTED)
            s.blit(img, img.get_rect(center=inner.center))
            return
        most = rows[0][0]
        row_h = min(int(40 * u), inner.h // len(rows))
        label_w = int(inner.w * 0.34)
        size = max(9, min(int(17 * u), int(row_h * 0.55)))
        figures = [text(tr("records.points", points=points), size, CREAM, True) for points, _ in rows]
        figure_w = max(img.get_width() for img in figures) + int(10 * u)
        for k, (points, row) in enumerate(rows):
            y = inner.top + k * row_h
            colour = CARD_COLOURS.get(row) or ROW_COLOURS.get(row, MUTED)
            lbl = fit_text(row_label(row), label_w - 6, size, CREAM, True)
            s.blit(lbl, lbl.get_rect(midleft=(inner.left, y + row_h // 2)))
            bar = pygame.Rect(inner.left + label_w, y + int(row_h * 0.18), inner.w - label_w - figure_w, 0)
            bar.h = max(4, int(row_h * 0.64))
            draw_share_bar(s, bar, points / most, colour)
            s.blit(figures[k], figures[k].get_rect(midright=(inner.right, bar.centery)))

    def draw_tiers(self, s: pygame.Surface) -> None:
        """Win rate against each bot tier: a bar each, with wins of games."""
        u = self.u
        inner = self.section(s, self.tiers, tr("records.by_tier"))
        tiers = sorted(self.summary.by_tier.items(), key=lambda kv: tier_rank(kv[0]))
        if not tiers:
            img = fit_text(tr("records.by_tier_none"), inner.w, max(10, int(18 * u)), MUTED)
            s.blit(img, img.get_rect(center=inner.center))
            return
        row_h = min(int(50 * u), inner.h // len(tiers))
        size = max(9, min(int(18 * u), int(row_h * 0.45)))
        label_w = int(inner.w * 0.2)
        tally_w = int(inner.w * 0.24)
        for k, (tier, tally) in enumerate(tiers):
            y = inner.top + k * row_h + row_h // 2
            lbl = fit_text(tr(f"tier.{tier}").capitalize(), label_w - 6, size, CREAM, True)
            s.blit(lbl, lbl.get_rect(midleft=(inner.left, y)))
            bar = pygame.Rect(inner.left + label_w, y - int(row_h * 0.25), inner.w - label_w - tally_w, 0)
            bar.h = max(4, int(row_h * 0.5))
            draw_share_bar(s, bar, tally.win_rate, TIER_COLOURS.get(tier, ACTIVE))
            pct = text(percent(tally.win_rate), size, CREAM, True)
            s.blit(pct, pct.get_rect(midleft=(bar.left + int(8 * u), bar.centery)))
            words = tr("records.tally", wins=number(tally.wins), games=tally.games)
            img = fit_text(words, tally_w - int(10 * u), size, MUTED)
            s.blit(img, img.get_rect(midright=(inner.right, y)))

    def draw_players(self, s: pygame.Surface) -> None:
        """Win rate by player count: a column each, 3 to 8 players, the games played under it."""
        u = self.u
        inner = self.section(s, self.players, tr("records.by_players"))
        counts = list(range(3, 9))
        small = max(9, int(15 * u))
        col_w = inner.w / len(counts)
        base = inner.bottom - int(small * 2.6)
        top = inner.top + int(small * 1.6)
        for k, n in enumerate(counts):
            tally = self.summary.by_players.get(n)
            cx = int(inner.left + (k + 0.5) * col_w)
            bw = int(col_w * 0.5)
            trough = pygame.Rect(cx - bw // 2, top, bw, base - top)
            pygame.draw.rect(s, (30, 19, 13), trough, border_radius=int(4 * u))
            if tally and tally.games:
                hgt = max(2, int(trough.h * tally.win_rate))
                bar = pygame.Rect(trough.left, base - hgt, bw, hgt)
                pygame.draw.rect(s, GOLD, bar, border_radius=int(4 * u))
                pct = text(percent(tally.win_rate), small, CREAM, True)
                s.blit(pct, pct.get_rect(midbottom=(cx, bar.top - 2)))
            pygame.draw.rect(s, GOLD_DARK, trough, 1, border_radius=int(4 * u))
            lbl = fit_text(tr("records.players", n=n), int(col_w) - 4, small, CREAM, True)
            s.blit(lbl, lbl.get_rect(midtop=(cx, base + int(4 * u))))
            words = tr("records.tally", wins=number(tally.wins), games=tally.games) if tally else "–"
            sub = fit_text(words, int(col_w) - 4, small, MUTED)
            s.blit(sub, sub.get_rect(midtop=(cx, base + int(4 * u) + lbl.get_height())))


def row_label(row: str) -> str:
    return tr(f"scoring.row.{row}") if row in (BAZAAR, ARAB, MONGOL) else tr(f"colour.{row}")


def tier_rank(tier: str) -> tuple[int, str]:
    return (TIER_ORDER.index(tier) if tier in TIER_ORDER else len(TIER_ORDER), tier)


def number(value: float, decimals: int = 0) -> str:
    """A whole number as is, else with `decimals` (at least one), in the language's decimal mark."""
    if decimals == 0 and float(value).is_integer():
        return str(int(value))
    return decimal(value, f".{max(1, decimals)}f")


def percent(share: float) -> str:
    return f"{round(share * 100)}%" if tr("number.decimal_mark") == "." else f"{round(share * 100)} %"
