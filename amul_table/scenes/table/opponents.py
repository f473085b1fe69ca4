"""Inside the opponents' panels: each one's header (name, tier), stats row, First Pick and Starting Player row, and
play area as stacks of strips at one common height. TableLayout (layout.py) takes them from `opponents`, which keeps
the last few: a game's views mostly differ elsewhere (a pick, the Market), and the layout lays the panels out again
at each height it tries for the top row."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from amul_table.scenes.table.board_sides import card_rect
from amul_table.scenes.table.stacks import (
    BAND_H,
    Stack,
    clear_of,
    fit_stacks,
    flow_stacks,
    names_whole,
    place_stacks,
    stack_groups,
)
from amul_table.sprites.cards import strip_px
from amul_table.sprites.seat_names import NameLines, header_lines
from amul_table.sprites.style import LEAST_PX, font

OPPONENTS_KEPT = 64  # a game's last views at a few sizes and top-row heights, in both panels' orders


def header_px(u: float) -> int:
    """The size of an opponent's header: its seat dot, and its name two sizes larger."""
    return max(LEAST_PX, int(15 * u))


def status_px(u: float) -> int:
    """The size of an opponent's status ("ready", or its sign) at the end of its header."""
    return max(LEAST_PX, int(13 * u))


@lru_cache(maxsize=8)
def sign_width(px: int) -> int:
    """The room a status sign takes at the end of a header, with its gap: the widest of them."""
    return max(font(px, True).size(c)[0] for c in "\u2713\u25f7\u25b8") + 6


@dataclass(frozen=True)
class Seating:
    """What the opponents' panels show and where they are (all that their insides depend on): each opponent's panel,
    name, bot tier, play area, whether its face-down Reveal is shown, and whether it holds First Pick or is the
    Starting Player; the table's scale; the language and the colour-blind aid (the strips' widths)."""

    panels: tuple[tuple[int, tuple[int, int, int, int]], ...]  # (seat, its panel), in the layout's order
    u: float
    names: tuple[str, ...]  # every seat's, "" where unknown
    tiers: tuple[str | None, ...]  # every seat's tier word (tr'd), None for a human
    areas: tuple[tuple[int, ...], ...]  # every panel's play area, in the panels' order
    revealing: frozenset[int]  # the seats whose face-down Reveal stands in their panel
    markers: frozenset[int]  # the seats with First Pick or Starting Player
    lang: str
    aid: bool


@dataclass(frozen=True)
class Opponents:
    """The places inside the opponents' panels, by seat (TableLayout copies the dicts it adds the shown seat to)."""

    header: dict[int, pygame.Rect]
    stats: dict[int, pygame.Rect]
    pile: dict[int, pygame.Rect]
    reveal_slot: dict[int, pygame.Rect]
    play_rect: dict[int, pygame.Rect]
    play: dict[int, dict[int, pygame.Rect]]
    marker_row: dict[int, pygame.Rect]  # First Pick and Starting Player on a row of their own
    seat_name: dict[int, NameLines]  # an opponent's 'name · tier' in its header (header_lines)
    stacks: dict[int, list[Stack]]
    overflow: dict[int, Stack]  # the cards behind a "+N" slot when a play area overflows
    text_px: int  # the strips' text size


@lru_cache(maxsize=OPPONENTS_KEPT)
def opponents(seating: Seating) -> Opponents:
    """The opponents' panels' insides for `seating` (kept: equal seatings, equal places; nothing changes them)."""
    u = seating.u
    header: dict[int, pygame.Rect] = {}
    stats: dict[int, pygame.Rect] = {}
    pile: dict[int, pygame.Rect] = {}
    reveal_slot: dict[int, pygame.Rect] = {}
    play_rect: dict[int, pygame.Rect] = {}
    marker_row: dict[int, pygame.Rect] = {}
    seat_name: dict[int, NameLines] = {}
    line = max(18, int(22 * u))
    px, sign = header_px(u), sign_width(status_px(u))
    for seat, at in seating.panels:
        inner = pygame.Rect(at).inflate(-int(12 * u), -int(10 * u))
        tall = 2 if inner.h >= 12 * line else 1  # a tier's lines: 1 in the top row at 1024×640, at 7-8 players
        name = seating.names[seat] if seat < len(seating.names) else ""
        tier = seating.tiers[seat] if seat < len(seating.tiers) else None
        seat_name[seat] = lines = header_lines(  # a short panel's play area has no line to spare for a tier
            name, tier, inner.w - px - 6 - sign, px + 2, then=inner.w - px - 6, family="serif", tier_lines=tall
        )
        head = max(line, lines.height(family="serif"))
        header[seat] = pygame.Rect(inner.left, inner.top, inner.w, head)
        stats[seat] = pygame.Rect(inner.left, inner.top + head + 2, inner.w, line)
        pw = max(18, int(min(inner.w * 0.16, line * 1.6)))
        pile[seat] = pygame.Rect(stats[seat].left, stats[seat].top, int(line * 0.72), line)
        top = inner.top + head + line + int(6 * u)
        if seat in seating.markers and inner.w < int(260 * u):  # no room beside stats
            marker_row[seat] = pygame.Rect(inner.left, top - int(2 * u), inner.w, line)
            top += line + 2
        slot = card_rect((0, 0), pw)
        slot.topright = (inner.right, top)
        reveal_slot[seat] = slot
        play_rect[seat] = pygame.Rect(inner.left, top, inner.w, inner.bottom - top)
    stacks, overflow, play, text_px = play_areas(seating, reveal_slot, play_rect)
    return Opponents(
        header, stats, pile, reveal_slot, play_rect, play, marker_row, seat_name, stacks, overflow, text_px
    )


def play_areas(
    seating: Seating, reveal_slot: dict[int, pygame.Rect], play_rect: dict[int, pygame.Rect]
) -> tuple[dict[int, list[Stack]], dict[int, Stack], dict[int, dict[int, pygame.Rect]], int]:
    """The opponents' play areas as stacks of strips, all at one common height (the largest that fits): each seat's
    stacks, the overflow behind its "+N" slot, where each card is, and the strips' text size."""
    stacks: dict[int, list[Stack]] = {}
    overflow: dict[int, Stack] = {}
    play: dict[int, dict[int, pygame.Rect]] = {}
    groups = {seat: stack_groups(area) for (seat, _), area in zip(seating.panels, seating.areas, strict=True)}
    sh, col_w = fit_stacks(groups, play_rect, BAND_H, int(24 * seating.u), max(80, int(150 * seating.u)))
    lang, aid = seating.lang, seating.aid
    for seat, g in groups.items():
        stacks[seat], over = place_stacks(g, play_rect[seat], sh, col_w[seat])
        keep_clear = reveal_slot[seat] if seat in seating.revealing else None
        if keep_clear is not None:  # its card back stands at the top right
            clear_of(keep_clear, stacks[seat], over)
        if over or not names_whole(stacks[seat], lang, aid=aid):  # rows as wide as their names
            flowed = flow_stacks(g, play_rect[seat], sh, lang, keep_clear, aid=aid)
            if flowed is not None:
                stacks[seat], over = flowed, None
        play[seat] = {uid: st.rect for st in stacks[seat] for uid in st.uids}
        if over:
            overflow[seat] = over
            play[seat].update({uid: over.rect for uid in over.uids})
    return stacks, overflow, play, strip_px(sh)
