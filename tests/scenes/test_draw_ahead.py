"""What a round change shows is drawn ahead or drawn cheaply, so that its frame mostly blits: the prompt's text
fitted without loading a font at every size, and (below) the cards, plates and texts a coming change will need
drawn ahead on frames with time to spare; what is drawn ahead is only what the viewer may see."""

from __future__ import annotations

import pygame
import pytest

from amul_table.sprites import style


def linear_size(value: str, max_width: int, size: int, bold: bool, family: str, min_size: int) -> int:
    """fit_text's size as it was found: one size down at a time from `size`."""
    while size > min_size and style.font(size, bold, family).size(value)[0] > max_width:
        size -= 1
    return size


@pytest.mark.parametrize("family", ["sans", "serif"])
@pytest.mark.parametrize("bold", [False, True])
def test_the_fitted_size_is_the_largest_that_fits_as_the_step_by_step_search_finds_it(bold, family):
    pygame.font.init()
    texts = ["Pick a card from the Market", "Choisissez une carte du Marché à prendre ou refusez l’effet", "W", ""]
    for value in texts:
        for max_width in (-5, 0, 10, 60, 150, 333, 720, 1400, 3000):
            for size, least in ((46, 12), (19, 7), (12, 12), (30, 29)):
                expected = linear_size(value, max_width, size, bold, family, least)
                assert style.fitting_size(value, max_width, size, bold, family, least) == expected


def test_fitting_a_long_line_loads_a_few_fonts_not_one_a_size():
    pygame.font.init()
    style.font.cache_clear()
    line = "Choisissez une carte du Bazar à prendre, ou refusez l’effet de votre carte révélée ce tour-ci"
    style.fitting_size(line, 700, 60, True, "sans", 12)
    assert style.font.cache_info().misses <= 4  # stepping down from 60 loaded over 20
