"""Cards drawn procedurally and cached per (card, size, language, colour-blind aid).

A face: the deck's frame (Market cream, Palace white marble, Bazaar brown parchment), the colour
band with the name, symbols and the Military letter, position icons, a short rule, the card number
and the player-count circle. Backs differ per deck. Strips are the tucked cards of a play area.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from amul_table.i18n import card_name
from amul_table.i18n.card_texts import card_short
from amul_table.rules.cards import Card, load_cards
from amul_table.sprites.icons import letter_badge, position_icon, symbol_icon
from amul_table.sprites.style import (
    CARD_COLOURS,
    CREAM,
    GOLD,
    INK,
    Colour,
    colour_letter,
    draw_wrapped,
    fit_text,
    font,
    letter_room,
    readable_on,
    shade,
    strip_letter_px,
    text,
    wrap,
)

CARD_RATIO = 1.4  # height / width
FRAMES: dict[str, tuple[Colour, Colour, Colour]] = {  # outer frame, inner body, border line
    "market": ((58, 40, 28), (247, 238, 214), (30, 20, 14)),
    "palace": ((236, 236, 232), (252, 251, 247), (160, 150, 130)),
    "bazaar": ((122, 78, 40), (232, 208, 160), (70, 42, 20)),
}
SYMBOL_ORDER = ("arab", "mongol", "object", "trade", "military")
RULE_TEXT = 0.13  # the short rule's text size as a share of the card's width
NAME_TEXT = 0.55  # the name's text size as a share of the colour band's height
STRIP_TEXT = 0.62  # a strip's name size as a share of its height


def rule_px(w: int) -> int:
    """The short rule's text size on a face `w` pixels wide (the layout reads it to keep text readable)."""
    return max(7, int(w * RULE_TEXT))


def name_px(w: int) -> int:
    """The name's text size on a face `w` pixels wide (a long name wraps to two lines at this size)."""
    return max(8, int(max(12, int(w * CARD_RATIO * 0.17)) * NAME_TEXT))


def strip_px(h: int) -> int:
    """The name's text size on a strip `h` pixels tall."""
    return max(7, int(h * STRIP_TEXT))


@dataclass(frozen=True)
class FaceMark:
    """One small printed mark of a face and where it lies on it (a hover explains it)."""

    kind: str  # "symbol", "letter", "position", "number" (the card number) or "min_players"
    rect: pygame.Rect
    value: str  # the symbol, the letter, the position, the card number or the least player count


