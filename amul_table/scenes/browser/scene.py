"""The card browser: every card of a player count, filtered by colour, deck and name, read in full.

A grid of card faces on the left (wheel or arrows to browse, a click selects), and the chosen card
large on the right with its full rule text, its name in the other language and its copy count.
"""

from __future__ import annotations

import pygame
import pygame_gui

from amul_table.i18n import LANGUAGES, card_name, plural_key, tr
from amul_table.i18n.card_texts import card_text
from amul_table.rules.cards import DECKS, load_cards
from amul_table.rules.setup import MAX_PLAYERS, MIN_PLAYERS
from amul_table.scenes.browser.catalogue import ALL, Entry, catalogue, filter_entries
from amul_table.scenes.face_tips import face_tips
from amul_table.scenes.tooltip import Tip, TipKind, Tooltip, draw_tip, tip
from amul_table.scenes.ui import LayoutScene
from amul_table.sprites.board import felt
from amul_table.sprites.cards import card_face, shadow
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
    draw_wrapped,
    fit_text,
    panel,
    text,
)

FILTER_COLOURS = COLOUR_ORDER[:-1]  # the six score-pad colours; brown is the Bazaar, filtered by deck
SCROLL_STEP = 0.5  # rows per wheel notch


class CardBrowserScene(LayoutScene):
    def __init__(self, app, players: int = 4, tea: bool = False) -> None:
        super().__init__(app)
        self.players = players
        self.tea = tea
        self.colour = ALL
        self.deck = ALL
        self.search = ""
        self.selected = 0
        self.scroll = 0.0  # pixels the grid is scrolled down
        self.tooltip = Tooltip()  # the printed marks of the detail pane's card
        self.entries: list[Entry] = []
        self.shown: list[Entry] = []
        self.refresh()

    # --- what is shown ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Recompute the catalogue and the filtered entries, keeping the selected card when it stays."""
        keep = self.shown[self.selected] if self.shown and self.selected < len(self.shown) else None
        self.entries = catalogue(self.players, self.tea)
        self.shown = filter_entries(self.entries, self.colour, self.deck, self.search)
        same = [i for i, e in enumerate(self.shown) if keep and (e.type.id, e.deck) == (keep.type.id, keep.deck)]
        self.selected = same[0] if same else 0
        self.scroll = 0.0 if not same else self.scroll
        self.clamp_scroll()
        self.dirty = True

    @property
    def current(self) -> Entry | None:
        return self.shown[self.selected] if self.shown else None

    def set_filter(self, **values: object) -> None:
        for key, value in values.items():
            setattr(self, key, value)
        self.refresh()
        self.build()

    def step_players(self, step: int) -> None:
        self.set_filter(players=max(MIN_PLAYERS, min(MAX_PLAYERS, self.players + step)))

    def select(self, index: int) -> None:
        if not self.shown:
            return
        self.selected = max(0, min(len(self.shown) - 1, index))
        self.reveal_selected()
        self.dirty = True

    def open_rules(self) -> None:
        from amul_table.scenes.rules_summary import RulesScene

        self.app.replace(RulesScene(self.app))

    def open_glossary(self) -> None:
        from amul_table.scenes.glossary import GlossaryOverlay

        self.app.push(GlossaryOverlay(self.app, "shorthand"))

    # --- layout and widgets -------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.u = max(0.62, min(w / 1600, h / 900))
        self.rebuild(size, self.u)

    def place_widgets(self) -> None:
        """The filter rows, the grid, the detail pane and the bottom bar, for this window size."""
        w, h = self.app.size
        u = self.u
        m = int(24 * u)
        row = int(40 * u)
        self.labels: list[tuple[str, tuple[int, int]]] = []
        y = self.build_filters(m, row, int(8 * u))
        top = y + row + int(16 * u)
        bottom = h - int(64 * u)
        self.detail = pygame.Rect(0, top, int(540 * u), bottom - top)
        self.detail.right = w - m
        self.grid = pygame.Rect(m, top, self.detail.left - m - int(18 * u), bottom - top)
        self.card_w = int(112 * u)
        self.card_h = int(self.card_w * 1.4)
        self.cell = (self.card_w + int(14 * u), self.card_h + int(30 * u))
        self.columns = max(1, (self.grid.w + int(14 * u)) // self.cell[0])
        bw = int(200 * u)
        by = h - int(54 * u)
        back = pygame.Rect(w - m - bw, by, bw, int(44 * u))
        self.ui.add_button("back", tr("cards.back"), self.app.pop, back, primary=True)
        rules = pygame.Rect(w - m - 2 * bw - int(12 * u), by, bw, int(44 * u))
        self.ui.add_button("rules", tr("cards.rules"), self.open_rules, rules)
        glossary = pygame.Rect(rules.left - bw - int(12 * u), by, bw, int(44 * u))
        self.ui.add_button("glossary", tr("menu.glossary"), self.open_glossary, glossary)
        self.clamp_scroll()
        self.dirty = True

    def build_filters(self, m: int, row: int, gap: int) -> int:
        """Player count, Tea and search on the first row, deck and colour on the second; the second row's y."""
        w, u = self.app.size[0], self.u
        y = int(74 * u)
        x = m
        x = self._label(tr("cards.players"), x, y, row)
        self.add_button("players-", "−", pygame.Rect(x, y, row, row), lambda: self.step_players(-1), "#stepper")
        self.count_at = (x + row + int(28 * u), y + row // 2)
        self.add_button(
            "players+", "+", pygame.Rect(x + row + int(56 * u), y, row, row), lambda: self.step_players(1), "#stepper"
        )
        x += row * 2 + int(56 * u) + int(30 * u)
        for value, key in ((False, "cards.tea_off"), (True, "cards.tea_on")):
            name = f"tea={value}"
            self.add_button(name, tr(key), pygame.Rect(x, y, int(150 * u), row), lambda v=value: self.set_filter(tea=v))
            if self.tea == value:
                self.widgets[name].select()
            x += int(150 * u) + gap
        x += int(22 * u)
        search = pygame.Rect(x, y, w - m - x, row)
        self.ui.add_entry("search", search, self.search, 30, object_id="#search", placeholder=tr("cards.search"))
        # second row: deck and colour
        y += row + gap
        x = self._label(tr("cards.deck"), m, y, row)
        for deck in (ALL, *DECKS):
            name = f"deck={deck}"
            label = tr("cards.all") if deck == ALL else tr(f"board.{deck}")
            self.add_button(name, label, pygame.Rect(x, y, int(100 * u), row), lambda d=deck: self.set_filter(deck=d))
            if self.deck == deck:
                self.widgets[name].select()
            x += int(100 * u) + gap
        x = self._label(tr("cards.colour"), x + int(22 * u), y, row)
        self.swatches: list[tuple[pygame.Rect, str]] = []
        width = (w - m - x - gap * len(FILTER_COLOURS)) // (len(FILTER_COLOURS) + 1)
        for colour in (ALL, *FILTER_COLOURS):
            name = f"colour={colour}"
            label = tr("cards.all") if colour == ALL else tr(f"colour.{colour}")
            rect = pygame.Rect(x, y, width, row)
            self.add_button(name, label, rect, lambda c=colour: self.set_filter(colour=c))
            if self.colour == colour:
                self.widgets[name].select()
            if colour != ALL:
                self.swatches.append((rect, colour))
            x += width + gap
        return y

    def _label(self, label: str, x: int, y: int, row: int) -> int:
        self.labels.append((label, (x, y + row // 2)))
        return x + text(label, int(18 * self.u), CREAM, True).get_width() + int(12 * self.u)

    # --- scrolling ----------------------------------------------------------------------------

    def content_height(self) -> int:
        rows = (len(self.shown) + self.columns - 1) // self.columns if hasattr(self, "columns") else 0
        return rows * self.cell[1] if rows else 0

    def clamp_scroll(self) -> None:
        if not hasattr(self, "grid"):
            return
        self.scroll = max(0.0, min(self.scroll, float(max(0, self.content_height() - self.grid.h))))

    def reveal_selected(self) -> None:
        """Scroll just enough to show the selected card."""
        row = self.selected // self.columns
        top = row * self.cell[1]
        if top < self.scroll:
            self.scroll = float(top)
        elif top + self.cell[1] > self.scroll + self.grid.h:
            self.scroll = float(top + self.cell[1] - self.grid.h)
        self.clamp_scroll()

    def cell_rect(self, index: int) -> pygame.Rect:
        """Where entry `index`'s card is drawn (screen coordinates, before clipping to the grid)."""
        row, col = divmod(index, self.columns)
        free = self.grid.w - self.columns * self.cell[0]
        x = self.grid.left + free // 2 + col * self.cell[0] + (self.cell[0] - self.card_w) // 2
        y = self.grid.top + row * self.cell[1] - int(self.scroll) + int(6 * self.u)
        return pygame.Rect(x, y, self.card_w, self.card_h)

    def entry_at(self, pos: tuple[int, int]) -> int | None:
        if not self.grid.collidepoint(pos):
            return None
        for i in range(len(self.shown)):
            if self.cell_rect(i).collidepoint(pos):
                return i
        return None

    # --- input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.manager is None:
            return
        if self.tooltip.follow(event):
            self.dirty = True
        search = self.widgets.get("search")
        typing = search is not None and search.is_focused
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if typing:
                search.unfocus()
            else:
                self.app.pop()
            return
        on_widget = hasattr(event, "pos") and self.ui.covers(event.pos)
        super().handle_event(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is search:
            self.search = search.get_text()
            self.refresh()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * self.cell[1] * SCROLL_STEP
            self.clamp_scroll()
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not on_widget:
            index = self.entry_at(event.pos)
            if index is not None:
                self.select(index)
        elif event.type == pygame.KEYDOWN and not typing:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        moves = {
            pygame.K_LEFT: -1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -self.columns,
            pygame.K_DOWN: self.columns,
            pygame.K_PAGEUP: -self.columns * 3,
            pygame.K_PAGEDOWN: self.columns * 3,
        }
        if event.key in moves:
            self.select(self.selected + moves[event.key])
        elif event.key == pygame.K_HOME:
            self.select(0)
        elif event.key == pygame.K_END:
            self.select(len(self.shown) - 1)

    def type_search(self, value: str) -> None:
        """Set the search text as if typed (tests)."""
        self.widgets["search"].set_text(value)
        self.search = value
        self.refresh()

    # --- time and drawing ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.tooltip.tick(dt):
            self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        if self.manager is None:
            return
        w, h = surface.get_size()
        u = self.u
        surface.blit(felt(w, h), (0, 0))
        title = text(tr("cards.title"), int(36 * u), GOLD, True, "serif")
        surface.blit(title, (int(24 * u), int(14 * u)))
        kinds, copies = len(self.shown), sum(e.copies for e in self.shown)  # "1 kind of card", "1 copy"
        said = tr(
            "cards.summary",
            kinds=tr(plural_key("cards.count_kinds", kinds), n=kinds),
            copies=tr(plural_key("cards.count_copies", copies), n=copies),
        )
        summary = text(said, max(11, int(17 * u)), MUTED, True)
        surface.blit(
            summary,
            summary.get_rect(
                bottomleft=(int(40 * u) + title.get_width(), int(14 * u) + title.get_height() - int(6 * u))
            ),
        )
        for label, (x, y) in self.labels:
            img = text(label, max(11, int(18 * u)), CREAM, True)
            surface.blit(img, img.get_rect(midleft=(x, y)))
        count = text(str(self.players), int(26 * u), GOLD, True, "serif")
        surface.blit(count, count.get_rect(center=self.count_at))
        grid_tips = self.draw_grid(surface)
        self.draw_detail(surface, grid_tips)
        hint = fit_text(tr("cards.scroll_hint"), self.grid.w, max(11, int(15 * u)), MUTED)
        surface.blit(hint, hint.get_rect(midleft=(self.grid.left, h - int(32 * u))))
        self.ui.draw(surface)
        for rect, colour in self.swatches:
            stripe = pygame.Rect(
                rect.left + int(8 * u), rect.bottom - int(9 * u), rect.w - int(16 * u), max(3, int(5 * u))
            )
            pygame.draw.rect(surface, CARD_COLOURS[colour], stripe, border_radius=stripe.h // 2)
        draw_tip(surface, self.tooltip)

    def draw_grid(self, surface: pygame.Surface) -> list[Tip]:
        """The cards in a scrolled grid, each with its number of copies; returns the counts' tips."""
        u = self.u
        tips: list[Tip] = []
        pygame.draw.rect(surface, PANEL_DARK, self.grid, border_radius=int(10 * u))
        if not self.shown:
            img = text(tr("cards.none"), int(20 * u), MUTED, True)
            surface.blit(img, img.get_rect(center=self.grid.center))
            return tips
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        surface.set_clip(self.grid.inflate(-4, -4))
        for i, entry in enumerate(self.shown):
            rect = self.cell_rect(i)
            if rect.bottom + int(30 * u) < self.grid.top or rect.top > self.grid.bottom:
                continue
            surface.blit(shadow(rect.w, rect.h), (rect.x - 1, rect.y + 2))
            surface.blit(card_face(entry.uids[0], rect.w, rect.h, lang, cb), rect.topleft)
            if i == self.selected:
                pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=max(4, rect.w // 10))
            badge = text(f"×{entry.copies}", max(11, int(15 * u)), GOLD if i == self.selected else CREAM, True)
            at = badge.get_rect(midtop=(rect.centerx, rect.bottom + int(4 * u)))
            surface.blit(badge, at)
            if self.grid.contains(at):
                tips.append(tip(TipKind.COPIES, at, n=entry.copies, players=self.players))
        surface.set_clip(None)
        content = self.content_height()
        if content > self.grid.h:  # a thin scroll bar
            bar_h = max(int(30 * u), self.grid.h * self.grid.h // content)
            bar_y = self.grid.top + int((self.grid.h - bar_h) * self.scroll / (content - self.grid.h))
            pygame.draw.rect(
                surface, GOLD_DARK, pygame.Rect(self.grid.right - int(7 * u), bar_y, int(5 * u), bar_h), border_radius=3
            )
        return tips

    def draw_detail(self, surface: pygame.Surface, grid_tips: list[Tip]) -> None:
        """The chosen card large with its facts and rule; its printed marks and the grid's counts get tips."""
        u = self.u
        box = self.detail
        panel(surface, box, PANEL, GOLD, radius=int(12 * u), width=2)
        entry = self.current
        if entry is None:
            self.tooltip.set_regions(grid_tips)
            return
        lang, cb = self.app.settings.language, self.app.settings.colour_blind
        card = entry.first
        inner = box.inflate(-int(32 * u), -int(32 * u))
        cw = min(int(230 * u), inner.w // 2 - int(10 * u))
        face = card_face(card.uid, cw, int(cw * 1.4), lang, cb)
        surface.blit(shadow(face.get_width(), face.get_height()), (inner.left - 1, inner.top + 3))
        surface.blit(face, inner.topleft)
        self.tooltip.set_regions(grid_tips + face_tips(card.uid, face.get_rect(topleft=inner.topleft), lang, cb))
        x = inner.left + cw + int(18 * u)
        y = self.draw_facts(surface, entry, pygame.Rect(x, inner.top, inner.right - x, face.get_height()))
        y = max(inner.top + face.get_height(), y) + int(16 * u)
        used = draw_wrapped(
            surface,
            card_text(card, lang),
            pygame.Rect(inner.left, y, inner.w, inner.bottom - y),
            max(11, int(18 * u)),
            CREAM,
            centre=False,
        )
        y += used + int(10 * u)
        if entry.deck == "market" and y < inner.bottom:
            draw_wrapped(
                surface,
                tr(f"zoom.position.{entry.type.position}"),
                pygame.Rect(inner.left, y, inner.w, inner.bottom - y),
                max(11, int(15 * u)),
                MUTED,
                centre=False,
            )

    def draw_facts(self, surface: pygame.Surface, entry: Entry, column: pygame.Rect) -> int:
        """Beside the large card: its name in both languages, deck and colour, copies; the y below them."""
        u, lang = self.u, self.app.settings.language
        x, y, col_w = column.left, column.top, column.w
        name = fit_text(card_name(entry.type, lang), col_w, int(28 * u), GOLD, True, "serif")
        surface.blit(name, (x, y))
        y += name.get_height() + int(4 * u)
        for other in LANGUAGES:
            if other != lang:
                line = tr("cards.other_name", language=tr(f"settings.lang.{other}"), name=card_name(entry.type, other))
                img = fit_text(line, col_w, max(11, int(15 * u)), MUTED)
                surface.blit(img, (x, y))
                y += img.get_height() + int(8 * u)
        deck = tr(f"zoom.deck.{entry.deck}")
        colour = tr(f"colour.{entry.colour}") if entry.deck != "bazaar" else ""
        surface.blit(
            fit_text(" · ".join(p for p in (deck, colour) if p), col_w, max(11, int(16 * u)), CREAM, True), (x, y)
        )
        y += int(26 * u)
        key = "cards.copy" if entry.copies == 1 else "cards.copies"
        used = draw_wrapped(
            surface,
            tr(key, n=entry.copies, players=self.players),
            pygame.Rect(x, y, col_w, int(60 * u)),
            max(11, int(16 * u)),
            HIGHLIGHT,
            bold=True,
            centre=False,
        )
        y += used + int(8 * u)
        used = draw_wrapped(
            surface,
            self.copy_lines(entry),
            pygame.Rect(x, y, col_w, column.bottom - y),
            max(11, int(14 * u)),
            MUTED,
            centre=False,
        )
        return y + used

    def copy_lines(self, entry: Entry) -> str:
        """Each copy's number, with its letter and points where copies differ (Guards, military cards)."""
        cards = [load_cards().cards[uid] for uid in entry.uids]
        if not any(c.letter or c.points is not None for c in cards):
            return tr("cards.numbers", numbers=", ".join(c.number for c in cards))
        lines = []
        for c in cards:
            if c.letter and c.points is not None:
                lines.append(tr("cards.copy_letter_points", number=c.number, letter=c.letter, points=c.points))
            elif c.letter:
                lines.append(tr("cards.copy_letter", number=c.number, letter=c.letter))
            else:
                lines.append(tr("cards.copy_points", number=c.number, points=c.points))
        return "\n".join(lines)
