"""The score pad: filled in row by row, the winner highlighted, a bar chart, every final play area.

It is made from the finished game's record (every hand is open once the game is over): the one the table
sends at the end, a finished save's, or the replay's final position.
"""

from __future__ import annotations

from collections import defaultdict

import pygame

from amul_table.i18n import card_name, is_you_name, shown_name, tr
from amul_table.persistence.save_format import SavedGame
from amul_table.rules.cards import load_cards
from amul_table.rules.score_details import CellDetail, cell_detail, ranks
from amul_table.rules.scoring import ARAB, BAZAAR, MONGOL, TOTAL, ScoreSheet, score_game, score_rows
from amul_table.scenes.overlays import ConfirmOverlay, draw_zoom
from amul_table.scenes.routes import Again, Route
from amul_table.scenes.score_names import ColumnName, column_names, names_height
from amul_table.scenes.seat_collections import collecting_line
from amul_table.scenes.table.score_trail import signed
from amul_table.scenes.tooltip import Tip, TipKind, Tooltip, draw_tip, tip
from amul_table.scenes.ui import ButtonScene
from amul_table.sprites.board import felt
from amul_table.sprites.cards import card_face
from amul_table.sprites.icons import symbol_icon
from amul_table.sprites.style import (
    CARD_COLOURS,
    COLOUR_ORDER,
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    SEAT_COLOURS,
    fit_text,
    font,
    panel,
    shade,
    text,
)

ROW_DELAY = 0.35
ROW_COLOURS = {BAZAAR: CARD_COLOURS["brown"], ARAB: (36, 110, 78), MONGOL: (130, 45, 38), TOTAL: GOLD}