@lru_cache(maxsize=1024)
def card_face(uid: int, w: int, h: int, lang: str = "en", colour_blind: bool = False) -> pygame.Surface:
    """The face of one copy at this size."""
    card = load_cards().cards[uid]
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    inner, radius = _face_frame(s, card.deck)
    colour = CARD_COLOURS.get(card.type.colour, (150, 150, 150))
    band = _face_band(s, card, inner, radius, colour, lang, colour_blind=colour_blind)
    for mark in _icon_marks(card, inner, band.bottom, w, h):
        if mark.kind == "symbol":
            s.blit(symbol_icon(mark.value, mark.rect.w), mark.rect.topleft)
        elif mark.kind == "letter":
            s.blit(letter_badge(mark.value, mark.rect.w), mark.rect.topleft)
        else:
            s.blit(position_icon(mark.value, mark.rect.h, INK), mark.rect.topleft)
    icon = max(9, int(w * 0.17))
    footer = max(10, int(h * 0.12))
    text_top = band.bottom + max(2, h // 60) + icon + max(2, h // 50)
    area = pygame.Rect(inner.left + 3, text_top, inner.width - 6, inner.bottom - footer - text_top)
    _face_rule(s, card_short(card, lang), area, colour)
    _face_footer(s, card, inner, footer)
    return s


def face_marks(uid: int, w: int, h: int, lang: str = "en", colour_blind: bool = False) -> list[FaceMark]:
    """The printed marks of `card_face(uid, w, h, ...)`, in the face's own coordinates (the same rects it draws)."""
    card = load_cards().cards[uid]
    m = max(3, w // 16)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    band_h, _, _ = _band_lines(card, inner, w, h, lang, colour_blind=colour_blind)
    footer = max(10, int(h * 0.12))
    return _icon_marks(card, inner, inner.top + band_h, w, h) + _footer_marks(card, inner, footer)


@lru_cache(maxsize=4096)
def name_band_bottom(uid: int, w: int, h: int, lang: str = "en") -> int:
    """How far down a face `w`×`h` its name band reaches (with or without the colour letter): a card tucked under it
    starts lower, not to cut a two-line name. Cached: ~23,000 calls a game at 8 players, 2560×1440 (7% of its CPU)."""
    card = load_cards().cards[uid]
    m = max(3, w // 16)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    return m + max(_band_lines(card, inner, w, h, lang, colour_blind=cb)[0] for cb in (False, True))


def _icon_marks(card: Card, inner: pygame.Rect, band_bottom: int, w: int, h: int) -> list[FaceMark]:
    """The symbols, then the Military letter, left to right under the band; the position icon at the right."""
    icon = max(9, int(w * 0.17))
    y = band_bottom + max(2, h // 60)
    x = inner.left + 2
    marks = []
    for symbol in SYMBOL_ORDER:
        for _ in range(card.symbols.get(symbol, 0)):
            marks.append(FaceMark("symbol", pygame.Rect(x, y, icon, icon), symbol))
            x += icon + 1
    if card.letter:
        marks.append(FaceMark("letter", pygame.Rect(x, y, icon, icon), card.letter))
    pos = max(8, int(icon * 0.9))
    pos_w = 2 * pos + 2 if card.type.position == "both" else pos  # position_icon's width
    marks.append(FaceMark("position", pygame.Rect(inner.right - pos_w - 2, y + 1, pos_w, pos), card.type.position))
    return marks


def _footer_marks(card: Card, inner: pygame.Rect, footer: int) -> list[FaceMark]:
    """Where `_face_footer` puts the card number and the player-count circle."""
    fy = inner.bottom - footer // 2 - 1
    num = font(max(6, int(footer * 0.62))).size(card.number)
    r = max(5, int(footer * 0.45))
    return [
        FaceMark("number", pygame.Rect(inner.left + 3, fy - num[1] // 2, num[0], num[1]), card.number),
        FaceMark("min_players", pygame.Rect(inner.right - 2 * r - 2, fy - r, 2 * r, 2 * r), str(card.min_players)),
    ]


def _face_frame(s: pygame.Surface, deck: str) -> tuple[pygame.Rect, int]:
    """The deck's frame and body (marble, parchment); the body's rect and the corner radius."""
    w, h = s.get_size()
    outer, body, line = FRAMES[deck]
    radius = max(3, w // 14)
    pygame.draw.rect(s, outer, s.get_rect(), border_radius=radius)
    if deck == "palace":
        s.blit(_marble(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    elif deck == "bazaar":
        s.blit(_parchment(w, h, 0.82), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.rect(s, line, s.get_rect(), max(1, w // 60), border_radius=radius)
    m = max(3, w // 16)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    pygame.draw.rect(s, body, inner, border_radius=max(2, radius // 2))
    if deck == "bazaar":
        s.blit(_parchment(inner.w, inner.h, 1.0), inner.topleft, special_flags=pygame.BLEND_RGB_MULT)
    return inner, radius


def _face_band(
    s: pygame.Surface,
    card: Card,
    inner: pygame.Rect,
    radius: int,
    colour: tuple[int, int, int],
    lang: str,
    *,
    colour_blind: bool,
) -> pygame.Rect:
    """The colour band with the card's name, on two lines when it is too long for one at full size (and its
    colour letter for the colour-blind aid); the band."""
    w, h = s.get_size()
    band_h, lines, size = _band_lines(card, inner, w, h, lang, colour_blind=colour_blind)
    band = pygame.Rect(inner.left, inner.top, inner.width, band_h)
    fg = readable_on(colour)
    tag = _colour_tag(card, max(12, int(h * 0.17)), fg, lang) if colour_blind else None
    name_left = band.left + 3 + (tag.get_width() + 3 if tag else 0)
    pygame.draw.rect(
        s, colour, band, border_top_left_radius=max(2, radius // 2), border_top_right_radius=max(2, radius // 2)
    )
    pygame.draw.line(s, shade(colour, 0.6), band.bottomleft, (band.right - 1, band.bottom), max(1, w // 70))
    if tag:
        s.blit(tag, (band.left + 3, band.centery - tag.get_height() // 2))
    imgs = [fit_text(line, band.right - name_left - 1, size, fg, bold=True, family="serif") for line in lines]
    y = band.centery - sum(i.get_height() for i in imgs) // 2
    for name in imgs:
        s.blit(name, (name_left + max(0, (band.right - name_left - name.get_width()) // 2 - 1), y))
        y += name.get_height()
    return band


def _band_lines(
    card: Card, inner: pygame.Rect, w: int, h: int, lang: str, *, colour_blind: bool
) -> tuple[int, list[str], int]:
    """The band's height, the name's lines and their text size (the face and `face_marks` share it)."""
    height = max(12, int(h * 0.17))
    tag = _colour_tag(card, height, INK, lang) if colour_blind else None
    room = name_width(w) - (tag.get_width() + 3 if tag else 0)
    lines, size = name_lines(card_name(card.type, lang), room, name_px(w))
    if len(lines) > 1:
        height = max(height, len(lines) * font(size, True, "serif").get_linesize() + 2)
    return height, lines, size


def _colour_tag(card: Card, band_h: int, fg: Colour, lang: str) -> pygame.Surface:
    return text(colour_letter(card.type.colour, lang), max(7, band_h // 2), fg, True)


def _face_rule(s: pygame.Surface, rule: str, area: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """The short rule text in `area`: a big number on a medal when it is just points."""
    w = s.get_width()
    if rule.lstrip("-").isdigit():
        size = int(min(area.height * 0.8, w * 0.42))
        img = text(rule, max(10, size), INK, True, "serif")
        medal = pygame.Rect(0, 0, img.get_width() + size // 2, img.get_height())
        medal.center = area.center
        pygame.draw.ellipse(s, shade(colour, 1.45), medal)
        pygame.draw.ellipse(s, shade(colour, 0.7), medal, max(1, w // 50))
        s.blit(img, img.get_rect(center=medal.center))
    elif area.height > 6:
        draw_wrapped(s, rule, area, rule_px(w), INK, bold=False, min_size=6)


def _face_footer(s: pygame.Surface, card: Card, inner: pygame.Rect, footer: int) -> None:
    """The card number, and the player count in a circle."""
    fy = inner.bottom - footer // 2 - 1
    num = text(card.number, max(6, int(footer * 0.62)), shade(INK, 1.6))
    s.blit(num, num.get_rect(midleft=(inner.left + 3, fy)))
    r = max(5, int(footer * 0.45))
    centre = (inner.right - r - 2, fy)
    pygame.draw.circle(s, INK, centre, r)
    count = text(str(card.min_players), max(6, int(r * 1.4)), CREAM, True)
    s.blit(count, count.get_rect(center=centre))


def any_face(uid: int, w: int, h: int, lang: str = "en", colour_blind: bool = False) -> pygame.Surface:
    """A card face, or a tucked strip when the shape is much wider than tall."""
    if w > h * 1.5:
        return card_strip(uid, w, h, lang, colour_blind)
    return card_face(uid, w, h, lang, colour_blind)


@lru_cache(maxsize=64)
def card_back(deck: str, w: int, h: int) -> pygame.Surface:
    """The back of a Market, Palace or Bazaar card."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 14)
    base, ink = {
        "market": ((122, 34, 30), GOLD),
        "palace": ((238, 236, 230), (60, 90, 140)),
        "bazaar": ((120, 76, 38), (236, 206, 150)),
    }[deck]
    pygame.draw.rect(s, base, s.get_rect(), border_radius=radius)
    if deck == "palace":
        s.blit(_marble(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    elif deck == "bazaar":
        s.blit(_parchment(w, h, 0.9), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    m = max(3, w // 12)
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    pygame.draw.rect(s, ink, inner, max(1, w // 40), border_radius=max(2, radius // 2))
    inner2 = inner.inflate(-m, -m)
    pygame.draw.rect(s, ink, inner2, 1, border_radius=max(2, radius // 2))
    cx, cy = s.get_rect().center
    d = min(inner2.w, inner2.h) * 0.36
    pygame.draw.polygon(s, ink, [(cx, cy - d * 1.3), (cx + d, cy), (cx, cy + d * 1.3), (cx - d, cy)], max(1, w // 40))
    pygame.draw.polygon(s, ink, [(cx, cy - d * 0.8), (cx + d * 0.6, cy), (cx, cy + d * 0.8), (cx - d * 0.6, cy)])
    if w >= 40:
        label = text("AMUL", max(7, int(w * 0.12)), base, True, "serif")
        room = d * 0.95  # the filled inner diamond's width at its centre line, less a margin
        if label.get_width() > room:
            scale = room / label.get_width()
            label = pygame.transform.smoothscale(label, (int(room), max(1, int(label.get_height() * scale))))
        s.blit(label, label.get_rect(center=(cx, cy)))
    pygame.draw.rect(s, shade(base, 0.5), s.get_rect(), 1, border_radius=radius)
    return s


@lru_cache(maxsize=2048)
def card_strip(
    uid: int,
    w: int,
    h: int,
    lang: str = "en",
    colour_blind: bool = False,
    *,
    with_rule: bool = False,
    least: int = 6,
    label: str = "",
) -> pygame.Surface:
    """A tucked card in a play area: the colour band with the name (or `label`, a shortened one), symbols and
    letter (and with room, when asked, its short rule after the name, as on the Palace and Bazaar staircases); a
    name shrinks to `least` px at most, then is cut."""
    card = load_cards().cards[uid]
    label = label or card_name(card.type, lang)
    colour = CARD_COLOURS.get(card.type.colour, (150, 150, 150))
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    edge = {"palace": (236, 236, 232), "bazaar": (150, 100, 55)}.get(card.deck, (40, 28, 20))
    pygame.draw.rect(s, edge, s.get_rect(), border_radius=max(2, h // 5))
    band = s.get_rect().inflate(-2, -2)
    pygame.draw.rect(s, colour, band, border_radius=max(2, h // 5))
    fg = readable_on(colour)
    x = band.left + 2
    if colour_blind:
        tag = text(colour_letter(card.type.colour, lang), strip_letter_px(h), fg, True)
        s.blit(tag, (x, band.centery - tag.get_height() // 2))
        x += letter_room(card.type.colour, lang, h)  # as the layouts count it
    icon = max(6, h - 4)
    right = band.right - 1
    icons = []
    for symbol in SYMBOL_ORDER:
        icons += [symbol_icon(symbol, icon)] * card.symbols.get(symbol, 0)
    if card.letter:
        icons.append(letter_badge(card.letter, icon))
    room = band.right - x
    name_w = font(strip_px(h), True).size(label)[0]  # the name first, the symbols in what is left
    shown = icons[: max(0, (room - max(24, name_w + 6)) // (icon + 1))] if w > 40 else []
    for img in reversed(shown):
        right -= img.get_width() + 1
        s.blit(img, (right, band.centery - img.get_height() // 2))
    if right - x > 10:
        name = fit_text(label, right - x - 2, strip_px(h), fg, bold=True, min_size=least)
        s.blit(name, (x, band.centery - name.get_height() // 2))
        room = right - (x + name.get_width() + 8) - 2
        rule = card_short(card, lang)
        size = strip_px(h)  # as large as the name: a summary too small to read is no summary
        if with_rule and room > 30 and font(size).size(rule)[0] <= room:
            img = text(rule, size, fg)
            s.blit(img, (x + name.get_width() + 8, band.centery - img.get_height() // 2))
    return s


@lru_cache(maxsize=8192)  # each layout asks for every band at each height it tries; a width outlives the fonts
def band_width(uid: int, h: int, lang: str = "en", count: int = 1, *, with_rule: bool = True, aid: bool = False) -> int:
    """How wide a strip `h` px tall must be for the card's name whole (after the colour-blind letter with the `aid`),
    with its short rule and symbols (or the name alone: `with_rule` False) and a count "×N" when `count` > 1."""
    card = load_cards().cards[uid]
    px = strip_px(h)
    name = font(px, True).size(card_name(card.type, lang))[0] + (letter_room(card.type.colour, lang, h) if aid else 0)
    tally = font(px, True).size(f"×{count}")[0] + 4 if count > 1 else 0
    if not with_rule:
        return 2 + 2 + name + 4 + 2 + tally
    icons = sum(card.symbols.get(k, 0) for k in SYMBOL_ORDER) + bool(card.letter)
    rule = font(px).size(card_short(card, lang))[0]
    return 2 + 2 + name + 8 + rule + 4 + icons * (max(6, h - 4) + 1) + 2 + tally


def name_fits(uid: int, w: int, lang: str = "en", least: int = 12) -> bool:
    """Whether the card's name shows whole, at `least` px or more, on a face `w` pixels wide (at most two lines)."""
    inner = name_width(w)
    lines, size = name_lines(card_name(load_cards().cards[uid].type, lang), inner, name_px(w))
    fnt = font(size, True, "serif")
    return size >= min(least, name_px(w)) and len(lines) <= 2 and all(fnt.size(x)[0] <= inner for x in lines)


def name_width(w: int) -> int:
    """The room for the name across the colour band of a face `w` pixels wide."""
    return w - 2 * max(3, w // 16) - 4


def name_lines(name: str, width: int, size: int) -> tuple[list[str], int]:
    """A card name on one line, else on two (a word too long for a line hyphenated), at the largest size
    from `size` down to 12 px (or `size`, if smaller) at which it fits."""
    for sz in range(size, min(size, 12) - 1, -1):
        fnt = font(sz, True, "serif")
        if fnt.size(name)[0] <= width:
            return [name], sz
        lines: list[str] = []
        for line in wrap(name, width, fnt):
            lines += _hyphenate(line, width, fnt) if fnt.size(line)[0] > width else [line]
        if len(lines) <= 2 and all(fnt.size(x)[0] <= width for x in lines):
            return lines, sz
    return lines, sz


VOWELS = "aeiouyéèêàâîôûAEIOUÉ"


def _hyphenate(word: str, width: int, fnt: pygame.font.Font) -> list[str]:
    """A long word cut in two nearest its middle between syllables (a-ca, an-sa), with a hyphen."""
    mid = len(word) / 2

    def syllable_break(i: int) -> bool:
        a, b, c = word[i - 1], word[i], word[i + 1]
        if b in VOWELS or c not in VOWELS:
            return False
        return a in VOWELS or (i >= 2 and word[i - 2] in VOWELS)

    for i in sorted(range(2, len(word) - 2), key=lambda i: abs(i - mid)):
        head, tail = word[:i] + "-", word[i:]
        if syllable_break(i) and fnt.size(head)[0] <= width and fnt.size(tail)[0] <= width:
            return [head, tail]
    return [word]


@lru_cache(maxsize=16)
def _marble(w: int, h: int) -> pygame.Surface:
    """White marble: faint grey veins (fixed seed: the art never changes between runs)."""
    rng = random.Random(7)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((255, 255, 255, 255))
    for _ in range(max(3, w // 18)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        grey = rng.randint(200, 235)
        points = [(x, y)]
        for _ in range(6):
            x += rng.uniform(-w * 0.25, w * 0.25)
            y += rng.uniform(h * 0.05, h * 0.2)
            points.append((x, y))
        pygame.draw.lines(s, (grey, grey, grey + 8 if grey < 247 else 255), False, points, 1)
    return s


PARCHMENT_W = 128  # the width the parchment's flecks are drawn at; every size scales that one drawing


@lru_cache(maxsize=16)
def _parchment(w: int, h: int, strength: float) -> pygame.Surface:
    """Brown parchment: mottled light and dark flecks, scaled from one drawing (drawing the flecks at each
    card size cost up to 45 ms a size at 4K, in the frame a Bazaar card first showed at it)."""
    return pygame.transform.smoothscale(_flecks(strength), (w, h))


@lru_cache(maxsize=4)
def _flecks(strength: float) -> pygame.Surface:
    rng = random.Random(11)
    w, h = PARCHMENT_W, int(PARCHMENT_W * CARD_RATIO)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((255, 255, 255, 255))
    for _ in range(max(20, w * h // 90)):
        x, y = rng.randrange(w), rng.randrange(h)
        v = int(255 * rng.uniform(strength, 1.0))
        pygame.draw.circle(s, (v, int(v * 0.97), int(v * 0.92)), (x, y), rng.randint(1, max(1, w // 25)))
    return s


def shadow(w: int, h: int) -> pygame.Surface:
    return _shadow(w, h)


@lru_cache(maxsize=64)
def _shadow(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 70), s.get_rect(), border_radius=max(3, w // 12))
    return s
