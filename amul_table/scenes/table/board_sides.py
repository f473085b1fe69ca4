"""The board's sides: the Palace and Bazaar as one band per card type, down the outside of the board's slanted
sides with the deck and the out-of-game pile inside it, or, where that has not the room, as lists over the board's
upper halves with the piles small beside the Market's title. TableLayout (layout.py) places them through this."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from amul_table.i18n import tr
from amul_table.scenes.table.board_rows import board_rows
from amul_table.scenes.table.stacks import BAND_H, BandNeed, Stack, column_widths, type_groups
from amul_table.sprites.cards import CARD_RATIO, band_width
from amul_table.sprites.style import LEAST_PX, font


def card_rect(centre: tuple[float, float], w: int) -> pygame.Rect:
    r = pygame.Rect(0, 0, w, int(w * CARD_RATIO))
    r.center = (int(centre[0]), int(centre[1]))
    return r


SIDES = (  # what a layout takes from its BoardSides
    "strip_h",
    "removed_label_px",
    "removed_label",
    "bands_whole",
    "board_lists",
    "board_stacks",
    "palace_label_at",
    "bazaar_label_at",
    "deck_w",
    "deck",
    "removed",
    "palace",
    "bazaar",
)
SIDES_KEPT = 32  # a game's last few Palaces and Bazaars, at a size or two


@dataclass(frozen=True)
class SidesPlace:
    """All that the board's sides depend on: the table's scale, the board's triangle and area, the room left for
    them (`area`, above `market_top`), the Market's card width, the Palace's and Bazaar's cards, the language and
    the colour-blind letters (the bands' widths)."""

    u: float
    triangle: tuple[int, int, int, int]
    board_area: tuple[int, int, int, int]
    area: tuple[int, int, int, int]
    market_top: int
    market_w: int
    palace: tuple[int, ...]
    bazaar: tuple[int, ...]
    lang: str
    aid: bool


@lru_cache(maxsize=SIDES_KEPT)
def board_sides(place: SidesPlace) -> BoardSides:
    """The board's sides at `place` (kept: the next view's layout mostly has the same Palace and Bazaar; nothing
    changes a BoardSides once made)."""
    return BoardSides(place)


class BoardSides:
    """A TableLayout's Palace, Bazaar and piles (layout.py copies their places, SIDES, from this)."""

    def __init__(self, place: SidesPlace) -> None:
        self.u = place.u
        self.colour_blind = place.aid  # the strips carry the colour letter before the name: every width counts it
        self.lang = place.lang  # the bands' widths are measured in it (the key's, as opponents.py reads its own)
        self.triangle = pygame.Rect(place.triangle)
        self.board_area = pygame.Rect(place.board_area)
        self.market_w = place.market_w
        self._palace_and_bazaar(place.palace, place.bazaar, pygame.Rect(place.area), place.market_top)

    def _palace_and_bazaar(
        self, palace: tuple[int, ...], bazaar: tuple[int, ...], area: pygame.Rect, market_top: int
    ) -> None:
        """One band per card type (copies counted), each with its name and, with room, its short rule: down the
        outside of the board's sides with the piles between them; or, where that staircase has not the height or
        would run under the piles' label, as lists in the board's two upper halves, the piles small beside the
        Market's title."""
        u = self.u
        top = self.triangle.top + int(self.triangle.h * 0.03)
        self.strip_h = sh = max(BAND_H, int(22 * u))
        groups = {"palace": type_groups(palace), "bazaar": type_groups(bazaar)}
        lang = self.lang
        need = max(
            (band_width(g[0], sh, lang, len(g), aid=self.colour_blind) for gs in groups.values() for g in gs), default=0
        )
        self.removed_label_px = px = max(LEAST_PX, int(12 * u))
        self.removed_label = pygame.Rect(0, 0, font(px, True).size(tr("board.removed"))[0] + 12, font(px).get_height())
        self.bands_whole = True  # every band's name whole or shortened by syllables (else the lists cut some)
        self.board_lists = not self._staircases(groups, area, top, market_top, need)
        if self.board_lists:
            self._lists(groups, area, top, market_top)
        self.palace = {uid: st.rect for st in self.board_stacks["palace"] for uid in st.uids}
        self.bazaar = {uid: st.rect for st in self.board_stacks["bazaar"] for uid in st.uids}

    def _staircases(
        self, groups: dict[str, list[tuple[int, ...]]], area: pygame.Rect, top: int, market_top: int, need: int
    ) -> bool:
        """The bands down the board's sides and the piles inside it above the Market; False when they do not fit."""
        u, tri = self.u, self.triangle
        self.side_w = max(70, min(need, area.w // 2))
        self.board_stacks: dict[str, list[Stack]] = {}
        first = {}
        for name, side in (("palace", -1), ("bazaar", +1)):
            rects = self._staircase(max(1, len(groups[name])), top, side)
            self.board_stacks[name] = [Stack(r, g) for r, g in zip(rects, groups[name], strict=False)]
            first[name] = rects[0]
        self.palace_label_at = (first["palace"].centerx, top - 2)  # the titles stay when a side is empty
        self.bazaar_label_at = (first["bazaar"].centerx, top - 2)
        room = market_top - int(46 * u) - (tri.top + int(tri.h * 0.3))
        self.deck_w = dw = max(22, min(int(self.market_w * 0.95), int(room / CARD_RATIO)))
        dy = market_top - int(46 * u) - dw * CARD_RATIO / 2
        self.deck = card_rect((tri.centerx - dw * 0.62, dy), dw)
        self.removed = card_rect((tri.centerx + dw * 0.62, dy), dw)
        self.removed_label.midbottom = (tri.centerx, min(self.deck.top, self.removed.top) - 4)
        bands = [st.rect for sts in self.board_stacks.values() for st in sts]
        piles = (self.deck.inflate(8, 8), self.removed.inflate(8, 8), self.removed_label)
        lowest = max((r.bottom for r in bands), default=top)
        return (
            self._names_whole()
            and lowest <= market_top - int(24 * u) - 4
            and not any(p.collidelist(bands) >= 0 for p in piles)
        )

    def _lists(self, groups: dict[str, list[tuple[int, ...]]], area: pygame.Rect, top: int, market_top: int) -> None:
        """The bands as lists side by side over the board, each as wide as its columns of bands need (shared out
        when the board is narrower); the piles small, at both ends of the Market's title row, the label after the
        cards out of the game."""
        u, sh = self.u, self.strip_h
        row_h = max(BAND_H + 6, int(30 * u))
        bottom = market_top - row_h - int(4 * u)
        rows = max(1, (bottom - top + 2) // (sh + 2))
        lang = self.lang
        columns = {name: [g[i : i + rows] for i in range(0, len(g), rows)] or [[]] for name, g in groups.items()}
        room = area.w - int(10 * u)
        names = ("palace", "bazaar")
        needs = [  # each band's width with its summary (and symbols, count), and with its name alone
            [
                BandNeed(
                    band_width(g[0], sh, lang, len(g), aid=self.colour_blind),
                    band_width(g[0], sh, lang, len(g), with_rule=False, aid=self.colour_blind),
                )
                for g in col
            ]
            for name in names
            for col in columns[name]
        ]
        all_ws = column_widths(needs, room - 4 * (len(needs) - 2))
        total = sum(all_ws) + 4 * (len(needs) - 2)
        spare = max(0, room - total) // 2
        self.board_stacks = {}
        widths = {}
        for name in names:
            col_ws, all_ws = all_ws[: len(columns[name])], all_ws[len(columns[name]) :]
            widths[name] = sum(col_ws) + 4 * (len(col_ws) - 1) + spare
            x = area.left if name == "palace" else area.right - widths[name] + (spare if len(col_ws) > 1 else 0)
            self.board_stacks[name] = []
            for col, w in zip(columns[name], col_ws, strict=True):
                w += spare if len(col_ws) == 1 else 0
                self.board_stacks[name] += [
                    Stack(pygame.Rect(x, top + i * (sh + 2), w, sh), g) for i, g in enumerate(col)
                ]
                x += w + 4
        if not self._names_whole():
            flowed = self._flowed_lists(groups, area, top, rows, room)
            self.bands_whole = flowed is not None
            widths = flowed or widths
        self.palace_label_at = (area.left + widths["palace"] // 2, top - 2)
        self.bazaar_label_at = (area.right - widths["bazaar"] // 2, top - 2)
        self.deck_w = dw = int((row_h - 2) / CARD_RATIO)
        y = market_top - row_h - 2 + (row_h - 2) // 2
        self.deck = card_rect((area.left + dw // 2 + 2, y), dw)
        self.removed_label.midright = (area.right - 2, y)
        self.removed = card_rect((self.removed_label.left - dw // 2 - 4, y), dw)

    def _names_whole(self) -> bool:
        """Whether every band is wide enough for its card's whole name (and the colour-blind letter)."""
        lang = self.lang
        return all(
            st.rect.w >= band_width(st.uids[0], st.rect.h, lang, len(st.uids), with_rule=False, aid=self.colour_blind)
            for sts in self.board_stacks.values()
            for st in sts
        )

    def _flowed_lists(
        self, groups: dict[str, list[tuple[int, ...]]], area: pygame.Rect, top: int, rows: int, room: int
    ) -> dict[str, int] | None:
        """Where the list columns cut names ("Arg…", "Négociant byza…" at 8 players, 1024×640, in French): the bands
        as strips as wide as their names, in rows (board_rows.py); each side's title width, or None when even
        shortened names do not fit."""
        placed = board_rows(
            tuple(groups["palace"]),
            tuple(groups["bazaar"]),
            self.strip_h,
            rows,
            room,
            self.lang,
            aid=self.colour_blind,
        )
        if placed is None:
            return None
        for name, strips, left in (("palace", placed.palace, area.left), ("bazaar", placed.bazaar, area.right - room)):
            self.board_stacks[name] = [
                Stack(pygame.Rect(left + x, top + y, w, h), g, label) for (x, y, w, h), g, label in strips
            ]
        return {"palace": placed.palace_w, "bazaar": placed.bazaar_w}

    def _staircase(self, n: int, top: int, side: int) -> list[pygame.Rect]:
        """`n` bands stepping down along a slanted side of the board, just outside its rim."""
        tri, area = self.triangle, self.board_area
        sh, sw = self.strip_h, self.side_w
        out = []
        for i in range(n):
            y = top + i * (sh + 2)
            half = tri.w / 2 * (y + sh / 2 - tri.top) / tri.h
            r = pygame.Rect(0, int(y), sw, sh)
            if side < 0:
                r.right = min(int(tri.centerx - half + sh * 0.8), tri.centerx - 2)  # the two sides meet at the top
                if r.left < area.left + 2:
                    r.width -= area.left + 2 - r.left
                    r.left = area.left + 2
            else:
                r.left = max(int(tri.centerx + half - sh * 0.8), tri.centerx + 2)
                r.width = min(sw, area.right - 2 - r.left)
            out.append(r)
        return out
