"""Wrapped text (the tutorial's coach, rules pages, card rules) is laid out once per text and box, and draws the
same as a layout made afresh."""

from __future__ import annotations

import pygame

from amul_table.sprites import style
from amul_table.sprites.style import draw_wrapped, font

NOTE = (
    "Pick a card from your hand and place it face down: it joins the offer. Spice+Camel+Gold sets break "
    "after their plus signs.\nA second paragraph starts on a new line."
)


def drawn(value: str, rect: pygame.Rect, size: int) -> tuple[bytes, int]:
    surface = pygame.Surface((rect.right + 4, rect.bottom + 4))
    used = draw_wrapped(surface, value, rect, size)
    return pygame.image.tobytes(surface, "RGB"), used


def test_a_box_draws_the_same_from_the_kept_layout_as_from_a_fresh_one_and_shrinks_to_fit():
    roomy, tight = pygame.Rect(2, 2, 300, 400), pygame.Rect(2, 2, 160, 60)
    for rect in (roomy, tight):
        style.wrapped_lines.cache_clear()
        fresh = drawn(NOTE, rect, 20)
        assert drawn(NOTE, rect, 20) == fresh  # from the kept layout
    size, lines = style.wrapped_lines(NOTE, tight.w, tight.h, 20, False, "sans", 7)
    assert size < 20 and len(lines) * font(size).get_linesize() <= tight.h
    assert all(font(size).size(line)[0] <= tight.w or " " not in line for line in lines)


def test_the_same_note_drawn_again_is_not_measured_again(monkeypatch):
    wraps = []
    real = style.wrap
    monkeypatch.setattr(style, "wrap", lambda *args: wraps.append(args) or real(*args))
    style.wrapped_lines.cache_clear()
    rect = pygame.Rect(0, 0, 240, 200)
    drawn(NOTE, rect, 18)
    assert wraps
    wraps.clear()
    drawn(NOTE, rect, 18)
    assert wraps == []
    drawn(NOTE, rect.inflate(-40, 0), 18)  # another width: laid out anew
    assert wraps
