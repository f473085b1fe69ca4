"""A short illustrated rules summary: the goal, a round's three phases, hand or play area, Military
Prowess and scoring, one page each, drawn with the game's own card sprites.
"""

from __future__ import annotations

import math

import pygame

from amul_table.i18n import tr
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import Phase
from amul_table.scenes.routes import Route
from amul_table.scenes.ui import ButtonScene
from amul_table.sprites.board import felt
from amul_table.sprites.cards import card_back, card_face, card_strip, shadow
from amul_table.sprites.icons import letter_badge, position_icon, symbol_icon
from amul_table.sprites.style import (
    CARD_COLOURS,
    COLOUR_ORDER,
    CREAM,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    PANEL_DARK,
    SEAT_COLOURS,
    draw_wrapped,
    fit_text,
    panel,
    text,
)

PAGES = ("goal", "round", "icons", "military", "scoring")
# The rulebook's Military Prowess example: both have 3, Lukas's best letter B beats Linda's D.
MILITARY_EXAMPLE = (("Lukas", ("A-26", "A-27", "A-108")), ("Linda", ("A-28", "A-118")))


class RulesScene(ButtonScene):
    def __init__(self, app, page: int = 0) -> None:
        super().__init__(app)
        self.page = max(0, min(len(PAGES) - 1, page))

    def build_buttons(self) -> None:
        """Back, Cards, Previous and Next along the bottom, for this window size and language."""
        w, h = self.app.size
        self.u = u = max(0.62, min(w / 1600, h / 900))
        self.ui.rebuild((w, h), u)
        self.ui.add_button("back", tr("rules.back"), self.app.pop)
        self.ui.add_button("cards", tr("rules.cards"), self.open_cards)
        self.ui.add_button("glossary", tr("menu.glossary"), self.open_glossary)
        self.ui.add_button("previous", tr("rules.previous"), lambda: self.turn(-1))
        self.ui.add_button("next", tr("rules.next"), lambda: self.turn(1), primary=True)
        self.ui.place_row(self.widgets, (w // 2, h - int(44 * u)), int(210 * u), int(46 * u), int(16 * u))
        self.enable_turns()

    def open_glossary(self) -> None:
        from amul_table.scenes.glossary import GlossaryOverlay

        self.app.push(GlossaryOverlay(self.app))

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(PAGES) - 1, self.page + step))
        self.enable_turns()
        self.dirty = True

    def enable_turns(self) -> None:
        """Previous and Next work only where there is a page to turn to."""
        self.ui.enable("previous", on=self.page > 0)
        self.ui.enable("next", on=self.page < len(PAGES) - 1)

    def open_cards(self) -> None:
        self.app.replace(self.app.go(Route.CARDS))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.build_buttons()

    def settings_changed(self) -> None:
        super().settings_changed()
        self.build_buttons()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.turn(1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.turn(-1)
            return
        super().handle_event(event)

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        u = self.u
        surface.blit(felt(w, h), (0, 0))
        name = PAGES[self.page]
        head = text(tr("rules.title"), int(20 * u), MUTED, True, "serif")
        surface.blit(head, head.get_rect(midtop=(w // 2, int(14 * u))))
        title = text(tr(f"rules.{name}.title"), int(40 * u), GOLD, True, "serif")
        surface.blit(title, title.get_rect(midtop=(w // 2, int(40 * u))))
        area = pygame.Rect(int(40 * u), int(104 * u), w - int(80 * u), h - int(104 * u) - int(104 * u))
        panel(surface, area, PANEL, GOLD_DARK, radius=int(14 * u), width=2)
        content = area.inflate(-int(48 * u), -int(40 * u))
        getattr(self, f"page_{name}")(surface, content)
        page = text(tr("rules.page", n=self.page + 1, total=len(PAGES)), max(11, int(15 * u)), MUTED, True)
        surface.blit(page, page.get_rect(midbottom=(w // 2, h - int(76 * u))))
        self.ui.draw(surface)

    # each page draws into `r`, the inside of the page panel

    def page_goal(self, s: pygame.Surface, r: pygame.Rect) -> None:
        u = self.u
        col = pygame.Rect(r.left, r.top, int(r.w * 0.5), r.h)
        self.paragraphs(s, col, ("rules.goal.body", "rules.goal.decks", "rules.goal.setup"), 23)
        pics = pygame.Rect(col.right + int(30 * u), r.top, r.right - col.right - int(30 * u), r.h)
        cw = min(int(170 * u), pics.w // 4)
        ch = int(cw * 1.4)
        top = pics.top + max(0, (pics.h - ch - int(100 * u)) // 2)
        for i, (deck, number) in enumerate((("market", "A-31"), ("palace", "A-144"), ("bazaar", "A-166"))):
            cx = pics.left + pics.w * (2 * i + 1) // 6
            back = card_back(deck, int(cw * 0.85), int(ch * 0.85))
            s.blit(back, back.get_rect(midtop=(cx - int(cw * 0.22), top)))
            self.card(s, number, pygame.Rect(cx - int(cw * 0.36), top + int(46 * u), cw, ch))
            label = text(tr(f"board.{deck}"), int(24 * u), GOLD, True, "serif")
            s.blit(label, label.get_rect(midtop=(cx, top + int(46 * u) + ch + int(14 * u))))

    def page_round(self, s: pygame.Surface, r: pygame.Rect) -> None:
        u = self.u
        cw = int(118 * u)
        ch = int(cw * 1.4)
        col_w = r.w // 3
        for i, phase in enumerate((Phase.OFFER, Phase.PICK, Phase.REVEAL)):
            col = pygame.Rect(r.left + i * col_w, r.top, col_w - int(24 * u), r.h)
            pic = pygame.Rect(col.left, col.top, col.w, ch + int(70 * u))
            pygame.draw.rect(s, PANEL_DARK, pic, border_radius=int(10 * u))
            mid = pic.centery
            if phase == Phase.OFFER:
                for k, number in enumerate(("A-1", "A-31", "A-9")):
                    rect = pygame.Rect(0, 0, cw, ch)
                    rect.center = (pic.left + int(80 * u) + k * int(48 * u), mid)
                    self.card(s, number, rect, angle=(1 - k) * 8)
                back = card_back("market", cw, ch)
                dst = back.get_rect(center=(pic.right - int(70 * u), mid))
                s.blit(back, dst)
                self.arrow(s, (pic.left + int(200 * u), mid), (dst.left - int(8 * u), mid))
            elif phase == Phase.PICK:
                xs = [pic.centerx + (k - 1) * (int(cw * 0.8) + int(16 * u)) for k in range(3)]
                for k, number in enumerate(("A-5", "A-60", "A-21")):
                    rect = pygame.Rect(0, 0, int(cw * 0.8), int(ch * 0.8))
                    rect.midtop = (xs[k], pic.top + int(14 * u))
                    self.card(s, number, rect)
                    if k == 1:
                        pygame.draw.rect(s, HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=6)
                        self.arrow(s, (rect.centerx, rect.bottom + int(4 * u)), (rect.centerx, pic.bottom - int(6 * u)))
            else:
                back = card_back("market", cw, ch)
                src = back.get_rect(center=(pic.left + int(80 * u), mid))
                s.blit(back, src)
                dst = pygame.Rect(0, 0, cw, ch)
                dst.center = (pic.right - int(80 * u), mid)
                self.card(s, "A-41", dst)
                self.arrow(s, (src.right + int(8 * u), mid), (dst.left - int(8 * u), mid))
            title = text(tr(f"rules.{phase.word}.title"), int(30 * u), GOLD, True, "serif")
            s.blit(title, (col.left, pic.bottom + int(14 * u)))
            body = pygame.Rect(col.left, pic.bottom + int(22 * u) + title.get_height(), col.w, int(190 * u))
            draw_wrapped(s, tr(f"rules.{phase.word}.body"), body, int(21 * u), CREAM, centre=False)
        foot = pygame.Rect(r.left, r.bottom - int(80 * u), r.w, int(80 * u))
        draw_wrapped(s, tr("rules.upkeep.body"), foot, int(21 * u), MUTED, centre=False)

    def page_icons(self, s: pygame.Surface, r: pygame.Rect) -> None:
        u = self.u
        col_w = r.w // 3
        below = int(190 * u)  # the icon and the sentence under each card
        cw = min(int(col_w * 0.6), int((r.h - below) / 1.4), int(240 * u))
        ch = int(cw * 1.4)
        top = r.top + max(0, (r.h - ch - below) // 2)
        for i, (position, number) in enumerate((("hand", "A-1"), ("table", "A-41"), ("both", "A-9"))):
            cx = r.left + col_w * i + col_w // 2
            rect = pygame.Rect(0, 0, cw, ch)
            rect.midtop = (cx, top)
            self.card(s, number, rect)
            icon = position_icon(position, int(56 * u), CREAM)
            s.blit(icon, icon.get_rect(midtop=(cx, rect.bottom + int(18 * u))))
            body = pygame.Rect(
                cx - col_w // 2 + int(20 * u), rect.bottom + int(90 * u), col_w - int(40 * u), int(100 * u)
            )
            draw_wrapped(s, tr(f"rules.icons.{position}"), body, int(22 * u), CREAM)

    def page_military(self, s: pygame.Surface, r: pygame.Rect) -> None:
        u = self.u
        col = pygame.Rect(r.left, r.top, int(r.w * 0.46), r.h)
        self.paragraphs(s, col, ("rules.military.body", "rules.military.ties", "rules.military.example"), 23)
        area = pygame.Rect(col.right + int(40 * u), r.top + int(10 * u), r.right - col.right - int(40 * u), r.h)
        cards = load_cards().by_number
        y = area.top
        strip_h = int(44 * u)
        for rank, (name, numbers) in enumerate(MILITARY_EXAMPLE):
            box = pygame.Rect(area.left, y, area.w, int(60 * u) + len(numbers) * (strip_h + int(6 * u)))
            panel(s, box, PANEL_DARK, HIGHLIGHT if rank == 0 else GOLD_DARK, radius=int(10 * u))
            pygame.draw.circle(s, SEAT_COLOURS[rank], (box.left + int(24 * u), box.top + int(26 * u)), int(10 * u))
            label = text(f"{rank + 1}. {name}", int(22 * u), CREAM, True, "serif")
            s.blit(label, (box.left + int(44 * u), box.top + int(12 * u)))
            prowess = sum(cards[n].symbols.get("military", 0) for n in numbers)
            best = min(cards[n].letter for n in numbers)
            x = box.right - int(20 * u)
            badge = letter_badge(best, int(28 * u))
            x -= badge.get_width()
            s.blit(badge, (x, box.top + int(12 * u)))
            count = text(str(prowess), int(22 * u), GOLD, True)
            x -= count.get_width() + int(10 * u)
            s.blit(count, (x, box.top + int(14 * u)))
            icon = symbol_icon("military", int(28 * u))
            x -= icon.get_width() + int(6 * u)
            s.blit(icon, (x, box.top + int(12 * u)))
            sy = box.top + int(52 * u)
            for number in numbers:
                uid = cards[number].uid
                strip = card_strip(
                    uid, box.w - int(40 * u), strip_h, self.app.settings.language, self.app.settings.colour_blind
                )
                s.blit(strip, (box.left + int(20 * u), sy))
                sy += strip_h + int(6 * u)
            y = box.bottom + int(22 * u)

    def page_scoring(self, s: pygame.Surface, r: pygame.Rect) -> None:
        u = self.u
        col = pygame.Rect(r.left, r.top, int(r.w * 0.5), r.h)
        self.paragraphs(s, col, ("rules.scoring.body", "rules.scoring.majority", "rules.scoring.winner"), 23)
        pad = pygame.Rect(col.right + int(40 * u), r.top, int(r.w * 0.22), r.h)
        rows = [(tr(f"colour.{c}"), CARD_COLOURS[c], None) for c in COLOUR_ORDER[:-1]]
        rows.append((tr("scoring.row.bazaar"), CARD_COLOURS["brown"], None))
        rows.append((tr("scoring.row.arab"), None, "arab"))
        rows.append((tr("scoring.row.mongol"), None, "mongol"))
        rows.append((tr("scoring.row.total"), GOLD, None))
        row_h = min(int(50 * u), pad.h // len(rows))
        sheet = pygame.Rect(pad.left - 8, pad.top - 8, pad.w + 16, row_h * len(rows) + 14)
        pygame.draw.rect(s, (246, 238, 214), sheet, border_radius=8)
        for i, (label, colour, symbol) in enumerate(rows):
            row = pygame.Rect(pad.left, pad.top + i * row_h, pad.w, row_h - 2)
            if colour:
                pygame.draw.rect(s, colour, pygame.Rect(row.left, row.top + 2, int(22 * u), row.h - 4), border_radius=4)
            else:
                s.blit(symbol_icon(symbol, int(row.h * 0.8)), (row.left, row.top + int(row.h * 0.1)))
            img = fit_text(label, row.w - int(40 * u), int(19 * u), (45, 30, 20), True)
            s.blit(img, img.get_rect(midleft=(row.left + int(36 * u), row.centery)))
            pygame.draw.line(s, GOLD_DARK, (row.left, row.bottom), (row.right, row.bottom), 1)
        # the majority podium: 8, 4 and 2 points for the most Arab (or Mongol) symbols
        podium = pygame.Rect(
            pad.right + int(40 * u), r.top + int(60 * u), r.right - pad.right - int(40 * u), int(260 * u)
        )
        icons = [symbol_icon("arab", int(44 * u)), symbol_icon("mongol", int(44 * u))]
        for k, icon in enumerate(icons):
            s.blit(icon, icon.get_rect(midtop=(podium.centerx + (k * 2 - 1) * int(30 * u), podium.top)))
        bw = podium.w // 3
        for column, rank, points, height in ((1, 1, 8, 1.0), (0, 2, 4, 0.7), (2, 3, 2, 0.45)):
            bar = pygame.Rect(podium.left + column * bw + 4, 0, bw - 8, int(podium.h * 0.62 * height))
            bar.bottom = podium.bottom
            pygame.draw.rect(s, GOLD if rank == 1 else GOLD_DARK, bar, border_radius=6)
            img = text(str(points), int(34 * u), PANEL_DARK, True, "serif")
            s.blit(img, img.get_rect(center=bar.center))
            label = text(str(rank), int(22 * u), CREAM, True, "serif")
            s.blit(label, label.get_rect(midbottom=(bar.centerx, bar.top - int(6 * u))))

    # --- helpers ------------------------------------------------------------------------------

    def paragraphs(self, s: pygame.Surface, col: pygame.Rect, keys: tuple[str, ...], size: int) -> int:
        u = self.u
        y = col.top
        for key in keys:
            used = draw_wrapped(
                s, tr(key), pygame.Rect(col.left, y, col.w, col.bottom - y), int(size * u), CREAM, centre=False
            )
            y += used + int(18 * u)
        return y

    def card(self, s: pygame.Surface, number: str, rect: pygame.Rect, angle: float = 0.0) -> None:
        uid = load_cards().by_number[number].uid
        face = card_face(uid, rect.w, rect.h, self.app.settings.language, self.app.settings.colour_blind)
        if angle:
            face = pygame.transform.rotozoom(face, angle, 1.0)
            s.blit(face, face.get_rect(center=rect.center))
            return
        s.blit(shadow(rect.w, rect.h), (rect.x - 1, rect.y + 3))
        s.blit(face, rect.topleft)

    def arrow(self, s: pygame.Surface, start: tuple[int, int], end: tuple[int, int]) -> None:
        u = self.u
        pygame.draw.line(s, HIGHLIGHT, start, end, max(2, int(4 * u)))
        angle = math.atan2(end[1] - start[1], end[0] - start[0])
        head = int(14 * u)
        points = [
            end,
            (end[0] - head * math.cos(angle - 0.45), end[1] - head * math.sin(angle - 0.45)),
            (end[0] - head * math.cos(angle + 0.45), end[1] - head * math.sin(angle + 0.45)),
        ]
        pygame.draw.polygon(s, HIGHLIGHT, points)
