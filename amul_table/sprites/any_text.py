"""Any Unicode on one line (chat, names typed on other computers): the shipped font, then system fonts.

The shipped DejaVu has Latin, Greek, Cyrillic, Arabic, Hebrew and some symbols, but no CJK and few emoji.
Each character is drawn with the first font of a chain that has its glyph (the shipped font, then system
fonts found by name, e.g. Noto CJK, Droid Sans Fallback); a character no font has is drawn as U+FFFD (�),
visibly, never as an empty box among the others. Combining marks and joiners stay with the character they
follow; right-to-left words (Arabic, Hebrew) are shaped and laid right to left inside a left-to-right line.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame
import pygame.freetype

from amul_table.sprites.font_files import font_path

Colour = tuple[int, int, int]

REPLACEMENT = "\ufffd"  # drawn where no font has the glyph
# System fonts tried after the shipped one, in order (pygame.font.match_font names: lower case, no spaces).
FALLBACK_FAMILIES = (
    "notosanscjksc",
    "notosanscjkjp",
    "notosanscjk",
    "notosanscjktc",
    "droidsansfallbackfull",
    "droidsansfallback",
    "wenquanyimicrohei",
    "notosanssymbols2",
    "notoemoji",
    "symbola",
    "unifont",
)
ATTACHED = frozenset({"Mn", "Me", "Cf"})  # combining marks, enclosing marks, joiners and other format marks
RTL = frozenset({"R", "AL"})


@dataclass(frozen=True)
class Run:
    """Characters drawn together: with one font of the chain, in one direction."""

    font: str  # the path of a font of the chain
    rtl: bool
    text: str


@cache
def chain(family: str = "sans") -> tuple[str, ...]:
    """The fonts tried, in order: the shipped font of `family`, then the system fonts of FALLBACK_FAMILIES
    found here."""
    found = [font_path(family)]
    for name in FALLBACK_FAMILIES:
        path = pygame.font.match_font(name)
        if path and path not in found and path.lower().endswith((".ttf", ".otf", ".ttc")):
            found.append(path)
    return tuple(found)


@cache
def _probe(path: str) -> pygame.freetype.Font | None:
    """A font of the chain, opened only to ask which glyphs it has (None: it does not open)."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    try:
        return pygame.freetype.Font(path, 16)
    except (OSError, pygame.error):
        return None


@lru_cache(maxsize=16384)
def _has(path: str, ch: str) -> bool:
    """Whether the font at `path` has a glyph for `ch` (asked once per font and character)."""
    probe = _probe(path)
    try:
        return probe is not None and probe.get_metrics(ch)[0] is not None
    except (pygame.error, ValueError):  # a lone surrogate
        return False


@lru_cache(maxsize=8192)
def font_for(ch: str, family: str = "sans") -> str | None:
    """The first font of the chain that has a glyph for `ch`, or None."""
    return next((path for path in chain(family) if _has(path, ch)), None)


@lru_cache(maxsize=4096)
def needs_fallback(value: str, family: str = "sans") -> bool:
    """Whether `value` needs more than the shipped font of `family` drawing left to right: a glyph that
    font lacks, or a right-to-left word (plain rendering lays its letters out backwards)."""
    base = font_path(family)  # not chain(): looking for the system's fonts is only for text that needs them
    return any(not (_has(base, ch) or _invisible(ch)) or unicodedata.bidirectional(ch) in RTL for ch in value)


def _invisible(ch: str) -> bool:
    """A joiner, direction mark or variation selector: nothing to draw on its own."""
    return unicodedata.category(ch) == "Cf" or 0xFE00 <= ord(ch) <= 0xFE0F or 0xE0100 <= ord(ch) <= 0xE01EF


def runs(value: str, family: str = "sans") -> list[Run]:
    """`value` cut into runs of one font and one direction; characters no font has become U+FFFD."""
    cells: list[tuple[str, str | None, str]] = []  # font, direction ("R", "L" or None: neutral), text
    for ch in value:
        if unicodedata.category(ch) in ATTACHED and cells:  # a mark stays with the character before it
            index, direction, text = cells[-1]
            if text == REPLACEMENT:
                continue  # the replacement stands for its character and its marks
            if _has(index, ch):
                cells[-1] = (index, direction, text + ch)
                continue
        if _invisible(ch):
            continue
        index = font_for(ch, family) if unicodedata.category(ch) != "Cs" else None
        if index is None:
            index, ch = font_for(REPLACEMENT, family) or chain(family)[0], REPLACEMENT
        kind = unicodedata.bidirectional(ch)
        cells.append((index, "R" if kind in RTL else "L" if kind == "L" else None, ch))
    return _merged(_resolved(cells))


def _resolved(cells: list[tuple[str, str | None, str]]) -> list[tuple[str, bool, str]]:
    """Neutral characters (spaces, digits, punctuation) between two right-to-left ones are right to left."""
    out = []
    for i, (index, direction, text) in enumerate(cells):
        if direction is None:
            before = next((d for _, d, _ in reversed(cells[:i]) if d is not None), "L")
            after = next((d for _, d, _ in cells[i + 1 :] if d is not None), "L")
            direction = "R" if before == after == "R" else "L"
        out.append((index, direction == "R", text))
    return out


