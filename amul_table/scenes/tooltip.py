"""Hover tooltips for the small drawn icons and tokens whose meaning is not written next to them.

A painter registers a `Tip` (kind, rectangle, values) for every token it draws, with the very rectangle
it draws it in; `Tooltip` follows the mouse over those regions and shows one after the mouse has
rested on it for `TIP_DELAY` seconds of the scene's time (`tick(dt)`, so tests need no wall clock).
It tells the scene when what it shows changes, so an idle scene stays undrawn. The text is looked up
when drawn (`tip.<kind>` in i18n), in the current language, from the values the painter gave, which
are only what the shown seat's view holds.

pygame_gui's tooltips hang off its UI elements; the table's tokens are custom-drawn into a cached
still frame and are no elements, so this small state machine and painter take their place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import pygame

from amul_table.i18n import tr
from amul_table.sprites.style import CREAM, GOLD, PANEL_DARK, font, panel, text, wrap

TIP_DELAY = 0.4  # seconds the mouse rests on a token before its tooltip shows
TIP_PX = 12  # the least text size of a tooltip


class TipKind(StrEnum):
    """Every kind of token a tooltip explains; its text is the i18n key `tip.<value>`."""

    HAND_SIZE = "hand_size"
    MILITARY = "military"
    LETTER = "letter"
    ARAB = "arab"
    MONGOL = "mongol"
    FIRST_PICK = "first_pick"
    STARTING_PLAYER = "starting_player"
    DECK = "deck"
    REMOVED = "removed"
    PALACE = "palace"
    BAZAAR = "bazaar"
    OFFER_FACE_DOWN = "offer_face_down"
    REVEAL_FACE_DOWN = "reveal_face_down"
    ROUND_DONE = "round_done"
    ROUND_NOW = "round_now"
    ROUND_TO_COME = "round_to_come"
    PHASE_OFFER = "phase_offer"
    PHASE_PICK = "phase_pick"
    PHASE_REVEAL = "phase_reveal"
    PHASE_EFFECTS = "phase_effects"
    LIVE_SCORE = "live_score"
    LOG_EARLIER = "log_earlier"
    FINAL_MILITARY = "final_military"
    COPIES = "copies"  # the card browser's count under each card
    STACK_COPIES = "stack_copies"  # the count beside a stack of copies in an opponent's play area
    # the printed marks of a card face (scenes/face_tips.py)
    SYMBOL_ARAB = "symbol_arab"
    SYMBOL_MONGOL = "symbol_mongol"
    SYMBOL_OBJECT = "symbol_object"
    SYMBOL_TRADE = "symbol_trade"
    SYMBOL_MILITARY = "symbol_military"
    CARD_LETTER = "card_letter"
    POSITION_HAND = "position_hand"
    POSITION_TABLE = "position_table"
    POSITION_BOTH = "position_both"
    CARD_NUMBER = "card_number"
    MIN_PLAYERS = "min_players"
    SEAT_STATUS = "seat_status"  # an opponent's name and status, whole (the panel may shorten either)
    SEAT_NAME = "seat_name"  # a seat's name, whole, where a place had to cut it (the score pad's narrow columns)


@dataclass(frozen=True)
class Tip:
    """One token on screen: what it is, where it is drawn, and the public values its text names."""

    kind: TipKind
    rect: pygame.Rect
    values: tuple[tuple[str, object], ...] = ()
    you: bool = False  # about the shown human seat: said to "you" (`tip.<kind>.you`)

    def key(self) -> str:
        return f"tip.{self.kind.value}" + (".you" if self.you else "")

    def text(self) -> str:
        return tr(self.key(), **dict(self.values))


YOU_KINDS = frozenset(
    {
        TipKind.MILITARY,
        TipKind.LETTER,
        TipKind.ARAB,
        TipKind.MONGOL,
        TipKind.FIRST_PICK,
        TipKind.STARTING_PLAYER,
        TipKind.FINAL_MILITARY,
    }
)  # the kinds that can be about the shown seat, which have a `.you` text


def tip(kind: TipKind, rect: pygame.Rect, *, you: bool = False, **values: object) -> Tip:
    return Tip(kind, pygame.Rect(rect), tuple(sorted(values.items())), you and kind in YOU_KINDS)


@dataclass
class Tooltip:
    """Which tip the mouse rests on and whether it shows yet; each method says whether the shown tip changed."""

    regions: list[Tip] = field(default_factory=list)
    pos: tuple[int, int] = (-1, -1)
    now: float = 0.0  # the scene's time, advanced by `tick`
    since: float = 0.0  # when the mouse last moved
    pending: Tip | None = None  # the tip under the resting mouse, waiting for the delay
    shown: Tip | None = None

    def at(self, pos: tuple[int, int]) -> Tip | None:
        hit = None
        for t in self.regions:
            if t.rect.collidepoint(pos):
                hit = t  # the last registered is drawn on top
        return hit

    def follow(self, event: pygame.event.Event) -> bool:
        """The mouse moved, clicked or left the window, or a key was pressed (the event still goes on to the
        scene: a tooltip never takes a click)."""
        if event.type == pygame.MOUSEMOTION:
            return self.move(event.pos)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.WINDOWLEAVE):
            return self.hide()
        return False

    def move(self, pos: tuple[int, int]) -> bool:
        """The mouse moved: a shown tip stays while the mouse stays on its token, else the wait starts over."""
        self.pos = pos
        hit = self.at(pos)
        if self.shown is not None and hit == self.shown:
            return False
        changed = self.shown is not None
        self.shown = None
        self.pending = hit
        self.since = self.now
        return changed

    def tick(self, dt: float) -> bool:
        """Time passed: show the pending tip once the mouse has rested on it long enough."""
        self.now += dt
        if self.shown is None and self.pending is not None and self.now - self.since >= TIP_DELAY - 1e-9:
            self.shown = self.pending
            return True
        return False

    def set_regions(self, regions: Sequence[Tip]) -> bool:
        """The tokens were drawn again: a shown tip follows its token's new value, or goes if it went."""
        self.regions = list(regions)
        hit = self.at(self.pos)
        if self.pending is not None and hit != self.pending:
            self.pending = hit if hit is not None and hit.kind == self.pending.kind else None
        if self.shown is not None and hit != self.shown:
            self.shown = hit if hit is not None and hit.kind == self.shown.kind else None
            return True
        return False

    def hide(self) -> bool:
        """A click or a key: the tip goes until the mouse moves again."""
        changed = self.shown is not None
        self.shown = None
        self.pending = None
        return changed


