"""Where everything sits on the table, computed from the window size and one seat's view.

The shown seat sits at the bottom; the others go round clockwise: up the left side, along the
top, down the right side. The triangular board takes the middle, the sidebar the right edge.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from amul_table.i18n import language, tr
from amul_table.rules.cards import load_cards
from amul_table.rules.phases import ActionKind, Phase
from amul_table.rules.state import market_fill
from amul_table.rules.views import SeatView
from amul_table.scenes.table.board_sides import SIDES, SidesPlace, board_sides, card_rect
from amul_table.scenes.table.opponents import Seating, opponents
from amul_table.scenes.table.opponents import header_px as header_px  # (where the painters and tests look for them)
from amul_table.scenes.table.opponents import status_px as status_px
from amul_table.scenes.table.panels import SPLITS, seat_panels
from amul_table.scenes.table.score_box import ScorePx, score_box
from amul_table.scenes.table.sidebar_layout import order_caption, order_height, order_names, phase_pills
from amul_table.scenes.table.stacks import (
    BAND_H,
    Stack,
    fit_stacks,
    flow_stacks,
    grouped,
    market_list,
    names_whole,
    place_stacks,
    play_area_rects,
    stack_groups,
)
from amul_table.sprites.cards import CARD_RATIO, name_px, rule_px, strip_px
from amul_table.sprites.style import COLOUR_ORDER, LEAST_PX, font

CHOICE_PX = 12  # the least text size of a card the player chooses from (name and short rule)
OPPONENT_PX = LEAST_PX  # the least text size of the names in the opponents' play areas


def face_px(w: int) -> int:
    """The smaller of a face's name and rule text sizes at width `w`."""
    return min(rule_px(w), name_px(w))


def least_width(px: int) -> int:
    """The narrowest face whose name and rule are at least `px` pixels."""
    w = 20
    while face_px(w) < px:
        w += 1
    return w


NAME_W = 99  # the narrowest face on which every name, in both languages, shows whole at 12 px (tested)
CHOICE_W = max(least_width(CHOICE_PX), NAME_W)


