"""The shipped fonts remember what they measured (sprites/style.py MeasuredFont): a remembered width must be the one
the font file gives at that size, whichever font object of that file and size measured it first."""

from __future__ import annotations

import pygame

from amul_table.sprites import clear_caches, style
from amul_table.sprites.font_files import font_path

TEXTS = ["Marco Polo", "Négociant byzantin", "Mongol Merchant", "×3", "✓", "PALAIS", "l’effet", "", "W" * 40]
FACES = [("sans", False), ("sans", True), ("serif", False), ("serif", True)]


def plain(family: str, bold: bool, size: int, value: str) -> tuple[int, int]:
    return pygame.font.Font(font_path(family, bold), size).size(value)


def test_a_remembered_width_is_the_font_files_at_that_size_and_face_whoever_measured_it_first():
    pygame.font.init()
    for family, bold in FACES:
        for size in (12, 13, 30):
            for value in TEXTS:
                assert style.font(size, bold, family).size(value) == plain(family, bold, size, value)
    clear_caches()  # new font objects (as after pygame.quit) find the widths measured before, still right
    pygame.font.init()
    for family, bold in FACES:
        for size in (12, 13, 30):
            assert [style.font(size, bold, family).size(v) for v in TEXTS] == [
                plain(family, bold, size, v) for v in TEXTS
            ]
    wide = {style.font(size, bold, family).size("Marco Polo")[0] for family, bold in FACES for size in (12, 30)}
    assert len(wide) == len(FACES) * 2  # each face and size its own width: none answered from another's


def test_the_widths_remembered_are_bounded_and_what_was_forgotten_is_measured_again():
    pygame.font.init()
    fnt = style.font(17, True, "serif")
    values = [f"line {i}" for i in range(style.WIDTHS_KEPT + 10)]
    for value in values:
        fnt.size(value)
    assert len(fnt._sizes) <= style.WIDTHS_KEPT
    assert [fnt.size(v) for v in values[:20]] == [plain("serif", True, 17, v) for v in values[:20]]
    for size in range(6, 6 + style.FONTS_MEASURED + 10):  # a window resized through every size: fonts' widths forgotten
        style.font(size).size("Marco Polo")
    assert len(style._MEASURED) <= style.FONTS_MEASURED
    assert style.font(7).size("Marco Polo") == plain("sans", False, 7, "Marco Polo")