def tip_px(size: tuple[int, int]) -> int:
    return max(TIP_PX, int(15 * min(size[0] / 1600, size[1] / 900)))


def tip_box(tip_: Tip, size: tuple[int, int]) -> tuple[list[str], int, pygame.Rect]:
    """The wrapped lines, their text size and the box (at the origin) a tip needs in a window of `size`."""
    px = tip_px(size)
    u = min(size[0] / 1600, size[1] / 900)
    most = min(max(240, int(380 * u)), size[0] - 16)
    fnt = font(px)
    lines = wrap(tip_.text(), most - 2 * int(px * 0.8), fnt)
    pad = int(px * 0.8)
    w = max(fnt.size(line)[0] for line in lines) + 2 * pad
    h = len(lines) * fnt.get_linesize() + 2 * int(px * 0.5)
    return lines, px, pygame.Rect(0, 0, w, h)


def place_tip(box: pygame.Rect, mouse: tuple[int, int], window: pygame.Rect) -> pygame.Rect:
    """Below and right of the pointer, flipped left or above where the window ends, never under the pointer."""
    gap = max(12, box.h // 4)
    r = box.copy()
    r.topleft = (mouse[0] + gap, mouse[1] + gap + 8)  # clear of the arrow, which hangs down and right
    if r.right > window.right:
        r.right = mouse[0] - gap
    if r.bottom > window.bottom:
        r.bottom = mouse[1] - gap
    r.clamp_ip(window)
    pointer = pygame.Rect(mouse[0] - 4, mouse[1] - 4, 20, 28)
    if r.colliderect(pointer):  # clamped back over the pointer: take the side with more room
        if mouse[1] - window.top > window.bottom - mouse[1]:
            r.bottom = pointer.top - 2
        else:
            r.top = pointer.bottom + 2
        r.clamp_ip(window)
    return r


def draw_tip(surface: pygame.Surface, tooltip: Tooltip) -> pygame.Rect | None:
    """The shown tip, if any, in a dark panel near the mouse and inside the window; returns its box."""
    shown = tooltip.shown
    if shown is None:
        return None
    window = surface.get_rect()
    lines, px, box = tip_box(shown, window.size)
    box = place_tip(box, tooltip.pos, window)
    panel(surface, box, PANEL_DARK, GOLD, radius=max(4, px // 3))
    y = box.top + int(px * 0.5)
    fnt = font(px)
    for line in lines:
        surface.blit(text(line, px, CREAM), (box.left + int(px * 0.8), y))
        y += fnt.get_linesize()
    return box