class TableLayout:
    """All the rectangles of one frame of the table for a given view."""

    # the board's sides, taken from its BoardSides (board_sides.py: SIDES)
    strip_h: int
    removed_label_px: int
    removed_label: pygame.Rect
    bands_whole: bool  # every band's name whole or shortened by syllables (else the lists cut some)
    board_lists: bool  # the bands as lists over the board (no room for them down its sides)
    board_stacks: dict[str, list[Stack]]
    palace_label_at: tuple[int, int]
    bazaar_label_at: tuple[int, int]
    deck_w: int
    deck: pygame.Rect
    removed: pygame.Rect
    palace: dict[int, pygame.Rect]
    bazaar: dict[int, pygame.Rect]

    def __init__(
        self,
        size: tuple[int, int],
        view: SeatView,
        shown: int,
        market_slot_of: dict[int, int] | None = None,
        *,
        live_score: bool = True,
        log_stop: float = 1.0,
        log_rows: int = 2,
        names: Sequence[str] = (),
        tiers: Sequence[str | None] = (),
        colour_blind: bool = False,
    ) -> None:
        self.market_slot_of = market_slot_of or {}
        self.colour_blind = colour_blind  # the colour letter before each strip's name: the widths count it
        self.names = names  # the seats' names: the turn order takes one column where two would cut them
        self.tiers = tiers  # each seat's bot tier (None for a human): an opponent's header says it where it fits
        self.log_stop = log_stop  # the share of the sidebar's height the log may reach (a coach may take the rest)
        self.log_rows = log_rows  # the rows the log keeps below its heading whatever a panel under it takes
        w, h = size
        self.size = size
        self.u = u = min(w / 1600, h / 900)
        self.shown = shown
        n = view.players
        sw = max(250, int(w * 0.19))
        self.sidebar = pygame.Rect(w - sw, 0, sw, h)
        main_w = w - sw
        bh = int(h * 0.29)
        self.bottom = pygame.Rect(0, h - bh, main_w, bh)
        ph = max(34, int(44 * u))
        self.prompt = pygame.Rect(0, self.bottom.top - ph, main_w, ph)
        # the opponents' panels
        others = [(shown + i) % n for i in range(1, n)]
        nl, nt, _ = SPLITS[len(others)]
        cw = int(main_w * 0.2)
        self.text_px: dict[str, int] = {}  # the least text size of each region (the readability test reads it)
        # the top row as tall as its opponents' cards need, up to a quarter of the window (the board gives way)
        heights = list(range(int(h * 0.21), int(h * 0.26) + 1, 4)) if nt else [0]
        seats = pygame.Rect(0, 0, main_w, self.prompt.top)
        for th in heights:
            self.seat_panel, self.board_area = seat_panels(others, seats, cw, th, u)
            self._seats(view)
            if not any(grouped(self.stacks[seat]) or seat in self.overflow for seat in others[nl : nl + nt]):
                break
        self._board(view)
        # but not so tall that the board's bands lose their names (with the colour-blind letters, at 1024×544)
        for lower in [*reversed(heights[: heights.index(th)]), th] if not self.bands_whole else []:
            self.seat_panel, self.board_area = seat_panels(others, seats, cw, lower, u)
            self._seats(view)
            self._board(view)
            if self.bands_whole:
                break
        self._bottom(view)
        column = pygame.Rect(self.board_area.left, 0, self.board_area.w, self.prompt.top)
        self._tray(view, column, pygame.Rect(0, 0, main_w, self.prompt.top))
        self._sidebar(view, live_score)

    # --- the board ------------------------------------------------------------------------------

    def _board(self, view: SeatView) -> None:
        u = self.u
        area = self.board_area.inflate(-int(12 * u), -int(8 * u))
        area.top += int(24 * u)  # room for the Palace and Bazaar names above their cards
        area.height -= int(24 * u)
        tw = min(int(area.w * 0.86), int(area.h * 1.5))
        self.triangle = pygame.Rect(0, 0, tw, area.h)
        self.triangle.midbottom = area.midbottom
        tri = self.triangle
        players = view.players
        # as many slots as the Market can ever hold in a round, so cards keep their size all round
        slots = max(market_fill(players) + players, len(view.market) + (players if view.phase == Phase.OFFER else 0))
        rows = 1 if slots <= 7 else 2
        per_row = -(-slots // rows)
        gap = max(3, int(6 * u))
        mw = int(min((tri.w * 0.62 - gap * (per_row - 1)) / per_row, tri.h * 0.42 / rows / CARD_RATIO))
        self.market_w = mw = max(24, mw)
        mh = int(mw * CARD_RATIO)
        self.market_slots = []
        if mw >= CHOICE_W:  # faces, readable where they lie
            for r in range(rows):
                y = tri.bottom - int(tri.h * 0.04) - mh // 2 - (rows - 1 - r) * (mh + gap)
                n_here = min(per_row, slots - r * per_row)
                x0 = tri.centerx - (n_here * mw + (n_here - 1) * gap) / 2 + mw / 2
                self.market_slots += [card_rect((x0 + i * (mw + gap), y), mw) for i in range(n_here)]
            self.text_px["market"] = face_px(mw)
        else:  # too small for a readable face: a list of strips (name, symbols, short rule), as the Palace has
            self.market_slots = market_list(slots, area, tri, u)
            self.text_px["market"] = strip_px(self.market_slots[0].h)
        slot_of = self.market_slot_of
        if set(view.market) <= set(slot_of) and all(0 <= slot_of[u] < slots for u in view.market):
            self.market = {uid: self.market_slots[slot_of[uid]] for uid in view.market}
        else:
            self.market = {uid: self.market_slots[i] for i, uid in enumerate(view.market)}
        self.offer_slot: dict[int, pygame.Rect] = {}
        if view.phase == Phase.OFFER:
            for seat in range(players):
                self.offer_slot[seat] = self.market_slots[len(view.market) + seat]
        market_top = min(r.top for r in self.market_slots)
        self.market_label_at = (tri.centerx, market_top - int(4 * u))
        place = SidesPlace(
            u,
            tuple(tri),
            tuple(self.board_area),
            tuple(area),
            market_top,
            mw,
            tuple(view.palace),
            tuple(view.bazaar),
            language(),
            self.colour_blind,
        )
        sides = board_sides(place)  # the Palace, Bazaar and piles (board_sides.py)
        for name in SIDES:
            setattr(self, name, getattr(sides, name))

    # --- the seats ------------------------------------------------------------------------------

    def _seats(self, view: SeatView) -> None:
        """The opponents' panels' insides (opponents.py), in dicts of this layout's own (the shown seat joins them)."""
        panels = tuple((seat, tuple(r)) for seat, r in self.seat_panel.items())
        seating = Seating(
            panels,
            self.u,
            tuple(self.names),
            tuple(tr("tier." + t) if t else None for t in self.tiers),
            tuple(view.play_areas[seat] for seat, _ in panels),
            frozenset(s for s, _ in panels if view.revealed[s]) if view.phase == Phase.REVEAL else frozenset(),
            frozenset(s for s, _ in panels if s in (view.first_pick, view.starting_player)),
            language(),
            self.colour_blind,
        )
        places = opponents(seating)
        self.header = dict(places.header)
        self.stats = dict(places.stats)
        self.pile = dict(places.pile)
        self.reveal_slot = dict(places.reveal_slot)
        self.play_rect = dict(places.play_rect)
        self.play = dict(places.play)
        self.marker_row = dict(places.marker_row)  # First Pick and Starting Player on a row of their own
        self.seat_name = dict(places.seat_name)  # an opponent's 'name · tier' in its header (header_lines)
        self.stacks = dict(places.stacks)
        self.overflow = dict(places.overflow)  # the cards behind a "+N" slot when a play area overflows
        self.text_px["opponents"] = places.text_px

    def _bottom(self, view: SeatView) -> None:
        u = self.u
        b = self.bottom
        seat = self.shown
        line = max(18, int(26 * u))
        pad = int(10 * u)
        self.header[seat] = pygame.Rect(b.left + pad, b.top + int(4 * u), b.w - 2 * pad, line)
        n = len(view.hand)
        places = n + (view.phase == Phase.REVEAL and view.my_reveal >= 0)  # a revealed card keeps its place in the row
        card_h = b.h - line - int(22 * u)
        gap = int(8 * u)
        hw = min(max(int(b.w * 0.6 / 7.5), CHOICE_W), int(card_h / CARD_RATIO))
        need = max(int(b.w * 0.6), places * (hw + gap))
        hand_area = pygame.Rect(b.left + pad, b.top + line + int(16 * u), min(need, b.w - 2 * pad - 90), card_h)
        self.hand_area = hand_area
        self.hand_w = hw
        slot_w = hw + gap
        room = hand_area.w
        step = min(slot_w, (room - hw) / max(1, places - 1)) if places > 1 else slot_w
        self.hand_step = step
        self.hand: dict[int, pygame.Rect] = {}
        for i, uid in enumerate(hand_order(view.hand)):
            self.hand[uid] = pygame.Rect(hand_area.left + int(i * step), hand_area.top, hw, int(hw * CARD_RATIO))
        # the Reveal waits at the end of the hand, in the place its card leaves, never over the play area
        slot = pygame.Rect(hand_area.left + int(n * step), hand_area.top, hw, int(hw * CARD_RATIO))
        slot.right = min(slot.right, hand_area.right)
        self.reveal_slot[seat] = slot
        self.text_px["hand"] = face_px(hw) if step >= hw else 0  # overlapping cards hide their rules
        self.pile[seat] = pygame.Rect(hand_area.left + room // 2 - hw // 2, hand_area.top, hw, int(hw * CARD_RATIO))
        play = pygame.Rect(
            hand_area.right + int(16 * u), hand_area.top, b.right - hand_area.right - int(26 * u), hand_area.h
        )
        self.play_rect[seat] = play
        self.stats[seat] = pygame.Rect(play.left, b.top + int(4 * u), play.w, line)
        faces = play_area_rects(view.play_areas[seat], play, u * 1.2, CHOICE_W)
        if faces is not None:
            self.play[seat] = faces
            return
        groups = {seat: stack_groups(view.play_areas[seat])}  # too many for readable faces: stacks of strips
        sh, col_w = fit_stacks(groups, {seat: play}, BAND_H, int(24 * u), max(84, int(130 * u)))
        self.stacks[seat], over = place_stacks(groups[seat], play, sh, col_w[seat])
        cb = self.colour_blind
        if over or not names_whole(self.stacks[seat], language(), aid=cb):  # rows as wide as their names, as others'
            flowed = flow_stacks(groups[seat], play, sh, language(), aid=cb)
            self.stacks[seat], over = (flowed, None) if flowed is not None else (self.stacks[seat], over)
        self.play[seat] = {uid: st.rect for st in self.stacks[seat] for uid in st.uids}
        if over:
            self.overflow[seat] = over
            self.play[seat].update({uid: over.rect for uid in over.uids})

    def _tray(self, view: SeatView, column: pygame.Rect, main: pygame.Rect) -> None:
        """The cards to choose from in the Market, Palace or Bazaar, full size over the board when they are
        too small where they lie (always for Palace and Bazaar, which are strips)."""
        self.tray_rect: pygame.Rect | None = None
        self.tray: dict[int, pygame.Rect] = {}
        legal = [a.card for a in view.legal if a.kind != ActionKind.DECLINE]
        board = [u for u in legal if u not in self.hand]
        if not board or view.phase not in (Phase.PICK, Phase.EFFECTS, Phase.GAME_END):
            return
        if all(u in self.market for u in board) and self.market_w >= CHOICE_W:
            return
        pad = max(6, int(12 * self.u))
        for area in (column, main):
            inner = area.inflate(-2 * pad, -2 * pad)
            inner.top += int(26 * self.u)
            inner.height -= int(26 * self.u)
            w, rows = tray_fit(len(board), inner, max(3, int(8 * self.u)), int(190 * self.u))
            if w >= CHOICE_W:
                break
        self.tray_rect = area.inflate(-pad, -pad)
        self.tray_title_at = (self.tray_rect.centerx, self.tray_rect.top + int(6 * self.u))
        gap = max(3, int(8 * self.u))
        per_row = -(-len(board) // rows)
        h = int(w * CARD_RATIO)
        y0 = inner.centery - (rows * h + (rows - 1) * gap) // 2
        ordered = [u for u in (*self.market, *view.palace, *view.bazaar) if u in board]
        for i, uid in enumerate(ordered):
            row, col = divmod(i, per_row)
            n_here = min(per_row, len(ordered) - row * per_row)
            x0 = inner.centerx - (n_here * w + (n_here - 1) * gap) // 2
            self.tray[uid] = pygame.Rect(x0 + col * (w + gap), y0 + row * (h + gap), w, h)
        self.text_px["tray"] = face_px(w)

    def _sidebar(self, view: SeatView, live_score: bool) -> None:
        """The tops of the sidebar's parts, and the log's rectangle under them (the scene scrolls and hovers it)."""
        u = self.u
        pad = int(14 * u)
        inner_w = self.sidebar.w - 2 * pad
        y = self.sidebar.top + pad
        self.side_tops: dict[str, int] = {"round": y}
        # the round dots: their numbers at LEAST_PX need 20 px
        self.round_dot = dot = min(int(inner_w / 9) - 3, max(int(26 * u), font(LEAST_PX, True).get_height() + 6))
        y += font(max(13, int(22 * u)), True, "serif").get_height() + int(6 * u) + dot + int(10 * u)
        self.side_tops["phases"] = y
        self.phase_pills = phase_pills(self.sidebar.left + pad, y, inner_w, u)
        y = max(p.rect.bottom for p in self.phase_pills) + int(10 * u)
        self.side_tops["order"] = y
        self.order_caption = order_caption(view, inner_w, u)
        self.order_line_h = max(self.order_caption.height, int(18 * u))
        self.order_cols, self.order_names = order_names(self.names, view, inner_w, self.order_px)
        self.order_h = order_height(list(self.order_names.values()), view.players, self.order_cols, self.order_row_h)
        y += self.order_line_h + self.order_h + int(10 * u)
        self.side_tops["score"] = y
        self.score_box: pygame.Rect | None = None
        if live_score:
            self.score_box = score_box(self.sidebar.left + pad, y, inner_w, u)
            self.text_px["score"] = ScorePx.of(u).note
            y = self.score_box.bottom + int(12 * u)
        self.side_tops["log"] = y
        y += font(max(12, int(16 * u)), True, "serif").get_height() + 4
        self.log_px = max(LEAST_PX, int(13 * u))
        least = y + self.log_rows * font(self.log_px).get_linesize()  # a panel below leaves the log these rows
        bottom = min(
            self.sidebar.bottom - int(30 * u),
            max(self.sidebar.top + int(self.sidebar.h * self.log_stop) - pad, least),
        )
        self.log_rect = pygame.Rect(self.sidebar.left + pad, y, inner_w, max(0, bottom - y))

    def board_labels(self) -> dict[str, tuple[pygame.Rect, int]]:
        """The board's titles (Palace, Bazaar, Market, Out of the game): where each stands, and its text size."""
        out = {"removed": (self.removed_label, self.removed_label_px)}
        for key, at, px in (
            ("palace", self.palace_label_at, max(LEAST_PX, int(15 * self.u))),
            ("bazaar", self.bazaar_label_at, max(LEAST_PX, int(15 * self.u))),
            ("market", self.market_label_at, max(LEAST_PX, int(18 * self.u))),
        ):
            rect = pygame.Rect((0, 0), font(px, True, "serif").size(tr(f"board.{key}").upper()))
            rect.midbottom = at
            out[key] = (rect, px)
        return out

    @property
    def order_px(self) -> int:
        """The turn order's text size."""
        return max(LEAST_PX, int(14 * self.u))

    @property
    def order_row_h(self) -> int:
        return max(16, int(21 * self.u))

    # --- questions ------------------------------------------------------------------------------

    def rest(self, uid: int) -> pygame.Rect | None:
        """Where a face-up card rests now (hand, Market, Palace, Bazaar or a play area)."""
        for zone in (self.tray, self.hand, self.market, self.palace, self.bazaar):
            if uid in zone:
                return zone[uid]
        for rects in self.play.values():
            if uid in rects:
                return rects[uid]
        return None

    def source(self, name: str) -> dict[int, pygame.Rect]:
        return {"palace": self.palace, "bazaar": self.bazaar}.get(name, self.market)


def tray_fit(n: int, area: pygame.Rect, gap: int, most: int) -> tuple[int, int]:
    """The widest card, and its number of rows, with which `n` cards fit in `area`."""
    best = (0, 1)
    for rows in range(1, max(1, n) + 1):
        per_row = -(-n // rows)
        w = min((area.w - gap * (per_row - 1)) // per_row, int((area.h - gap * (rows - 1)) / rows / CARD_RATIO), most)
        best = max(best, (w, -rows))
    return best[0], -best[1]


def keep_market_slots(slot_of: dict[int, int], market: Sequence[int]) -> dict[int, int]:
    """Market cards keep their slot while others are picked; new cards take the first free slots."""
    kept = {uid: i for uid, i in slot_of.items() if uid in market}
    free = (i for i in range(len(market) + len(kept) + 1) if i not in kept.values())
    for uid in market:
        if uid not in kept:
            kept[uid] = next(free)
    return kept


def hand_order(hand: Sequence[int]) -> list[int]:
    """A hand as a player would hold it: grouped by colour, then by name."""
    cards = load_cards().cards
    rank = {c: i for i, c in enumerate(COLOUR_ORDER)}
    return sorted(hand, key=lambda u: (rank.get(cards[u].type.colour, 99), cards[u].type.id, u))
