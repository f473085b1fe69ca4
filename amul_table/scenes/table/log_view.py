"""The log as rows on screen: wrapped entries, round headers, where each card name sits, and the scroll.

Pure of fonts and numbers only, so the painter draws the rows and the scene hit-tests the same rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from amul_table.i18n import card_name, language
from amul_table.rules.cards import load_cards
from amul_table.scenes.table.game_log import LogLine
from amul_table.sprites.style import font, wrap

NBSP = "\u00a0"


@dataclass(frozen=True)
class LogRow:
    """One wrapped line of the log where it is drawn, and the card names on it (hovering one zooms it)."""

    text: str
    at: tuple[int, int]
    header: bool
    names: tuple[tuple[pygame.Rect, int], ...] = ()
    note: bool = False


@lru_cache(maxsize=2048)
def wrapped_text(value: str, width: int, px: int, header: bool) -> tuple[str, ...]:
    return tuple(wrap(value, width, row_font(px, header=header)))


def row_style(px: int, *, header: bool) -> tuple[int, bool, str]:
    """A row's text size, boldness and family: a round header a size up, bold, in the serif."""
    return (px + 1, True, "serif") if header else (px, False, "sans")


def row_font(px: int, *, header: bool) -> pygame.font.Font:
    return font(*row_style(px, header=header))


def log_rows(lines: Sequence[LogLine], rect: pygame.Rect, px: int, scroll: int) -> tuple[list[LogRow], int]:
    """The rows that fit `rect`, newest at the bottom, `scroll` rows up from the newest; and the most scroll."""
    step = font(px).get_linesize()
    visible = max(0, rect.h // step)
    wrapped: list[tuple[str, LogLine]] = []
    for line in reversed(lines):  # only as far back as the rows shown, and one more to know there is more
        text = bound_names(line.text, line.cards, language())
        wrapped = [(piece, line) for piece in wrapped_text(text, rect.w, px, line.header)] + wrapped
        if len(wrapped) > visible + max(0, scroll):
            break
    most = max(0, len(wrapped) - visible)
    scroll = min(max(0, scroll), most)
    first = max(0, len(wrapped) - visible - scroll)  # a log shorter than its box starts at its top
    shown = wrapped[first : len(wrapped) - scroll] if visible else []
    rows = []
    y = rect.top
    for piece, line in shown:
        rows.append(LogRow(piece, (rect.left, y), line.header, name_spans(piece, line, rect.left, y, px), line.note))
        y += step
    return rows, most


@lru_cache(maxsize=4096)
def bound_names(value: str, cards: tuple[int, ...], lang: str) -> str:
    """`value` with each card name's spaces made no-break, so a row never ends inside a name ("Spice" at the end of
    one row and "Dealer" on the next was neither underlined nor zoomed on hover)."""
    every = load_cards().cards
    for uid in set(cards):
        name = card_name(every[uid].type, lang)
        value = value.replace(name, name.replace(" ", NBSP))
    return value


def name_spans(piece: str, line: LogLine, x: int, y: int, px: int) -> tuple[tuple[pygame.Rect, int], ...]:
    """Where the names of the line's cards fall on this wrapped piece of it."""
    return tuple(
        (pygame.Rect(x + left, y, width, height), uid)
        for left, width, height, uid in name_places(piece, line.cards, px, language(), header=line.header)
    )


@lru_cache(maxsize=4096)
def name_places(
    piece: str, cards: tuple[int, ...], px: int, lang: str, *, header: bool
) -> tuple[tuple[int, int, int, int], ...]:
    """(left, width, height, card) of each card name on `piece`, measured once (cached: the log's rows are laid out
    again at every frame the sidebar repaints; `lang` names the cards, a width outlives the fonts measuring it)."""
    every = load_cards().cards
    fnt = row_font(px, header=header)
    places = []
    taken: list[tuple[int, int]] = []
    plain = piece.replace(NBSP, " ")  # a row holds its names bound (bound_names); one character each way
    for uid in sorted(cards, key=lambda u: -len(card_name(every[u].type, lang))):  # "Spice Dealer" before "Spice"
        name = card_name(every[uid].type, lang)
        start = plain.find(name)
        while start >= 0 and any(a <= start < b for a, b in taken):
            start = plain.find(name, start + 1)
        if start < 0:
            continue
        taken.append((start, start + len(name)))
        places.append((fnt.size(piece[:start])[0], fnt.size(name)[0], fnt.get_linesize(), uid))
    return tuple(sorted(places))  # in reading order