class ScoringScene(ButtonScene):
    in_game = False

    def __init__(self, app, game: SavedGame, *, over_replay: bool = False, again: Again | None = None) -> None:
        """`over_replay`: opened from the replay (S), whose Back and Esc return to it. `again`: after an
        online game, what Play again does (a new table, or Join a table), never a local game."""
        super().__init__(app)
        self.ui.arrow_focus = True  # arrows have no other use here: they move the focus ring
        self.game = game
        self.seats = list(game.setup.seats)
        self.names = [shown_name(s.name) for s in self.seats]
        self.humans = [i for i, s in enumerate(self.seats) if s.human]
        self.over_replay = over_replay
        self.again = again
        self.areas = [list(area) for area in game.state.play_areas]  # public once the game is over
        self.sheet: ScoreSheet = score_game(self.areas)
        self.rows = score_rows()
        self.clock = 0.0
        factor = app.settings.speed_factor
        self.row_delay = ROW_DELAY * factor
        self.viewed = self.sheet.winners[0]
        self.card_rects: list[tuple[int, pygame.Rect]] = []
        self.hover: int | None = None
        self.mouse = (0, 0)
        self.ranks = ranks(self.sheet)
        self.cell_rects: list[tuple[int, str, pygame.Rect]] = []  # (seat, row, rect) of each filled cell
        self.hover_cell: tuple[int, str] | None = None
        self.tooltip = Tooltip()  # the Military Prowess under each bar, and a name the pad had to cut
        self.name_tips: list[Tip] = []

    # --- what the pad shows (tests read these) ----------------------------------------------------

    def shown_totals(self) -> list[int]:
        """The Total row as the pad shows it once filled."""
        return [seat.rows[TOTAL] for seat in self.sheet.seats]

    @property
    def filled(self) -> bool:
        return self.clock >= self.row_delay * len(self.rows)

    # --- actions ------------------------------------------------------------------------------------

    def view_area(self, seat: int) -> None:
        """Show this seat's play area; its tab is shown selected."""
        self.viewed = seat
        for i in range(len(self.names)):
            tab = self.widgets.get(f"seat{i}")
            if tab is not None:
                tab.select() if i == seat else tab.unselect()
        self.dirty = True

    def play_again(self) -> None:
        if self.again is not None:
            self.again.start(None)
            return
        self.app.replace(self.app.go(Route.NEW_GAME, self.seats, None, self.game.state.tea))

    def play_deal_again(self) -> None:
        """The same seed, seats and Tea: the same deal, a new game (recorded on its own when finished)."""
        state = self.game.state
        if self.again is not None:
            self.again.start(state.seed)
            return
        self.app.replace(self.app.go(Route.NEW_GAME, self.seats, state.seed, state.tea))

    def replay(self) -> None:
        self.app.go(Route.REPLAY, self.game)

    def review(self) -> None:
        self.app.go(Route.REVIEW, self.game)

    def main_menu(self) -> None:
        self.app.reset(self.app.go(Route.TITLE))

    def ask_main_menu(self) -> None:
        """The finished game is gone from view once left, so leaving asks first."""
        self.app.push(ConfirmOverlay(self.app, tr("scoring.confirm_leave"), self.main_menu))

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, str] | None:
        return next(((seat, row) for seat, row, r in self.cell_rects if r.collidepoint(pos)), None)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.tooltip.follow(event):
            self.dirty = True
        if self.focus_key(event):
            focused = self.ui.focused() or ""
            if focused.startswith("seat"):  # on the tabs, the keyboard's tab is the one shown: never two look chosen
                self.view_area(int(focused[4:]))
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop() if self.over_replay else self.ask_main_menu()
            elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):  # the safe default: never
                self.clock = max(self.clock, self.row_delay * len(self.rows))  # leave the pad, only fill it in
                self.dirty = True
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hover = next((uid for uid, r in reversed(self.card_rects) if r.collidepoint(event.pos)), None)
            cell = None if hover is not None else self.cell_at(event.pos)
            if hover != self.hover or cell != self.hover_cell:
                self.hover, self.hover_cell = hover, cell
                self.dirty = True
        on_widget = hasattr(event, "pos") and self.ui.covers(event.pos)
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and not on_widget:
            self.clock = max(self.clock, self.row_delay * len(self.rows))
            self.dirty = True

    def update(self, dt: float) -> None:
        super().update(dt)
        was = self.filled
        rows = self.rows_shown()
        self.clock += dt
        if self.tooltip.tick(dt):
            self.dirty = True
        if not was:
            self.dirty = True
            if self.rows_shown() > rows:  # a row (or, after a skip, the rest) written in
                self.app.sound.play("tally")

    def rows_shown(self) -> int:
        return len(self.rows) if self.row_delay <= 0 else min(len(self.rows), int(self.clock / self.row_delay))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.u = u = min(w / 1600, h / 900)
        self.pad = pygame.Rect(int(30 * u), int(100 * u), int(w * 0.56), int(h * 0.52))
        self.chart = pygame.Rect(
            self.pad.right + int(30 * u), self.pad.top, w - self.pad.right - int(60 * u), self.pad.h
        )
        self.area_box = pygame.Rect(
            int(30 * u), self.pad.bottom + int(20 * u), w - int(60 * u), h - self.pad.bottom - int(110 * u)
        )
        self.ui.rebuild(size, u)
        names = self.names
        tab_w = min(int(170 * u), (self.area_box.w - int(20 * u)) // len(names) - 6)
        for i, name in enumerate(names):
            left = self.area_box.left + int(10 * u) + i * (tab_w + 6)
            rect = pygame.Rect(left, self.area_box.top + int(8 * u), tab_w, int(34 * u))
            self.ui.add_button(f"seat{i}", name, lambda seat=i: self.view_area(seat), rect)
        self.view_area(self.viewed)
        joined = self.again is not None and not self.again.same_deal  # a friend's table: join one again
        again = tr("title.join" if joined else "scoring.play_again")
        self.ui.add_button("play_again", again, self.play_again, primary=True)
        if not joined:
            self.ui.add_button("play_deal_again", tr("scoring.play_deal_again"), self.play_deal_again)
        if self.over_replay:  # the replay lies below: back to it, not another one on top
            self.ui.add_button("back", tr("replay.back"), self.app.pop)
        else:
            self.ui.add_button("replay", tr("replay.open"), self.replay)
        self.ui.add_button("review", tr("review.open"), self.review)
        self.ui.add_button("main_menu", tr("scoring.main_menu"), self.ask_main_menu)
        bottom = ["play_again", "play_deal_again", "back" if self.over_replay else "replay", "review", "main_menu"]
        if joined:
            bottom.remove("play_deal_again")
        self.ui.place_row_alike(bottom, (w // 2, h - int(45 * u)), w - int(60 * u), int(52 * u), int(20 * u))

    # --- drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.u
        surface.blit(felt(w, h), (0, 0))
        names = self.names
        title = text(tr("scoring.title"), int(40 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(w // 2, int(14 * u))))
        winners = self.sheet.winners
        if self.filled:
            who = " & ".join(names[s] for s in winners)
            if len(winners) > 1:
                line = tr("scoring.winners", names=who)
            else:  # "You win!" to a seat named You, not "You wins!"
                line = tr("scoring.winner.you") if is_you_name(who) else tr("scoring.winner", names=who)
            img = text(line, int(24 * u), HIGHLIGHT, True, "serif")
            surface.blit(img, img.get_rect(midtop=(w // 2, int(60 * u))))
        self.draw_pad(surface)
        self.draw_chart(surface)
        self.draw_area(surface)
        self.ui.draw(surface)
        if self.hover_cell is not None and self.filled:
            self.draw_cell_detail(surface, cell_detail(self.sheet, self.areas, *self.hover_cell))
        if self.hover is not None:
            centre = (self.mouse[0] + (int(w * 0.2) if self.mouse[0] < w / 2 else -int(w * 0.2)), h // 2)
            draw_zoom(
                surface,
                self.hover,
                centre,
                min(w, h * 1.6) / 1600 * 0.8,
                self.app.settings.language,
                self.app.settings.colour_blind,
            )
        draw_tip(surface, self.tooltip)

    def row_label(self, row: str) -> str:
        return tr(f"scoring.row.{row}") if row in (BAZAAR, ARAB, MONGOL, TOTAL) else tr(f"colour.{row}")

    def draw_pad(self, s: pygame.Surface) -> None:
        u = self.u
        r = self.pad
        panel(s, r, (246, 236, 210), GOLD_DARK, radius=int(10 * u), width=3)
        n = len(self.sheet.seats)
        label_w = int(r.w * 0.26)
        col_w = (r.w - label_w - int(20 * u)) // n
        x0 = r.left + int(10 * u) + label_w
        right = r.right - x0 - n * col_w - 4
        heads = column_names(self.names, col_w, int(16 * u), left=label_w - 4, right=right, family="serif")
        line_h = font(heads[0].px, True, "serif").get_linesize()
        extra = names_height(heads, "serif") - line_h  # a second line of names where they are staggered
        row_h = (r.h - int(16 * u) - extra) // (len(self.rows) + 1)
        y0 = r.top + int(8 * u)
        winners = set(self.sheet.winners)
        rank_h = font(max(9, int(13 * u)), True).get_height()  # staggered names go below the places
        first = y0 + rank_h + line_h // 2 if extra else y0 + row_h // 2 + int(3 * u)
        self.name_tips = []
        for i, seat in enumerate(self.sheet.seats):
            cell = pygame.Rect(x0 + i * col_w, y0, col_w, row_h * (len(self.rows) + 1) + extra)
            if seat.seat in winners and self.filled:
                pygame.draw.rect(s, (255, 226, 140), cell, border_radius=6)
                pygame.draw.rect(s, (200, 150, 40), cell, 3, border_radius=6)
            self.draw_head(s, i, heads[i], cell, first + heads[i].line * line_h)
        self.cell_rects = []
        for k, row in enumerate(self.rows):
            y = y0 + extra + (k + 1) * row_h
            colour = CARD_COLOURS.get(row) or ROW_COLOURS.get(row, MUTED)
            band = pygame.Rect(r.left + int(10 * u), y + 2, label_w - 8, row_h - 4)
            pygame.draw.rect(s, colour, band, border_radius=4)
            fg = INK if row in ("yellow", "light_blue", "orange", TOTAL) else CREAM
            lbl = fit_text(self.row_label(row), band.w - 10, max(10, int(15 * u)), fg, True)
            s.blit(lbl, lbl.get_rect(midleft=(band.left + 6, band.centery)))
            pygame.draw.line(s, shade((246, 236, 210), 0.8), (r.left + 8, y + row_h), (r.right - 8, y + row_h), 1)
            if self.clock < self.row_delay * (k + 1):
                continue
            for i, seat in enumerate(self.sheet.seats):
                value = seat.rows[row]
                big = row == TOTAL
                shown = f"{value}".replace("-", "\u2212")  # a minus sign, as the log and the score box write it
                img = text(shown, max(11, int((22 if big else 17) * u)), INK, big, "serif" if big else "sans")
                cell = pygame.Rect(x0 + i * col_w, y, col_w, row_h)
                self.cell_rects.append((i, row, cell))
                if self.hover_cell == (i, row):
                    pygame.draw.rect(s, GOLD_DARK, cell.inflate(-4, -2), 2, border_radius=4)
                if row in (ARAB, MONGOL):  # the symbol count behind the majority, beside its points
                    count = text(str(seat.symbols.get(row, 0)), max(9, int(13 * u)), MUTED, True)
                    icon = symbol_icon(row, max(9, int(14 * u)))
                    s.blit(img, img.get_rect(midright=(cell.centerx - int(4 * u), cell.centery)))
                    s.blit(icon, icon.get_rect(midleft=(cell.centerx + int(4 * u), cell.centery)))
                    s.blit(count, count.get_rect(midleft=(cell.centerx + int(6 * u) + icon.get_width(), cell.centery)))
                    continue
                s.blit(img, img.get_rect(center=cell.center))
        if self.filled and self.sheet.tie_break:
            top = self.sheet.seats[self.sheet.winners[0]]
            key = "scoring.tie_military" if len(self.sheet.winners) == 1 else "scoring.tie_shared"
            msg = tr(key, points=top.total, military=top.military)
            img = fit_text(msg, r.w, max(11, int(16 * u)), HIGHLIGHT, True)
            s.blit(img, img.get_rect(midtop=(r.centerx, r.bottom + int(4 * u))))

    def draw_head(self, s: pygame.Surface, i: int, head: ColumnName, cell: pygame.Rect, name_y: int) -> None:
        """Seat i's column head: its colour's dot, its name (with a tip where it is cut) and, once filled, its place."""
        u = self.u
        pygame.draw.circle(s, SEAT_COLOURS[i], (cell.centerx, cell.top + int(5 * u)), max(3, int(4 * u)))
        name = text(head.shown, head.px, INK, True, "serif")
        s.blit(name, at := name.get_rect(center=(cell.centerx + head.offset, name_y)))
        if head.cut:
            self.name_tips.append(tip(TipKind.SEAT_NAME, at, name=head.name))
        if self.filled:
            place = text(tr(f"scoring.rank.{self.ranks[i]}"), max(9, int(13 * u)), GOLD_DARK, True)
            s.blit(place, place.get_rect(topright=(cell.right - 4, cell.top + 1)))

    def draw_chart(self, s: pygame.Surface) -> None:
        """One stacked bar per seat: a segment per score pad row, in the row's colour."""
        u = self.u
        r = self.chart
        panel(s, r, PANEL, GOLD_DARK, radius=int(10 * u))
        n = len(self.sheet.seats)
        top = max(1, max(seat.total for seat in self.sheet.seats))
        inner = r.inflate(-int(30 * u), -int(70 * u))
        inner.top = r.top + int(20 * u)
        feet = column_names(
            self.names, int(inner.w / n) + 4, int(13 * u), left=inner.left - r.left - 6, right=inner.left - r.left - 6
        )
        mil_y = int(6 * u) + names_height(feet) + 2  # the Military Prowess under the names
        mil_px = max(10, int(16 * u))
        inner.height = min(inner.height, r.bottom - int(6 * u) - mil_px - mil_y - inner.top)
        bw = min(int(60 * u), inner.w // n - int(10 * u))
        grow = min(1.0, self.clock / max(0.01, self.row_delay * len(self.rows)))
        tips: list[Tip] = []
        for i, seat in enumerate(self.sheet.seats):
            cx = inner.left + (i + 0.5) * inner.w / n
            y = inner.bottom
            for row in self.rows:
                if row == TOTAL:
                    continue
                v = seat.rows[row]
                if v <= 0:
                    continue
                hgt = int(inner.h * v / top * grow)
                colour = CARD_COLOURS.get(row) or ROW_COLOURS.get(row, MUTED)
                seg = pygame.Rect(int(cx - bw / 2), y - hgt, bw, hgt)
                pygame.draw.rect(s, colour, seg)
                pygame.draw.rect(s, shade(colour, 0.6), seg, 1)
                y -= hgt
            total = text(str(int(seat.total * grow)), max(11, int(18 * u)), GOLD, True, "serif")
            s.blit(total, total.get_rect(midbottom=(cx, y - 3)))
            foot = feet[i]
            name = text(foot.shown, foot.px, SEAT_COLOURS[i], True)
            y = inner.bottom + int(6 * u) + foot.line * font(foot.px, True).get_linesize()
            s.blit(name, at := name.get_rect(midtop=(cx + foot.offset, y)))
            if foot.cut:
                tips.append(tip(TipKind.SEAT_NAME, at, name=foot.name))
            mil = symbol_icon("military", mil_px)
            s.blit(mil, mil.get_rect(midtop=(cx - int(10 * u), inner.bottom + mil_y)))
            m = text(str(seat.military), max(9, int(13 * u)), CREAM, True)
            at = m.get_rect(midleft=(cx + 2, inner.bottom + mil_y + mil.get_height() // 2))
            s.blit(m, at)
            token = mil.get_rect(midtop=(cx - int(10 * u), inner.bottom + mil_y)).union(at)
            you = self.humans == [i]
            tips.append(tip(TipKind.FINAL_MILITARY, token, you=you, name=self.names[i], n=seat.military))
        self.tooltip.set_regions(self.name_tips + tips)

    def draw_area(self, s: pygame.Surface) -> None:
        u = self.u
        r = self.area_box
        panel(s, r, PANEL_DARK, GOLD_DARK, radius=int(10 * u))
        area = self.areas[self.viewed]
        cards = load_cards().cards
        per_card = self.sheet.seats[self.viewed].cards
        groups: dict[str, list[int]] = defaultdict(list)
        for uid in area:
            groups[cards[uid].type.colour].append(uid)
        inner = pygame.Rect(r.left + int(12 * u), r.top + int(50 * u), r.w - int(24 * u), r.h - int(84 * u))
        if not self.seats[self.viewed].human:  # what this bot was going for
            line = collecting_line(self.sheet, self.areas, self.viewed, self.names[self.viewed])
            img = fit_text(line, inner.w, max(11, int(16 * u)), SEAT_COLOURS[self.viewed], True)
            s.blit(img, img.get_rect(bottomleft=(inner.left, r.bottom - int(6 * u))))
        self.card_rects = []
        if not area:
            return
        cw = int(min(inner.h / 1.4 * 0.92, 110 * u))
        ch = int(cw * 1.4)
        count = len(area) + len([g for g in groups.values() if g]) - 1
        step = min(cw + int(6 * u), (inner.w - cw) / max(1, count))
        x = inner.left
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        for colour in COLOUR_ORDER:
            for uid in sorted(groups.get(colour, []), key=lambda x: cards[x].type.id):
                rect = pygame.Rect(int(x), inner.top, cw, ch)
                s.blit(card_face(uid, cw, ch, lang, cb), rect.topleft)
                pts = per_card.get(uid)
                if pts is not None and step >= cw * 0.5:
                    badge = text(signed(pts), max(9, int(13 * u)), INK, True)
                    b = badge.get_rect(midtop=(rect.centerx, rect.bottom - badge.get_height() - 2))
                    pygame.draw.rect(s, HIGHLIGHT, b.inflate(6, 2), border_radius=4)
                    s.blit(badge, b)
                self.card_rects.append((uid, rect))
                x += step
            if groups.get(colour):
                x += step * 0.6

    def cell_lines(self, detail: CellDetail) -> list[str]:
        """The hover note of one cell, in words: its cards and their points, or the majority's symbols."""
        name = self.names[detail.seat]
        lines = [tr("scoring.cell_title", name=name, row=self.row_label(detail.row), points=detail.points)]
        if detail.symbols is not None:
            key = "scoring.cell_majority" if detail.points else "scoring.cell_majority_none"
            lines.append(tr(key, symbol=tr(f"symbol.{detail.row}"), symbols=detail.symbols, points=detail.points))
            return lines
        if detail.row == TOTAL:
            return lines
        cards = load_cards().cards
        for line in detail.cards:
            card = card_name(cards[line.uid].type)
            if line.zero_reason is None:
                lines.append(tr("scoring.cell_card", card=card, points=signed(line.points)))
            else:
                reason = tr(f"scoring.zero.{line.zero_reason.value}")
                lines.append(tr("scoring.cell_card_zero", card=card, reason=reason))
        if not detail.cards:
            lines.append(tr("scoring.cell_empty"))
        return lines

    def draw_cell_detail(self, s: pygame.Surface, detail: CellDetail) -> None:
        u = self.u
        size = max(11, int(16 * u))
        fnt = font(size)
        images = [
            fit_text(line, int(s.get_width() * 0.45), size, INK, k == 0)
            for k, line in enumerate(self.cell_lines(detail))
        ]
        pad = int(8 * u)
        box = pygame.Rect(
            0, 0, max(img.get_width() for img in images) + 2 * pad, fnt.get_linesize() * len(images) + 2 * pad
        )
        box.topleft = (self.mouse[0] + int(16 * u), self.mouse[1] + int(16 * u))
        box.clamp_ip(s.get_rect())
        panel(s, box, (252, 246, 228), GOLD_DARK, radius=int(6 * u), width=2)
        for k, img in enumerate(images):
            s.blit(img, (box.left + pad, box.top + pad + k * fnt.get_linesize()))