def _merged(cells: list[tuple[str, bool, str]]) -> list[Run]:
    merged: list[Run] = []
    for index, rtl, text in cells:
        if merged and merged[-1].font == index and merged[-1].rtl == rtl:
            merged[-1] = Run(index, rtl, merged[-1].text + text)
        else:
            merged.append(Run(index, rtl, text))
    return merged


@lru_cache(maxsize=256)
def _font(path: str, size: int, rtl: bool, script: str, bold: bool) -> pygame.font.Font:
    """`path` at `size` (a shipped font in its bold file when `bold`), shaping right to left when `rtl`."""
    if not pygame.font.get_init():
        pygame.font.init()
    shipped = {font_path(family): font_path(family, bold) for family in ("sans", "serif")}
    fnt = pygame.font.Font(shipped.get(path, path), max(6, int(size)))
    if rtl:
        fnt.set_script(script)
        fnt.set_direction(pygame.DIRECTION_RTL)
    return fnt


def _run_font(run: Run, size: int, bold: bool) -> pygame.font.Font:
    hebrew = run.rtl and any("HEBREW" in unicodedata.name(ch, "") for ch in run.text)
    return _font(run.font, size, run.rtl, "Hebr" if hebrew else "Arab" if run.rtl else "Latn", bold)


def width(value: str, size: int, bold: bool = False, family: str = "sans") -> int:
    """How wide `value` is drawn by any_text."""
    return sum(_run_font(run, size, bold).size(run.text)[0] for run in runs(value, family))


@lru_cache(maxsize=1024)
def any_text(value: str, size: int, colour: Colour, bold: bool = False, family: str = "sans") -> pygame.Surface:
    """`value` drawn on one line, each run with its font, on a common baseline (transparent background)."""
    pieces = []
    for run in runs(value, family):
        fnt = _run_font(run, size, bold)
        try:
            img = fnt.render(run.text, True, colour)
        except (pygame.error, ValueError):  # nothing drawable in it after all: leave it out
            continue
        pieces.append((fnt.get_ascent(), img))
    base = _font(chain(family)[0], size, False, "Latn", bold)
    ascent = max([base.get_ascent(), *(a for a, _ in pieces)])
    height = max([base.get_linesize(), *(ascent - a + img.get_height() for a, img in pieces)])
    out = pygame.Surface((sum(img.get_width() for _, img in pieces), height), pygame.SRCALPHA)
    x = 0
    for a, img in pieces:
        out.blit(img, (x, ascent - a))
        x += img.get_width()
    return out


@lru_cache(maxsize=1024)
def fit_any_text(
    value: str, max_width: int, size: int, colour: Colour, bold: bool = False, min_size: int = 7
) -> pygame.Surface:
    """`value` at the largest size up to `size` that fits `max_width`; cut with "…" at the smallest."""
    while size > min_size and width(value, size, bold) > max_width:
        size -= 1
    if width(value, size, bold) > max_width:
        value = _cut(value, max_width, size, bold) + "…"
    return any_text(value, size, colour, bold)


def wrap_any(value: str, max_width: int, size: int, *, bold: bool = False, max_lines: int = 3) -> list[str]:
    """`value` in lines that fit `max_width` at `size`: broken at a space when the line has one (CJK has
    none: then between characters), at most `max_lines`, the last cut with "…" when more is left."""
    lines: list[str] = []
    value = value.strip()
    while value:
        if width(value, size, bold) <= max_width:
            lines.append(value)
            break
        if len(lines) == max_lines - 1:
            lines.append(_cut(value, max_width, size, bold) + "…")
            break
        head = _cut(value, max_width, size, bold, tail="")
        space = head.rfind(" ")
        head = head[:space] if space > 0 and len(head) < len(value) and value[len(head)] != " " else head
        lines.append(head.rstrip())
        value = value[len(head) :].lstrip()
    return lines


def _cut(value: str, max_width: int, size: int, bold: bool, tail: str = "…") -> str:
    """The longest start of `value` that fits with `tail` after it (a mark never left without its letter)."""
    low, high = 1, len(value)  # value[:low] is kept at least; value[:high] is too wide
    while high - low > 1:
        middle = (low + high) // 2
        if width(value[:middle] + tail, size, bold) <= max_width:
            low = middle
        else:
            high = middle
    while low > 1 and unicodedata.category(value[low]) in ATTACHED:  # its mark cut off: the letter goes too
        low -= 1
    return value[:low]


def within(fnt: pygame.font.Font, value: str, colour: Colour, family: str, bold: bool) -> pygame.Surface:
    """`value` drawn with the fallback chain where the layout measured it with the shipped font `fnt`: at
    its size, or smaller until it is no wider than that measure (a CJK glyph is wider than the empty box
    the shipped font measured in its place), so nothing spills out of the place made for it."""
    room, size = fnt.size(value)[0], fnt.point_size
    img = any_text(value, size, colour, bold, family)
    while img.get_width() > room and size > 6:
        size -= 1
        img = any_text(value, size, colour, bold, family)
    return img
