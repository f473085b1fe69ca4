"""Chat and names from other computers: any Unicode drawn with a font that has each glyph, or a visible U+FFFD,
right-to-left words in their order, marks on their letters, and never wider than the room given."""

from __future__ import annotations

import pygame
import pytest

from amul_table.sprites.any_text import (
    REPLACEMENT,
    any_text,
    chain,
    fit_any_text,
    font_for,
    needs_fallback,
    runs,
    width,
    wrap_any,
)
from amul_table.sprites.style import font, text

MIXED = "Ann: 你好世界 😀👋🎉 سلام عليكم 12! e\u0301te\u0301 Z\u0351\u0352 שלום ok"
NOBODYS = "\U0010fffd"  # a private-use character: no font has a glyph for it


def drawn_by_a_font_that_has_it(ch: str, path: str) -> bool:
    import pygame.freetype

    pygame.freetype.init()  # an earlier test's pygame.quit() may have closed it
    return pygame.freetype.Font(path, 16).get_metrics(ch)[0] is not None


def test_every_character_is_drawn_by_a_font_that_has_its_glyph_else_as_a_visible_replacement():
    for run in runs(MIXED + NOBODYS):
        for ch in run.text:
            assert drawn_by_a_font_that_has_it(ch, run.font), (run, ch)
    shown = "".join(run.text for run in runs(MIXED + NOBODYS))
    assert shown.endswith(REPLACEMENT)  # what no font has is shown, not dropped and not a box
    assert "你好世界" in shown or shown.count(REPLACEMENT) >= 5  # CJK: a system font has it, or it is marked


def test_the_shipped_font_lacks_cjk_so_a_system_font_draws_it_when_one_is_installed():
    import pygame.freetype

    pygame.freetype.init()  # an earlier test's pygame.quit() may have closed it
    shipped = pygame.freetype.Font(chain()[0], 16)
    assert shipped.get_metrics("你")[0] is None  # the defect: DejaVu alone drew boxes here
    assert font_for("你") != chain()[0]


def test_right_to_left_words_make_one_run_with_their_spaces_and_marks_stay_on_their_letters():
    cut = runs("abc سلام عليكم def e\u0301")
    assert [(run.rtl, run.text) for run in cut] == [(False, "abc "), (True, "سلام عليكم"), (False, " def e\u0301")]
    assert runs("\u200d\ufe0f") == []  # joiners and selectors alone: nothing to draw


@pytest.mark.parametrize("room", [30, 80, 150, 400, 2000])
def test_a_mixed_line_fits_the_room_given_and_never_raises(room):
    img = fit_any_text(MIXED * 3, room, 14, (240, 230, 210))
    assert 0 < img.get_width() <= room
    assert img.get_height() >= font(7).get_linesize() - 2


def test_a_line_is_drawn_on_one_baseline_as_wide_as_its_runs():
    img = any_text(MIXED, 20, (0, 0, 0))
    assert isinstance(img, pygame.Surface) and img.get_width() > 300
    assert any_text(NOBODYS, 20, (0, 0, 0)).get_width() > 0  # the replacement is seen


@pytest.mark.parametrize("room", [60, 120, 300])
def test_a_long_chat_line_wraps_at_spaces_or_between_cjk_characters_within_the_room(room):
    for value in ("the caravan leaves at dawn for Samarkand and Bukhara " * 3, "とても長いチャットの行です。" * 8):
        lines = wrap_any(value, room, 14, max_lines=3)
        assert 1 <= len(lines) <= 3
        assert all(width(line, 14) <= room for line in lines)
        shown, whole = "".join("".join(lines).split()), "".join(value.split())  # the characters, spaces aside
        assert whole.startswith(shown.removesuffix("…")) and (shown.endswith("…") or shown == whole)
    assert wrap_any("short", 300, 14) == ["short"]


def test_every_line_drawn_on_the_table_falls_back_too_within_the_room_its_layout_measured():
    """Names typed on another computer show in seat panels, the log, the score pad: style.text draws them."""
    for value in ("李小龍 Ziyād", "Ziyād 👋🎉", "سلام Ann"):
        assert needs_fallback(value)  # a glyph DejaVu lacks, or a right-to-left word
        for size, bold, family in ((14, False, "sans"), (20, True, "serif")):
            img = text(value, size, (0, 0, 0), bold, family)
            assert 0 < img.get_width() <= font(size, bold, family).size(value)[0]
            for run in runs(value, family):
                assert all(drawn_by_a_font_that_has_it(ch, run.font) for ch in run.text)
    assert not needs_fallback("Zheng He · Étienne") and not needs_fallback("Œuvre — Ç")
