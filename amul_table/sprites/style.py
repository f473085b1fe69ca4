"""The warm Silk Road palette, the shipped fonts and cached text rendering shared by all drawing."""

from __future__ import annotations

from functools import lru_cache

import pygame

from amul_table.sprites import canvas as draw
from amul_table.sprites.font_files import font_path

Colour = tuple[int, int, int]

FELT: Colour = (46, 27, 20)  # the table cloth
FELT_LIGHT: Colour = (70, 42, 30)
PANEL: Colour = (58, 38, 27)
PANEL_DARK: Colour = (38, 24, 17)
GOLD: Colour = (214, 168, 82)
GOLD_DARK: Colour = (150, 108, 45)
CREAM: Colour = (246, 234, 206)
INK: Colour = (45, 30, 20)
MUTED: Colour = (190, 168, 130)
HIGHLIGHT: Colour = (255, 214, 90)
ACTIVE: Colour = (120, 210, 140)
WARNING: Colour = (235, 110, 80)
SAND: Colour = (226, 196, 146)
SAND_DARK: Colour = (190, 150, 95)

CARD_COLOURS: dict[str, Colour] = {
    "yellow": (232, 185, 47),
    "light_blue": (104, 176, 214),
    "orange": (224, 123, 42),
    "green": (79, 154, 74),
    "purple": (138, 79, 158),
    "red": (192, 57, 43),
    "brown": (139, 90, 43),
}
COLOUR_LETTERS = {
    "yellow": "Y",
    "light_blue": "B",
    "orange": "O",
    "green": "G",
    "purple": "P",
    "red": "R",
    "brown": "Z",
}
# The colour-blind letters in each language: the initial of the colour's name there (French: Jaune, Bleu,
# Orange, Vert, Pourpre for violet, which would clash with Vert, Rouge), unique within a language.
COLOUR_LETTERS_BY_LANGUAGE = {
    "en": COLOUR_LETTERS,
    "fr": {**COLOUR_LETTERS, "yellow": "J", "green": "V"},
}


def colour_letter(colour: str, lang: str) -> str:
    """The colour-blind letter of a card colour in `lang` (English when the language has none)."""
    return COLOUR_LETTERS_BY_LANGUAGE.get(lang, COLOUR_LETTERS).get(colour, "?")


def strip_letter_px(h: int) -> int:
    """The colour-blind letter's text size before the name on a strip `h` pixels tall."""
    return max(6, int(h * 0.55))


@lru_cache(maxsize=256)
def letter_room(colour: str, lang: str, h: int) -> int:
    """What a card colour's colour-blind letter in `lang` takes before the name on a strip `h` px tall, with its gap:
    the layouts count it, so with the aid on names are shortened, never cut."""
    return font(strip_letter_px(h), True).size(colour_letter(colour, lang))[0] + 2


COLOUR_ORDER = ("yellow", "light_blue", "orange", "green", "purple", "red", "brown")
SEAT_COLOURS: tuple[Colour, ...] = (
    (230, 190, 90),
    (110, 180, 220),
    (220, 120, 100),
    (140, 200, 120),
    (200, 140, 210),
    (240, 150, 60),
    (120, 210, 200),
    (220, 220, 220),
)

LEAST_PX = 12  # the least text size on the table: DejaVu's capitals are 9 px tall at 12 px


WIDTHS_KEPT = 2048  # the most lines of one font and size remembered (the log's, the cards', the names': a few hundred)
FONTS_MEASURED = 64  # the most fonts and sizes whose widths are remembered (a window uses a score or two)
_MEASURED: dict[tuple[str, int], dict[str | bytes, tuple[int, int]]] = {}  # by font file and size: text → (w, h)


class MeasuredFont(pygame.font.Font):
    """A shipped font that remembers what it measured, for every font of its file and size: a layout measures the
    same names at each view, and a font made anew (after `clear_caches`) measured each text again, 40 times slower
    than once it had seen its glyphs. Widths are the file's: they outlive the fonts (pygame.quit) that measured them."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size)
        if (path, size) not in _MEASURED and len(_MEASURED) >= FONTS_MEASURED:
            _MEASURED.clear()  # (the fonts made before keep theirs)
        self._sizes = _MEASURED.setdefault((path, size), {})

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        got = self._sizes.get(text)
        if got is None:
            if len(self._sizes) >= WIDTHS_KEPT:
                self._sizes.clear()
            got = self._sizes[text] = super().size(text)
        return got


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False, family: str = "sans") -> pygame.font.Font:
    if not pygame.font.get_init():  # the layout measures text before any window opens (tests, renders)
        pygame.font.init()
    return MeasuredFont(font_path(family, bold), max(6, int(size)))


@lru_cache(maxsize=4096)
def text(value: str, size: int, colour: Colour = CREAM, bold: bool = False, family: str = "sans") -> pygame.Surface:
    """A rendered line of text (cached: the table redraws the same labels often)."""
    return safe_render(font(size, bold, family), value, colour)


def safe_render(fnt: pygame.font.Font, value: str, colour: Colour) -> pygame.Surface:
    """`fnt.render`, except that text the font cannot draw (zero width: U+200B, a lone combining mark,
    odd controls) gives an empty transparent line instead of raising out of the frame loop, and that
    characters the shipped font has no glyph for (a Chinese name typed on another computer) are drawn
    with a system font that has them, or as a visible �, never as empty boxes (sprites/any_text.py)."""
    if not value.isascii():
        from amul_table.sprites import any_text  # it draws with this module's fonts

        family = "serif" if fnt.name == "DejaVu Serif" else "sans"
        if any_text.needs_fallback(value, family):
            return any_text.within(fnt, value, colour, family, fnt.style_name == "Bold")
    try:
        return fnt.render(value, True, colour)
    except (pygame.error, ValueError):  # "Text has zero width", embedded NUL...
        return pygame.Surface((0, fnt.get_linesize()), pygame.SRCALPHA)


@lru_cache(maxsize=4096)
def fit_text(
    value: str,
    max_width: int,
    size: int,
    colour: Colour = CREAM,
    bold: bool = False,
    family: str = "sans",
    min_size: int = 7,
) -> pygame.Surface:
    """The line at the largest size up to `size` that fits `max_width` (ellipsised at the smallest); cached, as
    measuring it again took a still frame's repaint hundreds of font measures."""
    size = fitting_size(value, max_width, size, bold, family, min_size)
    if font(size, bold, family).size(value)[0] > max_width:
        while len(value) > 1 and font(size, bold, family).size(value + "…")[0] > max_width:
            value = value[:-1]
        value += "…"
    return text(value, size, colour, bold, family)


def fitting_size(value: str, max_width: int, size: int, bold: bool, family: str, min_size: int) -> int:
    """The largest size from `min_size` to `size` at which `value` fits `max_width` (else `min_size`). Width grows
    with size, so it starts from the size in proportion and steps from there: stepping down from `size` loaded
    a font at each size, and at 4K a prompt's new text took 7 ms of them."""
    wide = font(size, bold, family).size(value)[0]
    if size <= min_size or wide <= max_width:
        return size
    guess = max(min_size, min(size - 1, size * max_width // max(1, wide)))
    while guess > min_size and font(guess, bold, family).size(value)[0] > max_width:
        guess -= 1
    while guess + 1 < size and font(guess + 1, bold, family).size(value)[0] <= max_width:
        guess += 1
    return guess


def wrap(value: str, max_width: int, fnt: pygame.font.Font) -> list[str]:
    """Greedy word wrap to `max_width` pixels; a word too wide ("Spice+Camel+Gold") breaks after + or /."""
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for word in (w for w in paragraph.split(" ") if w):  # not split(): a no-break space binds its word
            for i, piece in enumerate(_pieces(word, max_width, fnt)):
                trial = f"{line}{' ' if i == 0 and line else ''}{piece}"
                if fnt.size(trial)[0] <= max_width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = piece
        lines.append(line)
    return lines


def _pieces(word: str, max_width: int, fnt: pygame.font.Font) -> list[str]:
    """The word whole when it fits, else cut after each + or / (the cut marks stay at line ends)."""
    if fnt.size(word)[0] <= max_width or not any(c in word for c in "+/"):
        return [word]
    pieces = [""]
    for ch in word:
        pieces[-1] += ch
        if ch in "+/":
            pieces.append("")
    return [p for p in pieces if p]


@lru_cache(maxsize=1024)
def wrapped_lines(
    value: str, width: int, height: int, size: int, bold: bool, family: str, min_size: int
) -> tuple[int, tuple[str, ...]]:
    """The largest size up to `size` (not under `min_size`) at which `value` wrapped to `width` fits `height`,
    and its lines: cached, as a note drawn every frame (the tutorial's coach) measured its words each time."""
    while True:
        fnt = font(size, bold, family)
        lines = wrap(value, width, fnt)
        if len(lines) * fnt.get_linesize() <= height or size <= min_size:
            return size, tuple(lines)
        size -= 1


def draw_wrapped(
    surface: pygame.Surface,
    value: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = INK,
    bold: bool = False,
    family: str = "sans",
    centre: bool = True,
    min_size: int = 7,
) -> int:
    """Draw wrapped text inside `rect`, shrinking the font until it fits; returns the height used."""
    size, lines = wrapped_lines(value, rect.width, rect.height, size, bold, family, min_size)
    fnt = font(size, bold, family)
    y = rect.top
    for line in lines:
        if y + fnt.get_linesize() > rect.bottom + 2:
            break
        img = text(line, size, colour, bold, family)
        x = rect.centerx - img.get_width() // 2 if centre else rect.left
        surface.blit(img, (x, y))
        y += fnt.get_linesize()
    return y - rect.top


def shade(colour: Colour, factor: float) -> Colour:
    """Lighter (factor > 1) or darker (< 1) version of a colour."""
    if factor >= 1:
        return tuple(min(255, int(c + (255 - c) * (factor - 1))) for c in colour)  # type: ignore[return-value]
    return tuple(int(c * factor) for c in colour)  # type: ignore[return-value]


def readable_on(colour: Colour) -> Colour:
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else CREAM


@lru_cache(maxsize=32)
def translucent_plate(
    w: int, h: int, fill: tuple[int, int, int, int], border: tuple[int, int, int, int] | None = None, radius: int = 0
) -> pygame.Surface:
    """A translucent plate (a veil, the tray's backing), drawn once per size rather than at every repaint."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    if radius:
        pygame.draw.rect(s, fill, s.get_rect(), border_radius=radius)
    else:
        s.fill(fill)
    if border is not None:
        pygame.draw.rect(s, border, s.get_rect(), 2, border_radius=radius)
    return s


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Colour = PANEL,
    border: Colour = GOLD_DARK,
    radius: int = 8,
    width: int = 2,
) -> None:
    draw.rect(surface, fill, rect, border_radius=radius)
    draw.rect(surface, border, rect, width, border_radius=radius)
